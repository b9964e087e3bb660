// simplify-static rule `outer-of-ones`: op(a %*% matrix(1, 1, k), R) -> outer(a, R, op) for
// a column a and a 1 x k row R (the product repeats a in k columns, each cell a[i] * 1
// exactly). Commutative ops match with the product on either side. Not when the fill is
// not 1, not when R is not a row (it then has the product's own shape), not when R's
// column count is not known to be k (a 1x1 R broadcasts to n x k, outer would give n x 1).

// RUN: amls-opt %s --split-input-file -p simplify-static --rewrite-trace 2>&1 | filecheck %s
// The output re-parses and a second run has nothing left to rewrite.
// RUN: amls-opt %s --split-input-file -p simplify-static | amls-opt --split-input-file -p simplify-static --rewrite-trace 2>&1 | filecheck %s --check-prefix=AGAIN
// AGAIN-NOT: rewrite:
// AGAIN-NOT: error

// CHECK:       rewrite: outer-of-ones at {{.*}}outer-of-ones.mlir:[[# @LINE + 15]]:3
// CHECK-NEXT:  rewrite: outer-of-ones at {{.*}}outer-of-ones.mlir:[[# @LINE + 15]]:3
// CHECK-NEXT:  rewrite: outer-of-ones at {{.*}}outer-of-ones.mlir:[[# @LINE + 15]]:3
// CHECK-NEXT:  rewrite-count: outer-of-ones 3
// CHECK-LABEL: func.func @fires(
// CHECK-NEXT:    %P = matrix.outer eq %a, %R : (!matrix.mat<?x1xf64>, !matrix.mat<1x3xf64>) -> !matrix.mat<?x3xf64>
// CHECK-NEXT:    %Q = matrix.outer mul %a, %R : (!matrix.mat<?x1xf64>, !matrix.mat<1x3xf64>) -> !matrix.mat<?x3xf64>
// CHECK-NEXT:    %S = matrix.outer sub %a, %R : (!matrix.mat<?x1xf64>, !matrix.mat<1x3xf64>) -> !matrix.mat<?x3xf64>
// CHECK-NEXT:    func.return %P, %Q, %S
func.func @fires(%a: !matrix.mat<?x1xf64>, %R: !matrix.mat<1x3xf64>) -> (!matrix.mat<?x3xf64>, !matrix.mat<?x3xf64>, !matrix.mat<?x3xf64>) {
  %one = arith.constant 1.0 : f64
  %c1 = arith.constant 1 : i64
  %k = arith.constant 3 : i64
  %F = matrix.fill %one, %c1, %k : (f64, i64, i64) -> !matrix.mat<1x3xf64>
  %A = matrix.matmul %a, %F : (!matrix.mat<?x1xf64>, !matrix.mat<1x3xf64>) -> !matrix.mat<?x3xf64>
  %P = matrix.eq %A, %R : (!matrix.mat<?x3xf64>, !matrix.mat<1x3xf64>) -> !matrix.mat<?x3xf64>
  %Q = matrix.mul %R, %A : (!matrix.mat<1x3xf64>, !matrix.mat<?x3xf64>) -> !matrix.mat<?x3xf64>
  %S = matrix.sub %A, %R : (!matrix.mat<?x3xf64>, !matrix.mat<1x3xf64>) -> !matrix.mat<?x3xf64>
  func.return %P, %Q, %S : !matrix.mat<?x3xf64>, !matrix.mat<?x3xf64>, !matrix.mat<?x3xf64>
}

// -----

// CHECK-LABEL: func.func @declines(
// CHECK-NOT:     matrix.outer
// CHECK:         func.return
func.func @declines(%a: !matrix.mat<4x1xf64>, %R: !matrix.mat<1x3xf64>, %M: !matrix.mat<4x3xf64>, %s: !matrix.mat<1x1xf64>, %U: !matrix.mat<1x?xf64>, %k: i64) -> (!matrix.mat<4x3xf64>, !matrix.mat<4x3xf64>, !matrix.mat<4x3xf64>, !matrix.mat<4x3xf64>, !matrix.mat<4x?xf64>) {
  %one = arith.constant 1.0 : f64
  %two = arith.constant 2.0 : f64
  %c1 = arith.constant 1 : i64
  %c3 = arith.constant 3 : i64
  %F = matrix.fill %one, %c1, %c3 : (f64, i64, i64) -> !matrix.mat<1x3xf64>
  %A = matrix.matmul %a, %F : (!matrix.mat<4x1xf64>, !matrix.mat<1x3xf64>) -> !matrix.mat<4x3xf64>
  // the fill is 2, not 1
  %F2 = matrix.fill %two, %c1, %c3 : (f64, i64, i64) -> !matrix.mat<1x3xf64>
  %A2 = matrix.matmul %a, %F2 : (!matrix.mat<4x1xf64>, !matrix.mat<1x3xf64>) -> !matrix.mat<4x3xf64>
  %x1 = matrix.eq %A2, %R : (!matrix.mat<4x3xf64>, !matrix.mat<1x3xf64>) -> !matrix.mat<4x3xf64>
  // the other operand is a whole matrix, not a row
  %x2 = matrix.eq %A, %M : !matrix.mat<4x3xf64>
  // a 1x1 matrix broadcasts to 4x3: outer would be 4x1
  %x3 = matrix.eq %A, %s : (!matrix.mat<4x3xf64>, !matrix.mat<1x1xf64>) -> !matrix.mat<4x3xf64>
  // not commutative: R - A is not outer(a, R, sub)
  %x4 = matrix.sub %R, %A : (!matrix.mat<1x3xf64>, !matrix.mat<4x3xf64>) -> !matrix.mat<4x3xf64>
  // the fill's and the row's column counts are not known to agree
  %Fk = matrix.fill %one, %c1, %k : (f64, i64, i64) -> !matrix.mat<1x?xf64>
  %Ak = matrix.matmul %a, %Fk : (!matrix.mat<4x1xf64>, !matrix.mat<1x?xf64>) -> !matrix.mat<4x?xf64>
  %x5 = matrix.eq %Ak, %U : (!matrix.mat<4x?xf64>, !matrix.mat<1x?xf64>) -> !matrix.mat<4x?xf64>
  func.return %x1, %x2, %x3, %x4, %x5 : !matrix.mat<4x3xf64>, !matrix.mat<4x3xf64>, !matrix.mat<4x3xf64>, !matrix.mat<4x3xf64>, !matrix.mat<4x?xf64>
}

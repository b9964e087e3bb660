// simplify-dynamic rule `scalar-mm`: X%*%y -> X*to_scalar(y) and y%*%X ->
// to_scalar(y)*X when y is 1x1 (and X is not). Not for 1x1 %*% 1x1, a `?x?`
// right operand, or an ordinary product.

// RUN: amls-opt %s --split-input-file -p simplify-dynamic --rewrite-trace 2>&1 | filecheck %s
// The output re-parses and a second run has nothing left to rewrite.
// RUN: amls-opt %s --split-input-file -p simplify-dynamic | amls-opt --split-input-file -p simplify-dynamic --rewrite-trace 2>&1 | filecheck %s --check-prefix=AGAIN
// AGAIN-NOT: rewrite:
// AGAIN-NOT: error

// 1x1 on the right.
// CHECK:       rewrite: scalar-mm at {{.*}}scalar-mm.mlir:{{[0-9]+}}:3
// CHECK-NEXT:  rewrite-count: scalar-mm 1
// CHECK-LABEL: func.func @right(
// CHECK-NEXT:    %[[S:.*]] = matrix.to_scalar %y : (!matrix.mat<1x1xf64>) -> f64
// CHECK-NEXT:    %P = matrix.mul %X, %[[S]] : (!matrix.mat<10x1xf64>, f64) -> !matrix.mat<10x1xf64>
// CHECK-NEXT:    func.return %P
func.func @right(%X: !matrix.mat<10x1xf64>, %y: !matrix.mat<1x1xf64>) -> !matrix.mat<10x1xf64> {
  %P = matrix.matmul %X, %y : (!matrix.mat<10x1xf64>, !matrix.mat<1x1xf64>) -> !matrix.mat<10x1xf64>
  func.return %P : !matrix.mat<10x1xf64>
}

// -----

// 1x1 on the left.
// CHECK:       rewrite: scalar-mm at {{.*}}scalar-mm.mlir:{{[0-9]+}}:3
// CHECK-NEXT:  rewrite-count: scalar-mm 1
// CHECK-LABEL: func.func @left(
// CHECK-NEXT:    %[[S:.*]] = matrix.to_scalar %y : (!matrix.mat<1x1xf64>) -> f64
// CHECK-NEXT:    %P = matrix.mul %[[S]], %X : (f64, !matrix.mat<1x5xf64>) -> !matrix.mat<1x5xf64>
// CHECK-NEXT:    func.return %P
func.func @left(%X: !matrix.mat<1x5xf64>, %y: !matrix.mat<1x1xf64>) -> !matrix.mat<1x5xf64> {
  %P = matrix.matmul %y, %X : (!matrix.mat<1x1xf64>, !matrix.mat<1x5xf64>) -> !matrix.mat<1x5xf64>
  func.return %P : !matrix.mat<1x5xf64>
}

// -----

// CHECK-NOT:   rewrite:
// CHECK-LABEL: func.func @no(
// CHECK-NEXT:    %P = matrix.matmul %x, %y : !matrix.mat<1x1xf64>
// CHECK-NEXT:    %Q = matrix.matmul %X, %z :
// CHECK-NEXT:    %R = matrix.matmul %A, %B :
func.func @no(%x: !matrix.mat<1x1xf64>, %y: !matrix.mat<1x1xf64>, %X: !matrix.mat<10x?xf64>, %z: !matrix.mat<?x?xf64>, %A: !matrix.mat<10x3xf64>, %B: !matrix.mat<3x5xf64>) -> (!matrix.mat<1x1xf64>, !matrix.mat<10x?xf64>, !matrix.mat<10x5xf64>) {
  %P = matrix.matmul %x, %y : !matrix.mat<1x1xf64>
  %Q = matrix.matmul %X, %z : (!matrix.mat<10x?xf64>, !matrix.mat<?x?xf64>) -> !matrix.mat<10x?xf64>
  %R = matrix.matmul %A, %B : (!matrix.mat<10x3xf64>, !matrix.mat<3x5xf64>) -> !matrix.mat<10x5xf64>
  func.return %P, %Q, %R : !matrix.mat<1x1xf64>, !matrix.mat<10x?xf64>, !matrix.mat<10x5xf64>
}

// -----

// X%*%y is X*y only where X has one column: with X's width unknown the product is not
// provably conformable, and the rewrite would turn its shape error (X 5x3 at run time)
// into a 5x3 result. It stays a product (amls-run specialises it once X is loaded).
// CHECK-NOT:   rewrite:
// CHECK-LABEL: func.func @unproven(
// CHECK-NEXT:    %P = matrix.matmul %X, %y :
// CHECK-NEXT:    %Q = matrix.matmul %y, %W :
func.func @unproven(%X: !matrix.mat<10x?xf64>, %y: !matrix.mat<1x1xf64>, %W: !matrix.mat<?x7xf64>) -> (!matrix.mat<10x1xf64>, !matrix.mat<1x7xf64>) {
  %P = matrix.matmul %X, %y : (!matrix.mat<10x?xf64>, !matrix.mat<1x1xf64>) -> !matrix.mat<10x1xf64>
  %Q = matrix.matmul %y, %W : (!matrix.mat<1x1xf64>, !matrix.mat<?x7xf64>) -> !matrix.mat<1x7xf64>
  func.return %P, %Q : !matrix.mat<10x1xf64>, !matrix.mat<1x7xf64>
}

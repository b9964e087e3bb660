// simplify-dynamic rule `diag-mm`: diag(v)%*%Y -> v*Y for a column vector v, when
// Y is provably finite (the off-diagonal zeros meet Y: 0*Inf is NaN). Here Y is
// a seeded rand. Not when Y is a function argument (could hold Inf), not for
// diag of a square matrix (a vector, not a diagonal matrix), nor diag of `?x?`.

// RUN: amls-opt %s --split-input-file -p simplify-dynamic --rewrite-trace 2>&1 | filecheck %s
// The output re-parses and a second run has nothing left to rewrite.
// RUN: amls-opt %s --split-input-file -p simplify-dynamic | amls-opt --split-input-file -p simplify-dynamic --rewrite-trace 2>&1 | filecheck %s --check-prefix=AGAIN
// AGAIN-NOT: rewrite:
// AGAIN-NOT: error

// CHECK:       rewrite: diag-mm at {{.*}}diag-mm.mlir:{{[0-9]+}}:3
// CHECK-NEXT:  rewrite-count: diag-mm 1
// CHECK-LABEL: func.func @dv(
// CHECK:         %Y = matrix.rand
// CHECK-NOT:     matrix.diag
// CHECK-NEXT:    %P = matrix.mul %v, %Y : (!matrix.mat<5x1xf64>, !matrix.mat<5x3xf64>) -> !matrix.mat<5x3xf64>
// CHECK-NEXT:    func.return %P
func.func @dv(%v: !matrix.mat<5x1xf64>) -> !matrix.mat<5x3xf64> {
  %c5 = arith.constant 5 : i64
  %c3 = arith.constant 3 : i64
  %Y = matrix.rand %c5, %c3 {seed = 1} : (i64, i64) -> !matrix.mat<5x3xf64>
  %D = matrix.diag %v : (!matrix.mat<5x1xf64>) -> !matrix.mat<5x5xf64>
  %P = matrix.matmul %D, %Y : (!matrix.mat<5x5xf64>, !matrix.mat<5x3xf64>) -> !matrix.mat<5x3xf64>
  func.return %P : !matrix.mat<5x3xf64>
}

// -----

// Y is a function argument: not provably finite.
// CHECK-NOT:   rewrite:
// CHECK-LABEL: func.func @not_finite(
// CHECK-NEXT:    %D = matrix.diag %v
// CHECK-NEXT:    %P = matrix.matmul %D, %Y
func.func @not_finite(%v: !matrix.mat<5x1xf64>, %Y: !matrix.mat<5x3xf64>) -> !matrix.mat<5x3xf64> {
  %D = matrix.diag %v : (!matrix.mat<5x1xf64>) -> !matrix.mat<5x5xf64>
  %P = matrix.matmul %D, %Y : (!matrix.mat<5x5xf64>, !matrix.mat<5x3xf64>) -> !matrix.mat<5x3xf64>
  func.return %P : !matrix.mat<5x3xf64>
}

// -----

// diag of a 5x5 matrix is its diagonal vector; diag of a `?x?` may be either.
// CHECK-NOT:   rewrite:
// CHECK-LABEL: func.func @not_vector(
// CHECK:         %P = matrix.matmul %d, %Y
// CHECK:         %Q = matrix.matmul %E, %Z
func.func @not_vector(%S: !matrix.mat<5x5xf64>, %u: !matrix.mat<?x?xf64>) -> (!matrix.mat<5x3xf64>, !matrix.mat<?x3xf64>) {
  %c1 = arith.constant 1 : i64
  %c3 = arith.constant 3 : i64
  %c5 = arith.constant 5 : i64
  %Y = matrix.rand %c1, %c3 {seed = 1} : (i64, i64) -> !matrix.mat<1x3xf64>
  %d = matrix.diag %S : (!matrix.mat<5x5xf64>) -> !matrix.mat<5x1xf64>
  %P = matrix.matmul %d, %Y : (!matrix.mat<5x1xf64>, !matrix.mat<1x3xf64>) -> !matrix.mat<5x3xf64>
  %Z = matrix.rand %c5, %c3 {seed = 2} : (i64, i64) -> !matrix.mat<5x3xf64>
  %E = matrix.diag %u : (!matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>
  %Q = matrix.matmul %E, %Z : (!matrix.mat<?x?xf64>, !matrix.mat<5x3xf64>) -> !matrix.mat<?x3xf64>
  func.return %P, %Q : !matrix.mat<5x3xf64>, !matrix.mat<?x3xf64>
}

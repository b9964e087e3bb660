// simplify-dynamic rule `diag-of-mm`: diag(X%*%Y) -> rowSums(X*t(Y)) when the
// result is a column vector (X%*%Y square, not 1x1). Not when X%*%Y is a vector
// (diag then builds a matrix), 1x1 (reorg-1x1's), or of unknown dims.

// RUN: amls-opt %s --split-input-file -p simplify-dynamic --rewrite-trace 2>&1 | filecheck %s
// The output re-parses and a second run has nothing left to rewrite.
// RUN: amls-opt %s --split-input-file -p simplify-dynamic | amls-opt --split-input-file -p simplify-dynamic --rewrite-trace 2>&1 | filecheck %s --check-prefix=AGAIN
// AGAIN-NOT: rewrite:
// AGAIN-NOT: error

// CHECK:       rewrite: diag-of-mm at {{.*}}diag-of-mm.mlir:{{[0-9]+}}:3
// CHECK-NEXT:  rewrite-count: diag-of-mm 1
// CHECK-LABEL: func.func @square(
// CHECK-NOT:     matrix.matmul
// CHECK:         %[[T:.*]] = matrix.transpose %Y : (!matrix.mat<3x5xf64>) -> !matrix.mat<5x3xf64>
// CHECK-NEXT:    %[[M:.*]] = matrix.mul %X, %[[T]] : !matrix.mat<5x3xf64>
// CHECK-NEXT:    %d = matrix.reduce sum row %[[M]] : (!matrix.mat<5x3xf64>) -> !matrix.mat<5x1xf64>
// CHECK-NEXT:    func.return %d
func.func @square(%X: !matrix.mat<5x3xf64>, %Y: !matrix.mat<3x5xf64>) -> !matrix.mat<5x1xf64> {
  %P = matrix.matmul %X, %Y : (!matrix.mat<5x3xf64>, !matrix.mat<3x5xf64>) -> !matrix.mat<5x5xf64>
  %d = matrix.diag %P : (!matrix.mat<5x5xf64>) -> !matrix.mat<5x1xf64>
  func.return %d : !matrix.mat<5x1xf64>
}

// -----

// diag of a 5x1 product (a diagonal matrix), of a 1x1 product (reorg-1x1 fires
// on it instead), and of a `?x?` product.
// CHECK-NOT:   rewrite: diag-of-mm
// CHECK:       rewrite: reorg-1x1 at
// CHECK-NEXT:  rewrite-count: reorg-1x1 1
// CHECK-LABEL: func.func @no(
// CHECK-NEXT:    %P = matrix.matmul %X, %w
// CHECK-NEXT:    %D = matrix.diag %P : (!matrix.mat<5x1xf64>) -> !matrix.mat<5x5xf64>
// CHECK-NEXT:    %Q = matrix.matmul %a, %b
// CHECK-NEXT:    %R = matrix.matmul %U, %V
// CHECK-NEXT:    %f = matrix.diag %R : !matrix.mat<?x?xf64>
// CHECK-NEXT:    func.return %D, %Q, %f
func.func @no(%X: !matrix.mat<5x3xf64>, %w: !matrix.mat<3x1xf64>, %a: !matrix.mat<1x3xf64>, %b: !matrix.mat<3x1xf64>, %U: !matrix.mat<?x3xf64>, %V: !matrix.mat<3x?xf64>) -> (!matrix.mat<5x5xf64>, !matrix.mat<1x1xf64>, !matrix.mat<?x?xf64>) {
  %P = matrix.matmul %X, %w : (!matrix.mat<5x3xf64>, !matrix.mat<3x1xf64>) -> !matrix.mat<5x1xf64>
  %D = matrix.diag %P : (!matrix.mat<5x1xf64>) -> !matrix.mat<5x5xf64>
  %Q = matrix.matmul %a, %b : (!matrix.mat<1x3xf64>, !matrix.mat<3x1xf64>) -> !matrix.mat<1x1xf64>
  %e = matrix.diag %Q : !matrix.mat<1x1xf64>
  %R = matrix.matmul %U, %V : (!matrix.mat<?x3xf64>, !matrix.mat<3x?xf64>) -> !matrix.mat<?x?xf64>
  %f = matrix.diag %R : !matrix.mat<?x?xf64>
  func.return %D, %e, %f : !matrix.mat<5x5xf64>, !matrix.mat<1x1xf64>, !matrix.mat<?x?xf64>
}

// -----

// Inner dims unknown: rowSums(X * t(Y)) broadcasts a column t(Y) where X%*%Y is a
// shape error, so the product is kept until it is provably conformable.
// CHECK-NOT:   rewrite:
// CHECK-LABEL: func.func @unproven(
// CHECK:         matrix.matmul %X, %Y :
func.func @unproven(%X: !matrix.mat<5x?xf64>, %Y: !matrix.mat<?x5xf64>) -> !matrix.mat<5x1xf64> {
  %P = matrix.matmul %X, %Y : (!matrix.mat<5x?xf64>, !matrix.mat<?x5xf64>) -> !matrix.mat<5x5xf64>
  %d = matrix.diag %P : (!matrix.mat<5x5xf64>) -> !matrix.mat<5x1xf64>
  func.return %d : !matrix.mat<5x1xf64>
}

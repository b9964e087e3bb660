// simplify-dynamic rule `rowsums-mv`: rowSums(X*u) -> X%*%t(u) for a row vector u
// with X's columns (and X not itself a row). Not for a column vector, not when X
// is a row too (rowagg-single-row applies), nor when u's columns are unknown.

// RUN: amls-opt %s --split-input-file -p simplify-dynamic --rewrite-trace 2>&1 | filecheck %s
// The output re-parses and a second run has nothing left to rewrite.
// RUN: amls-opt %s --split-input-file -p simplify-dynamic | amls-opt --split-input-file -p simplify-dynamic --rewrite-trace 2>&1 | filecheck %s --check-prefix=AGAIN
// AGAIN-NOT: rewrite:
// AGAIN-NOT: error

// CHECK:       rewrite: rowsums-mv at {{.*}}rowsums-mv.mlir:{{[0-9]+}}:3
// CHECK-NEXT:  rewrite-count: rowsums-mv 1
// CHECK-LABEL: func.func @xu(
// CHECK-NEXT:    %[[T:.*]] = matrix.transpose %u : (!matrix.mat<1x5xf64>) -> !matrix.mat<5x1xf64>
// CHECK-NEXT:    %S = matrix.matmul %X, %[[T]] : (!matrix.mat<10x5xf64>, !matrix.mat<5x1xf64>) -> !matrix.mat<10x1xf64>
// CHECK-NEXT:    func.return %S
func.func @xu(%X: !matrix.mat<10x5xf64>, %u: !matrix.mat<1x5xf64>) -> !matrix.mat<10x1xf64> {
  %P = matrix.mul %X, %u : (!matrix.mat<10x5xf64>, !matrix.mat<1x5xf64>) -> !matrix.mat<10x5xf64>
  %S = matrix.reduce sum row %P : (!matrix.mat<10x5xf64>) -> !matrix.mat<10x1xf64>
  func.return %S : !matrix.mat<10x1xf64>
}

// -----

// The other operand order, u*X.
// CHECK:       rewrite: rowsums-mv at {{.*}}rowsums-mv.mlir:{{[0-9]+}}:3
// CHECK-NEXT:  rewrite-count: rowsums-mv 1
// CHECK-LABEL: func.func @ux(
// CHECK-NEXT:    %[[T:.*]] = matrix.transpose %u : (!matrix.mat<1x5xf64>) -> !matrix.mat<5x1xf64>
// CHECK-NEXT:    %S = matrix.matmul %X, %[[T]] : (!matrix.mat<10x5xf64>, !matrix.mat<5x1xf64>) -> !matrix.mat<10x1xf64>
func.func @ux(%X: !matrix.mat<10x5xf64>, %u: !matrix.mat<1x5xf64>) -> !matrix.mat<10x1xf64> {
  %P = matrix.mul %u, %X : (!matrix.mat<1x5xf64>, !matrix.mat<10x5xf64>) -> !matrix.mat<10x5xf64>
  %S = matrix.reduce sum row %P : (!matrix.mat<10x5xf64>) -> !matrix.mat<10x1xf64>
  func.return %S : !matrix.mat<10x1xf64>
}

// -----

// A column vector: rowSums(X*v) = rowSums(X)*v.
// CHECK-NOT:   rewrite:
// CHECK-LABEL: func.func @col_vector(
// CHECK-NEXT:    %P = matrix.mul %X, %v
// CHECK-NEXT:    %S = matrix.reduce sum row %P
func.func @col_vector(%X: !matrix.mat<10x5xf64>, %v: !matrix.mat<10x1xf64>) -> !matrix.mat<10x1xf64> {
  %P = matrix.mul %X, %v : (!matrix.mat<10x5xf64>, !matrix.mat<10x1xf64>) -> !matrix.mat<10x5xf64>
  %S = matrix.reduce sum row %P : (!matrix.mat<10x5xf64>) -> !matrix.mat<10x1xf64>
  func.return %S : !matrix.mat<10x1xf64>
}

// -----

// Two row vectors: rowagg-single-row fires instead.
// CHECK-NOT:   rewrite: rowsums-mv
// CHECK:       rewrite: rowagg-single-row at
// CHECK-NEXT:  rewrite-count: rowagg-single-row 1
// CHECK-LABEL: func.func @two_rows(
// CHECK-NEXT:    %P = matrix.mul %w, %u
func.func @two_rows(%w: !matrix.mat<1x5xf64>, %u: !matrix.mat<1x5xf64>) -> !matrix.mat<1x1xf64> {
  %P = matrix.mul %w, %u : !matrix.mat<1x5xf64>
  %S = matrix.reduce sum row %P : (!matrix.mat<1x5xf64>) -> !matrix.mat<1x1xf64>
  func.return %S : !matrix.mat<1x1xf64>
}

// -----

// u's columns unknown (`1x?`).
// CHECK-NOT:   rewrite:
// CHECK-LABEL: func.func @unknown(
// CHECK-NEXT:    %P = matrix.mul %X, %u
// CHECK-NEXT:    %S = matrix.reduce sum row %P
func.func @unknown(%X: !matrix.mat<10x5xf64>, %u: !matrix.mat<1x?xf64>) -> !matrix.mat<10x1xf64> {
  %P = matrix.mul %X, %u : (!matrix.mat<10x5xf64>, !matrix.mat<1x?xf64>) -> !matrix.mat<10x5xf64>
  %S = matrix.reduce sum row %P : (!matrix.mat<10x5xf64>) -> !matrix.mat<10x1xf64>
  func.return %S : !matrix.mat<10x1xf64>
}

// simplify-dynamic rule `colsums-mv`: colSums(X*v) -> t(v)%*%X for a column vector
// v with X's rows (and X not itself a column). Not for a row vector u (that is
// rowsums-mv's shape), not when X is a column too (two vectors: other rules
// apply), not when v's rows are unknown, nor for a matrix-matrix product.

// RUN: amls-opt %s --split-input-file -p simplify-dynamic --rewrite-trace 2>&1 | filecheck %s
// The output re-parses and a second run has nothing left to rewrite.
// RUN: amls-opt %s --split-input-file -p simplify-dynamic | amls-opt --split-input-file -p simplify-dynamic --rewrite-trace 2>&1 | filecheck %s --check-prefix=AGAIN
// AGAIN-NOT: rewrite:
// AGAIN-NOT: error

// CHECK:       rewrite: colsums-mv at {{.*}}colsums-mv.mlir:{{[0-9]+}}:3
// CHECK-NEXT:  rewrite-count: colsums-mv 1
// CHECK-LABEL: func.func @xv(
// CHECK-NEXT:    %[[T:.*]] = matrix.transpose %v : (!matrix.mat<10x1xf64>) -> !matrix.mat<1x10xf64>
// CHECK-NEXT:    %S = matrix.matmul %[[T]], %X : (!matrix.mat<1x10xf64>, !matrix.mat<10x5xf64>) -> !matrix.mat<1x5xf64>
// CHECK-NEXT:    func.return %S
func.func @xv(%X: !matrix.mat<10x5xf64>, %v: !matrix.mat<10x1xf64>) -> !matrix.mat<1x5xf64> {
  %P = matrix.mul %X, %v : (!matrix.mat<10x5xf64>, !matrix.mat<10x1xf64>) -> !matrix.mat<10x5xf64>
  %S = matrix.reduce sum col %P : (!matrix.mat<10x5xf64>) -> !matrix.mat<1x5xf64>
  func.return %S : !matrix.mat<1x5xf64>
}

// -----

// The other operand order, v*X: the engine tries both bindings of the
// commutative mul, so the condition finds the vector.
// CHECK:       rewrite: colsums-mv at {{.*}}colsums-mv.mlir:{{[0-9]+}}:3
// CHECK-NEXT:  rewrite-count: colsums-mv 1
// CHECK-LABEL: func.func @vx(
// CHECK-NEXT:    %[[T:.*]] = matrix.transpose %v : (!matrix.mat<10x1xf64>) -> !matrix.mat<1x10xf64>
// CHECK-NEXT:    %S = matrix.matmul %[[T]], %X : (!matrix.mat<1x10xf64>, !matrix.mat<10x5xf64>) -> !matrix.mat<1x5xf64>
func.func @vx(%X: !matrix.mat<10x5xf64>, %v: !matrix.mat<10x1xf64>) -> !matrix.mat<1x5xf64> {
  %P = matrix.mul %v, %X : (!matrix.mat<10x1xf64>, !matrix.mat<10x5xf64>) -> !matrix.mat<10x5xf64>
  %S = matrix.reduce sum col %P : (!matrix.mat<10x5xf64>) -> !matrix.mat<1x5xf64>
  func.return %S : !matrix.mat<1x5xf64>
}

// -----

// A row vector: colSums(X*u) = colSums(X)*u, not a matrix-vector product.
// CHECK-NOT:   rewrite:
// CHECK-LABEL: func.func @row_vector(
// CHECK-NEXT:    %P = matrix.mul %X, %u
// CHECK-NEXT:    %S = matrix.reduce sum col %P
func.func @row_vector(%X: !matrix.mat<10x5xf64>, %u: !matrix.mat<1x5xf64>) -> !matrix.mat<1x5xf64> {
  %P = matrix.mul %X, %u : (!matrix.mat<10x5xf64>, !matrix.mat<1x5xf64>) -> !matrix.mat<10x5xf64>
  %S = matrix.reduce sum col %P : (!matrix.mat<10x5xf64>) -> !matrix.mat<1x5xf64>
  func.return %S : !matrix.mat<1x5xf64>
}

// -----

// Two column vectors: colagg-single-col, then dot-product-sum, not colsums-mv.
// CHECK-NOT:   rewrite: colsums-mv
// CHECK:       rewrite: colagg-single-col at
// CHECK-NEXT:  rewrite: dot-product-sum at
// CHECK-NOT:   rewrite: colsums-mv
// CHECK-LABEL: func.func @two_vectors(
func.func @two_vectors(%w: !matrix.mat<10x1xf64>, %v: !matrix.mat<10x1xf64>) -> !matrix.mat<1x1xf64> {
  %P = matrix.mul %w, %v : !matrix.mat<10x1xf64>
  %S = matrix.reduce sum col %P : (!matrix.mat<10x1xf64>) -> !matrix.mat<1x1xf64>
  func.return %S : !matrix.mat<1x1xf64>
}

// -----

// v's rows unknown (`?x1`); a matrix-matrix element-wise product.
// CHECK-NOT:   rewrite:
// CHECK-LABEL: func.func @unknown(
// CHECK-NEXT:    %P = matrix.mul %X, %v
// CHECK-NEXT:    %S = matrix.reduce sum col %P
// CHECK-NEXT:    %Q = matrix.mul %X, %M
// CHECK-NEXT:    %T = matrix.reduce sum col %Q
func.func @unknown(%X: !matrix.mat<10x5xf64>, %v: !matrix.mat<?x1xf64>, %M: !matrix.mat<10x5xf64>) -> (!matrix.mat<1x5xf64>, !matrix.mat<1x5xf64>) {
  %P = matrix.mul %X, %v : (!matrix.mat<10x5xf64>, !matrix.mat<?x1xf64>) -> !matrix.mat<10x5xf64>
  %S = matrix.reduce sum col %P : (!matrix.mat<10x5xf64>) -> !matrix.mat<1x5xf64>
  %Q = matrix.mul %X, %M : !matrix.mat<10x5xf64>
  %T = matrix.reduce sum col %Q : (!matrix.mat<10x5xf64>) -> !matrix.mat<1x5xf64>
  func.return %S, %T : !matrix.mat<1x5xf64>, !matrix.mat<1x5xf64>
}

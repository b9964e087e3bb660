// simplify-dynamic rule `nrow-ncol-literal`: nrow(X), ncol(X), nnz(X) -> an i64
// constant when the type of X states that fact; an unknown fact (`?`, or no
// nnz) leaves the op in place.

// RUN: amls-opt %s --split-input-file -p simplify-dynamic --rewrite-trace 2>&1 | filecheck %s
// RUN: amls-opt %s --split-input-file -p simplify-dynamic | amls-opt --split-input-file -p simplify-dynamic --rewrite-trace 2>&1 | filecheck %s --check-prefix=AGAIN
// AGAIN-NOT: rewrite:
// AGAIN-NOT: error

// All three facts known: three literals.
// CHECK:       rewrite: nrow-ncol-literal at {{.*}}nrow-ncol-literal.mlir:{{[0-9]+}}:3
// CHECK-NEXT:  rewrite: nrow-ncol-literal at
// CHECK-NEXT:  rewrite: nrow-ncol-literal at
// CHECK-NEXT:  rewrite-count: nrow-ncol-literal 3
// CHECK-LABEL: func.func @known(
// CHECK-NEXT:    %r = arith.constant 10 : i64
// CHECK-NEXT:    %c = arith.constant 3 : i64
// CHECK-NEXT:    %n = arith.constant 7 : i64
// CHECK-NEXT:    func.return %r, %c, %n : i64, i64, i64
func.func @known(%X: !matrix.mat<10x3xf64, nnz=7>) -> (i64, i64, i64) {
  %r = matrix.nrow %X : (!matrix.mat<10x3xf64, nnz=7>) -> i64
  %c = matrix.ncol %X : (!matrix.mat<10x3xf64, nnz=7>) -> i64
  %n = matrix.nnz %X : (!matrix.mat<10x3xf64, nnz=7>) -> i64
  func.return %r, %c, %n : i64, i64, i64
}

// -----

// Rows unknown, nnz unknown: only ncol becomes a literal.
// CHECK:       rewrite: nrow-ncol-literal at
// CHECK-NEXT:  rewrite-count: nrow-ncol-literal 1
// CHECK-LABEL: func.func @partial(
// CHECK-NEXT:    %r = matrix.nrow %X : (!matrix.mat<?x3xf64>) -> i64
// CHECK-NEXT:    %c = arith.constant 3 : i64
// CHECK-NEXT:    %n = matrix.nnz %X : (!matrix.mat<?x3xf64>) -> i64
func.func @partial(%X: !matrix.mat<?x3xf64>) -> (i64, i64, i64) {
  %r = matrix.nrow %X : (!matrix.mat<?x3xf64>) -> i64
  %c = matrix.ncol %X : (!matrix.mat<?x3xf64>) -> i64
  %n = matrix.nnz %X : (!matrix.mat<?x3xf64>) -> i64
  func.return %r, %c, %n : i64, i64, i64
}

// -----

// Nothing known: nothing fires.
// CHECK-NOT:   rewrite:
// CHECK-LABEL: func.func @unknown(
// CHECK-NEXT:    %r = matrix.nrow %X : (!matrix.mat<?x?xf64>) -> i64
// CHECK-NEXT:    %c = matrix.ncol %X : (!matrix.mat<?x?xf64>) -> i64
// CHECK-NEXT:    %n = matrix.nnz %X : (!matrix.mat<?x?xf64>) -> i64
func.func @unknown(%X: !matrix.mat<?x?xf64, nnz=?>) -> (i64, i64, i64) {
  %r = matrix.nrow %X : (!matrix.mat<?x?xf64, nnz=?>) -> i64
  %c = matrix.ncol %X : (!matrix.mat<?x?xf64, nnz=?>) -> i64
  %n = matrix.nnz %X : (!matrix.mat<?x?xf64, nnz=?>) -> i64
  func.return %r, %c, %n : i64, i64, i64
}

// -----

// An empty matrix: nnz is the literal 0, dims are literals too.
// CHECK:       rewrite: nrow-ncol-literal at
// CHECK-NEXT:  rewrite: nrow-ncol-literal at
// CHECK-NEXT:  rewrite-count: nrow-ncol-literal 2
// CHECK-LABEL: func.func @empty(
// CHECK-NEXT:    %r = arith.constant 4 : i64
// CHECK-NEXT:    %n = arith.constant 0 : i64
func.func @empty(%X: !matrix.mat<4x2xf64, nnz=0>) -> (i64, i64) {
  %r = matrix.nrow %X : (!matrix.mat<4x2xf64, nnz=0>) -> i64
  %n = matrix.nnz %X : (!matrix.mat<4x2xf64, nnz=0>) -> i64
  func.return %r, %n : i64, i64
}

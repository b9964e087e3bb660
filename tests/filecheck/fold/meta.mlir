// constant-fold on nrow/ncol/nnz: each becomes an i64 constant once the operand's
// type states the fact; `?` facts stay.

// RUN: amls-opt %s --split-input-file -p constant-fold | filecheck %s
// RUN: amls-opt %s --split-input-file -p constant-fold | amls-opt --split-input-file -p constant-fold | filecheck %s

// CHECK-LABEL: func.func @meta(
// CHECK-NEXT:    %r = arith.constant 10 : i64
// CHECK-NEXT:    %c = arith.constant 3 : i64
// CHECK-NEXT:    %n = arith.constant 7 : i64
// CHECK-NEXT:    %u = matrix.nrow %U : (!matrix.mat<?x4xf64>) -> i64
// CHECK-NEXT:    %v = arith.constant 4 : i64
// CHECK-NEXT:    %w = matrix.nnz %U : (!matrix.mat<?x4xf64>) -> i64
// CHECK-NEXT:    func.return %r, %c, %n, %u, %v, %w
func.func @meta(%X: !matrix.mat<10x3xf64, nnz=7>, %U: !matrix.mat<?x4xf64>) -> (i64, i64, i64, i64, i64, i64) {
  %r = matrix.nrow %X : (!matrix.mat<10x3xf64, nnz=7>) -> i64
  %c = matrix.ncol %X : (!matrix.mat<10x3xf64, nnz=7>) -> i64
  %n = matrix.nnz %X : (!matrix.mat<10x3xf64, nnz=7>) -> i64
  %u = matrix.nrow %U : (!matrix.mat<?x4xf64>) -> i64
  %v = matrix.ncol %U : (!matrix.mat<?x4xf64>) -> i64
  %w = matrix.nnz %U : (!matrix.mat<?x4xf64>) -> i64
  func.return %r, %c, %n, %u, %v, %w : i64, i64, i64, i64, i64, i64
}

// -----

// The folded dims feed scalar arithmetic, which folds too: nrow*ncol = 30.
// CHECK-LABEL: func.func @cells(
// CHECK-NEXT:    %cells = arith.constant 30 : i64
// CHECK-NEXT:    func.return %cells : i64
func.func @cells(%X: !matrix.mat<10x3xf64>) -> i64 {
  %r = matrix.nrow %X : (!matrix.mat<10x3xf64>) -> i64
  %c = matrix.ncol %X : (!matrix.mat<10x3xf64>) -> i64
  %cells = arith.muli %r, %c : i64
  func.return %cells : i64
}

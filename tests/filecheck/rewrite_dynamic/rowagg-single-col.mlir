// simplify-dynamic rule `rowagg-single-col`: rowSums/rowMeans/rowMins/rowMaxs(X)
// -> X when ncol(X) = 1. Not for rowSumSqs (x^2 is not x) nor argmax, nor when X
// has 2 columns or unknown columns.

// RUN: amls-opt %s --split-input-file -p simplify-dynamic --rewrite-trace 2>&1 | filecheck %s
// The output re-parses and a second run has nothing left to rewrite.
// RUN: amls-opt %s --split-input-file -p simplify-dynamic | amls-opt --split-input-file -p simplify-dynamic --rewrite-trace 2>&1 | filecheck %s --check-prefix=AGAIN
// AGAIN-NOT: rewrite:
// AGAIN-NOT: error

// CHECK:       rewrite: rowagg-single-col at {{.*}}rowagg-single-col.mlir:{{[0-9]+}}:3
// CHECK-NEXT:  rewrite: rowagg-single-col at
// CHECK-NEXT:  rewrite: rowagg-single-col at
// CHECK-NEXT:  rewrite: rowagg-single-col at
// CHECK-NEXT:  rewrite-count: rowagg-single-col 4
// CHECK-LABEL: func.func @col(
// CHECK-NEXT:    func.return %X, %X, %X, %X :
func.func @col(%X: !matrix.mat<10x1xf64>) -> (!matrix.mat<10x1xf64>, !matrix.mat<10x1xf64>, !matrix.mat<10x1xf64>, !matrix.mat<10x1xf64>) {
  %s = matrix.reduce sum row %X : !matrix.mat<10x1xf64>
  %m = matrix.reduce mean row %X : !matrix.mat<10x1xf64>
  %l = matrix.reduce min row %X : !matrix.mat<10x1xf64>
  %h = matrix.reduce max row %X : !matrix.mat<10x1xf64>
  func.return %s, %m, %l, %h : !matrix.mat<10x1xf64>, !matrix.mat<10x1xf64>, !matrix.mat<10x1xf64>, !matrix.mat<10x1xf64>
}

// -----

// CHECK-NOT:   rewrite:
// CHECK-LABEL: func.func @not_col(
// CHECK-NEXT:    %q = matrix.reduce sumsq row %X : !matrix.mat<10x1xf64>
// CHECK-NEXT:    %a = matrix.reduce argmax row %X : !matrix.mat<10x1xf64>
// CHECK-NEXT:    %s = matrix.reduce sum row %Y : (!matrix.mat<10x2xf64>) -> !matrix.mat<10x1xf64>
// CHECK-NEXT:    %u = matrix.reduce sum row %U : (!matrix.mat<10x?xf64>) -> !matrix.mat<10x1xf64>
func.func @not_col(%X: !matrix.mat<10x1xf64>, %Y: !matrix.mat<10x2xf64>, %U: !matrix.mat<10x?xf64>) -> (!matrix.mat<10x1xf64>, !matrix.mat<10x1xf64>, !matrix.mat<10x1xf64>, !matrix.mat<10x1xf64>) {
  %q = matrix.reduce sumsq row %X : !matrix.mat<10x1xf64>
  %a = matrix.reduce argmax row %X : !matrix.mat<10x1xf64>
  %s = matrix.reduce sum row %Y : (!matrix.mat<10x2xf64>) -> !matrix.mat<10x1xf64>
  %u = matrix.reduce sum row %U : (!matrix.mat<10x?xf64>) -> !matrix.mat<10x1xf64>
  func.return %q, %a, %s, %u : !matrix.mat<10x1xf64>, !matrix.mat<10x1xf64>, !matrix.mat<10x1xf64>, !matrix.mat<10x1xf64>
}

// simplify-dynamic rule `colagg-single-row`: colSums/colMeans/colMins/colMaxs(X)
// -> X when nrow(X) = 1. Not for colSumSqs (x^2 is not x) nor argmin/argmax, nor
// when X has 2 rows or unknown rows.

// RUN: amls-opt %s --split-input-file -p simplify-dynamic --rewrite-trace 2>&1 | filecheck %s
// The output re-parses and a second run has nothing left to rewrite.
// RUN: amls-opt %s --split-input-file -p simplify-dynamic | amls-opt --split-input-file -p simplify-dynamic --rewrite-trace 2>&1 | filecheck %s --check-prefix=AGAIN
// AGAIN-NOT: rewrite:
// AGAIN-NOT: error

// CHECK:       rewrite: colagg-single-row at {{.*}}colagg-single-row.mlir:{{[0-9]+}}:3
// CHECK-NEXT:  rewrite: colagg-single-row at
// CHECK-NEXT:  rewrite: colagg-single-row at
// CHECK-NEXT:  rewrite: colagg-single-row at
// CHECK-NEXT:  rewrite-count: colagg-single-row 4
// CHECK-LABEL: func.func @row(
// CHECK-NEXT:    func.return %X, %X, %X, %X :
func.func @row(%X: !matrix.mat<1x5xf64>) -> (!matrix.mat<1x5xf64>, !matrix.mat<1x5xf64>, !matrix.mat<1x5xf64>, !matrix.mat<1x5xf64>) {
  %s = matrix.reduce sum col %X : !matrix.mat<1x5xf64>
  %m = matrix.reduce mean col %X : !matrix.mat<1x5xf64>
  %l = matrix.reduce min col %X : !matrix.mat<1x5xf64>
  %h = matrix.reduce max col %X : !matrix.mat<1x5xf64>
  func.return %s, %m, %l, %h : !matrix.mat<1x5xf64>, !matrix.mat<1x5xf64>, !matrix.mat<1x5xf64>, !matrix.mat<1x5xf64>
}

// -----

// CHECK-NOT:   rewrite:
// CHECK-LABEL: func.func @not_row(
// CHECK-NEXT:    %q = matrix.reduce sumsq col %X : !matrix.mat<1x5xf64>
// CHECK-NEXT:    %a = matrix.reduce argmax col %X : !matrix.mat<1x5xf64>
// CHECK-NEXT:    %s = matrix.reduce sum col %Y : (!matrix.mat<2x5xf64>) -> !matrix.mat<1x5xf64>
// CHECK-NEXT:    %u = matrix.reduce sum col %U : (!matrix.mat<?x5xf64>) -> !matrix.mat<1x5xf64>
func.func @not_row(%X: !matrix.mat<1x5xf64>, %Y: !matrix.mat<2x5xf64>, %U: !matrix.mat<?x5xf64>) -> (!matrix.mat<1x5xf64>, !matrix.mat<1x5xf64>, !matrix.mat<1x5xf64>, !matrix.mat<1x5xf64>) {
  %q = matrix.reduce sumsq col %X : !matrix.mat<1x5xf64>
  %a = matrix.reduce argmax col %X : !matrix.mat<1x5xf64>
  %s = matrix.reduce sum col %Y : (!matrix.mat<2x5xf64>) -> !matrix.mat<1x5xf64>
  %u = matrix.reduce sum col %U : (!matrix.mat<?x5xf64>) -> !matrix.mat<1x5xf64>
  func.return %q, %a, %s, %u : !matrix.mat<1x5xf64>, !matrix.mat<1x5xf64>, !matrix.mat<1x5xf64>, !matrix.mat<1x5xf64>
}

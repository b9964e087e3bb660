// Rule cumagg-single-row (passes/rewrite/rules_dynamic.py): cumsum/cumprod/cummin/
// cummax(X) -> X when nrow(X) = 1 (SystemDS removeUnnecessaryCumulativeOp).
//
// RUN: amls-opt %s --split-input-file -p simplify-dynamic --rewrite-trace 2>&1 | filecheck %s --check-prefixes=CHECK,TRACE
// RUN: amls-opt %s --split-input-file -p simplify-dynamic | amls-opt --split-input-file -p simplify-dynamic --rewrite-trace 2>&1 | filecheck %s --check-prefix=AGAIN
// AGAIN-NOT: rewrite:
// AGAIN-NOT: error

// TRACE:       rewrite: cumagg-single-row at {{.*}}cumagg-single-row.mlir:[[# @LINE + 5]]:3
// TRACE:       rewrite: cumagg-single-row at {{.*}}cumagg-single-row.mlir:[[# @LINE + 5]]:3
// CHECK-LABEL: func.func @single_row(
// CHECK-NEXT:    func.return %X, %X :
func.func @single_row(%X: !matrix.mat<1x5xf64>) -> (!matrix.mat<1x5xf64>, !matrix.mat<1x5xf64>) {
  %a = matrix.cumagg sum %X : !matrix.mat<1x5xf64>
  %b = matrix.cumagg prod %X : !matrix.mat<1x5xf64>
  func.return %a, %b : !matrix.mat<1x5xf64>, !matrix.mat<1x5xf64>
}

// -----

// Two rows, or unknown rows: the cumulative aggregate stays.
// TRACE-NOT:   rewrite: cumagg-single-row
// CHECK-LABEL: func.func @not_single_row(
// CHECK-NEXT:    %a = matrix.cumagg min %X
// CHECK-NEXT:    %b = matrix.cumagg max %Y
func.func @not_single_row(%X: !matrix.mat<2x5xf64>, %Y: !matrix.mat<?x5xf64>) -> (!matrix.mat<2x5xf64>, !matrix.mat<?x5xf64>) {
  %a = matrix.cumagg min %X : !matrix.mat<2x5xf64>
  %b = matrix.cumagg max %Y : !matrix.mat<?x5xf64>
  func.return %a, %b : !matrix.mat<2x5xf64>, !matrix.mat<?x5xf64>
}

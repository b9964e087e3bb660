// Rule agg-of-agg (passes/rewrite/rules_static.py): sum(rowSums X), sum(colSums X) -> sum(X);
// min(rowMins X) -> min(X); max likewise; sum(rowSumSq X) -> sumsq(X) (row and col).
// Numbers before/after the rewrite: @num_agg_of_agg in numerics.mlir.
//
// RUN: amls-opt %s --split-input-file -p simplify-static --rewrite-trace 2>&1 | filecheck %s --check-prefixes=CHECK,TRACE
// RUN: amls-opt %s --split-input-file -p simplify-static | amls-opt --split-input-file | filecheck %s
// RUN: amls-opt %s --split-input-file -p simplify-static | amls-opt --split-input-file -p simplify-static --rewrite-trace 2>&1 | filecheck %s --check-prefix=AGAIN
// AGAIN-NOT: rewrite:
// AGAIN-NOT: error

// TRACE:       rewrite: agg-of-agg at {{.*}}agg-of-agg.mlir:[[# @LINE + 20]]:3
// TRACE:       rewrite: agg-of-agg at {{.*}}agg-of-agg.mlir:[[# @LINE + 21]]:3
// TRACE:       rewrite: agg-of-agg at {{.*}}agg-of-agg.mlir:[[# @LINE + 22]]:3
// TRACE:       rewrite: agg-of-agg at {{.*}}agg-of-agg.mlir:[[# @LINE + 23]]:3
// TRACE:       rewrite: agg-of-agg at {{.*}}agg-of-agg.mlir:[[# @LINE + 24]]:3
// TRACE:       rewrite: agg-of-agg at {{.*}}agg-of-agg.mlir:[[# @LINE + 25]]:3
// TRACE:       rewrite: agg-of-agg at {{.*}}agg-of-agg.mlir:[[# @LINE + 26]]:3
// TRACE:       rewrite: agg-of-agg at {{.*}}agg-of-agg.mlir:[[# @LINE + 27]]:3
// CHECK-LABEL: func.func @agg_agg(
// CHECK-NEXT:    %sum_sum_row = matrix.reduce sum all %X : (!matrix.mat<3x4xf64>) -> f64
// CHECK-NEXT:    %sum_sum_col = matrix.reduce sum all %X : (!matrix.mat<3x4xf64>) -> f64
// CHECK-NEXT:    %min_min_row = matrix.reduce min all %X : (!matrix.mat<3x4xf64>) -> f64
// CHECK-NEXT:    %min_min_col = matrix.reduce min all %X : (!matrix.mat<3x4xf64>) -> f64
// CHECK-NEXT:    %max_max_row = matrix.reduce max all %X : (!matrix.mat<3x4xf64>) -> f64
// CHECK-NEXT:    %max_max_col = matrix.reduce max all %X : (!matrix.mat<3x4xf64>) -> f64
// CHECK-NEXT:    %sum_sumsq_row = matrix.reduce sumsq all %X : (!matrix.mat<3x4xf64>) -> f64
// CHECK-NEXT:    %sum_sumsq_col = matrix.reduce sumsq all %X : (!matrix.mat<3x4xf64>) -> f64
// CHECK-NEXT:    func.return
func.func @agg_agg(%X: !matrix.mat<3x4xf64>) -> (f64, f64, f64, f64, f64, f64, f64, f64) {
  %i_sum_sum_row = matrix.reduce sum row %X : (!matrix.mat<3x4xf64>) -> !matrix.mat<3x1xf64>
  %sum_sum_row = matrix.reduce sum all %i_sum_sum_row : (!matrix.mat<3x1xf64>) -> f64
  %i_sum_sum_col = matrix.reduce sum col %X : (!matrix.mat<3x4xf64>) -> !matrix.mat<1x4xf64>
  %sum_sum_col = matrix.reduce sum all %i_sum_sum_col : (!matrix.mat<1x4xf64>) -> f64
  %i_min_min_row = matrix.reduce min row %X : (!matrix.mat<3x4xf64>) -> !matrix.mat<3x1xf64>
  %min_min_row = matrix.reduce min all %i_min_min_row : (!matrix.mat<3x1xf64>) -> f64
  %i_min_min_col = matrix.reduce min col %X : (!matrix.mat<3x4xf64>) -> !matrix.mat<1x4xf64>
  %min_min_col = matrix.reduce min all %i_min_min_col : (!matrix.mat<1x4xf64>) -> f64
  %i_max_max_row = matrix.reduce max row %X : (!matrix.mat<3x4xf64>) -> !matrix.mat<3x1xf64>
  %max_max_row = matrix.reduce max all %i_max_max_row : (!matrix.mat<3x1xf64>) -> f64
  %i_max_max_col = matrix.reduce max col %X : (!matrix.mat<3x4xf64>) -> !matrix.mat<1x4xf64>
  %max_max_col = matrix.reduce max all %i_max_max_col : (!matrix.mat<1x4xf64>) -> f64
  %i_sum_sumsq_row = matrix.reduce sumsq row %X : (!matrix.mat<3x4xf64>) -> !matrix.mat<3x1xf64>
  %sum_sumsq_row = matrix.reduce sum all %i_sum_sumsq_row : (!matrix.mat<3x1xf64>) -> f64
  %i_sum_sumsq_col = matrix.reduce sumsq col %X : (!matrix.mat<3x4xf64>) -> !matrix.mat<1x4xf64>
  %sum_sumsq_col = matrix.reduce sum all %i_sum_sumsq_col : (!matrix.mat<1x4xf64>) -> f64
  func.return %sum_sum_row, %sum_sum_col, %min_min_row, %min_min_col, %max_max_row, %max_max_col, %sum_sumsq_row, %sum_sumsq_col : f64, f64, f64, f64, f64, f64, f64, f64
}

// -----

// Mismatched pairs: min(rowMaxs), max(colMins), sum(rowMeans), mean(rowMeans),
// sumsq(rowSums), sum(colMins): no rewrite.
// TRACE-NOT:   rewrite: agg-of-agg
// CHECK-LABEL: func.func @mismatch(
// CHECK-NEXT:    %i0 = matrix.reduce max row %X
// CHECK-NEXT:    %r0 = matrix.reduce min all %i0
// CHECK-NEXT:    %i1 = matrix.reduce min col %X
// CHECK-NEXT:    %r1 = matrix.reduce max all %i1
// CHECK-NEXT:    %i2 = matrix.reduce mean row %X
// CHECK-NEXT:    %r2 = matrix.reduce sum all %i2
// CHECK-NEXT:    %r3 = matrix.reduce mean all %i2
// CHECK-NEXT:    %i4 = matrix.reduce sum row %X
// CHECK-NEXT:    %r4 = matrix.reduce sumsq all %i4
// CHECK-NEXT:    %i5 = matrix.reduce min col %X
// CHECK-NEXT:    %r5 = matrix.reduce sum all %i5
// CHECK-NEXT:    func.return
func.func @mismatch(%X: !matrix.mat<3x4xf64>) -> (f64, f64, f64, f64, f64, f64) {
  %i0 = matrix.reduce max row %X : (!matrix.mat<3x4xf64>) -> !matrix.mat<3x1xf64>
  %r0 = matrix.reduce min all %i0 : (!matrix.mat<3x1xf64>) -> f64
  %i1 = matrix.reduce min col %X : (!matrix.mat<3x4xf64>) -> !matrix.mat<1x4xf64>
  %r1 = matrix.reduce max all %i1 : (!matrix.mat<1x4xf64>) -> f64
  %i2 = matrix.reduce mean row %X : (!matrix.mat<3x4xf64>) -> !matrix.mat<3x1xf64>
  %r2 = matrix.reduce sum all %i2 : (!matrix.mat<3x1xf64>) -> f64
  %r3 = matrix.reduce mean all %i2 : (!matrix.mat<3x1xf64>) -> f64
  %i4 = matrix.reduce sum row %X : (!matrix.mat<3x4xf64>) -> !matrix.mat<3x1xf64>
  %r4 = matrix.reduce sumsq all %i4 : (!matrix.mat<3x1xf64>) -> f64
  %i5 = matrix.reduce min col %X : (!matrix.mat<3x4xf64>) -> !matrix.mat<1x4xf64>
  %r5 = matrix.reduce sum all %i5 : (!matrix.mat<1x4xf64>) -> f64
  func.return %r0, %r1, %r2, %r3, %r4, %r5 : f64, f64, f64, f64, f64, f64
}

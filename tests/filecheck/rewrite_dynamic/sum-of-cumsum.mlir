// Rule sum-of-cumsum (passes/rewrite/rules_dynamic.py): sum(cumsum(X)) and
// colSums(cumsum(X)) -> the same of X * seq(n, 1, -1), n = nrow(X) known >= 2 (SystemDS
// simplifyCumsumColOrFullAggregates); only where the result is provably finite (no
// partial sum overflows, so reassociating changes only rounding).
//
// RUN: amls-opt %s --split-input-file -p simplify-dynamic --rewrite-trace 2>&1 | filecheck %s --check-prefixes=CHECK,TRACE
// RUN: amls-opt %s --split-input-file -p simplify-dynamic | amls-opt --split-input-file -p simplify-dynamic --rewrite-trace 2>&1 | filecheck %s --check-prefix=AGAIN
// AGAIN-NOT: rewrite:
// AGAIN-NOT: error

// TRACE:       rewrite: sum-of-cumsum at {{.*}}sum-of-cumsum.mlir:[[# @LINE + 12]]:3
// CHECK-LABEL: func.func @sum_cumsum(
// CHECK-NOT:     matrix.cumagg
// CHECK:         %[[N:.*]] = arith.constant 3.000000e+00 : f64
// CHECK:         %[[W:.*]] = matrix.seq %[[N]],
// CHECK-NEXT:    %[[M:.*]] = matrix.mul %R, %[[W]]
// CHECK-NEXT:    %s = matrix.reduce sum all %[[M]]
func.func @sum_cumsum() -> f64 {
  %r = arith.constant 3 : i64
  %k = arith.constant 4 : i64
  %R = matrix.rand %r, %k {min = -1.0, max = 1.0, sparsity = 1.0, pdf = "uniform", seed = 7} : (i64, i64) -> !matrix.mat<3x4xf64>
  %c = matrix.cumagg sum %R : !matrix.mat<3x4xf64>
  %s = matrix.reduce sum all %c : (!matrix.mat<3x4xf64>) -> f64
  func.return %s : f64
}

// -----

// X an argument (may be Inf or overflow), cumprod, or a row aggregate: no rewrite.
// TRACE-NOT:   rewrite: sum-of-cumsum
// CHECK-LABEL: func.func @no_sum_cumsum(
// CHECK:         %c = matrix.cumagg sum %X
// CHECK-NEXT:    %s = matrix.reduce sum col %c
// CHECK:         %p = matrix.cumagg prod %R
// CHECK-NEXT:    %t = matrix.reduce sum all %p
// CHECK:         %q = matrix.cumagg sum %R
// CHECK-NEXT:    %u = matrix.reduce sum row %q
func.func @no_sum_cumsum(%X: !matrix.mat<3x4xf64>) -> (!matrix.mat<1x4xf64>, f64, !matrix.mat<3x1xf64>) {
  %c = matrix.cumagg sum %X : !matrix.mat<3x4xf64>
  %s = matrix.reduce sum col %c : (!matrix.mat<3x4xf64>) -> !matrix.mat<1x4xf64>
  %r = arith.constant 3 : i64
  %k = arith.constant 4 : i64
  %R = matrix.rand %r, %k {min = -1.0, max = 1.0, sparsity = 1.0, pdf = "uniform", seed = 7} : (i64, i64) -> !matrix.mat<3x4xf64>
  %p = matrix.cumagg prod %R : !matrix.mat<3x4xf64>
  %t = matrix.reduce sum all %p : (!matrix.mat<3x4xf64>) -> f64
  %q = matrix.cumagg sum %R : !matrix.mat<3x4xf64>
  %u = matrix.reduce sum row %q : (!matrix.mat<3x4xf64>) -> !matrix.mat<3x1xf64>
  func.return %s, %t, %u : !matrix.mat<1x4xf64>, f64, !matrix.mat<3x1xf64>
}

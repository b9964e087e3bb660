// Rule isnan-nan-free (passes/rewrite/rules_static.py): is.nan(X) -> zeros of X's
// shape where X provably holds no NaN (Inf is not NaN: only NaN-freedom is asked).
//
// RUN: amls-opt %s --split-input-file -p simplify-static --rewrite-trace 2>&1 | filecheck %s --check-prefixes=CHECK,TRACE
// RUN: amls-opt %s --split-input-file -p simplify-static | amls-opt --split-input-file | filecheck %s
// RUN: amls-opt %s --split-input-file -p simplify-static | amls-opt --split-input-file -p simplify-static --rewrite-trace 2>&1 | filecheck %s --check-prefix=AGAIN
// AGAIN-NOT: rewrite:
// AGAIN-NOT: error

// TRACE:       rewrite: isnan-nan-free at {{.*}}isnan-nan-free.mlir:[[# @LINE + 8]]:3
// CHECK-LABEL: func.func @isnan_nan_free(
// CHECK-NOT:     matrix.isnan
// CHECK:         %[[F:.*]] = matrix.fill
// CHECK:         func.return %[[F]]
func.func @isnan_nan_free(%X: !matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64> {
  %z = arith.constant 0.0 : f64
  %e = matrix.gt %X, %z : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
  %i = matrix.isnan %e : !matrix.mat<3x4xf64>
  func.return %i : !matrix.mat<3x4xf64>
}

// -----

// X itself (an argument) and X/Y (0/0 is NaN) may hold NaN.
// TRACE-NOT:   rewrite: isnan-nan-free
// CHECK-LABEL: func.func @no_isnan_nan_free(
// CHECK:         %i = matrix.isnan %X
// CHECK:         %j = matrix.isnan %d
func.func @no_isnan_nan_free(%X: !matrix.mat<3x4xf64>) -> (!matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>) {
  %i = matrix.isnan %X : !matrix.mat<3x4xf64>
  %z = arith.constant 0.0 : f64
  %e = matrix.gt %X, %z : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
  %d = matrix.div %e, %e : !matrix.mat<3x4xf64>
  %j = matrix.isnan %d : !matrix.mat<3x4xf64>
  func.return %i, %j : !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>
}

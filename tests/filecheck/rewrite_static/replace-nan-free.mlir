// Rule replace-nan-free (passes/rewrite/rules_static.py): replace(X, NaN, r) -> X
// where X provably holds no NaN (its value facts: here a seeded rand).
//
// RUN: amls-opt %s --split-input-file -p simplify-static --rewrite-trace 2>&1 | filecheck %s --check-prefixes=CHECK,TRACE
// RUN: amls-opt %s --split-input-file -p simplify-static | amls-opt --split-input-file | filecheck %s
// RUN: amls-opt %s --split-input-file -p simplify-static | amls-opt --split-input-file -p simplify-static --rewrite-trace 2>&1 | filecheck %s --check-prefix=AGAIN
// AGAIN-NOT: rewrite:
// AGAIN-NOT: error

// TRACE:       rewrite: replace-nan-free at {{.*}}replace-nan-free.mlir:[[# @LINE + 10]]:3
// CHECK-LABEL: func.func @replace_nan_free(
// CHECK-NOT:     matrix.replace
// CHECK:         func.return %R :
func.func @replace_nan_free() -> !matrix.mat<3x4xf64> {
  %r = arith.constant 3 : i64
  %k = arith.constant 4 : i64
  %nan = arith.constant 0x7FF8000000000000 : f64
  %c = arith.constant 1.0 : f64
  %R = matrix.rand %r, %k {min = -1.0, max = 1.0, sparsity = 1.0, pdf = "uniform", seed = 7} : (i64, i64) -> !matrix.mat<3x4xf64>
  %q = matrix.replace %R, %nan, %c : (!matrix.mat<3x4xf64>, f64, f64) -> !matrix.mat<3x4xf64>
  func.return %q : !matrix.mat<3x4xf64>
}

// -----

// An argument may hold NaN; a NaN-free X with another pattern: both stay.
// TRACE-NOT:   rewrite: replace-nan-free
// CHECK-LABEL: func.func @no_replace_nan_free(
// CHECK:         matrix.replace %X
// CHECK:         matrix.replace %R
func.func @no_replace_nan_free(%X: !matrix.mat<3x4xf64>) -> (!matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>) {
  %r = arith.constant 3 : i64
  %k = arith.constant 4 : i64
  %nan = arith.constant 0x7FF8000000000000 : f64
  %c = arith.constant 1.0 : f64
  %h = arith.constant 0.5 : f64
  %q = matrix.replace %X, %nan, %c : (!matrix.mat<3x4xf64>, f64, f64) -> !matrix.mat<3x4xf64>
  %R = matrix.rand %r, %k {min = -1.0, max = 1.0, sparsity = 1.0, pdf = "uniform", seed = 7} : (i64, i64) -> !matrix.mat<3x4xf64>
  %p = matrix.replace %R, %h, %c : (!matrix.mat<3x4xf64>, f64, f64) -> !matrix.mat<3x4xf64>
  func.return %q, %p : !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>
}

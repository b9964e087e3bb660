// An i64 where an f64 (or a matrix) is expected: the message says which value, which
// type it has and which the op expects, at the op; non-zero exit, no traceback.

// RUN: not amls-opt %s --split-input-file 2>&1 | filecheck %s --check-prefix=USE
// RUN: amls-opt %s --split-input-file --verify-diagnostics 2>&1 | filecheck %s

// USE:      {{.*}}opt_type_in_words.mlir:[[# @LINE + 6]]:19: error: %a has type i64, but is used here as f64
// USE-NEXT: %c = arith.addf %a, %b : f64
// USE-NEXT: ^^
// CHECK:    {{.*}}opt_type_in_words.mlir:[[# @LINE + 3]]:19: error: %a has type i64, but is used here as f64
func.func @use_as_f64(%b: f64) -> f64 {
  %a = arith.constant 1 : i64
  %c = arith.addf %a, %b : f64
  func.return %c : f64
}

// -----

// CHECK: {{.*}}opt_type_in_words.mlir:[[# @LINE + 2]]:3: error: arith.addf: type i64 is not allowed here (arith.addf expects a float, a vector or a tensor)
func.func @addf_on_i64(%a: i64) -> i64 {
  %c = arith.addf %a, %a : i64
  func.return %c : i64
}

// -----

// CHECK: {{.*}}opt_type_in_words.mlir:[[# @LINE + 3]]:3: error: matrix.fill: operand 'value' (#0) is i64, but matrix.fill expects f64 there
func.func @fill_i64() -> !matrix.mat<3x3xf64> {
  %a = arith.constant 1 : i64
  %c = matrix.fill %a, %a, %a : (i64, i64, i64) -> !matrix.mat<3x3xf64>
  func.return %c : !matrix.mat<3x3xf64>
}

// -----

// CHECK: {{.*}}opt_type_in_words.mlir:[[# @LINE + 3]]:3: error: matrix.mul: operand 'rhs' (#1) is i64, but matrix.mul expects a matrix or f64 there
func.func @mul_i64(%X: !matrix.mat<3x3xf64>) -> !matrix.mat<3x3xf64> {
  %a = arith.constant 1 : i64
  %c = matrix.mul %X, %a : (!matrix.mat<3x3xf64>, i64) -> !matrix.mat<3x3xf64>
  func.return %c : !matrix.mat<3x3xf64>
}

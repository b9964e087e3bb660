// Rule sub-zero (passes/rewrite/rules_static.py): X-0 -> X (scalar literal +0.0).
//
// RUN: amls-opt %s --split-input-file -p simplify-static --rewrite-trace 2>&1 | filecheck %s --check-prefixes=CHECK,TRACE
// RUN: amls-opt %s --split-input-file -p simplify-static | amls-opt --split-input-file | filecheck %s
// RUN: amls-opt %s --split-input-file -p simplify-static | amls-opt --split-input-file -p simplify-static --rewrite-trace 2>&1 | filecheck %s --check-prefix=AGAIN
// AGAIN-NOT: rewrite:
// AGAIN-NOT: error

// TRACE:       rewrite: sub-zero at {{.*}}sub-zero.mlir:[[# @LINE + 6]]:3
// CHECK-LABEL: func.func @x_minus_zero(
// CHECK-NOT:     matrix.sub
// CHECK:         func.return %X : !matrix.mat<3x4xf64>
func.func @x_minus_zero(%X: !matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64> {
  %z = arith.constant 0.0 : f64
  %r = matrix.sub %X, %z : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
  func.return %r : !matrix.mat<3x4xf64>
}

// -----

// 0-X is -X, not X; X-s with an unknown s is not X.
// TRACE-NOT:   rewrite: sub-zero
// CHECK-LABEL: func.func @not_sub_zero(
// CHECK:         %a = matrix.sub %z, %X : (f64, !matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64>
// CHECK-NEXT:    %b = matrix.sub %X, %s : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
// CHECK-NEXT:    func.return %a, %b
func.func @not_sub_zero(%X: !matrix.mat<3x4xf64>, %s: f64) -> (!matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>) {
  %z = arith.constant 0.0 : f64
  %a = matrix.sub %z, %X : (f64, !matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64>
  %b = matrix.sub %X, %s : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
  func.return %a, %b : !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>
}

// Rule div-one (passes/rewrite/rules_static.py): X/1 -> X (scalar literal 1.0).
//
// RUN: amls-opt %s --split-input-file -p simplify-static --rewrite-trace 2>&1 | filecheck %s --check-prefixes=CHECK,TRACE
// RUN: amls-opt %s --split-input-file -p simplify-static | amls-opt --split-input-file | filecheck %s
// RUN: amls-opt %s --split-input-file -p simplify-static | amls-opt --split-input-file -p simplify-static --rewrite-trace 2>&1 | filecheck %s --check-prefix=AGAIN
// AGAIN-NOT: rewrite:
// AGAIN-NOT: error

// TRACE:       rewrite: div-one at {{.*}}div-one.mlir:[[# @LINE + 6]]:3
// CHECK-LABEL: func.func @x_div_one(
// CHECK-NOT:     matrix.div
// CHECK:         func.return %X : !matrix.mat<3x4xf64>
func.func @x_div_one(%X: !matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64> {
  %one = arith.constant 1.0 : f64
  %r = matrix.div %X, %one : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
  func.return %r : !matrix.mat<3x4xf64>
}

// -----

// 1/X is a reciprocal, not X; X/2 and X/s are not X either.
// TRACE-NOT:   rewrite: div-one
// CHECK-LABEL: func.func @not_div_one(
// CHECK:         %a = matrix.div %one, %X : (f64, !matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64>
// CHECK:         %b = matrix.div %X, %two : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
// CHECK-NEXT:    %c = matrix.div %X, %s : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
// CHECK-NEXT:    func.return %a, %b, %c
func.func @not_div_one(%X: !matrix.mat<3x4xf64>, %s: f64) -> (!matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>) {
  %one = arith.constant 1.0 : f64
  %a = matrix.div %one, %X : (f64, !matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64>
  %two = arith.constant 2.0 : f64
  %b = matrix.div %X, %two : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
  %c = matrix.div %X, %s : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
  func.return %a, %b, %c : !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>
}

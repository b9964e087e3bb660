// Rule mul-self (passes/rewrite/rules_static.py): X*X -> X^2.
// Numbers before/after the rewrite: @num_mul_self in numerics.mlir.
//
// RUN: amls-opt %s --split-input-file -p simplify-static --rewrite-trace 2>&1 | filecheck %s --check-prefixes=CHECK,TRACE
// RUN: amls-opt %s --split-input-file -p simplify-static | amls-opt --split-input-file | filecheck %s
// RUN: amls-opt %s --split-input-file -p simplify-static | amls-opt --split-input-file -p simplify-static --rewrite-trace 2>&1 | filecheck %s --check-prefix=AGAIN
// AGAIN-NOT: rewrite:
// AGAIN-NOT: error

// TRACE:       rewrite: mul-self at {{.*}}mul-self.mlir:[[# @LINE + 7]]:3
// CHECK-LABEL: func.func @mul_self(
// CHECK-NOT:     matrix.mul
// CHECK:         %[[TWO:.*]] = arith.constant 2.000000e+00 : f64
// CHECK-NEXT:    %[[R:.*]] = matrix.pow %X, %[[TWO]] : (!matrix.mat<?x4xf64>, f64) -> !matrix.mat<?x4xf64>
// CHECK-NEXT:    func.return %[[R]]
func.func @mul_self(%X: !matrix.mat<?x4xf64>) -> !matrix.mat<?x4xf64> {
  %r = matrix.mul %X, %X : !matrix.mat<?x4xf64>
  func.return %r : !matrix.mat<?x4xf64>
}

// -----

// X*Y with Y another value: no rewrite.
// TRACE-NOT:   rewrite: mul-self
// CHECK-LABEL: func.func @mul_other(
// CHECK:         %r = matrix.mul %X, %Y : !matrix.mat<3x4xf64>
// CHECK-NEXT:    func.return %r
func.func @mul_other(%X: !matrix.mat<3x4xf64>, %Y: !matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64> {
  %r = matrix.mul %X, %Y : !matrix.mat<3x4xf64>
  func.return %r : !matrix.mat<3x4xf64>
}

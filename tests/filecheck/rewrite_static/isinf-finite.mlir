// Rule isinf-finite (passes/rewrite/rules_static.py): is.infinite(X) -> zeros of X's
// shape where X is provably finite (no NaN and no Inf: NaN-freedom alone is not enough,
// exp(X) of finite X may overflow to Inf).
//
// RUN: amls-opt %s --split-input-file -p simplify-static --rewrite-trace 2>&1 | filecheck %s --check-prefixes=CHECK,TRACE
// RUN: amls-opt %s --split-input-file -p simplify-static | amls-opt --split-input-file | filecheck %s
// RUN: amls-opt %s --split-input-file -p simplify-static | amls-opt --split-input-file -p simplify-static --rewrite-trace 2>&1 | filecheck %s --check-prefix=AGAIN
// AGAIN-NOT: rewrite:
// AGAIN-NOT: error

// A comparison is 0/1, tanh of a finite value is in [-1, 1].
// TRACE:       rewrite: isinf-finite at {{.*}}isinf-finite.mlir:[[# @LINE + 10]]:3
// TRACE-NEXT:  rewrite: isinf-finite at {{.*}}isinf-finite.mlir:[[# @LINE + 11]]:3
// CHECK-LABEL: func.func @isinf_finite(
// CHECK-NOT:     matrix.isinf
// CHECK:         %[[F:.*]] = matrix.fill
// CHECK:         %[[G:.*]] = matrix.fill
// CHECK:         func.return %[[F]], %[[G]]
func.func @isinf_finite(%X: !matrix.mat<3x4xf64>, %F: !matrix.mat<3x4xf64> {matrix.finite}) -> (!matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>) {
  %z = arith.constant 0.0 : f64
  %e = matrix.gt %X, %z : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
  %i = matrix.isinf %e : !matrix.mat<3x4xf64>
  %t = matrix.tanh %F : !matrix.mat<3x4xf64>
  %j = matrix.isinf %t : !matrix.mat<3x4xf64>
  func.return %i, %j : !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>
}

// -----

// X itself (an argument), exp(F) (finite F may overflow), e/e (0/0 is NaN, which is
// not Inf, but the rule asks finiteness) and sinh(F) (overflows) keep their test.
// TRACE-NOT:   rewrite: isinf-finite
// TRACE:       held-back: isinf-finite {{.*}} %X not provably finite (unknown)
// TRACE-NEXT:  held-back: isinf-finite {{.*}} %x not provably finite (no NaN)
// TRACE-NEXT:  held-back: isinf-finite {{.*}} %d not provably finite (unknown)
// TRACE-NEXT:  held-back: isinf-finite {{.*}} %s not provably finite (no NaN)
// TRACE-NOT:   rewrite: isinf-finite
// CHECK-LABEL: func.func @no_isinf_finite(
// CHECK:         %i = matrix.isinf %X
// CHECK:         %j = matrix.isinf %x
// CHECK:         %k = matrix.isinf %d
// CHECK:         %l = matrix.isinf %s
func.func @no_isinf_finite(%X: !matrix.mat<3x4xf64>, %F: !matrix.mat<3x4xf64> {matrix.finite}) -> (!matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>) {
  %i = matrix.isinf %X : !matrix.mat<3x4xf64>
  %x = matrix.exp %F : !matrix.mat<3x4xf64>
  %j = matrix.isinf %x : !matrix.mat<3x4xf64>
  %z = arith.constant 0.0 : f64
  %e = matrix.gt %X, %z : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
  %d = matrix.div %e, %e : !matrix.mat<3x4xf64>
  %k = matrix.isinf %d : !matrix.mat<3x4xf64>
  %s = matrix.sinh %F : !matrix.mat<3x4xf64>
  %l = matrix.isinf %s : !matrix.mat<3x4xf64>
  func.return %i, %j, %k, %l : !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>
}

// Rule sigmoid-fusion (passes/rewrite/rules_static.py): 1/(1+exp(-X)) -> sigmoid(X).
// Numbers before/after the rewrite: @num_sigmoid_fusion in numerics.mlir.
//
// RUN: amls-opt %s --split-input-file -p simplify-static --rewrite-trace 2>&1 | filecheck %s --check-prefixes=CHECK,TRACE
// RUN: amls-opt %s --split-input-file -p simplify-static | amls-opt --split-input-file | filecheck %s
// RUN: amls-opt %s --split-input-file -p simplify-static | amls-opt --split-input-file -p simplify-static --rewrite-trace 2>&1 | filecheck %s --check-prefix=AGAIN
// AGAIN-NOT: rewrite:
// AGAIN-NOT: error

// 1/(1+exp(-X)) and 1/(exp(-X)+1).
// TRACE:       rewrite: sigmoid-fusion at {{.*}}sigmoid-fusion.mlir:[[# @LINE + 12]]:3
// TRACE:       rewrite: sigmoid-fusion at {{.*}}sigmoid-fusion.mlir:[[# @LINE + 13]]:3
// CHECK-LABEL: func.func @sigmoid(
// CHECK-NOT:     matrix.exp
// CHECK:         %r0 = matrix.sigmoid %X : !matrix.mat<3x4xf64>
// CHECK-NEXT:    %r1 = matrix.sigmoid %X : !matrix.mat<3x4xf64>
// CHECK-NEXT:    func.return %r0, %r1
func.func @sigmoid(%X: !matrix.mat<3x4xf64>) -> (!matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>) {
  %one = arith.constant 1.0 : f64
  %n = matrix.neg %X : !matrix.mat<3x4xf64>
  %e = matrix.exp %n : !matrix.mat<3x4xf64>
  %d0 = matrix.add %one, %e : (f64, !matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64>
  %r0 = matrix.div %one, %d0 : (f64, !matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64>
  %d1 = matrix.add %e, %one : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
  %r1 = matrix.div %one, %d1 : (f64, !matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64>
  func.return %r0, %r1 : !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>
}

// -----

// Near misses: 2/(1+exp(-X)), 1/(1+exp(X)), 1/(2+exp(-X)), 1/(1+exp(0-X)).
// TRACE-NOT:   rewrite: sigmoid-fusion
// CHECK-LABEL: func.func @no_sigmoid(
// CHECK-NOT:     matrix.sigmoid
// CHECK:         %r0 = matrix.div %two, %d0
// CHECK:         %r1 = matrix.div %one, %d1
// CHECK:         %r2 = matrix.div %one, %d2
// CHECK:         %r3 = matrix.div %one, %d3
// CHECK-NEXT:    func.return %r0, %r1, %r2, %r3
func.func @no_sigmoid(%X: !matrix.mat<3x4xf64>) -> (!matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>) {
  %one = arith.constant 1.0 : f64
  %two = arith.constant 2.0 : f64
  %zero = arith.constant 0.0 : f64
  %n = matrix.neg %X : !matrix.mat<3x4xf64>
  %e = matrix.exp %n : !matrix.mat<3x4xf64>
  %d0 = matrix.add %one, %e : (f64, !matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64>
  %r0 = matrix.div %two, %d0 : (f64, !matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64>
  %ep = matrix.exp %X : !matrix.mat<3x4xf64>
  %d1 = matrix.add %one, %ep : (f64, !matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64>
  %r1 = matrix.div %one, %d1 : (f64, !matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64>
  %d2 = matrix.add %two, %e : (f64, !matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64>
  %r2 = matrix.div %one, %d2 : (f64, !matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64>
  %m = matrix.sub %zero, %X : (f64, !matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64>
  %em = matrix.exp %m : !matrix.mat<3x4xf64>
  %d3 = matrix.add %one, %em : (f64, !matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64>
  %r3 = matrix.div %one, %d3 : (f64, !matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64>
  func.return %r0, %r1, %r2, %r3 : !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>
}

// licm keeps results: a program whose loops hold invariant ops prints the same at
// -O0 (no passes) and -O2 (licm in the pipeline and the rewrite round), both when the
// loops run and when they run zero times; and an op that can fail (a singular solve)
// in a loop that runs zero times is not moved out of it, so -O2 does not fail where
// -O0 does not, while it still fails where -O0 fails.

// RUN: amls-run %s -O0 --arg n=3 > %t.o0
// RUN: amls-run %s -O2 --arg n=3 > %t.o2
// RUN: diff %t.o0 %t.o2
// RUN: filecheck %s --check-prefix=OUT < %t.o2
// RUN: amls-run %s -O0 --arg n=0 > %t.z0
// RUN: amls-run %s -O2 --arg n=0 > %t.z2
// RUN: diff %t.z0 %t.z2
// RUN: not amls-run %s -O0 --arg n=4 2>&1 | filecheck %s --check-prefix=ERR
// RUN: not amls-run %s -O2 --arg n=4 2>&1 | filecheck %s --check-prefix=ERR
// RUN: amls-opt %s -O2 | filecheck %s --check-prefix=PLAN

// OUT: result_0 : f64 =
// OUT: result_1 : !matrix.mat<60x1xf64> =
// OUT: result_2 : f64 =
// ERR: error: {{.*}}singular

// In the first loop t(A), t(A) %*% A and its trace are invariant: licm moves them
// out, the rewrite round turns the trace into sum(A^2) and (t(A) %*% A) %*% w into
// t(A) %*% (A %*% w), and operator selection fuses that with the moved t(A) into one
// mmchain per iteration (no transpose runs). The singular solve stays in the second
// loop (n - 3 trips) and in the while's body.
// PLAN-LABEL: func.func @main(
// PLAN-NOT:     phys.transpose
// PLAN:         %tr = phys.reduce local sumsq all %A
// PLAN-NEXT:    scf.for
// PLAN-NEXT:      phys.mmchain local xtxv %A, %wi
// PLAN-NOT:     phys.transpose
// PLAN:         scf.for
// PLAN-NEXT:      phys.solve local %S, %b
// PLAN:         scf.while
// PLAN:         } do {
// PLAN-NEXT:    ^bb0
// PLAN-NEXT:      phys.solve local %S, %b
func.func @main(%n: i64) -> (f64, !matrix.mat<60x1xf64>, f64) {
  %zero = arith.constant 0.0 : f64
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %c200 = arith.constant 200 : i64
  %c60 = arith.constant 60 : i64
  %ten = arith.constant 10.0 : f64
  %R = matrix.rand %c200, %c60 {seed = 3} : (i64, i64) -> !matrix.mat<200x60xf64>
  %R10 = matrix.mul %R, %ten : (!matrix.mat<200x60xf64>, f64) -> !matrix.mat<200x60xf64>
  %A = matrix.round %R10 : !matrix.mat<200x60xf64>
  %v0 = matrix.fill %zero, %c60, %c1 : (f64, i64, i64) -> !matrix.mat<60x1xf64>
  %S = matrix.constant {value = dense<[[1.0, 2.0], [2.0, 4.0]]> : tensor<2x2xf64>} : !matrix.mat<2x2xf64>
  %b = matrix.constant {value = dense<[[1.0], [2.0]]> : tensor<2x1xf64>} : !matrix.mat<2x1xf64>
  %c3 = arith.constant 3 : i64
  %one = arith.constant 1.0 : f64
  %acc, %w = scf.for %i = %c0 to %n step %c1 iter_args(%a = %zero, %wi = %v0) -> (f64, !matrix.mat<60x1xf64>) : i64 {
    %At = matrix.transpose %A : (!matrix.mat<200x60xf64>) -> !matrix.mat<60x200xf64>
    %G = matrix.matmul %At, %A : (!matrix.mat<60x200xf64>, !matrix.mat<200x60xf64>) -> !matrix.mat<60x60xf64>
    %tr = matrix.trace %G : (!matrix.mat<60x60xf64>) -> f64
    %Gw = matrix.matmul %G, %wi : (!matrix.mat<60x60xf64>, !matrix.mat<60x1xf64>) -> !matrix.mat<60x1xf64>
    %s = matrix.reduce sum all %Gw : (!matrix.mat<60x1xf64>) -> f64
    %a1 = arith.addf %a, %s : f64
    %a2 = arith.addf %a1, %tr : f64
    %w2 = matrix.add %wi, %one : (!matrix.mat<60x1xf64>, f64) -> !matrix.mat<60x1xf64>
    scf.yield %a2, %w2 : f64, !matrix.mat<60x1xf64>
  }
  %m = arith.subi %n, %c3 : i64
  %acc2 = scf.for %j = %c0 to %m step %c1 iter_args(%a = %acc) -> (f64) : i64 {
    %x = matrix.solve %S, %b : (!matrix.mat<2x2xf64>, !matrix.mat<2x1xf64>) -> !matrix.mat<2x1xf64>
    %sx = matrix.reduce sum all %x : (!matrix.mat<2x1xf64>) -> f64
    %a1 = arith.addf %a, %sx : f64
    scf.yield %a1 : f64
  }
  %mf = arith.sitofp %m : i64 to f64
  %r = scf.while (%y = %zero) : (f64) -> f64 {
    %go = arith.cmpf olt, %y, %mf : f64
    scf.condition(%go) %y : f64
  } do {
  ^bb0(%y: f64):
    %x = matrix.solve %S, %b : (!matrix.mat<2x2xf64>, !matrix.mat<2x1xf64>) -> !matrix.mat<2x1xf64>
    %sx = matrix.reduce sum all %x : (!matrix.mat<2x1xf64>) -> f64
    %y2 = arith.addf %y, %sx : f64
    scf.yield %y2 : f64
  }
  func.return %acc2, %w, %r : f64, !matrix.mat<60x1xf64>, f64
}

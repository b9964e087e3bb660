// Rule fill-scale (passes/rewrite/rules_static.py): fill(a, r, k) * s -> fill(a * s, r, k)
// and fill(a, r, k) / s -> fill(a / s, r, k) for a scalar s (fill(1, r, k) * s ->
// fill(s, r, k)): the same operation per cell, so exact, NaN and Inf included.
// Numbers before/after the rewrite: the fill-scale case of tests/unit/rewrite_cases.py.
//
// RUN: amls-opt %s --split-input-file -p simplify-static --rewrite-trace 2>&1 | filecheck %s --check-prefixes=CHECK,TRACE
// RUN: amls-opt %s --split-input-file -p simplify-static | amls-opt --split-input-file | filecheck %s
// RUN: amls-opt %s --split-input-file -p simplify-static | amls-opt --split-input-file -p simplify-static --rewrite-trace 2>&1 | filecheck %s --check-prefix=AGAIN
// AGAIN-NOT: rewrite:
// AGAIN-NOT: error

// fill * s, s * fill, fill / s, and a fill of ones times s.
// TRACE:       rewrite: fill-scale at {{.*}}fill-scale.mlir:[[# @LINE + 19]]:3
// TRACE:       rewrite: fill-scale at {{.*}}fill-scale.mlir:[[# @LINE + 19]]:3
// TRACE:       rewrite: fill-scale at {{.*}}fill-scale.mlir:[[# @LINE + 19]]:3
// TRACE:       rewrite: fill-scale at {{.*}}fill-scale.mlir:[[# @LINE + 19]]:3
// CHECK-LABEL: func.func @scale(
// CHECK-NOT:     matrix.mul
// CHECK-NOT:     matrix.div
// CHECK-DAG:     %[[AS:.*]] = arith.mulf %a, %s : f64
// CHECK-DAG:     %[[SA:.*]] = arith.mulf %a, %s : f64
// CHECK-DAG:     %[[AD:.*]] = arith.divf %a, %s : f64
// CHECK-DAG:     matrix.fill %[[AS]], %r, %k : (f64, i64, i64) -> !matrix.mat<3x4xf64>
// CHECK-DAG:     matrix.fill %[[AD]], %r, %k : (f64, i64, i64) -> !matrix.mat<3x4xf64>
// CHECK-DAG:     matrix.fill %s, %r, %k : (f64, i64, i64) -> !matrix.mat<3x4xf64>
func.func @scale(%a: f64, %s: f64) -> (!matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>) {
  %r = arith.constant 3 : i64
  %k = arith.constant 4 : i64
  %one = arith.constant 1.0 : f64
  %F = matrix.fill %a, %r, %k : (f64, i64, i64) -> !matrix.mat<3x4xf64>
  %E = matrix.fill %one, %r, %k : (f64, i64, i64) -> !matrix.mat<3x4xf64>
  %m0 = matrix.mul %F, %s : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
  %m1 = matrix.mul %s, %F : (f64, !matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64>
  %d0 = matrix.div %F, %s : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
  %e0 = matrix.mul %E, %s : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
  func.return %m0, %m1, %d0, %e0 : !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>
}

// -----

// s / fill (not a fill of one value over s), fill + s, fill - s, fill times a matrix
// (fill-to-scalar's case, not this one), a rand times s: no rewrite.
// TRACE-NOT:   rewrite: fill-scale
// CHECK-LABEL: func.func @no_scale(
// CHECK:         %x0 = matrix.div %s, %F
// CHECK-NEXT:    %x1 = matrix.add %F, %s
// CHECK-NEXT:    %x2 = matrix.sub %F, %s
// CHECK-NEXT:    %x3 = matrix.mul %F, %X
// CHECK-NEXT:    %x4 = matrix.mul %R, %s
func.func @no_scale(%a: f64, %s: f64, %X: !matrix.mat<3x1xf64>) -> (!matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>) {
  %r = arith.constant 3 : i64
  %k = arith.constant 4 : i64
  %F = matrix.fill %a, %r, %k : (f64, i64, i64) -> !matrix.mat<3x4xf64>
  %R = matrix.rand %r, %k {pdf = "normal"} : (i64, i64) -> !matrix.mat<3x4xf64>
  %x0 = matrix.div %s, %F : (f64, !matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64>
  %x1 = matrix.add %F, %s : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
  %x2 = matrix.sub %F, %s : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
  %x3 = matrix.mul %F, %X : (!matrix.mat<3x4xf64>, !matrix.mat<3x1xf64>) -> !matrix.mat<3x4xf64>
  %x4 = matrix.mul %R, %s : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
  func.return %x0, %x1, %x2, %x3, %x4 : !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>
}

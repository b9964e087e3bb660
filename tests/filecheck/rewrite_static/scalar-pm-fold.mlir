// Rule scalar-pm-fold (passes/rewrite/rules_static.py): (a ± X) + b -> (a+b) ± X and
// (a ± X) - b -> (a-b) ± X, a and b f64 scalars (reassociation allowed by docs/numerics.md).
// Numbers before/after the rewrite: @num_scalar_pm_fold in numerics.mlir.
//
// RUN: amls-opt %s --split-input-file -p simplify-static --rewrite-trace 2>&1 | filecheck %s --check-prefixes=CHECK,TRACE
// RUN: amls-opt %s --split-input-file -p simplify-static | amls-opt --split-input-file | filecheck %s
// RUN: amls-opt %s --split-input-file -p simplify-static | amls-opt --split-input-file -p simplify-static --rewrite-trace 2>&1 | filecheck %s --check-prefix=AGAIN
// AGAIN-NOT: rewrite:
// AGAIN-NOT: error

// (a + X) + b, (X + a) + b, b + (a + X).
// TRACE:       rewrite: scalar-pm-fold at {{.*}}scalar-pm-fold.mlir:[[# @LINE + 13]]:3
// TRACE:       rewrite: scalar-pm-fold at {{.*}}scalar-pm-fold.mlir:[[# @LINE + 14]]:3
// TRACE:       rewrite: scalar-pm-fold at {{.*}}scalar-pm-fold.mlir:[[# @LINE + 15]]:3
// CHECK-LABEL: func.func @add_add(
// CHECK-NEXT:    %[[S0:.*]] = arith.addf %a, %b : f64
// CHECK-NEXT:    %r0 = matrix.add %[[S0]], %X : (f64, !matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64>
// CHECK-NEXT:    %[[S1:.*]] = arith.addf %a, %b : f64
// CHECK-NEXT:    %r1 = matrix.add %[[S1]], %X : (f64, !matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64>
// CHECK-NEXT:    %[[S2:.*]] = arith.addf %a, %b : f64
// CHECK-NEXT:    %r2 = matrix.add %[[S2]], %X : (f64, !matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64>
// CHECK-NEXT:    func.return %r0, %r1, %r2
func.func @add_add(%X: !matrix.mat<3x4xf64>, %a: f64, %b: f64) -> (!matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>) {
  %i0 = matrix.add %a, %X : (f64, !matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64>
  %r0 = matrix.add %i0, %b : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
  %i1 = matrix.add %X, %a : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
  %r1 = matrix.add %i1, %b : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
  %i2 = matrix.add %a, %X : (f64, !matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64>
  %r2 = matrix.add %b, %i2 : (f64, !matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64>
  func.return %r0, %r1, %r2 : !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>
}

// -----

// (a - X) + b, b + (a - X).
// TRACE:       rewrite: scalar-pm-fold at {{.*}}scalar-pm-fold.mlir:[[# @LINE + 10]]:3
// TRACE:       rewrite: scalar-pm-fold at {{.*}}scalar-pm-fold.mlir:[[# @LINE + 11]]:3
// CHECK-LABEL: func.func @sub_add(
// CHECK-NEXT:    %[[S0:.*]] = arith.addf %a, %b : f64
// CHECK-NEXT:    %r0 = matrix.sub %[[S0]], %X : (f64, !matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>
// CHECK-NEXT:    %[[S1:.*]] = arith.addf %a, %b : f64
// CHECK-NEXT:    %r1 = matrix.sub %[[S1]], %X : (f64, !matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>
// CHECK-NEXT:    func.return %r0, %r1
func.func @sub_add(%X: !matrix.mat<?x?xf64>, %a: f64, %b: f64) -> (!matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>) {
  %i0 = matrix.sub %a, %X : (f64, !matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>
  %r0 = matrix.add %i0, %b : (!matrix.mat<?x?xf64>, f64) -> !matrix.mat<?x?xf64>
  %i1 = matrix.sub %a, %X : (f64, !matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>
  %r1 = matrix.add %b, %i1 : (f64, !matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>
  func.return %r0, %r1 : !matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>
}

// -----

// (a + X) - b, (X + a) - b, (a - X) - b.
// TRACE:       rewrite: scalar-pm-fold at {{.*}}scalar-pm-fold.mlir:[[# @LINE + 13]]:3
// TRACE:       rewrite: scalar-pm-fold at {{.*}}scalar-pm-fold.mlir:[[# @LINE + 14]]:3
// TRACE:       rewrite: scalar-pm-fold at {{.*}}scalar-pm-fold.mlir:[[# @LINE + 15]]:3
// CHECK-LABEL: func.func @minus_b(
// CHECK-NEXT:    %[[S0:.*]] = arith.subf %a, %b : f64
// CHECK-NEXT:    %r0 = matrix.add %[[S0]], %X : (f64, !matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64>
// CHECK-NEXT:    %[[S1:.*]] = arith.subf %a, %b : f64
// CHECK-NEXT:    %r1 = matrix.add %[[S1]], %X : (f64, !matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64>
// CHECK-NEXT:    %[[S2:.*]] = arith.subf %a, %b : f64
// CHECK-NEXT:    %r2 = matrix.sub %[[S2]], %X : (f64, !matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64>
// CHECK-NEXT:    func.return %r0, %r1, %r2
func.func @minus_b(%X: !matrix.mat<3x4xf64>, %a: f64, %b: f64) -> (!matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>) {
  %i0 = matrix.add %a, %X : (f64, !matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64>
  %r0 = matrix.sub %i0, %b : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
  %i1 = matrix.add %X, %a : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
  %r1 = matrix.sub %i1, %b : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
  %i2 = matrix.sub %a, %X : (f64, !matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64>
  %r2 = matrix.sub %i2, %b : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
  func.return %r0, %r1, %r2 : !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>
}

// -----

// Not in the rule: (X - a) + b, b - (a + X), and a matrix in place of a scalar
// ((a + X) + Y, (Y + X) + b).
// TRACE-NOT:   rewrite: scalar-pm-fold
// CHECK-LABEL: func.func @no_fold(
// CHECK-NEXT:    %i0 = matrix.sub %X, %a
// CHECK-NEXT:    %r0 = matrix.add %i0, %b
// CHECK-NEXT:    %i1 = matrix.add %a, %X
// CHECK-NEXT:    %r1 = matrix.sub %b, %i1
// CHECK-NEXT:    %i2 = matrix.add %a, %X
// CHECK-NEXT:    %r2 = matrix.add %i2, %Y
// CHECK-NEXT:    %i3 = matrix.add %Y, %X
// CHECK-NEXT:    %r3 = matrix.add %i3, %b
// CHECK-NEXT:    func.return %r0, %r1, %r2, %r3
func.func @no_fold(%X: !matrix.mat<3x4xf64>, %Y: !matrix.mat<3x4xf64>, %a: f64, %b: f64) -> (!matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>) {
  %i0 = matrix.sub %X, %a : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
  %r0 = matrix.add %i0, %b : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
  %i1 = matrix.add %a, %X : (f64, !matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64>
  %r1 = matrix.sub %b, %i1 : (f64, !matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64>
  %i2 = matrix.add %a, %X : (f64, !matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64>
  %r2 = matrix.add %i2, %Y : !matrix.mat<3x4xf64>
  %i3 = matrix.add %Y, %X : !matrix.mat<3x4xf64>
  %r3 = matrix.add %i3, %b : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
  func.return %r0, %r1, %r2, %r3 : !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>
}

// Rule sum-scalar-mult (passes/rewrite/rules_static.py): sum(s*X) -> s*sum(X),
// rowSums(s*X) -> s*rowSums(X), colSums(s*X) -> s*colSums(X), s a finite f64 constant.
// Numbers before/after the rewrite: @num_sum_scalar_mult in numerics.mlir.
//
// RUN: amls-opt %s --split-input-file -p simplify-static --rewrite-trace 2>&1 | filecheck %s --check-prefixes=CHECK,TRACE
// RUN: amls-opt %s --split-input-file -p simplify-static | amls-opt --split-input-file | filecheck %s
// RUN: amls-opt %s --split-input-file -p simplify-static | amls-opt --split-input-file -p simplify-static --rewrite-trace 2>&1 | filecheck %s --check-prefix=AGAIN
// AGAIN-NOT: rewrite:
// AGAIN-NOT: error

// sum(2*X), sum(X*2), rowSums(2.5*X), colSums(X*-3).
// TRACE:       rewrite: sum-scalar-mult at {{.*}}sum-scalar-mult.mlir:[[# @LINE + 20]]:3
// TRACE:       rewrite: sum-scalar-mult at {{.*}}sum-scalar-mult.mlir:[[# @LINE + 21]]:3
// TRACE:       rewrite: sum-scalar-mult at {{.*}}sum-scalar-mult.mlir:[[# @LINE + 22]]:3
// TRACE:       rewrite: sum-scalar-mult at {{.*}}sum-scalar-mult.mlir:[[# @LINE + 23]]:3
// CHECK-LABEL: func.func @sum_scalar_mult(
// CHECK-NOT:     matrix.mul
// CHECK:         %[[S0:.*]] = matrix.reduce sum all %X : (!matrix.mat<3x4xf64>) -> f64
// CHECK-NEXT:    %a = arith.mulf %two, %[[S0]] : f64
// CHECK-NEXT:    %[[S1:.*]] = matrix.reduce sum all %X : (!matrix.mat<3x4xf64>) -> f64
// CHECK-NEXT:    %b = arith.mulf %two, %[[S1]] : f64
// CHECK-NEXT:    %[[S2:.*]] = matrix.reduce sum row %X : (!matrix.mat<3x4xf64>) -> !matrix.mat<3x1xf64>
// CHECK-NEXT:    %c = matrix.mul %h, %[[S2]] : (f64, !matrix.mat<3x1xf64>) -> !matrix.mat<3x1xf64>
// CHECK-NEXT:    %[[S3:.*]] = matrix.reduce sum col %X : (!matrix.mat<3x4xf64>) -> !matrix.mat<1x4xf64>
// CHECK-NEXT:    %d = matrix.mul %m, %[[S3]] : (f64, !matrix.mat<1x4xf64>) -> !matrix.mat<1x4xf64>
// CHECK-NEXT:    func.return %a, %b, %c, %d
func.func @sum_scalar_mult(%X: !matrix.mat<3x4xf64>) -> (f64, f64, !matrix.mat<3x1xf64>, !matrix.mat<1x4xf64>) {
  %two = arith.constant 2.0 : f64
  %h = arith.constant 2.5 : f64
  %m = arith.constant -3.0 : f64
  %p0 = matrix.mul %two, %X : (f64, !matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64>
  %a = matrix.reduce sum all %p0 : (!matrix.mat<3x4xf64>) -> f64
  %p1 = matrix.mul %X, %two : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
  %b = matrix.reduce sum all %p1 : (!matrix.mat<3x4xf64>) -> f64
  %p2 = matrix.mul %h, %X : (f64, !matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64>
  %c = matrix.reduce sum row %p2 : (!matrix.mat<3x4xf64>) -> !matrix.mat<3x1xf64>
  %p3 = matrix.mul %X, %m : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
  %d = matrix.reduce sum col %p3 : (!matrix.mat<3x4xf64>) -> !matrix.mat<1x4xf64>
  func.return %a, %b, %c, %d : f64, f64, !matrix.mat<3x1xf64>, !matrix.mat<1x4xf64>
}

// -----

// s not a constant (a function argument), not finite (+inf), or a matrix (1x1
// or the element-wise product of two matrices); other aggregates (mean, sumsq)
// are not in the rule.
// TRACE-NOT:   rewrite: sum-scalar-mult
// CHECK-LABEL: func.func @no_sum_scalar_mult(
// CHECK:         %p0 = matrix.mul %s, %X
// CHECK-NEXT:    %a = matrix.reduce sum all %p0
// CHECK:         %p1 = matrix.mul %X, %inf
// CHECK-NEXT:    %b = matrix.reduce sum row %p1
// CHECK:         %p2 = matrix.mul %X, %F
// CHECK-NEXT:    %c = matrix.reduce sum col %p2
// CHECK-NEXT:    %p3 = matrix.mul %X, %Y
// CHECK-NEXT:    %d = matrix.reduce sum all %p3
// CHECK:         %p4 = matrix.mul %two, %X
// CHECK-NEXT:    %e = matrix.reduce mean all %p4
// CHECK-NEXT:    %f = matrix.reduce sumsq row %p4
// CHECK-NEXT:    func.return
func.func @no_sum_scalar_mult(%X: !matrix.mat<3x4xf64>, %Y: !matrix.mat<3x4xf64>, %s: f64) -> (f64, !matrix.mat<3x1xf64>, !matrix.mat<1x4xf64>, f64, f64, !matrix.mat<3x1xf64>) {
  %p0 = matrix.mul %s, %X : (f64, !matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64>
  %a = matrix.reduce sum all %p0 : (!matrix.mat<3x4xf64>) -> f64
  %inf = arith.constant 0x7FF0000000000000 : f64
  %p1 = matrix.mul %X, %inf : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
  %b = matrix.reduce sum row %p1 : (!matrix.mat<3x4xf64>) -> !matrix.mat<3x1xf64>
  %one = arith.constant 1 : i64
  %two = arith.constant 2.0 : f64
  %F = matrix.fill %two, %one, %one : (f64, i64, i64) -> !matrix.mat<1x1xf64>
  %p2 = matrix.mul %X, %F : (!matrix.mat<3x4xf64>, !matrix.mat<1x1xf64>) -> !matrix.mat<3x4xf64>
  %c = matrix.reduce sum col %p2 : (!matrix.mat<3x4xf64>) -> !matrix.mat<1x4xf64>
  %p3 = matrix.mul %X, %Y : !matrix.mat<3x4xf64>
  %d = matrix.reduce sum all %p3 : (!matrix.mat<3x4xf64>) -> f64
  %p4 = matrix.mul %two, %X : (f64, !matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64>
  %e = matrix.reduce mean all %p4 : (!matrix.mat<3x4xf64>) -> f64
  %f = matrix.reduce sumsq row %p4 : (!matrix.mat<3x4xf64>) -> !matrix.mat<3x1xf64>
  func.return %a, %b, %c, %d, %e, %f : f64, !matrix.mat<3x1xf64>, !matrix.mat<1x4xf64>, f64, f64, !matrix.mat<3x1xf64>
}

// -----

// A constant beyond X's cell count scales each cell past where the licence lets
// overflow move: sum(1e300 * X) with X = [1e10, -1e10] is NaN, 1e300 * sum(X) is 0.
// The rule then needs X's bound: with |x| <= 1 stated it fires, without it it is held
// back, naming the fact (for 1x1 X, |s| <= 1 only).
// TRACE:       rewrite: sum-scalar-mult at {{.*}}sum-scalar-mult.mlir:[[# @LINE + 15]]:3
// TRACE:       held-back: sum-scalar-mult at {{.*}}sum-scalar-mult.mlir:[[# @LINE + 16]]:3: %X times 1e+300 may overflow
// TRACE:       held-back: sum-scalar-mult at {{.*}}sum-scalar-mult.mlir:[[# @LINE + 17]]:3: %U times 2.0 may overflow
// TRACE-NOT:   rewrite: sum-scalar-mult
// CHECK-LABEL: func.func @large_scale(
// CHECK:         %[[S:.*]] = matrix.reduce sum all %B
// CHECK-NEXT:    %a = arith.mulf %big, %[[S]] : f64
// CHECK-NEXT:    %p1 = matrix.mul %big, %X
// CHECK-NEXT:    %b = matrix.reduce sum all %p1
// CHECK-NEXT:    %p2 = matrix.mul %two, %U
// CHECK-NEXT:    %c = matrix.reduce sum all %p2
func.func @large_scale(%B: !matrix.mat<?x?xf64> {matrix.absmax = 1.0 : f64}, %X: !matrix.mat<3x4xf64>, %U: !matrix.mat<1x1xf64>) -> (f64, f64, f64) {
  %big = arith.constant 1.0e300 : f64
  %two = arith.constant 2.0 : f64
  %p0 = matrix.mul %big, %B : (f64, !matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>
  %a = matrix.reduce sum all %p0 : (!matrix.mat<?x?xf64>) -> f64
  %p1 = matrix.mul %big, %X : (f64, !matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64>
  %b = matrix.reduce sum all %p1 : (!matrix.mat<3x4xf64>) -> f64
  %p2 = matrix.mul %two, %U : (f64, !matrix.mat<1x1xf64>) -> !matrix.mat<1x1xf64>
  %c = matrix.reduce sum all %p2 : (!matrix.mat<1x1xf64>) -> f64
  func.return %a, %b, %c : f64, f64, f64
}

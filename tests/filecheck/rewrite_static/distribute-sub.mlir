// Rule distribute-sub (passes/rewrite/rules_static.py): X - Y*X -> (1-Y)*X and
// Y*X - X -> (Y-1)*X (the products in either order), X and Y matrices (Y may
// broadcast); Y is a matrix pattern variable, so a scalar Y does not match.
// The rule needs a finite X (with X = Inf, Y = 0, X - Y*X is NaN but (1-Y)*X is
// Inf), so X is a rand here.
// Numbers before/after the rewrite: @num_distribute_sub in numerics.mlir.
//
// RUN: amls-opt %s --split-input-file -p simplify-static --rewrite-trace 2>&1 | filecheck %s --check-prefixes=CHECK,TRACE
// RUN: amls-opt %s --split-input-file -p simplify-static | amls-opt --split-input-file | filecheck %s
// RUN: amls-opt %s --split-input-file -p simplify-static | amls-opt --split-input-file -p simplify-static --rewrite-trace 2>&1 | filecheck %s --check-prefix=AGAIN
// AGAIN-NOT: rewrite:
// AGAIN-NOT: error

// X - Y*X, X - X*Y.
// TRACE:       rewrite: distribute-sub at {{.*}}distribute-sub.mlir:[[# @LINE + 16]]:3
// TRACE:       rewrite: distribute-sub at {{.*}}distribute-sub.mlir:[[# @LINE + 17]]:3
// CHECK-LABEL: func.func @x_minus_yx(
// CHECK:         %X = matrix.rand
// CHECK-NEXT:    %[[ONE:.*]] = arith.constant 1.000000e+00 : f64
// CHECK-NEXT:    %[[D:.*]] = matrix.sub %[[ONE]], %Y : (f64, !matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64>
// CHECK-NEXT:    %a = matrix.mul %[[D]], %X : !matrix.mat<3x4xf64>
// CHECK-NEXT:    %[[ONE2:.*]] = arith.constant 1.000000e+00 : f64
// CHECK-NEXT:    %[[D2:.*]] = matrix.sub %[[ONE2]], %Y : (f64, !matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64>
// CHECK-NEXT:    %b = matrix.mul %[[D2]], %X : !matrix.mat<3x4xf64>
// CHECK-NEXT:    func.return %a, %b
func.func @x_minus_yx(%Y: !matrix.mat<3x4xf64>) -> (!matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>) {
  %r = arith.constant 3 : i64
  %k = arith.constant 4 : i64
  %X = matrix.rand %r, %k : (i64, i64) -> !matrix.mat<3x4xf64>
  %p = matrix.mul %Y, %X : !matrix.mat<3x4xf64>
  %a = matrix.sub %X, %p : !matrix.mat<3x4xf64>
  %q = matrix.mul %X, %Y : !matrix.mat<3x4xf64>
  %b = matrix.sub %X, %q : !matrix.mat<3x4xf64>
  func.return %a, %b : !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>
}

// -----

// Y*X - X and X*Y - X, Y a broadcast row vector.
// TRACE:       rewrite: distribute-sub at {{.*}}distribute-sub.mlir:[[# @LINE + 16]]:3
// TRACE:       rewrite: distribute-sub at {{.*}}distribute-sub.mlir:[[# @LINE + 17]]:3
// CHECK-LABEL: func.func @yx_minus_x(
// CHECK:         %X = matrix.rand
// CHECK-NEXT:    %[[ONE:.*]] = arith.constant 1.000000e+00 : f64
// CHECK-NEXT:    %[[D:.*]] = matrix.sub %Y, %[[ONE]] : (!matrix.mat<1x4xf64>, f64) -> !matrix.mat<1x4xf64>
// CHECK-NEXT:    %a = matrix.mul %[[D]], %X : (!matrix.mat<1x4xf64>, !matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64>
// CHECK-NEXT:    %[[ONE2:.*]] = arith.constant 1.000000e+00 : f64
// CHECK-NEXT:    %[[D2:.*]] = matrix.sub %Y, %[[ONE2]] : (!matrix.mat<1x4xf64>, f64) -> !matrix.mat<1x4xf64>
// CHECK-NEXT:    %b = matrix.mul %[[D2]], %X : (!matrix.mat<1x4xf64>, !matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64>
// CHECK-NEXT:    func.return %a, %b
func.func @yx_minus_x(%Y: !matrix.mat<1x4xf64>) -> (!matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>) {
  %r = arith.constant 3 : i64
  %k = arith.constant 4 : i64
  %X = matrix.rand %r, %k : (i64, i64) -> !matrix.mat<3x4xf64>
  %p = matrix.mul %Y, %X : (!matrix.mat<1x4xf64>, !matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64>
  %a = matrix.sub %p, %X : !matrix.mat<3x4xf64>
  %q = matrix.mul %X, %Y : (!matrix.mat<3x4xf64>, !matrix.mat<1x4xf64>) -> !matrix.mat<3x4xf64>
  %b = matrix.sub %q, %X : !matrix.mat<3x4xf64>
  func.return %a, %b : !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>
}

// -----

// X a scalar (s - Y*s), or no shared factor (X - Y*Z): no rewrite.
// TRACE-NOT:   rewrite: distribute-sub
// CHECK-LABEL: func.func @no_distribute_sub(
// CHECK:         %p = matrix.mul %Y, %s : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
// CHECK-NEXT:    %a = matrix.sub %s, %p : (f64, !matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64>
// CHECK-NEXT:    %q = matrix.mul %Y, %Z : !matrix.mat<3x4xf64>
// CHECK-NEXT:    %b = matrix.sub %X, %q : !matrix.mat<3x4xf64>
// CHECK-NEXT:    func.return %a, %b
func.func @no_distribute_sub(%X: !matrix.mat<3x4xf64>, %Y: !matrix.mat<3x4xf64>, %Z: !matrix.mat<3x4xf64>, %s: f64) -> (!matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>) {
  %p = matrix.mul %Y, %s : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
  %a = matrix.sub %s, %p : (f64, !matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64>
  %q = matrix.mul %Y, %Z : !matrix.mat<3x4xf64>
  %b = matrix.sub %X, %q : !matrix.mat<3x4xf64>
  func.return %a, %b : !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>
}

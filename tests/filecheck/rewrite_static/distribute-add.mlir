// Rule distribute-add (passes/rewrite/rules_static.py): X + Y*X -> (1+Y)*X; the add and the
// mul match in both operand orders, so Y*X + X, X + X*Y and X*Y + X too. X and Y
// are matrix pattern variables (a scalar Y does not match), and the rule needs a
// finite X (with X = Inf, Y = 0 the rewrite would turn NaN into Inf), so X is a rand.
// Numbers before/after the rewrite: @num_distribute_add in numerics.mlir.
//
// RUN: amls-opt %s --split-input-file -p simplify-static --rewrite-trace 2>&1 | filecheck %s --check-prefixes=CHECK,TRACE
// RUN: amls-opt %s --split-input-file -p simplify-static | amls-opt --split-input-file | filecheck %s
// RUN: amls-opt %s --split-input-file -p simplify-static | amls-opt --split-input-file -p simplify-static --rewrite-trace 2>&1 | filecheck %s --check-prefix=AGAIN
// AGAIN-NOT: rewrite:
// AGAIN-NOT: error

// TRACE:       rewrite: distribute-add at {{.*}}distribute-add.mlir:[[# @LINE + 24]]:3
// TRACE:       rewrite: distribute-add at {{.*}}distribute-add.mlir:[[# @LINE + 25]]:3
// TRACE:       rewrite: distribute-add at {{.*}}distribute-add.mlir:[[# @LINE + 26]]:3
// TRACE:       rewrite: distribute-add at {{.*}}distribute-add.mlir:[[# @LINE + 27]]:3
// CHECK-LABEL: func.func @distribute_add(
// CHECK:         %X = matrix.rand
// CHECK-NEXT:    %[[ONE0:.*]] = arith.constant 1.000000e+00 : f64
// CHECK-NEXT:    %[[D0:.*]] = matrix.add %[[ONE0]], %Y : (f64, !matrix.mat<1x4xf64>) -> !matrix.mat<1x4xf64>
// CHECK-NEXT:    %a = matrix.mul %[[D0]], %X : (!matrix.mat<1x4xf64>, !matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64>
// CHECK-NEXT:    %[[ONE1:.*]] = arith.constant 1.000000e+00 : f64
// CHECK-NEXT:    %[[D1:.*]] = matrix.add %[[ONE1]], %Y : (f64, !matrix.mat<1x4xf64>) -> !matrix.mat<1x4xf64>
// CHECK-NEXT:    %b = matrix.mul %[[D1]], %X : (!matrix.mat<1x4xf64>, !matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64>
// CHECK-NEXT:    %[[ONE2:.*]] = arith.constant 1.000000e+00 : f64
// CHECK-NEXT:    %[[D2:.*]] = matrix.add %[[ONE2]], %Y : (f64, !matrix.mat<1x4xf64>) -> !matrix.mat<1x4xf64>
// CHECK-NEXT:    %c = matrix.mul %[[D2]], %X : (!matrix.mat<1x4xf64>, !matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64>
// CHECK-NEXT:    %[[ONE3:.*]] = arith.constant 1.000000e+00 : f64
// CHECK-NEXT:    %[[D3:.*]] = matrix.add %[[ONE3]], %Y : (f64, !matrix.mat<1x4xf64>) -> !matrix.mat<1x4xf64>
// CHECK-NEXT:    %d = matrix.mul %[[D3]], %X : (!matrix.mat<1x4xf64>, !matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64>
// CHECK-NEXT:    func.return %a, %b, %c, %d
func.func @distribute_add(%Y: !matrix.mat<1x4xf64>) -> (!matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>) {
  %r = arith.constant 3 : i64
  %k = arith.constant 4 : i64
  %X = matrix.rand %r, %k : (i64, i64) -> !matrix.mat<3x4xf64>
  %p = matrix.mul %Y, %X : (!matrix.mat<1x4xf64>, !matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64>
  %a = matrix.add %X, %p : !matrix.mat<3x4xf64>
  %q = matrix.mul %X, %Y : (!matrix.mat<3x4xf64>, !matrix.mat<1x4xf64>) -> !matrix.mat<3x4xf64>
  %b = matrix.add %X, %q : !matrix.mat<3x4xf64>
  %p2 = matrix.mul %Y, %X : (!matrix.mat<1x4xf64>, !matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64>
  %c = matrix.add %p2, %X : !matrix.mat<3x4xf64>
  %q2 = matrix.mul %X, %Y : (!matrix.mat<3x4xf64>, !matrix.mat<1x4xf64>) -> !matrix.mat<3x4xf64>
  %d = matrix.add %q2, %X : !matrix.mat<3x4xf64>
  func.return %a, %b, %c, %d : !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>
}

// -----

// X a scalar (s + Y*s), or no shared factor (X + Y*Z): no rewrite.
// TRACE-NOT:   rewrite: distribute-add
// CHECK-LABEL: func.func @no_distribute_add(
// CHECK:         %p = matrix.mul %Y, %s : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
// CHECK-NEXT:    %a = matrix.add %s, %p : (f64, !matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64>
// CHECK-NEXT:    %q = matrix.mul %Y, %Z : !matrix.mat<3x4xf64>
// CHECK-NEXT:    %b = matrix.add %X, %q : !matrix.mat<3x4xf64>
// CHECK-NEXT:    func.return %a, %b
func.func @no_distribute_add(%X: !matrix.mat<3x4xf64>, %Y: !matrix.mat<3x4xf64>, %Z: !matrix.mat<3x4xf64>, %s: f64) -> (!matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>) {
  %p = matrix.mul %Y, %s : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
  %a = matrix.add %s, %p : (f64, !matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64>
  %q = matrix.mul %Y, %Z : !matrix.mat<3x4xf64>
  %b = matrix.add %X, %q : !matrix.mat<3x4xf64>
  func.return %a, %b : !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>
}

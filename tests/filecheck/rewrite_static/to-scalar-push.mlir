// Rule to-scalar-push (passes/rewrite/rules_static.py): to_scalar(X*Y) -> to_scalar(X)*to_scalar(Y)
// and to_scalar(X (op) s) -> to_scalar(X) (op) s for op in + - * /, X and Y known 1x1.
//
// RUN: amls-opt %s --split-input-file -p simplify-static --rewrite-trace 2>&1 | filecheck %s --check-prefixes=CHECK,TRACE
// RUN: amls-opt %s --split-input-file -p simplify-static | amls-opt --split-input-file | filecheck %s
// RUN: amls-opt %s --split-input-file -p simplify-static | amls-opt --split-input-file -p simplify-static --rewrite-trace 2>&1 | filecheck %s --check-prefix=AGAIN
// AGAIN-NOT: rewrite:
// AGAIN-NOT: error

// TRACE:       rewrite: to-scalar-push at {{.*}}to-scalar-push.mlir:[[# @LINE + 8]]:3
// CHECK-LABEL: func.func @push_mul(
// CHECK-NEXT:    %[[X:.*]] = matrix.to_scalar %X : (!matrix.mat<1x1xf64>) -> f64
// CHECK-NEXT:    %[[Y:.*]] = matrix.to_scalar %Y : (!matrix.mat<1x1xf64>) -> f64
// CHECK-NEXT:    %r = arith.mulf %[[X]], %[[Y]] : f64
// CHECK-NEXT:    func.return %r
func.func @push_mul(%X: !matrix.mat<1x1xf64>, %Y: !matrix.mat<1x1xf64>) -> f64 {
  %p = matrix.mul %X, %Y : !matrix.mat<1x1xf64>
  %r = matrix.to_scalar %p : (!matrix.mat<1x1xf64>) -> f64
  func.return %r : f64
}

// -----

// X+s, s+X, X-s, X*s, s*X, X/s.
// TRACE:       rewrite: to-scalar-push at {{.*}}to-scalar-push.mlir:[[# @LINE + 26]]:3
// TRACE:       rewrite: to-scalar-push at {{.*}}to-scalar-push.mlir:[[# @LINE + 27]]:3
// TRACE:       rewrite: to-scalar-push at {{.*}}to-scalar-push.mlir:[[# @LINE + 28]]:3
// TRACE:       rewrite: to-scalar-push at {{.*}}to-scalar-push.mlir:[[# @LINE + 29]]:3
// TRACE:       rewrite: to-scalar-push at {{.*}}to-scalar-push.mlir:[[# @LINE + 30]]:3
// TRACE:       rewrite: to-scalar-push at {{.*}}to-scalar-push.mlir:[[# @LINE + 31]]:3
// CHECK-LABEL: func.func @push_scalar(
// CHECK-NOT:     matrix.add
// CHECK-NOT:     matrix.sub
// CHECK-NOT:     matrix.mul
// CHECK-NOT:     matrix.div
// CHECK:         %[[X0:.*]] = matrix.to_scalar %X : (!matrix.mat<1x1xf64>) -> f64
// CHECK-NEXT:    %r0 = arith.addf %[[X0]], %s : f64
// CHECK-NEXT:    %[[X1:.*]] = matrix.to_scalar %X : (!matrix.mat<1x1xf64>) -> f64
// CHECK-NEXT:    %r1 = arith.addf %[[X1]], %s : f64
// CHECK-NEXT:    %[[X2:.*]] = matrix.to_scalar %X : (!matrix.mat<1x1xf64>) -> f64
// CHECK-NEXT:    %r2 = arith.subf %[[X2]], %s : f64
// CHECK-NEXT:    %[[X3:.*]] = matrix.to_scalar %X : (!matrix.mat<1x1xf64>) -> f64
// CHECK-NEXT:    %r3 = arith.mulf %[[X3]], %s : f64
// CHECK-NEXT:    %[[X4:.*]] = matrix.to_scalar %X : (!matrix.mat<1x1xf64>) -> f64
// CHECK-NEXT:    %r4 = arith.mulf %[[X4]], %s : f64
// CHECK-NEXT:    %[[X5:.*]] = matrix.to_scalar %X : (!matrix.mat<1x1xf64>) -> f64
// CHECK-NEXT:    %r5 = arith.divf %[[X5]], %s : f64
// CHECK-NEXT:    func.return %r0, %r1, %r2, %r3, %r4, %r5
func.func @push_scalar(%X: !matrix.mat<1x1xf64>, %s: f64) -> (f64, f64, f64, f64, f64, f64) {
  %p0 = matrix.add %X, %s : (!matrix.mat<1x1xf64>, f64) -> !matrix.mat<1x1xf64>
  %r0 = matrix.to_scalar %p0 : (!matrix.mat<1x1xf64>) -> f64
  %p1 = matrix.add %s, %X : (f64, !matrix.mat<1x1xf64>) -> !matrix.mat<1x1xf64>
  %r1 = matrix.to_scalar %p1 : (!matrix.mat<1x1xf64>) -> f64
  %p2 = matrix.sub %X, %s : (!matrix.mat<1x1xf64>, f64) -> !matrix.mat<1x1xf64>
  %r2 = matrix.to_scalar %p2 : (!matrix.mat<1x1xf64>) -> f64
  %p3 = matrix.mul %X, %s : (!matrix.mat<1x1xf64>, f64) -> !matrix.mat<1x1xf64>
  %r3 = matrix.to_scalar %p3 : (!matrix.mat<1x1xf64>) -> f64
  %p4 = matrix.mul %s, %X : (f64, !matrix.mat<1x1xf64>) -> !matrix.mat<1x1xf64>
  %r4 = matrix.to_scalar %p4 : (!matrix.mat<1x1xf64>) -> f64
  %p5 = matrix.div %X, %s : (!matrix.mat<1x1xf64>, f64) -> !matrix.mat<1x1xf64>
  %r5 = matrix.to_scalar %p5 : (!matrix.mat<1x1xf64>) -> f64
  func.return %r0, %r1, %r2, %r3, %r4, %r5 : f64, f64, f64, f64, f64, f64
}

// -----

// X or Y of unknown size (only the product is known 1x1), s-X and s/X (not in
// the rule), X^s (not in the rule): no rewrite.
// TRACE-NOT:   rewrite: to-scalar-push
// CHECK-LABEL: func.func @no_push(
// CHECK-NEXT:    %p0 = matrix.mul %X, %U
// CHECK-NEXT:    %r0 = matrix.to_scalar %p0
// CHECK-NEXT:    %p1 = matrix.add %U, %s
// CHECK-NEXT:    %r1 = matrix.to_scalar %p1
// CHECK-NEXT:    %p2 = matrix.sub %s, %X
// CHECK-NEXT:    %r2 = matrix.to_scalar %p2
// CHECK-NEXT:    %p3 = matrix.div %s, %X
// CHECK-NEXT:    %r3 = matrix.to_scalar %p3
// CHECK-NEXT:    %p4 = matrix.pow %X, %s
// CHECK-NEXT:    %r4 = matrix.to_scalar %p4
// CHECK-NEXT:    func.return
func.func @no_push(%X: !matrix.mat<1x1xf64>, %U: !matrix.mat<?x?xf64>, %s: f64) -> (f64, f64, f64, f64, f64) {
  %p0 = matrix.mul %X, %U : (!matrix.mat<1x1xf64>, !matrix.mat<?x?xf64>) -> !matrix.mat<1x1xf64>
  %r0 = matrix.to_scalar %p0 : (!matrix.mat<1x1xf64>) -> f64
  %p1 = matrix.add %U, %s : (!matrix.mat<?x?xf64>, f64) -> !matrix.mat<?x?xf64>
  %r1 = matrix.to_scalar %p1 : (!matrix.mat<?x?xf64>) -> f64
  %p2 = matrix.sub %s, %X : (f64, !matrix.mat<1x1xf64>) -> !matrix.mat<1x1xf64>
  %r2 = matrix.to_scalar %p2 : (!matrix.mat<1x1xf64>) -> f64
  %p3 = matrix.div %s, %X : (f64, !matrix.mat<1x1xf64>) -> !matrix.mat<1x1xf64>
  %r3 = matrix.to_scalar %p3 : (!matrix.mat<1x1xf64>) -> f64
  %p4 = matrix.pow %X, %s : (!matrix.mat<1x1xf64>, f64) -> !matrix.mat<1x1xf64>
  %r4 = matrix.to_scalar %p4 : (!matrix.mat<1x1xf64>) -> f64
  func.return %r0, %r1, %r2, %r3, %r4 : f64, f64, f64, f64, f64
}

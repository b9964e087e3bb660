// Rule transpose-add-fold (passes/rewrite/rules_static.py): t(A+s1)+s2 -> t(A)+(s1+s2),
// s1 and s2 f64 scalars; both adds match in either operand order.
//
// RUN: amls-opt %s --split-input-file -p simplify-static --rewrite-trace 2>&1 | filecheck %s --check-prefixes=CHECK,TRACE
// RUN: amls-opt %s --split-input-file -p simplify-static | amls-opt --split-input-file | filecheck %s
// RUN: amls-opt %s --split-input-file -p simplify-static | amls-opt --split-input-file -p simplify-static --rewrite-trace 2>&1 | filecheck %s --check-prefix=AGAIN
// AGAIN-NOT: rewrite:
// AGAIN-NOT: error

// TRACE:       rewrite: transpose-add-fold at {{.*}}transpose-add-fold.mlir:[[# @LINE + 13]]:3
// TRACE:       rewrite: transpose-add-fold at {{.*}}transpose-add-fold.mlir:[[# @LINE + 15]]:3
// CHECK-LABEL: func.func @fold(
// CHECK-NEXT:    %[[T0:.*]] = matrix.transpose %A : (!matrix.mat<3x4xf64>) -> !matrix.mat<4x3xf64>
// CHECK-NEXT:    %[[S0:.*]] = arith.addf %s1, %s2 : f64
// CHECK-NEXT:    %r0 = matrix.add %[[T0]], %[[S0]] : (!matrix.mat<4x3xf64>, f64) -> !matrix.mat<4x3xf64>
// CHECK-NEXT:    %[[T1:.*]] = matrix.transpose %A : (!matrix.mat<3x4xf64>) -> !matrix.mat<4x3xf64>
// CHECK-NEXT:    %[[S1:.*]] = arith.addf %s1, %s2 : f64
// CHECK-NEXT:    %r1 = matrix.add %[[T1]], %[[S1]] : (!matrix.mat<4x3xf64>, f64) -> !matrix.mat<4x3xf64>
// CHECK-NEXT:    func.return %r0, %r1
func.func @fold(%A: !matrix.mat<3x4xf64>, %s1: f64, %s2: f64) -> (!matrix.mat<4x3xf64>, !matrix.mat<4x3xf64>) {
  %i0 = matrix.add %A, %s1 : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
  %t0 = matrix.transpose %i0 : (!matrix.mat<3x4xf64>) -> !matrix.mat<4x3xf64>
  %r0 = matrix.add %t0, %s2 : (!matrix.mat<4x3xf64>, f64) -> !matrix.mat<4x3xf64>
  %i1 = matrix.add %s1, %A : (f64, !matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64>
  %t1 = matrix.transpose %i1 : (!matrix.mat<3x4xf64>) -> !matrix.mat<4x3xf64>
  %r1 = matrix.add %s2, %t1 : (f64, !matrix.mat<4x3xf64>) -> !matrix.mat<4x3xf64>
  func.return %r0, %r1 : !matrix.mat<4x3xf64>, !matrix.mat<4x3xf64>
}

// -----

// A matrix in place of s1 or s2, or a subtraction inside: no rewrite.
// TRACE-NOT:   rewrite: transpose-add-fold
// CHECK-LABEL: func.func @no_fold(
// CHECK-NEXT:    %i0 = matrix.add %A, %B : !matrix.mat<3x4xf64>
// CHECK-NEXT:    %t0 = matrix.transpose %i0
// CHECK-NEXT:    %r0 = matrix.add %t0, %s2
// CHECK-NEXT:    %i1 = matrix.add %A, %s1
// CHECK-NEXT:    %t1 = matrix.transpose %i1
// CHECK-NEXT:    %r1 = matrix.add %t1, %C : !matrix.mat<4x3xf64>
// CHECK-NEXT:    %i2 = matrix.sub %A, %s1
// CHECK-NEXT:    %t2 = matrix.transpose %i2
// CHECK-NEXT:    %r2 = matrix.add %t2, %s2
// CHECK-NEXT:    func.return %r0, %r1, %r2
func.func @no_fold(%A: !matrix.mat<3x4xf64>, %B: !matrix.mat<3x4xf64>, %C: !matrix.mat<4x3xf64>, %s1: f64, %s2: f64) -> (!matrix.mat<4x3xf64>, !matrix.mat<4x3xf64>, !matrix.mat<4x3xf64>) {
  %i0 = matrix.add %A, %B : !matrix.mat<3x4xf64>
  %t0 = matrix.transpose %i0 : (!matrix.mat<3x4xf64>) -> !matrix.mat<4x3xf64>
  %r0 = matrix.add %t0, %s2 : (!matrix.mat<4x3xf64>, f64) -> !matrix.mat<4x3xf64>
  %i1 = matrix.add %A, %s1 : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
  %t1 = matrix.transpose %i1 : (!matrix.mat<3x4xf64>) -> !matrix.mat<4x3xf64>
  %r1 = matrix.add %t1, %C : !matrix.mat<4x3xf64>
  %i2 = matrix.sub %A, %s1 : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
  %t2 = matrix.transpose %i2 : (!matrix.mat<3x4xf64>) -> !matrix.mat<4x3xf64>
  %r2 = matrix.add %t2, %s2 : (!matrix.mat<4x3xf64>, f64) -> !matrix.mat<4x3xf64>
  func.return %r0, %r1, %r2 : !matrix.mat<4x3xf64>, !matrix.mat<4x3xf64>, !matrix.mat<4x3xf64>
}

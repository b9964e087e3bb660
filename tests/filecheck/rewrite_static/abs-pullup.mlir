// Rule abs-pullup (passes/rewrite/rules_static.py): abs(X)*abs(Y) -> abs(X*Y).
//
// RUN: amls-opt %s --split-input-file -p simplify-static --rewrite-trace 2>&1 | filecheck %s --check-prefixes=CHECK,TRACE
// RUN: amls-opt %s --split-input-file -p simplify-static | amls-opt --split-input-file | filecheck %s
// RUN: amls-opt %s --split-input-file -p simplify-static | amls-opt --split-input-file -p simplify-static --rewrite-trace 2>&1 | filecheck %s --check-prefix=AGAIN
// AGAIN-NOT: rewrite:
// AGAIN-NOT: error

// Equal shapes, and a broadcast row vector (the product keeps the 3x4 shape).
// TRACE:       rewrite: abs-pullup at {{.*}}abs-pullup.mlir:[[# @LINE + 11]]:3
// TRACE:       rewrite: abs-pullup at {{.*}}abs-pullup.mlir:[[# @LINE + 12]]:3
// CHECK-LABEL: func.func @pullup(
// CHECK-NEXT:    %[[P0:.*]] = matrix.mul %X, %Y : !matrix.mat<3x4xf64>
// CHECK-NEXT:    %r0 = matrix.abs %[[P0]] : !matrix.mat<3x4xf64>
// CHECK-NEXT:    %[[P1:.*]] = matrix.mul %U, %X : (!matrix.mat<1x4xf64>, !matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64>
// CHECK-NEXT:    %r1 = matrix.abs %[[P1]] : !matrix.mat<3x4xf64>
// CHECK-NEXT:    func.return %r0, %r1
func.func @pullup(%X: !matrix.mat<3x4xf64>, %Y: !matrix.mat<3x4xf64>, %U: !matrix.mat<1x4xf64>) -> (!matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>) {
  %a = matrix.abs %X : !matrix.mat<3x4xf64>
  %b = matrix.abs %Y : !matrix.mat<3x4xf64>
  %r0 = matrix.mul %a, %b : !matrix.mat<3x4xf64>
  %u = matrix.abs %U : !matrix.mat<1x4xf64>
  %r1 = matrix.mul %u, %a : (!matrix.mat<1x4xf64>, !matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64>
  func.return %r0, %r1 : !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>
}

// -----

// One side not an abs, or a sum of abs: no rewrite.
// TRACE-NOT:   rewrite: abs-pullup
// CHECK-LABEL: func.func @no_pullup(
// CHECK-NEXT:    %a = matrix.abs %X
// CHECK-NEXT:    %b = matrix.abs %Y
// CHECK-NEXT:    %r0 = matrix.mul %a, %Y
// CHECK-NEXT:    %r1 = matrix.add %a, %b
// CHECK-NEXT:    func.return %r0, %r1
func.func @no_pullup(%X: !matrix.mat<3x4xf64>, %Y: !matrix.mat<3x4xf64>) -> (!matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>) {
  %a = matrix.abs %X : !matrix.mat<3x4xf64>
  %b = matrix.abs %Y : !matrix.mat<3x4xf64>
  %r0 = matrix.mul %a, %Y : !matrix.mat<3x4xf64>
  %r1 = matrix.add %a, %b : !matrix.mat<3x4xf64>
  func.return %r0, %r1 : !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>
}

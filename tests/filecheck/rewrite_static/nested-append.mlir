// Rule nested-append (passes/rewrite/rules_static.py): cbind(X, cbind(Y, Z)) -> cbind(X, Y, Z),
// rbind likewise (either operand position), when the inner append has one use.
//
// RUN: amls-opt %s --split-input-file -p simplify-static --rewrite-trace 2>&1 | filecheck %s --check-prefixes=CHECK,TRACE
// RUN: amls-opt %s --split-input-file -p simplify-static | amls-opt --split-input-file | filecheck %s
// RUN: amls-opt %s --split-input-file -p simplify-static | amls-opt --split-input-file -p simplify-static --rewrite-trace 2>&1 | filecheck %s --check-prefix=AGAIN
// AGAIN-NOT: rewrite:
// AGAIN-NOT: error

// TRACE:       rewrite: nested-append at {{.*}}nested-append.mlir:[[# @LINE + 8]]:3
// TRACE:       rewrite: nested-append at {{.*}}nested-append.mlir:[[# @LINE + 9]]:3
// CHECK-LABEL: func.func @cbind(
// CHECK-NEXT:    %r0 = matrix.cbind %X, %Y, %Z : (!matrix.mat<3x1xf64>, !matrix.mat<3x2xf64>, !matrix.mat<3x?xf64>) -> !matrix.mat<3x?xf64>
// CHECK-NEXT:    %r1 = matrix.cbind %X, %Y, %Z : (!matrix.mat<3x1xf64>, !matrix.mat<3x2xf64>, !matrix.mat<3x?xf64>) -> !matrix.mat<3x?xf64>
// CHECK-NEXT:    func.return %r0, %r1
func.func @cbind(%X: !matrix.mat<3x1xf64>, %Y: !matrix.mat<3x2xf64>, %Z: !matrix.mat<3x?xf64>) -> (!matrix.mat<3x?xf64>, !matrix.mat<3x?xf64>) {
  %i0 = matrix.cbind %Y, %Z : (!matrix.mat<3x2xf64>, !matrix.mat<3x?xf64>) -> !matrix.mat<3x?xf64>
  %r0 = matrix.cbind %X, %i0 : (!matrix.mat<3x1xf64>, !matrix.mat<3x?xf64>) -> !matrix.mat<3x?xf64>
  %i1 = matrix.cbind %X, %Y : (!matrix.mat<3x1xf64>, !matrix.mat<3x2xf64>) -> !matrix.mat<3x3xf64>
  %r1 = matrix.cbind %i1, %Z : (!matrix.mat<3x3xf64>, !matrix.mat<3x?xf64>) -> !matrix.mat<3x?xf64>
  func.return %r0, %r1 : !matrix.mat<3x?xf64>, !matrix.mat<3x?xf64>
}

// -----

// rbind, three levels deep: flattened bottom-up into one rbind of four.
// TRACE:       rewrite: nested-append at {{.*}}nested-append.mlir:[[# @LINE + 7]]:3
// TRACE:       rewrite: nested-append at {{.*}}nested-append.mlir:[[# @LINE + 7]]:3
// CHECK-LABEL: func.func @rbind(
// CHECK-NEXT:    %r = matrix.rbind %A, %B, %C, %A : (!matrix.mat<1x4xf64>, !matrix.mat<2x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<1x4xf64>) -> !matrix.mat<7x4xf64>
// CHECK-NEXT:    func.return %r
func.func @rbind(%A: !matrix.mat<1x4xf64>, %B: !matrix.mat<2x4xf64>, %C: !matrix.mat<3x4xf64>) -> !matrix.mat<7x4xf64> {
  %i = matrix.rbind %B, %C : (!matrix.mat<2x4xf64>, !matrix.mat<3x4xf64>) -> !matrix.mat<5x4xf64>
  %j = matrix.rbind %A, %i : (!matrix.mat<1x4xf64>, !matrix.mat<5x4xf64>) -> !matrix.mat<6x4xf64>
  %r = matrix.rbind %j, %A : (!matrix.mat<6x4xf64>, !matrix.mat<1x4xf64>) -> !matrix.mat<7x4xf64>
  func.return %r : !matrix.mat<7x4xf64>
}

// -----

// The inner cbind has a second use; an rbind inside a cbind: no rewrite.
// TRACE-NOT:   rewrite: nested-append
// CHECK-LABEL: func.func @no_flatten(
// CHECK-NEXT:    %i = matrix.cbind %X, %Y
// CHECK-NEXT:    %r = matrix.cbind %X, %i
// CHECK-NEXT:    %j = matrix.rbind %X, %X
// CHECK-NEXT:    %s = matrix.cbind %j, %W
// CHECK-NEXT:    func.return %r, %i, %s
func.func @no_flatten(%X: !matrix.mat<3x1xf64>, %Y: !matrix.mat<3x2xf64>, %W: !matrix.mat<6x2xf64>) -> (!matrix.mat<3x4xf64>, !matrix.mat<3x3xf64>, !matrix.mat<6x3xf64>) {
  %i = matrix.cbind %X, %Y : (!matrix.mat<3x1xf64>, !matrix.mat<3x2xf64>) -> !matrix.mat<3x3xf64>
  %r = matrix.cbind %X, %i : (!matrix.mat<3x1xf64>, !matrix.mat<3x3xf64>) -> !matrix.mat<3x4xf64>
  %j = matrix.rbind %X, %X : (!matrix.mat<3x1xf64>, !matrix.mat<3x1xf64>) -> !matrix.mat<6x1xf64>
  %s = matrix.cbind %j, %W : (!matrix.mat<6x1xf64>, !matrix.mat<6x2xf64>) -> !matrix.mat<6x3xf64>
  func.return %r, %i, %s : !matrix.mat<3x4xf64>, !matrix.mat<3x3xf64>, !matrix.mat<6x3xf64>
}

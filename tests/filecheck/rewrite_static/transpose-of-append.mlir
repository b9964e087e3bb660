// Rule transpose-of-append (passes/rewrite/rules_static.py): t(cbind(t(A),t(B))) -> rbind(A,B);
// t(rbind(t(A),t(B))) -> cbind(A,B).
//
// This file keeps the cases where it must not fire. The cases where it fires
// (both forms, dims 0 to 4) are drawn by tests/unit/test_rewrite_properties.py
// from the "transpose-of-append" case in tests/unit/rewrite_cases.py.
//
// RUN: amls-opt %s --split-input-file -p simplify-static --rewrite-trace 2>&1 | filecheck %s --check-prefixes=CHECK,TRACE
// RUN: amls-opt %s --split-input-file -p simplify-static | amls-opt --split-input-file | filecheck %s
// RUN: amls-opt %s --split-input-file -p simplify-static | amls-opt --split-input-file -p simplify-static --rewrite-trace 2>&1 | filecheck %s --check-prefix=AGAIN
// AGAIN-NOT: rewrite:
// AGAIN-NOT: error

// One operand not transposed, or three operands: no rewrite (and no crash).
// TRACE-NOT:   rewrite: transpose-of-append
// CHECK-LABEL: func.func @no_t_append(
// CHECK:         %c = matrix.cbind %a, %B
// CHECK-NEXT:    %r = matrix.transpose %c
// CHECK-NEXT:    %c3 = matrix.cbind %a, %a, %a
// CHECK-NEXT:    %r3 = matrix.transpose %c3
// CHECK-NEXT:    func.return %r, %r3
func.func @no_t_append(%A: !matrix.mat<2x3xf64>, %B: !matrix.mat<3x4xf64>) -> (!matrix.mat<6x3xf64>, !matrix.mat<6x3xf64>) {
  %a = matrix.transpose %A : (!matrix.mat<2x3xf64>) -> !matrix.mat<3x2xf64>
  %c = matrix.cbind %a, %B : (!matrix.mat<3x2xf64>, !matrix.mat<3x4xf64>) -> !matrix.mat<3x6xf64>
  %r = matrix.transpose %c : (!matrix.mat<3x6xf64>) -> !matrix.mat<6x3xf64>
  %c3 = matrix.cbind %a, %a, %a : (!matrix.mat<3x2xf64>, !matrix.mat<3x2xf64>, !matrix.mat<3x2xf64>) -> !matrix.mat<3x6xf64>
  %r3 = matrix.transpose %c3 : (!matrix.mat<3x6xf64>) -> !matrix.mat<6x3xf64>
  func.return %r, %r3 : !matrix.mat<6x3xf64>, !matrix.mat<6x3xf64>
}

// -----

// t(rbind(t(A), B)): no rewrite.
// TRACE-NOT:   rewrite: transpose-of-append
// CHECK-LABEL: func.func @no_t_rbind(
// CHECK:         %c = matrix.rbind %a, %B
// CHECK-NEXT:    %r = matrix.transpose %c
// CHECK-NEXT:    func.return %r
func.func @no_t_rbind(%A: !matrix.mat<3x2xf64>, %B: !matrix.mat<4x3xf64>) -> !matrix.mat<3x6xf64> {
  %a = matrix.transpose %A : (!matrix.mat<3x2xf64>) -> !matrix.mat<2x3xf64>
  %c = matrix.rbind %a, %B : (!matrix.mat<2x3xf64>, !matrix.mat<4x3xf64>) -> !matrix.mat<6x3xf64>
  %r = matrix.transpose %c : (!matrix.mat<6x3xf64>) -> !matrix.mat<3x6xf64>
  func.return %r : !matrix.mat<3x6xf64>
}

// Malformed IR (the `:` before the types is missing): one located parse error with
// the source line and a caret, non-zero exit, no IR, no traceback.

// RUN: not amls-opt %s 2>&1 | filecheck %s

// CHECK:      {{.*}}opt_missing_colon.mlir:14:28: error: Expected ':'
// CHECK-NEXT: %T = matrix.transpose %A (!matrix.mat<3x4xf64>) -> !matrix.mat<4x3xf64>
// CHECK-NEXT: ^
// CHECK-NOT:  {{.}}
// CHECK-NOT:  Traceback
// CHECK-NOT:  builtin.module

func.func @missing_colon(%A: !matrix.mat<3x4xf64>) -> !matrix.mat<4x3xf64> {
  %T = matrix.transpose %A (!matrix.mat<3x4xf64>) -> !matrix.mat<4x3xf64>
  func.return %T : !matrix.mat<4x3xf64>
}

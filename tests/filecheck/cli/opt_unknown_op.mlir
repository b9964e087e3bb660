// An op the matrix dialect does not have: one located parse error at the op
// name that suggests --load-plugin, non-zero exit, no IR, no traceback.

// RUN: not amls-opt %s 2>&1 | filecheck %s

// CHECK:      {{.*}}opt_unknown_op.mlir:14:19: error: Operation matrix.foo is not registered (if a plugin defines it, load it with --load-plugin MODULE)
// CHECK-NEXT: %T = matrix.foo %A : (!matrix.mat<3x4xf64>) -> !matrix.mat<4x3xf64>
// CHECK-NEXT: ^^
// CHECK-NOT:  {{.}}
// CHECK-NOT:  Traceback
// CHECK-NOT:  builtin.module

func.func @unknown_op(%A: !matrix.mat<3x4xf64>) -> !matrix.mat<4x3xf64> {
  %T = matrix.foo %A : (!matrix.mat<3x4xf64>) -> !matrix.mat<4x3xf64>
  func.return %T : !matrix.mat<4x3xf64>
}

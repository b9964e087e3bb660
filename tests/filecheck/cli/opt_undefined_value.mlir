// A use of an SSA value that is never defined: one parse error naming the value,
// non-zero exit, no IR, no traceback. (The location is not checked: amls-opt
// still reports the end of the input, not the use.)

// RUN: not amls-opt %s 2>&1 | filecheck %s

// CHECK:      {{.*}}opt_undefined_value.mlir:{{[0-9]+}}:{{[0-9]+}}: error: values used but not defined: [%B]
// CHECK-NOT:  Traceback
// CHECK-NOT:  builtin.module

func.func @undefined_value(%A: !matrix.mat<3x4xf64>) -> !matrix.mat<4x3xf64> {
  %T = matrix.transpose %B : (!matrix.mat<3x4xf64>) -> !matrix.mat<4x3xf64>
  func.return %T : !matrix.mat<4x3xf64>
}

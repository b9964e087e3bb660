// A use of an SSA value that is never defined: one parse error at the use (not at
// the end of the input, where xDSL's parser notices), naming the value; non-zero
// exit, no IR, no traceback. amls-run reports it the same way.

// RUN: not amls-opt %s 2>&1 | filecheck %s
// RUN: not amls-run %s 2>&1 | filecheck %s

// CHECK:      {{.*}}opt_undefined_value.mlir:[[# @LINE + 7]]:25: error: use of undefined value %B (also undefined: %C)
// CHECK-NEXT: %T = matrix.transpose %B : (!matrix.mat<3x4xf64>) -> !matrix.mat<4x3xf64>
// CHECK-NEXT: ^^
// CHECK-NOT:  {{.}}
// CHECK-NOT:  Traceback

func.func @undefined_value(%A: !matrix.mat<3x4xf64>) -> !matrix.mat<4x3xf64> {
  %T = matrix.transpose %B : (!matrix.mat<3x4xf64>) -> !matrix.mat<4x3xf64>
  %U = matrix.add %T, %C : !matrix.mat<4x3xf64>
  func.return %U : !matrix.mat<4x3xf64>
}

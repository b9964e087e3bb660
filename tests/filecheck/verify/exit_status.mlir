// Without --verify-diagnostics a verifier error is fatal: amls-opt prints the one
// located message on stderr, no IR and no traceback, and exits non-zero.

// RUN: not amls-opt %s 2>&1 | filecheck %s
// RUN: not amls-opt --split-input-file %s 2>&1 >/dev/null | filecheck %s --check-prefix=STDERR
// RUN: not amls-opt --split-input-file %s 2>&1 | filecheck %s --check-prefix=SPLIT

// The whole file is one module: the first op that fails is reported, no IR.
// CHECK-NOT:   builtin.module
// CHECK:       {{.*}}exit_status.mlir:34:3: error: matrix.matmul: matmul inner dimensions differ: 100x10 %*% 20x1
// CHECK-NOT:   Traceback
// CHECK-NOT:   internal error
// CHECK-NOT:   builtin.module

// The message goes to stderr, the IR of the good chunk to stdout.
// STDERR-NOT:  builtin.module
// STDERR:      {{.*}}exit_status.mlir:34:3: error: matrix.matmul: matmul inner dimensions differ: 100x10 %*% 20x1

// Split: the first chunk is fine and printed, the second fails with its location
// in the whole file.
// SPLIT-LABEL: func.func @good(
// SPLIT:       {{.*}}exit_status.mlir:34:3: error: matrix.matmul: matmul inner dimensions differ: 100x10 %*% 20x1
// SPLIT-NOT:   Traceback
func.func @good(%A: !matrix.mat<3x4xf64>) {
  %T = matrix.transpose %A : (!matrix.mat<3x4xf64>) -> !matrix.mat<4x3xf64>
  func.return
}

// -----

// A valid op before the bad one does not hide it.
func.func @bad(%A: !matrix.mat<100x10xf64>, %B: !matrix.mat<20x1xf64>) {
  %t = matrix.transpose %A : (!matrix.mat<100x10xf64>) -> !matrix.mat<10x100xf64>
  %C = matrix.matmul %A, %B : (!matrix.mat<100x10xf64>, !matrix.mat<20x1xf64>) -> !matrix.mat<100x1xf64>
  func.return
}

// constant-fold leaves a kernel error for run time: solve and inv of a singular
// constant matrix and a slice of a constant whose bound is a run-time value are
// not folded (the folder catches the kernel's error), and amls-run still reports
// the error at run time with the op's location.
// Bounds *computed from constants* and out of range: see the last case.

// RUN: amls-opt %s --split-input-file -p constant-fold | filecheck %s
// RUN: amls-opt %s --split-input-file -p constant-fold | amls-opt --split-input-file | filecheck %s
// RUN: not amls-run %s -O1 --entry singular 2>&1 | filecheck %s --check-prefix=RUN-SOLVE
// RUN-SOLVE: kernel_errors.mlir:{{[0-9]+}}:3: error: matrix.solve: solve: the 2x2 matrix is singular
// RUN-SOLVE-NOT: result_0

// CHECK-LABEL: func.func @singular(
// CHECK:         %x = matrix.solve %M, %y
// CHECK-NEXT:    %I = matrix.inv %M
// CHECK-NEXT:    func.return %x, %I
func.func @singular() -> (!matrix.mat<2x1xf64>, !matrix.mat<2x2xf64>) {
  %M = matrix.constant {value = dense<[[1.0, 2.0], [2.0, 4.0]]> : tensor<2x2xf64>} : !matrix.mat<2x2xf64>
  %y = matrix.constant {value = dense<1.0> : tensor<2x1xf64>} : !matrix.mat<2x1xf64>
  %x = matrix.solve %M, %y : (!matrix.mat<2x2xf64>, !matrix.mat<2x1xf64>) -> !matrix.mat<2x1xf64>
  %I = matrix.inv %M : !matrix.mat<2x2xf64>
  func.return %x, %I : !matrix.mat<2x1xf64>, !matrix.mat<2x2xf64>
}

// -----

// The same with a regular matrix folds: x = [0.5, 0.25]'.
// CHECK-LABEL: func.func @regular(
// CHECK-NEXT:    %x = matrix.constant {value = dense<{{\[\[}}5.000000e-01], [2.500000e-01]]> : tensor<2x1xf64>} : !matrix.mat<2x1xf64, nnz=2>
// CHECK-NOT:     matrix.solve
func.func @regular() -> !matrix.mat<2x1xf64> {
  %M = matrix.constant {value = dense<[[2.0, 0.0], [0.0, 4.0]]> : tensor<2x2xf64>} : !matrix.mat<2x2xf64>
  %y = matrix.constant {value = dense<1.0> : tensor<2x1xf64>} : !matrix.mat<2x1xf64>
  %x = matrix.solve %M, %y : (!matrix.mat<2x2xf64>, !matrix.mat<2x1xf64>) -> !matrix.mat<2x1xf64>
  func.return %x : !matrix.mat<2x1xf64>
}

// -----

// A slice of a constant with a run-time upper bound.
// CHECK-LABEL: func.func @slice_runtime(
// CHECK:         %S = matrix.slice %K, %c0, %n, %c0, %c2
func.func @slice_runtime(%n: i64) -> !matrix.mat<?x2xf64> {
  %K = matrix.constant {value = dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf64>} : !matrix.mat<2x2xf64>
  %c0 = arith.constant 0 : i64
  %c2 = arith.constant 2 : i64
  %S = matrix.slice %K, %c0, %n, %c0, %c2 : (!matrix.mat<2x2xf64>, i64, i64, i64, i64) -> !matrix.mat<?x2xf64>
  func.return %S : !matrix.mat<?x2xf64>
}

// -----

// Bounds computed from constants that are out of range, in a branch that never runs:
// the fold that would make the slice provably wrong is left undone, so -O1/-O2 compile
// and run it as -O0 does; the index arithmetic stays for the run.
// RUN: amls-run %s -O0 --entry dead_slice --arg k=1 | filecheck %s --check-prefix=DEAD
// RUN: amls-run %s -O1 --no-data-facts --entry dead_slice --arg k=1 | filecheck %s --check-prefix=DEAD
// RUN: amls-run %s -O2 --no-data-facts --entry dead_slice --arg k=1 | filecheck %s --check-prefix=DEAD
// DEAD: result_0 : f64 = 1.0
// CHECK-LABEL: func.func @dead_slice
// CHECK:         matrix.slice
func.func @dead_slice(%k: i64) -> f64 {
  %one = arith.constant 1.0 : f64
  %c0 = arith.constant 0 : i64
  %c2 = arith.constant 2 : i64
  %c5 = arith.constant 5 : i64
  %c10 = arith.constant 10 : i64
  %hi = arith.addi %c5, %c5 : i64
  %no = arith.cmpi eq, %k, %c10 : i64
  %A = matrix.fill %one, %c2, %c2 : (f64, i64, i64) -> !matrix.mat<2x2xf64>
  %r = scf.if %no -> (f64) {
    %s = matrix.slice %A, %c0, %hi, %c0, %c2 : (!matrix.mat<2x2xf64>, i64, i64, i64, i64) -> !matrix.mat<?x2xf64>
    %t = matrix.reduce sum all %s : (!matrix.mat<?x2xf64>) -> f64
    scf.yield %t : f64
  } else {
    scf.yield %one : f64
  }
  func.return %r : f64
}

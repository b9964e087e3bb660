// amls-run on a program that does not verify or parse: the same located message as
// amls-opt, non-zero exit, nothing run, no traceback.

// RUN: not amls-run %s -O0 2>&1 | filecheck %s
// RUN: not amls-run %s 2>&1 | filecheck %s
// CHECK:      {{.*}}run_bad_program.mlir:18:3: error: matrix.matmul: matmul inner dimensions differ: 3x2 %*% 3x1
// CHECK-NOT:  result_0
// CHECK-NOT:  Traceback

// RUN: not amls-run %S/opt_missing_colon.mlir 2>&1 | filecheck %s --check-prefix=PARSE
// PARSE:      {{.*}}opt_missing_colon.mlir:14:28: error: Expected ':'
// PARSE-NOT:  result_0
// PARSE-NOT:  Traceback

func.func @main() -> !matrix.mat<3x1xf64> {
  %X = matrix.constant {value = dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<3x2xf64>} : !matrix.mat<3x2xf64>
  %y = matrix.constant {value = dense<[[1.0], [0.0], [2.0]]> : tensor<3x1xf64>} : !matrix.mat<3x1xf64>
  %g = matrix.matmul %X, %y : (!matrix.mat<3x2xf64>, !matrix.mat<3x1xf64>) -> !matrix.mat<3x1xf64>
  func.return %g : !matrix.mat<3x1xf64>
}

// A misspelt op or type name of a known dialect: the error names the closest ones (an op
// for an op, a type for a type), where an unknown name suggests --load-plugin instead
// (opt_unknown_op.mlir).

// RUN: amls-opt %s --split-input-file --parsing-diagnostics 2>&1 | filecheck %s

// CHECK: {{.*}}opt_misspelt_name.mlir:9:23: error: Operation matrix.matmult is not registered (did you mean matrix.matmul?)
func.func @op(%X: !matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64> {
  %Y = matrix.matmult %X, %X : (!matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>
  func.return %Y : !matrix.mat<?x?xf64>
}

// -----

// CHECK: {{.*}}opt_misspelt_name.mlir:16:35: error: 'matrix.matrix' is not registered (did you mean matrix.mat?)
func.func @type(%X: !matrix.matrix<?x?xf64>) {
  func.return
}

// -----

// CHECK: {{.*}}opt_misspelt_name.mlir:25:22: error: Operation arith.constnt is not registered (did you mean arith.constant?)
// CHECK-NOT: Traceback
func.func @upstream() -> f64 {
  %a = arith.constnt 1.0 : f64
  func.return %a : f64
}

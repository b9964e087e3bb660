// RUN: amls-opt %s | filecheck %s
// RUN: amls-opt %s | amls-opt | filecheck %s
// RUN: amls-opt %s --print-op-generic | amls-opt | filecheck %s

// CHECK-LABEL: func.func @main
// CHECK: matrix.rand %r, %c {min = -1.0, max = 1.0, sparsity = 1.0e-05, pdf = "uniform", seed = 42} : (i64, i64) -> !matrix.mat<10x1xf64>
// CHECK: matrix.reduce sum all %h2 : (!matrix.mat<10x1xf64>) -> f64
func.func @main(%X: !matrix.mat<100x10xf64>, %y: !matrix.mat<100x1xf64, nnz=100>) -> f64 {
  %r = arith.constant 10 : i64
  %c = arith.constant 1 : i64
  %a = matrix.rand %r, %c {min = -1.0, max = 1.0, sparsity = 1.0e-05, seed = 42} : (i64, i64) -> !matrix.mat<10x1xf64>
  %t = matrix.transpose %X : (!matrix.mat<100x10xf64>) -> !matrix.mat<10x100xf64>
  %g = matrix.matmul %t, %y : (!matrix.mat<10x100xf64>, !matrix.mat<100x1xf64, nnz=100>) -> !matrix.mat<10x1xf64>
  %h = matrix.add %g, %a : !matrix.mat<10x1xf64>
  %two = arith.constant 2.0 : f64
  %h2 = matrix.mul %h, %two : (!matrix.mat<10x1xf64>, f64) -> !matrix.mat<10x1xf64>
  %s = matrix.reduce sum all %h2 : (!matrix.mat<10x1xf64>) -> f64
  %cs = matrix.cbind %h, %h2, %a : (!matrix.mat<10x1xf64>, !matrix.mat<10x1xf64>, !matrix.mat<10x1xf64>) -> !matrix.mat<10x3xf64>
  matrix.print %s {label = "s"} : f64
  func.return %s : f64
}

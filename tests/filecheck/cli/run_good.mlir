// amls-run on good input: results printed one per line as `result_N : TYPE = VALUE`,
// the same at every optimisation level; matrix.print output comes first; -o
// writes result_0, result_1, ... to an .npz.

// RUN: amls-run %s -O0 --arg X=%inputs/X_3x2.npy --arg y=%inputs/y_3x1.csv --arg k=2 | filecheck %s
// RUN: amls-run %s --arg X=%inputs/X_3x2.npy --arg y=%inputs/y_3x1.csv --arg k=2 | filecheck %s
// RUN: amls-run %s --arg k=2 --arg y=%inputs/y_3x1.csv --arg X=%inputs/X_3x2.npy | filecheck %s

// t(X) %*% y * k with X = [[1,2],[3,4],[5,6]], y = [1,0,2], k = 2.
// CHECK:      result_0 : !matrix.mat<2x1xf64> = 2x1 dense matrix, nnz=2, sum=50.0, min=22.0, max=28.0
// CHECK-NEXT:   [22.0]
// CHECK-NEXT:   [28.0]
// CHECK-NEXT: result_1 : f64 = 50.0
// CHECK-NOT:  error
// CHECK-NOT:  result_2
func.func @main(%X: !matrix.mat<3x2xf64>, %y: !matrix.mat<3x1xf64>, %k: f64) -> (!matrix.mat<2x1xf64>, f64) {
  %t = matrix.transpose %X : (!matrix.mat<3x2xf64>) -> !matrix.mat<2x3xf64>
  %g = matrix.matmul %t, %y : (!matrix.mat<2x3xf64>, !matrix.mat<3x1xf64>) -> !matrix.mat<2x1xf64>
  %h = matrix.mul %g, %k : (!matrix.mat<2x1xf64>, f64) -> !matrix.mat<2x1xf64>
  %s = matrix.reduce sum all %h : (!matrix.mat<2x1xf64>) -> f64
  func.return %h, %s : !matrix.mat<2x1xf64>, f64
}

// A program without arguments; matrix.print with a label goes before the results.
// RUN: amls-run %s -O0 --entry no_args | filecheck %s --check-prefix=NOARGS
// NOARGS:      A: 2x2 dense matrix, nnz=4, sum=6.0, min=1.5, max=1.5
// NOARGS-NEXT:   [1.5, 1.5]
// NOARGS-NEXT:   [1.5, 1.5]
// NOARGS-NEXT: result_0 : f64 = 6.0
// NOARGS-NOT:  error
func.func @no_args() -> f64 {
  %r = arith.constant 2 : i64
  %v = arith.constant 1.5 : f64
  %A = matrix.fill %v, %r, %r : (f64, i64, i64) -> !matrix.mat<2x2xf64>
  matrix.print %A {label = "A"} : !matrix.mat<2x2xf64>
  %s = matrix.reduce sum all %A : (!matrix.mat<2x2xf64>) -> f64
  func.return %s : f64
}

// A sparse .mtx argument stays sparse; i64 results print as integers.
// RUN: amls-run %s -O0 --entry sparse --arg S=%inputs/S_3x2_nnz2.mtx | filecheck %s --check-prefix=SPARSE
// SPARSE:      result_0 : !matrix.mat<3x2xf64> = 3x2 sparse matrix, nnz=2, sum=6.0, min=0.0, max=4.0
// SPARSE-NEXT:   [2.0, 0.0]
// SPARSE-NEXT:   [0.0, 4.0]
// SPARSE-NEXT:   [0.0, 0.0]
// SPARSE-NEXT: result_1 : i64 = 2
// SPARSE-NOT:  error
func.func @sparse(%S: !matrix.mat<3x2xf64, nnz=2>) -> (!matrix.mat<3x2xf64>, i64) {
  %two = arith.constant 2.0 : f64
  %d = matrix.mul %S, %two : (!matrix.mat<3x2xf64, nnz=2>, f64) -> !matrix.mat<3x2xf64>
  %n = matrix.nnz %d : (!matrix.mat<3x2xf64>) -> i64
  func.return %d, %n : !matrix.mat<3x2xf64>, i64
}

// -o writes the results to an .npz as result_0, result_1.
// RUN: amls-run %s -O0 --arg X=%inputs/X_3x2.npy --arg y=%inputs/y_3x1.csv --arg k=2 -o %t.npz | filecheck %s
// RUN: python -c "import numpy as np; d = np.load('%t.npz'); print(sorted(d.files), d['result_0'].ravel().tolist(), float(d['result_1']))" | filecheck %s --check-prefix=NPZ
// NPZ: ['result_0', 'result_1'] [22.0, 28.0] 50.0

// amls-run --stats: the first sparse value imports scipy.sparse during the run, the first
// rand numpy.random; those imports are one phase of their own, after execute, and not part
// of any op's time. A dense program (its small zero fill is dense) imports no scipy.sparse.

// RUN: amls-run %s --stats | filecheck %s --check-prefix=SPARSE
// SPARSE:      == phases ==
// SPARSE:        execute
// SPARSE-NEXT:   import numpy.random, scipy.sparse
// SPARSE:      == ops ==

// RUN: amls-run %s --entry dense -O0 --stats | filecheck %s --check-prefix=DENSE
// DENSE:       == phases ==
// DENSE:         execute
// DENSE-NEXT:    import numpy.random {{ +}}0.
// DENSE-NOT:     scipy.sparse

func.func @main() -> f64 {
  %n = arith.constant 200 : i64
  %A = matrix.rand %n, %n {min = 1.0, max = 1.0, sparsity = 0.01, pdf = "uniform", seed = 3} : (i64, i64) -> !matrix.mat<200x200xf64>
  %s = matrix.reduce sum all %A : (!matrix.mat<200x200xf64>) -> f64
  func.return %s : f64
}

func.func @dense() -> f64 {
  %n = arith.constant 200 : i64
  %c1 = arith.constant 1 : i64
  %zero = arith.constant 0.0 : f64
  %z = matrix.fill %zero, %n, %c1 : (f64, i64, i64) -> !matrix.mat<200x1xf64>
  %A = matrix.rand %n, %c1 {min = 0.0, max = 1.0, sparsity = 1.0, pdf = "uniform", seed = 3} : (i64, i64) -> !matrix.mat<200x1xf64>
  %B = matrix.add %A, %z : !matrix.mat<200x1xf64>
  %s = matrix.reduce sum all %B : (!matrix.mat<200x1xf64>) -> f64
  func.return %s : f64
}

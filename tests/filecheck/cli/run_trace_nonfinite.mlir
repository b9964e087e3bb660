// amls-run --rewrite-trace says why a rule that needs finite operands was held back on
// data from a file: the argument's data hold NaN (the scan at load found it), so its
// signature states no value facts. With finite data the same rule fires.

// RUN: amls-run %s --arg X=%inputs/nan_3x2.csv --arg b=%inputs/b_2x1.npy --rewrite-trace 2>&1 | filecheck %s --check-prefix=NAN
// NAN:          rewrite-trace: @main compiled for (3x2 nnz=6, 2x1 |x|<={{.*}})
// NAN-NEXT:     rewrite-trace: %X: the data hold NaN
// NAN-NOT:      rewrite: sum-mm
// NAN:          held-back: sum-mm at {{.*}}run_trace_nonfinite.mlir:[[# @LINE + 14]]:3: %X not provably finite
// NAN:          result_0 : f64 = nan

// RUN: amls-run %s --arg X=%inputs/X_3x2.npy --arg b=%inputs/b_2x1.npy --rewrite-trace 2>&1 | filecheck %s --check-prefix=FINITE
// FINITE:       rewrite-trace: @main compiled for (3x2 |x|<=8.0, 2x1 |x|<={{.*}})
// FINITE-NOT:   the data hold
// FINITE:       rewrite: sum-mm at {{.*}}run_trace_nonfinite.mlir:[[# @LINE + 8]]:3
// FINITE-NOT:   held-back: sum-mm

// RUN: amls-run %s --no-data-facts --arg X=%inputs/nan_3x2.csv --arg b=%inputs/b_2x1.npy --rewrite-trace 2>&1 | filecheck %s --check-prefix=NOFACTS
// NOFACTS:      rewrite-trace: @main compiled for the declared types
// NOFACTS-NOT:  the data hold
func.func @main(%X: !matrix.mat<?x?xf64>, %b: !matrix.mat<?x?xf64>) -> f64 {
  %P = matrix.matmul %X, %b : (!matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>
  %s = matrix.reduce sum all %P : (!matrix.mat<?x?xf64>) -> f64
  func.return %s : f64
}

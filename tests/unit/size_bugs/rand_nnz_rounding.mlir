// amls bug: the size rule of matrix.rand computes the number of placed non-zeros
// as round(sparsity * rows * cols), i.e. round((s * r) * c), while the kernel
// computes round(sparsity * (r * c)). They differ in floating point:
//   0.3 * 9 * 5 = 13.499999999999998 -> 13    0.3 * 45 = 13.5 -> 14
//   0.7 * 9 * 5 = 31.5               -> 32    0.7 * 45 = 31.499999999999996 -> 31
// With min > 0 the rule states an exact nnz, so the type is wrong; with any range,
// the worst-case bound nnz_ub is too small (14 > 13).
//
//   amls-opt tests/unit/size_bugs/rand_nnz_rounding.mlir -p size-inference,ipa -o /tmp/r.mlir
//   amls-run /tmp/r.mlir -O0 --check-sizes
//     -> matrix.rand: size check failed: runtime value has 14 non-zeros but the
//        type says !matrix.mat<9x5xf64, nnz=13>
//   (and %b: 31 non-zeros, type says nnz=32)
//
// Avoided by tests/unit/progen.py ("rand-rounding" in KNOWN_BUGS): no rand whose
// sparsity and dims round differently the two ways.
func.func @main() -> (!matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>) {
  %c9 = arith.constant 9 : i64
  %c5 = arith.constant 5 : i64
  %a = matrix.rand %c9, %c5 {min = 1.0, max = 2.0, sparsity = 0.3, pdf = "uniform", seed = 1} : (i64, i64) -> !matrix.mat<?x?xf64>
  %b = matrix.rand %c9, %c5 {min = 1.0, max = 2.0, sparsity = 0.7, pdf = "uniform", seed = 1} : (i64, i64) -> !matrix.mat<?x?xf64>
  func.return %a, %b : !matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>
}

// amls bug: the size rules of matmul and of element-wise mul (two matrices) assume
// 0 * x == 0, but the kernels follow dense IEEE semantics (0 * NaN = NaN, 0 * inf =
// NaN, even where the zero is implicit). With an all-zero operand the rules state
// nnz=0 (and bounds of 0); at runtime the result is all NaN:
//   %p: matrix.matmul: size check failed: runtime value has 9 non-zeros but the
//       type says !matrix.mat<3x3xf64, nnz=0>
//   %q: matrix.mul likewise (3 non-zeros, nnz=0)
// The nnz_ub bounds (min(nnz) for mul, nonzero rows x nonzero cols for matmul) are
// wrong the same way whenever an operand may hold NaN or inf.
//
//   amls-opt tests/unit/size_bugs/nan_times_zero.mlir -p size-inference,ipa -o /tmp/n.mlir
//   amls-run /tmp/n.mlir -O0 --check-sizes     (stops at %p; drop %p to see %q)
//
// Avoided by tests/unit/progen.py ("nan-times-zero" in KNOWN_BUGS): matmul and
// matrix*matrix mul only on operands the generator knows to be finite.
func.func @main() -> (!matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>) {
  %c1 = arith.constant 1 : i64
  %c3 = arith.constant 3 : i64
  %zero = arith.constant 0.0 : f64
  %z = matrix.fill %zero, %c3, %c1 : (f64, i64, i64) -> !matrix.mat<?x?xf64>
  %nan = matrix.div %z, %z : !matrix.mat<?x?xf64>
  %e = matrix.rand %c1, %c3 {sparsity = 0.0, seed = 1} : (i64, i64) -> !matrix.mat<?x?xf64>
  %p = matrix.matmul %nan, %e : !matrix.mat<?x?xf64>
  %q = matrix.mul %nan, %z : !matrix.mat<?x?xf64>
  func.return %p, %q : !matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>
}

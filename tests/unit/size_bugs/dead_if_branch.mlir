// amls bug: size-inference makes invalid IR for an scf.if whose condition it decides.
//
// The analysis knows %cond is false (nrow(%a) = 2, not < 1), so it gives %r the
// facts of the else branch (1x1) and refines the result type to 1x1; `_agree` then
// casts the dead then-branch's yield (%a, refined to 2x2) to 1x1:
//   error: matrix.cast: cast changes known rows from 2 to 1
// Expected: valid IR (e.g. keep the join of both branches in the type, or leave a
// dead branch's yield uncast / cast it to `?`).
//
//   amls-opt tests/unit/size_bugs/dead_if_branch.mlir -p size-inference
//
// Also with a constant condition (`arith.constant false`), and with branches that
// agree on dims but not on nnz ("cast changes known nnz from 1 to 0").
// Under `size-inference,ipa` the next ipa round re-analyses the invalid IR and may
// crash instead (VerifyException: !matrix.mat nnz=9 exceeds 3x1 cells, from
// MatFacts.to_type in refine_types).
// Avoided by tests/unit/progen.py ("dead-if" in KNOWN_BUGS).
func.func @main() -> !matrix.mat<?x?xf64> {
  %c1 = arith.constant 1 : i64
  %c2 = arith.constant 2 : i64
  %f = arith.constant 1.0 : f64
  %a = matrix.fill %f, %c2, %c2 : (f64, i64, i64) -> !matrix.mat<?x?xf64>
  %b = matrix.fill %f, %c1, %c1 : (f64, i64, i64) -> !matrix.mat<?x?xf64>
  %n = matrix.nrow %a : (!matrix.mat<?x?xf64>) -> i64
  %cond = arith.cmpi slt, %n, %c1 : i64
  %r = scf.if %cond -> (!matrix.mat<?x?xf64>) {
    scf.yield %a : !matrix.mat<?x?xf64>
  } else {
    scf.yield %b : !matrix.mat<?x?xf64>
  }
  func.return %r : !matrix.mat<?x?xf64>
}

// amls bug: the diag size rule, given an input with known rows n and unknown cols,
// inferred n x 1 (the diagonal of an n x n matrix). But an n x 1 input is a column
// vector, whose diag is n x n: for the 0x1 input below the result is 0x0, not 0x1.
// Refinement then overrode the declared 0x0 with 0x1 and -O2 returned a 0x1 matrix
// (found by tests/unit/test_rewrite_fuzz.py's progen programs at seed 916).
// Fixed: with cols unknown only the rows are known (and 1 col when rows = 1).
//
//   amls-opt tests/unit/size_bugs/diag_unknown_cols.mlir -p size-inference
func.func @main() -> !matrix.mat<?x?xf64> {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %c2 = arith.constant 2 : i64
  %f = arith.constant 1.0 : f64
  %zero = arith.constant 0.0 : f64
  // a data-dependent condition (true at run time): the analysis cannot decide it
  %r = matrix.rand %c2, %c2 {min = 1.0, max = 2.0, seed = 3} : (i64, i64) -> !matrix.mat<2x2xf64>
  %s = matrix.reduce sum all %r : (!matrix.mat<2x2xf64>) -> f64
  %pos = arith.cmpf ogt, %s, %zero : f64
  %x = scf.if %pos -> (!matrix.mat<0x?xf64>) {
    %col = matrix.fill %f, %c0, %c1 : (f64, i64, i64) -> !matrix.mat<0x?xf64>
    scf.yield %col : !matrix.mat<0x?xf64>
  } else {
    %sq = matrix.fill %f, %c0, %c0 : (f64, i64, i64) -> !matrix.mat<0x?xf64>
    scf.yield %sq : !matrix.mat<0x?xf64>
  }
  %d = matrix.diag %x : (!matrix.mat<0x?xf64>) -> !matrix.mat<?x?xf64>
  func.return %d : !matrix.mat<?x?xf64>
}

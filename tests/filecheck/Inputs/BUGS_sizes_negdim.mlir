// Program for the amls-run lines of BUGS_sizes.mlir (bug 4). Not a test by
// itself (Inputs/ is excluded from the suite).
//
// A size computed as 2 - 5 = -3, in a branch that is not taken when p = 0:
// runs at -O0, but size-inference writes rows=-3 into a type.
func.func @main(%p: i1) -> !matrix.mat<?x?xf64> {
  %c2 = arith.constant 2 : i64
  %c5 = arith.constant 5 : i64
  %z = arith.constant 0.0 : f64
  %n = arith.subi %c2, %c5 : i64
  %r = scf.if %p -> (!matrix.mat<?x?xf64>) {
    %A = matrix.rand %n, %c2 {seed = 1} : (i64, i64) -> !matrix.mat<?x?xf64>
    scf.yield %A : !matrix.mat<?x?xf64>
  } else {
    %B = matrix.fill %z, %c2, %c2 : (f64, i64, i64) -> !matrix.mat<?x?xf64>
    scf.yield %B : !matrix.mat<?x?xf64>
  }
  func.return %r : !matrix.mat<?x?xf64>
}

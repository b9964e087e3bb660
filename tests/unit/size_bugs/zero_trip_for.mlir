// amls bug: size-inference makes invalid IR for an scf.for it knows runs 0 times.
//
// For a zero-trip loop the analysis keeps the init's facts (2x2) for the carried
// value and analyses the dead body once with them, so the yielded cbind gets 2x3;
// refine_types then casts the yield to the block argument's type 2x2:
//   error: matrix.cast: cast changes known cols from 3 to 2
// Expected: valid IR (the body of a zero-trip loop may yield anything of the
// declared type).
//
//   amls-opt tests/unit/size_bugs/zero_trip_for.mlir -p size-inference
//
// Avoided by tests/unit/progen.py ("zero-trip" in KNOWN_BUGS): a loop that may run
// 0 times yields its matrix arguments unchanged.
func.func @main() -> !matrix.mat<?x?xf64> {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %c2 = arith.constant 2 : i64
  %f = arith.constant 1.0 : f64
  %a = matrix.fill %f, %c2, %c2 : (f64, i64, i64) -> !matrix.mat<?x?xf64>
  %col = matrix.fill %f, %c2, %c1 : (f64, i64, i64) -> !matrix.mat<?x?xf64>
  %r = scf.for %i = %c0 to %c0 step %c1 iter_args(%x = %a) -> (!matrix.mat<?x?xf64>) : i64 {
    %y = matrix.cbind %x, %col : !matrix.mat<?x?xf64>
    scf.yield %y : !matrix.mat<?x?xf64>
  }
  func.return %r : !matrix.mat<?x?xf64>
}

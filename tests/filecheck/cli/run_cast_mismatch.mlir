// A matrix.cast states dims its value must have. Where the data contradict it, every
// level fails at the cast: -O0 and --no-data-facts when the cast runs (they used to
// compute on, with the wrong dims folded at -O2), the others when they compile for the
// data. Where the data agree, the cast is free. (A cast nothing reads is removed at -O2
// while the dims it claims may already be folded: claims in the IR are trusted there.)

// RUN: sh -c 'amls-run %s -O0 --arg X=%inputs/X_3x2.npy 2>&1; echo "exit=$?"' | filecheck %s --check-prefix=ERR
// RUN: sh -c 'amls-run %s --no-data-facts --arg X=%inputs/X_3x2.npy 2>&1; echo "exit=$?"' | filecheck %s --check-prefix=ERR
// ERR-NOT:     result_0
// ERR:         run_cast_mismatch.mlir:[[# @LINE + 10]]:3: error: matrix.cast: cast to 4x? of a 3x2 matrix{{$}}
// ERR-NEXT:    exit=1

// RUN: sh -c 'amls-run %s --arg X=%inputs/X_3x2.npy 2>&1; echo "exit=$?"' | filecheck %s --check-prefix=DATA
// DATA:        run_cast_mismatch.mlir:[[# @LINE + 6]]:3: error: matrix.cast: cast changes known rows from 3 to 4
// DATA-NEXT:   exit=1

// RUN: amls-run %s -O0 --arg X=%inputs/X_4x2.npy 2>&1 | filecheck %s --check-prefix=OK
// OK:          result_0 : f64 = 12.0
func.func @main(%X: !matrix.mat<?x?xf64>) -> f64 {
  %S = matrix.cast %X : (!matrix.mat<?x?xf64>) -> !matrix.mat<4x?xf64>
  %n = matrix.nrow %S : (!matrix.mat<4x?xf64>) -> i64
  %f = arith.sitofp %n : i64 to f64
  %s = matrix.reduce sum all %S : (!matrix.mat<4x?xf64>) -> f64
  %r = arith.addf %f, %s : f64
  func.return %r : f64
}

// licm and ops that can fail, run on data: a cast to dims the data do not have and
// a fill too big for memory, in a loop that runs zero times, are not moved out of it
// (-O1 and -O2 print what -O0 prints, with and without data facts); an inv of a
// singular matrix after a print in a loop that runs is not moved before the print
// (every level prints "acc: 0.0", then the same error).

// RUN: amls-run %s -O0 --arg X=%inputs/singular_2x2.npy --arg n=0 > %t.o0
// RUN: amls-run %s -O1 --arg X=%inputs/singular_2x2.npy --arg n=0 > %t.o1
// RUN: amls-run %s -O2 --arg X=%inputs/singular_2x2.npy --arg n=0 > %t.o2
// RUN: amls-run %s -O2 --no-data-facts --arg X=%inputs/singular_2x2.npy --arg n=0 > %t.o2n
// RUN: diff %t.o0 %t.o1
// RUN: diff %t.o0 %t.o2
// RUN: diff %t.o0 %t.o2n
// RUN: filecheck %s --check-prefix=ZERO < %t.o2n
// ZERO: result_0 : f64 = 0.0
func.func @main(%X: !matrix.mat<?x?xf64>, %n: i64) -> f64 {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %c2m = arith.constant 2000000 : i64
  %o = arith.constant 1.5 : f64
  %z = arith.constant 0.0 : f64
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (f64) : i64 {
    %S = matrix.cast %X : (!matrix.mat<?x?xf64>) -> !matrix.mat<?x4xf64>
    %s = matrix.reduce sum all %S : (!matrix.mat<?x4xf64>) -> f64
    %F = matrix.fill %o, %c2m, %c2m : (f64, i64, i64) -> !matrix.mat<?x?xf64>
    %f = matrix.reduce max all %F : (!matrix.mat<?x?xf64>) -> f64
    %u = arith.addf %s, %f : f64
    %a = arith.addf %acc, %u : f64
    scf.yield %a : f64
  }
  func.return %r : f64
}

// RUN: not amls-run %s -O0 --entry printed --arg A=%inputs/singular_2x2.npy > %t.p0 2> %t.e0
// RUN: not amls-run %s -O2 --entry printed --arg A=%inputs/singular_2x2.npy > %t.p2 2> %t.e2
// RUN: diff %t.p0 %t.p2
// RUN: diff %t.e0 %t.e2
// RUN: filecheck %s --check-prefix=PRINTED < %t.p2
// RUN: filecheck %s --check-prefix=ERR < %t.e2
// PRINTED: acc: 0.0
// ERR: run_may_fail.mlir:[[# @LINE + 8]]:5: error: matrix.inv:
func.func @printed(%A: !matrix.mat<?x?xf64>) -> f64 {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %c3 = arith.constant 3 : i64
  %z = arith.constant 0.0 : f64
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %z) -> (f64) : i64 {
    matrix.print %acc {label = "acc"} : f64
    %Ai = matrix.inv %A : !matrix.mat<?x?xf64>
    %s = matrix.reduce sum all %Ai : (!matrix.mat<?x?xf64>) -> f64
    %a = arith.addf %acc, %s : f64
    scf.yield %a : f64
  }
  func.return %r : f64
}

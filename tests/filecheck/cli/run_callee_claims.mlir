// Value facts claimed on a function other than the entry are checked on each call
// (amls.check_claims, set by amls-run): the passes rely on them, so a false claim is an
// error naming the argument and the function, at every level, never a wrong answer
// (sum-mm fired on @f's claim and turned NaN into Inf at -O2). True claims run.
// RUN: not amls-run %s -O0 --arg X=%inputs/inf_3x2.mtx 2>&1 | filecheck %s --check-prefix=FALSE
// RUN: not amls-run %s -O2 --arg X=%inputs/inf_3x2.mtx 2>&1 | filecheck %s --check-prefix=FALSE
// RUN: not amls-run %s -O2 --no-data-facts --arg X=%inputs/inf_3x2.mtx 2>&1 | filecheck %s --check-prefix=FALSE
// FALSE: run_callee_claims.mlir:[[# @LINE + 7]]:1: error: argument %A of @f claims {matrix.absmax = 8.0} but the data hold Inf
// FALSE-NOT: result
// RUN: amls-run %s -O0 --arg X=%inputs/X_3x2.npy > %t.o0
// RUN: amls-run %s -O2 --arg X=%inputs/X_3x2.npy > %t.o2
// RUN: diff %t.o0 %t.o2
// RUN: filecheck %s --check-prefix=TRUE < %t.o2
// TRUE: result_0 : f64 =
func.func @f(%A: !matrix.mat<?x?xf64> {matrix.absmax = 8.0 : f64}, %B: !matrix.mat<?x?xf64>) -> f64 {
  %P = matrix.matmul %A, %B : (!matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>
  %s = matrix.reduce sum all %P : (!matrix.mat<?x?xf64>) -> f64
  func.return %s : f64
}
func.func @main(%X: !matrix.mat<?x?xf64>) -> f64 {
  %Xt = matrix.transpose %X : !matrix.mat<?x?xf64>
  %a = func.call @f(%X, %Xt) : (!matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>) -> f64
  %b = func.call @f(%X, %Xt) : (!matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>) -> f64
  %c = arith.addf %a, %b : f64
  func.return %c : f64
}

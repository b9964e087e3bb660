// amls-run --explain / --rewrite-trace print the plans that ran: the entry compiled for
// the data, then each function recompiled at run time, once, labelled with the signature
// it was compiled for. Here the slice's width (max(X)/max(X) = 1 column) is known only at
// run time: the loop reading it (loop-variant: X + acc, so licm leaves it) is outlined and recompiled at loop entry for a 3x1
// slice, where rowSums of a column vector is the vector (rowagg-single-col).

// RUN: amls-run %s --arg X=%inputs/X_3x2.npy --backend dask --workers 1 --explain | filecheck %s --check-prefix=EXPLAIN
// EXPLAIN:      # plan: @main compiled for (3x2 |x|<=8.0)
// EXPLAIN:      func @main(%X: 3x2 {matrix.finite, matrix.absmax = 8.0}) -> (f64)
// EXPLAIN:      call @main__loop0
// EXPLAIN:      func @main__loop0({{.*}}%Xs: 3x?) -> (f64)
// EXPLAIN:      recompiled at run time
// EXPLAIN:      # plan: @main__loop0 recompiled at run time for (-, -, -, -, 3x1)
// EXPLAIN:      func @main__loop0({{.*}}%Xs: 3x1) -> (f64)
// EXPLAIN-NOT:  recompiled at run time
// EXPLAIN-NOT:  # plan:
// EXPLAIN:      result_0 : f64 = 57505035.0

// RUN: amls-run %s --arg X=%inputs/X_3x2.npy --backend dask --workers 1 --rewrite-trace 2>&1 | filecheck %s --check-prefix=TRACE
// TRACE:        rewrite-trace: @main compiled for (3x2 |x|<=8.0)
// TRACE-NOT:    rowagg-single-col
// TRACE:        rewrite-trace: @main__loop0 recompiled at run time for (-, -, -, -, 3x1)
// TRACE-NEXT:   rewrite: rowagg-single-col at {{.*}}run_recompile_plan.mlir:[[# @LINE + 19]]:5
// TRACE-NEXT:   rewrite-count: rowagg-single-col 1
// TRACE-NOT:    rewrite-trace:
// TRACE:        result_0 : f64 = 57505035.0

// RUN: amls-run %s -O0 --arg X=%inputs/X_3x2.npy | filecheck %s --check-prefix=O0
// O0:           result_0 : f64 = 57505035.0
func.func @main(%X: !matrix.mat<?x?xf64>) -> f64 {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %c3 = arith.constant 3 : i64
  %z = arith.constant 0.0 : f64
  %mx = matrix.reduce max all %X : (!matrix.mat<?x?xf64>) -> f64
  %one = arith.divf %mx, %mx : f64
  %j = arith.fptosi %one : f64 to i64
  %n = matrix.nrow %X : (!matrix.mat<?x?xf64>) -> i64
  %Xs = matrix.slice %X, %c0, %n, %c0, %j : (!matrix.mat<?x?xf64>, i64, i64, i64, i64) -> !matrix.mat<?x?xf64>
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %z) -> (f64) : i64 {
    %Xa = matrix.add %Xs, %acc : (!matrix.mat<?x?xf64>, f64) -> !matrix.mat<?x?xf64>
    %rs = matrix.reduce sum row %Xa : (!matrix.mat<?x?xf64>) -> !matrix.mat<?x1xf64>
    %sq = matrix.mul %rs, %rs : !matrix.mat<?x1xf64>
    %t = matrix.reduce sum all %sq : (!matrix.mat<?x1xf64>) -> f64
    %a = arith.addf %acc, %t : f64
    scf.yield %a : f64
  }
  func.return %r : f64
}

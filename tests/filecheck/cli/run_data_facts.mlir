// amls-run compiles the entry for the data it loads: `?` dims become the data's, and
// the scan's facts (finite, max |x| rounded up to a power of two; nnz of CSV and .mtx
// data) become argument attributes; --explain prints that plan. --no-data-facts (and
// -O0) plan from the declared types. A value fact the program claims on an argument is
// checked at entry: a false claim is one located error naming the argument, never a
// result.

// RUN: amls-run %s --arg X=%inputs/X_3x2.npy --arg y=%inputs/y_3x1.csv --arg k=2 --explain | filecheck %s --check-prefix=EXPLAIN
// EXPLAIN:      # plan: @main compiled for (3x2 |x|<=8.0, 3x1 nnz=2 |x|<=2.0, =2.0)
// EXPLAIN:      func @main(%X: 3x2 {matrix.finite, matrix.absmax = 8.0}, %y: 3x1 nnz=2 {matrix.finite, matrix.absmax = 2.0}, %k: f64) -> (f64)
// EXPLAIN-NOT:  recompiled at run time
// EXPLAIN:      phys.reduce sum row    %X                     3       1
// EXPLAIN:      result_0 : f64 = 408.0

// RUN: amls-run %s --no-data-facts --arg X=%inputs/X_3x2.npy --arg y=%inputs/y_3x1.csv --arg k=2 --explain | filecheck %s --check-prefix=DECLARED
// DECLARED:     # plan: @main compiled for the declared types
// DECLARED:     func @main(%X: ?x?, %y: ?x1, %k: f64) -> (f64)
// DECLARED:     result_0 : f64 = 408.0

// RUN: amls-run %s -O0 --arg X=%inputs/X_3x2.npy --arg y=%inputs/y_3x1.csv --arg k=2 --explain | filecheck %s --check-prefix=O0
// O0:           # plan: @main compiled for the declared types
// O0:           matrix.transpose
// O0:           result_0 : f64 = 408.0

// --stats: reading and the fact scan are their own phase, before compile.
// RUN: amls-run %s --arg X=%inputs/X_3x2.npy --arg y=%inputs/y_3x1.csv --arg k=2 --stats | filecheck %s --check-prefix=STATS
// STATS:        == phases ==
// STATS:        parse and verify
// STATS-NEXT:   load and fact scan
// STATS-NEXT:   compile
// STATS-NEXT:   execute
// STATS:        == compiled for the data ==
// STATS-NEXT:   @main (3x2 |x|<=8.0, 3x1 nnz=2 |x|<=2.0, =2.0)

// RUN: amls-run %s --assume-finite --arg X=%inputs/X_3x2.npy --arg y=%inputs/y_3x1.csv --arg k=2 | filecheck %s --check-prefix=FAST
// FAST:         result_0 : f64 = 408.0
func.func @main(%X: !matrix.mat<?x?xf64>, %y: !matrix.mat<?x1xf64>, %k: f64) -> f64 {
  %Xt = matrix.transpose %X : (!matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>
  %G = matrix.matmul %Xt, %X : (!matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>
  %b = matrix.matmul %Xt, %y : (!matrix.mat<?x?xf64>, !matrix.mat<?x1xf64>) -> !matrix.mat<?x1xf64>
  %s = matrix.reduce sum all %G : (!matrix.mat<?x?xf64>) -> f64
  %t = matrix.reduce sum all %b : (!matrix.mat<?x1xf64>) -> f64
  %u = arith.addf %s, %t : f64
  %v = arith.mulf %u, %k : f64
  func.return %v : f64
}

// Claims that hold: accepted (absmax is an inclusive bound), at every level.
// RUN: amls-run %s --entry claims --arg X=%inputs/X_3x2.npy --arg y=%inputs/y_3x1.csv --arg s=-1.5 | filecheck %s --check-prefix=TRUE
// RUN: amls-run %s -O0 --entry claims --arg X=%inputs/X_3x2.npy --arg y=%inputs/y_3x1.csv --arg s=-1.5 | filecheck %s --check-prefix=TRUE
// TRUE:         result_0 : f64 = 22.5

// RUN: not amls-run %s --entry claims --arg X=%inputs/X_3x2.npy --arg y=%inputs/X_3x2.npy --arg s=1 2>&1 | filecheck %s --check-prefix=SHAPE
// SHAPE:        amls-run: error: --arg y: data is 3x2 but the declared type is !matrix.mat<?x1xf64>

// RUN: not amls-run %s --entry claims --arg X=%inputs/nan_3x2.csv --arg y=%inputs/y_3x1.csv --arg s=1 2>&1 | filecheck %s --check-prefix=NAN
// RUN: not amls-run %s -O0 --entry claims --arg X=%inputs/nan_3x2.csv --arg y=%inputs/y_3x1.csv --arg s=1 2>&1 | filecheck %s --check-prefix=NAN
// NAN:          run_data_facts.mlir:[[# @LINE + 15]]:1: error: argument %X claims {matrix.finite} but the data hold NaN ({{.*}}nan_3x2.csv)
// NAN-NOT:      result_0

// RUN: not amls-run %s --entry claims --arg X=%inputs/inf_3x2.mtx --arg y=%inputs/y_3x1.csv --arg s=1 2>&1 | filecheck %s --check-prefix=INF
// INF:          run_data_facts.mlir:[[# @LINE + 11]]:1: error: argument %X claims {matrix.finite} but the data hold Inf ({{.*}}inf_3x2.mtx)
// INF-NOT:      result_0

// RUN: not amls-run %s --entry bounded --arg X=%inputs/X_3x2.npy 2>&1 | filecheck %s --check-prefix=ABSMAX
// RUN: not amls-run %s --no-data-facts --entry bounded --arg X=%inputs/X_3x2.npy 2>&1 | filecheck %s --check-prefix=ABSMAX
// ABSMAX:       run_data_facts.mlir:[[# @LINE + 17]]:1: error: argument %X claims {matrix.absmax = 4.0} but max |x| is 6.0 ({{.*}}X_3x2.npy)
// ABSMAX-NOT:   result_0

// RUN: not amls-run %s --entry claims --arg X=%inputs/X_3x2.npy --arg y=%inputs/y_3x1.csv --arg s=2.5 2>&1 | filecheck %s --check-prefix=SCALAR
// SCALAR:       run_data_facts.mlir:[[# @LINE + 2]]:1: error: argument %s claims {matrix.absmax = 2.0} but max |x| is 2.5 (2.5)
// SCALAR-NOT:   result_0
func.func @claims(%X: !matrix.mat<?x?xf64> {matrix.finite}, %y: !matrix.mat<?x1xf64> {matrix.absmax = 2.0 : f64}, %s: f64 {matrix.absmax = 2.0}) -> f64 {
  %a = matrix.reduce sum all %X : (!matrix.mat<?x?xf64>) -> f64
  %b = matrix.reduce sum all %y : (!matrix.mat<?x1xf64>) -> f64
  %c = arith.addf %a, %b : f64
  %d = arith.addf %c, %s : f64
  func.return %d : f64
}

// RUN: amls-run %s --entry bounded --arg X=%inputs/denormal_3x2.npy --explain | filecheck %s --check-prefix=MEET
// The plan states the tighter of the claim (4.0) and the data's bound (1.0).
// MEET:         func @bounded(%X: 3x2 {matrix.finite, matrix.absmax = 1.0}) -> (f64)
func.func @bounded(%X: !matrix.mat<?x?xf64> {matrix.absmax = 4.0}) -> f64 {
  %a = matrix.reduce max all %X : (!matrix.mat<?x?xf64>) -> f64
  func.return %a : f64
}

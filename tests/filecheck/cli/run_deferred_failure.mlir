// An op that the data's sizes prove failing, in code that may not run (an scf.if branch,
// a loop body, a called function), fails when it runs, as at -O0: it becomes a
// matrix.fail with the op's message, not a compile-time error of the whole program.
// An op that surely runs (at the top of the entry function) stays a compile-time error.

// The branches do not run: every level gives the answer.
// RUN: amls-run %s -O0 --arg A=%inputs/X_3x2.npy | filecheck %s --check-prefix=OK
// RUN: amls-run %s -O1 --arg A=%inputs/X_3x2.npy | filecheck %s --check-prefix=OK
// RUN: amls-run %s -O2 --arg A=%inputs/X_3x2.npy | filecheck %s --check-prefix=OK
// RUN: amls-run %s -O2 --arg A=%inputs/X_3x2.npy --backend dask --workers 1 | filecheck %s --check-prefix=OK
// OK: result_0 : f64 = 21.0

// Specialised for a 3x2 A, the guarded matmul is a matrix.fail that keeps its location;
// the slice guarded by nrow(A) >= 5 goes with its branch, folded away.
// RUN: amls-opt %s -O2 --arg-type A=3x2 | filecheck %s --check-prefix=PLAN
// PLAN:      scf.if
// PLAN:      phys.fail local {op = "matrix.matmul", message = "matmul inner dimensions differ: 3x2 %*% 3x2"}
// PLAN-NOT:  phys.slice
// PLAN:      func.return
// RUN: amls-opt %s -p size-inference --arg-type A=3x2 --print-debuginfo | filecheck %s --check-prefix=LOC
// LOC:       matrix.fail {op = "matrix.slice", message = "row slice end 5 is out of range for 3x2"} : !matrix.mat<?x?xf64> loc("{{.*}}run_deferred_failure.mlir":[[# @LINE + 13]]:5)
// LOC:       matrix.fail {op = "matrix.matmul", {{.*}} loc("{{.*}}run_deferred_failure.mlir":[[# @LINE + 23]]:5)

func.func @main(%A: !matrix.mat<?x?xf64>) -> f64 {
  %c0 = arith.constant 0 : i64
  %c2 = arith.constant 2 : i64
  %c3 = arith.constant 3 : i64
  %c5 = arith.constant 5 : i64
  %one = arith.constant 1.0 : f64
  %big = arith.constant 1.0e9 : f64
  %n = matrix.nrow %A : (!matrix.mat<?x?xf64>) -> i64
  %tall = arith.cmpi sge, %n, %c5 : i64
  %s0 = scf.if %tall -> (f64) {
    %S = matrix.slice %A, %c0, %c5, %c0, %c5 : (!matrix.mat<?x?xf64>, i64, i64, i64, i64) -> !matrix.mat<?x?xf64>
    %s = matrix.reduce sum all %S : (!matrix.mat<?x?xf64>) -> f64
    scf.yield %s : f64
  } else {
    %s = matrix.reduce sum all %A : (!matrix.mat<?x?xf64>) -> f64
    scf.yield %s : f64
  }
  // data-dependent: decided only when it runs
  %B = matrix.fill %one, %c3, %c2 : (f64, i64, i64) -> !matrix.mat<?x?xf64>
  %huge = arith.cmpf ogt, %s0, %big : f64
  %r = scf.if %huge -> (f64) {
    %C = matrix.matmul %A, %B : (!matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>
    %s = matrix.reduce sum all %C : (!matrix.mat<?x?xf64>) -> f64
    scf.yield %s : f64
  } else {
    scf.yield %s0 : f64
  }
  func.return %r : f64
}

// When the branch runs, the op fails there, with the same message at every level.
// RUN: sh -c 'amls-run %s -O0 --entry taken --arg A=%inputs/X_3x2.npy 2>&1; echo "exit=$?"' | filecheck %s --check-prefix=TAKEN
// RUN: sh -c 'amls-run %s -O2 --entry taken --arg A=%inputs/X_3x2.npy 2>&1; echo "exit=$?"' | filecheck %s --check-prefix=TAKEN
// TAKEN:      run_deferred_failure.mlir:[[# @LINE + 10]]:5: error: matrix.matmul: matmul inner dimensions differ: 3x2 %*% 3x2{{$}}
// TAKEN-NEXT: exit=1
func.func @taken(%A: !matrix.mat<?x?xf64>) -> f64 {
  %c2 = arith.constant 2 : i64
  %c3 = arith.constant 3 : i64
  %one = arith.constant 1.0 : f64
  %B = matrix.fill %one, %c3, %c2 : (f64, i64, i64) -> !matrix.mat<?x?xf64>
  %s0 = matrix.reduce sum all %A : (!matrix.mat<?x?xf64>) -> f64
  %pos = arith.cmpf ogt, %s0, %one : f64
  %r = scf.if %pos -> (f64) {
    %C = matrix.matmul %A, %B : (!matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>
    %s = matrix.reduce sum all %C : (!matrix.mat<?x?xf64>) -> f64
    scf.yield %s : f64
  } else {
    scf.yield %s0 : f64
  }
  func.return %r : f64
}

// A loop that runs zero times, and a function called only there: not run, no error.
// RUN: amls-run %s -O0 --entry loop --arg A=%inputs/X_3x2.npy | filecheck %s --check-prefix=LOOP
// RUN: amls-run %s -O2 --entry loop --arg A=%inputs/X_3x2.npy | filecheck %s --check-prefix=LOOP
// LOOP: result_0 : f64 = 21.0
func.func @loop(%A: !matrix.mat<?x?xf64>) -> f64 {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %s0 = matrix.reduce sum all %A : (!matrix.mat<?x?xf64>) -> f64
  %k = arith.fptosi %s0 : f64 to i64
  %trips = arith.subi %k, %k : i64
  %r = scf.for %i = %c0 to %trips step %c1 iter_args(%acc = %s0) -> (f64) : i64 {
    %t = func.call @corner(%A) : (!matrix.mat<?x?xf64>) -> f64
    %acc2 = arith.addf %acc, %t : f64
    scf.yield %acc2 : f64
  }
  func.return %r : f64
}
func.func @corner(%X: !matrix.mat<?x?xf64>) -> f64 {
  %c0 = arith.constant 0 : i64
  %c4 = arith.constant 4 : i64
  %S = matrix.slice %X, %c0, %c4, %c0, %c4 : (!matrix.mat<?x?xf64>, i64, i64, i64, i64) -> !matrix.mat<?x?xf64>
  %s = matrix.reduce sum all %S : (!matrix.mat<?x?xf64>) -> f64
  func.return %s : f64
}

// At the top of the entry function the op surely runs: a compile-time error at -O2 (before
// anything runs), a run-time one at -O0; the same words.
// RUN: sh -c 'amls-run %s -O0 --entry top --arg A=%inputs/X_3x2.npy 2>&1; echo "exit=$?"' | filecheck %s --check-prefix=TOP
// RUN: sh -c 'amls-run %s -O2 --entry top --arg A=%inputs/X_3x2.npy 2>&1; echo "exit=$?"' | filecheck %s --check-prefix=TOP
// RUN: sh -c 'amls-opt %s -O2 --entry top --arg-type A=3x2 2>&1; echo "exit=$?"' | filecheck %s --check-prefix=TOP
// TOP:      run_deferred_failure.mlir:[[# @LINE + 6]]:3: error: matrix.slice: row slice end 4 is out of range for 3x2{{$}}
// TOP-NEXT: exit=1
func.func @top(%A: !matrix.mat<?x?xf64>) -> f64 {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %c4 = arith.constant 4 : i64
  %S = matrix.slice %A, %c0, %c4, %c0, %c1 : (!matrix.mat<?x?xf64>, i64, i64, i64, i64) -> !matrix.mat<?x?xf64>
  %s = matrix.reduce sum all %S : (!matrix.mat<?x?xf64>) -> f64
  func.return %s : f64
}

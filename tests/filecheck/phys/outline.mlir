// outline-loops: a top-level loop reading a matrix of unknown size becomes a
// function called where the loop was (so dynamic recompilation re-plans it at loop
// entry); a loop whose inputs all have known sizes stays.

// RUN: amls-opt %s --split-input-file -p outline-loops | filecheck %s
// RUN: amls-opt %s --split-input-file -p outline-loops | amls-opt --split-input-file | filecheck %s

// CHECK-LABEL: func.func @run(
// CHECK:         %Xs = matrix.slice
// CHECK-NEXT:    %r = func.call @run__loop0(%c0, %c5, %c1, %v0, %Xs) : (i64, i64, i64, !matrix.mat<?x1xf64>, !matrix.mat<?x?xf64>) -> !matrix.mat<?x1xf64>
// CHECK-NEXT:    %s = matrix.reduce sum all %r
// CHECK-LABEL: func.func @run__loop0(%c0: i64, %c5: i64, %c1: i64, %v0: !matrix.mat<?x1xf64>, %Xs: !matrix.mat<?x?xf64>) -> !matrix.mat<?x1xf64> {
// CHECK-NEXT:    %r = scf.for %i = %c0 to %c5 step %c1 iter_args(%v = %v0)
// CHECK:           matrix.matmul %Xs, %v
// CHECK:         func.return %r
func.func @run(%X: !matrix.mat<?x?xf64>, %v0: !matrix.mat<?x1xf64>) -> f64 {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %c5 = arith.constant 5 : i64
  %n = matrix.nrow %X : (!matrix.mat<?x?xf64>) -> i64
  %m = matrix.ncol %X : (!matrix.mat<?x?xf64>) -> i64
  %k = arith.divsi %n, %c5 : i64
  %Xs = matrix.slice %X, %c0, %k, %c0, %m : (!matrix.mat<?x?xf64>, i64, i64, i64, i64) -> !matrix.mat<?x?xf64>
  %r = scf.for %i = %c0 to %c5 step %c1 iter_args(%v = %v0) -> (!matrix.mat<?x1xf64>) : i64 {
    %q = matrix.matmul %Xs, %v : (!matrix.mat<?x?xf64>, !matrix.mat<?x1xf64>) -> !matrix.mat<?x1xf64>
    %Xt = matrix.transpose %Xs : (!matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>
    %g = matrix.matmul %Xt, %q : (!matrix.mat<?x?xf64>, !matrix.mat<?x1xf64>) -> !matrix.mat<?x1xf64>
    scf.yield %g : !matrix.mat<?x1xf64>
  }
  %s = matrix.reduce sum all %r : (!matrix.mat<?x1xf64>) -> f64
  func.return %s : f64
}

// -----

// CHECK-LABEL: func.func @known(
// CHECK-NOT:     func.call
// CHECK:         scf.for
// CHECK-NOT:   func.func @known__loop0
func.func @known(%X: !matrix.mat<100x10xf64>, %v0: !matrix.mat<10x1xf64>) -> !matrix.mat<10x1xf64> {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %c5 = arith.constant 5 : i64
  %r = scf.for %i = %c0 to %c5 step %c1 iter_args(%v = %v0) -> (!matrix.mat<10x1xf64>) : i64 {
    %q = matrix.matmul %X, %v : (!matrix.mat<100x10xf64>, !matrix.mat<10x1xf64>) -> !matrix.mat<100x1xf64>
    %Xt = matrix.transpose %X : (!matrix.mat<100x10xf64>) -> !matrix.mat<10x100xf64>
    %g = matrix.matmul %Xt, %q : (!matrix.mat<10x100xf64>, !matrix.mat<100x1xf64>) -> !matrix.mat<10x1xf64>
    scf.yield %g : !matrix.mat<10x1xf64>
  }
  func.return %r : !matrix.mat<10x1xf64>
}

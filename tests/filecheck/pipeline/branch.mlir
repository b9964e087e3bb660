// -O2 on a gradient-descent loop whose body branches on nrow(X) > 5: size facts
// make nrow(X) the literal 100, constant-fold decides the branch, and the loop
// body keeps only the taken side (no scf.if left, the other side's t(X)%*%X
// gone). -O1 already does it (constant-fold is in -O1); a run-time condition
// keeps its branch at -O2.

// RUN: amls-opt %s --split-input-file -O2 | filecheck %s
// RUN: amls-opt %s --split-input-file -O2 | amls-opt --split-input-file | filecheck %s
// RUN: amls-opt %s --split-input-file -O1 | filecheck %s --check-prefix=O1

// CHECK-LABEL: func.func @main(
// CHECK:         scf.for
// CHECK-NOT:       scf.if
// CHECK-NOT:       !matrix.mat<10x10xf64>
// CHECK:           %gr = phys.mmchain local xtxvy %X, %wi, %y : (!matrix.mat<100x10xf64>, !matrix.mat<10x1xf64>, !matrix.mat<100x1xf64>) -> !matrix.mat<10x1xf64>
// CHECK-NOT:       scf.if
// CHECK:           scf.yield
// O1-LABEL: func.func @main(
// O1-NOT:     scf.if
// O1:         func.return
func.func @main(%X: !matrix.mat<100x10xf64>, %y: !matrix.mat<100x1xf64>) -> !matrix.mat<10x1xf64> {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %c5 = arith.constant 5 : i64
  %c10 = arith.constant 10 : i64
  %iters = arith.constant 10 : i64
  %step = arith.constant 0.01 : f64
  %zero = arith.constant 0.0 : f64
  %w = matrix.fill %zero, %c10, %c1 : (f64, i64, i64) -> !matrix.mat<10x1xf64>
  %r = scf.for %i = %c0 to %iters step %c1 iter_args(%wi = %w) -> (!matrix.mat<10x1xf64>) : i64 {
    %n = matrix.nrow %X : (!matrix.mat<100x10xf64>) -> i64
    %big = arith.cmpi sgt, %n, %c5 : i64
    %g = scf.if %big -> (!matrix.mat<10x1xf64>) {
      %Xt = matrix.transpose %X : (!matrix.mat<100x10xf64>) -> !matrix.mat<10x100xf64>
      %Xw = matrix.matmul %X, %wi : (!matrix.mat<100x10xf64>, !matrix.mat<10x1xf64>) -> !matrix.mat<100x1xf64>
      %res = matrix.sub %Xw, %y : !matrix.mat<100x1xf64>
      %gr = matrix.matmul %Xt, %res : (!matrix.mat<10x100xf64>, !matrix.mat<100x1xf64>) -> !matrix.mat<10x1xf64>
      scf.yield %gr : !matrix.mat<10x1xf64>
    } else {
      %Xt2 = matrix.transpose %X : (!matrix.mat<100x10xf64>) -> !matrix.mat<10x100xf64>
      %A = matrix.matmul %Xt2, %X : (!matrix.mat<10x100xf64>, !matrix.mat<100x10xf64>) -> !matrix.mat<10x10xf64>
      %gr2 = matrix.matmul %A, %wi : (!matrix.mat<10x10xf64>, !matrix.mat<10x1xf64>) -> !matrix.mat<10x1xf64>
      scf.yield %gr2 : !matrix.mat<10x1xf64>
    }
    %sg = matrix.mul %g, %step : (!matrix.mat<10x1xf64>, f64) -> !matrix.mat<10x1xf64>
    %wn = matrix.sub %wi, %sg : !matrix.mat<10x1xf64>
    scf.yield %wn : !matrix.mat<10x1xf64>
  }
  func.return %r : !matrix.mat<10x1xf64>
}

// -----

// The condition is a function argument: the branch stays.
// CHECK-LABEL: func.func @main(
// CHECK:         scf.for
// CHECK:           scf.if %p
// O1-LABEL: func.func @main(
// O1:         scf.if %p
func.func @main(%X: !matrix.mat<100x10xf64>, %w: !matrix.mat<10x1xf64>, %p: i1) -> !matrix.mat<10x1xf64> {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %iters = arith.constant 10 : i64
  %r = scf.for %i = %c0 to %iters step %c1 iter_args(%wi = %w) -> (!matrix.mat<10x1xf64>) : i64 {
    %g = scf.if %p -> (!matrix.mat<10x1xf64>) {
      %h = matrix.neg %wi : !matrix.mat<10x1xf64>
      scf.yield %h : !matrix.mat<10x1xf64>
    } else {
      scf.yield %wi : !matrix.mat<10x1xf64>
    }
    scf.yield %g : !matrix.mat<10x1xf64>
  }
  func.return %r : !matrix.mat<10x1xf64>
}

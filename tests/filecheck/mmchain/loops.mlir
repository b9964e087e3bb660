// mmchain in an scf.for with a known trip count: a sub-chain of loop-invariant factors
// is computed once (licm hoists it), so the chain is planned by time per iteration, the
// invariant product counting 1/trips (passes/mmchain.py). PCA's power iteration: forming
// t(X)%*%X once (500 Mflop) beats t(X)%*%(X%*%v) (4 Mflop, memory-bound) at 50 trips,
// not at 5; an unknown trip count, a while loop or a loop-variant X keep the flops plan.

// RUN: amls-opt %s --split-input-file -p mmchain --rewrite-trace 2>&1 | filecheck %s
// RUN: amls-opt %s --split-input-file -p mmchain | amls-opt --split-input-file -p mmchain --rewrite-trace 2>&1 | filecheck %s --check-prefix=AGAIN
// AGAIN-NOT: rewrite:
// AGAIN-NOT: error
// RUN: amls-opt %s --split-input-file -O2 | filecheck %s --check-prefix=O2

// Written with the Gram matrix: kept (no rewrite), and -O2 hoists it as one tsmm.
// CHECK-NOT:   rewrite: mmchain
// CHECK-LABEL: func.func @gram50(
// CHECK:         scf.for
// CHECK-NEXT:      %Xt = matrix.transpose %X
// CHECK-NEXT:      %G = matrix.matmul %Xt, %X
// CHECK-NEXT:      %u = matrix.matmul %G, %vi
// O2-LABEL:    func.func @gram50(
// O2:            phys.tsmm local left %X
// O2-NEXT:       scf.for
// O2-NEXT:         phys.matmul local mm {{.*}} : (!matrix.mat<250x250xf64>, !matrix.mat<250x1xf64>)
// O2-NOT:          phys.mmchain
func.func @gram50(%X: !matrix.mat<8000x250xf64>, %v0: !matrix.mat<250x1xf64>) -> !matrix.mat<250x1xf64> {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %n = arith.constant 50 : i64
  %v = scf.for %i = %c0 to %n step %c1 iter_args(%vi = %v0) -> (!matrix.mat<250x1xf64>) : i64 {
    %Xt = matrix.transpose %X : (!matrix.mat<8000x250xf64>) -> !matrix.mat<250x8000xf64>
    %G = matrix.matmul %Xt, %X : (!matrix.mat<250x8000xf64>, !matrix.mat<8000x250xf64>) -> !matrix.mat<250x250xf64>
    %u = matrix.matmul %G, %vi : (!matrix.mat<250x250xf64>, !matrix.mat<250x1xf64>) -> !matrix.mat<250x1xf64>
    scf.yield %u : !matrix.mat<250x1xf64>
  }
  func.return %v : !matrix.mat<250x1xf64>
}

// -----

// Written as the chain t(X)%*%(X%*%v) at 50 trips: the Gram matrix is formed instead.
// CHECK:       rewrite: mmchain at {{.*}}loops.mlir:{{[0-9]+}}:5
// CHECK-LABEL: func.func @chain50(
// CHECK:         scf.for
// CHECK:           %[[G:.*]] = matrix.matmul %Xt, %X : (!matrix.mat<250x8000xf64>, !matrix.mat<8000x250xf64>) -> !matrix.mat<250x250xf64>
// CHECK-NEXT:      %{{.*}} = matrix.matmul %[[G]], %vi
// O2-LABEL:    func.func @chain50(
// O2:            phys.tsmm local left %X
// O2-NEXT:       scf.for
func.func @chain50(%X: !matrix.mat<8000x250xf64>, %v0: !matrix.mat<250x1xf64>) -> !matrix.mat<250x1xf64> {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %n = arith.constant 50 : i64
  %v = scf.for %i = %c0 to %n step %c1 iter_args(%vi = %v0) -> (!matrix.mat<250x1xf64>) : i64 {
    %Xt = matrix.transpose %X : (!matrix.mat<8000x250xf64>) -> !matrix.mat<250x8000xf64>
    %Xv = matrix.matmul %X, %vi : (!matrix.mat<8000x250xf64>, !matrix.mat<250x1xf64>) -> !matrix.mat<8000x1xf64>
    %u = matrix.matmul %Xt, %Xv : (!matrix.mat<250x8000xf64>, !matrix.mat<8000x1xf64>) -> !matrix.mat<250x1xf64>
    scf.yield %u : !matrix.mat<250x1xf64>
  }
  func.return %v : !matrix.mat<250x1xf64>
}

// -----

// 5 trips: forming t(X)%*%X does not pay; the flops plan t(X)%*%(X%*%v) as outside loops.
// CHECK:       rewrite: mmchain
// CHECK-LABEL: func.func @gram5(
// CHECK:         scf.for
// CHECK:           %[[XV:.*]] = matrix.matmul %X, %vi : (!matrix.mat<8000x250xf64>, !matrix.mat<250x1xf64>) -> !matrix.mat<8000x1xf64>
// CHECK-NEXT:      %{{.*}} = matrix.matmul %Xt, %[[XV]]
// O2-LABEL:    func.func @gram5(
// O2:            scf.for
// O2-NEXT:         phys.mmchain local xtxv %X
func.func @gram5(%X: !matrix.mat<8000x250xf64>, %v0: !matrix.mat<250x1xf64>) -> !matrix.mat<250x1xf64> {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %n = arith.constant 5 : i64
  %v = scf.for %i = %c0 to %n step %c1 iter_args(%vi = %v0) -> (!matrix.mat<250x1xf64>) : i64 {
    %Xt = matrix.transpose %X : (!matrix.mat<8000x250xf64>) -> !matrix.mat<250x8000xf64>
    %G = matrix.matmul %Xt, %X : (!matrix.mat<250x8000xf64>, !matrix.mat<8000x250xf64>) -> !matrix.mat<250x250xf64>
    %u = matrix.matmul %G, %vi : (!matrix.mat<250x250xf64>, !matrix.mat<250x1xf64>) -> !matrix.mat<250x1xf64>
    scf.yield %u : !matrix.mat<250x1xf64>
  }
  func.return %v : !matrix.mat<250x1xf64>
}

// -----

// Unknown trip count: the flops plan.
// CHECK:       rewrite: mmchain
// CHECK-LABEL: func.func @gram_n(
// CHECK:           %[[XV:.*]] = matrix.matmul %X, %vi
// CHECK-NEXT:      %{{.*}} = matrix.matmul %Xt, %[[XV]]
func.func @gram_n(%X: !matrix.mat<8000x250xf64>, %v0: !matrix.mat<250x1xf64>, %n: i64) -> !matrix.mat<250x1xf64> {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %v = scf.for %i = %c0 to %n step %c1 iter_args(%vi = %v0) -> (!matrix.mat<250x1xf64>) : i64 {
    %Xt = matrix.transpose %X : (!matrix.mat<8000x250xf64>) -> !matrix.mat<250x8000xf64>
    %G = matrix.matmul %Xt, %X : (!matrix.mat<250x8000xf64>, !matrix.mat<8000x250xf64>) -> !matrix.mat<250x250xf64>
    %u = matrix.matmul %G, %vi : (!matrix.mat<250x250xf64>, !matrix.mat<250x1xf64>) -> !matrix.mat<250x1xf64>
    scf.yield %u : !matrix.mat<250x1xf64>
  }
  func.return %v : !matrix.mat<250x1xf64>
}

// -----

// X changes every iteration (carried): nothing is invariant, the flops plan.
// CHECK:       rewrite: mmchain
// CHECK-LABEL: func.func @variant(
// CHECK:           %[[XV:.*]] = matrix.matmul %Xi, %vi
// CHECK-NEXT:      %{{.*}} = matrix.matmul %Xt, %[[XV]]
func.func @variant(%X0: !matrix.mat<8000x250xf64>, %v0: !matrix.mat<250x1xf64>) -> !matrix.mat<250x1xf64> {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %n = arith.constant 50 : i64
  %two = arith.constant 2.0 : f64
  %v, %Xl = scf.for %i = %c0 to %n step %c1 iter_args(%vi = %v0, %Xi = %X0) -> (!matrix.mat<250x1xf64>, !matrix.mat<8000x250xf64>) : i64 {
    %Xt = matrix.transpose %Xi : (!matrix.mat<8000x250xf64>) -> !matrix.mat<250x8000xf64>
    %G = matrix.matmul %Xt, %Xi : (!matrix.mat<250x8000xf64>, !matrix.mat<8000x250xf64>) -> !matrix.mat<250x250xf64>
    %u = matrix.matmul %G, %vi : (!matrix.mat<250x250xf64>, !matrix.mat<250x1xf64>) -> !matrix.mat<250x1xf64>
    %X2 = matrix.mul %Xi, %two : (!matrix.mat<8000x250xf64>, f64) -> !matrix.mat<8000x250xf64>
    scf.yield %u, %X2 : !matrix.mat<250x1xf64>, !matrix.mat<8000x250xf64>
  }
  func.return %v : !matrix.mat<250x1xf64>
}

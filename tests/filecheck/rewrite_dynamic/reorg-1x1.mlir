// simplify-dynamic rule `reorg-1x1`: t(X), diag(X), reshape(X) -> X when X is 1x1.
// (reshape of a 1x1 to 1x1 is caught first by `reshape-same`, earlier in the
// table, so the reshape row of reorg-1x1 is never the one that fires.)
// A 1x2 transpose, a diag of a `?x1` vector and a reshape of a `?x?` matrix stay.

// RUN: amls-opt %s --split-input-file -p simplify-dynamic --rewrite-trace 2>&1 | filecheck %s
// The output re-parses and a second run has nothing left to rewrite.
// RUN: amls-opt %s --split-input-file -p simplify-dynamic | amls-opt --split-input-file -p simplify-dynamic --rewrite-trace 2>&1 | filecheck %s --check-prefix=AGAIN
// AGAIN-NOT: rewrite:
// AGAIN-NOT: error

// CHECK:       rewrite: reorg-1x1 at {{.*}}reorg-1x1.mlir:{{[0-9]+}}:3
// CHECK-NEXT:  rewrite: reorg-1x1 at {{.*}}reorg-1x1.mlir:{{[0-9]+}}:3
// CHECK-NEXT:  rewrite: reshape-same at {{.*}}reorg-1x1.mlir:{{[0-9]+}}:3
// CHECK-NEXT:  rewrite-count: reorg-1x1 2
// CHECK-NEXT:  rewrite-count: reshape-same 1
// CHECK-LABEL: func.func @one(
// CHECK-NEXT:    func.return %X, %X, %X : !matrix.mat<1x1xf64>, !matrix.mat<1x1xf64>, !matrix.mat<1x1xf64>
func.func @one(%X: !matrix.mat<1x1xf64>) -> (!matrix.mat<1x1xf64>, !matrix.mat<1x1xf64>, !matrix.mat<1x1xf64>) {
  %c1 = arith.constant 1 : i64
  %t = matrix.transpose %X : !matrix.mat<1x1xf64>
  %d = matrix.diag %X : !matrix.mat<1x1xf64>
  %r = matrix.reshape %X, %c1, %c1 : (!matrix.mat<1x1xf64>, i64, i64) -> !matrix.mat<1x1xf64>
  func.return %t, %d, %r : !matrix.mat<1x1xf64>, !matrix.mat<1x1xf64>, !matrix.mat<1x1xf64>
}

// -----

// CHECK-NOT:   rewrite:
// CHECK-LABEL: func.func @not_one(
// CHECK-NEXT:    %c1 = arith.constant 1 : i64
// CHECK-NEXT:    %t = matrix.transpose %X : (!matrix.mat<1x2xf64>) -> !matrix.mat<2x1xf64>
// CHECK-NEXT:    %d = matrix.diag %v : (!matrix.mat<?x1xf64>) -> !matrix.mat<?x?xf64>
// CHECK-NEXT:    %r = matrix.reshape %U, %c1, %c1 : (!matrix.mat<?x?xf64>, i64, i64) -> !matrix.mat<1x1xf64>
func.func @not_one(%X: !matrix.mat<1x2xf64>, %v: !matrix.mat<?x1xf64>, %U: !matrix.mat<?x?xf64>) -> (!matrix.mat<2x1xf64>, !matrix.mat<?x?xf64>, !matrix.mat<1x1xf64>) {
  %c1 = arith.constant 1 : i64
  %t = matrix.transpose %X : (!matrix.mat<1x2xf64>) -> !matrix.mat<2x1xf64>
  %d = matrix.diag %v : (!matrix.mat<?x1xf64>) -> !matrix.mat<?x?xf64>
  %r = matrix.reshape %U, %c1, %c1 : (!matrix.mat<?x?xf64>, i64, i64) -> !matrix.mat<1x1xf64>
  func.return %t, %d, %r : !matrix.mat<2x1xf64>, !matrix.mat<?x?xf64>, !matrix.mat<1x1xf64>
}

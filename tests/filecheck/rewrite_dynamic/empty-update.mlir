// simplify-dynamic rule `empty-update`: update(X, Y, ..) -> fill(0, dims X) when
// both X and Y are empty. Not when only one of them is (an empty Y written into
// a non-empty X keeps X's other cells; a non-empty Y into an empty X adds them),
// nor when X's nnz is unknown.

// RUN: amls-opt %s --split-input-file -p simplify-dynamic --rewrite-trace 2>&1 | filecheck %s
// The output re-parses and a second run has nothing left to rewrite.
// RUN: amls-opt %s --split-input-file -p simplify-dynamic | amls-opt --split-input-file -p simplify-dynamic --rewrite-trace 2>&1 | filecheck %s --check-prefix=AGAIN
// AGAIN-NOT: rewrite:
// AGAIN-NOT: error

// An empty 2x3 block written into an empty 10x5 matrix: a 10x5 zero fill.
// CHECK:       rewrite: empty-update at {{.*}}empty-update.mlir:{{[0-9]+}}:3
// CHECK-NEXT:  rewrite-count: empty-update 1
// CHECK-LABEL: func.func @fires(
// CHECK-NOT:     matrix.update
// CHECK:         %u = matrix.fill %{{.*}}, %{{.*}}, %{{.*}} : (f64, i64, i64) -> !matrix.mat<10x5xf64, nnz=0>
// CHECK-NEXT:    %[[U:.*]] = matrix.cast %u : (!matrix.mat<10x5xf64, nnz=0>) -> !matrix.mat<10x5xf64>
// CHECK-NEXT:    func.return %[[U]]
func.func @fires(%X: !matrix.mat<10x5xf64, nnz=0>, %Y: !matrix.mat<2x3xf64, nnz=0>) -> !matrix.mat<10x5xf64> {
  %r = arith.constant 1 : i64
  %c = arith.constant 2 : i64
  %u = matrix.update %X, %Y, %r, %c : (!matrix.mat<10x5xf64, nnz=0>, !matrix.mat<2x3xf64, nnz=0>, i64, i64) -> !matrix.mat<10x5xf64>
  func.return %u : !matrix.mat<10x5xf64>
}

// -----

// CHECK-NOT:   rewrite:
// CHECK-LABEL: func.func @no(
// CHECK:         %a = matrix.update %X, %Y, %r, %c :
// CHECK-NEXT:    %b = matrix.update %Z, %W, %r, %c :
// CHECK-NEXT:    %d = matrix.update %U, %W, %r, %c :
func.func @no(%X: !matrix.mat<10x5xf64, nnz=0>, %Y: !matrix.mat<2x3xf64>, %Z: !matrix.mat<10x5xf64, nnz=4>, %W: !matrix.mat<2x3xf64, nnz=0>, %U: !matrix.mat<10x5xf64>) -> (!matrix.mat<10x5xf64>, !matrix.mat<10x5xf64>, !matrix.mat<10x5xf64>) {
  %r = arith.constant 1 : i64
  %c = arith.constant 2 : i64
  %a = matrix.update %X, %Y, %r, %c : (!matrix.mat<10x5xf64, nnz=0>, !matrix.mat<2x3xf64>, i64, i64) -> !matrix.mat<10x5xf64>
  %b = matrix.update %Z, %W, %r, %c : (!matrix.mat<10x5xf64, nnz=4>, !matrix.mat<2x3xf64, nnz=0>, i64, i64) -> !matrix.mat<10x5xf64>
  %d = matrix.update %U, %W, %r, %c : (!matrix.mat<10x5xf64>, !matrix.mat<2x3xf64, nnz=0>, i64, i64) -> !matrix.mat<10x5xf64>
  func.return %a, %b, %d : !matrix.mat<10x5xf64>, !matrix.mat<10x5xf64>, !matrix.mat<10x5xf64>
}

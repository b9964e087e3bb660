// simplify-dynamic rule `unnecessary-slice`: X[0:r, 0:c] -> X when the literal
// bounds cover all of X (dims known). A slice that starts past 0, stops short,
// has a bound known only at run time, or a source with unknown dims stays.

// RUN: amls-opt %s --split-input-file -p simplify-dynamic --rewrite-trace 2>&1 | filecheck %s
// The output re-parses and a second run has nothing left to rewrite.
// RUN: amls-opt %s --split-input-file -p simplify-dynamic | amls-opt --split-input-file -p simplify-dynamic --rewrite-trace 2>&1 | filecheck %s --check-prefix=AGAIN
// AGAIN-NOT: rewrite:
// AGAIN-NOT: error

// X[0:10, 0:5] of a 10x5 matrix is X itself.
// CHECK:       rewrite: unnecessary-slice at {{.*}}unnecessary-slice.mlir:{{[0-9]+}}:3
// CHECK-NEXT:  rewrite-count: unnecessary-slice 1
// CHECK-LABEL: func.func @covers(
// CHECK-NEXT:    func.return %X : !matrix.mat<10x5xf64>
func.func @covers(%X: !matrix.mat<10x5xf64>) -> !matrix.mat<10x5xf64> {
  %c0 = arith.constant 0 : i64
  %c10 = arith.constant 10 : i64
  %c5 = arith.constant 5 : i64
  %s = matrix.slice %X, %c0, %c10, %c0, %c5 : (!matrix.mat<10x5xf64>, i64, i64, i64, i64) -> !matrix.mat<10x5xf64>
  func.return %s : !matrix.mat<10x5xf64>
}

// -----

// Rows 1:10, and columns 0:4: not the whole matrix.
// CHECK-NOT:   rewrite:
// CHECK-LABEL: func.func @partial(
// CHECK:         %s = matrix.slice %X, %c1, %c10, %c0, %c5 :
// CHECK-NEXT:    %t = matrix.slice %X, %c0, %c10, %c0, %c4 :
// CHECK-NEXT:    func.return %s, %t
func.func @partial(%X: !matrix.mat<10x5xf64>) -> (!matrix.mat<9x5xf64>, !matrix.mat<10x4xf64>) {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %c4 = arith.constant 4 : i64
  %c10 = arith.constant 10 : i64
  %c5 = arith.constant 5 : i64
  %s = matrix.slice %X, %c1, %c10, %c0, %c5 : (!matrix.mat<10x5xf64>, i64, i64, i64, i64) -> !matrix.mat<9x5xf64>
  %t = matrix.slice %X, %c0, %c10, %c0, %c4 : (!matrix.mat<10x5xf64>, i64, i64, i64, i64) -> !matrix.mat<10x4xf64>
  func.return %s, %t : !matrix.mat<9x5xf64>, !matrix.mat<10x4xf64>
}

// -----

// Unknown rows of the source (`?x5`), or an upper bound that is a run-time value.
// CHECK-NOT:   rewrite:
// CHECK-LABEL: func.func @unknown(
// CHECK:         %u = matrix.slice %U, %c0, %c10, %c0, %c5 :
// CHECK-NEXT:    %w = matrix.slice %X, %c0, %n, %c0, %c5 :
// CHECK-NEXT:    func.return %u, %w
func.func @unknown(%U: !matrix.mat<?x5xf64>, %X: !matrix.mat<10x5xf64>, %n: i64) -> (!matrix.mat<?x5xf64>, !matrix.mat<?x5xf64>) {
  %c0 = arith.constant 0 : i64
  %c10 = arith.constant 10 : i64
  %c5 = arith.constant 5 : i64
  %u = matrix.slice %U, %c0, %c10, %c0, %c5 : (!matrix.mat<?x5xf64>, i64, i64, i64, i64) -> !matrix.mat<?x5xf64>
  %w = matrix.slice %X, %c0, %n, %c0, %c5 : (!matrix.mat<10x5xf64>, i64, i64, i64, i64) -> !matrix.mat<?x5xf64>
  func.return %u, %w : !matrix.mat<?x5xf64>, !matrix.mat<?x5xf64>
}

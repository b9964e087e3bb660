// simplify-dynamic rule `unnecessary-update`: update(X, Y, 0, 0) -> Y when Y has
// X's dims (it overwrites all of X). A smaller Y, an offset known only at run
// time, or unknown dims leave the update in place.

// RUN: amls-opt %s --split-input-file -p simplify-dynamic --rewrite-trace 2>&1 | filecheck %s
// The output re-parses and a second run has nothing left to rewrite.
// RUN: amls-opt %s --split-input-file -p simplify-dynamic | amls-opt --split-input-file -p simplify-dynamic --rewrite-trace 2>&1 | filecheck %s --check-prefix=AGAIN
// AGAIN-NOT: rewrite:
// AGAIN-NOT: error

// Y (4x3, nnz=5) replaces all of X (4x3): the result is Y, cast back to the
// update's type for the func.return.
// CHECK:       rewrite: unnecessary-update at {{.*}}unnecessary-update.mlir:{{[0-9]+}}:3
// CHECK-NEXT:  rewrite-count: unnecessary-update 1
// CHECK-LABEL: func.func @whole(
// CHECK-NOT:     matrix.update
// CHECK:         %[[Y:.*]] = matrix.cast %Y : (!matrix.mat<4x3xf64, nnz=5>) -> !matrix.mat<4x3xf64>
// CHECK-NEXT:    func.return %[[Y]] : !matrix.mat<4x3xf64>
func.func @whole(%X: !matrix.mat<4x3xf64>, %Y: !matrix.mat<4x3xf64, nnz=5>) -> !matrix.mat<4x3xf64> {
  %c0 = arith.constant 0 : i64
  %u = matrix.update %X, %Y, %c0, %c0 : (!matrix.mat<4x3xf64>, !matrix.mat<4x3xf64, nnz=5>, i64, i64) -> !matrix.mat<4x3xf64>
  func.return %u : !matrix.mat<4x3xf64>
}

// -----

// Y covers only two rows; the row offset is a run-time value.
// CHECK-NOT:   rewrite:
// CHECK-LABEL: func.func @part(
// CHECK:         %v = matrix.update %X, %Z, %c0, %c0 :
// CHECK-NEXT:    %w = matrix.update %X, %Y, %r, %c0 :
func.func @part(%X: !matrix.mat<4x3xf64>, %Z: !matrix.mat<2x3xf64>, %Y: !matrix.mat<4x3xf64>, %r: i64) -> (!matrix.mat<4x3xf64>, !matrix.mat<4x3xf64>) {
  %c0 = arith.constant 0 : i64
  %v = matrix.update %X, %Z, %c0, %c0 : (!matrix.mat<4x3xf64>, !matrix.mat<2x3xf64>, i64, i64) -> !matrix.mat<4x3xf64>
  %w = matrix.update %X, %Y, %r, %c0 : (!matrix.mat<4x3xf64>, !matrix.mat<4x3xf64>, i64, i64) -> !matrix.mat<4x3xf64>
  func.return %v, %w : !matrix.mat<4x3xf64>, !matrix.mat<4x3xf64>
}

// -----

// Unknown rows on both sides: Y may be shorter than X.
// CHECK-NOT:   rewrite:
// CHECK-LABEL: func.func @unknown(
// CHECK:         %u = matrix.update %X, %Y, %c0, %c0 :
func.func @unknown(%X: !matrix.mat<?x3xf64>, %Y: !matrix.mat<?x3xf64>) -> !matrix.mat<?x3xf64> {
  %c0 = arith.constant 0 : i64
  %u = matrix.update %X, %Y, %c0, %c0 : (!matrix.mat<?x3xf64>, !matrix.mat<?x3xf64>, i64, i64) -> !matrix.mat<?x3xf64>
  func.return %u : !matrix.mat<?x3xf64>
}

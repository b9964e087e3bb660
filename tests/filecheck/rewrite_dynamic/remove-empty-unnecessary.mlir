// simplify-dynamic rule `remove-empty-unnecessary`: removeEmpty(X) -> X when no line of X
// is empty (nnz = cells) or X has one line along the margin (kept, or replaced by the one
// zero line). Not when nnz < cells, not with unknown dims, not a 1-row X with
// empty_return = false, not a column vector by rows.

// RUN: amls-opt %s --split-input-file -p simplify-dynamic --rewrite-trace 2>&1 | filecheck %s
// The output re-parses and a second run has nothing left to rewrite.
// RUN: amls-opt %s --split-input-file -p simplify-dynamic | amls-opt --split-input-file -p simplify-dynamic --rewrite-trace 2>&1 | filecheck %s --check-prefix=AGAIN
// AGAIN-NOT: rewrite:
// AGAIN-NOT: error

// CHECK:       rewrite: remove-empty-unnecessary at
// CHECK-NEXT:  rewrite: remove-empty-unnecessary at
// CHECK-NEXT:  rewrite: remove-empty-unnecessary at
// CHECK-NEXT:  rewrite: remove-empty-unnecessary at
// CHECK-NEXT:  rewrite-count: remove-empty-unnecessary 4
// CHECK-LABEL: func.func @fires(
// CHECK-NEXT:    %0 = matrix.cast %X : (!matrix.mat<3x4xf64, nnz=12>) -> !matrix.mat<?x4xf64>
// CHECK-NEXT:    %1 = matrix.cast %X : (!matrix.mat<3x4xf64, nnz=12>) -> !matrix.mat<3x?xf64>
// CHECK-NEXT:    %2 = matrix.cast %r : (!matrix.mat<1x5xf64>) -> !matrix.mat<?x5xf64>
// CHECK-NEXT:    %3 = matrix.cast %c : (!matrix.mat<6x1xf64>) -> !matrix.mat<6x?xf64>
// CHECK-NEXT:    func.return %0, %1, %2, %3 : !matrix.mat<?x4xf64>, !matrix.mat<3x?xf64>, !matrix.mat<?x5xf64>, !matrix.mat<6x?xf64>
// CHECK-NEXT:  }
func.func @fires(%X: !matrix.mat<3x4xf64, nnz=12>, %r: !matrix.mat<1x5xf64>, %c: !matrix.mat<6x1xf64>) -> (!matrix.mat<?x4xf64>, !matrix.mat<3x?xf64>, !matrix.mat<?x5xf64>, !matrix.mat<6x?xf64>) {
  %a = matrix.remove_empty rows %X : (!matrix.mat<3x4xf64, nnz=12>) -> !matrix.mat<?x4xf64>
  %b = matrix.remove_empty cols %X : (!matrix.mat<3x4xf64, nnz=12>) -> !matrix.mat<3x?xf64>
  %d = matrix.remove_empty rows %r : (!matrix.mat<1x5xf64>) -> !matrix.mat<?x5xf64>
  %e = matrix.remove_empty cols %c : (!matrix.mat<6x1xf64>) -> !matrix.mat<6x?xf64>
  func.return %a, %b, %d, %e : !matrix.mat<?x4xf64>, !matrix.mat<3x?xf64>, !matrix.mat<?x5xf64>, !matrix.mat<6x?xf64>
}

// -----

// CHECK-NOT:   rewrite:
// CHECK-LABEL: func.func @declines(
// CHECK-NEXT:    %a = matrix.remove_empty rows %X : (!matrix.mat<3x4xf64, nnz=11>) -> !matrix.mat<?x4xf64>
// CHECK-NEXT:    %b = matrix.remove_empty rows %Y : (!matrix.mat<?x4xf64, nnz=12>) -> !matrix.mat<?x4xf64>
// CHECK-NEXT:    %d = matrix.remove_empty rows %r {empty_return = false} : (!matrix.mat<1x5xf64>) -> !matrix.mat<?x5xf64>
// CHECK-NEXT:    %e = matrix.remove_empty rows %c : (!matrix.mat<6x1xf64>) -> !matrix.mat<?x1xf64>
// CHECK-NEXT:    func.return %a, %b, %d, %e : !matrix.mat<?x4xf64>, !matrix.mat<?x4xf64>, !matrix.mat<?x5xf64>, !matrix.mat<?x1xf64>
// CHECK-NEXT:  }
func.func @declines(%X: !matrix.mat<3x4xf64, nnz=11>, %Y: !matrix.mat<?x4xf64, nnz=12>, %r: !matrix.mat<1x5xf64>, %c: !matrix.mat<6x1xf64>) -> (!matrix.mat<?x4xf64>, !matrix.mat<?x4xf64>, !matrix.mat<?x5xf64>, !matrix.mat<?x1xf64>) {
  %a = matrix.remove_empty rows %X : (!matrix.mat<3x4xf64, nnz=11>) -> !matrix.mat<?x4xf64>
  %b = matrix.remove_empty rows %Y : (!matrix.mat<?x4xf64, nnz=12>) -> !matrix.mat<?x4xf64>
  %d = matrix.remove_empty rows %r {empty_return = false} : (!matrix.mat<1x5xf64>) -> !matrix.mat<?x5xf64>
  %e = matrix.remove_empty rows %c : (!matrix.mat<6x1xf64>) -> !matrix.mat<?x1xf64>
  func.return %a, %b, %d, %e : !matrix.mat<?x4xf64>, !matrix.mat<?x4xf64>, !matrix.mat<?x5xf64>, !matrix.mat<?x1xf64>
}

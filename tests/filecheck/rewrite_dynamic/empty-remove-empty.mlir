// simplify-dynamic rule `empty-remove-empty`: removeEmpty(X) of an empty X -> the one zero
// row (fill(0, 1, ncol X)) or column. Not with empty_return = false (0 lines), not when X may
// have non-zeros, not with a select.

// RUN: amls-opt %s --split-input-file -p simplify-dynamic --rewrite-trace 2>&1 | filecheck %s
// The output re-parses and a second run has nothing left to rewrite.
// RUN: amls-opt %s --split-input-file -p simplify-dynamic | amls-opt --split-input-file -p simplify-dynamic --rewrite-trace 2>&1 | filecheck %s --check-prefix=AGAIN
// AGAIN-NOT: rewrite:
// AGAIN-NOT: error

// CHECK:       rewrite: empty-remove-empty at
// CHECK-NEXT:  rewrite: empty-remove-empty at
// CHECK-NEXT:  rewrite: empty-remove-empty at
// CHECK-NEXT:  rewrite-count: empty-remove-empty 3
// CHECK-LABEL: func.func @fires(
// CHECK-NEXT:    %0 = arith.constant 0.000000e+00 : f64
// CHECK-NEXT:    %1 = arith.constant 1 : i64
// CHECK-NEXT:    %2 = arith.constant 3 : i64
// CHECK-NEXT:    %a = matrix.fill %0, %1, %2 : (f64, i64, i64) -> !matrix.mat<1x3xf64, nnz=0>
// CHECK-NEXT:    %3 = matrix.cast %a : (!matrix.mat<1x3xf64, nnz=0>) -> !matrix.mat<?x3xf64>
// CHECK-NEXT:    %4 = arith.constant 0.000000e+00 : f64
// CHECK-NEXT:    %5 = arith.constant 1 : i64
// CHECK-NEXT:    %6 = arith.constant 4 : i64
// CHECK-NEXT:    %b = matrix.fill %4, %6, %5 : (f64, i64, i64) -> !matrix.mat<4x1xf64, nnz=0>
// CHECK-NEXT:    %7 = matrix.cast %b : (!matrix.mat<4x1xf64, nnz=0>) -> !matrix.mat<4x?xf64>
// CHECK-NEXT:    %8 = arith.constant 0.000000e+00 : f64
// CHECK-NEXT:    %9 = arith.constant 1 : i64
// CHECK-NEXT:    %10 = matrix.ncol %W : (!matrix.mat<?x?xf64, nnz=0>) -> i64
// CHECK-NEXT:    %c = matrix.fill %8, %9, %10 : (f64, i64, i64) -> !matrix.mat<1x?xf64, nnz=0>
// CHECK-NEXT:    %11 = matrix.cast %c : (!matrix.mat<1x?xf64, nnz=0>) -> !matrix.mat<?x?xf64>
// CHECK-NEXT:    func.return %3, %7, %11 : !matrix.mat<?x3xf64>, !matrix.mat<4x?xf64>, !matrix.mat<?x?xf64>
// CHECK-NEXT:  }
func.func @fires(%Z: !matrix.mat<4x3xf64, nnz=0>, %W: !matrix.mat<?x?xf64, nnz=0>) -> (!matrix.mat<?x3xf64>, !matrix.mat<4x?xf64>, !matrix.mat<?x?xf64>) {
  %a = matrix.remove_empty rows %Z : (!matrix.mat<4x3xf64, nnz=0>) -> !matrix.mat<?x3xf64>
  %b = matrix.remove_empty cols %Z : (!matrix.mat<4x3xf64, nnz=0>) -> !matrix.mat<4x?xf64>
  %c = matrix.remove_empty rows %W : (!matrix.mat<?x?xf64, nnz=0>) -> !matrix.mat<?x?xf64>
  func.return %a, %b, %c : !matrix.mat<?x3xf64>, !matrix.mat<4x?xf64>, !matrix.mat<?x?xf64>
}

// -----

// CHECK-NOT:   rewrite:
// CHECK-LABEL: func.func @declines(
// CHECK-NEXT:    %a = matrix.remove_empty rows %Z {empty_return = false} : (!matrix.mat<4x3xf64, nnz=0>) -> !matrix.mat<?x3xf64>
// CHECK-NEXT:    %b = matrix.remove_empty rows %X : (!matrix.mat<4x3xf64>) -> !matrix.mat<?x3xf64>
// CHECK-NEXT:    %c = matrix.remove_empty rows %Z, %s : (!matrix.mat<4x3xf64, nnz=0>, !matrix.mat<4x1xf64>) -> !matrix.mat<?x3xf64>
// CHECK-NEXT:    func.return %a, %b, %c : !matrix.mat<?x3xf64>, !matrix.mat<?x3xf64>, !matrix.mat<?x3xf64>
// CHECK-NEXT:  }
func.func @declines(%Z: !matrix.mat<4x3xf64, nnz=0>, %X: !matrix.mat<4x3xf64>, %s: !matrix.mat<4x1xf64>) -> (!matrix.mat<?x3xf64>, !matrix.mat<?x3xf64>, !matrix.mat<?x3xf64>) {
  %a = matrix.remove_empty rows %Z {empty_return = false} : (!matrix.mat<4x3xf64, nnz=0>) -> !matrix.mat<?x3xf64>
  %b = matrix.remove_empty rows %X : (!matrix.mat<4x3xf64>) -> !matrix.mat<?x3xf64>
  %c = matrix.remove_empty rows %Z, %s : (!matrix.mat<4x3xf64, nnz=0>, !matrix.mat<4x1xf64>) -> !matrix.mat<?x3xf64>
  func.return %a, %b, %c : !matrix.mat<?x3xf64>, !matrix.mat<?x3xf64>, !matrix.mat<?x3xf64>
}

// simplify-static rule `remove-empty-nrow`: nrow(removeEmpty(X, rows, select=s)) ->
// max(nnz(s), 1) (ncol for cols; the one zero line that empty_return gives where s
// selects nothing, as SystemDS's kernel returns it: its own rewrite says 0 there), nnz(s)
// with empty_return = false; nrow(removeEmpty(v, rows)) of a column vector -> max(nnz(v),
// 1) (the one zero row of an empty v). Not for a matrix without select, not with
// empty_return = false on a vector (an empty v gives 0 rows there), not nrow of a cols
// removeEmpty.

// RUN: amls-opt %s --split-input-file -p simplify-static --rewrite-trace 2>&1 | filecheck %s
// The output re-parses and a second run has nothing left to rewrite.
// RUN: amls-opt %s --split-input-file -p simplify-static | amls-opt --split-input-file -p simplify-static --rewrite-trace 2>&1 | filecheck %s --check-prefix=AGAIN
// AGAIN-NOT: rewrite:
// AGAIN-NOT: error

// CHECK:       rewrite: remove-empty-nrow at
// CHECK-NEXT:  rewrite: remove-empty-nrow at
// CHECK-NEXT:  rewrite: remove-empty-nrow at
// CHECK-NEXT:  rewrite: remove-empty-nrow at
// CHECK-NEXT:  rewrite-count: remove-empty-nrow 4
// CHECK-LABEL: func.func @fires(
// CHECK-NEXT:    %0 = matrix.nnz %s : (!matrix.mat<?x1xf64>) -> i64
// CHECK-NEXT:    %1 = arith.constant 1 : i64
// CHECK-NEXT:    %n = arith.maxsi %0, %1 : i64
// CHECK-NEXT:    %2 = matrix.nnz %u : (!matrix.mat<1x?xf64>) -> i64
// CHECK-NEXT:    %3 = arith.constant 1 : i64
// CHECK-NEXT:    %k = arith.maxsi %2, %3 : i64
// CHECK-NEXT:    %e = matrix.nnz %s : (!matrix.mat<?x1xf64>) -> i64
// CHECK-NEXT:    %4 = matrix.nnz %v : (!matrix.mat<?x1xf64>) -> i64
// CHECK-NEXT:    %5 = arith.constant 1 : i64
// CHECK-NEXT:    %m = arith.maxsi %4, %5 : i64
// CHECK-NEXT:    func.return %n, %k, %e, %m : i64, i64, i64, i64
// CHECK-NEXT:  }
func.func @fires(%X: !matrix.mat<?x?xf64>, %s: !matrix.mat<?x1xf64>, %u: !matrix.mat<1x?xf64>, %v: !matrix.mat<?x1xf64>) -> (i64, i64, i64, i64) {
  %R = matrix.remove_empty rows %X, %s : (!matrix.mat<?x?xf64>, !matrix.mat<?x1xf64>) -> !matrix.mat<?x?xf64>
  %n = matrix.nrow %R : (!matrix.mat<?x?xf64>) -> i64
  %C = matrix.remove_empty cols %X, %u : (!matrix.mat<?x?xf64>, !matrix.mat<1x?xf64>) -> !matrix.mat<?x?xf64>
  %k = matrix.ncol %C : (!matrix.mat<?x?xf64>) -> i64
  %E = matrix.remove_empty rows %X, %s {empty_return = false} : (!matrix.mat<?x?xf64>, !matrix.mat<?x1xf64>) -> !matrix.mat<?x?xf64>
  %e = matrix.nrow %E : (!matrix.mat<?x?xf64>) -> i64
  %V = matrix.remove_empty rows %v : (!matrix.mat<?x1xf64>) -> !matrix.mat<?x1xf64>
  %m = matrix.nrow %V : (!matrix.mat<?x1xf64>) -> i64
  func.return %n, %k, %e, %m : i64, i64, i64, i64
}

// -----

// CHECK-NOT:   rewrite:
// CHECK-LABEL: func.func @declines(
// CHECK-NEXT:    %R = matrix.remove_empty rows %X : !matrix.mat<?x?xf64>
// CHECK-NEXT:    %n = matrix.nrow %R : (!matrix.mat<?x?xf64>) -> i64
// CHECK-NEXT:    %V = matrix.remove_empty rows %v {empty_return = false} : !matrix.mat<?x1xf64>
// CHECK-NEXT:    %m = matrix.nrow %V : (!matrix.mat<?x1xf64>) -> i64
// CHECK-NEXT:    %C = matrix.remove_empty cols %v : (!matrix.mat<?x1xf64>) -> !matrix.mat<?x?xf64>
// CHECK-NEXT:    %k = matrix.nrow %C : (!matrix.mat<?x?xf64>) -> i64
// CHECK-NEXT:    func.return %n, %m, %k : i64, i64, i64
// CHECK-NEXT:  }
func.func @declines(%X: !matrix.mat<?x?xf64>, %v: !matrix.mat<?x1xf64>) -> (i64, i64, i64) {
  %R = matrix.remove_empty rows %X : (!matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>
  %n = matrix.nrow %R : (!matrix.mat<?x?xf64>) -> i64
  %V = matrix.remove_empty rows %v {empty_return = false} : (!matrix.mat<?x1xf64>) -> !matrix.mat<?x1xf64>
  %m = matrix.nrow %V : (!matrix.mat<?x1xf64>) -> i64
  %C = matrix.remove_empty cols %v : (!matrix.mat<?x1xf64>) -> !matrix.mat<?x?xf64>
  %k = matrix.nrow %C : (!matrix.mat<?x?xf64>) -> i64
  func.return %n, %m, %k : i64, i64, i64
}

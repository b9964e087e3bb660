// simplify-dynamic rule `empty-order` (SystemDS simplifyEmptySortOperation): order of an
// empty X -> its zeros, or the rows in input order seq(0, n-1) for the index (stable). Not
// the index of unknown or 0 rows, not a non-empty X.

// RUN: amls-opt %s --split-input-file -p simplify-dynamic --rewrite-trace 2>&1 | filecheck %s
// The output re-parses and a second run has nothing left to rewrite.
// RUN: amls-opt %s --split-input-file -p simplify-dynamic | amls-opt --split-input-file -p simplify-dynamic --rewrite-trace 2>&1 | filecheck %s --check-prefix=AGAIN
// AGAIN-NOT: rewrite:
// AGAIN-NOT: error

// CHECK:       rewrite: empty-order at
// CHECK-NEXT:  rewrite: empty-order at
// CHECK-NEXT:  rewrite-count: empty-order 2
// CHECK-LABEL: func.func @fires(
// CHECK-NEXT:    %0 = arith.constant 0.000000e+00 : f64
// CHECK-NEXT:    %1 = arith.constant 4 : i64
// CHECK-NEXT:    %2 = arith.constant 3 : i64
// CHECK-NEXT:    %a = matrix.fill %0, %1, %2 : (f64, i64, i64) -> !matrix.mat<4x3xf64, nnz=0>
// CHECK-NEXT:    %3 = matrix.cast %a : (!matrix.mat<4x3xf64, nnz=0>) -> !matrix.mat<4x3xf64>
// CHECK-NEXT:    %4 = arith.constant 0.000000e+00 : f64
// CHECK-NEXT:    %5 = arith.constant 3.000000e+00 : f64
// CHECK-NEXT:    %6 = arith.constant 1.000000e+00 : f64
// CHECK-NEXT:    %i = matrix.seq %4, %5, %6 : (f64, f64, f64) -> !matrix.mat<4x1xf64>
// CHECK-NEXT:    func.return %3, %i : !matrix.mat<4x3xf64>, !matrix.mat<4x1xf64>
// CHECK-NEXT:  }
func.func @fires(%Z: !matrix.mat<4x3xf64, nnz=0>) -> (!matrix.mat<4x3xf64>, !matrix.mat<4x1xf64>) {
  %by = arith.constant 1 : i64
  %a = matrix.order %Z, %by : (!matrix.mat<4x3xf64, nnz=0>, i64) -> !matrix.mat<4x3xf64>
  %i = matrix.order %Z, %by {decreasing = true, index_return = true} : (!matrix.mat<4x3xf64, nnz=0>, i64) -> !matrix.mat<4x1xf64>
  func.return %a, %i : !matrix.mat<4x3xf64>, !matrix.mat<4x1xf64>
}

// -----

// CHECK-NOT:   rewrite:
// CHECK-LABEL: func.func @declines(
// CHECK-NEXT:    %by = arith.constant 1 : i64
// CHECK-NEXT:    %i = matrix.order %Z, %by {index_return = true} : (!matrix.mat<?x3xf64, nnz=0>, i64) -> !matrix.mat<?x1xf64>
// CHECK-NEXT:    %j = matrix.order %E, %by {index_return = true} : (!matrix.mat<0x3xf64>, i64) -> !matrix.mat<0x1xf64>
// CHECK-NEXT:    %a = matrix.order %X, %by : (!matrix.mat<4x3xf64>, i64) -> !matrix.mat<4x3xf64>
// CHECK-NEXT:    func.return %i, %j, %a : !matrix.mat<?x1xf64>, !matrix.mat<0x1xf64>, !matrix.mat<4x3xf64>
// CHECK-NEXT:  }
func.func @declines(%Z: !matrix.mat<?x3xf64, nnz=0>, %E: !matrix.mat<0x3xf64>, %X: !matrix.mat<4x3xf64>) -> (!matrix.mat<?x1xf64>, !matrix.mat<0x1xf64>, !matrix.mat<4x3xf64>) {
  %by = arith.constant 1 : i64
  %i = matrix.order %Z, %by {index_return = true} : (!matrix.mat<?x3xf64, nnz=0>, i64) -> !matrix.mat<?x1xf64>
  %j = matrix.order %E, %by {index_return = true} : (!matrix.mat<0x3xf64>, i64) -> !matrix.mat<0x1xf64>
  %a = matrix.order %X, %by : (!matrix.mat<4x3xf64>, i64) -> !matrix.mat<4x3xf64>
  func.return %i, %j, %a : !matrix.mat<?x1xf64>, !matrix.mat<0x1xf64>, !matrix.mat<4x3xf64>
}

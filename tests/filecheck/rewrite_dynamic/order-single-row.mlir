// simplify-dynamic rule `order-single-row`: order of a 1-row X -> X, its index -> [0].
// Not for 2 rows or unknown rows.

// RUN: amls-opt %s --split-input-file -p simplify-dynamic --rewrite-trace 2>&1 | filecheck %s
// The output re-parses and a second run has nothing left to rewrite.
// RUN: amls-opt %s --split-input-file -p simplify-dynamic | amls-opt --split-input-file -p simplify-dynamic --rewrite-trace 2>&1 | filecheck %s --check-prefix=AGAIN
// AGAIN-NOT: rewrite:
// AGAIN-NOT: error

// CHECK:       rewrite: order-single-row at
// CHECK-NEXT:  rewrite: order-single-row at
// CHECK-NEXT:  rewrite-count: order-single-row 2
// CHECK-LABEL: func.func @fires(
// CHECK-NEXT:    %0 = arith.constant 0.000000e+00 : f64
// CHECK-NEXT:    %1 = arith.constant 0.000000e+00 : f64
// CHECK-NEXT:    %2 = arith.constant 1.000000e+00 : f64
// CHECK-NEXT:    %i = matrix.seq %0, %1, %2 : (f64, f64, f64) -> !matrix.mat<1x1xf64>
// CHECK-NEXT:    func.return %X, %i : !matrix.mat<1x3xf64>, !matrix.mat<1x1xf64>
// CHECK-NEXT:  }
func.func @fires(%X: !matrix.mat<1x3xf64>) -> (!matrix.mat<1x3xf64>, !matrix.mat<1x1xf64>) {
  %by = arith.constant 2 : i64
  %a = matrix.order %X, %by {decreasing = true} : (!matrix.mat<1x3xf64>, i64) -> !matrix.mat<1x3xf64>
  %i = matrix.order %X, %by {index_return = true} : (!matrix.mat<1x3xf64>, i64) -> !matrix.mat<1x1xf64>
  func.return %a, %i : !matrix.mat<1x3xf64>, !matrix.mat<1x1xf64>
}

// -----

// CHECK-NOT:   rewrite:
// CHECK-LABEL: func.func @declines(
// CHECK-NEXT:    %by = arith.constant 0 : i64
// CHECK-NEXT:    %a = matrix.order %X, %by : (!matrix.mat<2x3xf64>, i64) -> !matrix.mat<2x3xf64>
// CHECK-NEXT:    %i = matrix.order %Y, %by {index_return = true} : (!matrix.mat<?x3xf64>, i64) -> !matrix.mat<?x1xf64>
// CHECK-NEXT:    func.return %a, %i : !matrix.mat<2x3xf64>, !matrix.mat<?x1xf64>
// CHECK-NEXT:  }
func.func @declines(%X: !matrix.mat<2x3xf64>, %Y: !matrix.mat<?x3xf64>) -> (!matrix.mat<2x3xf64>, !matrix.mat<?x1xf64>) {
  %by = arith.constant 0 : i64
  %a = matrix.order %X, %by : (!matrix.mat<2x3xf64>, i64) -> !matrix.mat<2x3xf64>
  %i = matrix.order %Y, %by {index_return = true} : (!matrix.mat<?x3xf64>, i64) -> !matrix.mat<?x1xf64>
  func.return %a, %i : !matrix.mat<2x3xf64>, !matrix.mat<?x1xf64>
}

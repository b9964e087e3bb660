// simplify-dynamic rule `empty-slice`: X[..] -> fill(0, rows, cols) when X is
// empty (nnz=0) and the bounds are literals (the result dims are known).
// Not when X has nnz 3 or unknown nnz, nor when a bound is a run-time value.

// RUN: amls-opt %s --split-input-file -p simplify-dynamic --rewrite-trace 2>&1 | filecheck %s
// The output re-parses and a second run has nothing left to rewrite.
// RUN: amls-opt %s --split-input-file -p simplify-dynamic | amls-opt --split-input-file -p simplify-dynamic --rewrite-trace 2>&1 | filecheck %s --check-prefix=AGAIN
// AGAIN-NOT: rewrite:
// AGAIN-NOT: error

// A literal-bounds slice [1:4, 2:4] of an empty 10x5 matrix: a 3x2 zero fill,
// cast back to the slice's type for the func.return.
// CHECK:       rewrite: empty-slice at {{.*}}empty-slice.mlir:{{[0-9]+}}:3
// CHECK-NEXT:  rewrite-count: empty-slice 1
// CHECK-LABEL: func.func @fires(
// CHECK-NEXT:    %[[Z:.*]] = arith.constant 0.000000e+00 : f64
// CHECK-NEXT:    %[[R:.*]] = arith.constant 3 : i64
// CHECK-NEXT:    %[[C:.*]] = arith.constant 2 : i64
// CHECK-NEXT:    %a = matrix.fill %[[Z]], %[[R]], %[[C]] : (f64, i64, i64) -> !matrix.mat<3x2xf64, nnz=0>
// CHECK-NEXT:    %[[A:.*]] = matrix.cast %a : (!matrix.mat<3x2xf64, nnz=0>) -> !matrix.mat<3x2xf64>
// CHECK-NEXT:    func.return %[[A]] : !matrix.mat<3x2xf64>
func.func @fires(%X: !matrix.mat<10x5xf64, nnz=0>) -> !matrix.mat<3x2xf64> {
  %c1 = arith.constant 1 : i64
  %c4 = arith.constant 4 : i64
  %c2 = arith.constant 2 : i64
  %a = matrix.slice %X, %c1, %c4, %c2, %c4 : (!matrix.mat<10x5xf64, nnz=0>, i64, i64, i64, i64) -> !matrix.mat<3x2xf64>
  func.return %a : !matrix.mat<3x2xf64>
}

// -----

// CHECK-NOT:   rewrite:
// CHECK-LABEL: func.func @not_empty(
// CHECK:         %b = matrix.slice %Y, %c1, %c4, %c2, %c4 :
// CHECK-NEXT:    %c = matrix.slice %Z, %c1, %c4, %c2, %c4 :
func.func @not_empty(%Y: !matrix.mat<10x5xf64, nnz=3>, %Z: !matrix.mat<10x5xf64>) -> (!matrix.mat<3x2xf64>, !matrix.mat<3x2xf64>) {
  %c1 = arith.constant 1 : i64
  %c4 = arith.constant 4 : i64
  %c2 = arith.constant 2 : i64
  %b = matrix.slice %Y, %c1, %c4, %c2, %c4 : (!matrix.mat<10x5xf64, nnz=3>, i64, i64, i64, i64) -> !matrix.mat<3x2xf64>
  %c = matrix.slice %Z, %c1, %c4, %c2, %c4 : (!matrix.mat<10x5xf64>, i64, i64, i64, i64) -> !matrix.mat<3x2xf64>
  func.return %b, %c : !matrix.mat<3x2xf64>, !matrix.mat<3x2xf64>
}

// -----

// An empty source, but the upper row bound is a run-time value.
// CHECK-NOT:   rewrite:
// CHECK-LABEL: func.func @runtime_bound(
// CHECK:         %a = matrix.slice %X, %c0, %n, %c0, %c5 :
func.func @runtime_bound(%X: !matrix.mat<10x5xf64, nnz=0>, %n : i64) -> !matrix.mat<?x5xf64> {
  %c0 = arith.constant 0 : i64
  %c5 = arith.constant 5 : i64
  %a = matrix.slice %X, %c0, %n, %c0, %c5 : (!matrix.mat<10x5xf64, nnz=0>, i64, i64, i64, i64) -> !matrix.mat<?x5xf64>
  func.return %a : !matrix.mat<?x5xf64>
}

// simplify-dynamic rule `sliced-mm`: (X%*%Y)[r0:r1, c0:c1] -> X[r0:r1, 0:k] %*% Y[0:k, c0:c1]
// when the product has one use and the slice has fewer cells than the product (both
// dims known). A slice that would cover its operand is left out; an unknown inner dim
// k is read with ncol(X). Not for a product with another use, a product of unknown
// dims, nor a slice of unknown dims.

// RUN: amls-opt %s --split-input-file -p simplify-dynamic --rewrite-trace 2>&1 | filecheck %s
// The output re-parses and a second run has nothing left to rewrite.
// RUN: amls-opt %s --split-input-file -p simplify-dynamic | amls-opt --split-input-file -p simplify-dynamic --rewrite-trace 2>&1 | filecheck %s --check-prefix=AGAIN
// AGAIN-NOT: rewrite:
// AGAIN-NOT: error

// One cell of a 100x80 product: a row of X times a column of Y.
// CHECK:       rewrite: sliced-mm at {{.*}}sliced-mm.mlir:{{[0-9]+}}:3
// CHECK-NEXT:  rewrite-count: sliced-mm 1
// CHECK-LABEL: func.func @cell(
// CHECK:         %[[Z:.*]] = arith.constant 0 : i64
// CHECK-NEXT:    %[[K:.*]] = arith.constant 50 : i64
// CHECK-NEXT:    %[[XS:.*]] = matrix.slice %X, %c3, %c4, %[[Z]], %[[K]] : (!matrix.mat<100x50xf64>, i64, i64, i64, i64) -> !matrix.mat<1x50xf64>
// CHECK-NEXT:    %[[YS:.*]] = matrix.slice %Y, %[[Z]], %[[K]], %c5, %c6 : (!matrix.mat<50x80xf64>, i64, i64, i64, i64) -> !matrix.mat<50x1xf64>
// CHECK-NEXT:    %s = matrix.matmul %[[XS]], %[[YS]] : (!matrix.mat<1x50xf64>, !matrix.mat<50x1xf64>) -> !matrix.mat<1x1xf64>
// CHECK-NEXT:    func.return %s
// CHECK-NOT:     matrix.matmul %X, %Y
func.func @cell(%X: !matrix.mat<100x50xf64>, %Y: !matrix.mat<50x80xf64>) -> !matrix.mat<1x1xf64> {
  %c3 = arith.constant 3 : i64
  %c4 = arith.constant 4 : i64
  %c5 = arith.constant 5 : i64
  %c6 = arith.constant 6 : i64
  %P = matrix.matmul %X, %Y : (!matrix.mat<100x50xf64>, !matrix.mat<50x80xf64>) -> !matrix.mat<100x80xf64>
  %s = matrix.slice %P, %c3, %c4, %c5, %c6 : (!matrix.mat<100x80xf64>, i64, i64, i64, i64) -> !matrix.mat<1x1xf64>
  func.return %s : !matrix.mat<1x1xf64>
}

// -----

// Rows 10:20, all 80 columns: Y is not sliced.
// CHECK:       rewrite: sliced-mm at {{.*}}sliced-mm.mlir:{{[0-9]+}}:3
// CHECK-NEXT:  rewrite-count: sliced-mm 1
// CHECK-LABEL: func.func @rows(
// CHECK:         %[[XS:.*]] = matrix.slice %X, %c10, %c20, %{{.*}}, %{{.*}} : (!matrix.mat<100x50xf64>, i64, i64, i64, i64) -> !matrix.mat<10x50xf64>
// CHECK-NEXT:    %s = matrix.matmul %[[XS]], %Y : (!matrix.mat<10x50xf64>, !matrix.mat<50x80xf64>) -> !matrix.mat<10x80xf64>
// CHECK-NEXT:    func.return %s
func.func @rows(%X: !matrix.mat<100x50xf64>, %Y: !matrix.mat<50x80xf64>) -> !matrix.mat<10x80xf64> {
  %c0 = arith.constant 0 : i64
  %c10 = arith.constant 10 : i64
  %c20 = arith.constant 20 : i64
  %c80 = arith.constant 80 : i64
  %P = matrix.matmul %X, %Y : (!matrix.mat<100x50xf64>, !matrix.mat<50x80xf64>) -> !matrix.mat<100x80xf64>
  %s = matrix.slice %P, %c10, %c20, %c0, %c80 : (!matrix.mat<100x80xf64>, i64, i64, i64, i64) -> !matrix.mat<10x80xf64>
  func.return %s : !matrix.mat<10x80xf64>
}

// -----

// Columns 0:2 of all rows, with the inner dim unknown (read with ncol): X is not sliced.
// CHECK:       rewrite: sliced-mm at {{.*}}sliced-mm.mlir:{{[0-9]+}}:3
// CHECK-NEXT:  rewrite-count: sliced-mm 1
// CHECK-LABEL: func.func @cols(
// CHECK:         %[[K:.*]] = matrix.ncol %X : (!matrix.mat<100x?xf64>) -> i64
// CHECK-NEXT:    %[[YS:.*]] = matrix.slice %Y, %{{.*}}, %[[K]], %c0, %c2 : (!matrix.mat<?x80xf64>, i64, i64, i64, i64) -> !matrix.mat<?x2xf64>
// CHECK-NEXT:    %s = matrix.matmul %X, %[[YS]] : (!matrix.mat<100x?xf64>, !matrix.mat<?x2xf64>) -> !matrix.mat<100x2xf64>
// CHECK-NEXT:    func.return %s
func.func @cols(%X: !matrix.mat<100x?xf64>, %Y: !matrix.mat<?x80xf64>) -> !matrix.mat<100x2xf64> {
  %c0 = arith.constant 0 : i64
  %c2 = arith.constant 2 : i64
  %c100 = arith.constant 100 : i64
  %P = matrix.matmul %X, %Y : (!matrix.mat<100x?xf64>, !matrix.mat<?x80xf64>) -> !matrix.mat<100x80xf64>
  %s = matrix.slice %P, %c0, %c100, %c0, %c2 : (!matrix.mat<100x80xf64>, i64, i64, i64, i64) -> !matrix.mat<100x2xf64>
  func.return %s : !matrix.mat<100x2xf64>
}

// -----

// The product has another use (it is computed anyway), its dims are unknown (no cost
// to compare), or the slice's bounds are run-time values (unknown dims).
// CHECK-NOT:   rewrite:
// CHECK-LABEL: func.func @no(
// CHECK:         %P = matrix.matmul %X, %Y
// CHECK-NEXT:    %s = matrix.slice %P, %c3, %c4, %c5, %c6
// CHECK-NEXT:    %Q = matrix.matmul %U, %Y
// CHECK-NEXT:    %t = matrix.slice %Q, %c3, %c4, %c5, %c6
// CHECK-NEXT:    %R = matrix.matmul %X, %Y
// CHECK-NEXT:    %u = matrix.slice %R, %i, %j, %c5, %c6
// CHECK-NEXT:    func.return %s, %P, %t, %u
func.func @no(%X: !matrix.mat<100x50xf64>, %Y: !matrix.mat<50x80xf64>, %U: !matrix.mat<?x50xf64>, %i: i64, %j: i64) -> (!matrix.mat<1x1xf64>, !matrix.mat<100x80xf64>, !matrix.mat<1x1xf64>, !matrix.mat<?x1xf64>) {
  %c3 = arith.constant 3 : i64
  %c4 = arith.constant 4 : i64
  %c5 = arith.constant 5 : i64
  %c6 = arith.constant 6 : i64
  %P = matrix.matmul %X, %Y : (!matrix.mat<100x50xf64>, !matrix.mat<50x80xf64>) -> !matrix.mat<100x80xf64>
  %s = matrix.slice %P, %c3, %c4, %c5, %c6 : (!matrix.mat<100x80xf64>, i64, i64, i64, i64) -> !matrix.mat<1x1xf64>
  %Q = matrix.matmul %U, %Y : (!matrix.mat<?x50xf64>, !matrix.mat<50x80xf64>) -> !matrix.mat<?x80xf64>
  %t = matrix.slice %Q, %c3, %c4, %c5, %c6 : (!matrix.mat<?x80xf64>, i64, i64, i64, i64) -> !matrix.mat<1x1xf64>
  %R = matrix.matmul %X, %Y : (!matrix.mat<100x50xf64>, !matrix.mat<50x80xf64>) -> !matrix.mat<100x80xf64>
  %u = matrix.slice %R, %i, %j, %c5, %c6 : (!matrix.mat<100x80xf64>, i64, i64, i64, i64) -> !matrix.mat<?x1xf64>
  func.return %s, %P, %t, %u : !matrix.mat<1x1xf64>, !matrix.mat<100x80xf64>, !matrix.mat<1x1xf64>, !matrix.mat<?x1xf64>
}

// simplify-dynamic rule `minus-mm`: (-X)%*%Y -> -(X%*%Y) and X%*%(-Y) -> -(X%*%Y)
// when the product has fewer cells than the negated input. Not for an outer
// product (10000 cells out, 100 negated), nor with unknown dims.

// RUN: amls-opt %s --split-input-file -p simplify-dynamic --rewrite-trace 2>&1 | filecheck %s
// The output re-parses and a second run has nothing left to rewrite.
// RUN: amls-opt %s --split-input-file -p simplify-dynamic | amls-opt --split-input-file -p simplify-dynamic --rewrite-trace 2>&1 | filecheck %s --check-prefix=AGAIN
// AGAIN-NOT: rewrite:
// AGAIN-NOT: error

// Negated left factor: 5000 cells negated before, 100 after.
// CHECK:       rewrite: minus-mm at {{.*}}minus-mm.mlir:{{[0-9]+}}:3
// CHECK-NEXT:  rewrite-count: minus-mm 1
// CHECK-LABEL: func.func @left(
// CHECK-NEXT:    %[[M:.*]] = matrix.matmul %X, %Y : (!matrix.mat<100x50xf64>, !matrix.mat<50x1xf64>) -> !matrix.mat<100x1xf64>
// CHECK-NEXT:    %P = matrix.neg %[[M]] : !matrix.mat<100x1xf64>
// CHECK-NEXT:    func.return %P
func.func @left(%X: !matrix.mat<100x50xf64>, %Y: !matrix.mat<50x1xf64>) -> !matrix.mat<100x1xf64> {
  %N = matrix.neg %X : !matrix.mat<100x50xf64>
  %P = matrix.matmul %N, %Y : (!matrix.mat<100x50xf64>, !matrix.mat<50x1xf64>) -> !matrix.mat<100x1xf64>
  func.return %P : !matrix.mat<100x1xf64>
}

// -----

// Negated right factor.
// CHECK:       rewrite: minus-mm at {{.*}}minus-mm.mlir:{{[0-9]+}}:3
// CHECK-NEXT:  rewrite-count: minus-mm 1
// CHECK-LABEL: func.func @right(
// CHECK-NEXT:    %[[M:.*]] = matrix.matmul %X, %Y : (!matrix.mat<1x50xf64>, !matrix.mat<50x100xf64>) -> !matrix.mat<1x100xf64>
// CHECK-NEXT:    %P = matrix.neg %[[M]] : !matrix.mat<1x100xf64>
// CHECK-NEXT:    func.return %P
func.func @right(%X: !matrix.mat<1x50xf64>, %Y: !matrix.mat<50x100xf64>) -> !matrix.mat<1x100xf64> {
  %N = matrix.neg %Y : !matrix.mat<50x100xf64>
  %P = matrix.matmul %X, %N : (!matrix.mat<1x50xf64>, !matrix.mat<50x100xf64>) -> !matrix.mat<1x100xf64>
  func.return %P : !matrix.mat<1x100xf64>
}

// -----

// CHECK-NOT:   rewrite:
// CHECK-LABEL: func.func @no(
// CHECK-NEXT:    %N = matrix.neg %u
// CHECK-NEXT:    %P = matrix.matmul %N, %w
// CHECK-NEXT:    %M = matrix.neg %X
// CHECK-NEXT:    %Q = matrix.matmul %M, %Y
func.func @no(%u: !matrix.mat<100x1xf64>, %w: !matrix.mat<1x100xf64>, %X: !matrix.mat<?x50xf64>, %Y: !matrix.mat<50x1xf64>) -> (!matrix.mat<100x100xf64>, !matrix.mat<?x1xf64>) {
  %N = matrix.neg %u : !matrix.mat<100x1xf64>
  %P = matrix.matmul %N, %w : (!matrix.mat<100x1xf64>, !matrix.mat<1x100xf64>) -> !matrix.mat<100x100xf64>
  %M = matrix.neg %X : !matrix.mat<?x50xf64>
  %Q = matrix.matmul %M, %Y : (!matrix.mat<?x50xf64>, !matrix.mat<50x1xf64>) -> !matrix.mat<?x1xf64>
  func.return %P, %Q : !matrix.mat<100x100xf64>, !matrix.mat<?x1xf64>
}

// simplify-dynamic rule `empty-reorg`: t/diag/reshape(X) -> fill(0, out dims) when
// X is empty (nnz=0) and the result dims are known. Not for nnz 1 or unknown nnz,
// nor an empty X of unknown rows (result dims unknown).

// RUN: amls-opt %s --split-input-file -p simplify-dynamic --rewrite-trace 2>&1 | filecheck %s
// The output re-parses and a second run has nothing left to rewrite.
// RUN: amls-opt %s --split-input-file -p simplify-dynamic | amls-opt --split-input-file -p simplify-dynamic --rewrite-trace 2>&1 | filecheck %s --check-prefix=AGAIN
// AGAIN-NOT: rewrite:
// AGAIN-NOT: error

// t, diag and reshape of empty matrices: zero fills of the result dims.
// CHECK:       rewrite: empty-reorg at {{.*}}empty-reorg.mlir:{{[0-9]+}}:3
// CHECK-NEXT:  rewrite: empty-reorg at
// CHECK-NEXT:  rewrite: empty-reorg at
// CHECK-NEXT:  rewrite-count: empty-reorg 3
// CHECK-LABEL: func.func @fires(
// CHECK-NOT:     matrix.{{transpose|diag|reshape}}
// CHECK:         %t = matrix.fill {{.*}} -> !matrix.mat<3x4xf64, nnz=0>
// CHECK:         %d = matrix.fill {{.*}} -> !matrix.mat<5x5xf64, nnz=0>
// CHECK:         %s = matrix.fill {{.*}} -> !matrix.mat<2x6xf64, nnz=0>
// CHECK-NOT:     matrix.{{transpose|diag|reshape}}
func.func @fires(%X: !matrix.mat<4x3xf64, nnz=0>, %v: !matrix.mat<5x1xf64, nnz=0>) -> (!matrix.mat<3x4xf64>, !matrix.mat<5x5xf64>, !matrix.mat<2x6xf64>) {
  %r = arith.constant 2 : i64
  %c = arith.constant 6 : i64
  %t = matrix.transpose %X : (!matrix.mat<4x3xf64, nnz=0>) -> !matrix.mat<3x4xf64>
  %d = matrix.diag %v : (!matrix.mat<5x1xf64, nnz=0>) -> !matrix.mat<5x5xf64>
  %s = matrix.reshape %X, %r, %c : (!matrix.mat<4x3xf64, nnz=0>, i64, i64) -> !matrix.mat<2x6xf64>
  func.return %t, %d, %s : !matrix.mat<3x4xf64>, !matrix.mat<5x5xf64>, !matrix.mat<2x6xf64>
}

// -----

// CHECK-NOT:   rewrite:
// CHECK-LABEL: func.func @no(
// CHECK-NEXT:    %t = matrix.transpose %X
// CHECK-NEXT:    %u = matrix.transpose %U
// CHECK-NEXT:    %w = matrix.transpose %Y
// CHECK-NEXT:    %s = matrix.reshape %U, %n, %n
func.func @no(%X: !matrix.mat<4x3xf64, nnz=1>, %U: !matrix.mat<?x3xf64, nnz=0>, %Y: !matrix.mat<4x3xf64>, %n: i64) -> (!matrix.mat<3x4xf64>, !matrix.mat<3x?xf64>, !matrix.mat<3x4xf64>, !matrix.mat<?x?xf64>) {
  %t = matrix.transpose %X : (!matrix.mat<4x3xf64, nnz=1>) -> !matrix.mat<3x4xf64>
  %u = matrix.transpose %U : (!matrix.mat<?x3xf64, nnz=0>) -> !matrix.mat<3x?xf64>
  %w = matrix.transpose %Y : (!matrix.mat<4x3xf64>) -> !matrix.mat<3x4xf64>
  %s = matrix.reshape %U, %n, %n : (!matrix.mat<?x3xf64, nnz=0>, i64, i64) -> !matrix.mat<?x?xf64>
  func.return %t, %u, %w, %s : !matrix.mat<3x4xf64>, !matrix.mat<3x?xf64>, !matrix.mat<3x4xf64>, !matrix.mat<?x?xf64>
}

// -----

// rev of an empty X is zeros; of nnz 1, stays.
// CHECK:       rewrite: empty-reorg at {{.*}}empty-reorg.mlir:{{[0-9]+}}:3
// CHECK-NEXT:  rewrite-count: empty-reorg 1
// CHECK-LABEL: func.func @rev(
// CHECK:         matrix.fill
// CHECK:         %b = matrix.rev %Y
func.func @rev(%X: !matrix.mat<4x3xf64, nnz=0>, %Y: !matrix.mat<4x3xf64, nnz=1>) -> (!matrix.mat<4x3xf64>, !matrix.mat<4x3xf64>) {
  %a = matrix.rev %X : (!matrix.mat<4x3xf64, nnz=0>) -> !matrix.mat<4x3xf64>
  %b = matrix.rev %Y : (!matrix.mat<4x3xf64, nnz=1>) -> !matrix.mat<4x3xf64>
  func.return %a, %b : !matrix.mat<4x3xf64>, !matrix.mat<4x3xf64>
}

// Rule empty-cumagg (passes/rewrite/rules_dynamic.py): a cumulative aggregate of
// an empty X (nnz = 0) is zeros (SystemDS simplifyEmptyUnaryOperation for cumsum).
//
// RUN: amls-opt %s --split-input-file -p simplify-dynamic --rewrite-trace 2>&1 | filecheck %s --check-prefixes=CHECK,TRACE
// RUN: amls-opt %s --split-input-file -p simplify-dynamic | amls-opt --split-input-file -p simplify-dynamic --rewrite-trace 2>&1 | filecheck %s --check-prefix=AGAIN
// AGAIN-NOT: rewrite:
// AGAIN-NOT: error

// TRACE:       rewrite: empty-cumagg at {{.*}}empty-cumagg.mlir:[[# @LINE + 5]]:3
// CHECK-LABEL: func.func @empty(
// CHECK:         matrix.fill {{.*}} -> !matrix.mat<3x4xf64, nnz=0>
// CHECK-NOT:     matrix.cumagg
func.func @empty(%X: !matrix.mat<3x4xf64, nnz=0>) -> !matrix.mat<3x4xf64> {
  %a = matrix.cumagg prod %X : (!matrix.mat<3x4xf64, nnz=0>) -> !matrix.mat<3x4xf64>
  func.return %a : !matrix.mat<3x4xf64>
}

// -----

// nnz unknown or 1: stays.
// TRACE-NOT:   rewrite: empty-cumagg
// CHECK-LABEL: func.func @not_empty(
// CHECK:         matrix.cumagg sum %X
// CHECK:         matrix.cumagg sum %Y
func.func @not_empty(%X: !matrix.mat<3x4xf64>, %Y: !matrix.mat<3x4xf64, nnz=1>) -> (!matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>) {
  %a = matrix.cumagg sum %X : !matrix.mat<3x4xf64>
  %b = matrix.cumagg sum %Y : (!matrix.mat<3x4xf64, nnz=1>) -> !matrix.mat<3x4xf64>
  func.return %a, %b : !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>
}

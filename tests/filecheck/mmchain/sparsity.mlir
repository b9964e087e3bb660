// mmchain's sparsity-aware cost: with known nnz a product costs about
// nnz(A)*nnz(B)/k (the dense formula when both are dense), so a very sparse
// factor changes the best order. A: 1000x1000 with nnz=1000 (one per row),
// B: 1000x1000 dense, C: 1000x10.
//   dense cost:  (A%*%B)%*%C = 1e9 + 1e7,  A%*%(B%*%C) = 1e7 + 1e7   -> A%*%(B%*%C)
//   sparse cost: (A%*%B)%*%C ~ 1e6 + 6.3e6, A%*%(B%*%C) = 1e7 + 1e4 -> (A%*%B)%*%C
// The same chain, written A%*%(B%*%C), is reordered only when nnz(A) is known.

// RUN: amls-opt %s --split-input-file -p mmchain --rewrite-trace 2>&1 | filecheck %s
// The output re-parses and a second run has nothing left to reorder.
// RUN: amls-opt %s --split-input-file -p mmchain | amls-opt --split-input-file -p mmchain --rewrite-trace 2>&1 | filecheck %s --check-prefix=AGAIN
// AGAIN-NOT: rewrite:
// AGAIN-NOT: error

// CHECK:       rewrite: mmchain at {{.*}}sparsity.mlir:{{[0-9]+}}:3
// CHECK-NEXT:  rewrite-count: mmchain 1
// CHECK-LABEL: func.func @sparse(
// CHECK-NEXT:    %[[AB:.*]] = matrix.matmul %A, %B : (!matrix.mat<1000x1000xf64, nnz=1000>, !matrix.mat<1000x1000xf64>) -> !matrix.mat<1000x1000xf64>
// CHECK-NEXT:    %r = matrix.matmul %[[AB]], %C : (!matrix.mat<1000x1000xf64>, !matrix.mat<1000x10xf64>) -> !matrix.mat<1000x10xf64>
// CHECK-NEXT:    func.return %r
func.func @sparse(%A: !matrix.mat<1000x1000xf64, nnz=1000>, %B: !matrix.mat<1000x1000xf64>, %C: !matrix.mat<1000x10xf64>) -> !matrix.mat<1000x10xf64> {
  %BC = matrix.matmul %B, %C : (!matrix.mat<1000x1000xf64>, !matrix.mat<1000x10xf64>) -> !matrix.mat<1000x10xf64>
  %r = matrix.matmul %A, %BC : (!matrix.mat<1000x1000xf64, nnz=1000>, !matrix.mat<1000x10xf64>) -> !matrix.mat<1000x10xf64>
  func.return %r : !matrix.mat<1000x10xf64>
}

// -----

// nnz(A) unknown: the dense cost, by which A%*%(B%*%C) is already best.
// CHECK-NOT:   rewrite:
// CHECK-LABEL: func.func @dense(
// CHECK-NEXT:    %BC = matrix.matmul %B, %C
// CHECK-NEXT:    %r = matrix.matmul %A, %BC
func.func @dense(%A: !matrix.mat<1000x1000xf64>, %B: !matrix.mat<1000x1000xf64>, %C: !matrix.mat<1000x10xf64>) -> !matrix.mat<1000x10xf64> {
  %BC = matrix.matmul %B, %C : (!matrix.mat<1000x1000xf64>, !matrix.mat<1000x10xf64>) -> !matrix.mat<1000x10xf64>
  %r = matrix.matmul %A, %BC : (!matrix.mat<1000x1000xf64>, !matrix.mat<1000x10xf64>) -> !matrix.mat<1000x10xf64>
  func.return %r : !matrix.mat<1000x10xf64>
}

// -----

// nnz(A) = 1e6 (dense, stated): the same as unknown.
// CHECK-NOT:   rewrite:
// CHECK-LABEL: func.func @dense_stated(
// CHECK-NEXT:    %BC = matrix.matmul %B, %C
// CHECK-NEXT:    %r = matrix.matmul %A, %BC
func.func @dense_stated(%A: !matrix.mat<1000x1000xf64, nnz=1000000>, %B: !matrix.mat<1000x1000xf64>, %C: !matrix.mat<1000x10xf64>) -> !matrix.mat<1000x10xf64> {
  %BC = matrix.matmul %B, %C : (!matrix.mat<1000x1000xf64>, !matrix.mat<1000x10xf64>) -> !matrix.mat<1000x10xf64>
  %r = matrix.matmul %A, %BC : (!matrix.mat<1000x1000xf64, nnz=1000000>, !matrix.mat<1000x10xf64>) -> !matrix.mat<1000x10xf64>
  func.return %r : !matrix.mat<1000x10xf64>
}

// simplify-dynamic rule `select-constant`: select(c, A, B) -> A when c has no zero
// (nnz = cells), -> B when c is empty (nnz = 0), and -> A when A is B. Not when
// c's nnz is partial or unknown, nor when the picked branch is a scalar (the
// result is a matrix).

// RUN: amls-opt %s --split-input-file -p simplify-dynamic --rewrite-trace 2>&1 | filecheck %s
// The output re-parses and a second run has nothing left to rewrite.
// RUN: amls-opt %s --split-input-file -p simplify-dynamic | amls-opt --split-input-file -p simplify-dynamic --rewrite-trace 2>&1 | filecheck %s --check-prefix=AGAIN
// AGAIN-NOT: rewrite:
// AGAIN-NOT: error

// CHECK:       rewrite: select-constant at {{.*}}select-constant.mlir:{{[0-9]+}}:3
// CHECK-NEXT:  rewrite-count: select-constant 1
// CHECK-LABEL: func.func @all_true(
// CHECK-NEXT:    func.return %A : !matrix.mat<10x5xf64>
func.func @all_true(%c: !matrix.mat<10x5xf64, nnz=50>, %A: !matrix.mat<10x5xf64>, %B: !matrix.mat<10x5xf64>) -> !matrix.mat<10x5xf64> {
  %r = matrix.select %c, %A, %B : (!matrix.mat<10x5xf64, nnz=50>, !matrix.mat<10x5xf64>, !matrix.mat<10x5xf64>) -> !matrix.mat<10x5xf64>
  func.return %r : !matrix.mat<10x5xf64>
}

// -----

// CHECK:       rewrite: select-constant at {{.*}}select-constant.mlir:{{[0-9]+}}:3
// CHECK-NEXT:  rewrite-count: select-constant 1
// CHECK-LABEL: func.func @all_false(
// CHECK-NEXT:    func.return %B : !matrix.mat<10x5xf64>
func.func @all_false(%c: !matrix.mat<10x5xf64, nnz=0>, %A: !matrix.mat<10x5xf64>, %B: !matrix.mat<10x5xf64>) -> !matrix.mat<10x5xf64> {
  %r = matrix.select %c, %A, %B : (!matrix.mat<10x5xf64, nnz=0>, !matrix.mat<10x5xf64>, !matrix.mat<10x5xf64>) -> !matrix.mat<10x5xf64>
  func.return %r : !matrix.mat<10x5xf64>
}

// -----

// The same value on both sides, whatever c holds.
// CHECK:       rewrite: select-constant at {{.*}}select-constant.mlir:{{[0-9]+}}:3
// CHECK-NEXT:  rewrite-count: select-constant 1
// CHECK-LABEL: func.func @same(
// CHECK-NEXT:    func.return %A : !matrix.mat<10x5xf64>
func.func @same(%c: !matrix.mat<10x5xf64>, %A: !matrix.mat<10x5xf64>) -> !matrix.mat<10x5xf64> {
  %r = matrix.select %c, %A, %A : !matrix.mat<10x5xf64>
  func.return %r : !matrix.mat<10x5xf64>
}

// -----

// nnz 7 of 50; nnz unknown; scalar branches (the same scalar on both sides,
// and an all-true condition picking a scalar).
// CHECK-NOT:   rewrite:
// CHECK-LABEL: func.func @no(
// CHECK-NEXT:    %r = matrix.select %c, %A, %B
// CHECK-NEXT:    %q = matrix.select %d, %A, %B
// CHECK-NEXT:    %p = matrix.select %d, %s, %s
// CHECK-NEXT:    %o = matrix.select %e, %s, %A
func.func @no(%c: !matrix.mat<10x5xf64, nnz=7>, %d: !matrix.mat<10x5xf64>, %A: !matrix.mat<10x5xf64>, %B: !matrix.mat<10x5xf64>, %e: !matrix.mat<10x5xf64, nnz=50>, %s: f64) -> (!matrix.mat<10x5xf64>, !matrix.mat<10x5xf64>, !matrix.mat<10x5xf64>, !matrix.mat<10x5xf64>) {
  %r = matrix.select %c, %A, %B : (!matrix.mat<10x5xf64, nnz=7>, !matrix.mat<10x5xf64>, !matrix.mat<10x5xf64>) -> !matrix.mat<10x5xf64>
  %q = matrix.select %d, %A, %B : !matrix.mat<10x5xf64>
  %p = matrix.select %d, %s, %s : (!matrix.mat<10x5xf64>, f64, f64) -> !matrix.mat<10x5xf64>
  %o = matrix.select %e, %s, %A : (!matrix.mat<10x5xf64, nnz=50>, f64, !matrix.mat<10x5xf64>) -> !matrix.mat<10x5xf64>
  func.return %r, %q, %p, %o : !matrix.mat<10x5xf64>, !matrix.mat<10x5xf64>, !matrix.mat<10x5xf64>, !matrix.mat<10x5xf64>
}

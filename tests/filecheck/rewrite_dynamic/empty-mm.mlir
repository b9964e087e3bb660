// simplify-dynamic rule `empty-mm`: X%*%Y -> fill(0, nrow X, ncol Y) when X or Y is
// empty (nnz=0) and the other factor is provably finite (0*Inf is NaN), or when the
// inner dim is 0 (no products at all: zeros whatever the factors hold). Not when the
// other factor is a function argument, nor when no factor is known empty.

// RUN: amls-opt %s --split-input-file -p simplify-dynamic --rewrite-trace 2>&1 | filecheck %s
// The output re-parses and a second run has nothing left to rewrite.
// RUN: amls-opt %s --split-input-file -p simplify-dynamic | amls-opt --split-input-file -p simplify-dynamic --rewrite-trace 2>&1 | filecheck %s --check-prefix=AGAIN
// AGAIN-NOT: rewrite:
// AGAIN-NOT: error

// An empty left factor times a seeded rand (finite).
// CHECK:       rewrite: empty-mm at {{.*}}empty-mm.mlir:{{[0-9]+}}:3
// CHECK-NEXT:  rewrite-count: empty-mm 1
// CHECK-LABEL: func.func @left(
// CHECK-NOT:     matrix.matmul
// CHECK:         %P = matrix.fill %{{.*}}, %{{.*}}, %{{.*}} : (f64, i64, i64) -> !matrix.mat<10x3xf64, nnz=0>
// CHECK-NOT:     matrix.matmul
func.func @left(%E: !matrix.mat<10x4xf64, nnz=0>) -> !matrix.mat<10x3xf64> {
  %c4 = arith.constant 4 : i64
  %c3 = arith.constant 3 : i64
  %R = matrix.rand %c4, %c3 {seed = 1} : (i64, i64) -> !matrix.mat<4x3xf64>
  %P = matrix.matmul %E, %R : (!matrix.mat<10x4xf64, nnz=0>, !matrix.mat<4x3xf64>) -> !matrix.mat<10x3xf64>
  func.return %P : !matrix.mat<10x3xf64>
}

// -----

// A fill of 2.0 (finite) times an empty right factor.
// CHECK:       rewrite: empty-mm at {{.*}}empty-mm.mlir:{{[0-9]+}}:3
// CHECK-NEXT:  rewrite-count: empty-mm 1
// CHECK-LABEL: func.func @right(
// CHECK-NOT:     matrix.matmul
// CHECK:         %P = matrix.fill %{{.*}}, %{{.*}}, %{{.*}} : (f64, i64, i64) -> !matrix.mat<10x3xf64, nnz=0>
// CHECK-NOT:     matrix.matmul
func.func @right(%E: !matrix.mat<4x3xf64, nnz=0>) -> !matrix.mat<10x3xf64> {
  %c10 = arith.constant 10 : i64
  %c4 = arith.constant 4 : i64
  %two = arith.constant 2.0 : f64
  %F = matrix.fill %two, %c10, %c4 : (f64, i64, i64) -> !matrix.mat<10x4xf64>
  %P = matrix.matmul %F, %E : (!matrix.mat<10x4xf64>, !matrix.mat<4x3xf64, nnz=0>) -> !matrix.mat<10x3xf64>
  func.return %P : !matrix.mat<10x3xf64>
}

// -----

// A 0-wide inner dim: zeros even though both factors are arguments (may hold NaN).
// CHECK:       rewrite: empty-mm at {{.*}}empty-mm.mlir:{{[0-9]+}}:3
// CHECK-NEXT:  rewrite-count: empty-mm 1
// CHECK-LABEL: func.func @inner0(
// CHECK-NOT:     matrix.matmul
// CHECK:         %P = matrix.fill %{{.*}}, %{{.*}}, %{{.*}} : (f64, i64, i64) -> !matrix.mat<10x3xf64, nnz=0>
func.func @inner0(%A: !matrix.mat<10x0xf64>, %B: !matrix.mat<0x3xf64>) -> !matrix.mat<10x3xf64> {
  %P = matrix.matmul %A, %B : (!matrix.mat<10x0xf64>, !matrix.mat<0x3xf64>) -> !matrix.mat<10x3xf64>
  func.return %P : !matrix.mat<10x3xf64>
}

// -----

// E%*%X and U%*%F with X, U function arguments; A (nnz=6) is not empty.
// CHECK-NOT:   rewrite:
// CHECK-LABEL: func.func @no(
// CHECK:         %P = matrix.matmul %E, %X
// CHECK-NEXT:    %Q = matrix.matmul %A, %R
// CHECK-NEXT:    %S = matrix.matmul %U, %F
func.func @no(%E: !matrix.mat<10x4xf64, nnz=0>, %X: !matrix.mat<4x3xf64>, %A: !matrix.mat<10x4xf64, nnz=6>, %U: !matrix.mat<10x4xf64>, %F: !matrix.mat<4x3xf64, nnz=0>) -> (!matrix.mat<10x3xf64>, !matrix.mat<10x3xf64>, !matrix.mat<10x3xf64>) {
  %c4 = arith.constant 4 : i64
  %c3 = arith.constant 3 : i64
  %R = matrix.rand %c4, %c3 {seed = 1} : (i64, i64) -> !matrix.mat<4x3xf64>
  %P = matrix.matmul %E, %X : (!matrix.mat<10x4xf64, nnz=0>, !matrix.mat<4x3xf64>) -> !matrix.mat<10x3xf64>
  %Q = matrix.matmul %A, %R : (!matrix.mat<10x4xf64, nnz=6>, !matrix.mat<4x3xf64>) -> !matrix.mat<10x3xf64>
  %S = matrix.matmul %U, %F : (!matrix.mat<10x4xf64>, !matrix.mat<4x3xf64, nnz=0>) -> !matrix.mat<10x3xf64>
  func.return %P, %Q, %S : !matrix.mat<10x3xf64>, !matrix.mat<10x3xf64>, !matrix.mat<10x3xf64>
}

// -----

// An empty or 0-wide factor whose product is not provably conformable (B's rows are
// unknown): zeros would hide the shape error when B does not have 0 rows.
// CHECK-NOT:   rewrite:
// CHECK-LABEL: func.func @unproven(
// CHECK:         %P = matrix.matmul %A, %B :
// CHECK:         %Q = matrix.matmul %E, %B :
func.func @unproven(%A: !matrix.mat<10x0xf64>, %B: !matrix.mat<?x3xf64>, %E: !matrix.mat<10x4xf64, nnz=0>) -> (!matrix.mat<10x3xf64>, !matrix.mat<10x3xf64>) {
  %P = matrix.matmul %A, %B : (!matrix.mat<10x0xf64>, !matrix.mat<?x3xf64>) -> !matrix.mat<10x3xf64>
  %Q = matrix.matmul %E, %B : (!matrix.mat<10x4xf64, nnz=0>, !matrix.mat<?x3xf64>) -> !matrix.mat<10x3xf64>
  func.return %P, %Q : !matrix.mat<10x3xf64>, !matrix.mat<10x3xf64>
}

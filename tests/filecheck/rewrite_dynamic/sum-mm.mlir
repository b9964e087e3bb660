// simplify-dynamic rule `sum-mm`: sum(A%*%B) -> sum(t(colSums(A))*rowSums(B)),
// colSums(A%*%B) -> colSums(A)%*%B, rowSums(A%*%B) -> A%*%rowSums(B). Not for
// sumsq, max or colMeans of a product.

// RUN: amls-opt %s --split-input-file -p simplify-dynamic --rewrite-trace 2>&1 | filecheck %s
// The output re-parses and a second run has nothing left to rewrite.
// RUN: amls-opt %s --split-input-file -p simplify-dynamic | amls-opt --split-input-file -p simplify-dynamic --rewrite-trace 2>&1 | filecheck %s --check-prefix=AGAIN
// AGAIN-NOT: rewrite:
// AGAIN-NOT: error

// sum(A%*%B): the product of two vectors that sum-mm builds is then a
// dot-product-sum, so the 20x5 product is never formed.
// CHECK:       rewrite: sum-mm at {{.*}}sum-mm.mlir:{{[0-9]+}}:3
// CHECK-NEXT:  rewrite: dot-product-sum at {{.*}}sum-mm.mlir:{{[0-9]+}}:3
// CHECK-NEXT:  rewrite-count: dot-product-sum 1
// CHECK-NEXT:  rewrite-count: sum-mm 1
// CHECK-LABEL: func.func @all(
// CHECK-NOT:     !matrix.mat<20x5xf64>
// CHECK:         %[[CA:.*]] = matrix.reduce sum col %A : (!matrix.mat<20x10xf64>) -> !matrix.mat<1x10xf64>
// CHECK-NEXT:    %[[T:.*]] = matrix.transpose %[[CA]] : (!matrix.mat<1x10xf64>) -> !matrix.mat<10x1xf64>
// CHECK-NEXT:    %[[RB:.*]] = matrix.reduce sum row %B : (!matrix.mat<10x5xf64>) -> !matrix.mat<10x1xf64>
// CHECK-NEXT:    %[[TT:.*]] = matrix.transpose %[[T]] : (!matrix.mat<10x1xf64>) -> !matrix.mat<1x10xf64>
// CHECK-NEXT:    %[[D:.*]] = matrix.matmul %[[TT]], %[[RB]] : (!matrix.mat<1x10xf64>, !matrix.mat<10x1xf64>) -> !matrix.mat<1x1xf64>
// CHECK-NEXT:    %s = matrix.to_scalar %[[D]] : (!matrix.mat<1x1xf64>) -> f64
// CHECK-NOT:     !matrix.mat<20x5xf64>
func.func @all() -> f64 {
  %n20 = arith.constant 20 : i64
  %n10 = arith.constant 10 : i64
  %n5 = arith.constant 5 : i64
  %A = matrix.rand %n20, %n10 {seed = 1} : (i64, i64) -> !matrix.mat<20x10xf64>
  %B = matrix.rand %n10, %n5 {seed = 2} : (i64, i64) -> !matrix.mat<10x5xf64>
  %P = matrix.matmul %A, %B : (!matrix.mat<20x10xf64>, !matrix.mat<10x5xf64>) -> !matrix.mat<20x5xf64>
  %s = matrix.reduce sum all %P : (!matrix.mat<20x5xf64>) -> f64
  func.return %s : f64
}

// -----

// CHECK:       rewrite: sum-mm at {{.*}}sum-mm.mlir:{{[0-9]+}}:3
// CHECK-NEXT:  rewrite-count: sum-mm 1
// CHECK-LABEL: func.func @col(
// CHECK:         %[[CA:.*]] = matrix.reduce sum col %A : (!matrix.mat<20x10xf64>) -> !matrix.mat<1x10xf64>
// CHECK-NEXT:    %c = matrix.matmul %[[CA]], %B : (!matrix.mat<1x10xf64>, !matrix.mat<10x5xf64>) -> !matrix.mat<1x5xf64>
// CHECK-NEXT:    func.return %c
func.func @col() -> !matrix.mat<1x5xf64> {
  %n20 = arith.constant 20 : i64
  %n10 = arith.constant 10 : i64
  %n5 = arith.constant 5 : i64
  %A = matrix.rand %n20, %n10 {seed = 1} : (i64, i64) -> !matrix.mat<20x10xf64>
  %B = matrix.rand %n10, %n5 {seed = 2} : (i64, i64) -> !matrix.mat<10x5xf64>
  %P = matrix.matmul %A, %B : (!matrix.mat<20x10xf64>, !matrix.mat<10x5xf64>) -> !matrix.mat<20x5xf64>
  %c = matrix.reduce sum col %P : (!matrix.mat<20x5xf64>) -> !matrix.mat<1x5xf64>
  func.return %c : !matrix.mat<1x5xf64>
}

// -----

// CHECK:       rewrite: sum-mm at {{.*}}sum-mm.mlir:{{[0-9]+}}:3
// CHECK-NEXT:  rewrite-count: sum-mm 1
// CHECK-LABEL: func.func @row(
// CHECK:         %[[RB:.*]] = matrix.reduce sum row %B : (!matrix.mat<10x5xf64>) -> !matrix.mat<10x1xf64>
// CHECK-NEXT:    %r = matrix.matmul %A, %[[RB]] : (!matrix.mat<20x10xf64>, !matrix.mat<10x1xf64>) -> !matrix.mat<20x1xf64>
// CHECK-NEXT:    func.return %r
func.func @row() -> !matrix.mat<20x1xf64> {
  %n20 = arith.constant 20 : i64
  %n10 = arith.constant 10 : i64
  %n5 = arith.constant 5 : i64
  %A = matrix.rand %n20, %n10 {seed = 1} : (i64, i64) -> !matrix.mat<20x10xf64>
  %B = matrix.rand %n10, %n5 {seed = 2} : (i64, i64) -> !matrix.mat<10x5xf64>
  %P = matrix.matmul %A, %B : (!matrix.mat<20x10xf64>, !matrix.mat<10x5xf64>) -> !matrix.mat<20x5xf64>
  %r = matrix.reduce sum row %P : (!matrix.mat<20x5xf64>) -> !matrix.mat<20x1xf64>
  func.return %r : !matrix.mat<20x1xf64>
}

// -----

// CHECK-NOT:   rewrite:
// CHECK-LABEL: func.func @no(
// CHECK-NEXT:    %P = matrix.matmul %A, %B
// CHECK-NEXT:    %q = matrix.reduce sumsq all %P
// CHECK-NEXT:    %m = matrix.reduce max all %P
// CHECK-NEXT:    %c = matrix.reduce mean col %P
func.func @no(%A: !matrix.mat<20x10xf64>, %B: !matrix.mat<10x5xf64>) -> (f64, f64, !matrix.mat<1x5xf64>) {
  %P = matrix.matmul %A, %B : (!matrix.mat<20x10xf64>, !matrix.mat<10x5xf64>) -> !matrix.mat<20x5xf64>
  %q = matrix.reduce sumsq all %P : (!matrix.mat<20x5xf64>) -> f64
  %m = matrix.reduce max all %P : (!matrix.mat<20x5xf64>) -> f64
  %c = matrix.reduce mean col %P : (!matrix.mat<20x5xf64>) -> !matrix.mat<1x5xf64>
  func.return %q, %m, %c : f64, f64, !matrix.mat<1x5xf64>
}

// -----

// Bounded operands (so the sum is finite), A 20x10, but B's height unknown: sum(t(colSums(A)) * rowSums(B))
// would broadcast where A%*%B is a shape error (B 1x5 at run time). Kept.
// CHECK-NOT:   rewrite: sum-mm
// CHECK-LABEL: func.func @unproven(
// CHECK:         matrix.matmul %A, %B :
func.func @unproven(%A: !matrix.mat<20x10xf64> {matrix.absmax = 1.0 : f64}, %B: !matrix.mat<?x5xf64> {matrix.absmax = 1.0 : f64}) -> f64 {
  %P = matrix.matmul %A, %B : (!matrix.mat<20x10xf64>, !matrix.mat<?x5xf64>) -> !matrix.mat<20x5xf64>
  %s = matrix.reduce sum all %P : (!matrix.mat<20x5xf64>) -> f64
  func.return %s : f64
}

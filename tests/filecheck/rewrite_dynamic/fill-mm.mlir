// simplify-dynamic rule `fill-mm`: matrix(a, 1, k) %*% Y -> a * colSums(Y) and
// X %*% matrix(a, k, 1) -> a * rowSums(X), for a finite a and conformable operands
// (PageRank's teleport u %*% p). Not for a fill of more than one row (column), a value
// not known finite, inner dims not known to agree (the product's error must stay), or a
// 1x1 fill (scalar-mm's).

// RUN: amls-opt %s --split-input-file -p simplify-dynamic --rewrite-trace 2>&1 | filecheck %s
// The output re-parses and a second run has nothing left to rewrite.
// RUN: amls-opt %s --split-input-file -p simplify-dynamic | amls-opt --split-input-file -p simplify-dynamic --rewrite-trace 2>&1 | filecheck %s --check-prefix=AGAIN
// AGAIN-NOT: rewrite: fill-mm
// AGAIN-NOT: error

// CHECK:       rewrite: fill-mm at {{.*}}fill-mm.mlir:{{[0-9]+}}:3
// CHECK-NEXT:  rewrite: fill-mm at {{.*}}fill-mm.mlir:{{[0-9]+}}:3
// CHECK-NEXT:  rewrite-count: fill-mm 2
// CHECK-LABEL: func.func @fires(
// CHECK:         %[[CS:.*]] = matrix.reduce sum col %Y : (!matrix.mat<5x3xf64>) -> !matrix.mat<1x3xf64>
// CHECK-NEXT:    %P = matrix.mul %a, %[[CS]] : (f64, !matrix.mat<1x3xf64>) -> !matrix.mat<1x3xf64>
// CHECK:         %[[RS:.*]] = matrix.reduce sum row %X : (!matrix.mat<4x5xf64>) -> !matrix.mat<4x1xf64>
// CHECK-NEXT:    %Q = matrix.mul %b, %[[RS]] : (f64, !matrix.mat<4x1xf64>) -> !matrix.mat<4x1xf64>
func.func @fires(%Y: !matrix.mat<5x3xf64>, %X: !matrix.mat<4x5xf64>) -> (!matrix.mat<1x3xf64>, !matrix.mat<4x1xf64>) {
  %c1 = arith.constant 1 : i64
  %c5 = arith.constant 5 : i64
  %a = arith.constant 5.000000e-04 : f64
  %b = arith.constant -2.5 : f64
  %u = matrix.fill %a, %c1, %c5 : (f64, i64, i64) -> !matrix.mat<1x5xf64>
  %P = matrix.matmul %u, %Y : (!matrix.mat<1x5xf64>, !matrix.mat<5x3xf64>) -> !matrix.mat<1x3xf64>
  %w = matrix.fill %b, %c5, %c1 : (f64, i64, i64) -> !matrix.mat<5x1xf64>
  %Q = matrix.matmul %X, %w : (!matrix.mat<4x5xf64>, !matrix.mat<5x1xf64>) -> !matrix.mat<4x1xf64>
  func.return %P, %Q : !matrix.mat<1x3xf64>, !matrix.mat<4x1xf64>
}

// -----

// Two rows, a value not known finite, inner dims unknown, a 1x1 fill: no fill-mm.
// CHECK-NOT:   rewrite: fill-mm
// CHECK:       held-back: fill-mm at {{.*}}: %s not provably finite
// CHECK-LABEL: func.func @declines(
// CHECK:         %P = matrix.matmul %two, %Y
// CHECK:         %Q = matrix.matmul %us, %Y
// CHECK:         %S = matrix.matmul %ur, %Z
// CHECK:         %R = matrix.mul
func.func @declines(%Y: !matrix.mat<5x3xf64>, %Z: !matrix.mat<?x3xf64>, %s: f64, %y: !matrix.mat<1x3xf64>, %n: i64) -> (!matrix.mat<2x3xf64>, !matrix.mat<1x3xf64>, !matrix.mat<1x3xf64>, !matrix.mat<1x3xf64>) {
  %c1 = arith.constant 1 : i64
  %c2 = arith.constant 2 : i64
  %c5 = arith.constant 5 : i64
  %a = arith.constant 2.0 : f64
  %two = matrix.fill %a, %c2, %c5 : (f64, i64, i64) -> !matrix.mat<2x5xf64>
  %P = matrix.matmul %two, %Y : (!matrix.mat<2x5xf64>, !matrix.mat<5x3xf64>) -> !matrix.mat<2x3xf64>
  %us = matrix.fill %s, %c1, %c5 : (f64, i64, i64) -> !matrix.mat<1x5xf64>
  %Q = matrix.matmul %us, %Y : (!matrix.mat<1x5xf64>, !matrix.mat<5x3xf64>) -> !matrix.mat<1x3xf64>
  %ur = matrix.fill %a, %c1, %n : (f64, i64, i64) -> !matrix.mat<1x?xf64>
  %S = matrix.matmul %ur, %Z : (!matrix.mat<1x?xf64>, !matrix.mat<?x3xf64>) -> !matrix.mat<1x3xf64>
  %one = matrix.fill %a, %c1, %c1 : (f64, i64, i64) -> !matrix.mat<1x1xf64>
  %R = matrix.matmul %one, %y : (!matrix.mat<1x1xf64>, !matrix.mat<1x3xf64>) -> !matrix.mat<1x3xf64>
  func.return %P, %Q, %S, %R : !matrix.mat<2x3xf64>, !matrix.mat<1x3xf64>, !matrix.mat<1x3xf64>, !matrix.mat<1x3xf64>
}

// simplify-dynamic rule `mean-from-sum`: colSums(X)/nrow(X) -> colMeans(X) and
// rowSums(X)/ncol(X) -> rowMeans(X), when the sum has one use. The divisor is
// the literal count (what constant folding makes of nrow(X)), or nrow(X) itself
// (arith.sitofp of matrix.nrow X), which fits any size, unknown rows included.
// Not when the sum has another use, the divisor is a different count or a
// run-time scalar, or it is the nrow of another matrix.

// RUN: amls-opt %s --split-input-file -p simplify-dynamic --rewrite-trace 2>&1 | filecheck %s
// The output re-parses and a second run has nothing left to rewrite.
// RUN: amls-opt %s --split-input-file -p simplify-dynamic | amls-opt --split-input-file -p simplify-dynamic --rewrite-trace 2>&1 | filecheck %s --check-prefix=AGAIN
// AGAIN-NOT: rewrite:
// AGAIN-NOT: error

// colSums of a 10-row matrix divided by 10.0.
// CHECK:       rewrite: mean-from-sum at {{.*}}mean-from-sum.mlir:{{[0-9]+}}:3
// CHECK-NEXT:  rewrite-count: mean-from-sum 1
// CHECK-LABEL: func.func @col_literal(
// CHECK-NEXT:    %M = matrix.reduce mean col %X : (!matrix.mat<10x5xf64>) -> !matrix.mat<1x5xf64>
// CHECK-NEXT:    func.return %M
func.func @col_literal(%X: !matrix.mat<10x5xf64>) -> !matrix.mat<1x5xf64> {
  %n = arith.constant 10.0 : f64
  %S = matrix.reduce sum col %X : (!matrix.mat<10x5xf64>) -> !matrix.mat<1x5xf64>
  %M = matrix.div %S, %n : (!matrix.mat<1x5xf64>, f64) -> !matrix.mat<1x5xf64>
  func.return %M : !matrix.mat<1x5xf64>
}

// -----

// rowSums of a 5-column matrix divided by 5.0.
// CHECK:       rewrite: mean-from-sum at {{.*}}mean-from-sum.mlir:{{[0-9]+}}:3
// CHECK-NEXT:  rewrite-count: mean-from-sum 1
// CHECK-LABEL: func.func @row_literal(
// CHECK-NEXT:    %M = matrix.reduce mean row %X : (!matrix.mat<10x5xf64>) -> !matrix.mat<10x1xf64>
// CHECK-NEXT:    func.return %M
func.func @row_literal(%X: !matrix.mat<10x5xf64>) -> !matrix.mat<10x1xf64> {
  %n = arith.constant 5.0 : f64
  %S = matrix.reduce sum row %X : (!matrix.mat<10x5xf64>) -> !matrix.mat<10x1xf64>
  %M = matrix.div %S, %n : (!matrix.mat<10x1xf64>, f64) -> !matrix.mat<10x1xf64>
  func.return %M : !matrix.mat<10x1xf64>
}

// -----

// Divided by sitofp(nrow(X)) and sitofp(ncol(X)) with known dims (nrow-ncol-
// literal turns them into constants on the way).
// CHECK:       rewrite: nrow-ncol-literal at {{.*}}mean-from-sum.mlir:{{[0-9]+}}:3
// CHECK-NEXT:  rewrite: mean-from-sum at
// CHECK-NEXT:  rewrite: nrow-ncol-literal at
// CHECK-NEXT:  rewrite: mean-from-sum at
// CHECK-NEXT:  rewrite-count: mean-from-sum 2
// CHECK-NEXT:  rewrite-count: nrow-ncol-literal 2
// CHECK-LABEL: func.func @nrow_known(
// CHECK-NOT:     matrix.div
// CHECK:         %M = matrix.reduce mean col %X : (!matrix.mat<10x5xf64>) -> !matrix.mat<1x5xf64>
// CHECK-NOT:     matrix.div
// CHECK:         %N = matrix.reduce mean row %X : (!matrix.mat<10x5xf64>) -> !matrix.mat<10x1xf64>
// CHECK-NOT:     matrix.div
func.func @nrow_known(%X: !matrix.mat<10x5xf64>) -> (!matrix.mat<1x5xf64>, !matrix.mat<10x1xf64>) {
  %r = matrix.nrow %X : (!matrix.mat<10x5xf64>) -> i64
  %n = arith.sitofp %r : i64 to f64
  %S = matrix.reduce sum col %X : (!matrix.mat<10x5xf64>) -> !matrix.mat<1x5xf64>
  %M = matrix.div %S, %n : (!matrix.mat<1x5xf64>, f64) -> !matrix.mat<1x5xf64>
  %c = matrix.ncol %X : (!matrix.mat<10x5xf64>) -> i64
  %k = arith.sitofp %c : i64 to f64
  %T = matrix.reduce sum row %X : (!matrix.mat<10x5xf64>) -> !matrix.mat<10x1xf64>
  %N = matrix.div %T, %k : (!matrix.mat<10x1xf64>, f64) -> !matrix.mat<10x1xf64>
  func.return %M, %N : !matrix.mat<1x5xf64>, !matrix.mat<10x1xf64>
}

// -----

// colSums(X)/nrow(X) with unknown rows: still colMeans(X).
// CHECK:       rewrite: mean-from-sum at {{.*}}mean-from-sum.mlir:{{[0-9]+}}:3
// CHECK-NEXT:  rewrite-count: mean-from-sum 1
// CHECK-LABEL: func.func @nrow_unknown(
// CHECK-NOT:     matrix.div
// CHECK:         %M = matrix.reduce mean col %X : (!matrix.mat<?x5xf64>) -> !matrix.mat<1x5xf64>
// CHECK-NEXT:    func.return %M
func.func @nrow_unknown(%X: !matrix.mat<?x5xf64>) -> !matrix.mat<1x5xf64> {
  %r = matrix.nrow %X : (!matrix.mat<?x5xf64>) -> i64
  %n = arith.sitofp %r : i64 to f64
  %S = matrix.reduce sum col %X : (!matrix.mat<?x5xf64>) -> !matrix.mat<1x5xf64>
  %M = matrix.div %S, %n : (!matrix.mat<1x5xf64>, f64) -> !matrix.mat<1x5xf64>
  func.return %M : !matrix.mat<1x5xf64>
}

// -----

// The sum is also returned: rewriting would compute it twice.
// CHECK-NOT:   rewrite:
// CHECK-LABEL: func.func @two_uses(
// CHECK:         %S = matrix.reduce sum col %X
// CHECK-NEXT:    %M = matrix.div %S, %n
func.func @two_uses(%X: !matrix.mat<10x5xf64>) -> (!matrix.mat<1x5xf64>, !matrix.mat<1x5xf64>) {
  %n = arith.constant 10.0 : f64
  %S = matrix.reduce sum col %X : (!matrix.mat<10x5xf64>) -> !matrix.mat<1x5xf64>
  %M = matrix.div %S, %n : (!matrix.mat<1x5xf64>, f64) -> !matrix.mat<1x5xf64>
  func.return %M, %S : !matrix.mat<1x5xf64>, !matrix.mat<1x5xf64>
}

// -----

// Divisors that are not the count: colSums / 5 (10 rows), rowSums / 10 (5 cols),
// and a run-time scalar.
// CHECK-NOT:   rewrite:
// CHECK-LABEL: func.func @wrong_divisor(
// CHECK:         %M = matrix.div %S, %five
// CHECK:         %N = matrix.div %T, %ten
// CHECK:         %K = matrix.div %R, %k
func.func @wrong_divisor(%X: !matrix.mat<10x5xf64>, %Y: !matrix.mat<10x5xf64>, %k: f64) -> (!matrix.mat<1x5xf64>, !matrix.mat<10x1xf64>, !matrix.mat<1x5xf64>) {
  %five = arith.constant 5.0 : f64
  %S = matrix.reduce sum col %X : (!matrix.mat<10x5xf64>) -> !matrix.mat<1x5xf64>
  %M = matrix.div %S, %five : (!matrix.mat<1x5xf64>, f64) -> !matrix.mat<1x5xf64>
  %T = matrix.reduce sum row %Y : (!matrix.mat<10x5xf64>) -> !matrix.mat<10x1xf64>
  %ten = arith.constant 10.0 : f64
  %N = matrix.div %T, %ten : (!matrix.mat<10x1xf64>, f64) -> !matrix.mat<10x1xf64>
  %R = matrix.reduce sum col %Y : (!matrix.mat<10x5xf64>) -> !matrix.mat<1x5xf64>
  %K = matrix.div %R, %k : (!matrix.mat<1x5xf64>, f64) -> !matrix.mat<1x5xf64>
  func.return %M, %N, %K : !matrix.mat<1x5xf64>, !matrix.mat<10x1xf64>, !matrix.mat<1x5xf64>
}

// -----

// The row count of another matrix (Y) is not X's.
// CHECK-NOT:   rewrite:
// CHECK-LABEL: func.func @other_matrix(
// CHECK:         %r = matrix.nrow %Y
// CHECK:         %M = matrix.div %S, %n
func.func @other_matrix(%X: !matrix.mat<?x5xf64>, %Y: !matrix.mat<?x5xf64>) -> !matrix.mat<1x5xf64> {
  %r = matrix.nrow %Y : (!matrix.mat<?x5xf64>) -> i64
  %n = arith.sitofp %r : i64 to f64
  %S = matrix.reduce sum col %X : (!matrix.mat<?x5xf64>) -> !matrix.mat<1x5xf64>
  %M = matrix.div %S, %n : (!matrix.mat<1x5xf64>, f64) -> !matrix.mat<1x5xf64>
  func.return %M : !matrix.mat<1x5xf64>
}

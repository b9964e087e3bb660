// simplify-dynamic rule `reshape-same`: reshape(X, r, c) -> X when the result
// has X's (known) dims. A real reshape, or unknown dims, stays.

// RUN: amls-opt %s --split-input-file -p simplify-dynamic --rewrite-trace 2>&1 | filecheck %s
// The output re-parses and a second run has nothing left to rewrite.
// RUN: amls-opt %s --split-input-file -p simplify-dynamic | amls-opt --split-input-file -p simplify-dynamic --rewrite-trace 2>&1 | filecheck %s --check-prefix=AGAIN
// AGAIN-NOT: rewrite:
// AGAIN-NOT: error

// CHECK:       rewrite: reshape-same at {{.*}}reshape-same.mlir:{{[0-9]+}}:3
// CHECK-NEXT:  rewrite-count: reshape-same 1
// CHECK-LABEL: func.func @same(
// CHECK-NOT:     matrix.reshape
// CHECK:         func.return %X : !matrix.mat<10x6xf64>
func.func @same(%X: !matrix.mat<10x6xf64>) -> !matrix.mat<10x6xf64> {
  %r = arith.constant 10 : i64
  %c = arith.constant 6 : i64
  %R = matrix.reshape %X, %r, %c : (!matrix.mat<10x6xf64>, i64, i64) -> !matrix.mat<10x6xf64>
  func.return %R : !matrix.mat<10x6xf64>
}

// -----

// 10x6 -> 6x10 is a real reshape; ?x6 -> ?x6 has the same type but unknown dims.
// CHECK-NOT:   rewrite:
// CHECK-LABEL: func.func @other(
// CHECK:         %R = matrix.reshape %X, %r, %c : (!matrix.mat<10x6xf64>, i64, i64) -> !matrix.mat<6x10xf64>
// CHECK-NEXT:    %S = matrix.reshape %U, %n, %c6 : (!matrix.mat<?x6xf64>, i64, i64) -> !matrix.mat<?x6xf64>
func.func @other(%X: !matrix.mat<10x6xf64>, %U: !matrix.mat<?x6xf64>, %n: i64) -> (!matrix.mat<6x10xf64>, !matrix.mat<?x6xf64>) {
  %r = arith.constant 6 : i64
  %c = arith.constant 10 : i64
  %c6 = arith.constant 6 : i64
  %R = matrix.reshape %X, %r, %c : (!matrix.mat<10x6xf64>, i64, i64) -> !matrix.mat<6x10xf64>
  %S = matrix.reshape %U, %n, %c6 : (!matrix.mat<?x6xf64>, i64, i64) -> !matrix.mat<?x6xf64>
  func.return %R, %S : !matrix.mat<6x10xf64>, !matrix.mat<?x6xf64>
}

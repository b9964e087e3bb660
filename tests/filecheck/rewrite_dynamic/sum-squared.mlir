// simplify-dynamic rule `sum-squared`: sum(X^2) -> sumsq(X), and its row and col
// forms. Not for X^3, X^k with k a run-time scalar, nor mean(X^2).

// RUN: amls-opt %s --split-input-file -p simplify-dynamic --rewrite-trace 2>&1 | filecheck %s
// The output re-parses and a second run has nothing left to rewrite.
// RUN: amls-opt %s --split-input-file -p simplify-dynamic | amls-opt --split-input-file -p simplify-dynamic --rewrite-trace 2>&1 | filecheck %s --check-prefix=AGAIN
// AGAIN-NOT: rewrite:
// AGAIN-NOT: error

// CHECK:       rewrite: sum-squared at {{.*}}sum-squared.mlir:{{[0-9]+}}:3
// CHECK-NEXT:  rewrite: sum-squared at {{.*}}sum-squared.mlir:{{[0-9]+}}:3
// CHECK-NEXT:  rewrite: sum-squared at {{.*}}sum-squared.mlir:{{[0-9]+}}:3
// CHECK-NEXT:  rewrite-count: sum-squared 3
// CHECK-LABEL: func.func @sq(
// CHECK-NOT:     matrix.pow
// CHECK:         %s = matrix.reduce sumsq all %X : (!matrix.mat<10x5xf64>) -> f64
// CHECK-NEXT:    %r = matrix.reduce sumsq row %X : (!matrix.mat<10x5xf64>) -> !matrix.mat<10x1xf64>
// CHECK-NEXT:    %c = matrix.reduce sumsq col %X : (!matrix.mat<10x5xf64>) -> !matrix.mat<1x5xf64>
// CHECK-NEXT:    func.return %s, %r, %c
func.func @sq(%X: !matrix.mat<10x5xf64>) -> (f64, !matrix.mat<10x1xf64>, !matrix.mat<1x5xf64>) {
  %two = arith.constant 2.0 : f64
  %P = matrix.pow %X, %two : (!matrix.mat<10x5xf64>, f64) -> !matrix.mat<10x5xf64>
  %s = matrix.reduce sum all %P : (!matrix.mat<10x5xf64>) -> f64
  %r = matrix.reduce sum row %P : (!matrix.mat<10x5xf64>) -> !matrix.mat<10x1xf64>
  %c = matrix.reduce sum col %P : (!matrix.mat<10x5xf64>) -> !matrix.mat<1x5xf64>
  func.return %s, %r, %c : f64, !matrix.mat<10x1xf64>, !matrix.mat<1x5xf64>
}

// -----

// CHECK-NOT:   rewrite:
// CHECK-LABEL: func.func @no(
// CHECK:         %s = matrix.reduce sum all %P
// CHECK:         %t = matrix.reduce sum all %Q
// CHECK:         %m = matrix.reduce mean all %R
func.func @no(%X: !matrix.mat<10x5xf64>, %k: f64) -> (f64, f64, f64) {
  %three = arith.constant 3.0 : f64
  %P = matrix.pow %X, %three : (!matrix.mat<10x5xf64>, f64) -> !matrix.mat<10x5xf64>
  %s = matrix.reduce sum all %P : (!matrix.mat<10x5xf64>) -> f64
  %Q = matrix.pow %X, %k : (!matrix.mat<10x5xf64>, f64) -> !matrix.mat<10x5xf64>
  %t = matrix.reduce sum all %Q : (!matrix.mat<10x5xf64>) -> f64
  %two = arith.constant 2.0 : f64
  %R = matrix.pow %X, %two : (!matrix.mat<10x5xf64>, f64) -> !matrix.mat<10x5xf64>
  %m = matrix.reduce mean all %R : (!matrix.mat<10x5xf64>) -> f64
  func.return %s, %t, %m : f64, f64, f64
}

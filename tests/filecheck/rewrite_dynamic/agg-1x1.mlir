// simplify-dynamic rule `agg-1x1`: sum/min/max/mean/trace(X) -> to_scalar(X) when
// X is 1x1. Not for sumsq (x^2), a 1x2 matrix, a `?x1` one, or a 2x2 trace.

// RUN: amls-opt %s --split-input-file -p simplify-dynamic --rewrite-trace 2>&1 | filecheck %s
// The output re-parses and a second run has nothing left to rewrite.
// RUN: amls-opt %s --split-input-file -p simplify-dynamic | amls-opt --split-input-file -p simplify-dynamic --rewrite-trace 2>&1 | filecheck %s --check-prefix=AGAIN
// AGAIN-NOT: rewrite:
// AGAIN-NOT: error

// CHECK:       rewrite: agg-1x1 at {{.*}}agg-1x1.mlir:{{[0-9]+}}:3
// CHECK-NEXT:  rewrite: agg-1x1 at
// CHECK-NEXT:  rewrite: agg-1x1 at
// CHECK-NEXT:  rewrite: agg-1x1 at
// CHECK-NEXT:  rewrite: agg-1x1 at
// CHECK-NEXT:  rewrite-count: agg-1x1 5
// CHECK-LABEL: func.func @one(
// CHECK-NEXT:    %s = matrix.to_scalar %X : (!matrix.mat<1x1xf64>) -> f64
// CHECK-NEXT:    %l = matrix.to_scalar %X : (!matrix.mat<1x1xf64>) -> f64
// CHECK-NEXT:    %h = matrix.to_scalar %X : (!matrix.mat<1x1xf64>) -> f64
// CHECK-NEXT:    %m = matrix.to_scalar %X : (!matrix.mat<1x1xf64>) -> f64
// CHECK-NEXT:    %t = matrix.to_scalar %X : (!matrix.mat<1x1xf64>) -> f64
func.func @one(%X: !matrix.mat<1x1xf64>) -> (f64, f64, f64, f64, f64) {
  %s = matrix.reduce sum all %X : (!matrix.mat<1x1xf64>) -> f64
  %l = matrix.reduce min all %X : (!matrix.mat<1x1xf64>) -> f64
  %h = matrix.reduce max all %X : (!matrix.mat<1x1xf64>) -> f64
  %m = matrix.reduce mean all %X : (!matrix.mat<1x1xf64>) -> f64
  %t = matrix.trace %X : (!matrix.mat<1x1xf64>) -> f64
  func.return %s, %l, %h, %m, %t : f64, f64, f64, f64, f64
}

// -----

// CHECK-NOT:   rewrite:
// CHECK-LABEL: func.func @not_one(
// CHECK-NEXT:    %q = matrix.reduce sumsq all %X : (!matrix.mat<1x1xf64>) -> f64
// CHECK-NEXT:    %s = matrix.reduce sum all %Y : (!matrix.mat<1x2xf64>) -> f64
// CHECK-NEXT:    %u = matrix.reduce max all %U : (!matrix.mat<?x1xf64>) -> f64
// CHECK-NEXT:    %t = matrix.trace %S : (!matrix.mat<2x2xf64>) -> f64
func.func @not_one(%X: !matrix.mat<1x1xf64>, %Y: !matrix.mat<1x2xf64>, %U: !matrix.mat<?x1xf64>, %S: !matrix.mat<2x2xf64>) -> (f64, f64, f64, f64) {
  %q = matrix.reduce sumsq all %X : (!matrix.mat<1x1xf64>) -> f64
  %s = matrix.reduce sum all %Y : (!matrix.mat<1x2xf64>) -> f64
  %u = matrix.reduce max all %U : (!matrix.mat<?x1xf64>) -> f64
  %t = matrix.trace %S : (!matrix.mat<2x2xf64>) -> f64
  func.return %q, %s, %u, %t : f64, f64, f64, f64
}

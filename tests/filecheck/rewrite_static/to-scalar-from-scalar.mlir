// simplify-static rule `to-scalar-from-scalar`: to_scalar(from_scalar(s)) -> s (a 1x1
// round trip, left by colagg-single-col and scalar-mm). Not for to_scalar of another 1x1.

// RUN: amls-opt %s --split-input-file -p simplify-static --rewrite-trace 2>&1 | filecheck %s
// RUN: amls-opt %s --split-input-file -p simplify-static | amls-opt --split-input-file -p simplify-static --rewrite-trace 2>&1 | filecheck %s --check-prefix=AGAIN
// AGAIN-NOT: rewrite:
// AGAIN-NOT: error

// CHECK:       rewrite: to-scalar-from-scalar at {{.*}}to-scalar-from-scalar.mlir:[[# @LINE + 6]]:3
// CHECK-NEXT:  rewrite-count: to-scalar-from-scalar 1
// CHECK-LABEL: func.func @fires(
// CHECK-NEXT:    func.return %s : f64
func.func @fires(%s: f64) -> f64 {
  %m = matrix.from_scalar %s : (f64) -> !matrix.mat<1x1xf64>
  %r = matrix.to_scalar %m : (!matrix.mat<1x1xf64>) -> f64
  func.return %r : f64
}

// -----

// CHECK-NOT:   rewrite:
// CHECK-LABEL: func.func @declines(
// CHECK-NEXT:    %r = matrix.to_scalar %m : (!matrix.mat<1x1xf64>) -> f64
func.func @declines(%m: !matrix.mat<1x1xf64>) -> f64 {
  %r = matrix.to_scalar %m : (!matrix.mat<1x1xf64>) -> f64
  func.return %r : f64
}

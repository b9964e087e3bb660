// Rule trace-mm (passes/rewrite/rules_static.py): trace(X%*%Y) -> sum(X*t(Y)).
// The rule needs a product known to be square (square_product): with unknown
// dims trace(X%*%Y) stays, so a non-square product is still a run-time error.
// Numbers before/after the rewrite: @num_trace_mm in numerics.mlir.
//
// RUN: amls-opt %s --split-input-file -p simplify-static --rewrite-trace 2>&1 | filecheck %s --check-prefixes=CHECK,TRACE
// RUN: amls-opt %s --split-input-file -p simplify-static | amls-opt --split-input-file | filecheck %s
// RUN: amls-opt %s --split-input-file -p simplify-static | amls-opt --split-input-file -p simplify-static --rewrite-trace 2>&1 | filecheck %s --check-prefix=AGAIN
// AGAIN-NOT: rewrite:
// AGAIN-NOT: error

// TRACE:       rewrite: trace-mm at {{.*}}trace-mm.mlir:[[# @LINE + 9]]:3
// CHECK-LABEL: func.func @trace_mm(
// CHECK-NOT:     matrix.matmul
// CHECK:         %[[T:.*]] = matrix.transpose %Y : (!matrix.mat<4x3xf64>) -> !matrix.mat<3x4xf64>
// CHECK-NEXT:    %[[M:.*]] = matrix.mul %X, %[[T]] : !matrix.mat<3x4xf64>
// CHECK-NEXT:    %r = matrix.reduce sum all %[[M]] : (!matrix.mat<3x4xf64>) -> f64
// CHECK-NEXT:    func.return %r
func.func @trace_mm(%X: !matrix.mat<3x4xf64>, %Y: !matrix.mat<4x3xf64>) -> f64 {
  %p = matrix.matmul %X, %Y : (!matrix.mat<3x4xf64>, !matrix.mat<4x3xf64>) -> !matrix.mat<3x3xf64>
  %r = matrix.trace %p : (!matrix.mat<3x3xf64>) -> f64
  func.return %r : f64
}

// -----

// trace of an element-wise product, of exp(X%*%Y): no trace-mm.
// TRACE-NOT:   rewrite: trace-mm
// CHECK-LABEL: func.func @no_trace_mm(
// CHECK:         %p = matrix.mul %X, %Y
// CHECK-NEXT:    %r0 = matrix.trace %p
// CHECK-NEXT:    %m = matrix.matmul %X, %Y
// CHECK-NEXT:    %s = matrix.exp %m
// CHECK-NEXT:    %r1 = matrix.trace %s
// CHECK-NEXT:    func.return %r0, %r1
func.func @no_trace_mm(%X: !matrix.mat<3x3xf64>, %Y: !matrix.mat<3x3xf64>) -> (f64, f64) {
  %p = matrix.mul %X, %Y : !matrix.mat<3x3xf64>
  %r0 = matrix.trace %p : (!matrix.mat<3x3xf64>) -> f64
  %m = matrix.matmul %X, %Y : !matrix.mat<3x3xf64>
  %s = matrix.exp %m : !matrix.mat<3x3xf64>
  %r1 = matrix.trace %s : (!matrix.mat<3x3xf64>) -> f64
  func.return %r0, %r1 : f64, f64
}

// Rule trace-transpose (passes/rewrite/rules_static.py): trace(t(A)) -> trace(A).
//
// RUN: amls-opt %s --split-input-file -p simplify-static --rewrite-trace 2>&1 | filecheck %s --check-prefixes=CHECK,TRACE
// RUN: amls-opt %s --split-input-file -p simplify-static | amls-opt --split-input-file | filecheck %s
// RUN: amls-opt %s --split-input-file -p simplify-static | amls-opt --split-input-file -p simplify-static --rewrite-trace 2>&1 | filecheck %s --check-prefix=AGAIN
// AGAIN-NOT: rewrite:
// AGAIN-NOT: error

// TRACE:       rewrite: trace-transpose at {{.*}}trace-transpose.mlir:[[# @LINE + 9]]:3
// TRACE:       rewrite: trace-transpose at {{.*}}trace-transpose.mlir:[[# @LINE + 10]]:3
// CHECK-LABEL: func.func @trace_t(
// CHECK-NOT:     matrix.transpose
// CHECK:         %r0 = matrix.trace %A : (!matrix.mat<3x3xf64>) -> f64
// CHECK-NEXT:    %r1 = matrix.trace %U : (!matrix.mat<?x?xf64>) -> f64
// CHECK-NEXT:    func.return %r0, %r1
func.func @trace_t(%A: !matrix.mat<3x3xf64>, %U: !matrix.mat<?x?xf64>) -> (f64, f64) {
  %t = matrix.transpose %A : !matrix.mat<3x3xf64>
  %r0 = matrix.trace %t : (!matrix.mat<3x3xf64>) -> f64
  %u = matrix.transpose %U : !matrix.mat<?x?xf64>
  %r1 = matrix.trace %u : (!matrix.mat<?x?xf64>) -> f64
  func.return %r0, %r1 : f64, f64
}

// -----

// Not a transpose directly under the trace: no rewrite.
// TRACE-NOT:   rewrite: trace-transpose
// CHECK-LABEL: func.func @no_trace_t(
// CHECK-NEXT:    %t = matrix.transpose %A
// CHECK-NEXT:    %n = matrix.neg %t
// CHECK-NEXT:    %r = matrix.trace %n
// CHECK-NEXT:    func.return %r
func.func @no_trace_t(%A: !matrix.mat<3x3xf64>) -> f64 {
  %t = matrix.transpose %A : !matrix.mat<3x3xf64>
  %n = matrix.neg %t : !matrix.mat<3x3xf64>
  %r = matrix.trace %n : (!matrix.mat<3x3xf64>) -> f64
  func.return %r : f64
}

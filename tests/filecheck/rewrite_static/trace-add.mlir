// Rule trace-add (passes/rewrite/rules_static.py): trace(A+B) -> trace(A)+trace(B), A and B of
// the same known shape.
// Numbers before/after the rewrite: @num_trace_add in numerics.mlir.
//
// RUN: amls-opt %s --split-input-file -p simplify-static --rewrite-trace 2>&1 | filecheck %s --check-prefixes=CHECK,TRACE
// RUN: amls-opt %s --split-input-file -p simplify-static | amls-opt --split-input-file | filecheck %s
// RUN: amls-opt %s --split-input-file -p simplify-static | amls-opt --split-input-file -p simplify-static --rewrite-trace 2>&1 | filecheck %s --check-prefix=AGAIN
// AGAIN-NOT: rewrite:
// AGAIN-NOT: error

// TRACE:       rewrite: trace-add at {{.*}}trace-add.mlir:[[# @LINE + 9]]:3
// CHECK-LABEL: func.func @trace_add(
// CHECK-NOT:     matrix.add
// CHECK:         %[[A:.*]] = matrix.trace %A : (!matrix.mat<3x3xf64>) -> f64
// CHECK-NEXT:    %[[B:.*]] = matrix.trace %B : (!matrix.mat<3x3xf64, nnz=2>) -> f64
// CHECK-NEXT:    %r = arith.addf %[[A]], %[[B]] : f64
// CHECK-NEXT:    func.return %r
func.func @trace_add(%A: !matrix.mat<3x3xf64>, %B: !matrix.mat<3x3xf64, nnz=2>) -> f64 {
  %s = matrix.add %A, %B : (!matrix.mat<3x3xf64>, !matrix.mat<3x3xf64, nnz=2>) -> !matrix.mat<3x3xf64>
  %r = matrix.trace %s : (!matrix.mat<3x3xf64>) -> f64
  func.return %r : f64
}

// -----

// A scalar operand (trace(s) is not defined), a broadcast row vector (trace of a
// 1x3 is not defined), unknown shapes: no rewrite.
// TRACE-NOT:   rewrite: trace-add
// CHECK-LABEL: func.func @no_trace_add(
// CHECK-NEXT:    %s0 = matrix.add %A, %c
// CHECK-NEXT:    %r0 = matrix.trace %s0
// CHECK-NEXT:    %s1 = matrix.add %A, %U
// CHECK-NEXT:    %r1 = matrix.trace %s1
// CHECK-NEXT:    %s2 = matrix.add %P, %Q
// CHECK-NEXT:    %r2 = matrix.trace %s2
// CHECK-NEXT:    func.return %r0, %r1, %r2
func.func @no_trace_add(%A: !matrix.mat<3x3xf64>, %U: !matrix.mat<1x3xf64>, %P: !matrix.mat<?x?xf64>, %Q: !matrix.mat<?x?xf64>, %c: f64) -> (f64, f64, f64) {
  %s0 = matrix.add %A, %c : (!matrix.mat<3x3xf64>, f64) -> !matrix.mat<3x3xf64>
  %r0 = matrix.trace %s0 : (!matrix.mat<3x3xf64>) -> f64
  %s1 = matrix.add %A, %U : (!matrix.mat<3x3xf64>, !matrix.mat<1x3xf64>) -> !matrix.mat<3x3xf64>
  %r1 = matrix.trace %s1 : (!matrix.mat<3x3xf64>) -> f64
  %s2 = matrix.add %P, %Q : !matrix.mat<?x?xf64>
  %r2 = matrix.trace %s2 : (!matrix.mat<?x?xf64>) -> f64
  func.return %r0, %r1, %r2 : f64, f64, f64
}

// simplify-dynamic rule `sum-fill`: sum(fill(a, r, c)) -> a*(r*c) for known,
// non-zero dims and a provably finite a. Not when a is a function argument,
// the rows are a run-time value, or the fill has no cells.

// RUN: amls-opt %s --split-input-file -p simplify-dynamic --rewrite-trace 2>&1 | filecheck %s
// The output re-parses and a second run has nothing left to rewrite.
// RUN: amls-opt %s --split-input-file -p simplify-dynamic | amls-opt --split-input-file -p simplify-dynamic --rewrite-trace 2>&1 | filecheck %s --check-prefix=AGAIN
// AGAIN-NOT: rewrite:
// AGAIN-NOT: error

// sum(fill(2.5, 10, 4)) = 2.5 * 40.
// CHECK:       rewrite: sum-fill at {{.*}}sum-fill.mlir:{{[0-9]+}}:3
// CHECK-NEXT:  rewrite-count: sum-fill 1
// CHECK-LABEL: func.func @fires(
// CHECK-NEXT:    %a = arith.constant 2.500000e+00 : f64
// CHECK-NOT:     matrix.reduce
// CHECK:         %[[N:.*]] = arith.constant 4.000000e+01 : f64
// CHECK-NEXT:    %s = arith.mulf %a, %[[N]] : f64
// CHECK-NEXT:    func.return %s : f64
func.func @fires() -> f64 {
  %a = arith.constant 2.5 : f64
  %r = arith.constant 10 : i64
  %c = arith.constant 4 : i64
  %F = matrix.fill %a, %r, %c : (f64, i64, i64) -> !matrix.mat<10x4xf64>
  %s = matrix.reduce sum all %F : (!matrix.mat<10x4xf64>) -> f64
  func.return %s : f64
}

// -----

// CHECK-NOT:   rewrite:
// CHECK-LABEL: func.func @no(
// CHECK:         %s = matrix.reduce sum all %F
// CHECK:         %t = matrix.reduce sum all %G
// CHECK:         %u = matrix.reduce sum all %H
func.func @no(%a: f64, %n: i64) -> (f64, f64, f64) {
  %b = arith.constant 2.5 : f64
  %r = arith.constant 10 : i64
  %c = arith.constant 4 : i64
  %z = arith.constant 0 : i64
  %F = matrix.fill %a, %r, %c : (f64, i64, i64) -> !matrix.mat<10x4xf64>
  %s = matrix.reduce sum all %F : (!matrix.mat<10x4xf64>) -> f64
  %G = matrix.fill %b, %n, %c : (f64, i64, i64) -> !matrix.mat<?x4xf64>
  %t = matrix.reduce sum all %G : (!matrix.mat<?x4xf64>) -> f64
  %H = matrix.fill %b, %z, %c : (f64, i64, i64) -> !matrix.mat<0x4xf64>
  %u = matrix.reduce sum all %H : (!matrix.mat<0x4xf64>) -> f64
  func.return %s, %t, %u : f64, f64, f64
}

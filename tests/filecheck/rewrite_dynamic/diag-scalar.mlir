// simplify-dynamic rule `diag-scalar`: diag(v)*s -> diag(v*s) (either operand
// order) for a column vector v and a provably finite s (Inf * the off-diagonal
// zeros is NaN). Not when s is a function argument, s is +Inf, or diag(S) of a
// square S (a vector already).

// RUN: amls-opt %s --split-input-file -p simplify-dynamic --rewrite-trace 2>&1 | filecheck %s
// The output re-parses and a second run has nothing left to rewrite.
// RUN: amls-opt %s --split-input-file -p simplify-dynamic | amls-opt --split-input-file -p simplify-dynamic --rewrite-trace 2>&1 | filecheck %s --check-prefix=AGAIN
// AGAIN-NOT: rewrite:
// AGAIN-NOT: error

// CHECK:       rewrite: diag-scalar at {{.*}}diag-scalar.mlir:{{[0-9]+}}:3
// CHECK-NEXT:  rewrite: diag-scalar at {{.*}}diag-scalar.mlir:{{[0-9]+}}:3
// CHECK-NEXT:  rewrite-count: diag-scalar 2
// CHECK-LABEL: func.func @ds(
// CHECK-NEXT:    %s = arith.constant 3.000000e+00 : f64
// CHECK-NEXT:    %[[A:.*]] = matrix.mul %v, %s : (!matrix.mat<5x1xf64>, f64) -> !matrix.mat<5x1xf64>
// CHECK-NEXT:    %P = matrix.diag %[[A]] : (!matrix.mat<5x1xf64>) -> !matrix.mat<5x5xf64>
// CHECK-NEXT:    %[[B:.*]] = matrix.mul %v, %s : (!matrix.mat<5x1xf64>, f64) -> !matrix.mat<5x1xf64>
// CHECK-NEXT:    %Q = matrix.diag %[[B]] : (!matrix.mat<5x1xf64>) -> !matrix.mat<5x5xf64>
// CHECK-NEXT:    func.return %P, %Q
func.func @ds(%v: !matrix.mat<5x1xf64>) -> (!matrix.mat<5x5xf64>, !matrix.mat<5x5xf64>) {
  %s = arith.constant 3.0 : f64
  %D = matrix.diag %v : (!matrix.mat<5x1xf64>) -> !matrix.mat<5x5xf64>
  %P = matrix.mul %D, %s : (!matrix.mat<5x5xf64>, f64) -> !matrix.mat<5x5xf64>
  %E = matrix.diag %v : (!matrix.mat<5x1xf64>) -> !matrix.mat<5x5xf64>
  %Q = matrix.mul %s, %E : (f64, !matrix.mat<5x5xf64>) -> !matrix.mat<5x5xf64>
  func.return %P, %Q : !matrix.mat<5x5xf64>, !matrix.mat<5x5xf64>
}

// -----

// CHECK-NOT:   rewrite:
// CHECK-LABEL: func.func @no(
// CHECK:         %P = matrix.mul %D, %k
// CHECK:         %Q = matrix.mul %d, %s
func.func @no(%v: !matrix.mat<5x1xf64>, %k: f64, %S: !matrix.mat<5x5xf64>) -> (!matrix.mat<5x5xf64>, !matrix.mat<5x1xf64>) {
  %D = matrix.diag %v : (!matrix.mat<5x1xf64>) -> !matrix.mat<5x5xf64>
  %P = matrix.mul %D, %k : (!matrix.mat<5x5xf64>, f64) -> !matrix.mat<5x5xf64>
  %s = arith.constant 3.0 : f64
  %d = matrix.diag %S : (!matrix.mat<5x5xf64>) -> !matrix.mat<5x1xf64>
  %Q = matrix.mul %d, %s : (!matrix.mat<5x1xf64>, f64) -> !matrix.mat<5x1xf64>
  func.return %P, %Q : !matrix.mat<5x5xf64>, !matrix.mat<5x1xf64>
}

// -----

// s = +Inf: diag(v)*Inf has NaN off the diagonal, diag(v*Inf) has zeros.
// CHECK-NOT:   rewrite:
// CHECK-LABEL: func.func @inf(
// CHECK:         %P = matrix.mul %D, %s
func.func @inf(%v: !matrix.mat<5x1xf64>) -> !matrix.mat<5x5xf64> {
  %s = arith.constant 0x7FF0000000000000 : f64
  %D = matrix.diag %v : (!matrix.mat<5x1xf64>) -> !matrix.mat<5x5xf64>
  %P = matrix.mul %D, %s : (!matrix.mat<5x5xf64>, f64) -> !matrix.mat<5x5xf64>
  func.return %P : !matrix.mat<5x5xf64>
}

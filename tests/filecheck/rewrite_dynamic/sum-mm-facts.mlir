// sum-mm over arguments: it fires where the value facts prove the product and its
// sum finite (stated bounds: {matrix.absmax}), and the trace says why it is held
// back where they do not (an argument only stated finite can still overflow in the
// product; an argument with no facts may hold NaN).
// RUN: amls-opt %s --split-input-file -p simplify-dynamic | filecheck %s
// RUN: amls-opt %s --split-input-file -p simplify-dynamic --rewrite-trace 2>&1 >/dev/null | filecheck %s --check-prefix=TRACE
// With --assume-finite (the nnan/ninf licence) it fires on every product.
// RUN: amls-opt %s --split-input-file -p simplify-dynamic --assume-finite --rewrite-trace 2>&1 >/dev/null | filecheck %s --check-prefix=FAST

// TRACE:       rewrite: sum-mm at {{.*}}sum-mm-facts.mlir:[[# @LINE + 6]]:3
// CHECK-LABEL: func.func @bounded(
// CHECK-NOT:     !matrix.mat<30x30xf64>
// CHECK:         func.return
func.func @bounded(%X: !matrix.mat<30x15xf64> {matrix.absmax = 1.0 : f64}, %Y: !matrix.mat<15x30xf64> {matrix.absmax = 2.0 : f64}) -> f64 {
  %p = matrix.matmul %X, %Y : (!matrix.mat<30x15xf64>, !matrix.mat<15x30xf64>) -> !matrix.mat<30x30xf64>
  %s = matrix.reduce sum all %p : (!matrix.mat<30x30xf64>) -> f64
  func.return %s : f64
}

// -----

// FAST:        rewrite: sum-mm
// FAST:        rewrite: sum-mm
// FAST:        rewrite: sum-mm
// FAST-NOT:    held-back
// TRACE-NOT:   rewrite: sum-mm
// TRACE:       held-back: sum-mm at {{.*}}sum-mm-facts.mlir:[[# @LINE + 7]]:3: %s not provably finite (unknown)
// TRACE-NEXT:  held-back: sum-mm at {{.*}}sum-mm-facts.mlir:[[# @LINE + 8]]:3: %U not provably finite (unknown)
// CHECK-LABEL: func.func @held_back(
// CHECK:         matrix.matmul %X, %F
// CHECK:         matrix.matmul %X, %U
func.func @held_back(%X: !matrix.mat<30x15xf64> {matrix.absmax = 1.0 : f64}, %F: !matrix.mat<15x30xf64> {matrix.finite}, %U: !matrix.mat<15x30xf64>) -> (f64, f64) {
  %p = matrix.matmul %X, %F : (!matrix.mat<30x15xf64>, !matrix.mat<15x30xf64>) -> !matrix.mat<30x30xf64>
  %s = matrix.reduce sum all %p : (!matrix.mat<30x30xf64>) -> f64
  %q = matrix.matmul %X, %U : (!matrix.mat<30x15xf64>, !matrix.mat<15x30xf64>) -> !matrix.mat<30x30xf64>
  %t = matrix.reduce sum row %q : (!matrix.mat<30x30xf64>) -> !matrix.mat<30x1xf64>
  %u = matrix.reduce sum all %t : (!matrix.mat<30x1xf64>) -> f64
  func.return %s, %u : f64, f64
}

// -----

// An unnamed operand is named by its op and source location, not by the pattern's
// own variable (A).
// TRACE:       held-back: sum-mm at {{.*}}sum-mm-facts.mlir:[[# @LINE + 6]]:3: the matrix.exp result at {{.*}}sum-mm-facts.mlir:[[# @LINE + 4]]:3 not provably finite (no NaN)
// CHECK-LABEL: func.func @unnamed(
// CHECK:         matrix.matmul
func.func @unnamed(%X: !matrix.mat<30x15xf64> {matrix.finite}, %Y: !matrix.mat<15x30xf64> {matrix.finite}) -> f64 {
  %0 = matrix.exp %X : (!matrix.mat<30x15xf64>) -> !matrix.mat<30x15xf64>
  %1 = matrix.matmul %0, %Y : (!matrix.mat<30x15xf64>, !matrix.mat<15x30xf64>) -> !matrix.mat<30x30xf64>
  %2 = matrix.reduce sum all %1 : (!matrix.mat<30x30xf64>) -> f64
  func.return %2 : f64
}

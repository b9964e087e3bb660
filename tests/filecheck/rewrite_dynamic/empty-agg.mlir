// simplify-dynamic rule `empty-agg`: sum/sumsq/min/max(X) -> 0.0, their row/col
// forms -> a zero vector, trace(X) -> 0.0, when X is empty (nnz=0) with known,
// non-zero dims. Not for nnz 2 or unknown nnz, a 0x5 matrix (no cells: min/max
// of nothing), mean or argmax (not in the rule), or unknown rows.

// RUN: amls-opt %s --split-input-file -p simplify-dynamic --rewrite-trace 2>&1 | filecheck %s
// The output re-parses and a second run has nothing left to rewrite.
// RUN: amls-opt %s --split-input-file -p simplify-dynamic | amls-opt --split-input-file -p simplify-dynamic --rewrite-trace 2>&1 | filecheck %s --check-prefix=AGAIN
// AGAIN-NOT: rewrite:
// AGAIN-NOT: error

// sum, sumsq, min, max of an empty 10x5 matrix and the trace of an empty 5x5 one.
// CHECK:       rewrite: empty-agg at {{.*}}empty-agg.mlir:{{[0-9]+}}:3
// CHECK-NEXT:  rewrite: empty-agg at
// CHECK-NEXT:  rewrite: empty-agg at
// CHECK-NEXT:  rewrite: empty-agg at
// CHECK-NEXT:  rewrite: empty-agg at
// CHECK-NEXT:  rewrite-count: empty-agg 5
// CHECK-LABEL: func.func @all(
// CHECK-NEXT:    %s = arith.constant 0.000000e+00 : f64
// CHECK-NEXT:    %q = arith.constant 0.000000e+00 : f64
// CHECK-NEXT:    %l = arith.constant 0.000000e+00 : f64
// CHECK-NEXT:    %h = arith.constant 0.000000e+00 : f64
// CHECK-NEXT:    %t = arith.constant 0.000000e+00 : f64
// CHECK-NEXT:    func.return %s, %q, %l, %h, %t
func.func @all(%X: !matrix.mat<10x5xf64, nnz=0>, %S: !matrix.mat<5x5xf64, nnz=0>) -> (f64, f64, f64, f64, f64) {
  %s = matrix.reduce sum all %X : (!matrix.mat<10x5xf64, nnz=0>) -> f64
  %q = matrix.reduce sumsq all %X : (!matrix.mat<10x5xf64, nnz=0>) -> f64
  %l = matrix.reduce min all %X : (!matrix.mat<10x5xf64, nnz=0>) -> f64
  %h = matrix.reduce max all %X : (!matrix.mat<10x5xf64, nnz=0>) -> f64
  %t = matrix.trace %S : (!matrix.mat<5x5xf64, nnz=0>) -> f64
  func.return %s, %q, %l, %h, %t : f64, f64, f64, f64, f64
}

// -----

// Row and column forms: zero vectors of the result's dims.
// CHECK:       rewrite: empty-agg at {{.*}}empty-agg.mlir:{{[0-9]+}}:3
// CHECK-NEXT:  rewrite: empty-agg at
// CHECK-NEXT:  rewrite: empty-agg at
// CHECK-NEXT:  rewrite: empty-agg at
// CHECK-NEXT:  rewrite-count: empty-agg 4
// CHECK-LABEL: func.func @rowcol(
// CHECK-NOT:     matrix.reduce
// CHECK:         %r = matrix.fill {{.*}} -> !matrix.mat<10x1xf64, nnz=0>
// CHECK:         %c = matrix.fill {{.*}} -> !matrix.mat<1x5xf64, nnz=0>
// CHECK:         %q = matrix.fill {{.*}} -> !matrix.mat<10x1xf64, nnz=0>
// CHECK:         %l = matrix.fill {{.*}} -> !matrix.mat<1x5xf64, nnz=0>
// CHECK-NOT:     matrix.reduce
func.func @rowcol(%X: !matrix.mat<10x5xf64, nnz=0>) -> (!matrix.mat<10x1xf64>, !matrix.mat<1x5xf64>, !matrix.mat<10x1xf64>, !matrix.mat<1x5xf64>) {
  %r = matrix.reduce sum row %X : (!matrix.mat<10x5xf64, nnz=0>) -> !matrix.mat<10x1xf64>
  %c = matrix.reduce max col %X : (!matrix.mat<10x5xf64, nnz=0>) -> !matrix.mat<1x5xf64>
  %q = matrix.reduce sumsq row %X : (!matrix.mat<10x5xf64, nnz=0>) -> !matrix.mat<10x1xf64>
  %l = matrix.reduce min col %X : (!matrix.mat<10x5xf64, nnz=0>) -> !matrix.mat<1x5xf64>
  func.return %r, %c, %q, %l : !matrix.mat<10x1xf64>, !matrix.mat<1x5xf64>, !matrix.mat<10x1xf64>, !matrix.mat<1x5xf64>
}

// -----

// CHECK-NOT:   rewrite:
// CHECK-LABEL: func.func @no(
// CHECK-NEXT:    %a = matrix.reduce sum all %X
// CHECK-NEXT:    %b = matrix.reduce max all %Y
// CHECK-NEXT:    %c = matrix.reduce min all %Z
// CHECK-NEXT:    %d = matrix.reduce mean all %E
// CHECK-NEXT:    %e = matrix.reduce argmax col %E
// CHECK-NEXT:    %f = matrix.reduce sum all %U
// CHECK-NEXT:    %g = matrix.trace %S
func.func @no(%X: !matrix.mat<10x5xf64, nnz=2>, %Y: !matrix.mat<10x5xf64>, %Z: !matrix.mat<0x5xf64, nnz=0>, %E: !matrix.mat<10x5xf64, nnz=0>, %U: !matrix.mat<?x5xf64, nnz=0>, %S: !matrix.mat<5x5xf64, nnz=1>) -> (f64, f64, f64, f64, !matrix.mat<1x5xf64>, f64, f64) {
  %a = matrix.reduce sum all %X : (!matrix.mat<10x5xf64, nnz=2>) -> f64
  %b = matrix.reduce max all %Y : (!matrix.mat<10x5xf64>) -> f64
  %c = matrix.reduce min all %Z : (!matrix.mat<0x5xf64, nnz=0>) -> f64
  %d = matrix.reduce mean all %E : (!matrix.mat<10x5xf64, nnz=0>) -> f64
  %e = matrix.reduce argmax col %E : (!matrix.mat<10x5xf64, nnz=0>) -> !matrix.mat<1x5xf64>
  %f = matrix.reduce sum all %U : (!matrix.mat<?x5xf64, nnz=0>) -> f64
  %g = matrix.trace %S : (!matrix.mat<5x5xf64, nnz=1>) -> f64
  func.return %a, %b, %c, %d, %e, %f, %g : f64, f64, f64, f64, !matrix.mat<1x5xf64>, f64, f64
}

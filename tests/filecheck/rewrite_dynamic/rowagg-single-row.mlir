// simplify-dynamic rule `rowagg-single-row`: rowAgg(X) -> from_scalar(agg(X)) when
// nrow(X) = 1 (sum, mean, min, max, sumsq), for a non-empty shape. Not for 2x5,
// `1x?` (cells unknown), 1x0 (no cells), nor argmin.

// RUN: amls-opt %s --split-input-file -p simplify-dynamic --rewrite-trace 2>&1 | filecheck %s
// The output re-parses and a second run has nothing left to rewrite.
// RUN: amls-opt %s --split-input-file -p simplify-dynamic | amls-opt --split-input-file -p simplify-dynamic --rewrite-trace 2>&1 | filecheck %s --check-prefix=AGAIN
// AGAIN-NOT: rewrite:
// AGAIN-NOT: error

// CHECK:       rewrite: rowagg-single-row at {{.*}}rowagg-single-row.mlir:{{[0-9]+}}:3
// CHECK-NEXT:  rewrite: rowagg-single-row at
// CHECK-NEXT:  rewrite: rowagg-single-row at
// CHECK-NEXT:  rewrite: rowagg-single-row at
// CHECK-NEXT:  rewrite: rowagg-single-row at
// CHECK-NEXT:  rewrite-count: rowagg-single-row 5
// CHECK-LABEL: func.func @row(
// CHECK-NEXT:    %[[S:.*]] = matrix.reduce sum all %X : (!matrix.mat<1x5xf64>) -> f64
// CHECK-NEXT:    %s = matrix.from_scalar %[[S]] : (f64) -> !matrix.mat<1x1xf64>
// CHECK-NEXT:    %[[M:.*]] = matrix.reduce mean all %X : (!matrix.mat<1x5xf64>) -> f64
// CHECK-NEXT:    %m = matrix.from_scalar %[[M]] : (f64) -> !matrix.mat<1x1xf64>
// CHECK-NEXT:    %[[L:.*]] = matrix.reduce min all %X : (!matrix.mat<1x5xf64>) -> f64
// CHECK-NEXT:    %l = matrix.from_scalar %[[L]] : (f64) -> !matrix.mat<1x1xf64>
// CHECK-NEXT:    %[[H:.*]] = matrix.reduce max all %X : (!matrix.mat<1x5xf64>) -> f64
// CHECK-NEXT:    %h = matrix.from_scalar %[[H]] : (f64) -> !matrix.mat<1x1xf64>
// CHECK-NEXT:    %[[Q:.*]] = matrix.reduce sumsq all %X : (!matrix.mat<1x5xf64>) -> f64
// CHECK-NEXT:    %q = matrix.from_scalar %[[Q]] : (f64) -> !matrix.mat<1x1xf64>
// CHECK-NEXT:    func.return %s, %m, %l, %h, %q :
func.func @row(%X: !matrix.mat<1x5xf64>) -> (!matrix.mat<1x1xf64>, !matrix.mat<1x1xf64>, !matrix.mat<1x1xf64>, !matrix.mat<1x1xf64>, !matrix.mat<1x1xf64>) {
  %s = matrix.reduce sum row %X : (!matrix.mat<1x5xf64>) -> !matrix.mat<1x1xf64>
  %m = matrix.reduce mean row %X : (!matrix.mat<1x5xf64>) -> !matrix.mat<1x1xf64>
  %l = matrix.reduce min row %X : (!matrix.mat<1x5xf64>) -> !matrix.mat<1x1xf64>
  %h = matrix.reduce max row %X : (!matrix.mat<1x5xf64>) -> !matrix.mat<1x1xf64>
  %q = matrix.reduce sumsq row %X : (!matrix.mat<1x5xf64>) -> !matrix.mat<1x1xf64>
  func.return %s, %m, %l, %h, %q : !matrix.mat<1x1xf64>, !matrix.mat<1x1xf64>, !matrix.mat<1x1xf64>, !matrix.mat<1x1xf64>, !matrix.mat<1x1xf64>
}

// -----

// CHECK-NOT:   rewrite:
// CHECK-LABEL: func.func @not_row(
// CHECK-NEXT:    %s = matrix.reduce sum row %Y : (!matrix.mat<2x5xf64>) -> !matrix.mat<2x1xf64>
// CHECK-NEXT:    %u = matrix.reduce sum row %U : (!matrix.mat<1x?xf64>) -> !matrix.mat<1x1xf64>
// CHECK-NEXT:    %e = matrix.reduce min row %E : (!matrix.mat<1x0xf64>) -> !matrix.mat<1x1xf64>
// CHECK-NEXT:    %a = matrix.reduce argmin row %X : (!matrix.mat<1x5xf64>) -> !matrix.mat<1x1xf64>
func.func @not_row(%Y: !matrix.mat<2x5xf64>, %U: !matrix.mat<1x?xf64>, %E: !matrix.mat<1x0xf64>, %X: !matrix.mat<1x5xf64>) -> (!matrix.mat<2x1xf64>, !matrix.mat<1x1xf64>, !matrix.mat<1x1xf64>, !matrix.mat<1x1xf64>) {
  %s = matrix.reduce sum row %Y : (!matrix.mat<2x5xf64>) -> !matrix.mat<2x1xf64>
  %u = matrix.reduce sum row %U : (!matrix.mat<1x?xf64>) -> !matrix.mat<1x1xf64>
  %e = matrix.reduce min row %E : (!matrix.mat<1x0xf64>) -> !matrix.mat<1x1xf64>
  %a = matrix.reduce argmin row %X : (!matrix.mat<1x5xf64>) -> !matrix.mat<1x1xf64>
  func.return %s, %u, %e, %a : !matrix.mat<2x1xf64>, !matrix.mat<1x1xf64>, !matrix.mat<1x1xf64>, !matrix.mat<1x1xf64>
}

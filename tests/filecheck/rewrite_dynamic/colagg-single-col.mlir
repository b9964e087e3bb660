// simplify-dynamic rule `colagg-single-col`: colAgg(X) -> from_scalar(agg(X)) when
// ncol(X) = 1 (sum, mean, min, max, sumsq), for a non-empty shape. Not for 10x2,
// `?x1` (cells unknown), 0x1 (no cells), nor argmin.

// RUN: amls-opt %s --split-input-file -p simplify-dynamic --rewrite-trace 2>&1 | filecheck %s
// The output re-parses and a second run has nothing left to rewrite.
// RUN: amls-opt %s --split-input-file -p simplify-dynamic | amls-opt --split-input-file -p simplify-dynamic --rewrite-trace 2>&1 | filecheck %s --check-prefix=AGAIN
// AGAIN-NOT: rewrite:
// AGAIN-NOT: error

// CHECK:       rewrite: colagg-single-col at {{.*}}colagg-single-col.mlir:{{[0-9]+}}:3
// CHECK-NEXT:  rewrite: colagg-single-col at
// CHECK-NEXT:  rewrite: colagg-single-col at
// CHECK-NEXT:  rewrite: colagg-single-col at
// CHECK-NEXT:  rewrite: colagg-single-col at
// CHECK-NEXT:  rewrite-count: colagg-single-col 5
// CHECK-LABEL: func.func @col(
// CHECK-NEXT:    %[[S:.*]] = matrix.reduce sum all %X : (!matrix.mat<10x1xf64>) -> f64
// CHECK-NEXT:    %s = matrix.from_scalar %[[S]] : (f64) -> !matrix.mat<1x1xf64>
// CHECK-NEXT:    %[[M:.*]] = matrix.reduce mean all %X : (!matrix.mat<10x1xf64>) -> f64
// CHECK-NEXT:    %m = matrix.from_scalar %[[M]] : (f64) -> !matrix.mat<1x1xf64>
// CHECK-NEXT:    %[[L:.*]] = matrix.reduce min all %X : (!matrix.mat<10x1xf64>) -> f64
// CHECK-NEXT:    %l = matrix.from_scalar %[[L]] : (f64) -> !matrix.mat<1x1xf64>
// CHECK-NEXT:    %[[H:.*]] = matrix.reduce max all %X : (!matrix.mat<10x1xf64>) -> f64
// CHECK-NEXT:    %h = matrix.from_scalar %[[H]] : (f64) -> !matrix.mat<1x1xf64>
// CHECK-NEXT:    %[[Q:.*]] = matrix.reduce sumsq all %X : (!matrix.mat<10x1xf64>) -> f64
// CHECK-NEXT:    %q = matrix.from_scalar %[[Q]] : (f64) -> !matrix.mat<1x1xf64>
// CHECK-NEXT:    func.return %s, %m, %l, %h, %q :
func.func @col(%X: !matrix.mat<10x1xf64>) -> (!matrix.mat<1x1xf64>, !matrix.mat<1x1xf64>, !matrix.mat<1x1xf64>, !matrix.mat<1x1xf64>, !matrix.mat<1x1xf64>) {
  %s = matrix.reduce sum col %X : (!matrix.mat<10x1xf64>) -> !matrix.mat<1x1xf64>
  %m = matrix.reduce mean col %X : (!matrix.mat<10x1xf64>) -> !matrix.mat<1x1xf64>
  %l = matrix.reduce min col %X : (!matrix.mat<10x1xf64>) -> !matrix.mat<1x1xf64>
  %h = matrix.reduce max col %X : (!matrix.mat<10x1xf64>) -> !matrix.mat<1x1xf64>
  %q = matrix.reduce sumsq col %X : (!matrix.mat<10x1xf64>) -> !matrix.mat<1x1xf64>
  func.return %s, %m, %l, %h, %q : !matrix.mat<1x1xf64>, !matrix.mat<1x1xf64>, !matrix.mat<1x1xf64>, !matrix.mat<1x1xf64>, !matrix.mat<1x1xf64>
}

// -----

// CHECK-NOT:   rewrite:
// CHECK-LABEL: func.func @not_col(
// CHECK-NEXT:    %s = matrix.reduce sum col %Y : (!matrix.mat<10x2xf64>) -> !matrix.mat<1x2xf64>
// CHECK-NEXT:    %u = matrix.reduce sum col %U : (!matrix.mat<?x1xf64>) -> !matrix.mat<1x1xf64>
// CHECK-NEXT:    %e = matrix.reduce max col %E : (!matrix.mat<0x1xf64>) -> !matrix.mat<1x1xf64>
// CHECK-NEXT:    %a = matrix.reduce argmin col %X : (!matrix.mat<10x1xf64>) -> !matrix.mat<1x1xf64>
func.func @not_col(%Y: !matrix.mat<10x2xf64>, %U: !matrix.mat<?x1xf64>, %E: !matrix.mat<0x1xf64>, %X: !matrix.mat<10x1xf64>) -> (!matrix.mat<1x2xf64>, !matrix.mat<1x1xf64>, !matrix.mat<1x1xf64>, !matrix.mat<1x1xf64>) {
  %s = matrix.reduce sum col %Y : (!matrix.mat<10x2xf64>) -> !matrix.mat<1x2xf64>
  %u = matrix.reduce sum col %U : (!matrix.mat<?x1xf64>) -> !matrix.mat<1x1xf64>
  %e = matrix.reduce max col %E : (!matrix.mat<0x1xf64>) -> !matrix.mat<1x1xf64>
  %a = matrix.reduce argmin col %X : (!matrix.mat<10x1xf64>) -> !matrix.mat<1x1xf64>
  func.return %s, %u, %e, %a : !matrix.mat<1x2xf64>, !matrix.mat<1x1xf64>, !matrix.mat<1x1xf64>, !matrix.mat<1x1xf64>
}

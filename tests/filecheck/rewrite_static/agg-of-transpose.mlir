// Rule agg-of-transpose (passes/rewrite/rules_static.py): sum/mean/min/max/sumsq(t(X)) -> same(X),
// full (axis all) aggregates only.
// Numbers before/after the rewrite: @num_agg_of_transpose in numerics.mlir.
//
// RUN: amls-opt %s --split-input-file -p simplify-static --rewrite-trace 2>&1 | filecheck %s --check-prefixes=CHECK,TRACE
// RUN: amls-opt %s --split-input-file -p simplify-static | amls-opt --split-input-file | filecheck %s
// RUN: amls-opt %s --split-input-file -p simplify-static | amls-opt --split-input-file -p simplify-static --rewrite-trace 2>&1 | filecheck %s --check-prefix=AGAIN
// AGAIN-NOT: rewrite:
// AGAIN-NOT: error

// TRACE:       rewrite: agg-of-transpose at {{.*}}agg-of-transpose.mlir:[[# @LINE + 15]]:3
// TRACE:       rewrite: agg-of-transpose at {{.*}}agg-of-transpose.mlir:[[# @LINE + 15]]:3
// TRACE:       rewrite: agg-of-transpose at {{.*}}agg-of-transpose.mlir:[[# @LINE + 15]]:3
// TRACE:       rewrite: agg-of-transpose at {{.*}}agg-of-transpose.mlir:[[# @LINE + 15]]:3
// TRACE:       rewrite: agg-of-transpose at {{.*}}agg-of-transpose.mlir:[[# @LINE + 15]]:3
// CHECK-LABEL: func.func @agg_t(
// CHECK-NOT:     matrix.transpose
// CHECK:         %sum = matrix.reduce sum all %X : (!matrix.mat<3x4xf64>) -> f64
// CHECK:         %mean = matrix.reduce mean all %X : (!matrix.mat<3x4xf64>) -> f64
// CHECK:         %min = matrix.reduce min all %X : (!matrix.mat<3x4xf64>) -> f64
// CHECK:         %max = matrix.reduce max all %X : (!matrix.mat<3x4xf64>) -> f64
// CHECK:         %sumsq = matrix.reduce sumsq all %X : (!matrix.mat<3x4xf64>) -> f64
// CHECK-NEXT:    func.return
func.func @agg_t(%X: !matrix.mat<3x4xf64>) -> (f64, f64, f64, f64, f64) {
  %t = matrix.transpose %X : (!matrix.mat<3x4xf64>) -> !matrix.mat<4x3xf64>
  %sum = matrix.reduce sum all %t : (!matrix.mat<4x3xf64>) -> f64
  %mean = matrix.reduce mean all %t : (!matrix.mat<4x3xf64>) -> f64
  %min = matrix.reduce min all %t : (!matrix.mat<4x3xf64>) -> f64
  %max = matrix.reduce max all %t : (!matrix.mat<4x3xf64>) -> f64
  %sumsq = matrix.reduce sumsq all %t : (!matrix.mat<4x3xf64>) -> f64
  func.return %sum, %mean, %min, %max, %sumsq : f64, f64, f64, f64, f64
}

// -----

// Row and column aggregates are not full aggregates (rowsums-of-transpose handles
// some of them); the transpose feeding something else stays.
// TRACE-NOT:   rewrite: agg-of-transpose
// CHECK-LABEL: func.func @not_full(
// CHECK:         %t = matrix.transpose %X
// CHECK:         matrix.reduce argmax row %t
// CHECK:         %n = matrix.neg %t
// CHECK-NEXT:    %s = matrix.reduce sum all %n
func.func @not_full(%X: !matrix.mat<3x4xf64>) -> (!matrix.mat<4x1xf64>, !matrix.mat<4x1xf64>, f64) {
  %t = matrix.transpose %X : (!matrix.mat<3x4xf64>) -> !matrix.mat<4x3xf64>
  %r = matrix.reduce sum row %t : (!matrix.mat<4x3xf64>) -> !matrix.mat<4x1xf64>
  %m = matrix.reduce argmax row %t : (!matrix.mat<4x3xf64>) -> !matrix.mat<4x1xf64>
  %n = matrix.neg %t : !matrix.mat<4x3xf64>
  %s = matrix.reduce sum all %n : (!matrix.mat<4x3xf64>) -> f64
  func.return %r, %m, %s : !matrix.mat<4x1xf64>, !matrix.mat<4x1xf64>, f64
}

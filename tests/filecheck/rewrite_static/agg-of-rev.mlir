// Rule agg-of-rev (passes/rewrite/rules_static.py): full and column aggregates
// sum/mean/min/max/sumsq/var/sd of rev(X) -> the same of X (SystemDS
// simplifyUnaryAggReorgOperation; column forms: the row order is invisible to them).
// Not prod (a reordered product under/overflows elsewhere), not argmin/argmax.
//
// RUN: amls-opt %s --split-input-file -p simplify-static --rewrite-trace 2>&1 | filecheck %s --check-prefixes=CHECK,TRACE
// RUN: amls-opt %s --split-input-file -p simplify-static | amls-opt --split-input-file | filecheck %s
// RUN: amls-opt %s --split-input-file -p simplify-static | amls-opt --split-input-file -p simplify-static --rewrite-trace 2>&1 | filecheck %s --check-prefix=AGAIN
// AGAIN-NOT: rewrite:
// AGAIN-NOT: error

// TRACE:       rewrite: agg-of-rev at {{.*}}agg-of-rev.mlir:[[# @LINE + 11]]:3
// TRACE:       rewrite: agg-of-rev at {{.*}}agg-of-rev.mlir:[[# @LINE + 11]]:3
// TRACE:       rewrite: agg-of-rev at {{.*}}agg-of-rev.mlir:[[# @LINE + 11]]:3
// CHECK-LABEL: func.func @agg_rev(
// CHECK-NOT:     matrix.rev
// CHECK:         %s = matrix.reduce sum all %X : (!matrix.mat<3x4xf64>) -> f64
// CHECK-NEXT:    %v = matrix.reduce var all %X : (!matrix.mat<3x4xf64>) -> f64
// CHECK-NEXT:    %c = matrix.reduce max col %X : (!matrix.mat<3x4xf64>) -> !matrix.mat<1x4xf64>
// CHECK-NEXT:    func.return
func.func @agg_rev(%X: !matrix.mat<3x4xf64>) -> (f64, f64, !matrix.mat<1x4xf64>) {
  %a = matrix.rev %X : !matrix.mat<3x4xf64>
  %s = matrix.reduce sum all %a : (!matrix.mat<3x4xf64>) -> f64
  %v = matrix.reduce var all %a : (!matrix.mat<3x4xf64>) -> f64
  %c = matrix.reduce max col %a : (!matrix.mat<3x4xf64>) -> !matrix.mat<1x4xf64>
  func.return %s, %v, %c : f64, f64, !matrix.mat<1x4xf64>
}

// -----

// prod and argmax (col) see the order: rev stays.
// TRACE-NOT:   rewrite: agg-of-rev
// CHECK-LABEL: func.func @no_agg_rev(
// CHECK:         %a = matrix.rev %X
// CHECK-NEXT:    %p = matrix.reduce prod all %a
// CHECK-NEXT:    %m = matrix.reduce argmax col %a
func.func @no_agg_rev(%X: !matrix.mat<3x4xf64>) -> (f64, !matrix.mat<1x4xf64>) {
  %a = matrix.rev %X : !matrix.mat<3x4xf64>
  %p = matrix.reduce prod all %a : (!matrix.mat<3x4xf64>) -> f64
  %m = matrix.reduce argmax col %a : (!matrix.mat<3x4xf64>) -> !matrix.mat<1x4xf64>
  func.return %p, %m : f64, !matrix.mat<1x4xf64>
}

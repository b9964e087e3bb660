// Rule transpose-transpose (passes/rewrite/rules_static.py): t(t(X)) -> X.
//
// RUN: amls-opt %s --split-input-file -p simplify-static --rewrite-trace 2>&1 | filecheck %s --check-prefixes=CHECK,TRACE
// RUN: amls-opt %s --split-input-file -p simplify-static | amls-opt --split-input-file | filecheck %s
// RUN: amls-opt %s --split-input-file -p simplify-static | amls-opt --split-input-file -p simplify-static --rewrite-trace 2>&1 | filecheck %s --check-prefix=AGAIN
// AGAIN-NOT: rewrite:
// AGAIN-NOT: error

// TRACE:       rewrite: transpose-transpose at {{.*}}transpose-transpose.mlir:[[# @LINE + 6]]:3
// CHECK-LABEL: func.func @tt(
// CHECK-NOT:     matrix.transpose
// CHECK:         func.return %X : !matrix.mat<3x4xf64>
func.func @tt(%X: !matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64> {
  %a = matrix.transpose %X : (!matrix.mat<3x4xf64>) -> !matrix.mat<4x3xf64>
  %b = matrix.transpose %a : (!matrix.mat<4x3xf64>) -> !matrix.mat<3x4xf64>
  func.return %b : !matrix.mat<3x4xf64>
}

// -----

// The outer transpose states more facts than X: the return gets a cast to
// keep the function type, other users take X itself.
// TRACE:       rewrite: transpose-transpose at {{.*}}transpose-transpose.mlir:[[# @LINE + 8]]:3
// CHECK-LABEL: func.func @tt_refined(
// CHECK-NOT:     matrix.transpose
// CHECK:         %[[C:.*]] = matrix.cast %X : (!matrix.mat<?x?xf64>) -> !matrix.mat<3x4xf64>
// CHECK-NEXT:    %s = matrix.sub %X, %Y : (!matrix.mat<?x?xf64>, !matrix.mat<3x4xf64>) -> !matrix.mat<?x?xf64>
// CHECK-NEXT:    func.return %[[C]], %s
func.func @tt_refined(%X: !matrix.mat<?x?xf64>, %Y: !matrix.mat<3x4xf64>) -> (!matrix.mat<3x4xf64>, !matrix.mat<?x?xf64>) {
  %a = matrix.transpose %X : (!matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>
  %b = matrix.transpose %a : (!matrix.mat<?x?xf64>) -> !matrix.mat<3x4xf64>
  %s = matrix.sub %b, %Y : (!matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>) -> !matrix.mat<?x?xf64>
  func.return %b, %s : !matrix.mat<3x4xf64>, !matrix.mat<?x?xf64>
}

// -----

// Not directly nested: t(-t(X)) stays.
// TRACE-NOT:   rewrite: transpose-transpose
// CHECK-LABEL: func.func @t_neg_t(
// CHECK:         %a = matrix.transpose %X
// CHECK-NEXT:    %n = matrix.neg %a
// CHECK-NEXT:    %b = matrix.transpose %n
// CHECK-NEXT:    func.return %b
func.func @t_neg_t(%X: !matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64> {
  %a = matrix.transpose %X : (!matrix.mat<3x4xf64>) -> !matrix.mat<4x3xf64>
  %n = matrix.neg %a : !matrix.mat<4x3xf64>
  %b = matrix.transpose %n : (!matrix.mat<4x3xf64>) -> !matrix.mat<3x4xf64>
  func.return %b : !matrix.mat<3x4xf64>
}

// Rule neg-neg (passes/rewrite/rules_static.py): -(-X) -> X.
//
// RUN: amls-opt %s --split-input-file -p simplify-static --rewrite-trace 2>&1 | filecheck %s --check-prefixes=CHECK,TRACE
// RUN: amls-opt %s --split-input-file -p simplify-static | amls-opt --split-input-file | filecheck %s
// RUN: amls-opt %s --split-input-file -p simplify-static | amls-opt --split-input-file -p simplify-static --rewrite-trace 2>&1 | filecheck %s --check-prefix=AGAIN
// AGAIN-NOT: rewrite:
// AGAIN-NOT: error

// TRACE:       rewrite: neg-neg at {{.*}}neg-neg.mlir:[[# @LINE + 6]]:3
// CHECK-LABEL: func.func @negneg(
// CHECK-NOT:     matrix.neg
// CHECK:         func.return %X : !matrix.mat<3x4xf64>
func.func @negneg(%X: !matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64> {
  %a = matrix.neg %X : !matrix.mat<3x4xf64>
  %b = matrix.neg %a : !matrix.mat<3x4xf64>
  func.return %b : !matrix.mat<3x4xf64>
}

// -----

// The inner negation has another use: it stays for that use only.
// TRACE:       rewrite: neg-neg at {{.*}}neg-neg.mlir:[[# @LINE + 7]]:3
// CHECK-LABEL: func.func @negneg_shared(
// CHECK:         %a = matrix.neg %X : !matrix.mat<?x?xf64>
// CHECK-NOT:     matrix.neg
// CHECK:         func.return %X, %a
func.func @negneg_shared(%X: !matrix.mat<?x?xf64>) -> (!matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>) {
  %a = matrix.neg %X : !matrix.mat<?x?xf64>
  %b = matrix.neg %a : !matrix.mat<?x?xf64>
  func.return %b, %a : !matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>
}

// -----

// Not directly nested: -(abs(-X)) stays.
// TRACE-NOT:   rewrite: neg-neg
// CHECK-LABEL: func.func @neg_abs_neg(
// CHECK:         %a = matrix.neg %X
// CHECK-NEXT:    %b = matrix.abs %a
// CHECK-NEXT:    %c = matrix.neg %b
// CHECK-NEXT:    func.return %c
func.func @neg_abs_neg(%X: !matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64> {
  %a = matrix.neg %X : !matrix.mat<3x4xf64>
  %b = matrix.abs %a : !matrix.mat<3x4xf64>
  %c = matrix.neg %b : !matrix.mat<3x4xf64>
  func.return %c : !matrix.mat<3x4xf64>
}

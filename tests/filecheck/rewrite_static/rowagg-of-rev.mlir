// Rule rowagg-of-rev (passes/rewrite/rules_static.py): rowAgg(rev(X)) ->
// rev(rowAgg(X)), any kind: each row is aggregated as before (exact); the rev moves
// to the Rx1 result.
//
// RUN: amls-opt %s --split-input-file -p simplify-static --rewrite-trace 2>&1 | filecheck %s --check-prefixes=CHECK,TRACE
// RUN: amls-opt %s --split-input-file -p simplify-static | amls-opt --split-input-file | filecheck %s
// RUN: amls-opt %s --split-input-file -p simplify-static | amls-opt --split-input-file -p simplify-static --rewrite-trace 2>&1 | filecheck %s --check-prefix=AGAIN
// AGAIN-NOT: rewrite:
// AGAIN-NOT: error

// TRACE:       rewrite: rowagg-of-rev at {{.*}}rowagg-of-rev.mlir:[[# @LINE + 7]]:3
// CHECK-LABEL: func.func @rowagg_rev(
// CHECK-NEXT:    %[[R:.*]] = matrix.reduce argmax row %X : (!matrix.mat<3x4xf64>) -> !matrix.mat<3x1xf64>
// CHECK-NEXT:    %m = matrix.rev %[[R]] : !matrix.mat<3x1xf64>
// CHECK-NEXT:    func.return %m
func.func @rowagg_rev(%X: !matrix.mat<3x4xf64>) -> !matrix.mat<3x1xf64> {
  %a = matrix.rev %X : !matrix.mat<3x4xf64>
  %m = matrix.reduce argmax row %a : (!matrix.mat<3x4xf64>) -> !matrix.mat<3x1xf64>
  func.return %m : !matrix.mat<3x1xf64>
}

// -----

// A row aggregate of a transposed rev is not one of reversed rows.
// TRACE-NOT:   rewrite: rowagg-of-rev
// CHECK-LABEL: func.func @no_rowagg_rev(
// CHECK:         %a = matrix.rev %X
// CHECK-NEXT:    %t = matrix.transpose %a
// CHECK-NEXT:    %m = matrix.reduce prod row %t
func.func @no_rowagg_rev(%X: !matrix.mat<3x4xf64>) -> !matrix.mat<4x1xf64> {
  %a = matrix.rev %X : !matrix.mat<3x4xf64>
  %t = matrix.transpose %a : (!matrix.mat<3x4xf64>) -> !matrix.mat<4x3xf64>
  %m = matrix.reduce prod row %t : (!matrix.mat<4x3xf64>) -> !matrix.mat<4x1xf64>
  func.return %m : !matrix.mat<4x1xf64>
}

// Rule rev-rev (passes/rewrite/rules_static.py): rev(rev(X)) -> X (SystemDS
// removeUnnecessaryReorgOperation). Property test: rev-rev in tests/unit/rewrite_cases.py.
//
// RUN: amls-opt %s --split-input-file -p simplify-static --rewrite-trace 2>&1 | filecheck %s --check-prefixes=CHECK,TRACE
// RUN: amls-opt %s --split-input-file -p simplify-static | amls-opt --split-input-file | filecheck %s
// RUN: amls-opt %s --split-input-file -p simplify-static | amls-opt --split-input-file -p simplify-static --rewrite-trace 2>&1 | filecheck %s --check-prefix=AGAIN
// AGAIN-NOT: rewrite:
// AGAIN-NOT: error

// TRACE:       rewrite: rev-rev at {{.*}}rev-rev.mlir:[[# @LINE + 5]]:3
// CHECK-LABEL: func.func @rev_rev(
// CHECK-NEXT:    func.return %X :
func.func @rev_rev(%X: !matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64> {
  %a = matrix.rev %X : !matrix.mat<3x4xf64>
  %b = matrix.rev %a : !matrix.mat<3x4xf64>
  func.return %b : !matrix.mat<3x4xf64>
}

// -----

// One rev, and rev of a transpose of a rev: nothing cancels.
// TRACE-NOT:   rewrite: rev-rev
// CHECK-LABEL: func.func @no_rev_rev(
// CHECK:         %a = matrix.rev %X
// CHECK-NEXT:    %t = matrix.transpose %a
// CHECK-NEXT:    %b = matrix.rev %t
// CHECK-NEXT:    func.return %a, %b
func.func @no_rev_rev(%X: !matrix.mat<3x4xf64>) -> (!matrix.mat<3x4xf64>, !matrix.mat<4x3xf64>) {
  %a = matrix.rev %X : !matrix.mat<3x4xf64>
  %t = matrix.transpose %a : (!matrix.mat<3x4xf64>) -> !matrix.mat<4x3xf64>
  %b = matrix.rev %t : !matrix.mat<4x3xf64>
  func.return %a, %b : !matrix.mat<3x4xf64>, !matrix.mat<4x3xf64>
}

// Rule neg-sub (passes/rewrite/rules_static.py): -(B-A) -> A-B when B-A has one use.
//
// RUN: amls-opt %s --split-input-file -p simplify-static --rewrite-trace 2>&1 | filecheck %s --check-prefixes=CHECK,TRACE
// RUN: amls-opt %s --split-input-file -p simplify-static | amls-opt --split-input-file | filecheck %s
// RUN: amls-opt %s --split-input-file -p simplify-static | amls-opt --split-input-file -p simplify-static --rewrite-trace 2>&1 | filecheck %s --check-prefix=AGAIN
// AGAIN-NOT: rewrite:
// AGAIN-NOT: error

// TRACE:       rewrite: neg-sub at {{.*}}neg-sub.mlir:[[# @LINE + 7]]:3
// CHECK-LABEL: func.func @neg_sub(
// CHECK-NOT:     matrix.neg
// CHECK:         %[[R:.*]] = matrix.sub %A, %B : (!matrix.mat<3x1xf64>, !matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64>
// CHECK-NEXT:    func.return %[[R]]
func.func @neg_sub(%A: !matrix.mat<3x1xf64>, %B: !matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64> {
  %d = matrix.sub %B, %A : (!matrix.mat<3x4xf64>, !matrix.mat<3x1xf64>) -> !matrix.mat<3x4xf64>
  %r = matrix.neg %d : !matrix.mat<3x4xf64>
  func.return %r : !matrix.mat<3x4xf64>
}

// -----

// B-A also used elsewhere: rewriting would compute a second subtraction.
// TRACE-NOT:   rewrite: neg-sub
// CHECK-LABEL: func.func @neg_sub_shared(
// CHECK:         %d = matrix.sub %B, %A : !matrix.mat<3x4xf64>
// CHECK-NEXT:    %r = matrix.neg %d : !matrix.mat<3x4xf64>
// CHECK-NEXT:    func.return %r, %d
func.func @neg_sub_shared(%A: !matrix.mat<3x4xf64>, %B: !matrix.mat<3x4xf64>) -> (!matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>) {
  %d = matrix.sub %B, %A : !matrix.mat<3x4xf64>
  %r = matrix.neg %d : !matrix.mat<3x4xf64>
  func.return %r, %d : !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>
}

// -----

// -(B+A) is not a negated subtraction.
// TRACE-NOT:   rewrite: neg-sub
// CHECK-LABEL: func.func @neg_add(
// CHECK:         %d = matrix.add %B, %A : !matrix.mat<3x4xf64>
// CHECK-NEXT:    %r = matrix.neg %d : !matrix.mat<3x4xf64>
// CHECK-NEXT:    func.return %r
func.func @neg_add(%A: !matrix.mat<3x4xf64>, %B: !matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64> {
  %d = matrix.add %B, %A : !matrix.mat<3x4xf64>
  %r = matrix.neg %d : !matrix.mat<3x4xf64>
  func.return %r : !matrix.mat<3x4xf64>
}

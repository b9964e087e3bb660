// Rule unary-of-predicate (passes/rewrite/rules_static.py): abs/sign/ceil/floor/round/rint(P) -> P
// when P holds only 0/1 (a comparison, and, or, not).
//
// RUN: amls-opt %s --split-input-file -p simplify-static --rewrite-trace 2>&1 | filecheck %s --check-prefixes=CHECK,TRACE
// RUN: amls-opt %s --split-input-file -p simplify-static | amls-opt --split-input-file | filecheck %s
// RUN: amls-opt %s --split-input-file -p simplify-static | amls-opt --split-input-file -p simplify-static --rewrite-trace 2>&1 | filecheck %s --check-prefix=AGAIN
// AGAIN-NOT: rewrite:
// AGAIN-NOT: error

// Each of the five unary ops, over each kind of predicate.
// TRACE:       rewrite: unary-of-predicate at {{.*}}unary-of-predicate.mlir:[[# @LINE + 18]]:3
// TRACE:       rewrite: unary-of-predicate at {{.*}}unary-of-predicate.mlir:[[# @LINE + 19]]:3
// TRACE:       rewrite: unary-of-predicate at {{.*}}unary-of-predicate.mlir:[[# @LINE + 20]]:3
// TRACE:       rewrite: unary-of-predicate at {{.*}}unary-of-predicate.mlir:[[# @LINE + 21]]:3
// TRACE:       rewrite: unary-of-predicate at {{.*}}unary-of-predicate.mlir:[[# @LINE + 22]]:3
// TRACE:       rewrite: unary-of-predicate at {{.*}}unary-of-predicate.mlir:[[# @LINE + 23]]:3
// TRACE:       rewrite: unary-of-predicate at {{.*}}unary-of-predicate.mlir:[[# @LINE + 24]]:3
// TRACE:       rewrite: unary-of-predicate at {{.*}}unary-of-predicate.mlir:[[# @LINE + 25]]:3
// TRACE:       rewrite: unary-of-predicate at {{.*}}unary-of-predicate.mlir:[[# @LINE + 26]]:3
// CHECK-LABEL: func.func @unary_pred(
// CHECK-NOT:     matrix.abs
// CHECK-NOT:     matrix.sign
// CHECK-NOT:     matrix.ceil
// CHECK-NOT:     matrix.floor
// CHECK-NOT:     matrix.round
// CHECK:         func.return %gt, %eq, %and, %not, %or, %lt, %le, %ge, %ne :
func.func @unary_pred(%X: !matrix.mat<3x4xf64>, %Y: !matrix.mat<3x4xf64>) -> (!matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>) {
  %gt = matrix.gt %X, %Y : !matrix.mat<3x4xf64>
  %r0 = matrix.abs %gt : !matrix.mat<3x4xf64>
  %eq = matrix.eq %X, %Y : !matrix.mat<3x4xf64>
  %r1 = matrix.sign %eq : !matrix.mat<3x4xf64>
  %and = matrix.and %X, %Y : !matrix.mat<3x4xf64>
  %r2 = matrix.ceil %and : !matrix.mat<3x4xf64>
  %not = matrix.not %X : !matrix.mat<3x4xf64>
  %r3 = matrix.floor %not : !matrix.mat<3x4xf64>
  %or = matrix.or %X, %Y : !matrix.mat<3x4xf64>
  %r4 = matrix.round %or : !matrix.mat<3x4xf64>
  %lt = matrix.lt %X, %Y : !matrix.mat<3x4xf64>
  %r5 = matrix.abs %lt : !matrix.mat<3x4xf64>
  %le = matrix.le %X, %Y : !matrix.mat<3x4xf64>
  %r6 = matrix.sign %le : !matrix.mat<3x4xf64>
  %ge = matrix.ge %X, %Y : !matrix.mat<3x4xf64>
  %r7 = matrix.ceil %ge : !matrix.mat<3x4xf64>
  %ne = matrix.ne %X, %Y : !matrix.mat<3x4xf64>
  %r8 = matrix.floor %ne : !matrix.mat<3x4xf64>
  func.return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8 : !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>
}

// -----

// Not provably 0/1: a function argument, a rand in [0, 1), a sum of two
// predicates (0, 1 or 2), a predicate seen through a transpose. No rewrite.
// TRACE-NOT:   rewrite: unary-of-predicate
// CHECK-LABEL: func.func @not_pred(
// CHECK:         %r0 = matrix.abs %X
// CHECK:         %r1 = matrix.round %R
// CHECK:         %r2 = matrix.sign %s
// CHECK:         %r3 = matrix.floor %t
// CHECK:         func.return %r0, %r1, %r2, %r3
func.func @not_pred(%X: !matrix.mat<3x4xf64>, %Y: !matrix.mat<3x4xf64>) -> (!matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<4x3xf64>) {
  %r0 = matrix.abs %X : !matrix.mat<3x4xf64>
  %n = arith.constant 3 : i64
  %k = arith.constant 4 : i64
  %R = matrix.rand %n, %k : (i64, i64) -> !matrix.mat<3x4xf64>
  %r1 = matrix.round %R : !matrix.mat<3x4xf64>
  %a = matrix.gt %X, %Y : !matrix.mat<3x4xf64>
  %b = matrix.lt %X, %Y : !matrix.mat<3x4xf64>
  %s = matrix.add %a, %b : !matrix.mat<3x4xf64>
  %r2 = matrix.sign %s : !matrix.mat<3x4xf64>
  %t = matrix.transpose %a : (!matrix.mat<3x4xf64>) -> !matrix.mat<4x3xf64>
  %r3 = matrix.floor %t : !matrix.mat<4x3xf64>
  func.return %r0, %r1, %r2, %r3 : !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<4x3xf64>
}

// -----

// rint (NumPy's round half to even) of a predicate fires; of a rand it does not.
// TRACE:       rewrite: unary-of-predicate at {{.*}}unary-of-predicate.mlir:[[# @LINE + 8]]:3
// TRACE-NOT:   rewrite: unary-of-predicate
// CHECK-LABEL: func.func @rint_pred(
// CHECK-NEXT:    %gt = matrix.gt %X, %Y
// CHECK:         %r1 = matrix.rint %R
// CHECK:         func.return %gt, %r1 :
func.func @rint_pred(%X: !matrix.mat<3x4xf64>, %Y: !matrix.mat<3x4xf64>) -> (!matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>) {
  %gt = matrix.gt %X, %Y : !matrix.mat<3x4xf64>
  %r0 = matrix.rint %gt : !matrix.mat<3x4xf64>
  %n = arith.constant 3 : i64
  %k = arith.constant 4 : i64
  %R = matrix.rand %n, %k : (i64, i64) -> !matrix.mat<3x4xf64>
  %r1 = matrix.rint %R : !matrix.mat<3x4xf64>
  func.return %r0, %r1 : !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>
}

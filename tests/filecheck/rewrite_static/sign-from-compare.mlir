// Rule sign-from-compare (passes/rewrite/rules_static.py): (X>0)-(X<0) -> sign(X), when X is
// provably NaN-free (for NaN the left side is 0, sign(NaN) is NaN).
// Numbers before/after the rewrite: @num_sign_from_compare in numerics.mlir.
//
// RUN: amls-opt %s --split-input-file -p simplify-static --rewrite-trace 2>&1 | filecheck %s --check-prefixes=CHECK,TRACE
// RUN: amls-opt %s --split-input-file -p simplify-static | amls-opt --split-input-file | filecheck %s
// RUN: amls-opt %s --split-input-file -p simplify-static | amls-opt --split-input-file -p simplify-static --rewrite-trace 2>&1 | filecheck %s --check-prefix=AGAIN
// AGAIN-NOT: rewrite:
// AGAIN-NOT: error

// X from rand: finite.
// TRACE:       rewrite: sign-from-compare at {{.*}}sign-from-compare.mlir:[[# @LINE + 14]]:3
// CHECK-LABEL: func.func @sign_rand(
// CHECK:         %X = matrix.rand
// CHECK-NOT:     matrix.gt
// CHECK-NOT:     matrix.lt
// CHECK:         %[[S:.*]] = matrix.sign %X : !matrix.mat<3x4xf64>
// CHECK-NEXT:    func.return %[[S]]
func.func @sign_rand() -> !matrix.mat<3x4xf64> {
  %r = arith.constant 3 : i64
  %c = arith.constant 4 : i64
  %X = matrix.rand %r, %c {min = -1.0, max = 1.0} : (i64, i64) -> !matrix.mat<3x4xf64>
  %z = arith.constant 0.0 : f64
  %p = matrix.gt %X, %z : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
  %n = matrix.lt %X, %z : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
  %s = matrix.sub %p, %n : !matrix.mat<3x4xf64>
  func.return %s : !matrix.mat<3x4xf64>
}

// -----

// X = t(-rand): finiteness goes through neg and transpose.
// TRACE:       rewrite: sign-from-compare at {{.*}}sign-from-compare.mlir:[[# @LINE + 15]]:3
// CHECK-LABEL: func.func @sign_neg_t_rand(
// CHECK:         %X = matrix.transpose
// CHECK-NOT:     matrix.gt
// CHECK:         %[[S:.*]] = matrix.sign %X : !matrix.mat<4x3xf64>
// CHECK-NEXT:    func.return %[[S]]
func.func @sign_neg_t_rand() -> !matrix.mat<4x3xf64> {
  %r = arith.constant 3 : i64
  %c = arith.constant 4 : i64
  %R = matrix.rand %r, %c {min = -1.0, max = 1.0, sparsity = 0.5} : (i64, i64) -> !matrix.mat<3x4xf64>
  %N = matrix.neg %R : !matrix.mat<3x4xf64>
  %X = matrix.transpose %N : (!matrix.mat<3x4xf64>) -> !matrix.mat<4x3xf64>
  %z = arith.constant 0.0 : f64
  %p = matrix.gt %X, %z : (!matrix.mat<4x3xf64>, f64) -> !matrix.mat<4x3xf64>
  %n = matrix.lt %X, %z : (!matrix.mat<4x3xf64>, f64) -> !matrix.mat<4x3xf64>
  %s = matrix.sub %p, %n : !matrix.mat<4x3xf64>
  func.return %s : !matrix.mat<4x3xf64>
}

// -----

// X a function argument (may hold NaN) or exp(rand) (may overflow): no rewrite.
// TRACE-NOT:   rewrite: sign-from-compare
// CHECK-LABEL: func.func @sign_maybe_nan(
// CHECK:         %p = matrix.gt %X, %z
// CHECK-NEXT:    %n = matrix.lt %X, %z
// CHECK-NEXT:    %s = matrix.sub %p, %n : !matrix.mat<3x4xf64>
// CHECK:         %p2 = matrix.gt %E, %z
// CHECK-NEXT:    %n2 = matrix.lt %E, %z
// CHECK-NEXT:    %s2 = matrix.sub %p2, %n2 : !matrix.mat<3x4xf64>
// CHECK-NEXT:    func.return %s, %s2
// CHECK-NOT:     matrix.sign
func.func @sign_maybe_nan(%X: !matrix.mat<3x4xf64>) -> (!matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>) {
  %z = arith.constant 0.0 : f64
  %p = matrix.gt %X, %z : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
  %n = matrix.lt %X, %z : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
  %s = matrix.sub %p, %n : !matrix.mat<3x4xf64>
  %r = arith.constant 3 : i64
  %c = arith.constant 4 : i64
  %R = matrix.rand %r, %c {min = 0.0, max = 800.0} : (i64, i64) -> !matrix.mat<3x4xf64>
  %E = matrix.exp %R : !matrix.mat<3x4xf64>
  %p2 = matrix.gt %E, %z : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
  %n2 = matrix.lt %E, %z : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
  %s2 = matrix.sub %p2, %n2 : !matrix.mat<3x4xf64>
  func.return %s, %s2 : !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>
}

// -----

// Different values compared, or the compares the other way round: no rewrite.
// TRACE-NOT:   rewrite: sign-from-compare
// CHECK-LABEL: func.func @sign_mismatch(
// CHECK:         %s = matrix.sub %p, %n : !matrix.mat<3x4xf64>
// CHECK:         %s2 = matrix.sub %n, %p : !matrix.mat<3x4xf64>
// CHECK-NEXT:    func.return %s, %s2
// CHECK-NOT:     matrix.sign
func.func @sign_mismatch() -> (!matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>) {
  %r = arith.constant 3 : i64
  %c = arith.constant 4 : i64
  %X = matrix.rand %r, %c {min = -1.0, max = 1.0} : (i64, i64) -> !matrix.mat<3x4xf64>
  %Y = matrix.rand %r, %c {min = -1.0, max = 1.0} : (i64, i64) -> !matrix.mat<3x4xf64>
  %z = arith.constant 0.0 : f64
  %p = matrix.gt %X, %z : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
  %n = matrix.lt %Y, %z : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
  %s = matrix.sub %p, %n : !matrix.mat<3x4xf64>
  %s2 = matrix.sub %n, %p : !matrix.mat<3x4xf64>
  func.return %s, %s2 : !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>
}

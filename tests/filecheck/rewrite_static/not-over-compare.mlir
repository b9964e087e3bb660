// Rule not-over-compare (passes/rewrite/rules_static.py): not(A>B) -> A<=B, not(A<B) -> A>=B,
// not(A==B) -> A!=B, and likewise for >=, <=, !=, when A and B are provably NaN-free
// (not(NaN>B) is 1 but NaN<=B is 0). A or B may be a scalar.
// Numbers before/after the rewrite: @num_not_over_compare in numerics.mlir.
//
// RUN: amls-opt %s --split-input-file -p simplify-static --rewrite-trace 2>&1 | filecheck %s --check-prefixes=CHECK,TRACE
// RUN: amls-opt %s --split-input-file -p simplify-static | amls-opt --split-input-file | filecheck %s
// RUN: amls-opt %s --split-input-file -p simplify-static | amls-opt --split-input-file -p simplify-static --rewrite-trace 2>&1 | filecheck %s --check-prefix=AGAIN
// AGAIN-NOT: rewrite:
// AGAIN-NOT: error

// A and B from rand: every comparison.
// TRACE:       rewrite: not-over-compare at {{.*}}not-over-compare.mlir:[[# @LINE + 22]]:3
// TRACE:       rewrite: not-over-compare at {{.*}}not-over-compare.mlir:[[# @LINE + 23]]:3
// TRACE:       rewrite: not-over-compare at {{.*}}not-over-compare.mlir:[[# @LINE + 24]]:3
// TRACE:       rewrite: not-over-compare at {{.*}}not-over-compare.mlir:[[# @LINE + 25]]:3
// TRACE:       rewrite: not-over-compare at {{.*}}not-over-compare.mlir:[[# @LINE + 26]]:3
// TRACE:       rewrite: not-over-compare at {{.*}}not-over-compare.mlir:[[# @LINE + 27]]:3
// CHECK-LABEL: func.func @not_cmp(
// CHECK:         %B = matrix.rand
// CHECK-NOT:     matrix.not
// CHECK:         %r_gt = matrix.le %A, %B : !matrix.mat<3x4xf64>
// CHECK:         %r_lt = matrix.ge %A, %B : !matrix.mat<3x4xf64>
// CHECK:         %r_eq = matrix.ne %A, %B : !matrix.mat<3x4xf64>
// CHECK:         %r_ge = matrix.lt %A, %B : !matrix.mat<3x4xf64>
// CHECK:         %r_le = matrix.gt %A, %B : !matrix.mat<3x4xf64>
// CHECK:         %r_ne = matrix.eq %A, %B : !matrix.mat<3x4xf64>
// CHECK-NEXT:    func.return
func.func @not_cmp() -> (!matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>) {
  %n = arith.constant 3 : i64
  %k = arith.constant 4 : i64
  %A = matrix.rand %n, %k {min = -1.0, max = 1.0, sparsity = 0.5} : (i64, i64) -> !matrix.mat<3x4xf64>
  %B = matrix.rand %n, %k {min = -1.0, max = 1.0, sparsity = 0.5} : (i64, i64) -> !matrix.mat<3x4xf64>
  %p_gt = matrix.gt %A, %B : !matrix.mat<3x4xf64>
  %r_gt = matrix.not %p_gt : !matrix.mat<3x4xf64>
  %p_lt = matrix.lt %A, %B : !matrix.mat<3x4xf64>
  %r_lt = matrix.not %p_lt : !matrix.mat<3x4xf64>
  %p_eq = matrix.eq %A, %B : !matrix.mat<3x4xf64>
  %r_eq = matrix.not %p_eq : !matrix.mat<3x4xf64>
  %p_ge = matrix.ge %A, %B : !matrix.mat<3x4xf64>
  %r_ge = matrix.not %p_ge : !matrix.mat<3x4xf64>
  %p_le = matrix.le %A, %B : !matrix.mat<3x4xf64>
  %r_le = matrix.not %p_le : !matrix.mat<3x4xf64>
  %p_ne = matrix.ne %A, %B : !matrix.mat<3x4xf64>
  %r_ne = matrix.not %p_ne : !matrix.mat<3x4xf64>
  func.return %r_gt, %r_lt, %r_eq, %r_ge, %r_le, %r_ne : !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>
}

// -----

// A scalar constant on either side, A = -t(rand) (finite through neg and transpose).
// TRACE:       rewrite: not-over-compare at {{.*}}not-over-compare.mlir:[[# @LINE + 15]]:3
// TRACE:       rewrite: not-over-compare at {{.*}}not-over-compare.mlir:[[# @LINE + 16]]:3
// CHECK-LABEL: func.func @not_cmp_scalar(
// CHECK-NOT:     matrix.not
// CHECK:         %r0 = matrix.le %A, %c : (!matrix.mat<4x3xf64>, f64) -> !matrix.mat<4x3xf64>
// CHECK-NEXT:    %r1 = matrix.ge %c, %A : (f64, !matrix.mat<4x3xf64>) -> !matrix.mat<4x3xf64>
// CHECK-NEXT:    func.return %r0, %r1
func.func @not_cmp_scalar() -> (!matrix.mat<4x3xf64>, !matrix.mat<4x3xf64>) {
  %n = arith.constant 3 : i64
  %k = arith.constant 4 : i64
  %R = matrix.rand %n, %k : (i64, i64) -> !matrix.mat<3x4xf64>
  %N = matrix.neg %R : !matrix.mat<3x4xf64>
  %A = matrix.transpose %N : (!matrix.mat<3x4xf64>) -> !matrix.mat<4x3xf64>
  %c = arith.constant 0.5 : f64
  %p0 = matrix.gt %A, %c : (!matrix.mat<4x3xf64>, f64) -> !matrix.mat<4x3xf64>
  %r0 = matrix.not %p0 : !matrix.mat<4x3xf64>
  %p1 = matrix.lt %c, %A : (f64, !matrix.mat<4x3xf64>) -> !matrix.mat<4x3xf64>
  %r1 = matrix.not %p1 : !matrix.mat<4x3xf64>
  func.return %r0, %r1 : !matrix.mat<4x3xf64>, !matrix.mat<4x3xf64>
}

// -----

// A a function argument, B a rand; A a rand, s an f64 argument; A = log(rand)
// (log 0 is -Inf):
// not provably NaN-free, no rewrite. Also not(A+B): not a comparison.
// TRACE-NOT:   rewrite: not-over-compare
// CHECK-LABEL: func.func @no_not_cmp(
// CHECK:         %p0 = matrix.gt %X, %B
// CHECK-NEXT:    %r0 = matrix.not %p0
// CHECK-NEXT:    %p1 = matrix.lt %B, %s
// CHECK-NEXT:    %r1 = matrix.not %p1
// CHECK-NEXT:    %E = matrix.log %B
// CHECK-NEXT:    %p2 = matrix.eq %E, %B
// CHECK-NEXT:    %r2 = matrix.not %p2
// CHECK-NEXT:    %p3 = matrix.add %B, %X
// CHECK-NEXT:    %r3 = matrix.not %p3
// CHECK-NEXT:    func.return
func.func @no_not_cmp(%X: !matrix.mat<3x4xf64>, %s: f64) -> (!matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>) {
  %n = arith.constant 3 : i64
  %k = arith.constant 4 : i64
  %B = matrix.rand %n, %k : (i64, i64) -> !matrix.mat<3x4xf64>
  %p0 = matrix.gt %X, %B : !matrix.mat<3x4xf64>
  %r0 = matrix.not %p0 : !matrix.mat<3x4xf64>
  %p1 = matrix.lt %B, %s : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
  %r1 = matrix.not %p1 : !matrix.mat<3x4xf64>
  %E = matrix.log %B : !matrix.mat<3x4xf64>
  %p2 = matrix.eq %E, %B : !matrix.mat<3x4xf64>
  %r2 = matrix.not %p2 : !matrix.mat<3x4xf64>
  %p3 = matrix.add %B, %X : !matrix.mat<3x4xf64>
  %r3 = matrix.not %p3 : !matrix.mat<3x4xf64>
  func.return %r0, %r1, %r2, %r3 : !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>
}

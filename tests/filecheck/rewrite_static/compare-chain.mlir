// Rule compare-chain (passes/rewrite/rules_static.py): (A cmp B)==1 -> A cmp B;
// (A cmp B)!=0 -> A cmp B; (A cmp B)==0 -> A cmp' B (the negated comparison), the
// last only when A and B are provably NaN-free (NaN<B is 0, so (NaN<B)==0 is 1,
// but NaN>=B is 0). A and B matrices; every comparison; the outer == / != matches
// with the literal on either side.
// Numbers before/after the rewrite: @num_compare_chain in numerics.mlir.
//
// RUN: amls-opt %s --split-input-file -p simplify-static --rewrite-trace 2>&1 | filecheck %s --check-prefixes=CHECK,TRACE
// RUN: amls-opt %s --split-input-file -p simplify-static | amls-opt --split-input-file | filecheck %s
// RUN: amls-opt %s --split-input-file -p simplify-static | amls-opt --split-input-file -p simplify-static --rewrite-trace 2>&1 | filecheck %s --check-prefix=AGAIN
// AGAIN-NOT: rewrite:
// AGAIN-NOT: error

// (A cmp B)==1 and 1==(A cmp B), A and B function arguments (NaN does not matter).
// TRACE:       rewrite: compare-chain at {{.*}}compare-chain.mlir:[[# @LINE + 18]]:3
// TRACE:       rewrite: compare-chain at {{.*}}compare-chain.mlir:[[# @LINE + 19]]:3
// TRACE:       rewrite: compare-chain at {{.*}}compare-chain.mlir:[[# @LINE + 20]]:3
// TRACE:       rewrite: compare-chain at {{.*}}compare-chain.mlir:[[# @LINE + 21]]:3
// TRACE:       rewrite: compare-chain at {{.*}}compare-chain.mlir:[[# @LINE + 22]]:3
// TRACE:       rewrite: compare-chain at {{.*}}compare-chain.mlir:[[# @LINE + 23]]:3
// CHECK-LABEL: func.func @eq_one(
// CHECK-NOT:     matrix.eq %p_
// CHECK:         %r_eq = matrix.eq %A, %B : !matrix.mat<3x4xf64>
// CHECK:         %r_ne = matrix.ne %A, %B : !matrix.mat<3x4xf64>
// CHECK:         %r_lt = matrix.lt %A, %B : !matrix.mat<3x4xf64>
// CHECK:         %r_le = matrix.le %A, %B : !matrix.mat<3x4xf64>
// CHECK:         %r_gt = matrix.gt %A, %B : !matrix.mat<3x4xf64>
// CHECK:         %r_ge = matrix.ge %A, %B : !matrix.mat<3x4xf64>
// CHECK-NEXT:    func.return
func.func @eq_one(%A: !matrix.mat<3x4xf64>, %B: !matrix.mat<3x4xf64>) -> (!matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>) {
  %lit = arith.constant 1.0 : f64
  %p_eq = matrix.eq %A, %B : !matrix.mat<3x4xf64>
  %r_eq = matrix.eq %p_eq, %lit : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
  %p_ne = matrix.ne %A, %B : !matrix.mat<3x4xf64>
  %r_ne = matrix.eq %lit, %p_ne : (f64, !matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64>
  %p_lt = matrix.lt %A, %B : !matrix.mat<3x4xf64>
  %r_lt = matrix.eq %p_lt, %lit : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
  %p_le = matrix.le %A, %B : !matrix.mat<3x4xf64>
  %r_le = matrix.eq %lit, %p_le : (f64, !matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64>
  %p_gt = matrix.gt %A, %B : !matrix.mat<3x4xf64>
  %r_gt = matrix.eq %p_gt, %lit : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
  %p_ge = matrix.ge %A, %B : !matrix.mat<3x4xf64>
  %r_ge = matrix.eq %lit, %p_ge : (f64, !matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64>
  func.return %r_eq, %r_ne, %r_lt, %r_le, %r_gt, %r_ge : !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>
}

// -----

// (A cmp B)!=0 and 0!=(A cmp B), A and B function arguments (NaN does not matter).
// TRACE:       rewrite: compare-chain at {{.*}}compare-chain.mlir:[[# @LINE + 18]]:3
// TRACE:       rewrite: compare-chain at {{.*}}compare-chain.mlir:[[# @LINE + 19]]:3
// TRACE:       rewrite: compare-chain at {{.*}}compare-chain.mlir:[[# @LINE + 20]]:3
// TRACE:       rewrite: compare-chain at {{.*}}compare-chain.mlir:[[# @LINE + 21]]:3
// TRACE:       rewrite: compare-chain at {{.*}}compare-chain.mlir:[[# @LINE + 22]]:3
// TRACE:       rewrite: compare-chain at {{.*}}compare-chain.mlir:[[# @LINE + 23]]:3
// CHECK-LABEL: func.func @ne_zero(
// CHECK-NOT:     matrix.ne %p_
// CHECK:         %r_eq = matrix.eq %A, %B : !matrix.mat<3x4xf64>
// CHECK:         %r_ne = matrix.ne %A, %B : !matrix.mat<3x4xf64>
// CHECK:         %r_lt = matrix.lt %A, %B : !matrix.mat<3x4xf64>
// CHECK:         %r_le = matrix.le %A, %B : !matrix.mat<3x4xf64>
// CHECK:         %r_gt = matrix.gt %A, %B : !matrix.mat<3x4xf64>
// CHECK:         %r_ge = matrix.ge %A, %B : !matrix.mat<3x4xf64>
// CHECK-NEXT:    func.return
func.func @ne_zero(%A: !matrix.mat<3x4xf64>, %B: !matrix.mat<3x4xf64>) -> (!matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>) {
  %lit = arith.constant 0.0 : f64
  %p_eq = matrix.eq %A, %B : !matrix.mat<3x4xf64>
  %r_eq = matrix.ne %p_eq, %lit : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
  %p_ne = matrix.ne %A, %B : !matrix.mat<3x4xf64>
  %r_ne = matrix.ne %lit, %p_ne : (f64, !matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64>
  %p_lt = matrix.lt %A, %B : !matrix.mat<3x4xf64>
  %r_lt = matrix.ne %p_lt, %lit : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
  %p_le = matrix.le %A, %B : !matrix.mat<3x4xf64>
  %r_le = matrix.ne %lit, %p_le : (f64, !matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64>
  %p_gt = matrix.gt %A, %B : !matrix.mat<3x4xf64>
  %r_gt = matrix.ne %p_gt, %lit : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
  %p_ge = matrix.ge %A, %B : !matrix.mat<3x4xf64>
  %r_ge = matrix.ne %lit, %p_ge : (f64, !matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64>
  func.return %r_eq, %r_ne, %r_lt, %r_le, %r_gt, %r_ge : !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>
}

// -----

// (A cmp B)==0 and 0==(A cmp B), A and B from rand: the negated comparison.
// TRACE:       rewrite: compare-chain at {{.*}}compare-chain.mlir:[[# @LINE + 23]]:3
// TRACE:       rewrite: compare-chain at {{.*}}compare-chain.mlir:[[# @LINE + 24]]:3
// TRACE:       rewrite: compare-chain at {{.*}}compare-chain.mlir:[[# @LINE + 25]]:3
// TRACE:       rewrite: compare-chain at {{.*}}compare-chain.mlir:[[# @LINE + 26]]:3
// TRACE:       rewrite: compare-chain at {{.*}}compare-chain.mlir:[[# @LINE + 27]]:3
// TRACE:       rewrite: compare-chain at {{.*}}compare-chain.mlir:[[# @LINE + 28]]:3
// CHECK-LABEL: func.func @eq_zero(
// CHECK:         %B = matrix.rand
// CHECK-NOT:     matrix.eq %p_
// CHECK:         %r_eq = matrix.ne %A, %B : !matrix.mat<3x4xf64>
// CHECK:         %r_ne = matrix.eq %A, %B : !matrix.mat<3x4xf64>
// CHECK:         %r_lt = matrix.ge %A, %B : !matrix.mat<3x4xf64>
// CHECK:         %r_le = matrix.gt %A, %B : !matrix.mat<3x4xf64>
// CHECK:         %r_gt = matrix.le %A, %B : !matrix.mat<3x4xf64>
// CHECK:         %r_ge = matrix.lt %A, %B : !matrix.mat<3x4xf64>
// CHECK-NEXT:    func.return
func.func @eq_zero() -> (!matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>) {
  %n = arith.constant 3 : i64
  %k = arith.constant 4 : i64
  %A = matrix.rand %n, %k {min = -1.0, max = 1.0, sparsity = 0.5} : (i64, i64) -> !matrix.mat<3x4xf64>
  %B = matrix.rand %n, %k {min = -1.0, max = 1.0, sparsity = 0.5} : (i64, i64) -> !matrix.mat<3x4xf64>
  %lit = arith.constant 0.0 : f64
  %p_eq = matrix.eq %A, %B : !matrix.mat<3x4xf64>
  %r_eq = matrix.eq %p_eq, %lit : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
  %p_ne = matrix.ne %A, %B : !matrix.mat<3x4xf64>
  %r_ne = matrix.eq %lit, %p_ne : (f64, !matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64>
  %p_lt = matrix.lt %A, %B : !matrix.mat<3x4xf64>
  %r_lt = matrix.eq %p_lt, %lit : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
  %p_le = matrix.le %A, %B : !matrix.mat<3x4xf64>
  %r_le = matrix.eq %lit, %p_le : (f64, !matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64>
  %p_gt = matrix.gt %A, %B : !matrix.mat<3x4xf64>
  %r_gt = matrix.eq %p_gt, %lit : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
  %p_ge = matrix.ge %A, %B : !matrix.mat<3x4xf64>
  %r_ge = matrix.eq %lit, %p_ge : (f64, !matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64>
  func.return %r_eq, %r_ne, %r_lt, %r_le, %r_gt, %r_ge : !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>
}

// -----

// (A cmp B)==0 with A a function argument (may be NaN), B a rand: no rewrite; nor
// for ==2, !=1, a non-comparison ((A+B)==1), or a scalar operand (A<s)==1.
// TRACE-NOT:   rewrite: compare-chain
// CHECK-LABEL: func.func @no_chain(
// CHECK:         %p0 = matrix.lt %A, %B
// CHECK-NEXT:    %r0 = matrix.eq %p0, %zero
// CHECK-NEXT:    %p1 = matrix.eq %B, %A
// CHECK-NEXT:    %r1 = matrix.eq %zero, %p1
// CHECK-NEXT:    %r2 = matrix.eq %p0, %two
// CHECK-NEXT:    %r3 = matrix.ne %p0, %one
// CHECK-NEXT:    %p4 = matrix.add %A, %B
// CHECK-NEXT:    %r4 = matrix.eq %p4, %one
// CHECK-NEXT:    %p5 = matrix.lt %A, %s
// CHECK-NEXT:    %r5 = matrix.eq %p5, %one
// CHECK-NEXT:    func.return
func.func @no_chain(%A: !matrix.mat<3x4xf64>, %s: f64) -> (!matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>) {
  %n = arith.constant 3 : i64
  %k = arith.constant 4 : i64
  %B = matrix.rand %n, %k : (i64, i64) -> !matrix.mat<3x4xf64>
  %zero = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f64
  %two = arith.constant 2.0 : f64
  %p0 = matrix.lt %A, %B : !matrix.mat<3x4xf64>
  %r0 = matrix.eq %p0, %zero : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
  %p1 = matrix.eq %B, %A : !matrix.mat<3x4xf64>
  %r1 = matrix.eq %zero, %p1 : (f64, !matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64>
  %r2 = matrix.eq %p0, %two : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
  %r3 = matrix.ne %p0, %one : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
  %p4 = matrix.add %A, %B : !matrix.mat<3x4xf64>
  %r4 = matrix.eq %p4, %one : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
  %p5 = matrix.lt %A, %s : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
  %r5 = matrix.eq %p5, %one : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
  func.return %r0, %r1, %r2, %r3, %r4, %r5 : !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>
}

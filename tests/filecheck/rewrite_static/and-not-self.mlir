// Rule and-not-self (passes/rewrite/rules_static.py): A and not(A) -> 0, A or not(A) -> 1 (a
// fill of A's shape), when A holds only 0/1 (a comparison or logic result).
// Numbers before/after the rewrite: @num_and_not_self in numerics.mlir.
//
// RUN: amls-opt %s --split-input-file -p simplify-static --rewrite-trace 2>&1 | filecheck %s --check-prefixes=CHECK,TRACE
// RUN: amls-opt %s --split-input-file -p simplify-static | amls-opt --split-input-file | filecheck %s
// RUN: amls-opt %s --split-input-file -p simplify-static | amls-opt --split-input-file -p simplify-static --rewrite-trace 2>&1 | filecheck %s --check-prefix=AGAIN
// AGAIN-NOT: rewrite:
// AGAIN-NOT: error

// P and not(P), not(P) and P, P or not(P), not(P) or P, P = (X > Y) (0/1 even for NaN).
// TRACE:       rewrite: and-not-self at {{.*}}and-not-self.mlir:[[# @LINE + 21]]:3
// TRACE:       rewrite: and-not-self at {{.*}}and-not-self.mlir:[[# @LINE + 21]]:3
// TRACE:       rewrite: and-not-self at {{.*}}and-not-self.mlir:[[# @LINE + 21]]:3
// TRACE:       rewrite: and-not-self at {{.*}}and-not-self.mlir:[[# @LINE + 21]]:3
// CHECK-LABEL: func.func @and_not_self(
// CHECK-NOT:     matrix.and
// CHECK-NOT:     matrix.or
// CHECK:         %[[Z0:.*]] = arith.constant 0.000000e+00 : f64
// CHECK-NEXT:    %[[R0:.*]] = matrix.nrow %P
// CHECK-NEXT:    %[[C0:.*]] = matrix.ncol %P
// CHECK-NEXT:    %a0 = matrix.fill %[[Z0]], %[[R0]], %[[C0]] : (f64, i64, i64) -> !matrix.mat<3x4xf64>
// CHECK:         %a1 = matrix.fill %{{.*}}, %{{.*}}, %{{.*}} : (f64, i64, i64) -> !matrix.mat<3x4xf64>
// CHECK:         %[[O2:.*]] = arith.constant 1.000000e+00 : f64
// CHECK-NEXT:    %[[R2:.*]] = matrix.nrow %P
// CHECK-NEXT:    %[[C2:.*]] = matrix.ncol %P
// CHECK-NEXT:    %o0 = matrix.fill %[[O2]], %[[R2]], %[[C2]] : (f64, i64, i64) -> !matrix.mat<3x4xf64>
// CHECK:         %o1 = matrix.fill %{{.*}}, %{{.*}}, %{{.*}} : (f64, i64, i64) -> !matrix.mat<3x4xf64>
// CHECK-NEXT:    func.return %a0, %a1, %o0, %o1
func.func @and_not_self(%X: !matrix.mat<3x4xf64>, %Y: !matrix.mat<3x4xf64>) -> (!matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>) {
  %P = matrix.gt %X, %Y : !matrix.mat<3x4xf64>
  %N = matrix.not %P : !matrix.mat<3x4xf64>
  %a0 = matrix.and %P, %N : !matrix.mat<3x4xf64>
  %a1 = matrix.and %N, %P : !matrix.mat<3x4xf64>
  %o0 = matrix.or %P, %N : !matrix.mat<3x4xf64>
  %o1 = matrix.or %N, %P : !matrix.mat<3x4xf64>
  func.return %a0, %a1, %o0, %o1 : !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>
}

// -----

// Unknown dims: the fill takes them from A at run time.
// TRACE:       rewrite: and-not-self at {{.*}}and-not-self.mlir:[[# @LINE + 10]]:3
// CHECK-LABEL: func.func @and_not_self_unknown(
// CHECK:         %[[Z:.*]] = arith.constant 0.000000e+00 : f64
// CHECK-NEXT:    %[[R:.*]] = matrix.nrow %P : (!matrix.mat<?x?xf64>) -> i64
// CHECK-NEXT:    %[[C:.*]] = matrix.ncol %P : (!matrix.mat<?x?xf64>) -> i64
// CHECK-NEXT:    %a = matrix.fill %[[Z]], %[[R]], %[[C]] : (f64, i64, i64) -> !matrix.mat<?x?xf64>
// CHECK-NEXT:    func.return %a
func.func @and_not_self_unknown(%X: !matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64> {
  %P = matrix.not %X : !matrix.mat<?x?xf64>
  %N = matrix.not %P : !matrix.mat<?x?xf64>
  %a = matrix.and %P, %N : !matrix.mat<?x?xf64>
  func.return %a : !matrix.mat<?x?xf64>
}

// -----

// A not provably 0/1 (a function argument), or not(B) of another value: no rewrite.
// TRACE-NOT:   rewrite: and-not-self
// CHECK-LABEL: func.func @no_and_not_self(
// CHECK-NEXT:    %N = matrix.not %X
// CHECK-NEXT:    %a = matrix.and %X, %N
// CHECK-NEXT:    %o = matrix.or %N, %X
// CHECK-NEXT:    %P = matrix.gt %X, %Y
// CHECK-NEXT:    %M = matrix.not %Y
// CHECK-NEXT:    %b = matrix.and %P, %M
// CHECK-NEXT:    func.return %a, %o, %b
func.func @no_and_not_self(%X: !matrix.mat<3x4xf64>, %Y: !matrix.mat<3x4xf64>) -> (!matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>) {
  %N = matrix.not %X : !matrix.mat<3x4xf64>
  %a = matrix.and %X, %N : !matrix.mat<3x4xf64>
  %o = matrix.or %N, %X : !matrix.mat<3x4xf64>
  %P = matrix.gt %X, %Y : !matrix.mat<3x4xf64>
  %M = matrix.not %Y : !matrix.mat<3x4xf64>
  %b = matrix.and %P, %M : !matrix.mat<3x4xf64>
  func.return %a, %o, %b : !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>
}

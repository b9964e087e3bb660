// Rule replace-zero (passes/rewrite/rules_static.py): X + (X==0)*s ->
// replace(X, pattern=0, replacement=s) (SystemDS simplifyReplaceZeroOperation), for a
// provably finite s: X + 0*Inf would be NaN where X != 0.
//
// RUN: amls-opt %s --split-input-file -p simplify-static --rewrite-trace 2>&1 | filecheck %s --check-prefixes=CHECK,TRACE
// RUN: amls-opt %s --split-input-file -p simplify-static | amls-opt --split-input-file | filecheck %s
// RUN: amls-opt %s --split-input-file -p simplify-static | amls-opt --split-input-file -p simplify-static --rewrite-trace 2>&1 | filecheck %s --check-prefix=AGAIN
// AGAIN-NOT: rewrite:
// AGAIN-NOT: error

// TRACE:       rewrite: replace-zero at {{.*}}replace-zero.mlir:[[# @LINE + 10]]:3
// CHECK-LABEL: func.func @replace_zero(
// CHECK:         %[[Z:.*]] = arith.constant 0.000000e+00 : f64
// CHECK-NEXT:    %r = matrix.replace %X, %[[Z]], %s : (!matrix.mat<3x4xf64>, f64, f64) -> !matrix.mat<3x4xf64>
// CHECK-NEXT:    func.return %r
func.func @replace_zero(%X: !matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64> {
  %z = arith.constant 0.0 : f64
  %s = arith.constant 5.0 : f64
  %e = matrix.eq %X, %z : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
  %m = matrix.mul %s, %e : (f64, !matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64>
  %r = matrix.add %m, %X : !matrix.mat<3x4xf64>
  func.return %r : !matrix.mat<3x4xf64>
}

// -----

// s an argument (may be Inf), and (Y==0)*s added to another X: no replace.
// TRACE-NOT:   rewrite: replace-zero
// CHECK-LABEL: func.func @no_replace_zero(
// CHECK-NOT:     matrix.replace
// CHECK:         func.return
func.func @no_replace_zero(%X: !matrix.mat<3x4xf64>, %Y: !matrix.mat<3x4xf64>, %s: f64) -> (!matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>) {
  %z = arith.constant 0.0 : f64
  %c = arith.constant 5.0 : f64
  %e = matrix.eq %X, %z : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
  %m = matrix.mul %e, %s : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
  %r = matrix.add %X, %m : !matrix.mat<3x4xf64>
  %f = matrix.eq %Y, %z : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
  %n = matrix.mul %f, %c : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
  %q = matrix.add %X, %n : !matrix.mat<3x4xf64>
  func.return %r, %q : !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>
}

// -----

// X + (X==0): s = 1 (the common guard before a division).
// TRACE:       rewrite: replace-zero at {{.*}}replace-zero.mlir:[[# @LINE + 7]]:3
// CHECK-LABEL: func.func @replace_zero_one(
// CHECK:         %[[O:.*]] = arith.constant 1.000000e+00 : f64
// CHECK-NEXT:    %r = matrix.replace %X, %{{.*}}, %[[O]]
func.func @replace_zero_one(%X: !matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64> {
  %z = arith.constant 0.0 : f64
  %e = matrix.eq %X, %z : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
  %r = matrix.add %X, %e : !matrix.mat<3x4xf64>
  func.return %r : !matrix.mat<3x4xf64>
}

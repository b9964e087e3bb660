// Rule add-zero (passes/rewrite/rules_static.py): X+0, 0+X -> X (scalar literal +0.0 or -0.0).
//
// RUN: amls-opt %s --split-input-file -p simplify-static --rewrite-trace 2>&1 | filecheck %s --check-prefixes=CHECK,TRACE
// RUN: amls-opt %s --split-input-file -p simplify-static | amls-opt --split-input-file | filecheck %s
// RUN: amls-opt %s --split-input-file -p simplify-static | amls-opt --split-input-file -p simplify-static --rewrite-trace 2>&1 | filecheck %s --check-prefix=AGAIN
// AGAIN-NOT: rewrite:
// AGAIN-NOT: error

// TRACE:       rewrite: add-zero at {{.*}}add-zero.mlir:[[# @LINE + 6]]:3
// CHECK-LABEL: func.func @x_plus_zero(
// CHECK-NOT:     matrix.add
// CHECK:         func.return %X : !matrix.mat<3x4xf64>
func.func @x_plus_zero(%X: !matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64> {
  %z = arith.constant 0.0 : f64
  %r = matrix.add %X, %z : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
  func.return %r : !matrix.mat<3x4xf64>
}

// -----

// TRACE:       rewrite: add-zero at {{.*}}add-zero.mlir:[[# @LINE + 6]]:3
// CHECK-LABEL: func.func @zero_plus_x(
// CHECK-NOT:     matrix.add
// CHECK:         func.return %X : !matrix.mat<?x?xf64>
func.func @zero_plus_x(%X: !matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64> {
  %z = arith.constant 0.0 : f64
  %r = matrix.add %z, %X : (f64, !matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>
  func.return %r : !matrix.mat<?x?xf64>
}

// -----

// X + -0.0 is X for every X, -0.0 included (the @amls.jit frontend's broadcast into a
// region adds a fill of -0.0).
// TRACE:       rewrite: add-zero at {{.*}}add-zero.mlir:[[# @LINE + 6]]:3
// CHECK-LABEL: func.func @x_plus_negative_zero(
// CHECK-NOT:     matrix.add
// CHECK:         func.return %X : !matrix.mat<3x4xf64>
func.func @x_plus_negative_zero(%X: !matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64> {
  %z = arith.constant -0.0 : f64
  %r = matrix.add %X, %z : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
  func.return %r : !matrix.mat<3x4xf64>
}

// -----

// Not the literal 0: a tiny value, an unknown scalar, a zero 1x1 matrix that
// broadcasts X (1x4) to 3x4 (the shape would change).
// TRACE-NOT:   rewrite: add-zero
// CHECK-LABEL: func.func @not_zero(
// CHECK:         %a = matrix.add %X, %c : (!matrix.mat<1x4xf64>, f64) -> !matrix.mat<1x4xf64>
// CHECK-NEXT:    %b = matrix.add %s, %X : (f64, !matrix.mat<1x4xf64>) -> !matrix.mat<1x4xf64>
// CHECK:         %d = matrix.add %X, %F : (!matrix.mat<1x4xf64>, !matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64>
// CHECK-NEXT:    func.return %a, %b, %d
func.func @not_zero(%X: !matrix.mat<1x4xf64>, %s: f64) -> (!matrix.mat<1x4xf64>, !matrix.mat<1x4xf64>, !matrix.mat<3x4xf64>) {
  %c = arith.constant 4.9e-324 : f64
  %a = matrix.add %X, %c : (!matrix.mat<1x4xf64>, f64) -> !matrix.mat<1x4xf64>
  %b = matrix.add %s, %X : (f64, !matrix.mat<1x4xf64>) -> !matrix.mat<1x4xf64>
  %z = arith.constant 0.0 : f64
  %r = arith.constant 3 : i64
  %k = arith.constant 4 : i64
  %F = matrix.fill %z, %r, %k : (f64, i64, i64) -> !matrix.mat<3x4xf64>
  %d = matrix.add %X, %F : (!matrix.mat<1x4xf64>, !matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64>
  func.return %a, %b, %d : !matrix.mat<1x4xf64>, !matrix.mat<1x4xf64>, !matrix.mat<3x4xf64>
}

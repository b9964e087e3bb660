// Rule mul-one (passes/rewrite/rules_static.py): X*1, 1*X -> X (scalar literal 1.0).
//
// RUN: amls-opt %s --split-input-file -p simplify-static --rewrite-trace 2>&1 | filecheck %s --check-prefixes=CHECK,TRACE
// RUN: amls-opt %s --split-input-file -p simplify-static | amls-opt --split-input-file | filecheck %s
// RUN: amls-opt %s --split-input-file -p simplify-static | amls-opt --split-input-file -p simplify-static --rewrite-trace 2>&1 | filecheck %s --check-prefix=AGAIN
// AGAIN-NOT: rewrite:
// AGAIN-NOT: error

// TRACE:       rewrite: mul-one at {{.*}}mul-one.mlir:[[# @LINE + 6]]:3
// CHECK-LABEL: func.func @x_times_one(
// CHECK-NOT:     matrix.mul
// CHECK:         func.return %X : !matrix.mat<3x4xf64>
func.func @x_times_one(%X: !matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64> {
  %one = arith.constant 1.0 : f64
  %r = matrix.mul %X, %one : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
  func.return %r : !matrix.mat<3x4xf64>
}

// -----

// TRACE:       rewrite: mul-one at {{.*}}mul-one.mlir:[[# @LINE + 6]]:3
// CHECK-LABEL: func.func @one_times_x(
// CHECK-NOT:     matrix.mul
// CHECK:         func.return %X : !matrix.mat<?x5xf64, nnz=7>
func.func @one_times_x(%X: !matrix.mat<?x5xf64, nnz=7>) -> !matrix.mat<?x5xf64, nnz=7> {
  %one = arith.constant 1.0 : f64
  %r = matrix.mul %one, %X : (f64, !matrix.mat<?x5xf64, nnz=7>) -> !matrix.mat<?x5xf64, nnz=7>
  func.return %r : !matrix.mat<?x5xf64, nnz=7>
}

// -----

// Not the literal 1: a nearby value, an unknown scalar, a 1x1 matrix of ones
// (which broadcasts: that is fill-to-scalar's business, not mul-one's).
// TRACE-NOT:   rewrite: mul-one
// CHECK-LABEL: func.func @not_one(
// CHECK:         %a = matrix.mul %X, %c : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
// CHECK-NEXT:    %b = matrix.mul %s, %X : (f64, !matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64>
// CHECK:         %d = matrix.mul %X, %F : (!matrix.mat<3x4xf64>, !matrix.mat<1x1xf64>) -> !matrix.mat<3x4xf64>
// CHECK-NEXT:    func.return %a, %b, %d
func.func @not_one(%X: !matrix.mat<3x4xf64>, %s: f64) -> (!matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>) {
  %c = arith.constant 1.0000000000000002 : f64
  %a = matrix.mul %X, %c : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
  %b = matrix.mul %s, %X : (f64, !matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64>
  %one = arith.constant 1.0 : f64
  %k = arith.constant 1 : i64
  %F = matrix.fill %one, %k, %k : (f64, i64, i64) -> !matrix.mat<1x1xf64>
  %d = matrix.mul %X, %F : (!matrix.mat<3x4xf64>, !matrix.mat<1x1xf64>) -> !matrix.mat<3x4xf64>
  func.return %a, %b, %d : !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>
}

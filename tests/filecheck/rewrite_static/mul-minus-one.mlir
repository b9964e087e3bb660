// Rule mul-minus-one (passes/rewrite/rules_static.py): X*(-1), (-1)*X -> -X.
//
// RUN: amls-opt %s --split-input-file -p simplify-static --rewrite-trace 2>&1 | filecheck %s --check-prefixes=CHECK,TRACE
// RUN: amls-opt %s --split-input-file -p simplify-static | amls-opt --split-input-file | filecheck %s
// RUN: amls-opt %s --split-input-file -p simplify-static | amls-opt --split-input-file -p simplify-static --rewrite-trace 2>&1 | filecheck %s --check-prefix=AGAIN
// AGAIN-NOT: rewrite:
// AGAIN-NOT: error

// TRACE:       rewrite: mul-minus-one at {{.*}}mul-minus-one.mlir:[[# @LINE + 7]]:3
// CHECK-LABEL: func.func @x_times_minus_one(
// CHECK-NOT:     matrix.mul
// CHECK:         %[[N:.*]] = matrix.neg %X : !matrix.mat<3x4xf64>
// CHECK-NEXT:    func.return %[[N]]
func.func @x_times_minus_one(%X: !matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64> {
  %m = arith.constant -1.0 : f64
  %r = matrix.mul %X, %m : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
  func.return %r : !matrix.mat<3x4xf64>
}

// -----

// TRACE:       rewrite: mul-minus-one at {{.*}}mul-minus-one.mlir:[[# @LINE + 7]]:3
// CHECK-LABEL: func.func @minus_one_times_x(
// CHECK-NOT:     matrix.mul
// CHECK:         %[[N:.*]] = matrix.neg %X : !matrix.mat<?x2xf64, nnz=3>
// CHECK-NEXT:    func.return %[[N]]
func.func @minus_one_times_x(%X: !matrix.mat<?x2xf64, nnz=3>) -> !matrix.mat<?x2xf64, nnz=3> {
  %m = arith.constant -1.0 : f64
  %r = matrix.mul %m, %X : (f64, !matrix.mat<?x2xf64, nnz=3>) -> !matrix.mat<?x2xf64, nnz=3>
  func.return %r : !matrix.mat<?x2xf64, nnz=3>
}

// -----

// -2 and +1 are not -1; X/(-1) is not in the rule.
// TRACE-NOT:   rewrite: mul-minus-one
// CHECK-LABEL: func.func @not_minus_one(
// CHECK:         %a = matrix.mul %X, %m2 : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
// CHECK:         %b = matrix.div %X, %m1 : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
// CHECK-NEXT:    func.return %a, %b
// CHECK-NOT:     matrix.neg
func.func @not_minus_one(%X: !matrix.mat<3x4xf64>) -> (!matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>) {
  %m2 = arith.constant -2.0 : f64
  %a = matrix.mul %X, %m2 : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
  %m1 = arith.constant -1.0 : f64
  %b = matrix.div %X, %m1 : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
  func.return %a, %b : !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>
}

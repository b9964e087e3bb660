// Rule add-self (passes/rewrite/rules_static.py): X+X -> X*2.
//
// RUN: amls-opt %s --split-input-file -p simplify-static --rewrite-trace 2>&1 | filecheck %s --check-prefixes=CHECK,TRACE
// RUN: amls-opt %s --split-input-file -p simplify-static | amls-opt --split-input-file | filecheck %s
// RUN: amls-opt %s --split-input-file -p simplify-static | amls-opt --split-input-file -p simplify-static --rewrite-trace 2>&1 | filecheck %s --check-prefix=AGAIN
// AGAIN-NOT: rewrite:
// AGAIN-NOT: error

// TRACE:       rewrite: add-self at {{.*}}add-self.mlir:[[# @LINE + 7]]:3
// CHECK-LABEL: func.func @add_self(
// CHECK-NOT:     matrix.add
// CHECK:         %[[TWO:.*]] = arith.constant 2.000000e+00 : f64
// CHECK-NEXT:    %[[R:.*]] = matrix.mul %X, %[[TWO]] : (!matrix.mat<3x4xf64, nnz=5>, f64) -> !matrix.mat<3x4xf64, nnz=5>
// CHECK-NEXT:    func.return %[[R]]
func.func @add_self(%X: !matrix.mat<3x4xf64, nnz=5>) -> !matrix.mat<3x4xf64, nnz=5> {
  %r = matrix.add %X, %X : !matrix.mat<3x4xf64, nnz=5>
  func.return %r : !matrix.mat<3x4xf64, nnz=5>
}

// -----

// Two different values (even if equal at run time) are not X+X.
// TRACE-NOT:   rewrite: add-self
// CHECK-LABEL: func.func @add_other(
// CHECK:         %r = matrix.add %X, %Y : !matrix.mat<3x4xf64>
// CHECK-NEXT:    func.return %r
func.func @add_other(%X: !matrix.mat<3x4xf64>, %Y: !matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64> {
  %r = matrix.add %X, %Y : !matrix.mat<3x4xf64>
  func.return %r : !matrix.mat<3x4xf64>
}

// Rule replace-same (passes/rewrite/rules_static.py): replace(X, p, p) -> X.
//
// RUN: amls-opt %s --split-input-file -p simplify-static --rewrite-trace 2>&1 | filecheck %s --check-prefixes=CHECK,TRACE
// RUN: amls-opt %s --split-input-file -p simplify-static | amls-opt --split-input-file | filecheck %s
// RUN: amls-opt %s --split-input-file -p simplify-static | amls-opt --split-input-file -p simplify-static --rewrite-trace 2>&1 | filecheck %s --check-prefix=AGAIN
// AGAIN-NOT: rewrite:
// AGAIN-NOT: error

// TRACE:       rewrite: replace-same at {{.*}}replace-same.mlir:[[# @LINE + 4]]:3
// CHECK-LABEL: func.func @replace_same(
// CHECK-NEXT:    func.return %X :
func.func @replace_same(%X: !matrix.mat<3x4xf64>, %p: f64) -> !matrix.mat<3x4xf64> {
  %r = matrix.replace %X, %p, %p : (!matrix.mat<3x4xf64>, f64, f64) -> !matrix.mat<3x4xf64>
  func.return %r : !matrix.mat<3x4xf64>
}

// -----

// Different pattern and replacement values (even if equal at run time): stays.
// TRACE-NOT:   rewrite: replace-same
// CHECK-LABEL: func.func @no_replace_same(
// CHECK-NEXT:    %r = matrix.replace %X, %p, %q
func.func @no_replace_same(%X: !matrix.mat<3x4xf64>, %p: f64, %q: f64) -> !matrix.mat<3x4xf64> {
  %r = matrix.replace %X, %p, %q : (!matrix.mat<3x4xf64>, f64, f64) -> !matrix.mat<3x4xf64>
  func.return %r : !matrix.mat<3x4xf64>
}

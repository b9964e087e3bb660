// simplify-dynamic rule `nnz-of-compare`: sum(X != 0) -> nnz(X) as an f64 literal
// when X's nnz is known. Not for unknown nnz, X != 1, nor X == 0.

// RUN: amls-opt %s --split-input-file -p simplify-dynamic --rewrite-trace 2>&1 | filecheck %s
// The output re-parses and a second run has nothing left to rewrite.
// RUN: amls-opt %s --split-input-file -p simplify-dynamic | amls-opt --split-input-file -p simplify-dynamic --rewrite-trace 2>&1 | filecheck %s --check-prefix=AGAIN
// AGAIN-NOT: rewrite:
// AGAIN-NOT: error

// sum(X != 0) and sum(0 != X) with nnz(X) = 13: the literal 13.0.
// CHECK:       rewrite: nnz-of-compare at {{.*}}nnz-of-compare.mlir:{{[0-9]+}}:3
// CHECK-NEXT:  rewrite: nnz-of-compare at {{.*}}nnz-of-compare.mlir:{{[0-9]+}}:3
// CHECK-NEXT:  rewrite-count: nnz-of-compare 2
// CHECK-LABEL: func.func @fires(
// CHECK-NOT:     = matrix.
// CHECK:         %s = arith.constant 1.300000e+01 : f64
// CHECK-NEXT:    %t = arith.constant 1.300000e+01 : f64
// CHECK-NEXT:    func.return %s, %t
func.func @fires(%X: !matrix.mat<10x5xf64, nnz=13>) -> (f64, f64) {
  %z = arith.constant 0.0 : f64
  %C = matrix.ne %X, %z : (!matrix.mat<10x5xf64, nnz=13>, f64) -> !matrix.mat<10x5xf64>
  %s = matrix.reduce sum all %C : (!matrix.mat<10x5xf64>) -> f64
  %D = matrix.ne %z, %X : (f64, !matrix.mat<10x5xf64, nnz=13>) -> !matrix.mat<10x5xf64>
  %t = matrix.reduce sum all %D : (!matrix.mat<10x5xf64>) -> f64
  func.return %s, %t : f64, f64
}

// -----

// CHECK-NOT:   rewrite:
// CHECK-LABEL: func.func @no(
// CHECK:         %s = matrix.reduce sum all %C
// CHECK:         %t = matrix.reduce sum all %D
// CHECK:         %u = matrix.reduce sum all %E
func.func @no(%X: !matrix.mat<10x5xf64>, %Y: !matrix.mat<10x5xf64, nnz=13>) -> (f64, f64, f64) {
  %z = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f64
  %C = matrix.ne %X, %z : (!matrix.mat<10x5xf64>, f64) -> !matrix.mat<10x5xf64>
  %s = matrix.reduce sum all %C : (!matrix.mat<10x5xf64>) -> f64
  %D = matrix.ne %Y, %one : (!matrix.mat<10x5xf64, nnz=13>, f64) -> !matrix.mat<10x5xf64>
  %t = matrix.reduce sum all %D : (!matrix.mat<10x5xf64>) -> f64
  %E = matrix.eq %Y, %z : (!matrix.mat<10x5xf64, nnz=13>, f64) -> !matrix.mat<10x5xf64>
  %u = matrix.reduce sum all %E : (!matrix.mat<10x5xf64>) -> f64
  func.return %s, %t, %u : f64, f64, f64
}

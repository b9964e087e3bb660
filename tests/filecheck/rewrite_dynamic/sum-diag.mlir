// simplify-dynamic rule `sum-diag`: sum(diag(X)) -> trace(X) for a square X (not
// 1x1). Not for diag of a column vector (a diagonal matrix: its sum is sum(v)),
// diag of `?x?`, or of `5x?`.

// RUN: amls-opt %s --split-input-file -p simplify-dynamic --rewrite-trace 2>&1 | filecheck %s
// The output re-parses and a second run has nothing left to rewrite.
// RUN: amls-opt %s --split-input-file -p simplify-dynamic | amls-opt --split-input-file -p simplify-dynamic --rewrite-trace 2>&1 | filecheck %s --check-prefix=AGAIN
// AGAIN-NOT: rewrite:
// AGAIN-NOT: error

// CHECK:       rewrite: sum-diag at {{.*}}sum-diag.mlir:{{[0-9]+}}:3
// CHECK-NEXT:  rewrite-count: sum-diag 1
// CHECK-LABEL: func.func @square(
// CHECK-NEXT:    %s = matrix.trace %X : (!matrix.mat<5x5xf64>) -> f64
// CHECK-NEXT:    func.return %s
func.func @square(%X: !matrix.mat<5x5xf64>) -> f64 {
  %d = matrix.diag %X : (!matrix.mat<5x5xf64>) -> !matrix.mat<5x1xf64>
  %s = matrix.reduce sum all %d : (!matrix.mat<5x1xf64>) -> f64
  func.return %s : f64
}

// -----

// CHECK-NOT:   rewrite:
// CHECK-LABEL: func.func @no(
// CHECK-NEXT:    %D = matrix.diag %v
// CHECK-NEXT:    %s = matrix.reduce sum all %D
// CHECK-NEXT:    %e = matrix.diag %U
// CHECK-NEXT:    %t = matrix.reduce sum all %e
// CHECK-NEXT:    %f = matrix.diag %W
// CHECK-NEXT:    %u = matrix.reduce sum all %f
func.func @no(%v: !matrix.mat<5x1xf64>, %U: !matrix.mat<?x?xf64>, %W: !matrix.mat<5x?xf64>) -> (f64, f64, f64) {
  %D = matrix.diag %v : (!matrix.mat<5x1xf64>) -> !matrix.mat<5x5xf64>
  %s = matrix.reduce sum all %D : (!matrix.mat<5x5xf64>) -> f64
  %e = matrix.diag %U : !matrix.mat<?x?xf64>
  %t = matrix.reduce sum all %e : (!matrix.mat<?x?xf64>) -> f64
  %f = matrix.diag %W : (!matrix.mat<5x?xf64>) -> !matrix.mat<5x?xf64>
  %u = matrix.reduce sum all %f : (!matrix.mat<5x?xf64>) -> f64
  func.return %s, %t, %u : f64, f64, f64
}

// simplify-dynamic rule `empty-unary`: abs/sqrt/round/rint/floor/ceil/sign/neg(X) ->
// fill(0) when X is empty (nnz=0) with known dims. Not for exp or not (f(0) is 1),
// nnz 5 or unknown nnz, nor unknown rows (the fill needs literal dims).

// RUN: amls-opt %s --split-input-file -p simplify-dynamic --rewrite-trace 2>&1 | filecheck %s
// The output re-parses and a second run has nothing left to rewrite.
// RUN: amls-opt %s --split-input-file -p simplify-dynamic | amls-opt --split-input-file -p simplify-dynamic --rewrite-trace 2>&1 | filecheck %s --check-prefix=AGAIN
// AGAIN-NOT: rewrite:
// AGAIN-NOT: error

// abs, sqrt, round, floor, ceil, sign, neg of an empty 4x3 matrix.
// CHECK:       rewrite: empty-unary at {{.*}}empty-unary.mlir:{{[0-9]+}}:3
// CHECK-NEXT:  rewrite: empty-unary at
// CHECK-NEXT:  rewrite: empty-unary at
// CHECK-NEXT:  rewrite: empty-unary at
// CHECK-NEXT:  rewrite: empty-unary at
// CHECK-NEXT:  rewrite: empty-unary at
// CHECK-NEXT:  rewrite: empty-unary at
// CHECK-NEXT:  rewrite-count: empty-unary 7
// CHECK-LABEL: func.func @fires(
// CHECK-COUNT-7: matrix.fill {{.*}} -> !matrix.mat<4x3xf64, nnz=0>
// CHECK-NOT:     matrix.{{abs|sqrt|round|floor|ceil|sign|neg}}
// CHECK:         func.return
func.func @fires(%X: !matrix.mat<4x3xf64, nnz=0>) -> (!matrix.mat<4x3xf64>, !matrix.mat<4x3xf64>, !matrix.mat<4x3xf64>, !matrix.mat<4x3xf64>, !matrix.mat<4x3xf64>, !matrix.mat<4x3xf64>, !matrix.mat<4x3xf64>) {
  %a = matrix.abs %X : (!matrix.mat<4x3xf64, nnz=0>) -> !matrix.mat<4x3xf64>
  %b = matrix.sqrt %X : (!matrix.mat<4x3xf64, nnz=0>) -> !matrix.mat<4x3xf64>
  %c = matrix.round %X : (!matrix.mat<4x3xf64, nnz=0>) -> !matrix.mat<4x3xf64>
  %d = matrix.floor %X : (!matrix.mat<4x3xf64, nnz=0>) -> !matrix.mat<4x3xf64>
  %e = matrix.ceil %X : (!matrix.mat<4x3xf64, nnz=0>) -> !matrix.mat<4x3xf64>
  %f = matrix.sign %X : (!matrix.mat<4x3xf64, nnz=0>) -> !matrix.mat<4x3xf64>
  %g = matrix.neg %X : (!matrix.mat<4x3xf64, nnz=0>) -> !matrix.mat<4x3xf64>
  func.return %a, %b, %c, %d, %e, %f, %g : !matrix.mat<4x3xf64>, !matrix.mat<4x3xf64>, !matrix.mat<4x3xf64>, !matrix.mat<4x3xf64>, !matrix.mat<4x3xf64>, !matrix.mat<4x3xf64>, !matrix.mat<4x3xf64>
}

// -----

// CHECK-NOT:   rewrite:
// CHECK-LABEL: func.func @no(
// CHECK-NEXT:    %a = matrix.exp %X
// CHECK-NEXT:    %b = matrix.not %X
// CHECK-NEXT:    %c = matrix.abs %Y
// CHECK-NEXT:    %d = matrix.sqrt %Z
// CHECK-NEXT:    %e = matrix.neg %U
func.func @no(%X: !matrix.mat<4x3xf64, nnz=0>, %Y: !matrix.mat<4x3xf64, nnz=5>, %Z: !matrix.mat<4x3xf64>, %U: !matrix.mat<?x3xf64, nnz=0>) -> (!matrix.mat<4x3xf64>, !matrix.mat<4x3xf64>, !matrix.mat<4x3xf64>, !matrix.mat<4x3xf64>, !matrix.mat<?x3xf64>) {
  %a = matrix.exp %X : (!matrix.mat<4x3xf64, nnz=0>) -> !matrix.mat<4x3xf64>
  %b = matrix.not %X : (!matrix.mat<4x3xf64, nnz=0>) -> !matrix.mat<4x3xf64>
  %c = matrix.abs %Y : (!matrix.mat<4x3xf64, nnz=5>) -> !matrix.mat<4x3xf64>
  %d = matrix.sqrt %Z : !matrix.mat<4x3xf64>
  %e = matrix.neg %U : (!matrix.mat<?x3xf64, nnz=0>) -> !matrix.mat<?x3xf64>
  func.return %a, %b, %c, %d, %e : !matrix.mat<4x3xf64>, !matrix.mat<4x3xf64>, !matrix.mat<4x3xf64>, !matrix.mat<4x3xf64>, !matrix.mat<?x3xf64>
}

// -----

// sin, tan and is.nan of the DML frontend map 0 to 0 too; cos does not (cos(0) = 1).
// CHECK:       rewrite: empty-unary at {{.*}}empty-unary.mlir:{{[0-9]+}}:3
// CHECK-NEXT:  rewrite: empty-unary at
// CHECK-NEXT:  rewrite: empty-unary at
// CHECK-NEXT:  rewrite-count: empty-unary 3
// CHECK-LABEL: func.func @trig(
// CHECK-NOT:     matrix.sin
// CHECK-NOT:     matrix.tan
// CHECK-NOT:     matrix.isnan
// CHECK:         %d = matrix.cos %X
func.func @trig(%X: !matrix.mat<4x3xf64, nnz=0>) -> (!matrix.mat<4x3xf64>, !matrix.mat<4x3xf64>, !matrix.mat<4x3xf64>, !matrix.mat<4x3xf64>) {
  %a = matrix.sin %X : (!matrix.mat<4x3xf64, nnz=0>) -> !matrix.mat<4x3xf64>
  %b = matrix.tan %X : (!matrix.mat<4x3xf64, nnz=0>) -> !matrix.mat<4x3xf64>
  %c = matrix.isnan %X : (!matrix.mat<4x3xf64, nnz=0>) -> !matrix.mat<4x3xf64>
  %d = matrix.cos %X : (!matrix.mat<4x3xf64, nnz=0>) -> !matrix.mat<4x3xf64>
  func.return %a, %b, %c, %d : !matrix.mat<4x3xf64>, !matrix.mat<4x3xf64>, !matrix.mat<4x3xf64>, !matrix.mat<4x3xf64>
}

// -----

// rint (NumPy's round half to even) of an empty matrix is zeros; of nnz=5 it stays.
// CHECK:       rewrite: empty-unary at {{.*}}empty-unary.mlir:[[# @LINE + 6]]:3
// CHECK-NEXT:  rewrite-count: empty-unary 1
// CHECK-LABEL: func.func @rint(
// CHECK:         %a = matrix.fill {{.*}} -> !matrix.mat<4x3xf64, nnz=0>
// CHECK:         %b = matrix.rint %Y
func.func @rint(%X: !matrix.mat<4x3xf64, nnz=0>, %Y: !matrix.mat<4x3xf64, nnz=5>) -> (!matrix.mat<4x3xf64>, !matrix.mat<4x3xf64>) {
  %a = matrix.rint %X : (!matrix.mat<4x3xf64, nnz=0>) -> !matrix.mat<4x3xf64>
  %b = matrix.rint %Y : (!matrix.mat<4x3xf64, nnz=5>) -> !matrix.mat<4x3xf64>
  func.return %a, %b : !matrix.mat<4x3xf64>, !matrix.mat<4x3xf64>
}

// -----

// asin, atan, sinh, tanh and is.infinite map 0 to 0 as well; acos and cosh do not
// (acos(0) = pi/2, cosh(0) = 1).
// CHECK:       rewrite: empty-unary at {{.*}}empty-unary.mlir:{{[0-9]+}}:3
// CHECK-NEXT:  rewrite: empty-unary at
// CHECK-NEXT:  rewrite: empty-unary at
// CHECK-NEXT:  rewrite: empty-unary at
// CHECK-NEXT:  rewrite: empty-unary at
// CHECK-NEXT:  rewrite-count: empty-unary 5
// CHECK-LABEL: func.func @inverse_hyperbolic(
// CHECK-NOT:     matrix.{{asin|atan|sinh|tanh|isinf}}
// CHECK:         %f = matrix.acos %X
// CHECK-NEXT:    %g = matrix.cosh %X
func.func @inverse_hyperbolic(%X: !matrix.mat<4x3xf64, nnz=0>) -> (!matrix.mat<4x3xf64>, !matrix.mat<4x3xf64>, !matrix.mat<4x3xf64>, !matrix.mat<4x3xf64>, !matrix.mat<4x3xf64>, !matrix.mat<4x3xf64>, !matrix.mat<4x3xf64>) {
  %a = matrix.asin %X : (!matrix.mat<4x3xf64, nnz=0>) -> !matrix.mat<4x3xf64>
  %b = matrix.atan %X : (!matrix.mat<4x3xf64, nnz=0>) -> !matrix.mat<4x3xf64>
  %c = matrix.sinh %X : (!matrix.mat<4x3xf64, nnz=0>) -> !matrix.mat<4x3xf64>
  %d = matrix.tanh %X : (!matrix.mat<4x3xf64, nnz=0>) -> !matrix.mat<4x3xf64>
  %e = matrix.isinf %X : (!matrix.mat<4x3xf64, nnz=0>) -> !matrix.mat<4x3xf64>
  %f = matrix.acos %X : (!matrix.mat<4x3xf64, nnz=0>) -> !matrix.mat<4x3xf64>
  %g = matrix.cosh %X : (!matrix.mat<4x3xf64, nnz=0>) -> !matrix.mat<4x3xf64>
  func.return %a, %b, %c, %d, %e, %f, %g : !matrix.mat<4x3xf64>, !matrix.mat<4x3xf64>, !matrix.mat<4x3xf64>, !matrix.mat<4x3xf64>, !matrix.mat<4x3xf64>, !matrix.mat<4x3xf64>, !matrix.mat<4x3xf64>
}

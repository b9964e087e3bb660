// mmchain's element-wise product chains (trace name `product-chain`): a chain of
// matrix.mul through one-use intermediates puts scalars first, then vectors,
// then matrices (when that computes fewer cells), and a repeated factor becomes
// a power ((B*A)*B -> B^2*A); repeated scalars multiply as scalars. A chain
// already in that order, a two-factor product, and a chain broken by a shared
// intermediate are left alone.
// X*u*v with a row vector u and a column vector v is left alone (u*v would be
// an outer broadcast): tests/unit/test_rewrite_properties.py checks it (case
// "product-chain/row-col" of tests/unit/rewrite_cases.py).

// RUN: amls-opt %s --split-input-file -p mmchain --rewrite-trace 2>&1 | filecheck %s
// The output re-parses and a second run has nothing left to reorder.
// RUN: amls-opt %s --split-input-file -p mmchain | amls-opt --split-input-file -p mmchain --rewrite-trace 2>&1 | filecheck %s --check-prefix=AGAIN
// AGAIN-NOT: rewrite:
// AGAIN-NOT: error

// (B*A)*B -> B^2 * A.
// CHECK:       rewrite: product-chain at {{.*}}product_chain.mlir:{{[0-9]+}}:3
// CHECK-NEXT:  rewrite-count: product-chain 1
// CHECK-LABEL: func.func @powers(
// CHECK-NEXT:    %[[TWO:.*]] = arith.constant 2.000000e+00 : f64
// CHECK-NEXT:    %[[B2:.*]] = matrix.pow %B, %[[TWO]] : (!matrix.mat<10x5xf64>, f64) -> !matrix.mat<10x5xf64>
// CHECK-NEXT:    %r = matrix.mul %[[B2]], %A : !matrix.mat<10x5xf64>
// CHECK-NEXT:    func.return %r
func.func @powers(%A: !matrix.mat<10x5xf64>, %B: !matrix.mat<10x5xf64>) -> !matrix.mat<10x5xf64> {
  %BA = matrix.mul %B, %A : !matrix.mat<10x5xf64>
  %r = matrix.mul %BA, %B : !matrix.mat<10x5xf64>
  func.return %r : !matrix.mat<10x5xf64>
}

// -----

// B*A*B*B (three B's) -> B^3 * A.
// CHECK:       rewrite: product-chain at {{.*}}product_chain.mlir:{{[0-9]+}}:3
// CHECK-NEXT:  rewrite-count: product-chain 1
// CHECK-LABEL: func.func @cube(
// CHECK-NEXT:    %[[THREE:.*]] = arith.constant 3.000000e+00 : f64
// CHECK-NEXT:    %[[B3:.*]] = matrix.pow %B, %[[THREE]]
// CHECK-NEXT:    %r = matrix.mul %[[B3]], %A : !matrix.mat<10x5xf64>
func.func @cube(%A: !matrix.mat<10x5xf64>, %B: !matrix.mat<10x5xf64>) -> !matrix.mat<10x5xf64> {
  %BA = matrix.mul %B, %A : !matrix.mat<10x5xf64>
  %BAB = matrix.mul %BA, %B : !matrix.mat<10x5xf64>
  %r = matrix.mul %BAB, %B : !matrix.mat<10x5xf64>
  func.return %r : !matrix.mat<10x5xf64>
}

// -----

// ((X*Y)*v)*s -> ((s*v)*X)*Y: 110 cells computed instead of 150.
// CHECK:       rewrite: product-chain at {{.*}}product_chain.mlir:{{[0-9]+}}:3
// CHECK-NEXT:  rewrite-count: product-chain 1
// CHECK-LABEL: func.func @scalars_first(
// CHECK-NEXT:    %[[SV:.*]] = matrix.mul %s, %v : (f64, !matrix.mat<10x1xf64>) -> !matrix.mat<10x1xf64>
// CHECK-NEXT:    %[[SVX:.*]] = matrix.mul %[[SV]], %X : (!matrix.mat<10x1xf64>, !matrix.mat<10x5xf64>) -> !matrix.mat<10x5xf64>
// CHECK-NEXT:    %r = matrix.mul %[[SVX]], %Y : !matrix.mat<10x5xf64>
// CHECK-NEXT:    func.return %r
func.func @scalars_first(%X: !matrix.mat<10x5xf64>, %Y: !matrix.mat<10x5xf64>, %v: !matrix.mat<10x1xf64>, %s: f64) -> !matrix.mat<10x5xf64> {
  %XY = matrix.mul %X, %Y : !matrix.mat<10x5xf64>
  %XYv = matrix.mul %XY, %v : (!matrix.mat<10x5xf64>, !matrix.mat<10x1xf64>) -> !matrix.mat<10x5xf64>
  %r = matrix.mul %XYv, %s : (!matrix.mat<10x5xf64>, f64) -> !matrix.mat<10x5xf64>
  func.return %r : !matrix.mat<10x5xf64>
}

// -----

// (X*s)*s -> (s*s)*X: the repeated scalar is squared as a scalar.
// CHECK:       rewrite: product-chain at {{.*}}product_chain.mlir:{{[0-9]+}}:3
// CHECK-NEXT:  rewrite-count: product-chain 1
// CHECK-LABEL: func.func @scalar_repeat(
// CHECK-NEXT:    %[[SS:.*]] = arith.mulf %s, %s : f64
// CHECK-NEXT:    %r = matrix.mul %[[SS]], %X : (f64, !matrix.mat<10x5xf64>) -> !matrix.mat<10x5xf64>
func.func @scalar_repeat(%X: !matrix.mat<10x5xf64>, %s: f64) -> !matrix.mat<10x5xf64> {
  %a = matrix.mul %X, %s : (!matrix.mat<10x5xf64>, f64) -> !matrix.mat<10x5xf64>
  %r = matrix.mul %a, %s : (!matrix.mat<10x5xf64>, f64) -> !matrix.mat<10x5xf64>
  func.return %r : !matrix.mat<10x5xf64>
}

// -----

// Already canonical ((s*v)*X)*Y; a two-factor X*Y; X*X (mul-self's, in
// simplify-static).
// CHECK-NOT:   rewrite:
// CHECK-LABEL: func.func @canonical(
// CHECK-NEXT:    %sv = matrix.mul %s, %v
// CHECK-NEXT:    %svX = matrix.mul %sv, %X
// CHECK-NEXT:    %r = matrix.mul %svX, %Y
// CHECK-NEXT:    %q = matrix.mul %X, %Y
// CHECK-NEXT:    %p = matrix.mul %X, %X
func.func @canonical(%X: !matrix.mat<10x5xf64>, %Y: !matrix.mat<10x5xf64>, %v: !matrix.mat<10x1xf64>, %s: f64) -> (!matrix.mat<10x5xf64>, !matrix.mat<10x5xf64>, !matrix.mat<10x5xf64>) {
  %sv = matrix.mul %s, %v : (f64, !matrix.mat<10x1xf64>) -> !matrix.mat<10x1xf64>
  %svX = matrix.mul %sv, %X : (!matrix.mat<10x1xf64>, !matrix.mat<10x5xf64>) -> !matrix.mat<10x5xf64>
  %r = matrix.mul %svX, %Y : !matrix.mat<10x5xf64>
  %q = matrix.mul %X, %Y : !matrix.mat<10x5xf64>
  %p = matrix.mul %X, %X : !matrix.mat<10x5xf64>
  func.return %r, %q, %p : !matrix.mat<10x5xf64>, !matrix.mat<10x5xf64>, !matrix.mat<10x5xf64>
}

// -----

// B*A is also returned: the chain stops there, (B*A)*B is a two-factor product.
// CHECK-NOT:   rewrite:
// CHECK-LABEL: func.func @shared(
// CHECK-NEXT:    %BA = matrix.mul %B, %A
// CHECK-NEXT:    %r = matrix.mul %BA, %B
func.func @shared(%A: !matrix.mat<10x5xf64>, %B: !matrix.mat<10x5xf64>) -> (!matrix.mat<10x5xf64>, !matrix.mat<10x5xf64>) {
  %BA = matrix.mul %B, %A : !matrix.mat<10x5xf64>
  %r = matrix.mul %BA, %B : !matrix.mat<10x5xf64>
  func.return %r, %BA : !matrix.mat<10x5xf64>, !matrix.mat<10x5xf64>
}

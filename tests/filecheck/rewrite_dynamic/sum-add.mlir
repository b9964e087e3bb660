// simplify-dynamic rule `sum-add`: sum(A + B) -> sum(A) + sum(B) and sum(A - B) ->
// sum(A) - sum(B) for equal known dims (reassociation allowed by docs/numerics.md).
// Not when the add broadcasts a row vector (sum(u) would count once, not 10
// times), when dims are unknown, nor for a row sum.

// RUN: amls-opt %s --split-input-file -p simplify-dynamic --rewrite-trace 2>&1 | filecheck %s
// The output re-parses and a second run has nothing left to rewrite.
// RUN: amls-opt %s --split-input-file -p simplify-dynamic | amls-opt --split-input-file -p simplify-dynamic --rewrite-trace 2>&1 | filecheck %s --check-prefix=AGAIN
// AGAIN-NOT: rewrite:
// AGAIN-NOT: error

// CHECK:       rewrite: sum-add at {{.*}}sum-add.mlir:{{[0-9]+}}:3
// CHECK-NEXT:  rewrite: sum-add at {{.*}}sum-add.mlir:{{[0-9]+}}:3
// CHECK-NEXT:  rewrite-count: sum-add 2
// CHECK-LABEL: func.func @add(
// CHECK-NEXT:    %[[A:.*]] = matrix.reduce sum all %A : (!matrix.mat<10x5xf64>) -> f64
// CHECK-NEXT:    %[[B:.*]] = matrix.reduce sum all %B : (!matrix.mat<10x5xf64>) -> f64
// CHECK-NEXT:    %s = arith.addf %[[A]], %[[B]] : f64
// CHECK-NEXT:    %[[A2:.*]] = matrix.reduce sum all %A : (!matrix.mat<10x5xf64>) -> f64
// CHECK-NEXT:    %[[B2:.*]] = matrix.reduce sum all %B : (!matrix.mat<10x5xf64>) -> f64
// CHECK-NEXT:    %t = arith.subf %[[A2]], %[[B2]] : f64
// CHECK-NEXT:    func.return %s, %t
func.func @add(%A: !matrix.mat<10x5xf64>, %B: !matrix.mat<10x5xf64>) -> (f64, f64) {
  %P = matrix.add %A, %B : !matrix.mat<10x5xf64>
  %s = matrix.reduce sum all %P : (!matrix.mat<10x5xf64>) -> f64
  %M = matrix.sub %A, %B : !matrix.mat<10x5xf64>
  %t = matrix.reduce sum all %M : (!matrix.mat<10x5xf64>) -> f64
  func.return %s, %t : f64, f64
}

// -----

// CHECK-NOT:   rewrite:
// CHECK-LABEL: func.func @no(
// CHECK-NEXT:    %P = matrix.add %A, %u
// CHECK-NEXT:    %s = matrix.reduce sum all %P
// CHECK-NEXT:    %Q = matrix.sub %U, %V
// CHECK-NEXT:    %t = matrix.reduce sum all %Q
// CHECK-NEXT:    %R = matrix.add %A, %A
// CHECK-NEXT:    %r = matrix.reduce sum row %R
func.func @no(%A: !matrix.mat<10x5xf64>, %u: !matrix.mat<1x5xf64>, %U: !matrix.mat<?x5xf64>, %V: !matrix.mat<?x5xf64>) -> (f64, f64, !matrix.mat<10x1xf64>) {
  %P = matrix.add %A, %u : (!matrix.mat<10x5xf64>, !matrix.mat<1x5xf64>) -> !matrix.mat<10x5xf64>
  %s = matrix.reduce sum all %P : (!matrix.mat<10x5xf64>) -> f64
  %Q = matrix.sub %U, %V : !matrix.mat<?x5xf64>
  %t = matrix.reduce sum all %Q : (!matrix.mat<?x5xf64>) -> f64
  %R = matrix.add %A, %A : !matrix.mat<10x5xf64>
  %r = matrix.reduce sum row %R : (!matrix.mat<10x5xf64>) -> !matrix.mat<10x1xf64>
  func.return %s, %t, %r : f64, f64, !matrix.mat<10x1xf64>
}

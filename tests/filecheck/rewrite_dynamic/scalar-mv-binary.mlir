// simplify-dynamic rule `scalar-mv-binary`: X (op) y -> X (op) to_scalar(y) when y
// is 1x1 and X is not, for every element-wise binary op; y (op) X likewise for the
// ops that are not commutative (the engine tries commutative ones in both
// operand orders). Not for 1x1 (op) 1x1, a 1x5 row vector, or a `?x?` operand.

// RUN: amls-opt %s --split-input-file -p simplify-dynamic --rewrite-trace 2>&1 | filecheck %s
// The output re-parses and a second run has nothing left to rewrite.
// RUN: amls-opt %s --split-input-file -p simplify-dynamic | amls-opt --split-input-file -p simplify-dynamic --rewrite-trace 2>&1 | filecheck %s --check-prefix=AGAIN
// AGAIN-NOT: rewrite:
// AGAIN-NOT: error

// 1x1 on the right of add, sub, div, gt.
// CHECK:       rewrite: scalar-mv-binary at {{.*}}scalar-mv-binary.mlir:{{[0-9]+}}:3
// CHECK-NEXT:  rewrite: scalar-mv-binary at
// CHECK-NEXT:  rewrite: scalar-mv-binary at
// CHECK-NEXT:  rewrite: scalar-mv-binary at
// CHECK-NEXT:  rewrite-count: scalar-mv-binary 4
// CHECK-LABEL: func.func @right(
// CHECK-NEXT:    %[[A:.*]] = matrix.to_scalar %y : (!matrix.mat<1x1xf64>) -> f64
// CHECK-NEXT:    %a = matrix.add %X, %[[A]] : (!matrix.mat<10x5xf64>, f64) -> !matrix.mat<10x5xf64>
// CHECK-NEXT:    %[[S:.*]] = matrix.to_scalar %y
// CHECK-NEXT:    %s = matrix.sub %X, %[[S]] : (!matrix.mat<10x5xf64>, f64) -> !matrix.mat<10x5xf64>
// CHECK-NEXT:    %[[D:.*]] = matrix.to_scalar %y
// CHECK-NEXT:    %d = matrix.div %X, %[[D]] : (!matrix.mat<10x5xf64>, f64) -> !matrix.mat<10x5xf64>
// CHECK-NEXT:    %[[G:.*]] = matrix.to_scalar %y
// CHECK-NEXT:    %g = matrix.gt %X, %[[G]] : (!matrix.mat<10x5xf64>, f64) -> !matrix.mat<10x5xf64>
func.func @right(%X: !matrix.mat<10x5xf64>, %y: !matrix.mat<1x1xf64>) -> (!matrix.mat<10x5xf64>, !matrix.mat<10x5xf64>, !matrix.mat<10x5xf64>, !matrix.mat<10x5xf64>) {
  %a = matrix.add %X, %y : (!matrix.mat<10x5xf64>, !matrix.mat<1x1xf64>) -> !matrix.mat<10x5xf64>
  %s = matrix.sub %X, %y : (!matrix.mat<10x5xf64>, !matrix.mat<1x1xf64>) -> !matrix.mat<10x5xf64>
  %d = matrix.div %X, %y : (!matrix.mat<10x5xf64>, !matrix.mat<1x1xf64>) -> !matrix.mat<10x5xf64>
  %g = matrix.gt %X, %y : (!matrix.mat<10x5xf64>, !matrix.mat<1x1xf64>) -> !matrix.mat<10x5xf64>
  func.return %a, %s, %d, %g : !matrix.mat<10x5xf64>, !matrix.mat<10x5xf64>, !matrix.mat<10x5xf64>, !matrix.mat<10x5xf64>
}

// -----

// 1x1 on the left of the non-commutative sub and pow: the operand order is kept.
// CHECK:       rewrite: scalar-mv-binary at {{.*}}scalar-mv-binary.mlir:{{[0-9]+}}:3
// CHECK-NEXT:  rewrite: scalar-mv-binary at
// CHECK-NEXT:  rewrite-count: scalar-mv-binary 2
// CHECK-LABEL: func.func @left(
// CHECK-NEXT:    %[[S:.*]] = matrix.to_scalar %y : (!matrix.mat<1x1xf64>) -> f64
// CHECK-NEXT:    %s = matrix.sub %[[S]], %X : (f64, !matrix.mat<10x5xf64>) -> !matrix.mat<10x5xf64>
// CHECK-NEXT:    %[[P:.*]] = matrix.to_scalar %y
// CHECK-NEXT:    %p = matrix.pow %[[P]], %X : (f64, !matrix.mat<10x5xf64>) -> !matrix.mat<10x5xf64>
func.func @left(%X: !matrix.mat<10x5xf64>, %y: !matrix.mat<1x1xf64>) -> (!matrix.mat<10x5xf64>, !matrix.mat<10x5xf64>) {
  %s = matrix.sub %y, %X : (!matrix.mat<1x1xf64>, !matrix.mat<10x5xf64>) -> !matrix.mat<10x5xf64>
  %p = matrix.pow %y, %X : (!matrix.mat<1x1xf64>, !matrix.mat<10x5xf64>) -> !matrix.mat<10x5xf64>
  func.return %s, %p : !matrix.mat<10x5xf64>, !matrix.mat<10x5xf64>
}

// -----

// 1x1 on the left of the commutative add, mul, max, eq: matched through the
// engine's second operand order; the scalar ends up on the right.
// CHECK:       rewrite: scalar-mv-binary at {{.*}}scalar-mv-binary.mlir:{{[0-9]+}}:3
// CHECK-NEXT:  rewrite: scalar-mv-binary at
// CHECK-NEXT:  rewrite: scalar-mv-binary at
// CHECK-NEXT:  rewrite: scalar-mv-binary at
// CHECK-NEXT:  rewrite-count: scalar-mv-binary 4
// CHECK-LABEL: func.func @left_commutative(
// CHECK-NEXT:    %[[A:.*]] = matrix.to_scalar %y : (!matrix.mat<1x1xf64>) -> f64
// CHECK-NEXT:    %a = matrix.add %X, %[[A]] : (!matrix.mat<10x5xf64>, f64) -> !matrix.mat<10x5xf64>
// CHECK-NEXT:    %[[M:.*]] = matrix.to_scalar %y
// CHECK-NEXT:    %m = matrix.mul %X, %[[M]] : (!matrix.mat<10x5xf64>, f64) -> !matrix.mat<10x5xf64>
// CHECK-NEXT:    %[[H:.*]] = matrix.to_scalar %y
// CHECK-NEXT:    %h = matrix.max %X, %[[H]] : (!matrix.mat<10x5xf64>, f64) -> !matrix.mat<10x5xf64>
// CHECK-NEXT:    %[[E:.*]] = matrix.to_scalar %y
// CHECK-NEXT:    %e = matrix.eq %X, %[[E]] : (!matrix.mat<10x5xf64>, f64) -> !matrix.mat<10x5xf64>
func.func @left_commutative(%X: !matrix.mat<10x5xf64>, %y: !matrix.mat<1x1xf64>) -> (!matrix.mat<10x5xf64>, !matrix.mat<10x5xf64>, !matrix.mat<10x5xf64>, !matrix.mat<10x5xf64>) {
  %a = matrix.add %y, %X : (!matrix.mat<1x1xf64>, !matrix.mat<10x5xf64>) -> !matrix.mat<10x5xf64>
  %m = matrix.mul %y, %X : (!matrix.mat<1x1xf64>, !matrix.mat<10x5xf64>) -> !matrix.mat<10x5xf64>
  %h = matrix.max %y, %X : (!matrix.mat<1x1xf64>, !matrix.mat<10x5xf64>) -> !matrix.mat<10x5xf64>
  %e = matrix.eq %y, %X : (!matrix.mat<1x1xf64>, !matrix.mat<10x5xf64>) -> !matrix.mat<10x5xf64>
  func.return %a, %m, %h, %e : !matrix.mat<10x5xf64>, !matrix.mat<10x5xf64>, !matrix.mat<10x5xf64>, !matrix.mat<10x5xf64>
}

// -----

// CHECK-NOT:   rewrite:
// CHECK-LABEL: func.func @no(
// CHECK-NEXT:    %a = matrix.add %x, %y : !matrix.mat<1x1xf64>
// CHECK-NEXT:    %b = matrix.add %X, %u : (!matrix.mat<10x5xf64>, !matrix.mat<1x5xf64>) -> !matrix.mat<10x5xf64>
// CHECK-NEXT:    %c = matrix.mul %X, %z : (!matrix.mat<10x5xf64>, !matrix.mat<?x?xf64>) -> !matrix.mat<10x5xf64>
func.func @no(%x: !matrix.mat<1x1xf64>, %y: !matrix.mat<1x1xf64>, %X: !matrix.mat<10x5xf64>, %u: !matrix.mat<1x5xf64>, %z: !matrix.mat<?x?xf64>) -> (!matrix.mat<1x1xf64>, !matrix.mat<10x5xf64>, !matrix.mat<10x5xf64>) {
  %a = matrix.add %x, %y : !matrix.mat<1x1xf64>
  %b = matrix.add %X, %u : (!matrix.mat<10x5xf64>, !matrix.mat<1x5xf64>) -> !matrix.mat<10x5xf64>
  %c = matrix.mul %X, %z : (!matrix.mat<10x5xf64>, !matrix.mat<?x?xf64>) -> !matrix.mat<10x5xf64>
  func.return %a, %b, %c : !matrix.mat<1x1xf64>, !matrix.mat<10x5xf64>, !matrix.mat<10x5xf64>
}

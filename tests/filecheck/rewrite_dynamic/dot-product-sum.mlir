// simplify-dynamic rule `dot-product-sum`: sum(v^2) -> to_scalar(t(v)%*%v) and
// sum(v1*v2) -> to_scalar(t(v1)%*%v2) for column vectors (both operand orders).
// Not for row vectors, a matrix times a vector, nor v^3.

// RUN: amls-opt %s --split-input-file -p simplify-dynamic --rewrite-trace 2>&1 | filecheck %s
// The output re-parses and a second run has nothing left to rewrite.
// RUN: amls-opt %s --split-input-file -p simplify-dynamic | amls-opt --split-input-file -p simplify-dynamic --rewrite-trace 2>&1 | filecheck %s --check-prefix=AGAIN
// AGAIN-NOT: rewrite:
// AGAIN-NOT: error

// sum(v^2): before sum-squared in the table, so the dot product wins.
// CHECK:       rewrite: dot-product-sum at {{.*}}dot-product-sum.mlir:{{[0-9]+}}:3
// CHECK-NEXT:  rewrite-count: dot-product-sum 1
// CHECK-LABEL: func.func @square(
// CHECK:         %[[T:.*]] = matrix.transpose %v : (!matrix.mat<10x1xf64>) -> !matrix.mat<1x10xf64>
// CHECK-NEXT:    %[[M:.*]] = matrix.matmul %[[T]], %v : (!matrix.mat<1x10xf64>, !matrix.mat<10x1xf64>) -> !matrix.mat<1x1xf64>
// CHECK-NEXT:    %s = matrix.to_scalar %[[M]] : (!matrix.mat<1x1xf64>) -> f64
// CHECK-NEXT:    func.return %s
func.func @square(%v: !matrix.mat<10x1xf64>) -> f64 {
  %two = arith.constant 2.0 : f64
  %P = matrix.pow %v, %two : (!matrix.mat<10x1xf64>, f64) -> !matrix.mat<10x1xf64>
  %s = matrix.reduce sum all %P : (!matrix.mat<10x1xf64>) -> f64
  func.return %s : f64
}

// -----

// sum(v1*v2) and sum(v2*v1).
// CHECK:       rewrite: dot-product-sum at {{.*}}dot-product-sum.mlir:{{[0-9]+}}:3
// CHECK-NEXT:  rewrite: dot-product-sum at {{.*}}dot-product-sum.mlir:{{[0-9]+}}:3
// CHECK-NEXT:  rewrite-count: dot-product-sum 2
// CHECK-LABEL: func.func @dot(
// CHECK-NEXT:    %[[T1:.*]] = matrix.transpose %v1 : (!matrix.mat<10x1xf64>) -> !matrix.mat<1x10xf64>
// CHECK-NEXT:    %[[M1:.*]] = matrix.matmul %[[T1]], %v2 :
// CHECK-NEXT:    %s = matrix.to_scalar %[[M1]]
// CHECK-NEXT:    %[[T2:.*]] = matrix.transpose %v2 : (!matrix.mat<10x1xf64>) -> !matrix.mat<1x10xf64>
// CHECK-NEXT:    %[[M2:.*]] = matrix.matmul %[[T2]], %v1 :
// CHECK-NEXT:    %t = matrix.to_scalar %[[M2]]
func.func @dot(%v1: !matrix.mat<10x1xf64>, %v2: !matrix.mat<10x1xf64>) -> (f64, f64) {
  %P = matrix.mul %v1, %v2 : !matrix.mat<10x1xf64>
  %s = matrix.reduce sum all %P : (!matrix.mat<10x1xf64>) -> f64
  %Q = matrix.mul %v2, %v1 : !matrix.mat<10x1xf64>
  %t = matrix.reduce sum all %Q : (!matrix.mat<10x1xf64>) -> f64
  func.return %s, %t : f64, f64
}

// -----

// Row vectors, a matrix times a column vector (broadcast), and v^3.
// CHECK-NOT:   rewrite:
// CHECK-LABEL: func.func @no(
// CHECK-NEXT:    %P = matrix.mul %u1, %u2
// CHECK-NEXT:    %s = matrix.reduce sum all %P
// CHECK-NEXT:    %Q = matrix.mul %X, %v
// CHECK-NEXT:    %t = matrix.reduce sum all %Q
// CHECK:         %R = matrix.pow %w, %three
// CHECK-NEXT:    %r = matrix.reduce sum all %R
func.func @no(%u1: !matrix.mat<1x10xf64>, %u2: !matrix.mat<1x10xf64>, %X: !matrix.mat<10x5xf64>, %v: !matrix.mat<10x1xf64>, %w: !matrix.mat<10x1xf64>) -> (f64, f64, f64) {
  %P = matrix.mul %u1, %u2 : !matrix.mat<1x10xf64>
  %s = matrix.reduce sum all %P : (!matrix.mat<1x10xf64>) -> f64
  %Q = matrix.mul %X, %v : (!matrix.mat<10x5xf64>, !matrix.mat<10x1xf64>) -> !matrix.mat<10x5xf64>
  %t = matrix.reduce sum all %Q : (!matrix.mat<10x5xf64>) -> f64
  %three = arith.constant 3.0 : f64
  %R = matrix.pow %w, %three : (!matrix.mat<10x1xf64>, f64) -> !matrix.mat<10x1xf64>
  %r = matrix.reduce sum all %R : (!matrix.mat<10x1xf64>) -> f64
  func.return %s, %t, %r : f64, f64, f64
}

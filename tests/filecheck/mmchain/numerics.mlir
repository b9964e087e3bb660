// mmchain does not change results: the same program run at -O0 as written and
// after `-p mmchain` (matmul chains reordered, a transpose opened, product
// chains reordered and turned into powers). Integer-valued data keeps every
// value exact in both orders.

// RUN: amls-opt %s -p mmchain --rewrite-trace -o %t.mlir 2>&1 | filecheck %s --check-prefix=TRACE
// RUN: amls-run %s -O0 | filecheck %s
// RUN: amls-run %t.mlir -O0 | filecheck %s

// TRACE-DAG: rewrite-count: mmchain 2
// TRACE-DAG: rewrite-count: product-chain 2
// TRACE-NOT: error

// A = [[1,2],[3,4],[5,6]], B = [[1,0,2],[-1,1,0]], c = [1,2,3]'
// (A%*%B)%*%c = A%*%(B%*%c) = A%*%[7,1]' = [9,25,41]'
// CHECK:      result_0 : !matrix.mat<3x1xf64> = 3x1 dense matrix
// CHECK-NEXT:   [9.0]
// CHECK-NEXT:   [25.0]
// CHECK-NEXT:   [41.0]
// t(A%*%B)%*%c = t(B)%*%(t(A)%*%c) = t(B)%*%[22,28]' = [-6,28,44]'
// CHECK-NEXT: result_1 : !matrix.mat<3x1xf64> = 3x1 dense matrix
// CHECK-NEXT:   [-6.0]
// CHECK-NEXT:   [28.0]
// CHECK-NEXT:   [44.0]
// (A*P)*A with P = [[2,1],[0,3],[1,1]] = A^2*P = [[2,4],[0,48],[25,36]]
// CHECK-NEXT: result_2 : !matrix.mat<3x2xf64> = 3x2 dense matrix
// CHECK-NEXT:   [2.0, 4.0]
// CHECK-NEXT:   [0.0, 48.0]
// CHECK-NEXT:   [25.0, 36.0]
// ((A*P)*c)*2 = ((2*c)*A)*P = [[4,4],[0,48],[30,36]]
// CHECK-NEXT: result_3 : !matrix.mat<3x2xf64> = 3x2 dense matrix
// CHECK-NEXT:   [4.0, 4.0]
// CHECK-NEXT:   [0.0, 48.0]
// CHECK-NEXT:   [30.0, 36.0]
// CHECK-NOT:  result_4
func.func @main() -> (!matrix.mat<3x1xf64>, !matrix.mat<3x1xf64>, !matrix.mat<3x2xf64>, !matrix.mat<3x2xf64>) {
  %A = matrix.constant {value = dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<3x2xf64>} : !matrix.mat<3x2xf64>
  %B = matrix.constant {value = dense<[[1.0, 0.0, 2.0], [-1.0, 1.0, 0.0]]> : tensor<2x3xf64>} : !matrix.mat<2x3xf64>
  %c = matrix.constant {value = dense<[[1.0], [2.0], [3.0]]> : tensor<3x1xf64>} : !matrix.mat<3x1xf64>
  %P = matrix.constant {value = dense<[[2.0, 1.0], [0.0, 3.0], [1.0, 1.0]]> : tensor<3x2xf64>} : !matrix.mat<3x2xf64>
  %two = arith.constant 2.0 : f64
  %AB = matrix.matmul %A, %B : (!matrix.mat<3x2xf64>, !matrix.mat<2x3xf64>) -> !matrix.mat<3x3xf64>
  %r0 = matrix.matmul %AB, %c : (!matrix.mat<3x3xf64>, !matrix.mat<3x1xf64>) -> !matrix.mat<3x1xf64>
  %AB2 = matrix.matmul %A, %B : (!matrix.mat<3x2xf64>, !matrix.mat<2x3xf64>) -> !matrix.mat<3x3xf64>
  %T = matrix.transpose %AB2 : !matrix.mat<3x3xf64>
  %r1 = matrix.matmul %T, %c : (!matrix.mat<3x3xf64>, !matrix.mat<3x1xf64>) -> !matrix.mat<3x1xf64>
  %AP = matrix.mul %A, %P : !matrix.mat<3x2xf64>
  %r2 = matrix.mul %AP, %A : !matrix.mat<3x2xf64>
  %AP2 = matrix.mul %A, %P : !matrix.mat<3x2xf64>
  %APc = matrix.mul %AP2, %c : (!matrix.mat<3x2xf64>, !matrix.mat<3x1xf64>) -> !matrix.mat<3x2xf64>
  %r3 = matrix.mul %APc, %two : (!matrix.mat<3x2xf64>, f64) -> !matrix.mat<3x2xf64>
  func.return %r0, %r1, %r2, %r3 : !matrix.mat<3x1xf64>, !matrix.mat<3x1xf64>, !matrix.mat<3x2xf64>, !matrix.mat<3x2xf64>
}

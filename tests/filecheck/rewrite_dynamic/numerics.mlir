// The simplify-dynamic rewrites do not change results: one program in which many
// rules fire, run at -O0 as written and after the pass (both print the same
// values). Integer-valued data keeps every sum exact, so the two runs agree to
// the last digit even where a rule reassociates.

// The rules fire (the trace goes to the pipe, the IR to %t.mlir):
// RUN: amls-opt %s -p simplify-dynamic --rewrite-trace -o %t.mlir 2>&1 | filecheck %s --check-prefix=TRACE
// RUN: amls-run %s -O0 | filecheck %s
// RUN: amls-run %t.mlir -O0 | filecheck %s

// TRACE-DAG: rewrite-count: sum-mm 4
// TRACE-DAG: rewrite-count: dot-product-sum 3
// TRACE-DAG: rewrite-count: colsums-mv 1
// TRACE-DAG: rewrite-count: rowsums-mv 1
// TRACE-DAG: rewrite-count: diag-of-mm 1
// TRACE-DAG: rewrite-count: diag-mm 1
// TRACE-DAG: rewrite-count: diag-scalar 1
// TRACE-DAG: rewrite-count: sum-diag 1
// TRACE-DAG: rewrite-count: distributive-mm 1
// TRACE-DAG: rewrite-count: minus-mm 1
// TRACE-DAG: rewrite-count: scalar-mm 1
// TRACE-DAG: rewrite-count: scalar-mv-binary 1
// TRACE-DAG: rewrite-count: sum-add 1
// TRACE-DAG: rewrite-count: sum-squared 1
// TRACE-DAG: rewrite-count: mean-from-sum 1
// TRACE-DAG: rewrite-count: select-constant 1
// TRACE-DAG: rewrite-count: colagg-single-col 1
// TRACE-NOT: error

// A = [[1,2],[3,4],[5,6]], B = [[1,-1],[2,3]], v = [1,2,3]', u = [2,-1], S = [[1,2],[3,4]]
// A%*%B = [[5,5],[11,9],[17,13]]: sum 60
// CHECK:      result_0 : f64 = 60.0
// colSums(A%*%B) = [33, 27]
// CHECK-NEXT: result_1 : !matrix.mat<1x2xf64> = 1x2 dense matrix
// CHECK-NEXT:   [33.0, 27.0]
// rowSums(A%*%B) = [10, 20, 30]'
// CHECK-NEXT: result_2 : !matrix.mat<3x1xf64> = 3x1 dense matrix
// CHECK-NEXT:   [10.0]
// CHECK-NEXT:   [20.0]
// CHECK-NEXT:   [30.0]
// colSums(A*v) = [22, 28]
// CHECK-NEXT: result_3 : !matrix.mat<1x2xf64> = 1x2 dense matrix
// CHECK-NEXT:   [22.0, 28.0]
// rowSums(A*u) = [0, 2, 4]'
// CHECK-NEXT: result_4 : !matrix.mat<3x1xf64> = 3x1 dense matrix
// CHECK-NEXT:   [0.0]
// CHECK-NEXT:   [2.0]
// CHECK-NEXT:   [4.0]
// diag(A %*% t(A)) = [5, 25, 61]'
// CHECK-NEXT: result_5 : !matrix.mat<3x1xf64> = 3x1 dense matrix
// CHECK-NEXT:   [5.0]
// CHECK-NEXT:   [25.0]
// CHECK-NEXT:   [61.0]
// diag(v) %*% A = [[1,2],[6,8],[15,18]]
// CHECK-NEXT: result_6 : !matrix.mat<3x2xf64> = 3x2 dense matrix
// CHECK-NEXT:   [1.0, 2.0]
// CHECK-NEXT:   [6.0, 8.0]
// CHECK-NEXT:   [15.0, 18.0]
// sum(diag(v)*3) = 18, sum(diag(S)) = 5, sum(v^2) = 14
// CHECK-NEXT: result_7 : f64 = 18.0
// CHECK-NEXT: result_8 : f64 = 5.0
// CHECK-NEXT: result_9 : f64 = 14.0
// A%*%S + A%*%B = A%*%[[2,1],[5,7]] = [[12,15],[26,31],[40,47]]
// CHECK-NEXT: result_10 : !matrix.mat<3x2xf64> = 3x2 dense matrix
// CHECK-NEXT:   [12.0, 15.0]
// CHECK-NEXT:   [26.0, 31.0]
// CHECK-NEXT:   [40.0, 47.0]
// (-A) %*% [1,1]' = [-3,-7,-11]'
// CHECK-NEXT: result_11 : !matrix.mat<3x1xf64> = 3x1 dense matrix
// CHECK-NEXT:   [-3.0]
// CHECK-NEXT:   [-7.0]
// CHECK-NEXT:   [-11.0]
// v %*% [[2]] = [2,4,6]' ; A - [[2]] = [[-1,0],[1,2],[3,4]]
// CHECK-NEXT: result_12 : !matrix.mat<3x1xf64> = 3x1 dense matrix
// CHECK-NEXT:   [2.0]
// CHECK-NEXT:   [4.0]
// CHECK-NEXT:   [6.0]
// CHECK-NEXT: result_13 : !matrix.mat<3x2xf64> = 3x2 dense matrix
// CHECK-NEXT:   [-1.0, 0.0]
// CHECK-NEXT:   [1.0, 2.0]
// CHECK-NEXT:   [3.0, 4.0]
// sum(A - A%*%B) = 21 - 60 = -39 ; sum(A^2) = 91
// CHECK-NEXT: result_14 : f64 = -39.0
// CHECK-NEXT: result_15 : f64 = 91.0
// colSums(A)/3 = [3, 4]
// CHECK-NEXT: result_16 : !matrix.mat<1x2xf64> = 1x2 dense matrix
// CHECK-NEXT:   [3.0, 4.0]
// select(A != 0, A, B) = A (A has no zero)
// CHECK-NEXT: result_17 : !matrix.mat<3x2xf64> = 3x2 dense matrix
// CHECK-NEXT:   [1.0, 2.0]
// CHECK-NEXT:   [3.0, 4.0]
// CHECK-NEXT:   [5.0, 6.0]
// colSums(v) = [6]
// CHECK-NEXT: result_18 : !matrix.mat<1x1xf64> = 1x1 dense matrix
// CHECK-NEXT:   [6.0]
// CHECK-NOT:  result_19
func.func @main() -> (f64, !matrix.mat<1x2xf64>, !matrix.mat<3x1xf64>, !matrix.mat<1x2xf64>, !matrix.mat<3x1xf64>, !matrix.mat<3x1xf64>, !matrix.mat<3x2xf64>, f64, f64, f64, !matrix.mat<3x2xf64>, !matrix.mat<3x1xf64>, !matrix.mat<3x1xf64>, !matrix.mat<3x2xf64>, f64, f64, !matrix.mat<1x2xf64>, !matrix.mat<3x2xf64>, !matrix.mat<1x1xf64>) {
  %A = matrix.constant {value = dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<3x2xf64>} : !matrix.mat<3x2xf64, nnz=6>
  %B = matrix.constant {value = dense<[[1.0, -1.0], [2.0, 3.0]]> : tensor<2x2xf64>} : !matrix.mat<2x2xf64>
  %S = matrix.constant {value = dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf64>} : !matrix.mat<2x2xf64>
  %v = matrix.constant {value = dense<[[1.0], [2.0], [3.0]]> : tensor<3x1xf64>} : !matrix.mat<3x1xf64>
  %u = matrix.constant {value = dense<[[2.0, -1.0]]> : tensor<1x2xf64>} : !matrix.mat<1x2xf64>
  %one2 = matrix.constant {value = dense<1.0> : tensor<2x1xf64>} : !matrix.mat<2x1xf64>
  %y = matrix.constant {value = dense<2.0> : tensor<1x1xf64>} : !matrix.mat<1x1xf64>
  %B2 = matrix.constant {value = dense<7.0> : tensor<3x2xf64>} : !matrix.mat<3x2xf64>
  %two = arith.constant 2.0 : f64
  %three = arith.constant 3.0 : f64
  %zero = arith.constant 0.0 : f64
  // sum-mm (x3), then dot-product-sum
  %P0 = matrix.matmul %A, %B : (!matrix.mat<3x2xf64, nnz=6>, !matrix.mat<2x2xf64>) -> !matrix.mat<3x2xf64>
  %r0 = matrix.reduce sum all %P0 : (!matrix.mat<3x2xf64>) -> f64
  %P1 = matrix.matmul %A, %B : (!matrix.mat<3x2xf64, nnz=6>, !matrix.mat<2x2xf64>) -> !matrix.mat<3x2xf64>
  %r1 = matrix.reduce sum col %P1 : (!matrix.mat<3x2xf64>) -> !matrix.mat<1x2xf64>
  %P2 = matrix.matmul %A, %B : (!matrix.mat<3x2xf64, nnz=6>, !matrix.mat<2x2xf64>) -> !matrix.mat<3x2xf64>
  %r2 = matrix.reduce sum row %P2 : (!matrix.mat<3x2xf64>) -> !matrix.mat<3x1xf64>
  // colsums-mv, rowsums-mv
  %Av = matrix.mul %A, %v : (!matrix.mat<3x2xf64, nnz=6>, !matrix.mat<3x1xf64>) -> !matrix.mat<3x2xf64>
  %r3 = matrix.reduce sum col %Av : (!matrix.mat<3x2xf64>) -> !matrix.mat<1x2xf64>
  %Au = matrix.mul %A, %u : (!matrix.mat<3x2xf64, nnz=6>, !matrix.mat<1x2xf64>) -> !matrix.mat<3x2xf64>
  %r4 = matrix.reduce sum row %Au : (!matrix.mat<3x2xf64>) -> !matrix.mat<3x1xf64>
  // diag-of-mm
  %At = matrix.transpose %A : (!matrix.mat<3x2xf64, nnz=6>) -> !matrix.mat<2x3xf64, nnz=6>
  %AAt = matrix.matmul %A, %At : (!matrix.mat<3x2xf64, nnz=6>, !matrix.mat<2x3xf64, nnz=6>) -> !matrix.mat<3x3xf64>
  %r5 = matrix.diag %AAt : (!matrix.mat<3x3xf64>) -> !matrix.mat<3x1xf64>
  // diag-mm (A is a finite constant)
  %Dv = matrix.diag %v : (!matrix.mat<3x1xf64>) -> !matrix.mat<3x3xf64>
  %r6 = matrix.matmul %Dv, %A : (!matrix.mat<3x3xf64>, !matrix.mat<3x2xf64, nnz=6>) -> !matrix.mat<3x2xf64>
  // diag-scalar, sum-diag, dot-product-sum
  %Dw = matrix.diag %v : (!matrix.mat<3x1xf64>) -> !matrix.mat<3x3xf64>
  %D3 = matrix.mul %Dw, %three : (!matrix.mat<3x3xf64>, f64) -> !matrix.mat<3x3xf64>
  %r7 = matrix.reduce sum all %D3 : (!matrix.mat<3x3xf64>) -> f64
  %dS = matrix.diag %S : (!matrix.mat<2x2xf64>) -> !matrix.mat<2x1xf64>
  %r8 = matrix.reduce sum all %dS : (!matrix.mat<2x1xf64>) -> f64
  %v2 = matrix.pow %v, %two : (!matrix.mat<3x1xf64>, f64) -> !matrix.mat<3x1xf64>
  %r9 = matrix.reduce sum all %v2 : (!matrix.mat<3x1xf64>) -> f64
  // distributive-mm
  %AS = matrix.matmul %A, %S : (!matrix.mat<3x2xf64, nnz=6>, !matrix.mat<2x2xf64>) -> !matrix.mat<3x2xf64>
  %AB = matrix.matmul %A, %B : (!matrix.mat<3x2xf64, nnz=6>, !matrix.mat<2x2xf64>) -> !matrix.mat<3x2xf64>
  %r10 = matrix.add %AS, %AB : !matrix.mat<3x2xf64>
  // minus-mm
  %nA = matrix.neg %A : (!matrix.mat<3x2xf64, nnz=6>) -> !matrix.mat<3x2xf64>
  %r11 = matrix.matmul %nA, %one2 : (!matrix.mat<3x2xf64>, !matrix.mat<2x1xf64>) -> !matrix.mat<3x1xf64>
  // scalar-mm, scalar-mv-binary
  %r12 = matrix.matmul %v, %y : (!matrix.mat<3x1xf64>, !matrix.mat<1x1xf64>) -> !matrix.mat<3x1xf64>
  %r13 = matrix.sub %A, %y : (!matrix.mat<3x2xf64, nnz=6>, !matrix.mat<1x1xf64>) -> !matrix.mat<3x2xf64>
  // sum-add (then sum-mm inside), sum-squared
  %AB2 = matrix.matmul %A, %B : (!matrix.mat<3x2xf64, nnz=6>, !matrix.mat<2x2xf64>) -> !matrix.mat<3x2xf64>
  %diff = matrix.sub %A, %AB2 : (!matrix.mat<3x2xf64, nnz=6>, !matrix.mat<3x2xf64>) -> !matrix.mat<3x2xf64>
  %r14 = matrix.reduce sum all %diff : (!matrix.mat<3x2xf64>) -> f64
  %A2 = matrix.pow %A, %two : (!matrix.mat<3x2xf64, nnz=6>, f64) -> !matrix.mat<3x2xf64>
  %r15 = matrix.reduce sum all %A2 : (!matrix.mat<3x2xf64>) -> f64
  // mean-from-sum
  %cs = matrix.reduce sum col %A : (!matrix.mat<3x2xf64, nnz=6>) -> !matrix.mat<1x2xf64>
  %r16 = matrix.div %cs, %three : (!matrix.mat<1x2xf64>, f64) -> !matrix.mat<1x2xf64>
  // select-constant: A != 0 is all true (A has nnz = cells)
  %r17 = matrix.select %A, %A, %B2 : (!matrix.mat<3x2xf64, nnz=6>, !matrix.mat<3x2xf64, nnz=6>, !matrix.mat<3x2xf64>) -> !matrix.mat<3x2xf64>
  // colagg-single-col
  %r18 = matrix.reduce sum col %v : (!matrix.mat<3x1xf64>) -> !matrix.mat<1x1xf64>
  func.return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11, %r12, %r13, %r14, %r15, %r16, %r17, %r18 : f64, !matrix.mat<1x2xf64>, !matrix.mat<3x1xf64>, !matrix.mat<1x2xf64>, !matrix.mat<3x1xf64>, !matrix.mat<3x1xf64>, !matrix.mat<3x2xf64>, f64, f64, f64, !matrix.mat<3x2xf64>, !matrix.mat<3x1xf64>, !matrix.mat<3x1xf64>, !matrix.mat<3x2xf64>, f64, f64, !matrix.mat<1x2xf64>, !matrix.mat<3x2xf64>, !matrix.mat<1x1xf64>
}

// mmchain with transposes: a one-use t(A%*%B) inside a chain is opened as
// t(B)%*%t(A), so A and B join the DP; the transposes land on the (small)
// leaves instead of the 1000x1000 product. Not opened when the transpose or the
// product inside it has another use.

// RUN: amls-opt %s --split-input-file -p mmchain --rewrite-trace 2>&1 | filecheck %s
// The output re-parses and a second run has nothing left to reorder.
// RUN: amls-opt %s --split-input-file -p mmchain | amls-opt --split-input-file -p mmchain --rewrite-trace 2>&1 | filecheck %s --check-prefix=AGAIN
// AGAIN-NOT: rewrite:
// AGAIN-NOT: error

// t(A%*%B) %*% c -> t(B) %*% (t(A) %*% c).
// CHECK:       rewrite: mmchain at {{.*}}transpose.mlir:{{[0-9]+}}:3
// CHECK-NEXT:  rewrite-count: mmchain 1
// CHECK-LABEL: func.func @open_left(
// CHECK-NEXT:    %[[TB:.*]] = matrix.transpose %B : (!matrix.mat<100x1000xf64>) -> !matrix.mat<1000x100xf64>
// CHECK-NEXT:    %[[TA:.*]] = matrix.transpose %A : (!matrix.mat<1000x100xf64>) -> !matrix.mat<100x1000xf64>
// CHECK-NEXT:    %[[TAc:.*]] = matrix.matmul %[[TA]], %c : (!matrix.mat<100x1000xf64>, !matrix.mat<1000x1xf64>) -> !matrix.mat<100x1xf64>
// CHECK-NEXT:    %r = matrix.matmul %[[TB]], %[[TAc]] : (!matrix.mat<1000x100xf64>, !matrix.mat<100x1xf64>) -> !matrix.mat<1000x1xf64>
// CHECK-NEXT:    func.return %r
// CHECK-NOT:     1000x1000
func.func @open_left(%A: !matrix.mat<1000x100xf64>, %B: !matrix.mat<100x1000xf64>, %c: !matrix.mat<1000x1xf64>) -> !matrix.mat<1000x1xf64> {
  %AB = matrix.matmul %A, %B : (!matrix.mat<1000x100xf64>, !matrix.mat<100x1000xf64>) -> !matrix.mat<1000x1000xf64>
  %T = matrix.transpose %AB : !matrix.mat<1000x1000xf64>
  %r = matrix.matmul %T, %c : (!matrix.mat<1000x1000xf64>, !matrix.mat<1000x1xf64>) -> !matrix.mat<1000x1xf64>
  func.return %r : !matrix.mat<1000x1xf64>
}

// -----

// u %*% t(A%*%B) -> (u %*% t(B)) %*% t(A).
// CHECK:       rewrite: mmchain at {{.*}}transpose.mlir:{{[0-9]+}}:3
// CHECK-NEXT:  rewrite-count: mmchain 1
// CHECK-LABEL: func.func @open_right(
// CHECK-NEXT:    %[[TB:.*]] = matrix.transpose %B : (!matrix.mat<100x1000xf64>) -> !matrix.mat<1000x100xf64>
// CHECK-NEXT:    %[[UTB:.*]] = matrix.matmul %u, %[[TB]] : (!matrix.mat<1x1000xf64>, !matrix.mat<1000x100xf64>) -> !matrix.mat<1x100xf64>
// CHECK-NEXT:    %[[TA:.*]] = matrix.transpose %A : (!matrix.mat<1000x100xf64>) -> !matrix.mat<100x1000xf64>
// CHECK-NEXT:    %r = matrix.matmul %[[UTB]], %[[TA]] : (!matrix.mat<1x100xf64>, !matrix.mat<100x1000xf64>) -> !matrix.mat<1x1000xf64>
// CHECK-NOT:     1000x1000
func.func @open_right(%A: !matrix.mat<1000x100xf64>, %B: !matrix.mat<100x1000xf64>, %u: !matrix.mat<1x1000xf64>) -> !matrix.mat<1x1000xf64> {
  %AB = matrix.matmul %A, %B : (!matrix.mat<1000x100xf64>, !matrix.mat<100x1000xf64>) -> !matrix.mat<1000x1000xf64>
  %T = matrix.transpose %AB : !matrix.mat<1000x1000xf64>
  %r = matrix.matmul %u, %T : (!matrix.mat<1x1000xf64>, !matrix.mat<1000x1000xf64>) -> !matrix.mat<1x1000xf64>
  func.return %r : !matrix.mat<1x1000xf64>
}

// -----

// t(A%*%B) %*% (A%*%c): four leaves t(B), t(A), A, c; best t(B)%*%(t(A)%*%(A%*%c)).
// CHECK:       rewrite: mmchain at {{.*}}transpose.mlir:{{[0-9]+}}:3
// CHECK-NEXT:  rewrite-count: mmchain 1
// CHECK-LABEL: func.func @open_both(
// CHECK-NEXT:    %[[TB:.*]] = matrix.transpose %B
// CHECK-NEXT:    %[[TA:.*]] = matrix.transpose %A
// CHECK-NEXT:    %[[Ac:.*]] = matrix.matmul %A, %c : (!matrix.mat<1000x100xf64>, !matrix.mat<100x1xf64>) -> !matrix.mat<1000x1xf64>
// CHECK-NEXT:    %[[TAAc:.*]] = matrix.matmul %[[TA]], %[[Ac]] : (!matrix.mat<100x1000xf64>, !matrix.mat<1000x1xf64>) -> !matrix.mat<100x1xf64>
// CHECK-NEXT:    %r = matrix.matmul %[[TB]], %[[TAAc]] : (!matrix.mat<1000x100xf64>, !matrix.mat<100x1xf64>) -> !matrix.mat<1000x1xf64>
func.func @open_both(%A: !matrix.mat<1000x100xf64>, %B: !matrix.mat<100x1000xf64>, %c: !matrix.mat<100x1xf64>) -> !matrix.mat<1000x1xf64> {
  %AB = matrix.matmul %A, %B : (!matrix.mat<1000x100xf64>, !matrix.mat<100x1000xf64>) -> !matrix.mat<1000x1000xf64>
  %T = matrix.transpose %AB : (!matrix.mat<1000x1000xf64>) -> !matrix.mat<1000x1000xf64>
  %d = matrix.matmul %A, %c : (!matrix.mat<1000x100xf64>, !matrix.mat<100x1xf64>) -> !matrix.mat<1000x1xf64>
  %r = matrix.matmul %T, %d : (!matrix.mat<1000x1000xf64>, !matrix.mat<1000x1xf64>) -> !matrix.mat<1000x1xf64>
  func.return %r : !matrix.mat<1000x1xf64>
}

// -----

// The transpose is also returned: t(A%*%B) is a leaf, the chain has two operands.
// CHECK-NOT:   rewrite:
// CHECK-LABEL: func.func @shared_transpose(
// CHECK-NEXT:    %AB = matrix.matmul %A, %B
// CHECK-NEXT:    %T = matrix.transpose %AB
// CHECK-NEXT:    %r = matrix.matmul %T, %c
func.func @shared_transpose(%A: !matrix.mat<1000x100xf64>, %B: !matrix.mat<100x1000xf64>, %c: !matrix.mat<1000x1xf64>) -> (!matrix.mat<1000x1xf64>, !matrix.mat<1000x1000xf64>) {
  %AB = matrix.matmul %A, %B : (!matrix.mat<1000x100xf64>, !matrix.mat<100x1000xf64>) -> !matrix.mat<1000x1000xf64>
  %T = matrix.transpose %AB : !matrix.mat<1000x1000xf64>
  %r = matrix.matmul %T, %c : (!matrix.mat<1000x1000xf64>, !matrix.mat<1000x1xf64>) -> !matrix.mat<1000x1xf64>
  func.return %r, %T : !matrix.mat<1000x1xf64>, !matrix.mat<1000x1000xf64>
}

// -----

// The product under the transpose is also returned: not opened either.
// CHECK-NOT:   rewrite:
// CHECK-LABEL: func.func @shared_product(
// CHECK-NEXT:    %AB = matrix.matmul %A, %B
// CHECK-NEXT:    %T = matrix.transpose %AB
// CHECK-NEXT:    %r = matrix.matmul %T, %c
func.func @shared_product(%A: !matrix.mat<1000x100xf64>, %B: !matrix.mat<100x1000xf64>, %c: !matrix.mat<1000x1xf64>) -> (!matrix.mat<1000x1xf64>, !matrix.mat<1000x1000xf64>) {
  %AB = matrix.matmul %A, %B : (!matrix.mat<1000x100xf64>, !matrix.mat<100x1000xf64>) -> !matrix.mat<1000x1000xf64>
  %T = matrix.transpose %AB : !matrix.mat<1000x1000xf64>
  %r = matrix.matmul %T, %c : (!matrix.mat<1000x1000xf64>, !matrix.mat<1000x1xf64>) -> !matrix.mat<1000x1xf64>
  func.return %r, %AB : !matrix.mat<1000x1xf64>, !matrix.mat<1000x1000xf64>
}

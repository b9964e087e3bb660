// Rule transpose-mm-chain (passes/rewrite/rules_static.py): t(t(A)%*%t(B) + C) -> B%*%A + t(C);
// the add matches in either operand order, C may broadcast.
// Numbers before/after the rewrite: @num_transpose_mm_chain in numerics.mlir.
//
// RUN: amls-opt %s --split-input-file -p simplify-static --rewrite-trace 2>&1 | filecheck %s --check-prefixes=CHECK,TRACE
// RUN: amls-opt %s --split-input-file -p simplify-static | amls-opt --split-input-file | filecheck %s
// RUN: amls-opt %s --split-input-file -p simplify-static | amls-opt --split-input-file -p simplify-static --rewrite-trace 2>&1 | filecheck %s --check-prefix=AGAIN
// AGAIN-NOT: rewrite:
// AGAIN-NOT: error

// A 4x3, B 5x4: t(A)%*%t(B) is 3x5, the result 5x3.
// TRACE:       rewrite: transpose-mm-chain at {{.*}}transpose-mm-chain.mlir:[[# @LINE + 11]]:3
// CHECK-LABEL: func.func @chain(
// CHECK-NEXT:    %[[M:.*]] = matrix.matmul %B, %A : (!matrix.mat<5x4xf64>, !matrix.mat<4x3xf64>) -> !matrix.mat<5x3xf64>
// CHECK-NEXT:    %[[T:.*]] = matrix.transpose %C : (!matrix.mat<3x5xf64>) -> !matrix.mat<5x3xf64>
// CHECK-NEXT:    %r = matrix.add %[[M]], %[[T]] : !matrix.mat<5x3xf64>
// CHECK-NEXT:    func.return %r
func.func @chain(%A: !matrix.mat<4x3xf64>, %B: !matrix.mat<5x4xf64>, %C: !matrix.mat<3x5xf64>) -> !matrix.mat<5x3xf64> {
  %a = matrix.transpose %A : (!matrix.mat<4x3xf64>) -> !matrix.mat<3x4xf64>
  %b = matrix.transpose %B : (!matrix.mat<5x4xf64>) -> !matrix.mat<4x5xf64>
  %m = matrix.matmul %a, %b : (!matrix.mat<3x4xf64>, !matrix.mat<4x5xf64>) -> !matrix.mat<3x5xf64>
  %s = matrix.add %m, %C : !matrix.mat<3x5xf64>
  %r = matrix.transpose %s : (!matrix.mat<3x5xf64>) -> !matrix.mat<5x3xf64>
  func.return %r : !matrix.mat<5x3xf64>
}

// -----

// C + t(A)%*%t(B), C a 1x5 row vector (broadcast).
// TRACE:       rewrite: transpose-mm-chain at {{.*}}transpose-mm-chain.mlir:[[# @LINE + 11]]:3
// CHECK-LABEL: func.func @chain_bcast(
// CHECK-NEXT:    %[[M:.*]] = matrix.matmul %B, %A : (!matrix.mat<5x4xf64>, !matrix.mat<4x3xf64>) -> !matrix.mat<5x3xf64>
// CHECK-NEXT:    %[[T:.*]] = matrix.transpose %C : (!matrix.mat<1x5xf64>) -> !matrix.mat<5x1xf64>
// CHECK-NEXT:    %r = matrix.add %[[M]], %[[T]] : (!matrix.mat<5x3xf64>, !matrix.mat<5x1xf64>) -> !matrix.mat<5x3xf64>
// CHECK-NEXT:    func.return %r
func.func @chain_bcast(%A: !matrix.mat<4x3xf64>, %B: !matrix.mat<5x4xf64>, %C: !matrix.mat<1x5xf64>) -> !matrix.mat<5x3xf64> {
  %a = matrix.transpose %A : (!matrix.mat<4x3xf64>) -> !matrix.mat<3x4xf64>
  %b = matrix.transpose %B : (!matrix.mat<5x4xf64>) -> !matrix.mat<4x5xf64>
  %m = matrix.matmul %a, %b : (!matrix.mat<3x4xf64>, !matrix.mat<4x5xf64>) -> !matrix.mat<3x5xf64>
  %s = matrix.add %C, %m : (!matrix.mat<1x5xf64>, !matrix.mat<3x5xf64>) -> !matrix.mat<3x5xf64>
  %r = matrix.transpose %s : (!matrix.mat<3x5xf64>) -> !matrix.mat<5x3xf64>
  func.return %r : !matrix.mat<5x3xf64>
}

// -----

// One factor not transposed, or a subtraction: no rewrite.
// TRACE-NOT:   rewrite: transpose-mm-chain
// CHECK-LABEL: func.func @no_chain(
// CHECK:         %m = matrix.matmul %a, %B
// CHECK-NEXT:    %s = matrix.add %m, %C
// CHECK-NEXT:    %r = matrix.transpose %s
// CHECK:         %m2 = matrix.matmul %a, %b
// CHECK-NEXT:    %s2 = matrix.sub %m2, %C
// CHECK-NEXT:    %r2 = matrix.transpose %s2
// CHECK-NEXT:    func.return %r, %r2
func.func @no_chain(%A: !matrix.mat<4x3xf64>, %B: !matrix.mat<4x5xf64>, %C: !matrix.mat<3x5xf64>, %D: !matrix.mat<5x4xf64>) -> (!matrix.mat<5x3xf64>, !matrix.mat<5x3xf64>) {
  %a = matrix.transpose %A : (!matrix.mat<4x3xf64>) -> !matrix.mat<3x4xf64>
  %m = matrix.matmul %a, %B : (!matrix.mat<3x4xf64>, !matrix.mat<4x5xf64>) -> !matrix.mat<3x5xf64>
  %s = matrix.add %m, %C : !matrix.mat<3x5xf64>
  %r = matrix.transpose %s : (!matrix.mat<3x5xf64>) -> !matrix.mat<5x3xf64>
  %b = matrix.transpose %D : (!matrix.mat<5x4xf64>) -> !matrix.mat<4x5xf64>
  %m2 = matrix.matmul %a, %b : (!matrix.mat<3x4xf64>, !matrix.mat<4x5xf64>) -> !matrix.mat<3x5xf64>
  %s2 = matrix.sub %m2, %C : !matrix.mat<3x5xf64>
  %r2 = matrix.transpose %s2 : (!matrix.mat<3x5xf64>) -> !matrix.mat<5x3xf64>
  func.return %r, %r2 : !matrix.mat<5x3xf64>, !matrix.mat<5x3xf64>
}

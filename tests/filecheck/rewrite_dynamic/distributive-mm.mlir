// simplify-dynamic rule `distributive-mm`: A%*%B + A%*%C -> A%*%(B+C) when A, B and
// C are provably finite (Inf - Inf: the sum of products can be NaN where the product
// of the sum is Inf), B and C have the same (known) dims and both products have one use (a shared product is
// computed anyway: then the rewrite only trades an m x n add for a k x n one,
// 500x more work below). Not when the add broadcasts (B and C differ), the left
// factors differ, or the dims are unknown.

// RUN: amls-opt %s --split-input-file -p simplify-dynamic --rewrite-trace 2>&1 | filecheck %s
// The output re-parses and a second run has nothing left to rewrite.
// RUN: amls-opt %s --split-input-file -p simplify-dynamic | amls-opt --split-input-file -p simplify-dynamic --rewrite-trace 2>&1 | filecheck %s --check-prefix=AGAIN
// AGAIN-NOT: rewrite:
// AGAIN-NOT: error

// CHECK:       rewrite: distributive-mm at {{.*}}distributive-mm.mlir:{{[0-9]+}}:3
// CHECK-NEXT:  rewrite-count: distributive-mm 1
// CHECK-LABEL: func.func @left(
// CHECK:         %C = matrix.rand
// CHECK-NEXT:    %[[BC:.*]] = matrix.add %B, %C : !matrix.mat<10x5xf64>
// CHECK-NEXT:    %S = matrix.matmul %A, %[[BC]] : (!matrix.mat<20x10xf64>, !matrix.mat<10x5xf64>) -> !matrix.mat<20x5xf64>
// CHECK-NEXT:    func.return %S
func.func @left() -> !matrix.mat<20x5xf64> {
  %n20 = arith.constant 20 : i64
  %n10 = arith.constant 10 : i64
  %n5 = arith.constant 5 : i64
  %A = matrix.rand %n20, %n10 {seed = 1} : (i64, i64) -> !matrix.mat<20x10xf64>
  %B = matrix.rand %n10, %n5 {seed = 2} : (i64, i64) -> !matrix.mat<10x5xf64>
  %C = matrix.rand %n10, %n5 {seed = 3} : (i64, i64) -> !matrix.mat<10x5xf64>
  %AB = matrix.matmul %A, %B : (!matrix.mat<20x10xf64>, !matrix.mat<10x5xf64>) -> !matrix.mat<20x5xf64>
  %AC = matrix.matmul %A, %C : (!matrix.mat<20x10xf64>, !matrix.mat<10x5xf64>) -> !matrix.mat<20x5xf64>
  %S = matrix.add %AB, %AC : !matrix.mat<20x5xf64>
  func.return %S : !matrix.mat<20x5xf64>
}

// -----

// The products in the other order (A%*%C + A%*%B): B+C becomes C+B.
// CHECK:       rewrite: distributive-mm at {{.*}}distributive-mm.mlir:{{[0-9]+}}:3
// CHECK-NEXT:  rewrite-count: distributive-mm 1
// CHECK-LABEL: func.func @swapped(
// CHECK:         %C = matrix.rand
// CHECK-NEXT:    %[[CB:.*]] = matrix.add %C, %B : !matrix.mat<10x5xf64>
// CHECK-NEXT:    %S = matrix.matmul %A, %[[CB]]
func.func @swapped() -> !matrix.mat<20x5xf64> {
  %n20 = arith.constant 20 : i64
  %n10 = arith.constant 10 : i64
  %n5 = arith.constant 5 : i64
  %A = matrix.rand %n20, %n10 {seed = 1} : (i64, i64) -> !matrix.mat<20x10xf64>
  %B = matrix.rand %n10, %n5 {seed = 2} : (i64, i64) -> !matrix.mat<10x5xf64>
  %C = matrix.rand %n10, %n5 {seed = 3} : (i64, i64) -> !matrix.mat<10x5xf64>
  %AB = matrix.matmul %A, %B : (!matrix.mat<20x10xf64>, !matrix.mat<10x5xf64>) -> !matrix.mat<20x5xf64>
  %AC = matrix.matmul %A, %C : (!matrix.mat<20x10xf64>, !matrix.mat<10x5xf64>) -> !matrix.mat<20x5xf64>
  %S = matrix.add %AC, %AB : !matrix.mat<20x5xf64>
  func.return %S : !matrix.mat<20x5xf64>
}

// -----

// A (2x1000) %*% B + A %*% C with A%*%B also returned: kept as written.
// CHECK-NOT:   rewrite:
// CHECK-LABEL: func.func @shared_product(
// CHECK-NEXT:    %AB = matrix.matmul %A, %B
// CHECK-NEXT:    %AC = matrix.matmul %A, %C
// CHECK-NEXT:    %S = matrix.add %AB, %AC
func.func @shared_product(%A: !matrix.mat<2x1000xf64>, %B: !matrix.mat<1000x2xf64>, %C: !matrix.mat<1000x2xf64>) -> (!matrix.mat<2x2xf64>, !matrix.mat<2x2xf64>) {
  %AB = matrix.matmul %A, %B : (!matrix.mat<2x1000xf64>, !matrix.mat<1000x2xf64>) -> !matrix.mat<2x2xf64>
  %AC = matrix.matmul %A, %C : (!matrix.mat<2x1000xf64>, !matrix.mat<1000x2xf64>) -> !matrix.mat<2x2xf64>
  %S = matrix.add %AB, %AC : !matrix.mat<2x2xf64>
  func.return %S, %AB : !matrix.mat<2x2xf64>, !matrix.mat<2x2xf64>
}

// -----

// A 10x5 and a 10x1 right factor (the add broadcasts); different left factors;
// unknown columns.
// CHECK-NOT:   rewrite:
// CHECK-LABEL: func.func @no(
// CHECK:         %S = matrix.add %AB, %Ac
// CHECK:         %T = matrix.add %A2, %DE
// CHECK:         %W = matrix.add %AU, %AV
func.func @no(%A: !matrix.mat<20x10xf64>, %B: !matrix.mat<10x5xf64>, %c: !matrix.mat<10x1xf64>, %D: !matrix.mat<20x10xf64>, %E: !matrix.mat<10x5xf64>, %U: !matrix.mat<10x?xf64>, %V: !matrix.mat<10x?xf64>) -> (!matrix.mat<20x5xf64>, !matrix.mat<20x5xf64>, !matrix.mat<20x?xf64>) {
  %AB = matrix.matmul %A, %B : (!matrix.mat<20x10xf64>, !matrix.mat<10x5xf64>) -> !matrix.mat<20x5xf64>
  %Ac = matrix.matmul %A, %c : (!matrix.mat<20x10xf64>, !matrix.mat<10x1xf64>) -> !matrix.mat<20x1xf64>
  %S = matrix.add %AB, %Ac : (!matrix.mat<20x5xf64>, !matrix.mat<20x1xf64>) -> !matrix.mat<20x5xf64>
  %A2 = matrix.matmul %A, %E : (!matrix.mat<20x10xf64>, !matrix.mat<10x5xf64>) -> !matrix.mat<20x5xf64>
  %DE = matrix.matmul %D, %E : (!matrix.mat<20x10xf64>, !matrix.mat<10x5xf64>) -> !matrix.mat<20x5xf64>
  %T = matrix.add %A2, %DE : !matrix.mat<20x5xf64>
  %AU = matrix.matmul %A, %U : (!matrix.mat<20x10xf64>, !matrix.mat<10x?xf64>) -> !matrix.mat<20x?xf64>
  %AV = matrix.matmul %A, %V : (!matrix.mat<20x10xf64>, !matrix.mat<10x?xf64>) -> !matrix.mat<20x?xf64>
  %W = matrix.add %AU, %AV : !matrix.mat<20x?xf64>
  func.return %S, %T, %W : !matrix.mat<20x5xf64>, !matrix.mat<20x5xf64>, !matrix.mat<20x?xf64>
}

// -----

// Operands of unknown finiteness (function arguments may hold Inf/NaN): kept.
// CHECK-NOT:   rewrite: distributive-mm
// CHECK-LABEL: func.func @unknown_finiteness(
// CHECK:         %AB = matrix.matmul %A, %B
// CHECK-NEXT:    %AC = matrix.matmul %A, %C
// CHECK-NEXT:    %S = matrix.add %AB, %AC
func.func @unknown_finiteness(%A: !matrix.mat<20x10xf64>, %B: !matrix.mat<10x5xf64>, %C: !matrix.mat<10x5xf64>) -> !matrix.mat<20x5xf64> {
  %AB = matrix.matmul %A, %B : (!matrix.mat<20x10xf64>, !matrix.mat<10x5xf64>) -> !matrix.mat<20x5xf64>
  %AC = matrix.matmul %A, %C : (!matrix.mat<20x10xf64>, !matrix.mat<10x5xf64>) -> !matrix.mat<20x5xf64>
  %S = matrix.add %AB, %AC : !matrix.mat<20x5xf64>
  func.return %S : !matrix.mat<20x5xf64>
}

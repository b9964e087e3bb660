// mmchain: matrix-multiply chains of >= 3 operands, linked through one-use
// intermediates, are re-parenthesised by dynamic programming over the known dims
// (cost d_i*d_k*d_j); a chain is rebuilt only when strictly cheaper. An
// intermediate with another use is a leaf of the chain; unknown dims leave the
// chain as written.

// RUN: amls-opt %s --split-input-file -p mmchain --rewrite-trace 2>&1 | filecheck %s
// The output re-parses and a second run finds every chain optimal.
// RUN: amls-opt %s --split-input-file -p mmchain | amls-opt --split-input-file -p mmchain --rewrite-trace 2>&1 | filecheck %s --check-prefix=AGAIN
// AGAIN-NOT: rewrite:
// AGAIN-NOT: error

// (A%*%B)%*%c -> A%*%(B%*%c): 1e8 + 1e6 multiply-adds become 2e5; the
// 1000x1000 intermediate disappears.
// CHECK:       rewrite: mmchain at {{.*}}matmul_chain.mlir:{{[0-9]+}}:3
// CHECK-NEXT:  rewrite-count: mmchain 1
// CHECK-LABEL: func.func @chain3(
// CHECK-NEXT:    %[[BC:.*]] = matrix.matmul %B, %c : (!matrix.mat<100x1000xf64>, !matrix.mat<1000x1xf64>) -> !matrix.mat<100x1xf64>
// CHECK-NEXT:    %r = matrix.matmul %A, %[[BC]] : (!matrix.mat<1000x100xf64>, !matrix.mat<100x1xf64>) -> !matrix.mat<1000x1xf64>
// CHECK-NEXT:    func.return %r
// CHECK-NOT:     1000x1000
func.func @chain3(%A: !matrix.mat<1000x100xf64>, %B: !matrix.mat<100x1000xf64>, %c: !matrix.mat<1000x1xf64>) -> !matrix.mat<1000x1xf64> {
  %AB = matrix.matmul %A, %B : (!matrix.mat<1000x100xf64>, !matrix.mat<100x1000xf64>) -> !matrix.mat<1000x1000xf64>
  %r = matrix.matmul %AB, %c : (!matrix.mat<1000x1000xf64>, !matrix.mat<1000x1xf64>) -> !matrix.mat<1000x1xf64>
  func.return %r : !matrix.mat<1000x1xf64>
}

// -----

// ((A%*%B)%*%C)%*%D (8000 multiply-adds) -> A%*%(B%*%(C%*%D)) (1750), the DP
// optimum of the five orders (next best (A%*%B)%*%(C%*%D): 5300).
// CHECK:       rewrite: mmchain at {{.*}}matmul_chain.mlir:{{[0-9]+}}:3
// CHECK-NEXT:  rewrite-count: mmchain 1
// CHECK-LABEL: func.func @chain4(
// CHECK-NEXT:    %[[CD:.*]] = matrix.matmul %C, %D : (!matrix.mat<5x50xf64>, !matrix.mat<50x1xf64>) -> !matrix.mat<5x1xf64>
// CHECK-NEXT:    %[[BCD:.*]] = matrix.matmul %B, %[[CD]] : (!matrix.mat<100x5xf64>, !matrix.mat<5x1xf64>) -> !matrix.mat<100x1xf64>
// CHECK-NEXT:    %r = matrix.matmul %A, %[[BCD]] : (!matrix.mat<10x100xf64>, !matrix.mat<100x1xf64>) -> !matrix.mat<10x1xf64>
// CHECK-NEXT:    func.return %r
func.func @chain4(%A: !matrix.mat<10x100xf64>, %B: !matrix.mat<100x5xf64>, %C: !matrix.mat<5x50xf64>, %D: !matrix.mat<50x1xf64>) -> !matrix.mat<10x1xf64> {
  %AB = matrix.matmul %A, %B : (!matrix.mat<10x100xf64>, !matrix.mat<100x5xf64>) -> !matrix.mat<10x5xf64>
  %ABC = matrix.matmul %AB, %C : (!matrix.mat<10x5xf64>, !matrix.mat<5x50xf64>) -> !matrix.mat<10x50xf64>
  %r = matrix.matmul %ABC, %D : (!matrix.mat<10x50xf64>, !matrix.mat<50x1xf64>) -> !matrix.mat<10x1xf64>
  func.return %r : !matrix.mat<10x1xf64>
}

// -----

// Already optimal: A%*%(B%*%c) stays, and so does a 4-chain in its best order.
// CHECK-NOT:   rewrite:
// CHECK-LABEL: func.func @optimal(
// CHECK-NEXT:    %Bc = matrix.matmul %B, %c
// CHECK-NEXT:    %r = matrix.matmul %A, %Bc
// CHECK-NEXT:    %CD = matrix.matmul %C, %D
// CHECK-NEXT:    %BCD = matrix.matmul %E, %CD
// CHECK-NEXT:    %q = matrix.matmul %F, %BCD
func.func @optimal(%A: !matrix.mat<1000x100xf64>, %B: !matrix.mat<100x1000xf64>, %c: !matrix.mat<1000x1xf64>, %F: !matrix.mat<10x100xf64>, %E: !matrix.mat<100x5xf64>, %C: !matrix.mat<5x50xf64>, %D: !matrix.mat<50x1xf64>) -> (!matrix.mat<1000x1xf64>, !matrix.mat<10x1xf64>) {
  %Bc = matrix.matmul %B, %c : (!matrix.mat<100x1000xf64>, !matrix.mat<1000x1xf64>) -> !matrix.mat<100x1xf64>
  %r = matrix.matmul %A, %Bc : (!matrix.mat<1000x100xf64>, !matrix.mat<100x1xf64>) -> !matrix.mat<1000x1xf64>
  %CD = matrix.matmul %C, %D : (!matrix.mat<5x50xf64>, !matrix.mat<50x1xf64>) -> !matrix.mat<5x1xf64>
  %BCD = matrix.matmul %E, %CD : (!matrix.mat<100x5xf64>, !matrix.mat<5x1xf64>) -> !matrix.mat<100x1xf64>
  %q = matrix.matmul %F, %BCD : (!matrix.mat<10x100xf64>, !matrix.mat<100x1xf64>) -> !matrix.mat<10x1xf64>
  func.return %r, %q : !matrix.mat<1000x1xf64>, !matrix.mat<10x1xf64>
}

// -----

// A%*%B is also returned: it must be computed anyway, so it is a leaf and the
// chain (A%*%B)%*%c has only two operands: unchanged.
// CHECK-NOT:   rewrite:
// CHECK-LABEL: func.func @two_uses(
// CHECK-NEXT:    %AB = matrix.matmul %A, %B
// CHECK-NEXT:    %r = matrix.matmul %AB, %c
// CHECK-NEXT:    func.return %r, %AB
func.func @two_uses(%A: !matrix.mat<1000x100xf64>, %B: !matrix.mat<100x1000xf64>, %c: !matrix.mat<1000x1xf64>) -> (!matrix.mat<1000x1xf64>, !matrix.mat<1000x1000xf64>) {
  %AB = matrix.matmul %A, %B : (!matrix.mat<1000x100xf64>, !matrix.mat<100x1000xf64>) -> !matrix.mat<1000x1000xf64>
  %r = matrix.matmul %AB, %c : (!matrix.mat<1000x1000xf64>, !matrix.mat<1000x1xf64>) -> !matrix.mat<1000x1xf64>
  func.return %r, %AB : !matrix.mat<1000x1xf64>, !matrix.mat<1000x1000xf64>
}

// -----

// ((A%*%B)%*%C)%*%d with A%*%B shared: the chain stops at it (kept whole, not
// split into A and B) and the rest is reordered: AB %*% (C %*% d).
// CHECK:       rewrite: mmchain at {{.*}}matmul_chain.mlir:{{[0-9]+}}:3
// CHECK-NEXT:  rewrite-count: mmchain 1
// CHECK-LABEL: func.func @shared_intermediate(
// CHECK-NEXT:    %AB = matrix.matmul %A, %B : (!matrix.mat<10x1000xf64>, !matrix.mat<1000x10xf64>) -> !matrix.mat<10x10xf64>
// CHECK-NEXT:    %[[CD:.*]] = matrix.matmul %C, %d : (!matrix.mat<10x1000xf64>, !matrix.mat<1000x1xf64>) -> !matrix.mat<10x1xf64>
// CHECK-NEXT:    %r = matrix.matmul %AB, %[[CD]] : (!matrix.mat<10x10xf64>, !matrix.mat<10x1xf64>) -> !matrix.mat<10x1xf64>
// CHECK-NEXT:    func.return %r, %AB
func.func @shared_intermediate(%A: !matrix.mat<10x1000xf64>, %B: !matrix.mat<1000x10xf64>, %C: !matrix.mat<10x1000xf64>, %d: !matrix.mat<1000x1xf64>) -> (!matrix.mat<10x1xf64>, !matrix.mat<10x10xf64>) {
  %AB = matrix.matmul %A, %B : (!matrix.mat<10x1000xf64>, !matrix.mat<1000x10xf64>) -> !matrix.mat<10x10xf64>
  %ABC = matrix.matmul %AB, %C : (!matrix.mat<10x10xf64>, !matrix.mat<10x1000xf64>) -> !matrix.mat<10x1000xf64>
  %r = matrix.matmul %ABC, %d : (!matrix.mat<10x1000xf64>, !matrix.mat<1000x1xf64>) -> !matrix.mat<10x1xf64>
  func.return %r, %AB : !matrix.mat<10x1xf64>, !matrix.mat<10x10xf64>
}

// -----

// Unknown dims anywhere in the chain: no change.
// CHECK-NOT:   rewrite:
// CHECK-LABEL: func.func @unknown(
// CHECK-NEXT:    %AB = matrix.matmul %A, %B
// CHECK-NEXT:    %r = matrix.matmul %AB, %c
// CHECK-NEXT:    %PQ = matrix.matmul %P, %Q
// CHECK-NEXT:    %q = matrix.matmul %PQ, %w
func.func @unknown(%A: !matrix.mat<?x100xf64>, %B: !matrix.mat<100x?xf64>, %c: !matrix.mat<?x1xf64>, %P: !matrix.mat<1000x100xf64>, %Q: !matrix.mat<100x?xf64>, %w: !matrix.mat<?x1xf64>) -> (!matrix.mat<?x1xf64>, !matrix.mat<1000x1xf64>) {
  %AB = matrix.matmul %A, %B : (!matrix.mat<?x100xf64>, !matrix.mat<100x?xf64>) -> !matrix.mat<?x?xf64>
  %r = matrix.matmul %AB, %c : (!matrix.mat<?x?xf64>, !matrix.mat<?x1xf64>) -> !matrix.mat<?x1xf64>
  %PQ = matrix.matmul %P, %Q : (!matrix.mat<1000x100xf64>, !matrix.mat<100x?xf64>) -> !matrix.mat<1000x?xf64>
  %q = matrix.matmul %PQ, %w : (!matrix.mat<1000x?xf64>, !matrix.mat<?x1xf64>) -> !matrix.mat<1000x1xf64>
  func.return %r, %q : !matrix.mat<?x1xf64>, !matrix.mat<1000x1xf64>
}

// -----

// Through a 0-wide inner dim the order decides whether a NaN/Inf factor reaches the
// result: ((X%*%Y)%*%Z)%*%w is zeros (its last product has no terms), X%*%(Y%*%(Z%*%w))
// is NaN where X or Y holds NaN. The DP would pick the latter (cost 0 against 1e6);
// the chain stays as written.
// CHECK-NOT:   rewrite:
// CHECK-LABEL: func.func @inner0(
// CHECK-NEXT:    %XY = matrix.matmul %X, %Y
// CHECK-NEXT:    %XYZ = matrix.matmul %XY, %Z
// CHECK-NEXT:    %r = matrix.matmul %XYZ, %w
func.func @inner0(%X: !matrix.mat<100x100xf64>, %Y: !matrix.mat<100x100xf64>, %Z: !matrix.mat<100x0xf64>, %w: !matrix.mat<0x1xf64>) -> !matrix.mat<100x1xf64> {
  %XY = matrix.matmul %X, %Y : (!matrix.mat<100x100xf64>, !matrix.mat<100x100xf64>) -> !matrix.mat<100x100xf64>
  %XYZ = matrix.matmul %XY, %Z : (!matrix.mat<100x100xf64>, !matrix.mat<100x0xf64>) -> !matrix.mat<100x0xf64>
  %r = matrix.matmul %XYZ, %w : (!matrix.mat<100x0xf64>, !matrix.mat<0x1xf64>) -> !matrix.mat<100x1xf64>
  func.return %r : !matrix.mat<100x1xf64>
}

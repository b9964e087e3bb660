// simplify-dynamic rule `empty-binary` (equal known shapes): X+Y -> X when Y is
// empty (nnz=0) (and Y when X is), X-Y -> X when Y is empty, X-Y -> -Y when X is,
// X*Y -> zeros when either is empty and the other provably finite.
// Not when the empty operand is broadcast (10x1 into 10x5), nnz is 3 or unknown,
// or the other factor of X*Y is a function argument (0*Inf is NaN).

// RUN: amls-opt %s --split-input-file -p simplify-dynamic --rewrite-trace 2>&1 | filecheck %s
// The output re-parses and a second run has nothing left to rewrite.
// RUN: amls-opt %s --split-input-file -p simplify-dynamic | amls-opt --split-input-file -p simplify-dynamic --rewrite-trace 2>&1 | filecheck %s --check-prefix=AGAIN
// AGAIN-NOT: rewrite:
// AGAIN-NOT: error

// X + E -> X.
// CHECK:       rewrite: empty-binary at {{.*}}empty-binary.mlir:{{[0-9]+}}:3
// CHECK-NEXT:  rewrite-count: empty-binary 1
// CHECK-LABEL: func.func @add_right(
// CHECK-NEXT:    func.return %X : !matrix.mat<10x5xf64>
func.func @add_right(%X: !matrix.mat<10x5xf64>, %E: !matrix.mat<10x5xf64, nnz=0>) -> !matrix.mat<10x5xf64> {
  %r = matrix.add %X, %E : (!matrix.mat<10x5xf64>, !matrix.mat<10x5xf64, nnz=0>) -> !matrix.mat<10x5xf64>
  func.return %r : !matrix.mat<10x5xf64>
}

// -----

// E + X -> X: the empty operand on the left.
// CHECK:       rewrite: empty-binary at {{.*}}empty-binary.mlir:{{[0-9]+}}:3
// CHECK-NEXT:  rewrite-count: empty-binary 1
// CHECK-LABEL: func.func @add_left(
// CHECK-NEXT:    func.return %X : !matrix.mat<10x5xf64>
func.func @add_left(%X: !matrix.mat<10x5xf64>, %E: !matrix.mat<10x5xf64, nnz=0>) -> !matrix.mat<10x5xf64> {
  %r = matrix.add %E, %X : (!matrix.mat<10x5xf64, nnz=0>, !matrix.mat<10x5xf64>) -> !matrix.mat<10x5xf64>
  func.return %r : !matrix.mat<10x5xf64>
}

// -----

// X - E -> X and E - X -> -X.
// CHECK:       rewrite: empty-binary at {{.*}}empty-binary.mlir:{{[0-9]+}}:3
// CHECK-NEXT:  rewrite: empty-binary at {{.*}}empty-binary.mlir:{{[0-9]+}}:3
// CHECK-NEXT:  rewrite-count: empty-binary 2
// CHECK-LABEL: func.func @sub(
// CHECK-NEXT:    %l = matrix.neg %X : !matrix.mat<10x5xf64>
// CHECK-NEXT:    func.return %X, %l : !matrix.mat<10x5xf64>, !matrix.mat<10x5xf64>
func.func @sub(%X: !matrix.mat<10x5xf64>, %E: !matrix.mat<10x5xf64, nnz=0>) -> (!matrix.mat<10x5xf64>, !matrix.mat<10x5xf64>) {
  %r = matrix.sub %X, %E : (!matrix.mat<10x5xf64>, !matrix.mat<10x5xf64, nnz=0>) -> !matrix.mat<10x5xf64>
  %l = matrix.sub %E, %X : (!matrix.mat<10x5xf64, nnz=0>, !matrix.mat<10x5xf64>) -> !matrix.mat<10x5xf64>
  func.return %r, %l : !matrix.mat<10x5xf64>, !matrix.mat<10x5xf64>
}

// -----

// R * E and E * R with R a seeded rand (finite): 10x5 zero fills.
// CHECK:       rewrite: empty-binary at {{.*}}empty-binary.mlir:{{[0-9]+}}:3
// CHECK-NEXT:  rewrite: empty-binary at {{.*}}empty-binary.mlir:{{[0-9]+}}:3
// CHECK-NEXT:  rewrite-count: empty-binary 2
// CHECK-LABEL: func.func @mul(
// CHECK-NOT:     matrix.mul
// CHECK:         %a = matrix.fill {{.*}} -> !matrix.mat<10x5xf64, nnz=0>
// CHECK:         %b = matrix.fill {{.*}} -> !matrix.mat<10x5xf64, nnz=0>
// CHECK-NOT:     matrix.mul
func.func @mul(%E: !matrix.mat<10x5xf64, nnz=0>) -> (!matrix.mat<10x5xf64>, !matrix.mat<10x5xf64>) {
  %c10 = arith.constant 10 : i64
  %c5 = arith.constant 5 : i64
  %R = matrix.rand %c10, %c5 {seed = 3} : (i64, i64) -> !matrix.mat<10x5xf64>
  %a = matrix.mul %R, %E : (!matrix.mat<10x5xf64>, !matrix.mat<10x5xf64, nnz=0>) -> !matrix.mat<10x5xf64>
  %b = matrix.mul %E, %R : (!matrix.mat<10x5xf64, nnz=0>, !matrix.mat<10x5xf64>) -> !matrix.mat<10x5xf64>
  func.return %a, %b : !matrix.mat<10x5xf64>, !matrix.mat<10x5xf64>
}

// -----

// CHECK-NOT:   rewrite:
// CHECK-LABEL: func.func @no(
// CHECK-NEXT:    %a = matrix.add %X, %e
// CHECK-NEXT:    %b = matrix.sub %X, %F
// CHECK-NEXT:    %c = matrix.add %X, %G
// CHECK-NEXT:    %d = matrix.mul %X, %E
func.func @no(%X: !matrix.mat<10x5xf64>, %e: !matrix.mat<10x1xf64, nnz=0>, %F: !matrix.mat<10x5xf64, nnz=3>, %G: !matrix.mat<10x5xf64>, %E: !matrix.mat<10x5xf64, nnz=0>) -> (!matrix.mat<10x5xf64>, !matrix.mat<10x5xf64>, !matrix.mat<10x5xf64>, !matrix.mat<10x5xf64>) {
  %a = matrix.add %X, %e : (!matrix.mat<10x5xf64>, !matrix.mat<10x1xf64, nnz=0>) -> !matrix.mat<10x5xf64>
  %b = matrix.sub %X, %F : (!matrix.mat<10x5xf64>, !matrix.mat<10x5xf64, nnz=3>) -> !matrix.mat<10x5xf64>
  %c = matrix.add %X, %G : !matrix.mat<10x5xf64>
  %d = matrix.mul %X, %E : (!matrix.mat<10x5xf64>, !matrix.mat<10x5xf64, nnz=0>) -> !matrix.mat<10x5xf64>
  func.return %a, %b, %c, %d : !matrix.mat<10x5xf64>, !matrix.mat<10x5xf64>, !matrix.mat<10x5xf64>, !matrix.mat<10x5xf64>
}

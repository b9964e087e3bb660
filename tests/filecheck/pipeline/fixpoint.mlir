// rewrite-fixpoint (the -O2 rewrite loop) with report=true says after how many
// rounds the IR stopped changing: 1 when there is nothing to rewrite, 2 when one
// round rewrote (colSums(X)/nrow(X) -> colMeans(X)) and the next confirmed it.
// With max-rounds=1 the second case hits the bound and says so on stderr.

// RUN: amls-opt %s --split-input-file -p 'rewrite-fixpoint{report=true}' 2>&1 | filecheck %s
// RUN: amls-opt %s --split-input-file -p 'rewrite-fixpoint{max-rounds=1}' 2>&1 | filecheck %s --check-prefix=BOUND
// Without report=true, a fixpoint is silent.
// RUN: amls-opt %s --split-input-file -p 'rewrite-fixpoint' 2>&1 | filecheck %s --check-prefix=QUIET
// QUIET-NOT: rewrite-fixpoint:

// CHECK:       rewrite-fixpoint: fixpoint after 2 round(s)
// CHECK-LABEL: func.func @mean(
// CHECK-NEXT:    %M = matrix.reduce mean col %X : (!matrix.mat<10x5xf64>) -> !matrix.mat<1x5xf64>
// CHECK-NEXT:    func.return %M
// BOUND:       rewrite-fixpoint: warning: no fixpoint after 1 rounds (max-rounds)
// BOUND-LABEL: func.func @mean(
func.func @mean(%X: !matrix.mat<10x5xf64>) -> !matrix.mat<1x5xf64> {
  %r = matrix.nrow %X : (!matrix.mat<10x5xf64>) -> i64
  %n = arith.sitofp %r : i64 to f64
  %S = matrix.reduce sum col %X : (!matrix.mat<10x5xf64>) -> !matrix.mat<1x5xf64>
  %M = matrix.div %S, %n : (!matrix.mat<1x5xf64>, f64) -> !matrix.mat<1x5xf64>
  func.return %M : !matrix.mat<1x5xf64>
}

// -----

// CHECK:       rewrite-fixpoint: fixpoint after 1 round(s)
// CHECK-LABEL: func.func @nothing(
// CHECK-NEXT:    %S = matrix.add %X, %Y
// BOUND-NOT:   warning
// BOUND-LABEL: func.func @nothing(
func.func @nothing(%X: !matrix.mat<10x5xf64>, %Y: !matrix.mat<10x5xf64>) -> !matrix.mat<10x5xf64> {
  %S = matrix.add %X, %Y : !matrix.mat<10x5xf64>
  func.return %S : !matrix.mat<10x5xf64>
}

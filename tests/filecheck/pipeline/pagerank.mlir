// -O2 on one PageRank step, n = 100000, G sparse (nnz 1e6):
//   p = alpha * (G %*% p) + (1 - alpha) * ((e %*% u) %*% p)
// The teleport term (e %*% u) %*% p would build a dense n x n matrix (1e10
// cells, 80 GB) every iteration. At -O2 mmchain reorders it to e %*% (u %*% p),
// fill-mm turns u %*% p (u = matrix(1/n, 1, n)) into (1/n) * sum(p), scalar-mm
// the 1x1 into a scalar, fill-scale makes e times it a fill of that scalar and
// fill-to-scalar adds it as a scalar: no n x n value is left but G itself, and no
// n x 1 one but p. -O1 (no rewrites) keeps it.

// RUN: amls-opt %s -O2 --rewrite-trace -o %t.mlir 2>&1 | filecheck %s --check-prefix=TRACE
// RUN: filecheck %s < %t.mlir
// The -O2 output re-parses to the same IR.
// RUN: amls-opt %t.mlir | filecheck %s
// RUN: amls-opt %s -O1 | filecheck %s --check-prefix=O1

// TRACE:     rewrite: mmchain at {{.*}}pagerank.mlir:{{[0-9]+}}:5
// TRACE-DAG: rewrite-count: mmchain 1
// TRACE-DAG: rewrite-count: scalar-mm 1
// TRACE-DAG: rewrite-count: fill-scale 2
// TRACE-DAG: rewrite-count: fill-to-scalar 1
// TRACE-DAG: rewrite-count: fill-mm 1
// TRACE-NOT: warning

// No value of type n x n is produced (`: T` and `-> T` forms), G is only an
// operand of G %*% p.
// CHECK-LABEL: func.func @main(%G: !matrix.mat<100000x100000xf64, nnz=1000000>, %p0: !matrix.mat<100000x1xf64>)
// CHECK-NOT:     {{: |-> }}!matrix.mat<100000x100000xf64
// CHECK:         scf.for
// CHECK-NOT:     {{: |-> }}!matrix.mat<100000x100000xf64
// CHECK-DAG:       %Gp = phys.matmul local mm %G, %pi : (!matrix.mat<100000x100000xf64, nnz=1000000>, !matrix.mat<100000x1xf64>) -> !matrix.mat<100000x1xf64>
// CHECK-DAG:       %[[UP:.*]] = phys.reduce local sum all %pi : (!matrix.mat<100000x1xf64>) -> f64
// CHECK-DAG:       %[[S:.*]] = arith.mulf %inv_n, %[[UP]] : f64
// CHECK-DAG:       %[[T:.*]] = arith.mulf %beta, %[[S]] : f64
// CHECK-DAG:       phys.add local %aGp, %[[T]] : (!matrix.mat<100000x1xf64>, f64) -> !matrix.mat<100000x1xf64>
// CHECK-NOT:     {{: |-> }}!matrix.mat<100000x100000xf64
// CHECK:           scf.yield
// CHECK-NOT:     {{: |-> }}!matrix.mat<100000x100000xf64
// CHECK:         func.return

// O1-LABEL: func.func @main(
// O1:         %eu = matrix.matmul %e, %u : (!matrix.mat<100000x1xf64, nnz=100000>, !matrix.mat<1x100000xf64, nnz=100000>) -> !matrix.mat<100000x100000xf64>
func.func @main(%G: !matrix.mat<100000x100000xf64, nnz=1000000>, %p0: !matrix.mat<100000x1xf64>) -> !matrix.mat<100000x1xf64> {
  %alpha = arith.constant 0.85 : f64
  %one = arith.constant 1.0 : f64
  %n = arith.constant 100000 : i64
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %iters = arith.constant 20 : i64
  %nf = arith.sitofp %n : i64 to f64
  %inv_n = arith.divf %one, %nf : f64
  %e = matrix.fill %one, %n, %c1 : (f64, i64, i64) -> !matrix.mat<100000x1xf64>
  %u = matrix.fill %inv_n, %c1, %n : (f64, i64, i64) -> !matrix.mat<1x100000xf64>
  %beta = arith.subf %one, %alpha : f64
  %p = scf.for %i = %c0 to %iters step %c1 iter_args(%pi = %p0) -> (!matrix.mat<100000x1xf64>) : i64 {
    %Gp = matrix.matmul %G, %pi : (!matrix.mat<100000x100000xf64, nnz=1000000>, !matrix.mat<100000x1xf64>) -> !matrix.mat<100000x1xf64>
    %aGp = matrix.mul %alpha, %Gp : (f64, !matrix.mat<100000x1xf64>) -> !matrix.mat<100000x1xf64>
    %eu = matrix.matmul %e, %u : (!matrix.mat<100000x1xf64>, !matrix.mat<1x100000xf64>) -> !matrix.mat<100000x100000xf64>
    %eup = matrix.matmul %eu, %pi : (!matrix.mat<100000x100000xf64>, !matrix.mat<100000x1xf64>) -> !matrix.mat<100000x1xf64>
    %teleport = matrix.mul %beta, %eup : (f64, !matrix.mat<100000x1xf64>) -> !matrix.mat<100000x1xf64>
    %p2 = matrix.add %aGp, %teleport : !matrix.mat<100000x1xf64>
    scf.yield %p2 : !matrix.mat<100000x1xf64>
  }
  func.return %p : !matrix.mat<100000x1xf64>
}

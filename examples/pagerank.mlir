// PageRank by power iteration, written the way a user writes it:
//
//   G = A / colSums(A)                       column-stochastic link matrix
//   p = alpha * (G %*% p) + (1 - alpha) * ((e %*% u) %*% p)
//
// with e an n x 1 column of ones and u a 1 x n row of 1/n (the teleport matrix
// e %*% u is n x n and dense: unoptimised, every iteration builds it; a
// compiler reorders it to e %*% (u %*% p)). alpha = 0.85, 100 iterations.
// A[i, j] = 1 is a link j -> i; columns without links would be divided by 1.
//
// Data (@make_data, fixed seed): A 2000x2000 0/1, sparsity 0.01 (~40000 links).
// Results: sum(p) (1 up to rounding), max(p), p.
//
// Run:
//   amls-run examples/pagerank.mlir
//   amls-run examples/pagerank.mlir --entry run --arg A=A.mtx
//   amls-opt examples/pagerank.mlir -O2 --explain

func.func @pagerank(%A: !matrix.mat<?x?xf64>, %alpha: f64, %iters: i64) -> !matrix.mat<?x1xf64> {
  %n = matrix.nrow %A : (!matrix.mat<?x?xf64>) -> i64
  %one = arith.constant 1.0 : f64
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %deg = matrix.reduce sum col %A : (!matrix.mat<?x?xf64>) -> !matrix.mat<1x?xf64>
  %deg1 = matrix.max %deg, %one : (!matrix.mat<1x?xf64>, f64) -> !matrix.mat<1x?xf64>
  %G = matrix.div %A, %deg1 : (!matrix.mat<?x?xf64>, !matrix.mat<1x?xf64>) -> !matrix.mat<?x?xf64>
  %nf = arith.sitofp %n : i64 to f64
  %inv_n = arith.divf %one, %nf : f64
  %e = matrix.fill %one, %n, %c1 : (f64, i64, i64) -> !matrix.mat<?x1xf64>
  %u = matrix.fill %inv_n, %c1, %n : (f64, i64, i64) -> !matrix.mat<1x?xf64>
  %p0 = matrix.fill %inv_n, %n, %c1 : (f64, i64, i64) -> !matrix.mat<?x1xf64>
  %beta = arith.subf %one, %alpha : f64
  %p = scf.for %i = %c0 to %iters step %c1 iter_args(%pi = %p0) -> (!matrix.mat<?x1xf64>) : i64 {
    %Gp = matrix.matmul %G, %pi : (!matrix.mat<?x?xf64>, !matrix.mat<?x1xf64>) -> !matrix.mat<?x1xf64>
    %aGp = matrix.mul %alpha, %Gp : (f64, !matrix.mat<?x1xf64>) -> !matrix.mat<?x1xf64>
    %eu = matrix.matmul %e, %u : (!matrix.mat<?x1xf64>, !matrix.mat<1x?xf64>) -> !matrix.mat<?x?xf64>
    %eup = matrix.matmul %eu, %pi : (!matrix.mat<?x?xf64>, !matrix.mat<?x1xf64>) -> !matrix.mat<?x1xf64>
    %teleport = matrix.mul %beta, %eup : (f64, !matrix.mat<?x1xf64>) -> !matrix.mat<?x1xf64>
    %p2 = matrix.add %aGp, %teleport : !matrix.mat<?x1xf64>
    scf.yield %p2 : !matrix.mat<?x1xf64>
  }
  func.return %p : !matrix.mat<?x1xf64>
}

func.func @run(%A: !matrix.mat<?x?xf64>) -> (f64, f64, !matrix.mat<?x1xf64>) {
  %alpha = arith.constant 0.85 : f64
  %iters = arith.constant 100 : i64
  %p = func.call @pagerank(%A, %alpha, %iters) : (!matrix.mat<?x?xf64>, f64, i64) -> !matrix.mat<?x1xf64>
  %sum = matrix.reduce sum all %p : (!matrix.mat<?x1xf64>) -> f64
  %max = matrix.reduce max all %p : (!matrix.mat<?x1xf64>) -> f64
  func.return %sum, %max, %p : f64, f64, !matrix.mat<?x1xf64>
}

func.func @make_data() -> !matrix.mat<2000x2000xf64> {
  %n = arith.constant 2000 : i64
  %A = matrix.rand %n, %n {min = 1.0, max = 1.0, sparsity = 0.01, pdf = "uniform", seed = 41} : (i64, i64) -> !matrix.mat<2000x2000xf64>
  func.return %A : !matrix.mat<2000x2000xf64>
}

func.func @main() -> (f64, f64, !matrix.mat<?x1xf64>) {
  %A = func.call @make_data() : () -> !matrix.mat<2000x2000xf64>
  %Ac = matrix.cast %A : (!matrix.mat<2000x2000xf64>) -> !matrix.mat<?x?xf64>
  %sum, %max, %p = func.call @run(%Ac) : (!matrix.mat<?x?xf64>) -> (f64, f64, !matrix.mat<?x1xf64>)
  func.return %sum, %max, %p : f64, f64, !matrix.mat<?x1xf64>
}

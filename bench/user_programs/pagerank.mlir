// PageRank by power iteration on a sparse graph from .mtx (A[i, j] = 1: a link i -> j),
// as a user writes it with the row-stochastic transition matrix P:
//   P = A / max(rowSums(A), 1)
//   p = matrix(1 / n, n, 1)
//   for (i in 1:50) p = alpha * (t(P) %*% p) + (1 - alpha) / n
//   amls-run bench/user_programs/pagerank.mlir --arg A=graph.mtx
func.func @main(%A: !matrix.mat<?x?xf64>) -> (f64, !matrix.mat<?x?xf64>) {
  %alpha = arith.constant 0.85 : f64
  %one = arith.constant 1.0 : f64
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %iters = arith.constant 50 : i64
  %n = matrix.nrow %A : (!matrix.mat<?x?xf64>) -> i64
  %nf = arith.sitofp %n : i64 to f64
  %inv_n = arith.divf %one, %nf : f64
  %beta = arith.subf %one, %alpha : f64
  %tele = arith.divf %beta, %nf : f64
  %deg = matrix.reduce sum row %A : (!matrix.mat<?x?xf64>) -> !matrix.mat<?x1xf64>
  %deg1 = matrix.max %deg, %one : (!matrix.mat<?x1xf64>, f64) -> !matrix.mat<?x1xf64>
  %P = matrix.div %A, %deg1 : (!matrix.mat<?x?xf64>, !matrix.mat<?x1xf64>) -> !matrix.mat<?x?xf64>
  %p0 = matrix.fill %inv_n, %n, %c1 : (f64, i64, i64) -> !matrix.mat<?x?xf64>
  %p = scf.for %i = %c0 to %iters step %c1 iter_args(%pi = %p0) -> (!matrix.mat<?x?xf64>) : i64 {
    %Pt = matrix.transpose %P : (!matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>
    %Ptp = matrix.matmul %Pt, %pi : (!matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>
    %a = matrix.mul %alpha, %Ptp : (f64, !matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>
    %p2 = matrix.add %a, %tele : (!matrix.mat<?x?xf64>, f64) -> !matrix.mat<?x?xf64>
    scf.yield %p2 : !matrix.mat<?x?xf64>
  }
  %s = matrix.reduce sum all %p : (!matrix.mat<?x?xf64>) -> f64
  func.return %s, %p : f64, !matrix.mat<?x?xf64>
}

// examples/pagerank.mlir at n = 100,000 (sparsity 1e-4: 1,000,000 links), for
// bench/rewrites/run.py. Only @make_data differs from the example.
//
// At -O2 the teleport (e %*% u) %*% p becomes e * (u %*% p) (mmchain, scalar-mm)
// and the run takes about a second. As written (-O0, or naive NumPy), every
// iteration would build e %*% u, a dense 100000 x 100000 matrix: 8e10 bytes
// (80 GB). Not run at -O0 or naive.
//
// Run:
//   amls-run bench/rewrites/pagerank_100k.mlir -O2 --stats

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

func.func @make_data() -> !matrix.mat<100000x100000xf64> {
  %n = arith.constant 100000 : i64
  %A = matrix.rand %n, %n {min = 1.0, max = 1.0, sparsity = 1.0e-4, pdf = "uniform", seed = 41} : (i64, i64) -> !matrix.mat<100000x100000xf64>
  func.return %A : !matrix.mat<100000x100000xf64>
}

func.func @main() -> (f64, f64, !matrix.mat<?x1xf64>) {
  %A = func.call @make_data() : () -> !matrix.mat<100000x100000xf64>
  %Ac = matrix.cast %A : (!matrix.mat<100000x100000xf64>) -> !matrix.mat<?x?xf64>
  %sum, %max, %p = func.call @run(%Ac) : (!matrix.mat<?x?xf64>) -> (f64, f64, !matrix.mat<?x1xf64>)
  func.return %sum, %max, %p : f64, f64, !matrix.mat<?x1xf64>
}

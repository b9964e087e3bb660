// PageRank power iteration with the teleport written (e %*% u) %*% p:
//   p = alpha * (G %*% p) + (1 - alpha) * ((e %*% u) %*% p)
// (examples/pagerank.mlir inlined into @main, with exact types).
//
// (e %*% u) %*% p  ->  e %*% (u %*% p)                           pass: mmchain
// then u %*% p is 1x1: e %*% y -> e * to_scalar(y)               rule: scalar-mm
//
// A 4000x4000 0/1 links, sparsity 0.001 (16000 links), 20 iterations. As
// written, every iteration builds the dense 4000x4000 teleport matrix e %*% u
// (128 MB, n^2) and multiplies it with p; reordered, the teleport is O(n).
// Results: sum(p) (1 up to rounding) and max(p).
func.func @main() -> (f64, f64) {
  %n = arith.constant 4000 : i64
  %iters = arith.constant 20 : i64
  %alpha = arith.constant 0.85 : f64
  %one = arith.constant 1.0 : f64
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %A = matrix.rand %n, %n {min = 1.0, max = 1.0, sparsity = 0.001, pdf = "uniform", seed = 901} : (i64, i64) -> !matrix.mat<4000x4000xf64>
  %deg = matrix.reduce sum col %A : (!matrix.mat<4000x4000xf64>) -> !matrix.mat<1x4000xf64>
  %deg1 = matrix.max %deg, %one : (!matrix.mat<1x4000xf64>, f64) -> !matrix.mat<1x4000xf64>
  %G = matrix.div %A, %deg1 : (!matrix.mat<4000x4000xf64>, !matrix.mat<1x4000xf64>) -> !matrix.mat<4000x4000xf64>
  %nf = arith.sitofp %n : i64 to f64
  %inv_n = arith.divf %one, %nf : f64
  %e = matrix.fill %one, %n, %c1 : (f64, i64, i64) -> !matrix.mat<4000x1xf64>
  %u = matrix.fill %inv_n, %c1, %n : (f64, i64, i64) -> !matrix.mat<1x4000xf64>
  %p0 = matrix.fill %inv_n, %n, %c1 : (f64, i64, i64) -> !matrix.mat<4000x1xf64>
  %beta = arith.subf %one, %alpha : f64
  %p = scf.for %i = %c0 to %iters step %c1 iter_args(%pi = %p0) -> (!matrix.mat<4000x1xf64>) : i64 {
    %Gp = matrix.matmul %G, %pi : (!matrix.mat<4000x4000xf64>, !matrix.mat<4000x1xf64>) -> !matrix.mat<4000x1xf64>
    %aGp = matrix.mul %alpha, %Gp : (f64, !matrix.mat<4000x1xf64>) -> !matrix.mat<4000x1xf64>
    %eu = matrix.matmul %e, %u : (!matrix.mat<4000x1xf64>, !matrix.mat<1x4000xf64>) -> !matrix.mat<4000x4000xf64>
    %eup = matrix.matmul %eu, %pi : (!matrix.mat<4000x4000xf64>, !matrix.mat<4000x1xf64>) -> !matrix.mat<4000x1xf64>
    %teleport = matrix.mul %beta, %eup : (f64, !matrix.mat<4000x1xf64>) -> !matrix.mat<4000x1xf64>
    %p2 = matrix.add %aGp, %teleport : !matrix.mat<4000x1xf64>
    scf.yield %p2 : !matrix.mat<4000x1xf64>
  }
  %sum = matrix.reduce sum all %p : (!matrix.mat<4000x1xf64>) -> f64
  %max = matrix.reduce max all %p : (!matrix.mat<4000x1xf64>) -> f64
  func.return %sum, %max : f64, f64
}

// The first principal direction by power iteration on t(X) %*% X, as a user writes it:
//   v = matrix(1, ncol(X), 1) / sqrt(ncol(X))
//   for (i in 1:50) { u = t(X) %*% X %*% v; lambda = sqrt(sum(u^2)); v = u / lambda }
//   amls-run bench/user_programs/pca_power.mlir --arg X=pca_X.npy
func.func @main(%X: !matrix.mat<?x?xf64>) -> (f64, !matrix.mat<?x?xf64>) {
  %zero = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f64
  %two = arith.constant 2.0 : f64
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %iters = arith.constant 50 : i64
  %m = matrix.ncol %X : (!matrix.mat<?x?xf64>) -> i64
  %mf = arith.sitofp %m : i64 to f64
  %sm = math.sqrt %mf : f64
  %ones = matrix.fill %one, %m, %c1 : (f64, i64, i64) -> !matrix.mat<?x?xf64>
  %v0 = matrix.div %ones, %sm : (!matrix.mat<?x?xf64>, f64) -> !matrix.mat<?x?xf64>
  %v, %lam = scf.for %i = %c0 to %iters step %c1 iter_args(%vi = %v0, %li = %zero) -> (!matrix.mat<?x?xf64>, f64) : i64 {
    %Xt = matrix.transpose %X : (!matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>
    %G = matrix.matmul %Xt, %X : (!matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>
    %u = matrix.matmul %G, %vi : (!matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>
    %u2 = matrix.pow %u, %two : (!matrix.mat<?x?xf64>, f64) -> !matrix.mat<?x?xf64>
    %ss = matrix.reduce sum all %u2 : (!matrix.mat<?x?xf64>) -> f64
    %nrm = math.sqrt %ss : f64
    %v2 = matrix.div %u, %nrm : (!matrix.mat<?x?xf64>, f64) -> !matrix.mat<?x?xf64>
    scf.yield %v2, %nrm : !matrix.mat<?x?xf64>, f64
  }
  func.return %lam, %v : f64, !matrix.mat<?x?xf64>
}

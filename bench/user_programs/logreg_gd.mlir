// Logistic regression by gradient descent, as a user writes it (X sparse, from .mtx):
//   w = matrix(0, ncol(X), 1)
//   for (i in 1:100)
//     w = w - lr * (t(X) %*% (sigmoid(X %*% w) - y) / n + lambda * w)
//   p = sigmoid(X %*% w); loss = -sum(y * log(p) + (1 - y) * log(1 - p)) / n
//   amls-run bench/user_programs/logreg_gd.mlir --arg X=logreg_X.mtx --arg y=logreg_y.npy
func.func @main(%X: !matrix.mat<?x?xf64>, %y: !matrix.mat<?x?xf64>) -> (f64, !matrix.mat<?x?xf64>) {
  %lr = arith.constant 2.0 : f64
  %lambda = arith.constant 0.001 : f64
  %zero = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f64
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %iters = arith.constant 100 : i64
  %n = matrix.nrow %X : (!matrix.mat<?x?xf64>) -> i64
  %m = matrix.ncol %X : (!matrix.mat<?x?xf64>) -> i64
  %nf = arith.sitofp %n : i64 to f64
  %w0 = matrix.fill %zero, %m, %c1 : (f64, i64, i64) -> !matrix.mat<?x?xf64>
  %w = scf.for %i = %c0 to %iters step %c1 iter_args(%wi = %w0) -> (!matrix.mat<?x?xf64>) : i64 {
    %eta = matrix.matmul %X, %wi : (!matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>
    %p = matrix.sigmoid %eta : !matrix.mat<?x?xf64>
    %r = matrix.sub %p, %y : !matrix.mat<?x?xf64>
    %Xt = matrix.transpose %X : (!matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>
    %Xr = matrix.matmul %Xt, %r : (!matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>
    %g0 = matrix.div %Xr, %nf : (!matrix.mat<?x?xf64>, f64) -> !matrix.mat<?x?xf64>
    %lw = matrix.mul %lambda, %wi : (f64, !matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>
    %g = matrix.add %g0, %lw : !matrix.mat<?x?xf64>
    %step = matrix.mul %lr, %g : (f64, !matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>
    %w2 = matrix.sub %wi, %step : !matrix.mat<?x?xf64>
    scf.yield %w2 : !matrix.mat<?x?xf64>
  }
  %eta = matrix.matmul %X, %w : (!matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>
  %p = matrix.sigmoid %eta : !matrix.mat<?x?xf64>
  %lp = matrix.log %p : !matrix.mat<?x?xf64>
  %t1 = matrix.mul %y, %lp : !matrix.mat<?x?xf64>
  %q = matrix.sub %one, %p : (f64, !matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>
  %lq = matrix.log %q : !matrix.mat<?x?xf64>
  %y1 = matrix.sub %one, %y : (f64, !matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>
  %t2 = matrix.mul %y1, %lq : !matrix.mat<?x?xf64>
  %ll = matrix.add %t1, %t2 : !matrix.mat<?x?xf64>
  %s = matrix.reduce sum all %ll : (!matrix.mat<?x?xf64>) -> f64
  %ns = arith.negf %s : f64
  %loss = arith.divf %ns, %nf : f64
  func.return %loss, %w : f64, !matrix.mat<?x?xf64>
}

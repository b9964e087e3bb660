// Logistic regression by plain gradient descent, written the naive way: t(X) is
// inside the loop. licm moves it out, so the CSR transpose runs once, not per step.
//
//   w = 0;  for 100 steps:  g = t(X) %*% (sigmoid(X %*% w) - y);  w = w - (lr / n) * g
//
// Run (data from make_data.py):
//   amls-run bench/licm/logreg_gd.mlir --arg X=/tmp/X.mtx --arg y=/tmp/y.npy --stats
func.func @main(%X: !matrix.mat<?x?xf64>, %y: !matrix.mat<?x1xf64>) -> (f64, !matrix.mat<?x1xf64>) {
  %zero = arith.constant 0.0 : f64
  %lr = arith.constant 0.5 : f64
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %steps = arith.constant 100 : i64
  %n = matrix.nrow %X : (!matrix.mat<?x?xf64>) -> i64
  %m = matrix.ncol %X : (!matrix.mat<?x?xf64>) -> i64
  %nf = arith.sitofp %n : i64 to f64
  %w0 = matrix.fill %zero, %m, %c1 : (f64, i64, i64) -> !matrix.mat<?x1xf64>
  %w = scf.for %i = %c0 to %steps step %c1 iter_args(%wi = %w0) -> (!matrix.mat<?x1xf64>) : i64 {
    %Xt = matrix.transpose %X : !matrix.mat<?x?xf64>
    %eta = matrix.matmul %X, %wi : (!matrix.mat<?x?xf64>, !matrix.mat<?x1xf64>) -> !matrix.mat<?x1xf64>
    %p = matrix.sigmoid %eta : !matrix.mat<?x1xf64>
    %r = matrix.sub %p, %y : !matrix.mat<?x1xf64>
    %g = matrix.matmul %Xt, %r : (!matrix.mat<?x?xf64>, !matrix.mat<?x1xf64>) -> !matrix.mat<?x1xf64>
    %step = arith.divf %lr, %nf : f64
    %gs = matrix.mul %g, %step : (!matrix.mat<?x1xf64>, f64) -> !matrix.mat<?x1xf64>
    %w2 = matrix.sub %wi, %gs : !matrix.mat<?x1xf64>
    scf.yield %w2 : !matrix.mat<?x1xf64>
  }
  %eta = matrix.matmul %X, %w : (!matrix.mat<?x?xf64>, !matrix.mat<?x1xf64>) -> !matrix.mat<?x1xf64>
  %p = matrix.sigmoid %eta : !matrix.mat<?x1xf64>
  %half = arith.constant 0.5 : f64
  %hit = matrix.gt %p, %half : (!matrix.mat<?x1xf64>, f64) -> !matrix.mat<?x1xf64>
  %ok = matrix.eq %hit, %y : !matrix.mat<?x1xf64>
  %acc = matrix.reduce mean all %ok : (!matrix.mat<?x1xf64>) -> f64
  func.return %acc, %w : f64, !matrix.mat<?x1xf64>
}

// Linear regression by direct solve (SystemDS lmDS.dml): ridge normal equations
//
//   X1   = cbind(X, 1)                                   intercept column
//   beta = solve(t(X1) %*% X1 + lambda * I, t(X1) %*% y)
//
// Data (@make_data, fixed seeds): X 50000x400 uniform in [0, 1), a true
// coefficient vector uniform in [-1, 1), intercept 0.5 and Gaussian noise (sd 0.1).
// Results: sum(beta), the residual sum of squares sum((y - X1 %*% beta)^2), beta.
//
// Run:
//   amls-run examples/lm_ds.mlir                           # @main: build the data, fit
//   amls-run examples/lm_ds.mlir --entry run --arg X=X.npy --arg y=y.npy
//   amls-opt examples/lm_ds.mlir -O2 --explain             # the plan

// lambda is the ridge penalty; the intercept column is penalised like the rest.
func.func @lm_ds(%X: !matrix.mat<?x?xf64>, %y: !matrix.mat<?x?xf64>, %lambda: f64) -> !matrix.mat<?x?xf64> {
  %n = matrix.nrow %X : (!matrix.mat<?x?xf64>) -> i64
  %one = arith.constant 1.0 : f64
  %c1 = arith.constant 1 : i64
  %ones = matrix.fill %one, %n, %c1 : (f64, i64, i64) -> !matrix.mat<?x1xf64>
  %X1 = matrix.cbind %X, %ones : (!matrix.mat<?x?xf64>, !matrix.mat<?x1xf64>) -> !matrix.mat<?x?xf64>
  %m = matrix.ncol %X1 : (!matrix.mat<?x?xf64>) -> i64
  %X1t = matrix.transpose %X1 : !matrix.mat<?x?xf64>
  %A = matrix.matmul %X1t, %X1 : !matrix.mat<?x?xf64>
  %onesm = matrix.fill %one, %m, %c1 : (f64, i64, i64) -> !matrix.mat<?x1xf64>
  %I = matrix.diag %onesm : (!matrix.mat<?x1xf64>) -> !matrix.mat<?x?xf64>
  %lI = matrix.mul %I, %lambda : (!matrix.mat<?x?xf64>, f64) -> !matrix.mat<?x?xf64>
  %Ar = matrix.add %A, %lI : !matrix.mat<?x?xf64>
  %b = matrix.matmul %X1t, %y : !matrix.mat<?x?xf64>
  %beta = matrix.solve %Ar, %b : !matrix.mat<?x?xf64>
  func.return %beta : !matrix.mat<?x?xf64>
}

// lmPredict: X %*% beta[0:m] + beta[m], the intercept being the last coefficient.
func.func @lm_predict(%X: !matrix.mat<?x?xf64>, %beta: !matrix.mat<?x?xf64>) -> !matrix.mat<?x1xf64> {
  %m = matrix.ncol %X : (!matrix.mat<?x?xf64>) -> i64
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %m1 = arith.addi %m, %c1 : i64
  %w = matrix.slice %beta, %c0, %m, %c0, %c1 : (!matrix.mat<?x?xf64>, i64, i64, i64, i64) -> !matrix.mat<?x1xf64>
  %b0m = matrix.slice %beta, %m, %m1, %c0, %c1 : (!matrix.mat<?x?xf64>, i64, i64, i64, i64) -> !matrix.mat<1x1xf64>
  %b0 = matrix.to_scalar %b0m : (!matrix.mat<1x1xf64>) -> f64
  %Xw = matrix.matmul %X, %w : (!matrix.mat<?x?xf64>, !matrix.mat<?x1xf64>) -> !matrix.mat<?x1xf64>
  %yhat = matrix.add %Xw, %b0 : (!matrix.mat<?x1xf64>, f64) -> !matrix.mat<?x1xf64>
  func.return %yhat : !matrix.mat<?x1xf64>
}

func.func @run(%X: !matrix.mat<?x?xf64>, %y: !matrix.mat<?x?xf64>) -> (f64, f64, !matrix.mat<?x?xf64>) {
  %lambda = arith.constant 0.001 : f64
  %beta = func.call @lm_ds(%X, %y, %lambda) : (!matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>, f64) -> !matrix.mat<?x?xf64>
  %yhat = func.call @lm_predict(%X, %beta) : (!matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>) -> !matrix.mat<?x1xf64>
  %res = matrix.sub %y, %yhat : (!matrix.mat<?x?xf64>, !matrix.mat<?x1xf64>) -> !matrix.mat<?x1xf64>
  %rss = matrix.reduce sumsq all %res : (!matrix.mat<?x1xf64>) -> f64
  %sb = matrix.reduce sum all %beta : (!matrix.mat<?x?xf64>) -> f64
  func.return %sb, %rss, %beta : f64, f64, !matrix.mat<?x?xf64>
}

func.func @make_data() -> (!matrix.mat<50000x400xf64>, !matrix.mat<50000x1xf64>) {
  %n = arith.constant 50000 : i64
  %m = arith.constant 400 : i64
  %c1 = arith.constant 1 : i64
  %X = matrix.rand %n, %m {min = 0.0, max = 1.0, sparsity = 1.0, pdf = "uniform", seed = 11} : (i64, i64) -> !matrix.mat<50000x400xf64>
  %wtrue = matrix.rand %m, %c1 {min = -1.0, max = 1.0, sparsity = 1.0, pdf = "uniform", seed = 12} : (i64, i64) -> !matrix.mat<400x1xf64>
  %eps = matrix.rand %n, %c1 {sparsity = 1.0, pdf = "normal", seed = 13} : (i64, i64) -> !matrix.mat<50000x1xf64>
  %Xw = matrix.matmul %X, %wtrue : (!matrix.mat<50000x400xf64>, !matrix.mat<400x1xf64>) -> !matrix.mat<50000x1xf64>
  %sd = arith.constant 0.1 : f64
  %noise = matrix.mul %eps, %sd : (!matrix.mat<50000x1xf64>, f64) -> !matrix.mat<50000x1xf64>
  %b0 = arith.constant 0.5 : f64
  %y0 = matrix.add %Xw, %b0 : (!matrix.mat<50000x1xf64>, f64) -> !matrix.mat<50000x1xf64>
  %y = matrix.add %y0, %noise : !matrix.mat<50000x1xf64>
  func.return %X, %y : !matrix.mat<50000x400xf64>, !matrix.mat<50000x1xf64>
}

func.func @main() -> (f64, f64, !matrix.mat<?x?xf64>) {
  %X, %y = func.call @make_data() : () -> (!matrix.mat<50000x400xf64>, !matrix.mat<50000x1xf64>)
  %Xc = matrix.cast %X : (!matrix.mat<50000x400xf64>) -> !matrix.mat<?x?xf64>
  %yc = matrix.cast %y : (!matrix.mat<50000x1xf64>) -> !matrix.mat<?x?xf64>
  %sb, %rss, %beta = func.call @run(%Xc, %yc) : (!matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>) -> (f64, f64, !matrix.mat<?x?xf64>)
  func.return %sb, %rss, %beta : f64, f64, !matrix.mat<?x?xf64>
}

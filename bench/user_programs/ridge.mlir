// Ridge regression by the normal equations, as a user writes it:
//   I = diag(matrix(1, ncol(X), 1))
//   w = solve(t(X) %*% X + lambda * I, t(X) %*% y)
//   rss = sum((y - X %*% w)^2)
//   amls-run bench/user_programs/ridge.mlir --arg X=tall_X.npy --arg y=tall_y.npy
func.func @main(%X: !matrix.mat<?x?xf64>, %y: !matrix.mat<?x?xf64>) -> (f64, !matrix.mat<?x?xf64>) {
  %lambda = arith.constant 0.1 : f64
  %one = arith.constant 1.0 : f64
  %two = arith.constant 2.0 : f64
  %c1 = arith.constant 1 : i64
  %m = matrix.ncol %X : (!matrix.mat<?x?xf64>) -> i64
  %ones = matrix.fill %one, %m, %c1 : (f64, i64, i64) -> !matrix.mat<?x1xf64>
  %I = matrix.diag %ones : (!matrix.mat<?x1xf64>) -> !matrix.mat<?x?xf64>
  %Xt = matrix.transpose %X : (!matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>
  %XtX = matrix.matmul %Xt, %X : (!matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>
  %lI = matrix.mul %lambda, %I : (f64, !matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>
  %A = matrix.add %XtX, %lI : !matrix.mat<?x?xf64>
  %b = matrix.matmul %Xt, %y : (!matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>
  %w = matrix.solve %A, %b : (!matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>
  %yhat = matrix.matmul %X, %w : (!matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>
  %res = matrix.sub %y, %yhat : !matrix.mat<?x?xf64>
  %sq = matrix.pow %res, %two : (!matrix.mat<?x?xf64>, f64) -> !matrix.mat<?x?xf64>
  %rss = matrix.reduce sum all %sq : (!matrix.mat<?x?xf64>) -> f64
  func.return %rss, %w : f64, !matrix.mat<?x?xf64>
}

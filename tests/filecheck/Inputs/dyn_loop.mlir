func.func @run(%X: !matrix.mat<?x?xf64>, %v0: !matrix.mat<?x1xf64>) -> f64 {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %c5 = arith.constant 5 : i64
  %half = arith.constant 0.5 : f64
  %mx = matrix.reduce max all %X : (!matrix.mat<?x?xf64>) -> f64
  %k0 = arith.mulf %mx, %half : f64
  %n = matrix.nrow %X : (!matrix.mat<?x?xf64>) -> i64
  %m = matrix.ncol %X : (!matrix.mat<?x?xf64>) -> i64
  %nf = arith.sitofp %n : i64 to f64
  %kf = arith.mulf %nf, %k0 : f64
  %k = arith.fptosi %kf : f64 to i64
  %Xs = matrix.slice %X, %c0, %k, %c0, %m : (!matrix.mat<?x?xf64>, i64, i64, i64, i64) -> !matrix.mat<?x?xf64>
  %r = scf.for %i = %c0 to %c5 step %c1 iter_args(%v = %v0) -> (!matrix.mat<?x1xf64>) : i64 {
    %q = matrix.matmul %Xs, %v : (!matrix.mat<?x?xf64>, !matrix.mat<?x1xf64>) -> !matrix.mat<?x1xf64>
    %Xt = matrix.transpose %Xs : (!matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>
    %g = matrix.matmul %Xt, %q : (!matrix.mat<?x?xf64>, !matrix.mat<?x1xf64>) -> !matrix.mat<?x1xf64>
    %gm = matrix.reduce max all %g : (!matrix.mat<?x1xf64>) -> f64
    %gn = matrix.div %g, %gm : (!matrix.mat<?x1xf64>, f64) -> !matrix.mat<?x1xf64>
    scf.yield %gn : !matrix.mat<?x1xf64>
  }
  %s = matrix.reduce sum all %r : (!matrix.mat<?x1xf64>) -> f64
  func.return %s : f64
}

// A loop with a foldable branch: power iteration on t(Z) %*% Z, where each
// iteration uses Z = X[0:2000, ] (a sub-sample) when the sampling fraction is
// below 1, else Z = X. The fraction is a compile-time constant (1.0):
//
//   Z = if (frac < 1) X[0:2000, ] else X         -> rows unknown: ?x2000
//   w = (t(Z) %*% Z) %*% w;  w = w / max(w)
//
// constant-fold removes the branch (Z = X, 4000x2000 exact); only then are all
// dims of the chain known, and mmchain reorders it to t(X) %*% (X %*% w):
// n*m^2 = 1.6e10 multiply-adds per iteration become 2*n*m.
// X 4000x2000, w0 2000x1, uniform [0, 1), 10 iterations.
// Results: max and min of w.
func.func @main() -> (f64, f64) {
  %n = arith.constant 4000 : i64
  %m = arith.constant 2000 : i64
  %half = arith.constant 2000 : i64
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %iters = arith.constant 10 : i64
  %frac = arith.constant 1.0 : f64
  %one = arith.constant 1.0 : f64
  %X = matrix.rand %n, %m {seed = 1301} : (i64, i64) -> !matrix.mat<4000x2000xf64>
  %w0 = matrix.rand %m, %c1 {seed = 1302} : (i64, i64) -> !matrix.mat<2000x1xf64>
  %w = scf.for %i = %c0 to %iters step %c1 iter_args(%wi = %w0) -> (!matrix.mat<2000x1xf64>) : i64 {
    %sub = arith.cmpf olt, %frac, %one : f64
    %Z = scf.if %sub -> (!matrix.mat<?x2000xf64>) {
      %Xs = matrix.slice %X, %c0, %half, %c0, %m : (!matrix.mat<4000x2000xf64>, i64, i64, i64, i64) -> !matrix.mat<2000x2000xf64>
      %Xsc = matrix.cast %Xs : (!matrix.mat<2000x2000xf64>) -> !matrix.mat<?x2000xf64>
      scf.yield %Xsc : !matrix.mat<?x2000xf64>
    } else {
      %Xc = matrix.cast %X : (!matrix.mat<4000x2000xf64>) -> !matrix.mat<?x2000xf64>
      scf.yield %Xc : !matrix.mat<?x2000xf64>
    }
    %Zt = matrix.transpose %Z : (!matrix.mat<?x2000xf64>) -> !matrix.mat<2000x?xf64>
    %G = matrix.matmul %Zt, %Z : (!matrix.mat<2000x?xf64>, !matrix.mat<?x2000xf64>) -> !matrix.mat<2000x2000xf64>
    %g = matrix.matmul %G, %wi : (!matrix.mat<2000x2000xf64>, !matrix.mat<2000x1xf64>) -> !matrix.mat<2000x1xf64>
    %top = matrix.reduce max all %g : (!matrix.mat<2000x1xf64>) -> f64
    %wn = matrix.div %g, %top : (!matrix.mat<2000x1xf64>, f64) -> !matrix.mat<2000x1xf64>
    scf.yield %wn : !matrix.mat<2000x1xf64>
  }
  %wmax = matrix.reduce max all %w : (!matrix.mat<2000x1xf64>) -> f64
  %wmin = matrix.reduce min all %w : (!matrix.mat<2000x1xf64>) -> f64
  func.return %wmax, %wmin : f64, f64
}

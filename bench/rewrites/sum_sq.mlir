// sum(X ^ 2)  ->  sumsq(X)                                      rule: sum-squared
//
// The squared distance of every cell of X to 20 scalar guesses c_i = 0.05*i
// (a one-dimensional grid search): loss_i = sum((X - c_i) ^ 2), summed.
// X 4000x2000, uniform [0, 1). As written, each guess materialises X - c and
// its square (two 64 MB temporaries) before summing; the rewrite squares and
// sums in one kernel. Same O(n*m): a constant-factor rule.
// Result: the summed loss.
func.func @main() -> f64 {
  %n = arith.constant 4000 : i64
  %m = arith.constant 2000 : i64
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %iters = arith.constant 20 : i64
  %zero = arith.constant 0.0 : f64
  %step = arith.constant 0.05 : f64
  %two = arith.constant 2.0 : f64
  %X = matrix.rand %n, %m {seed = 601} : (i64, i64) -> !matrix.mat<4000x2000xf64>
  %total = scf.for %i = %c0 to %iters step %c1 iter_args(%acc = %zero) -> (f64) : i64 {
    %fi = arith.sitofp %i : i64 to f64
    %c = arith.mulf %fi, %step : f64
    %D = matrix.sub %X, %c : (!matrix.mat<4000x2000xf64>, f64) -> !matrix.mat<4000x2000xf64>
    %D2 = matrix.pow %D, %two : (!matrix.mat<4000x2000xf64>, f64) -> !matrix.mat<4000x2000xf64>
    %loss = matrix.reduce sum all %D2 : (!matrix.mat<4000x2000xf64>) -> f64
    %acc2 = arith.addf %acc, %loss : f64
    scf.yield %acc2 : f64
  }
  func.return %total : f64
}

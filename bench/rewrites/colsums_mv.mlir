// colSums(X * v)  ->  t(v) %*% X                                rule: colsums-mv
//
// Power iteration for the top left singular vector of X, the way a user writes
// it: c = colSums(X * v); v = X %*% t(c), scaled by its max; 20 iterations.
// X 8000x1000, v0 8000x1, uniform [0, 1). As written, each iteration builds
// the 8000x1000 product X * v (64 MB) and reduces it; the rewrite is one
// matrix-vector product. Same O(n*m) per iteration: a constant-factor rule.
// Results: max and min of v.
func.func @main() -> (f64, f64) {
  %n = arith.constant 8000 : i64
  %m = arith.constant 1000 : i64
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %iters = arith.constant 20 : i64
  %X = matrix.rand %n, %m {seed = 501} : (i64, i64) -> !matrix.mat<8000x1000xf64>
  %v0 = matrix.rand %n, %c1 {seed = 502} : (i64, i64) -> !matrix.mat<8000x1xf64>
  %v = scf.for %i = %c0 to %iters step %c1 iter_args(%vi = %v0) -> (!matrix.mat<8000x1xf64>) : i64 {
    %Xv = matrix.mul %X, %vi : (!matrix.mat<8000x1000xf64>, !matrix.mat<8000x1xf64>) -> !matrix.mat<8000x1000xf64>
    %c = matrix.reduce sum col %Xv : (!matrix.mat<8000x1000xf64>) -> !matrix.mat<1x1000xf64>
    %ct = matrix.transpose %c : (!matrix.mat<1x1000xf64>) -> !matrix.mat<1000x1xf64>
    %w = matrix.matmul %X, %ct : (!matrix.mat<8000x1000xf64>, !matrix.mat<1000x1xf64>) -> !matrix.mat<8000x1xf64>
    %top = matrix.reduce max all %w : (!matrix.mat<8000x1xf64>) -> f64
    %vn = matrix.div %w, %top : (!matrix.mat<8000x1xf64>, f64) -> !matrix.mat<8000x1xf64>
    scf.yield %vn : !matrix.mat<8000x1xf64>
  }
  %vmax = matrix.reduce max all %v : (!matrix.mat<8000x1xf64>) -> f64
  %vmin = matrix.reduce min all %v : (!matrix.mat<8000x1xf64>) -> f64
  func.return %vmax, %vmin : f64, f64
}

func.func @main() -> f64 {
  %n = arith.constant 2000 : i64
  %k = arith.constant 50 : i64
  %one = arith.constant 1 : i64
  %X = matrix.rand %n, %k {seed = 1} : (i64, i64) -> !matrix.mat<2000x50xf64>
  %w0 = matrix.rand %k, %one {seed = 2} : (i64, i64) -> !matrix.mat<50x1xf64>
  %lb = arith.constant 0 : index
  %ub = arith.constant 3 : index
  %st = arith.constant 1 : index
  %w = scf.for %i = %lb to %ub step %st iter_args(%v = %w0) -> (!matrix.mat<50x1xf64>) {
    %p = matrix.matmul %X, %v : (!matrix.mat<2000x50xf64>, !matrix.mat<50x1xf64>) -> !matrix.mat<2000x1xf64>
    %Xt = matrix.transpose %X : (!matrix.mat<2000x50xf64>) -> !matrix.mat<50x2000xf64>
    %g = matrix.matmul %Xt, %p : (!matrix.mat<50x2000xf64>, !matrix.mat<2000x1xf64>) -> !matrix.mat<50x1xf64>
    %s = arith.constant 0.000001 : f64
    %u = matrix.mul %g, %s : (!matrix.mat<50x1xf64>, f64) -> !matrix.mat<50x1xf64>
    scf.yield %u : !matrix.mat<50x1xf64>
  }
  %r = matrix.reduce sum all %w : (!matrix.mat<50x1xf64>) -> f64
  func.return %r : f64
}

func.func @main() -> f64 {
  %n = arith.constant 300 : i64
  %one = arith.constant 1 : i64
  %A = matrix.rand %n, %n {seed = 1} : (i64, i64) -> !matrix.mat<300x300xf64>
  %v0 = matrix.rand %n, %one {seed = 2} : (i64, i64) -> !matrix.mat<300x1xf64>
  %s = arith.constant 0.001 : f64
  %lb = arith.constant 0 : index
  %ub = arith.constant 20000 : index
  %st = arith.constant 1 : index
  %v = scf.for %i = %lb to %ub step %st iter_args(%x = %v0) -> (!matrix.mat<300x1xf64>) {
    %p = matrix.matmul %A, %x : (!matrix.mat<300x300xf64>, !matrix.mat<300x1xf64>) -> !matrix.mat<300x1xf64>
    %q = matrix.mul %p, %s : (!matrix.mat<300x1xf64>, f64) -> !matrix.mat<300x1xf64>
    scf.yield %q : !matrix.mat<300x1xf64>
  }
  %r = matrix.reduce sum all %v : (!matrix.mat<300x1xf64>) -> f64
  func.return %r : f64
}

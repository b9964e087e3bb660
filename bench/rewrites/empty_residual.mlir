// The residual of an empty model: sum((X - E %*% W) ^ 2) with nnz(E) = 0.
//   E %*% W     ->  fill(0)                                      rule: empty-mm
//   X - 0       ->  X                                            rule: empty-binary
//   sum(X ^ 2)  ->  sumsq(X)                                     rule: sum-squared
//
// X 6000x4000 uniform [0, 1), E 6000x50 with sparsity 0, W 50x4000. As
// written: a 192 MB product of zeros, a subtraction, a square and a sum;
// rewritten: one sumsq over X. Same O(n*m): a constant-factor chain of rules.
// Result: the loss.
func.func @main() -> f64 {
  %n = arith.constant 6000 : i64
  %m = arith.constant 4000 : i64
  %k = arith.constant 50 : i64
  %two = arith.constant 2.0 : f64
  %X = matrix.rand %n, %m {seed = 1101} : (i64, i64) -> !matrix.mat<6000x4000xf64>
  %E = matrix.rand %n, %k {sparsity = 0.0, seed = 1102} : (i64, i64) -> !matrix.mat<6000x50xf64>
  %W = matrix.rand %k, %m {seed = 1103} : (i64, i64) -> !matrix.mat<50x4000xf64>
  %P = matrix.matmul %E, %W : (!matrix.mat<6000x50xf64>, !matrix.mat<50x4000xf64>) -> !matrix.mat<6000x4000xf64>
  %R = matrix.sub %X, %P : !matrix.mat<6000x4000xf64>
  %R2 = matrix.pow %R, %two : (!matrix.mat<6000x4000xf64>, f64) -> !matrix.mat<6000x4000xf64>
  %loss = matrix.reduce sum all %R2 : (!matrix.mat<6000x4000xf64>) -> f64
  func.return %loss : f64
}

// sum(X %*% Y)  ->  sum(t(colSums(X)) * rowSums(Y))            rule: sum-mm
//
// X 6000x400, Y 400x6000, uniform [0, 1). As written, the 6000x6000 product
// is built (n*k*m = 1.44e10 multiply-adds, 288 MB) only to be summed; the
// rewrite needs two O(n*k) reductions and a dot product.
// Result: the sum.
func.func @main() -> f64 {
  %n = arith.constant 6000 : i64
  %k = arith.constant 400 : i64
  %X = matrix.rand %n, %k {seed = 101} : (i64, i64) -> !matrix.mat<6000x400xf64>
  %Y = matrix.rand %k, %n {seed = 102} : (i64, i64) -> !matrix.mat<400x6000xf64>
  %P = matrix.matmul %X, %Y : (!matrix.mat<6000x400xf64>, !matrix.mat<400x6000xf64>) -> !matrix.mat<6000x6000xf64>
  %s = matrix.reduce sum all %P : (!matrix.mat<6000x6000xf64>) -> f64
  func.return %s : f64
}

// sum(X %*% Y)  ->  sum(t(colSums(X)) * rowSums(Y))            rule: sum-mm
//
// X 8000x500, Y 500x8000, uniform [0, 1). As written, the 8000x8000 product
// is built (n*k*m = 3.2e10 multiply-adds, 512 MB) only to be summed; the
// rewrite needs two O(n*k) reductions and a dot product.
// Result: the sum.
func.func @main() -> f64 {
  %n = arith.constant 8000 : i64
  %k = arith.constant 500 : i64
  %X = matrix.rand %n, %k {seed = 101} : (i64, i64) -> !matrix.mat<8000x500xf64>
  %Y = matrix.rand %k, %n {seed = 102} : (i64, i64) -> !matrix.mat<500x8000xf64>
  %P = matrix.matmul %X, %Y : (!matrix.mat<8000x500xf64>, !matrix.mat<500x8000xf64>) -> !matrix.mat<8000x8000xf64>
  %s = matrix.reduce sum all %P : (!matrix.mat<8000x8000xf64>) -> f64
  func.return %s : f64
}

// rowSums(X %*% Y)  ->  X %*% rowSums(Y)                        rule: sum-mm (row)
// colSums(X %*% Y)  ->  colSums(X) %*% Y                        rule: sum-mm (col)
//
// X 6000x400, Y 400x6000, uniform [0, 1). As written, the 6000x6000 product
// is built once and reduced both ways; the rewrites need two matrix-vector
// products and two O(n*k) reductions.
// Results: max of the row sums, max of the column sums.
func.func @main() -> (f64, f64) {
  %n = arith.constant 6000 : i64
  %k = arith.constant 400 : i64
  %X = matrix.rand %n, %k {seed = 401} : (i64, i64) -> !matrix.mat<6000x400xf64>
  %Y = matrix.rand %k, %n {seed = 402} : (i64, i64) -> !matrix.mat<400x6000xf64>
  %P = matrix.matmul %X, %Y : (!matrix.mat<6000x400xf64>, !matrix.mat<400x6000xf64>) -> !matrix.mat<6000x6000xf64>
  %r = matrix.reduce sum row %P : (!matrix.mat<6000x6000xf64>) -> !matrix.mat<6000x1xf64>
  %c = matrix.reduce sum col %P : (!matrix.mat<6000x6000xf64>) -> !matrix.mat<1x6000xf64>
  %rmax = matrix.reduce max all %r : (!matrix.mat<6000x1xf64>) -> f64
  %cmax = matrix.reduce max all %c : (!matrix.mat<1x6000xf64>) -> f64
  func.return %rmax, %cmax : f64, f64
}

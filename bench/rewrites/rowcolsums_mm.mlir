// rowSums(X %*% Y)  ->  X %*% rowSums(Y)                        rule: sum-mm (row)
// colSums(X %*% Y)  ->  colSums(X) %*% Y                        rule: sum-mm (col)
//
// X 8000x500, Y 500x8000, uniform [0, 1). As written, the 8000x8000 product
// is built once and reduced both ways; the rewrites need two matrix-vector
// products and two O(n*k) reductions.
// Results: max of the row sums, max of the column sums.
func.func @main() -> (f64, f64) {
  %n = arith.constant 8000 : i64
  %k = arith.constant 500 : i64
  %X = matrix.rand %n, %k {seed = 401} : (i64, i64) -> !matrix.mat<8000x500xf64>
  %Y = matrix.rand %k, %n {seed = 402} : (i64, i64) -> !matrix.mat<500x8000xf64>
  %P = matrix.matmul %X, %Y : (!matrix.mat<8000x500xf64>, !matrix.mat<500x8000xf64>) -> !matrix.mat<8000x8000xf64>
  %r = matrix.reduce sum row %P : (!matrix.mat<8000x8000xf64>) -> !matrix.mat<8000x1xf64>
  %c = matrix.reduce sum col %P : (!matrix.mat<8000x8000xf64>) -> !matrix.mat<1x8000xf64>
  %rmax = matrix.reduce max all %r : (!matrix.mat<8000x1xf64>) -> f64
  %cmax = matrix.reduce max all %c : (!matrix.mat<1x8000xf64>) -> f64
  func.return %rmax, %cmax : f64, f64
}

// diag(X %*% Y)  ->  rowSums(X * t(Y))                          rule: diag-of-mm
//
// X 8000x500, Y 500x8000, uniform [0, 1). As written, the 8000x8000 product
// is built for its diagonal; the rewrite is one element-wise pass over X and a
// row sum. (max, not sum, of the diagonal is returned: sum(diag(.)) would be
// a trace, a different rule.)
// Results: max and min of the diagonal.
func.func @main() -> (f64, f64) {
  %n = arith.constant 8000 : i64
  %k = arith.constant 500 : i64
  %X = matrix.rand %n, %k {seed = 301} : (i64, i64) -> !matrix.mat<8000x500xf64>
  %Y = matrix.rand %k, %n {seed = 302} : (i64, i64) -> !matrix.mat<500x8000xf64>
  %P = matrix.matmul %X, %Y : (!matrix.mat<8000x500xf64>, !matrix.mat<500x8000xf64>) -> !matrix.mat<8000x8000xf64>
  %d = matrix.diag %P : (!matrix.mat<8000x8000xf64>) -> !matrix.mat<8000x1xf64>
  %mx = matrix.reduce max all %d : (!matrix.mat<8000x1xf64>) -> f64
  %mn = matrix.reduce min all %d : (!matrix.mat<8000x1xf64>) -> f64
  func.return %mx, %mn : f64, f64
}

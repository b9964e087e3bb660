// The same product written three times, as scripts often do:
//   max(X %*% Y), min(X %*% Y), mean(X %*% Y)
// cse merges the three matmuls (no algebraic rule: mean of a product has none).
//
// X 8000x500, Y 500x8000, uniform [0, 1). As written: three 8000x8000
// products (3 x 3.2e10 multiply-adds); after cse: one. A 3x constant factor.
// Results: max, min and mean of the product.
func.func @main() -> (f64, f64, f64) {
  %n = arith.constant 8000 : i64
  %k = arith.constant 500 : i64
  %X = matrix.rand %n, %k {seed = 1201} : (i64, i64) -> !matrix.mat<8000x500xf64>
  %Y = matrix.rand %k, %n {seed = 1202} : (i64, i64) -> !matrix.mat<500x8000xf64>
  %P1 = matrix.matmul %X, %Y : (!matrix.mat<8000x500xf64>, !matrix.mat<500x8000xf64>) -> !matrix.mat<8000x8000xf64>
  %a = matrix.reduce max all %P1 : (!matrix.mat<8000x8000xf64>) -> f64
  %P2 = matrix.matmul %X, %Y : (!matrix.mat<8000x500xf64>, !matrix.mat<500x8000xf64>) -> !matrix.mat<8000x8000xf64>
  %b = matrix.reduce min all %P2 : (!matrix.mat<8000x8000xf64>) -> f64
  %P3 = matrix.matmul %X, %Y : (!matrix.mat<8000x500xf64>, !matrix.mat<500x8000xf64>) -> !matrix.mat<8000x8000xf64>
  %c = matrix.reduce mean all %P3 : (!matrix.mat<8000x8000xf64>) -> f64
  func.return %a, %b, %c : f64, f64, f64
}

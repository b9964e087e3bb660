// (t(X) %*% X) %*% v  ->  t(X) %*% (X %*% v)                     pass: mmchain
//
// X 6000x4000, v 4000x1, uniform [0, 1). As written, the 4000x4000 Gram
// matrix costs n*m^2 = 9.6e10 multiply-adds (NumPy halves it with syrk); the
// reordered chain is two matrix-vector products, 2*n*m.
// Results: max and min of the product.
func.func @main() -> (f64, f64) {
  %n = arith.constant 6000 : i64
  %m = arith.constant 4000 : i64
  %c1 = arith.constant 1 : i64
  %X = matrix.rand %n, %m {seed = 701} : (i64, i64) -> !matrix.mat<6000x4000xf64>
  %v = matrix.rand %m, %c1 {seed = 702} : (i64, i64) -> !matrix.mat<4000x1xf64>
  %Xt = matrix.transpose %X : (!matrix.mat<6000x4000xf64>) -> !matrix.mat<4000x6000xf64>
  %G = matrix.matmul %Xt, %X : (!matrix.mat<4000x6000xf64>, !matrix.mat<6000x4000xf64>) -> !matrix.mat<4000x4000xf64>
  %r = matrix.matmul %G, %v : (!matrix.mat<4000x4000xf64>, !matrix.mat<4000x1xf64>) -> !matrix.mat<4000x1xf64>
  %rmax = matrix.reduce max all %r : (!matrix.mat<4000x1xf64>) -> f64
  %rmin = matrix.reduce min all %r : (!matrix.mat<4000x1xf64>) -> f64
  func.return %rmax, %rmin : f64, f64
}

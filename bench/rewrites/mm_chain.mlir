// ((A %*% B) %*% c)  ->  A %*% (B %*% c)                         pass: mmchain
//
// A 8000x500, B 500x8000, c 8000x1, uniform [0, 1). As written, the 8000x8000
// product A %*% B costs n*k*n = 3.2e10 multiply-adds (512 MB); the reordered
// chain is two matrix-vector products, 2*n*k.
// Results: max and min of the product.
func.func @main() -> (f64, f64) {
  %n = arith.constant 8000 : i64
  %k = arith.constant 500 : i64
  %c1 = arith.constant 1 : i64
  %A = matrix.rand %n, %k {seed = 801} : (i64, i64) -> !matrix.mat<8000x500xf64>
  %B = matrix.rand %k, %n {seed = 802} : (i64, i64) -> !matrix.mat<500x8000xf64>
  %c = matrix.rand %n, %c1 {seed = 803} : (i64, i64) -> !matrix.mat<8000x1xf64>
  %AB = matrix.matmul %A, %B : (!matrix.mat<8000x500xf64>, !matrix.mat<500x8000xf64>) -> !matrix.mat<8000x8000xf64>
  %r = matrix.matmul %AB, %c : (!matrix.mat<8000x8000xf64>, !matrix.mat<8000x1xf64>) -> !matrix.mat<8000x1xf64>
  %rmax = matrix.reduce max all %r : (!matrix.mat<8000x1xf64>) -> f64
  %rmin = matrix.reduce min all %r : (!matrix.mat<8000x1xf64>) -> f64
  func.return %rmax, %rmin : f64, f64
}

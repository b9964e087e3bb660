// trace(X %*% Y)  ->  sum(X * t(Y))                             rule: trace-mm
//
// X 8000x500, Y 500x8000, uniform [0, 1). As written, the 8000x8000 product
// is built for its diagonal; the rewrite is one element-wise pass over X.
// Result: the trace.
func.func @main() -> f64 {
  %n = arith.constant 8000 : i64
  %k = arith.constant 500 : i64
  %X = matrix.rand %n, %k {seed = 201} : (i64, i64) -> !matrix.mat<8000x500xf64>
  %Y = matrix.rand %k, %n {seed = 202} : (i64, i64) -> !matrix.mat<500x8000xf64>
  %P = matrix.matmul %X, %Y : (!matrix.mat<8000x500xf64>, !matrix.mat<500x8000xf64>) -> !matrix.mat<8000x8000xf64>
  %t = matrix.trace %P : (!matrix.mat<8000x8000xf64>) -> f64
  func.return %t : f64
}

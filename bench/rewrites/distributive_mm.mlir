// A %*% B + A %*% C  ->  A %*% (B + C)                          rule: distributive-mm
//
// A 3000x3000, B and C 3000x1500, uniform [0, 1). As written: two products
// (2 x 1.35e10 multiply-adds); rewritten: one product and one addition.
// A 2x constant factor.
// Results: max and min of the sum.
func.func @main() -> (f64, f64) {
  %n = arith.constant 3000 : i64
  %m = arith.constant 1500 : i64
  %A = matrix.rand %n, %n {seed = 1401} : (i64, i64) -> !matrix.mat<3000x3000xf64>
  %B = matrix.rand %n, %m {seed = 1402} : (i64, i64) -> !matrix.mat<3000x1500xf64>
  %C = matrix.rand %n, %m {seed = 1403} : (i64, i64) -> !matrix.mat<3000x1500xf64>
  %AB = matrix.matmul %A, %B : (!matrix.mat<3000x3000xf64>, !matrix.mat<3000x1500xf64>) -> !matrix.mat<3000x1500xf64>
  %AC = matrix.matmul %A, %C : (!matrix.mat<3000x3000xf64>, !matrix.mat<3000x1500xf64>) -> !matrix.mat<3000x1500xf64>
  %S = matrix.add %AB, %AC : !matrix.mat<3000x1500xf64>
  %smax = matrix.reduce max all %S : (!matrix.mat<3000x1500xf64>) -> f64
  %smin = matrix.reduce min all %S : (!matrix.mat<3000x1500xf64>) -> f64
  func.return %smax, %smin : f64, f64
}

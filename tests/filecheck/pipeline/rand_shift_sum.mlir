// -O2 and -O0 agree on sum(rand(min=0, max=0) + 2): rand-scale turns the sum's operand
// into rand(min=2, max=2), which must not keep the nnz=0 of rand(0, 0) (it did, and
// empty-agg then folded the sum to 0.0).
// RUN: amls-run %s -O0 | filecheck %s
// RUN: amls-run %s -O2 | filecheck %s
// CHECK: result_0 : f64 = 80000.0
func.func @main() -> f64 {
  %n = arith.constant 200 : i64
  %two = arith.constant 2.0 : f64
  %R = matrix.rand %n, %n {min = 0.0, max = 0.0, seed = 1} : (i64, i64) -> !matrix.mat<200x200xf64>
  %Y = matrix.add %R, %two : (!matrix.mat<200x200xf64>, f64) -> !matrix.mat<200x200xf64>
  %s = matrix.reduce sum all %Y : (!matrix.mat<200x200xf64>) -> f64
  func.return %s : f64
}

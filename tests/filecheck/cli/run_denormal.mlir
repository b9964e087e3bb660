// A sparse input whose non-zeros halve into the denormal range keeps an exact nnz:
// 0.5 * the smallest denormal underflows to 0, and nnz counts what the value holds.
// RUN: amls-run %s --entry halve --arg S=%inputs/denormal_3x2.npy | filecheck %s
// CHECK-NOT: nnz=2
// CHECK:     result_1 : i64 = 1
func.func @halve(%S: !matrix.mat<3x2xf64, nnz=2>) -> (!matrix.mat<3x2xf64>, i64) {
  %h = arith.constant 0.5 : f64
  %a = matrix.mul %S, %h : (!matrix.mat<3x2xf64, nnz=2>, f64) -> !matrix.mat<3x2xf64>
  %n = matrix.nnz %a : (!matrix.mat<3x2xf64>) -> i64
  func.return %a, %n : !matrix.mat<3x2xf64>, i64
}

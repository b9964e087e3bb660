// cse does not change results: merging two rands with the same seed is sound
// because they draw the same values at run time (their difference is all zero
// at -O0), and a program run before and after cse prints the same values.

// RUN: amls-opt %s -p cse -o %t.mlir
// RUN: amls-run %s -O0 > %t.before
// RUN: amls-run %t.mlir -O0 > %t.after
// RUN: filecheck %s < %t.before
// RUN: diff %t.before %t.after
// RUN: filecheck %s --check-prefix=MERGED < %t.mlir
// MERGED-COUNT-1: matrix.rand
// MERGED-NOT:     matrix.rand

// CHECK:      result_0 : !matrix.mat<3x2xf64> = 3x2 dense matrix, nnz=0, sum=0.0, min=0.0, max=0.0
// CHECK:      result_1 : f64 = [[SUM:.*]]
// CHECK-NEXT: result_2 : f64 = [[SUM]]
// CHECK-NOT:  result_3
func.func @main() -> (!matrix.mat<3x2xf64>, f64, f64) {
  %c3 = arith.constant 3 : i64
  %c2 = arith.constant 2 : i64
  %a = matrix.rand %c3, %c2 {min = -1.0, max = 1.0, seed = 11} : (i64, i64) -> !matrix.mat<3x2xf64>
  %b = matrix.rand %c3, %c2 {min = -1.0, max = 1.0, seed = 11} : (i64, i64) -> !matrix.mat<3x2xf64>
  %d = matrix.sub %a, %b : !matrix.mat<3x2xf64>
  %p = matrix.mul %a, %b : !matrix.mat<3x2xf64>
  %q = matrix.mul %b, %a : !matrix.mat<3x2xf64>
  %s = matrix.reduce sum all %p : (!matrix.mat<3x2xf64>) -> f64
  %t = matrix.reduce sum all %q : (!matrix.mat<3x2xf64>) -> f64
  func.return %d, %s, %t : !matrix.mat<3x2xf64>, f64, f64
}

// constant-fold does not change results: a program run at -O0 as written and
// after the pass prints the same values, to the last digit (folding uses the
// interpreter's own kernels), including a seeded rand and a branch taken on a
// folded condition.

// RUN: amls-opt %s -p constant-fold -o %t.mlir
// RUN: amls-run %s -O0 | filecheck %s
// RUN: amls-run %t.mlir -O0 | filecheck %s
// The folded program has no op left to compute but the rand-free output.
// RUN: filecheck %s --check-prefix=FOLDED < %t.mlir
// FOLDED-NOT: matrix.rand
// FOLDED-NOT: matrix.transpose
// FOLDED-NOT: scf.if
// FOLDED-NOT: matrix.reduce

// CHECK:      result_0 : !matrix.mat<2x2xf64> = 2x2 dense matrix, nnz=4, sum=6.523202147810027, min=1.2252071899905919, max=1.8972138009695754
// CHECK-NEXT:   [1.6250954666046669, 1.7756856902451936]
// CHECK-NEXT:   [1.8972138009695754, 1.2252071899905919]
// CHECK-NEXT: result_1 : f64 = 6.523202147810027
// CHECK-NEXT: result_2 : f64 = 2.75
// CHECK-NOT:  result_3
func.func @main() -> (!matrix.mat<2x2xf64>, f64, f64) {
  %c2 = arith.constant 2 : i64
  %B = matrix.rand %c2, %c2 {min = 1.0, max = 2.0, seed = 7} : (i64, i64) -> !matrix.mat<2x2xf64>
  %tB = matrix.transpose %B : !matrix.mat<2x2xf64>
  %s = matrix.reduce sum all %tB : (!matrix.mat<2x2xf64>) -> f64
  %n = matrix.nrow %B : (!matrix.mat<2x2xf64>) -> i64
  %big = arith.cmpi sgt, %n, %c2 : i64
  %r = scf.if %big -> (f64) {
    %z = arith.constant 0.0 : f64
    scf.yield %z : f64
  } else {
    %K = matrix.constant {value = dense<[[1.5, -2.0], [0.0, 3.25]]> : tensor<2x2xf64>} : !matrix.mat<2x2xf64>
    %k = matrix.reduce sum all %K : (!matrix.mat<2x2xf64>) -> f64
    scf.yield %k : f64
  }
  func.return %tB, %s, %r : !matrix.mat<2x2xf64>, f64, f64
}

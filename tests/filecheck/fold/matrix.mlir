// constant-fold on small constant matrices: ops whose operands are all known
// (matrix.constant, fill, seq, seeded rand) are evaluated by the interpreter's
// kernels and become a matrix.constant (with its exact nnz), or an
// arith.constant for a full reduction, when the result has at most `max-cells`
// cells (default 10000) and, unless a splat, at most `max-literal-cells` (default
// 100: readable.mlir). Results with a non-finite cell are not folded; an
// unseeded rand is never folded (each run draws anew), nor anything built on it.

// RUN: amls-opt %s --split-input-file -p constant-fold | filecheck %s
// RUN: amls-opt %s --split-input-file -p constant-fold | amls-opt --split-input-file -p constant-fold | filecheck %s
// With max-cells=4 only results of at most 4 cells fold:
// RUN: amls-opt %s --split-input-file -p 'constant-fold{max-cells=4}' | filecheck %s --check-prefix=SMALL

// t(fill(2, 2, 3)) is a 3x2 constant of 2.0, add of two constants, sum of one.
// CHECK-LABEL: func.func @fold(
// CHECK-NEXT:    %T = matrix.constant {value = dense<2.000000e+00> : tensor<3x2xf64>} : !matrix.mat<3x2xf64, nnz=6>
// CHECK-NEXT:    %[[TC:.*]] = matrix.cast %T : (!matrix.mat<3x2xf64, nnz=6>) -> !matrix.mat<3x2xf64>
// CHECK-NEXT:    %S = matrix.constant {value = dense<{{\[\[}}2.500000e+00, -1.000000e+00], [1.000000e+00, 4.250000e+00]]> : tensor<2x2xf64>} : !matrix.mat<2x2xf64, nnz=4>
// CHECK-NEXT:    %[[SC:.*]] = matrix.cast %S : (!matrix.mat<2x2xf64, nnz=4>) -> !matrix.mat<2x2xf64>
// CHECK-NEXT:    %t = arith.constant 2.750000e+00 : f64
// CHECK-NEXT:    func.return %[[TC]], %[[SC]], %t
// SMALL-LABEL: func.func @fold(
// SMALL:         %F = matrix.fill %v, %r, %c
// SMALL-NEXT:    %T = matrix.transpose %F
// SMALL-NEXT:    %S = matrix.constant {value = dense<{{\[\[}}2.500000e+00, -1.000000e+00], [1.000000e+00, 4.250000e+00]]> : tensor<2x2xf64>} : !matrix.mat<2x2xf64, nnz=4>
// SMALL:         %t = arith.constant 2.750000e+00 : f64
func.func @fold() -> (!matrix.mat<3x2xf64>, !matrix.mat<2x2xf64>, f64) {
  %v = arith.constant 2.0 : f64
  %r = arith.constant 2 : i64
  %c = arith.constant 3 : i64
  %F = matrix.fill %v, %r, %c : (f64, i64, i64) -> !matrix.mat<2x3xf64>
  %T = matrix.transpose %F : (!matrix.mat<2x3xf64>) -> !matrix.mat<3x2xf64>
  %K = matrix.constant {value = dense<[[1.5, -2.0], [0.0, 3.25]]> : tensor<2x2xf64>} : !matrix.mat<2x2xf64>
  %L = matrix.constant {value = dense<1.0> : tensor<2x2xf64>} : !matrix.mat<2x2xf64>
  %S = matrix.add %K, %L : !matrix.mat<2x2xf64>
  %t = matrix.reduce sum all %K : (!matrix.mat<2x2xf64>) -> f64
  func.return %T, %S, %t : !matrix.mat<3x2xf64>, !matrix.mat<2x2xf64>, f64
}

// -----

// seq(1, 5, 1) * 2 -> [2,4,6,8,10]' (5 cells: not with max-cells=4); a matmul
// of two constants; the nnz of a folded result counts its real zeros.
// CHECK-LABEL: func.func @seq_mm(
// CHECK-NEXT:    %D = matrix.constant {value = dense<{{\[\[}}2.000000e+00], [4.000000e+00], [6.000000e+00], [8.000000e+00], [1.000000e+01]]> : tensor<5x1xf64>} : !matrix.mat<5x1xf64, nnz=5>
// CHECK:         %P = matrix.constant {value = dense<{{\[\[}}1.000000e+00, 0.000000e+00], [0.000000e+00, 0.000000e+00]]> : tensor<2x2xf64>} : !matrix.mat<2x2xf64, nnz=1>
// CHECK-NOT:     matrix.matmul
// SMALL-LABEL: func.func @seq_mm(
// SMALL:         %D = matrix.mul %s, %two
// SMALL:         %P = matrix.constant {{.*}} : !matrix.mat<2x2xf64, nnz=1>
func.func @seq_mm() -> (!matrix.mat<5x1xf64>, !matrix.mat<2x2xf64>) {
  %one = arith.constant 1.0 : f64
  %five = arith.constant 5.0 : f64
  %two = arith.constant 2.0 : f64
  %s = matrix.seq %one, %five, %one : (f64, f64, f64) -> !matrix.mat<5x1xf64>
  %D = matrix.mul %s, %two : (!matrix.mat<5x1xf64>, f64) -> !matrix.mat<5x1xf64>
  %A = matrix.constant {value = dense<[[1.0, 0.0], [0.0, 0.0]]> : tensor<2x2xf64>} : !matrix.mat<2x2xf64>
  %B = matrix.constant {value = dense<[[1.0, 0.0], [0.0, 5.0]]> : tensor<2x2xf64>} : !matrix.mat<2x2xf64>
  %P = matrix.matmul %A, %B : !matrix.mat<2x2xf64>
  func.return %D, %P : !matrix.mat<5x1xf64>, !matrix.mat<2x2xf64>
}

// -----

// 1 / K with a zero in K has an Inf cell: not folded. 1 / (K + 1) is finite.
// CHECK-LABEL: func.func @nonfinite(
// CHECK:         %Q = matrix.div %one, %K : (f64, !matrix.mat<2x2xf64>) -> !matrix.mat<2x2xf64>
// CHECK-NEXT:    %R = matrix.constant {value = dense<{{\[\[}}5.000000e-01, 2.500000e-01], [1.000000e+00, 2.000000e-01]]> : tensor<2x2xf64>}
func.func @nonfinite() -> (!matrix.mat<2x2xf64>, !matrix.mat<2x2xf64>) {
  %one = arith.constant 1.0 : f64
  %K = matrix.constant {value = dense<[[1.0, 3.0], [0.0, 4.0]]> : tensor<2x2xf64>} : !matrix.mat<2x2xf64>
  %Q = matrix.div %one, %K : (f64, !matrix.mat<2x2xf64>) -> !matrix.mat<2x2xf64>
  %K1 = matrix.add %K, %one : (!matrix.mat<2x2xf64>, f64) -> !matrix.mat<2x2xf64>
  %R = matrix.div %one, %K1 : (f64, !matrix.mat<2x2xf64>) -> !matrix.mat<2x2xf64>
  func.return %Q, %R : !matrix.mat<2x2xf64>, !matrix.mat<2x2xf64>
}

// -----

// An unseeded rand stays, and so does its transpose; a seeded one is a constant
// (its values are checked against a run in numerics.mlir).
// CHECK-LABEL: func.func @rand(
// CHECK-NEXT:    %c2 = arith.constant 2 : i64
// CHECK-NEXT:    %A = matrix.rand %c2, %c2 {{.*}}pdf = "uniform"} : (i64, i64) -> !matrix.mat<2x2xf64>
// CHECK-NEXT:    %tA = matrix.transpose %A : !matrix.mat<2x2xf64>
// CHECK-NEXT:    %tB = matrix.constant {value = dense<{{.*}}> : tensor<2x2xf64>} : !matrix.mat<2x2xf64, nnz=4>
// CHECK-NOT:     matrix.rand
func.func @rand() -> (!matrix.mat<2x2xf64>, !matrix.mat<2x2xf64>) {
  %c2 = arith.constant 2 : i64
  %A = matrix.rand %c2, %c2 : (i64, i64) -> !matrix.mat<2x2xf64>
  %B = matrix.rand %c2, %c2 {min = 1.0, max = 2.0, seed = 7} : (i64, i64) -> !matrix.mat<2x2xf64>
  %tA = matrix.transpose %A : !matrix.mat<2x2xf64>
  %tB = matrix.transpose %B : !matrix.mat<2x2xf64>
  func.return %tA, %tB : !matrix.mat<2x2xf64>, !matrix.mat<2x2xf64>
}

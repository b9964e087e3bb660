// constant-fold folds a matrix into a literal only while it stays readable: a non-splat
// result of at most `max-literal-cells` cells (default 100, where the printer would turn
// the list of numbers into a hex blob: a 100x100 is 160 KB of hex), or a splat (one
// value) of up to `max-cells`. A bigger result stays the op that computes it, but its
// value is still known: a full reduction of it, or a small slice, folds (as before).

// RUN: amls-opt %s --split-input-file -O2 | filecheck %s
// RUN: amls-opt %s --split-input-file -p constant-fold | filecheck %s --check-prefix=FOLD
// RUN: amls-opt %s --split-input-file -p constant-fold | amls-opt --split-input-file -p constant-fold | filecheck %s --check-prefix=FOLD
// max-literal-cells=10000 folds the 100x100 (and -O2 spelled out with it, as before):
// RUN: amls-opt %s --split-input-file -p 'constant-fold{max-literal-cells=10000}' | filecheck %s --check-prefix=BIG
// RUN: amls-opt %s --split-input-file -p 'size-inference,ipa{entry=main},cse,licm,constant-fold{max-literal-cells=10000},rewrite-fixpoint{fold-literal-cells=10000},lower-to-phys,phys-opt' | filecheck %s --check-prefix=BIG
// max-literal-cells=99 keeps the 10x10; a splat still folds (also with 0):
// RUN: amls-opt %s --split-input-file -p 'constant-fold{max-literal-cells=99}' | filecheck %s --check-prefix=TINY
// RUN: amls-opt %s --split-input-file -p 'constant-fold{max-literal-cells=0}' | filecheck %s --check-prefix=TINY
// max-cells still bounds what is evaluated at all: nothing of 10000 cells, no sum of it.
// RUN: amls-opt %s --split-input-file -p 'constant-fold{max-cells=100 max-literal-cells=10000}' | filecheck %s --check-prefix=CAP
// RUN: not amls-opt %s -p 'constant-fold{max-literal-cells=-1}' 2>&1 | filecheck %s --check-prefix=BAD
// BAD: amls-opt: error: bad pass pipeline 'constant-fold{max-literal-cells=-1}': constant-fold: max-literal-cells must be >= 0 (0: fold splats only), got -1

// A 100x100 seeded rand at -O2: no dense literal; the sum of exp(X) is a constant.
// CHECK-LABEL: func.func @main(
// CHECK-NOT:     dense<
// CHECK:         %X = phys.rand local %n, %n {min = 0.0, max = 1.0, sparsity = 1.0, pdf = "uniform", seed = 7}
// CHECK-NEXT:    %E = phys.exp local %X : !matrix.mat<100x100xf64>
// CHECK-NEXT:    %s = arith.constant 17205.621703171655 : f64
// CHECK-NEXT:    func.return %E, %s
// FOLD-LABEL: func.func @main(
// FOLD-NOT:     dense<
// FOLD:         %X = matrix.rand
// FOLD-NEXT:    %E = matrix.exp %X
// FOLD-NEXT:    %s = arith.constant 17205.621703171655 : f64
// BIG-LABEL:  func.func @main(
// BIG-NOT:      rand
// BIG:          %E = {{(matrix|phys)\.constant.*}}{value = dense<"0x{{[0-9A-F]+}}"> : tensor<100x100xf64>}
// BIG-NOT:      rand
// BIG:          %s = arith.constant 17205.621703171655 : f64
// TINY-LABEL: func.func @main(
// TINY:         %E = matrix.exp %X
// TINY-NEXT:    %s = arith.constant 17205.621703171655 : f64
// CAP-LABEL:  func.func @main(
// CAP:          %E = matrix.exp %X
// CAP-NEXT:     %s = matrix.reduce sum all %E
func.func @main() -> (!matrix.mat<100x100xf64>, f64) {
  %n = arith.constant 100 : i64
  %X = matrix.rand %n, %n {min = 0.0, max = 1.0, sparsity = 1.0, pdf = "uniform", seed = 7} : (i64, i64) -> !matrix.mat<100x100xf64>
  %E = matrix.exp %X : (!matrix.mat<100x100xf64>) -> !matrix.mat<100x100xf64>
  %s = matrix.reduce sum all %E : (!matrix.mat<100x100xf64>) -> f64
  func.return %E, %s : !matrix.mat<100x100xf64>, f64
}

// -----

// A 10x10 (100 cells) still folds, into a list of numbers.
// CHECK-LABEL: func.func @main(
// CHECK-NOT:     rand
// CHECK:         %E = phys.constant local {value = dense<{{\[\[}}1.86842432104421, 2.4527597053258194, {{.*}}]]> : tensor<10x10xf64>} : !matrix.mat<10x10xf64, nnz=100>
// CHECK-NEXT:    %s = arith.constant 48.388138014942122 : f64
// FOLD-LABEL: func.func @main(
// FOLD-NOT:     rand
// FOLD:         %E = matrix.constant {value = dense<{{\[\[}}1.86842432104421, {{.*}}]]> : tensor<10x10xf64>}
// BIG-LABEL:  func.func @main(
// BIG:          %E = {{(matrix|phys)\.constant.*}}{value = dense<{{\[\[}}1.86842432104421, {{.*}}]]> : tensor<10x10xf64>}
// TINY-LABEL: func.func @main(
// TINY:         %E = matrix.exp %X
// TINY-NEXT:    %s = arith.constant 48.388138014942122 : f64
// CAP-LABEL:  func.func @main(
// CAP:          %E = matrix.constant {value = dense<{{\[\[}}1.86842432104421, {{.*}}]]> : tensor<10x10xf64>}
func.func @main() -> (!matrix.mat<10x10xf64>, f64) {
  %n = arith.constant 10 : i64
  %X = matrix.rand %n, %n {min = 0.0, max = 1.0, sparsity = 1.0, pdf = "uniform", seed = 7} : (i64, i64) -> !matrix.mat<10x10xf64>
  %E = matrix.exp %X : (!matrix.mat<10x10xf64>) -> !matrix.mat<10x10xf64>
  %s = matrix.reduce sum all %X : (!matrix.mat<10x10xf64>) -> f64
  func.return %E, %s : !matrix.mat<10x10xf64>, f64
}

// -----

// A 100x100 splat folds: it prints as one value.
// CHECK-LABEL: func.func @main(
// CHECK-NEXT:    %G = phys.constant local {value = dense<4.4816890703380645> : tensor<100x100xf64>} : !matrix.mat<100x100xf64, nnz=10000>
// FOLD-LABEL: func.func @main(
// FOLD-NEXT:    %G = matrix.constant {value = dense<4.4816890703380645> : tensor<100x100xf64>}
// TINY-LABEL: func.func @main(
// TINY-NEXT:    %G = matrix.constant {value = dense<4.4816890703380645> : tensor<100x100xf64>}
// CAP-LABEL:  func.func @main(
// CAP:          %G = matrix.exp %F
func.func @main() -> !matrix.mat<100x100xf64> {
  %n = arith.constant 100 : i64
  %v = arith.constant 1.5 : f64
  %F = matrix.fill %v, %n, %n : (f64, i64, i64) -> !matrix.mat<100x100xf64>
  %G = matrix.exp %F : (!matrix.mat<100x100xf64>) -> !matrix.mat<100x100xf64>
  func.return %G : !matrix.mat<100x100xf64>
}

// -----

// Through a chain of big results left unfolded (exp, transpose): a 2x3 slice of
// the last folds, and so does its sum.
// CHECK-LABEL: func.func @main(
// CHECK-NOT:     dense<"0x
// CHECK:         %S = phys.constant local {value = dense<{{\[\[}}{{.*}}]]> : tensor<2x3xf64>} : !matrix.mat<2x3xf64, nnz=6>
// CHECK:         %s = arith.constant
// CHECK-NOT:     dense<"0x
// FOLD-LABEL: func.func @main(
// FOLD:         %T = matrix.transpose %E
// FOLD:         %S = matrix.constant {value = dense<{{\[\[}}{{.*}}]]> : tensor<2x3xf64>}
// FOLD-NOT:     matrix.slice
// FOLD-NOT:     matrix.reduce
func.func @main() -> (!matrix.mat<100x100xf64>, !matrix.mat<2x3xf64>, f64) {
  %n = arith.constant 100 : i64
  %c0 = arith.constant 0 : i64
  %c2 = arith.constant 2 : i64
  %c3 = arith.constant 3 : i64
  %X = matrix.rand %n, %n {min = 0.0, max = 1.0, sparsity = 1.0, pdf = "uniform", seed = 3} : (i64, i64) -> !matrix.mat<100x100xf64>
  %E = matrix.exp %X : (!matrix.mat<100x100xf64>) -> !matrix.mat<100x100xf64>
  %T = matrix.transpose %E : (!matrix.mat<100x100xf64>) -> !matrix.mat<100x100xf64>
  %S = matrix.slice %T, %c0, %c2, %c0, %c3 : (!matrix.mat<100x100xf64>, i64, i64, i64, i64) -> !matrix.mat<2x3xf64>
  %s = matrix.reduce sum all %T : (!matrix.mat<100x100xf64>) -> f64
  func.return %T, %S, %s : !matrix.mat<100x100xf64>, !matrix.mat<2x3xf64>, f64
}

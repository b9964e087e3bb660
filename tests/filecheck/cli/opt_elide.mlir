// amls-opt --mlir-elide-elementsattrs-if-larger=N, as mlir-opt: a folded dense constant of
// more than N elements prints as dense_resource<__elided__> (a splat, or N or fewer
// elements, print in full); without the flag everything prints.
// constant-fold keeps a non-splat result of more than 100 cells as the op by default
// (max-literal-cells), so %Y (300 cells) is folded here by the -O2 pipeline spelled out
// with max-literal-cells=300 (constant-fold and the rewrite-fixpoint round's):
// DEFINE: %{O2} = -p 'size-inference,ipa{entry=main},cse,licm,constant-fold{max-literal-cells=300},rewrite-fixpoint{fold-literal-cells=300},lower-to-phys,phys-opt'

// RUN: amls-opt %{O2} %s --mlir-elide-elementsattrs-if-larger=16 | filecheck %s
// CHECK:      %Y = phys.constant local {value = dense_resource<__elided__> : tensor<300x1xf64>} : !matrix.mat<300x1xf64, nnz=300>
// CHECK:      %Z = phys.constant local {value = dense<[[1.000000e+00], [4.000000e+00], [9.000000e+00], [1.600000e+01]]> : tensor<4x1xf64>}
// CHECK:      %G = phys.constant local {value = dense<5.000000e+00> : tensor<5x5xf64>}
// CHECK-NOT:  dense<"0x

// RUN: amls-opt %{O2} %s --mlir-elide-elementsattrs-if-larger=16 --print-op-generic | filecheck %s --check-prefix=GENERIC
// GENERIC: "phys.constant"() <{value = dense_resource<__elided__> : tensor<300x1xf64>, exec = "local"}>

// RUN: amls-opt %{O2} %s | filecheck %s --check-prefix=ALL
// ALL: %Y = phys.constant local {value = dense<"0x000000000000F03F0000000000001040

// RUN: amls-opt -p 'constant-fold{max-literal-cells=300}' --print-between-passes -p 'constant-fold{max-literal-cells=300},cse' --mlir-elide-elementsattrs-if-larger=4 %s | filecheck %s --check-prefix=BETWEEN
// BETWEEN:     IR after constant-fold:
// BETWEEN-NOT: dense<"0x
// BETWEEN:     dense_resource<__elided__> : tensor<300x1xf64>

// RUN: not amls-opt %s --mlir-elide-elementsattrs-if-larger=-1 2>&1 | filecheck %s --check-prefix=BAD
// BAD: amls-opt: error: argument --mlir-elide-elementsattrs-if-larger: expected a number of elements >= 0, got '-1'
func.func @main() -> (!matrix.mat<300x1xf64>, !matrix.mat<4x1xf64>, !matrix.mat<5x5xf64>) {
  %a = arith.constant 1.0 : f64
  %b = arith.constant 300.0 : f64
  %c = arith.constant 4.0 : f64
  %v = arith.constant 2.5 : f64
  %n = arith.constant 5 : i64
  %S = matrix.seq %a, %b, %a : (f64, f64, f64) -> !matrix.mat<300x1xf64>
  %Y = matrix.mul %S, %S : (!matrix.mat<300x1xf64>, !matrix.mat<300x1xf64>) -> !matrix.mat<300x1xf64>
  %T = matrix.seq %a, %c, %a : (f64, f64, f64) -> !matrix.mat<4x1xf64>
  %Z = matrix.mul %T, %T : (!matrix.mat<4x1xf64>, !matrix.mat<4x1xf64>) -> !matrix.mat<4x1xf64>
  %F = matrix.fill %v, %n, %n : (f64, i64, i64) -> !matrix.mat<5x5xf64>
  %G = matrix.add %F, %F : (!matrix.mat<5x5xf64>, !matrix.mat<5x5xf64>) -> !matrix.mat<5x5xf64>
  func.return %Y, %Z, %G : !matrix.mat<300x1xf64>, !matrix.mat<4x1xf64>, !matrix.mat<5x5xf64>
}

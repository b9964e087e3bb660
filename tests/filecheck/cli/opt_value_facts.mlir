// Value facts on function arguments (amls.dialects.value_facts) are MLIR argument
// attributes: they parse, print and round-trip in the custom and the generic form, and
// survive the pipeline. --assume-finite puts the fast-math licence on the module.

// RUN: amls-opt %s | filecheck %s
// RUN: amls-opt %s | amls-opt | filecheck %s
// RUN: amls-opt %s --print-op-generic | amls-opt | filecheck %s
// RUN: amls-opt %s --print-op-generic | filecheck %s --check-prefix=GENERIC
// RUN: amls-opt %s -O2 | filecheck %s --check-prefix=O2
// CHECK-NOT:    amls.assume_finite
// CHECK-LABEL:  func.func @main(%X: !matrix.mat<?x?xf64> {matrix.finite}, %y: !matrix.mat<?x1xf64> {matrix.absmax = 1.000000e+00 : f64}, %s: f64 {matrix.absmax = 2.000000e+00 : f64}, %n: i64) -> f64 {
// GENERIC:      arg_attrs = [{matrix.finite}, {matrix.absmax = 1.000000e+00 : f64}, {matrix.absmax = 2.000000e+00 : f64}, {}]
// O2:           func.func @main(%X: !matrix.mat<?x?xf64> {matrix.finite}, %y: !matrix.mat<?x1xf64> {matrix.absmax = 1.000000e+00 : f64}, %s: f64 {matrix.absmax = 2.000000e+00 : f64}, %n: i64) -> f64

// RUN: amls-opt %s --assume-finite | filecheck %s --check-prefix=FAST
// RUN: amls-opt %s --assume-finite | amls-opt | filecheck %s --check-prefix=FAST
// RUN: amls-opt %s --assume-finite -O2 | filecheck %s --check-prefix=FAST
// FAST:         builtin.module attributes {amls.assume_finite} {
// FAST:         func.func @main(%X: !matrix.mat<?x?xf64> {matrix.finite},
func.func @main(%X: !matrix.mat<?x?xf64> {matrix.finite}, %y: !matrix.mat<?x1xf64> {matrix.absmax = 1.0 : f64}, %s: f64 {matrix.absmax = 2.0}, %n: i64) -> f64 {
  %a = matrix.reduce sum all %X : (!matrix.mat<?x?xf64>) -> f64
  %b = matrix.reduce sum all %y : (!matrix.mat<?x1xf64>) -> f64
  %c = arith.addf %a, %b : f64
  %d = arith.addf %c, %s : f64
  func.return %d : f64
}

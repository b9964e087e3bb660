// A function type written without the parentheses around its inputs (`: T -> R`): the op
// ends at T, and the parser met `->` where the next operation starts. One located error
// that says what was expected and why (xDSL says only " in block definition").

// RUN: not amls-opt %s 2>&1 | filecheck %s
// RUN: not amls-run %s 2>&1 | filecheck %s

// CHECK:      {{.*}}opt_function_type_parens.mlir:15:56: error: expected an operation or '}', got '->' (a function type's inputs are in parentheses: `: (T1, T2) -> R`)
// CHECK-NEXT: %s = matrix.reduce sum all %X : !matrix.mat<3x4xf64> -> f64
// CHECK-NEXT: ^^
// CHECK-NOT:  {{.}}
// CHECK-NOT:  Traceback

func.func @main(%X: !matrix.mat<3x4xf64>) -> f64 {
  %s = matrix.reduce sum all %X : !matrix.mat<3x4xf64> -> f64
  func.return %s : f64
}

// A value used before its definition (xDSL parses it and does not check dominance):
// one error at the use naming the value; non-zero exit, no IR, no traceback. amls-run
// reports it the same way. A value with a number for a name is named by its position.

// RUN: not amls-opt %s --split-input-file 2>&1 | filecheck %s --check-prefix=FIRST
// RUN: not amls-run %s 2>&1 | filecheck %s --check-prefix=FIRST
// RUN: amls-opt %s --split-input-file --verify-diagnostics 2>&1 | filecheck %s

// FIRST:      {{.*}}opt_use_before_def.mlir:[[# @LINE + 6]]:3: error: arith.addf: %x is used before it is defined
// FIRST-NOT:  func.func
// FIRST-NOT:  result_0
// FIRST-NOT:  Traceback
// CHECK:      {{.*}}opt_use_before_def.mlir:[[# @LINE + 2]]:3: error: arith.addf: %x is used before it is defined
func.func @main() -> f64 {
  %y = arith.addf %x, %x : f64
  %x = arith.constant 1.0 : f64
  func.return %y : f64
}

// -----

// CHECK:      {{.*}}opt_use_before_def.mlir:[[# @LINE + 2]]:3: error: arith.mulf: operand #1 is used before it is defined
func.func @numbered(%a: f64) -> f64 {
  %y = arith.mulf %a, %0 : f64
  %0 = arith.constant 2.0 : f64
  func.return %y : f64
}

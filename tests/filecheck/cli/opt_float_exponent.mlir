// A float literal with an exponent but no '.' (`1e-300`, valid in Python and C) is not
// MLIR: its lexer reads the integer 1 and then an op named `e`. The error says so, and
// how to write it, instead of "Operation e is not registered".
// RUN: sh -c 'amls-opt %s 2>&1; echo "exit=$?"' | filecheck %s
// RUN: sh -c 'amls-run %s 2>&1; echo "exit=$?"' | filecheck %s
// CHECK:      opt_float_exponent.mlir:[[# @LINE + 5]]:25: error: a float literal needs a '.' before its exponent: write 1.0e-300{{$}}
// CHECK-NEXT:   %x = arith.constant 1e-300 : f64
// CHECK-NEXT: {{^ +\^$}}
// CHECK-NEXT: exit=1
func.func @main() -> f64 {
  %x = arith.constant 1e-300 : f64
  func.return %x : f64
}

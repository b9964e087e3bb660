// An input with nothing but comments is an empty module (as mlir-opt); amls-run then
// says there is no @main. A second definition of a symbol is one error at it, naming
// the first (xDSL reports it on the module, which has no location).

// RUN: amls-opt %S/../Inputs/comments_only.mlir | filecheck %s --check-prefix=EMPTY
// EMPTY:      builtin.module {
// EMPTY-NEXT: }
// RUN: sh -c 'amls-run %S/../Inputs/comments_only.mlir 2>&1; echo "exit=$?"' | filecheck %s --check-prefix=NOMAIN
// NOMAIN:      comments_only.mlir: error: no function @main to run
// NOMAIN-NEXT: exit=1

// RUN: sh -c 'amls-opt %s 2>&1; echo "exit=$?"' | filecheck %s --check-prefix=TWICE
// RUN: sh -c 'amls-run %s 2>&1; echo "exit=$?"' | filecheck %s --check-prefix=TWICE
// TWICE-NOT:  error: error
// TWICE:      opt_empty_and_redefined.mlir:[[# @LINE + 6]]:1: error: func.func: redefinition of @main (first defined at {{.*}}opt_empty_and_redefined.mlir:[[# @LINE + 2]]:1){{$}}
// TWICE-NEXT: exit=1
func.func @main() -> f64 {
  %c = arith.constant 1.0 : f64
  func.return %c : f64
}
func.func @main() -> f64 {
  %c = arith.constant 2.0 : f64
  func.return %c : f64
}

// Parse errors in the matrix dialect's custom syntax.
//
// Each case is one malformed use of the matrix dialect's custom syntax; the parse
// error names file:line:col, shows the line with a caret (the message once).
// With --verify-diagnostics amls-opt prints it in place of the case's output.

// RUN: amls-opt --split-input-file --verify-diagnostics %s | filecheck %s
// RUN: amls-opt --split-input-file --verify-diagnostics %s | filecheck %s --check-prefix=NOTB
// NOTB-NOT: Traceback
// NOTB-NOT: internal error

// fewer operand types than operands.
// CHECK:      {{.*}}opt_syntax.mlir:19:28: error: matrix.add has 2 operands but 1 operand types
// CHECK-NEXT: %C = matrix.add %A, %A : (!matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64>
// CHECK-NEXT: ^
//
// CHECK-NEXT: // {{-----}}
func.func @type_count(%A: !matrix.mat<3x4xf64>) {
  %C = matrix.add %A, %A : (!matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64>
  func.return
}

// -----

// a result type for an op without results.
// CHECK:      {{.*}}opt_syntax.mlir:32:21: error: matrix.print has 0 results but 1 result types
// CHECK-NEXT: matrix.print %A : (!matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64>
// CHECK-NEXT: ^
//
// CHECK-NEXT: // {{-----}}
func.func @result_count(%A: !matrix.mat<3x4xf64>) {
  matrix.print %A : (!matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64>
  func.return
}

// -----

// no result type for an op with a result.
// CHECK:      {{.*}}opt_syntax.mlir:45:30: error: matrix.transpose has 1 results but 0 result types
// CHECK-NEXT: %T = matrix.transpose %A : (!matrix.mat<3x4xf64>)
// CHECK-NEXT: ^
//
// CHECK-NEXT: // {{-----}}
func.func @no_result_type(%A: !matrix.mat<3x4xf64>) {
  %T = matrix.transpose %A : (!matrix.mat<3x4xf64>)
  func.return
}

// -----

// reduce without its kind keyword.
// CHECK:      {{.*}}opt_syntax.mlir:58:22: error: identifier expected (kind of matrix.reduce)
// CHECK-NEXT: %r = matrix.reduce %A : (!matrix.mat<3x4xf64>) -> f64
// CHECK-NEXT: ^^
//
// CHECK-NEXT: // {{-----}}
func.func @reduce_no_kind(%A: !matrix.mat<3x4xf64>) {
  %r = matrix.reduce %A : (!matrix.mat<3x4xf64>) -> f64
  func.return
}

// -----

// reduce without its axis keyword.
// CHECK:      {{.*}}opt_syntax.mlir:71:26: error: identifier expected (axis of matrix.reduce)
// CHECK-NEXT: %r = matrix.reduce sum %A : (!matrix.mat<3x4xf64>) -> f64
// CHECK-NEXT: ^^
//
// CHECK-NEXT: // {{-----}}
func.func @reduce_no_axis(%A: !matrix.mat<3x4xf64>) {
  %r = matrix.reduce sum %A : (!matrix.mat<3x4xf64>) -> f64
  func.return
}

// -----

// an operand type that disagrees with the value's definition.
// CHECK:      {{.*}}opt_syntax.mlir:84:25: error: %A has type !matrix.mat<3x4xf64>, but is used here as !matrix.mat<3x5xf64>
// CHECK-NEXT: %T = matrix.transpose %A : (!matrix.mat<3x5xf64>) -> !matrix.mat<5x3xf64>
// CHECK-NEXT: ^^
//
// CHECK-NEXT: // {{-----}}
func.func @operand_type(%A: !matrix.mat<3x4xf64>) {
  %T = matrix.transpose %A : (!matrix.mat<3x5xf64>) -> !matrix.mat<5x3xf64>
  func.return
}

// -----

// a trailing comma in the operand list.
// CHECK:      {{.*}}opt_syntax.mlir:97:29: error: operand expected
// CHECK-NEXT: %T = matrix.transpose %A, : (!matrix.mat<3x4xf64>) -> !matrix.mat<4x3xf64>
// CHECK-NEXT: ^
//
// CHECK-NEXT: // {{-----}}
func.func @trailing_comma(%A: !matrix.mat<3x4xf64>) {
  %T = matrix.transpose %A, : (!matrix.mat<3x4xf64>) -> !matrix.mat<4x3xf64>
  func.return
}

// -----

// more result names than results.
// CHECK:      {{.*}}opt_syntax.mlir:110:3: error: Operation has 1 results, but was given 2 to bind.
// CHECK-NEXT: %T:2 = matrix.transpose %A : (!matrix.mat<3x4xf64>) -> !matrix.mat<4x3xf64>
// CHECK-NEXT: ^^
//
// CHECK-NEXT: // {{-----}}
func.func @result_names(%A: !matrix.mat<3x4xf64>) {
  %T:2 = matrix.transpose %A : (!matrix.mat<3x4xf64>) -> !matrix.mat<4x3xf64>
  func.return
}

// -----

// the wrong number of operands for a fixed-arity op (it was an internal error).
// CHECK:      {{.*}}opt_syntax.mlir:[[# @LINE + 6]]:24: error: matrix.add takes 2 operands, got 1
// CHECK-NEXT: %X = matrix.add %A : !matrix.mat<3x3xf64>
// CHECK-NEXT: ^
//
// CHECK-NEXT: // {{-----}}
func.func @operand_count(%A: !matrix.mat<3x3xf64>) {
  %X = matrix.add %A : !matrix.mat<3x3xf64>
  func.return
}

// -----

// CHECK:      {{.*}}opt_syntax.mlir:[[# @LINE + 6]]:29: error: matrix.fill takes 3 operands, got 2
// CHECK-NEXT: %F = matrix.fill %n, %n
// CHECK-NEXT: ^
//
// CHECK-NEXT: // {{-----}}
func.func @operand_count_fill(%n: i64) {
  %F = matrix.fill %n, %n : (i64, i64) -> !matrix.mat<3x3xf64>
  func.return
}

// -----

// a keyword property given again in the attribute dict (it silently won: max, not sum).
// CHECK:      {{.*}}opt_syntax.mlir:[[# @LINE + 4]]:33: error: matrix.reduce: kind is given twice (the keyword 'sum' and {kind = ...})
// CHECK-NEXT: %r = matrix.reduce sum all %X {kind = "max"}
// CHECK-NOT:  error
func.func @keyword_twice(%X: !matrix.mat<2x2xf64>) {
  %r = matrix.reduce sum all %X {kind = "max"} : (!matrix.mat<2x2xf64>) -> f64
  func.return
}

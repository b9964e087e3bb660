// Verifier errors of the element-wise ops (broadcasting, result types) and select.
//
// Each case is one op the verifier must reject, with the full message located at
// the op (file:line:col of its first token). With --verify-diagnostics amls-opt
// prints each case's diagnostic in place of its output and goes on.

// RUN: amls-opt --split-input-file --verify-diagnostics %s | filecheck %s
// RUN: amls-opt --split-input-file --verify-diagnostics %s | filecheck %s --check-prefix=NOTB
// NOTB-NOT: Traceback
// NOTB-NOT: internal error

// element-wise op on matrices of different known shapes.
// CHECK:      {{.*}}broadcast.mlir:16:3: error: matrix.add: cannot broadcast 10x3 with 10x4
// CHECK-NEXT: // {{-----}}
func.func @add_shapes(%A: !matrix.mat<10x3xf64>, %B: !matrix.mat<10x4xf64>) {
  %C = matrix.add %A, %B : (!matrix.mat<10x3xf64>, !matrix.mat<10x4xf64>) -> !matrix.mat<10x4xf64>
  func.return
}

// -----

// outer broadcasting of a column vector with a row vector is not allowed.
// CHECK:      {{.*}}broadcast.mlir:26:3: error: matrix.add: cannot broadcast 10x1 with 1x5 (outer broadcasting is not allowed)
// CHECK-NEXT: // {{-----}}
func.func @outer_col_row(%c: !matrix.mat<10x1xf64>, %r: !matrix.mat<1x5xf64>) {
  %C = matrix.add %c, %r : (!matrix.mat<10x1xf64>, !matrix.mat<1x5xf64>) -> !matrix.mat<10x5xf64>
  func.return
}

// -----

// nor of a row vector with a column vector.
// CHECK:      {{.*}}broadcast.mlir:36:3: error: matrix.mul: cannot broadcast 1x4 with 3x1 (outer broadcasting is not allowed)
// CHECK-NEXT: // {{-----}}
func.func @outer_row_col(%r: !matrix.mat<1x4xf64>, %c: !matrix.mat<3x1xf64>) {
  %C = matrix.mul %r, %c : (!matrix.mat<1x4xf64>, !matrix.mat<3x1xf64>) -> !matrix.mat<3x4xf64>
  func.return
}

// -----

// a row vector whose length differs from the matrix's columns.
// CHECK:      {{.*}}broadcast.mlir:46:3: error: matrix.sub: cannot broadcast 10x3 with 1x4
// CHECK-NEXT: // {{-----}}
func.func @row_vector_cols(%A: !matrix.mat<10x3xf64>, %r: !matrix.mat<1x4xf64>) {
  %C = matrix.sub %A, %r : (!matrix.mat<10x3xf64>, !matrix.mat<1x4xf64>) -> !matrix.mat<?x?xf64>
  func.return
}

// -----

// a column vector on the left whose height differs from the matrix's rows.
// CHECK:      {{.*}}broadcast.mlir:56:3: error: matrix.div: cannot broadcast 9x1 with 10x3
// CHECK-NEXT: // {{-----}}
func.func @col_vector_rows(%c: !matrix.mat<9x1xf64>, %A: !matrix.mat<10x3xf64>) {
  %C = matrix.div %c, %A : (!matrix.mat<9x1xf64>, !matrix.mat<10x3xf64>) -> !matrix.mat<10x3xf64>
  func.return
}

// -----

// a comparison broadcasts like the arithmetic ops.
// CHECK:      {{.*}}broadcast.mlir:66:3: error: matrix.eq: cannot broadcast 1x4 with 4x3
// CHECK-NEXT: // {{-----}}
func.func @eq_shapes(%r: !matrix.mat<1x4xf64>, %A: !matrix.mat<4x3xf64>) {
  %C = matrix.eq %r, %A : (!matrix.mat<1x4xf64>, !matrix.mat<4x3xf64>) -> !matrix.mat<4x3xf64>
  func.return
}

// -----

// a known mismatch is found even when other dims are unknown.
// CHECK:      {{.*}}broadcast.mlir:76:3: error: matrix.and: cannot broadcast ?x3 with ?x4
// CHECK-NEXT: // {{-----}}
func.func @and_partial(%A: !matrix.mat<?x3xf64>, %B: !matrix.mat<?x4xf64>) {
  %C = matrix.and %A, %B : (!matrix.mat<?x3xf64>, !matrix.mat<?x4xf64>) -> !matrix.mat<?x?xf64>
  func.return
}

// -----

// at least one operand of an element-wise op is a matrix.
// CHECK:      {{.*}}broadcast.mlir:86:3: error: matrix.add: at least one operand must be a matrix
// CHECK-NEXT: // {{-----}}
func.func @two_scalars(%s: f64) {
  %C = matrix.add %s, %s : (f64, f64) -> !matrix.mat<1x1xf64>
  func.return
}

// -----

// scalar operands are f64 only.
// CHECK:      {{.*}}broadcast.mlir:97:3: error: matrix.mul: operand 'rhs' (#1) is i64, but matrix.mul expects a matrix or f64 there
// (xDSL's constraint message, in words)
// CHECK-NEXT: // {{-----}}
func.func @int_scalar(%A: !matrix.mat<4x3xf64>, %n: i64) {
  %C = matrix.mul %A, %n : (!matrix.mat<4x3xf64>, i64) -> !matrix.mat<4x3xf64>
  func.return
}

// -----

// result type contradicting the broadcast shape (scalar on the left).
// CHECK:      {{.*}}broadcast.mlir:107:3: error: matrix.mul: result cols 4 contradict the operands, which give 4x3
// CHECK-NEXT: // {{-----}}
func.func @result_scalar(%s: f64, %A: !matrix.mat<4x3xf64>) {
  %C = matrix.mul %s, %A : (f64, !matrix.mat<4x3xf64>) -> !matrix.mat<4x4xf64>
  func.return
}

// -----

// result type contradicting the broadcast shape (row vector).
// CHECK:      {{.*}}broadcast.mlir:117:3: error: matrix.max: result rows 1 contradict the operands, which give 4x3
// CHECK-NEXT: // {{-----}}
func.func @result_row(%A: !matrix.mat<4x3xf64>, %r: !matrix.mat<1x3xf64>) {
  %C = matrix.max %A, %r : (!matrix.mat<4x3xf64>, !matrix.mat<1x3xf64>) -> !matrix.mat<1x3xf64>
  func.return
}

// -----

// unary op whose result type contradicts its operand.
// CHECK:      {{.*}}broadcast.mlir:127:3: error: matrix.exp: result rows 4 contradict the operands, which give 3x4
// CHECK-NEXT: // {{-----}}
func.func @unary_result(%A: !matrix.mat<3x4xf64>) {
  %C = matrix.exp %A : (!matrix.mat<3x4xf64>) -> !matrix.mat<4x3xf64>
  func.return
}

// -----

// unary ops take a matrix, not a scalar.
// CHECK:      {{.*}}broadcast.mlir:138:3: error: matrix.neg: operand 'input' (#0) is f64, but matrix.neg expects a matrix there
// (xDSL's constraint message, in words)
// CHECK-NEXT: // {{-----}}
func.func @unary_scalar(%s: f64) {
  %C = matrix.neg %s : (f64) -> !matrix.mat<1x1xf64>
  func.return
}

// -----

// select branches must have the condition's shape.
// CHECK:      {{.*}}broadcast.mlir:148:3: error: matrix.select: select branch of shape 1x5 differs from condition 10x5
// CHECK-NEXT: // {{-----}}
func.func @select_branch(%c: !matrix.mat<10x5xf64>, %r: !matrix.mat<1x5xf64>) {
  %C = matrix.select %c, %r, %c : (!matrix.mat<10x5xf64>, !matrix.mat<1x5xf64>, !matrix.mat<10x5xf64>) -> !matrix.mat<10x5xf64>
  func.return
}

// -----

// select result type contradicting the condition.
// CHECK:      {{.*}}broadcast.mlir:158:3: error: matrix.select: result cols 4 contradict the operands, which give 10x5
// CHECK-NOT:  error
func.func @select_result(%c: !matrix.mat<10x5xf64>, %s: f64) {
  %C = matrix.select %c, %s, %s : (!matrix.mat<10x5xf64>, f64, f64) -> !matrix.mat<10x4xf64>
  func.return
}

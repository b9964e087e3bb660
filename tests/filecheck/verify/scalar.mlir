// Verifier errors of to_scalar, from_scalar, cast and the metadata ops.
//
// Each case is one op the verifier must reject, with the full message located at
// the op (file:line:col of its first token). With --verify-diagnostics amls-opt
// prints each case's diagnostic in place of its output and goes on.

// RUN: amls-opt --split-input-file --verify-diagnostics %s | filecheck %s
// RUN: amls-opt --split-input-file --verify-diagnostics %s | filecheck %s --check-prefix=NOTB
// NOTB-NOT: Traceback
// NOTB-NOT: internal error

// to_scalar of a known non-1x1 matrix (column vector).
// CHECK:      {{.*}}scalar.mlir:16:3: error: matrix.to_scalar: to_scalar expects a 1x1 matrix, got 2x1
// CHECK-NEXT: // {{-----}}
func.func @to_scalar_col(%A: !matrix.mat<2x1xf64>) {
  %s = matrix.to_scalar %A : (!matrix.mat<2x1xf64>) -> f64
  func.return
}

// -----

// to_scalar of a matrix with a known dim other than 1.
// CHECK:      {{.*}}scalar.mlir:26:3: error: matrix.to_scalar: to_scalar expects a 1x1 matrix, got ?x3
// CHECK-NEXT: // {{-----}}
func.func @to_scalar_partial(%A: !matrix.mat<?x3xf64>) {
  %s = matrix.to_scalar %A : (!matrix.mat<?x3xf64>) -> f64
  func.return
}

// -----

// from_scalar gives a 1x1 matrix.
// CHECK:      {{.*}}scalar.mlir:36:3: error: matrix.from_scalar: result rows 2 contradict the operands, which give 1x1
// CHECK-NEXT: // {{-----}}
func.func @from_scalar_result(%s: f64) {
  %A = matrix.from_scalar %s : (f64) -> !matrix.mat<2x1xf64>
  func.return
}

// -----

// cast may not change a known row count.
// CHECK:      {{.*}}scalar.mlir:46:3: error: matrix.cast: cast changes known rows from 3 to 4
// CHECK-NEXT: // {{-----}}
func.func @cast_rows(%A: !matrix.mat<3x4xf64>) {
  %B = matrix.cast %A : (!matrix.mat<3x4xf64>) -> !matrix.mat<4x?xf64>
  func.return
}

// -----

// cast may not change a known column count.
// CHECK:      {{.*}}scalar.mlir:56:3: error: matrix.cast: cast changes known cols from 4 to 5
// CHECK-NEXT: // {{-----}}
func.func @cast_cols(%A: !matrix.mat<3x4xf64>) {
  %B = matrix.cast %A : (!matrix.mat<3x4xf64>) -> !matrix.mat<3x5xf64>
  func.return
}

// -----

// cast may not change a known nnz.
// CHECK:      {{.*}}scalar.mlir:66:3: error: matrix.cast: cast changes known nnz from 5 to 6
// CHECK-NEXT: // {{-----}}
func.func @cast_nnz(%A: !matrix.mat<3x4xf64, nnz=5>) {
  %B = matrix.cast %A : (!matrix.mat<3x4xf64, nnz=5>) -> !matrix.mat<?x?xf64, nnz=6>
  func.return
}

// -----

// nrow returns i64.
// CHECK:      {{.*}}scalar.mlir:77:3: error: matrix.nrow: result 'result' (#0) is f64, but matrix.nrow expects i64 there
// (xDSL's constraint message, in words)
// CHECK-NOT:  error
func.func @nrow_result(%A: !matrix.mat<4x4xf64>) {
  %n = matrix.nrow %A : (!matrix.mat<4x4xf64>) -> f64
  func.return
}

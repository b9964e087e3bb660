// Verifier errors of matrix.reduce: kind, axis and result type.
//
// Each case is one op the verifier must reject, with the full message located at
// the op (file:line:col of its first token). With --verify-diagnostics amls-opt
// prints each case's diagnostic in place of its output and goes on.

// RUN: amls-opt --split-input-file --verify-diagnostics %s | filecheck %s
// RUN: amls-opt --split-input-file --verify-diagnostics %s | filecheck %s --check-prefix=NOTB
// NOTB-NOT: Traceback
// NOTB-NOT: internal error

// an unknown reduce kind.
// CHECK:      {{.*}}reduce.mlir:16:3: error: matrix.reduce: unknown reduce kind 'median' (sum, mean, min, max, sumsq, argmin, argmax, minindex, maxindex, var, sd, prod)
// CHECK-NEXT: // {{-----}}
func.func @bad_kind(%A: !matrix.mat<10x5xf64>) {
  %r = matrix.reduce median all %A : (!matrix.mat<10x5xf64>) -> f64
  func.return
}

// -----

// an unknown reduce axis.
// CHECK:      {{.*}}reduce.mlir:26:3: error: matrix.reduce: unknown reduce axis 'diag' (all, row, col)
// CHECK-NEXT: // {{-----}}
func.func @bad_axis(%A: !matrix.mat<10x5xf64>) {
  %r = matrix.reduce sum diag %A : (!matrix.mat<10x5xf64>) -> f64
  func.return
}

// -----

// argmin has no axis all.
// CHECK:      {{.*}}reduce.mlir:36:3: error: matrix.reduce: argmin needs axis row or col
// CHECK-NEXT: // {{-----}}
func.func @argmin_all(%A: !matrix.mat<10x5xf64>) {
  %r = matrix.reduce argmin all %A : (!matrix.mat<10x5xf64>) -> f64
  func.return
}

// -----

// argmax has no axis all.
// CHECK:      {{.*}}reduce.mlir:46:3: error: matrix.reduce: argmax needs axis row or col
// CHECK-NEXT: // {{-----}}
func.func @argmax_all(%A: !matrix.mat<10x5xf64>) {
  %r = matrix.reduce argmax all %A : (!matrix.mat<10x5xf64>) -> f64
  func.return
}

// -----

// axis all returns f64, not a 1x1 matrix.
// CHECK:      {{.*}}reduce.mlir:56:3: error: matrix.reduce: reduce over axis all returns f64
// CHECK-NEXT: // {{-----}}
func.func @all_matrix(%A: !matrix.mat<10x5xf64>) {
  %r = matrix.reduce sum all %A : (!matrix.mat<10x5xf64>) -> !matrix.mat<1x1xf64>
  func.return
}

// -----

// axis row returns a matrix, not f64.
// CHECK:      {{.*}}reduce.mlir:66:3: error: matrix.reduce: reduce over axis row returns a matrix
// CHECK-NEXT: // {{-----}}
func.func @row_scalar(%A: !matrix.mat<10x5xf64>) {
  %r = matrix.reduce mean row %A : (!matrix.mat<10x5xf64>) -> f64
  func.return
}

// -----

// axis col returns a matrix, not f64.
// CHECK:      {{.*}}reduce.mlir:76:3: error: matrix.reduce: reduce over axis col returns a matrix
// CHECK-NEXT: // {{-----}}
func.func @col_scalar(%A: !matrix.mat<10x5xf64>) {
  %r = matrix.reduce argmax col %A : (!matrix.mat<10x5xf64>) -> f64
  func.return
}

// -----

// axis row gives Rx1, not 1xC.
// CHECK:      {{.*}}reduce.mlir:86:3: error: matrix.reduce: result rows 1 contradict the operands, which give 10x1
// CHECK-NEXT: // {{-----}}
func.func @row_shape(%A: !matrix.mat<10x5xf64>) {
  %r = matrix.reduce sum row %A : (!matrix.mat<10x5xf64>) -> !matrix.mat<1x5xf64>
  func.return
}

// -----

// axis col gives 1xC.
// CHECK:      {{.*}}reduce.mlir:96:3: error: matrix.reduce: result cols 10 contradict the operands, which give 1x5
// CHECK-NEXT: // {{-----}}
func.func @col_shape(%A: !matrix.mat<10x5xf64>) {
  %r = matrix.reduce sumsq col %A : (!matrix.mat<10x5xf64>) -> !matrix.mat<1x10xf64>
  func.return
}

// -----

// argmin row gives Rx1.
// CHECK:      {{.*}}reduce.mlir:106:3: error: matrix.reduce: result cols 5 contradict the operands, which give 10x1
// CHECK-NEXT: // {{-----}}
func.func @argmin_row_shape(%A: !matrix.mat<10x5xf64>) {
  %r = matrix.reduce argmin row %A : (!matrix.mat<10x5xf64>) -> !matrix.mat<10x5xf64>
  func.return
}

// -----

// maxindex (DML's rowIndexMax: the last extreme, NaN skipped) has no axis all either.
// CHECK:      {{.*}}reduce.mlir:116:3: error: matrix.reduce: maxindex needs axis row or col
// CHECK-NEXT: // {{-----}}
func.func @maxindex_all(%A: !matrix.mat<10x5xf64>) {
  %r = matrix.reduce maxindex all %A : (!matrix.mat<10x5xf64>) -> f64
  func.return
}

// -----

// minindex row gives Rx1 (this one verifies).
// CHECK-NOT:  error
func.func @minindex_row(%A: !matrix.mat<10x5xf64>) {
  %r = matrix.reduce minindex row %A : (!matrix.mat<10x5xf64>) -> !matrix.mat<10x1xf64>
  func.return
}

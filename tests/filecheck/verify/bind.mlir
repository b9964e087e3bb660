// Verifier errors of cbind and rbind.
//
// Each case is one op the verifier must reject, with the full message located at
// the op (file:line:col of its first token). With --verify-diagnostics amls-opt
// prints each case's diagnostic in place of its output and goes on.

// RUN: amls-opt --split-input-file --verify-diagnostics %s | filecheck %s
// RUN: amls-opt --split-input-file --verify-diagnostics %s | filecheck %s --check-prefix=NOTB
// NOTB-NOT: Traceback
// NOTB-NOT: internal error

// cbind of operands with different rows.
// CHECK:      {{.*}}bind.mlir:16:3: error: matrix.cbind: matrix.cbind operands have different rows: 10x5, 3x3
// CHECK-NEXT: // {{-----}}
func.func @cbind_rows(%A: !matrix.mat<10x5xf64>, %B: !matrix.mat<3x3xf64>) {
  %C = matrix.cbind %A, %B : (!matrix.mat<10x5xf64>, !matrix.mat<3x3xf64>) -> !matrix.mat<?x?xf64>
  func.return
}

// -----

// rbind of operands with different cols.
// CHECK:      {{.*}}bind.mlir:26:3: error: matrix.rbind: matrix.rbind operands have different cols: 10x5, 3x3
// CHECK-NEXT: // {{-----}}
func.func @rbind_cols(%A: !matrix.mat<10x5xf64>, %B: !matrix.mat<3x3xf64>) {
  %C = matrix.rbind %A, %B : (!matrix.mat<10x5xf64>, !matrix.mat<3x3xf64>) -> !matrix.mat<?x?xf64>
  func.return
}

// -----

// rbind of three operands where only the third differs.
// CHECK:      {{.*}}bind.mlir:36:3: error: matrix.rbind: matrix.rbind operands have different cols: 2x5, 3x5, 1x4
// CHECK-NEXT: // {{-----}}
func.func @rbind3_cols(%A: !matrix.mat<2x5xf64>, %B: !matrix.mat<3x5xf64>, %C: !matrix.mat<1x4xf64>) {
  %R = matrix.rbind %A, %B, %C : (!matrix.mat<2x5xf64>, !matrix.mat<3x5xf64>, !matrix.mat<1x4xf64>) -> !matrix.mat<6x5xf64>
  func.return
}

// -----

// cbind of three operands with a mismatch behind an unknown one.
// CHECK:      {{.*}}bind.mlir:46:3: error: matrix.cbind: matrix.cbind operands have different rows: 4x1, ?x2, 5x1
// CHECK-NEXT: // {{-----}}
func.func @cbind3_rows(%A: !matrix.mat<4x1xf64>, %B: !matrix.mat<?x2xf64>, %C: !matrix.mat<5x1xf64>) {
  %R = matrix.cbind %A, %B, %C : (!matrix.mat<4x1xf64>, !matrix.mat<?x2xf64>, !matrix.mat<5x1xf64>) -> !matrix.mat<?x4xf64>
  func.return
}

// -----

// cbind result must have the summed columns.
// CHECK:      {{.*}}bind.mlir:56:3: error: matrix.cbind: result cols 6 contradict the operands, which give 2x7
// CHECK-NEXT: // {{-----}}
func.func @cbind_result(%A: !matrix.mat<2x5xf64>, %B: !matrix.mat<2x1xf64>) {
  %C = matrix.cbind %A, %B, %B : (!matrix.mat<2x5xf64>, !matrix.mat<2x1xf64>, !matrix.mat<2x1xf64>) -> !matrix.mat<2x6xf64>
  func.return
}

// -----

// rbind result must have the shared columns.
// CHECK:      {{.*}}bind.mlir:66:3: error: matrix.rbind: result cols 4 contradict the operands, which give 5x5
// CHECK-NEXT: // {{-----}}
func.func @rbind_result(%A: !matrix.mat<2x5xf64>, %B: !matrix.mat<3x?xf64>) {
  %C = matrix.rbind %A, %B : (!matrix.mat<2x5xf64>, !matrix.mat<3x?xf64>) -> !matrix.mat<5x4xf64>
  func.return
}

// -----

// a bind needs at least two operands.
// CHECK:      {{.*}}bind.mlir:76:3: error: matrix.rbind: matrix.rbind needs at least two operands
// CHECK-NOT:  error
func.func @rbind_one(%A: !matrix.mat<2x5xf64>) {
  %C = matrix.rbind %A : (!matrix.mat<2x5xf64>) -> !matrix.mat<2x5xf64>
  func.return
}

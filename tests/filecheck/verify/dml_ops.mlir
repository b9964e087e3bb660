// Verifier errors of the DML frontend's ops: cumagg kind, det and shapes.
// RUN: amls-opt --split-input-file --verify-diagnostics %s | filecheck %s
// RUN: amls-opt --split-input-file --verify-diagnostics %s | filecheck %s --check-prefix=NOTB
// NOTB-NOT: Traceback
// NOTB-NOT: internal error

// CHECK:      {{.*}}dml_ops.mlir:[[# @LINE + 3]]:3: error: matrix.cumagg: unknown cumagg kind 'mean' (sum, prod, min, max)
// CHECK-NEXT: // {{-----}}
func.func @bad_kind(%A: !matrix.mat<10x5xf64>) {
  %r = matrix.cumagg mean %A : !matrix.mat<10x5xf64>
  func.return
}

// -----

// CHECK:      {{.*}}dml_ops.mlir:[[# @LINE + 3]]:3: error: matrix.det: det expects a square matrix, got 3x4
// CHECK-NEXT: // {{-----}}
func.func @det_not_square(%A: !matrix.mat<3x4xf64>) {
  %r = matrix.det %A : (!matrix.mat<3x4xf64>) -> f64
  func.return
}

// -----

// CHECK:      {{.*}}dml_ops.mlir:[[# @LINE + 2]]:3: error: matrix.rev: result rows 4 contradict the operands, which give 3x4
func.func @rev_shape(%A: !matrix.mat<3x4xf64>) {
  %r = matrix.rev %A : (!matrix.mat<3x4xf64>) -> !matrix.mat<4x4xf64>
  func.return
}

// Verifier errors of matmul, transpose, solve, inv, trace, diag and reshape.
//
// Each case is one op the verifier must reject, with the full message located at
// the op (file:line:col of its first token). With --verify-diagnostics amls-opt
// prints each case's diagnostic in place of its output and goes on.

// RUN: amls-opt --split-input-file --verify-diagnostics %s | filecheck %s
// RUN: amls-opt --split-input-file --verify-diagnostics %s | filecheck %s --check-prefix=NOTB
// NOTB-NOT: Traceback
// NOTB-NOT: internal error

// matmul whose known inner dimensions differ.
// CHECK:      {{.*}}linalg.mlir:16:3: error: matrix.matmul: matmul inner dimensions differ: 100x10 %*% 20x1
// CHECK-NEXT: // {{-----}}
func.func @matmul_inner(%A: !matrix.mat<100x10xf64>, %B: !matrix.mat<20x1xf64>) {
  %C = matrix.matmul %A, %B : (!matrix.mat<100x10xf64>, !matrix.mat<20x1xf64>) -> !matrix.mat<100x1xf64>
  func.return
}

// -----

// matmul inner dims differ even when the outer ones are unknown.
// CHECK:      {{.*}}linalg.mlir:26:3: error: matrix.matmul: matmul inner dimensions differ: ?x3 %*% 4x?
// CHECK-NEXT: // {{-----}}
func.func @matmul_inner_partial(%A: !matrix.mat<?x3xf64>, %B: !matrix.mat<4x?xf64>) {
  %C = matrix.matmul %A, %B : (!matrix.mat<?x3xf64>, !matrix.mat<4x?xf64>) -> !matrix.mat<?x?xf64>
  func.return
}

// -----

// matmul result type contradicting the operands.
// CHECK:      {{.*}}linalg.mlir:36:3: error: matrix.matmul: result cols 4 contradict the operands, which give 3x5
// CHECK-NEXT: // {{-----}}
func.func @matmul_result(%A: !matrix.mat<3x4xf64>, %B: !matrix.mat<4x5xf64>) {
  %C = matrix.matmul %A, %B : (!matrix.mat<3x4xf64>, !matrix.mat<4x5xf64>) -> !matrix.mat<3x4xf64>
  func.return
}

// -----

// transpose of 3x4 declared 3x4.
// CHECK:      {{.*}}linalg.mlir:46:3: error: matrix.transpose: result rows 3 contradict the operands, which give 4x3
// CHECK-NEXT: // {{-----}}
func.func @transpose_result(%A: !matrix.mat<3x4xf64>) {
  %T = matrix.transpose %A : (!matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64>
  func.return
}

// -----

// solve of a non-square system.
// CHECK:      {{.*}}linalg.mlir:56:3: error: matrix.solve: solve expects a square matrix, got 10x5
// CHECK-NEXT: // {{-----}}
func.func @solve_nonsquare(%A: !matrix.mat<10x5xf64>, %b: !matrix.mat<10x1xf64>) {
  %x = matrix.solve %A, %b : (!matrix.mat<10x5xf64>, !matrix.mat<10x1xf64>) -> !matrix.mat<5x1xf64>
  func.return
}

// -----

// solve with a right-hand side of the wrong height.
// CHECK:      {{.*}}linalg.mlir:66:3: error: matrix.solve: solve: 10x10 system with right-hand side 9x1
// CHECK-NEXT: // {{-----}}
func.func @solve_rhs(%A: !matrix.mat<10x10xf64>, %b: !matrix.mat<9x1xf64>) {
  %x = matrix.solve %A, %b : (!matrix.mat<10x10xf64>, !matrix.mat<9x1xf64>) -> !matrix.mat<10x1xf64>
  func.return
}

// -----

// solve result type contradicting the operands.
// CHECK:      {{.*}}linalg.mlir:76:3: error: matrix.solve: result cols 4 contradict the operands, which give 4x1
// CHECK-NEXT: // {{-----}}
func.func @solve_result(%A: !matrix.mat<4x4xf64>, %b: !matrix.mat<4x1xf64>) {
  %x = matrix.solve %A, %b : (!matrix.mat<4x4xf64>, !matrix.mat<4x1xf64>) -> !matrix.mat<4x4xf64>
  func.return
}

// -----

// inv of a non-square matrix.
// CHECK:      {{.*}}linalg.mlir:86:3: error: matrix.inv: inv expects a square matrix, got 10x5
// CHECK-NEXT: // {{-----}}
func.func @inv_nonsquare(%A: !matrix.mat<10x5xf64>) {
  %I = matrix.inv %A : (!matrix.mat<10x5xf64>) -> !matrix.mat<?x?xf64>
  func.return
}

// -----

// trace of a non-square matrix.
// CHECK:      {{.*}}linalg.mlir:96:3: error: matrix.trace: trace expects a square matrix, got 10x5
// CHECK-NEXT: // {{-----}}
func.func @trace_nonsquare(%A: !matrix.mat<10x5xf64>) {
  %t = matrix.trace %A : (!matrix.mat<10x5xf64>) -> f64
  func.return
}

// -----

// trace returns f64, not a matrix.
// CHECK:      {{.*}}linalg.mlir:107:3: error: matrix.trace: result 'result' (#0) is !matrix.mat<1x1xf64>, but matrix.trace expects f64 there
// (xDSL's constraint message, in words)
// CHECK-NEXT: // {{-----}}
func.func @trace_result(%A: !matrix.mat<4x4xf64>) {
  %t = matrix.trace %A : (!matrix.mat<4x4xf64>) -> !matrix.mat<1x1xf64>
  func.return
}

// -----

// diag of a matrix that is neither a column vector nor square.
// CHECK:      {{.*}}linalg.mlir:117:3: error: matrix.diag: diag expects a column vector or a square matrix, got 10x5
// CHECK-NEXT: // {{-----}}
func.func @diag_nonsquare(%A: !matrix.mat<10x5xf64>) {
  %d = matrix.diag %A : (!matrix.mat<10x5xf64>) -> !matrix.mat<?x?xf64>
  func.return
}

// -----

// diag of a column vector is a square matrix, not a vector.
// CHECK:      {{.*}}linalg.mlir:127:3: error: matrix.diag: result cols 1 contradict the operands, which give 5x5
// CHECK-NEXT: // {{-----}}
func.func @diag_vector_result(%v: !matrix.mat<5x1xf64>) {
  %d = matrix.diag %v : (!matrix.mat<5x1xf64>) -> !matrix.mat<5x1xf64>
  func.return
}

// -----

// diag of a square matrix is its diagonal as a column vector.
// CHECK:      {{.*}}linalg.mlir:137:3: error: matrix.diag: result rows 1 contradict the operands, which give 5x1
// CHECK-NEXT: // {{-----}}
func.func @diag_square_result(%S: !matrix.mat<5x5xf64>) {
  %d = matrix.diag %S : (!matrix.mat<5x5xf64>) -> !matrix.mat<1x5xf64>
  func.return
}

// -----

// reshape to a different number of cells.
// CHECK:      {{.*}}linalg.mlir:148:3: error: matrix.reshape: cannot reshape 50 cells into 7x7
// CHECK-NEXT: // {{-----}}
func.func @reshape_cells(%A: !matrix.mat<10x5xf64>) {
  %r = arith.constant 7 : i64
  %R = matrix.reshape %A, %r, %r : (!matrix.mat<10x5xf64>, i64, i64) -> !matrix.mat<7x7xf64>
  func.return
}

// -----

// reshape result type contradicting the constant dims.
// CHECK:      {{.*}}linalg.mlir:160:3: error: matrix.reshape: result rows 2 contradict the operands, which give 25x2
// CHECK-NEXT: // {{-----}}
func.func @reshape_result(%A: !matrix.mat<10x5xf64>) {
  %r = arith.constant 25 : i64
  %c = arith.constant 2 : i64
  %R = matrix.reshape %A, %r, %c : (!matrix.mat<10x5xf64>, i64, i64) -> !matrix.mat<2x25xf64>
  func.return
}

// -----

// reshape to negative dims.
// CHECK:      {{.*}}linalg.mlir:172:3: error: matrix.reshape: rows must be >= 0, got -1
// CHECK-NEXT: // {{-----}}
func.func @reshape_negative(%A: !matrix.mat<?x?xf64>) {
  %r = arith.constant -1 : i64
  %c = arith.constant 4 : i64
  %R = matrix.reshape %A, %r, %c : (!matrix.mat<?x?xf64>, i64, i64) -> !matrix.mat<?x?xf64>
  func.return
}

// -----

// matmul takes matrices only, no scalar operand.
// CHECK:      {{.*}}linalg.mlir:183:3: error: matrix.matmul: operand 'rhs' (#1) is f64, but matrix.matmul expects a matrix there
// (xDSL's constraint message, in words)
// CHECK-NOT:  error
func.func @matmul_scalar(%A: !matrix.mat<4x3xf64>, %s: f64) {
  %C = matrix.matmul %A, %s : (!matrix.mat<4x3xf64>, f64) -> !matrix.mat<4x3xf64>
  func.return
}

// Verifier errors of slice and update (ranges known from constant bounds).
//
// Each case is one op the verifier must reject, with the full message located at
// the op (file:line:col of its first token). With --verify-diagnostics amls-opt
// prints each case's diagnostic in place of its output and goes on.

// RUN: amls-opt --split-input-file --verify-diagnostics %s | filecheck %s
// RUN: amls-opt --split-input-file --verify-diagnostics %s | filecheck %s --check-prefix=NOTB
// NOTB-NOT: Traceback
// NOTB-NOT: internal error

// slice whose row end is past the last row.
// CHECK:      {{.*}}slice.mlir:19:3: error: matrix.slice: row slice end 11 is out of range for 10x5
// CHECK-NEXT: // {{-----}}
func.func @slice_row_end(%A: !matrix.mat<10x5xf64>) {
  %c0 = arith.constant 0 : i64
  %c2 = arith.constant 2 : i64
  %c11 = arith.constant 11 : i64
  %S = matrix.slice %A, %c0, %c11, %c0, %c2 : (!matrix.mat<10x5xf64>, i64, i64, i64, i64) -> !matrix.mat<11x2xf64>
  func.return
}

// -----

// slice whose column end is past the last column (rows unknown).
// CHECK:      {{.*}}slice.mlir:31:3: error: matrix.slice: col slice end 6 is out of range for 10x5
// CHECK-NEXT: // {{-----}}
func.func @slice_col_end(%A: !matrix.mat<10x5xf64>, %r0: i64, %r1: i64) {
  %c0 = arith.constant 0 : i64
  %c6 = arith.constant 6 : i64
  %S = matrix.slice %A, %r0, %r1, %c0, %c6 : (!matrix.mat<10x5xf64>, i64, i64, i64, i64) -> !matrix.mat<?x6xf64>
  func.return
}

// -----

// slice with a reversed range.
// CHECK:      {{.*}}slice.mlir:44:3: error: matrix.slice: col slice [4:2] is reversed
// CHECK-NEXT: // {{-----}}
func.func @slice_reversed(%A: !matrix.mat<10x5xf64>) {
  %c0 = arith.constant 0 : i64
  %c2 = arith.constant 2 : i64
  %c4 = arith.constant 4 : i64
  %S = matrix.slice %A, %c0, %c2, %c4, %c2 : (!matrix.mat<10x5xf64>, i64, i64, i64, i64) -> !matrix.mat<?x?xf64>
  func.return
}

// -----

// slice with a negative start.
// CHECK:      {{.*}}slice.mlir:56:3: error: matrix.slice: row slice start -1 is negative
// CHECK-NEXT: // {{-----}}
func.func @slice_negative(%A: !matrix.mat<10x5xf64>) {
  %m1 = arith.constant -1 : i64
  %c2 = arith.constant 2 : i64
  %S = matrix.slice %A, %m1, %c2, %c2, %c2 : (!matrix.mat<10x5xf64>, i64, i64, i64, i64) -> !matrix.mat<?x?xf64>
  func.return
}

// -----

// slice result type contradicting the constant bounds.
// CHECK:      {{.*}}slice.mlir:68:3: error: matrix.slice: result cols 3 contradict the operands, which give 2x2
// CHECK-NEXT: // {{-----}}
func.func @slice_result(%A: !matrix.mat<10x5xf64>) {
  %c0 = arith.constant 0 : i64
  %c2 = arith.constant 2 : i64
  %S = matrix.slice %A, %c0, %c2, %c0, %c2 : (!matrix.mat<10x5xf64>, i64, i64, i64, i64) -> !matrix.mat<2x3xf64>
  func.return
}

// -----

// update that writes past the last row.
// CHECK:      {{.*}}slice.mlir:80:3: error: matrix.update: update of 3x3 at row 8 is out of range for 10x5
// CHECK-NEXT: // {{-----}}
func.func @update_rows(%A: !matrix.mat<10x5xf64>, %B: !matrix.mat<3x3xf64>) {
  %c0 = arith.constant 0 : i64
  %c8 = arith.constant 8 : i64
  %U = matrix.update %A, %B, %c8, %c0 : (!matrix.mat<10x5xf64>, !matrix.mat<3x3xf64>, i64, i64) -> !matrix.mat<10x5xf64>
  func.return
}

// -----

// update with a value wider than the target, whatever the offset.
// CHECK:      {{.*}}slice.mlir:90:3: error: matrix.update: update of 3x6 at col 0 is out of range for 10x5
// CHECK-NEXT: // {{-----}}
func.func @update_cols(%A: !matrix.mat<10x5xf64>, %B: !matrix.mat<3x6xf64>, %i: i64) {
  %U = matrix.update %A, %B, %i, %i : (!matrix.mat<10x5xf64>, !matrix.mat<3x6xf64>, i64, i64) -> !matrix.mat<10x5xf64>
  func.return
}

// -----

// update at a negative offset.
// CHECK:      {{.*}}slice.mlir:102:3: error: matrix.update: update col offset -2 is negative
// CHECK-NEXT: // {{-----}}
func.func @update_negative(%A: !matrix.mat<10x5xf64>, %B: !matrix.mat<3x3xf64>) {
  %c0 = arith.constant 0 : i64
  %m2 = arith.constant -2 : i64
  %U = matrix.update %A, %B, %c0, %m2 : (!matrix.mat<10x5xf64>, !matrix.mat<3x3xf64>, i64, i64) -> !matrix.mat<10x5xf64>
  func.return
}

// -----

// update result has the target's type.
// CHECK:      {{.*}}slice.mlir:112:3: error: matrix.update: result rows 3 contradict the operands, which give 10x5
// CHECK-NEXT: // {{-----}}
func.func @update_result(%A: !matrix.mat<10x5xf64>, %B: !matrix.mat<3x3xf64>, %i: i64) {
  %U = matrix.update %A, %B, %i, %i : (!matrix.mat<10x5xf64>, !matrix.mat<3x3xf64>, i64, i64) -> !matrix.mat<3x3xf64>
  func.return
}

// -----

// a slice from @amls.jit's X[-7, 0] (numpy_index "0-": its rows from an int index on
// NumPy's axis 0; -7 was counted from the end, -3): NumPy's IndexError words.
// CHECK:      {{.*}}slice.mlir:127:3: error: matrix.slice: index -7 is out of bounds for axis 0 with size 4
// CHECK-NEXT: // {{-----}}
func.func @numpy_index_slice(%A: !matrix.mat<4x3xf64>) {
  %cm3 = arith.constant -3 : i64
  %cm2 = arith.constant -2 : i64
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %S = matrix.slice %A, %cm3, %cm2, %c0, %c1 {numpy_index = "0-"} : (!matrix.mat<4x3xf64>, i64, i64, i64, i64) -> !matrix.mat<1x1xf64>
  func.return
}

// -----

// an update from @amls.jit's Y[:, 3] = v (numpy_index "-1").
// CHECK:      {{.*}}slice.mlir:139:3: error: matrix.update: index 3 is out of bounds for axis 1 with size 3
// CHECK-NEXT: // {{-----}}
func.func @numpy_index_update(%A: !matrix.mat<4x3xf64>, %B: !matrix.mat<4x1xf64>) {
  %c0 = arith.constant 0 : i64
  %c3 = arith.constant 3 : i64
  %U = matrix.update %A, %B, %c0, %c3 {numpy_index = "-1"} : (!matrix.mat<4x3xf64>, !matrix.mat<4x1xf64>, i64, i64) -> !matrix.mat<4x3xf64>
  func.return
}

// -----

// the same slice without the mark: the IR's own words.
// CHECK:      {{.*}}slice.mlir:152:3: error: matrix.slice: row slice start -3 is negative
// CHECK-NOT:  error
func.func @plain_slice(%A: !matrix.mat<4x3xf64>) {
  %cm3 = arith.constant -3 : i64
  %cm2 = arith.constant -2 : i64
  %c0 = arith.constant 0 : i64
  %S = matrix.slice %A, %cm3, %cm2, %c0, %c0 : (!matrix.mat<4x3xf64>, i64, i64, i64, i64) -> !matrix.mat<1x0xf64>
  func.return
}

// Errors in the matrix type: reported at the type while parsing, with the source line and a caret.
//
// Each case is one op the verifier must reject, with the full message located at
// the op (file:line:col of its first token). With --verify-diagnostics amls-opt
// prints each case's diagnostic in place of its output and goes on.

// RUN: amls-opt --split-input-file --verify-diagnostics %s | filecheck %s
// RUN: amls-opt --split-input-file --verify-diagnostics %s | filecheck %s --check-prefix=NOTB
// NOTB-NOT: Traceback
// NOTB-NOT: internal error

// nnz larger than rows * cols.
// CHECK:      {{.*}}types.mlir:18:41: error: !matrix.mat nnz=13 exceeds 3x4 cells
// CHECK-NEXT: func.func @nnz_too_large(%A: !matrix.mat<3x4xf64, nnz=13>) {
// CHECK-NEXT: ^^^^^^^^^^^^^^^^^
//
// CHECK-NEXT: // {{-----}}
func.func @nnz_too_large(%A: !matrix.mat<3x4xf64, nnz=13>) {
  func.return
}

// -----

// a 3-D matrix type.
// CHECK:      {{.*}}types.mlir:30:39: error: !matrix.mat expects 2 dimensions (RxCxf64), got 3
// CHECK-NEXT: func.func @three_dims(%A: !matrix.mat<3x4x5xf64>) {
// CHECK-NEXT: ^
//
// CHECK-NEXT: // {{-----}}
func.func @three_dims(%A: !matrix.mat<3x4x5xf64>) {
  func.return
}

// -----

// a 1-D matrix type.
// CHECK:      {{.*}}types.mlir:42:36: error: !matrix.mat expects 2 dimensions (RxCxf64), got 1
// CHECK-NEXT: func.func @one_dim(%A: !matrix.mat<3xf64>) {
// CHECK-NEXT: ^
//
// CHECK-NEXT: // {{-----}}
func.func @one_dim(%A: !matrix.mat<3xf64>) {
  func.return
}

// -----

// elements other than f64.
// CHECK:      {{.*}}types.mlir:54:32: error: !matrix.mat only supports f64 elements
// CHECK-NEXT: func.func @f32(%A: !matrix.mat<3x4xf32>) {
// CHECK-NEXT: ^
//
// CHECK-NEXT: // {{-----}}
func.func @f32(%A: !matrix.mat<3x4xf32>) {
  func.return
}

// -----

// a negative nnz.
// CHECK:      {{.*}}types.mlir:66:54: error: Expected integer literal
// CHECK-NEXT: func.func @negative_nnz(%A: !matrix.mat<3x4xf64, nnz=-1>) {
// CHECK-NEXT: ^
//
// CHECK-NEXT: // {{-----}}
func.func @negative_nnz(%A: !matrix.mat<3x4xf64, nnz=-1>) {
  func.return
}

// -----

// a negative dim.
// CHECK:      {{.*}}types.mlir:78:41: error: Expected shape type.
// CHECK-NEXT: func.func @negative_dim(%A: !matrix.mat<-1x4xf64>) {
// CHECK-NEXT: ^
//
// CHECK-NEXT: // {{-----}}
func.func @negative_dim(%A: !matrix.mat<-1x4xf64>) {
  func.return
}

// -----

// A dim that does not fit in i64 (nrow and ncol are i64; folding one failed with an
// unlocated "Integer value ... is out of range").
// CHECK:      {{.*}}types.mlir:[[# @LINE + 3]]:43: error: !matrix.mat rows must be below 2^63, got 99999999999999999999
// CHECK-NEXT: func.func @rows_beyond_i64(%X: !matrix.mat<99999999999999999999x5xf64>) -> i64 {
// CHECK-NEXT: ^^^^^^^^^^^^^^^^^^^^^^^^^^^^
func.func @rows_beyond_i64(%X: !matrix.mat<99999999999999999999x5xf64>) -> i64 {
  %n = matrix.nrow %X : (!matrix.mat<99999999999999999999x5xf64>) -> i64
  func.return %n : i64
}

// -----

// an unknown type parameter.
// CHECK:      {{.*}}types.mlir:102:45: error: Expected 'nnz'
// CHECK-NEXT: func.func @bad_key(%A: !matrix.mat<3x4xf64, rows=3>) {
// CHECK-NEXT: ^^^^
//
// CHECK-NOT:  error
func.func @bad_key(%A: !matrix.mat<3x4xf64, rows=3>) {
  func.return
}


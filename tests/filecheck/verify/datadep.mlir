// Verifier errors of table, remove_empty, outer and order (shapes known from types
// and constant operands).
//
// Each case is one op the verifier must reject, with the full message located at
// the op. With --verify-diagnostics amls-opt prints each case's diagnostic in place
// of its output and goes on.

// RUN: amls-opt --split-input-file --verify-diagnostics %s | filecheck %s
// RUN: amls-opt --split-input-file --verify-diagnostics %s | filecheck %s --check-prefix=NOTB
// NOTB-NOT: Traceback
// NOTB-NOT: internal error

// table whose weights have another shape than the first input.
// CHECK:      {{.*}}datadep.mlir:{{[0-9]+}}:3: error: matrix.table: table weights of shape 4x1 differs from the first input 5x1
// CHECK-NEXT: // {{-----}}
func.func @table_weights(%A: !matrix.mat<5x1xf64>, %W: !matrix.mat<4x1xf64>, %b: f64) {
  %T = matrix.table %A, %b, %W : (!matrix.mat<5x1xf64>, f64, !matrix.mat<4x1xf64>) -> !matrix.mat<?x?xf64>
  func.return
}

// -----

// table with one output dim.
// CHECK:      {{.*}}datadep.mlir:{{[0-9]+}}:3: error: matrix.table: table takes no dims or rows and cols, got 1
// CHECK-NEXT: // {{-----}}
func.func @table_one_dim(%A: !matrix.mat<5x1xf64>, %b: f64, %n: i64) {
  %T = matrix.table %A, %b, %b, %n : (!matrix.mat<5x1xf64>, f64, f64, i64) -> !matrix.mat<?x?xf64>
  func.return
}

// -----

// table whose result contradicts its constant dims.
// CHECK:      {{.*}}datadep.mlir:{{[0-9]+}}:3: error: matrix.table: result rows 2 contradict the operands, which give 3x3
// CHECK-NEXT: // {{-----}}
func.func @table_dims(%A: !matrix.mat<5x1xf64>, %b: f64) {
  %n = arith.constant 3 : i64
  %T = matrix.table %A, %b, %b, %n, %n : (!matrix.mat<5x1xf64>, f64, f64, i64, i64) -> !matrix.mat<2x3xf64>
  func.return
}

// -----

// remove_empty with an unknown margin.
// CHECK:      {{.*}}datadep.mlir:{{[0-9]+}}:3: error: matrix.remove_empty: margin must be rows or cols, got 'both'
// CHECK-NEXT: // {{-----}}
func.func @remove_empty_margin(%X: !matrix.mat<3x4xf64>) {
  %R = matrix.remove_empty both %X : (!matrix.mat<3x4xf64>) -> !matrix.mat<?x?xf64>
  func.return
}

// -----

// remove_empty whose select has another length than the rows.
// CHECK:      {{.*}}datadep.mlir:{{[0-9]+}}:3: error: matrix.remove_empty: remove_empty select of 4 cells for 3 rows
// CHECK-NEXT: // {{-----}}
func.func @remove_empty_select(%X: !matrix.mat<3x4xf64>, %s: !matrix.mat<4x1xf64>) {
  %R = matrix.remove_empty rows %X, %s : (!matrix.mat<3x4xf64>, !matrix.mat<4x1xf64>) -> !matrix.mat<?x4xf64>
  func.return
}

// -----

// remove_empty by rows keeps the columns.
// CHECK:      {{.*}}datadep.mlir:{{[0-9]+}}:3: error: matrix.remove_empty: result cols 3 contradict the operands, which give ?x4
// CHECK-NEXT: // {{-----}}
func.func @remove_empty_cols(%X: !matrix.mat<3x4xf64>) {
  %R = matrix.remove_empty rows %X : (!matrix.mat<3x4xf64>) -> !matrix.mat<?x3xf64>
  func.return
}

// -----

// outer of a matrix.
// CHECK:      {{.*}}datadep.mlir:{{[0-9]+}}:3: error: matrix.outer: outer expects a column vector first, got 3x2
// CHECK-NEXT: // {{-----}}
func.func @outer_matrix(%X: !matrix.mat<3x2xf64>, %v: !matrix.mat<1x2xf64>) {
  %O = matrix.outer add %X, %v : (!matrix.mat<3x2xf64>, !matrix.mat<1x2xf64>) -> !matrix.mat<3x2xf64>
  func.return
}

// -----

// outer with an unknown op.
// CHECK:      {{.*}}datadep.mlir:{{[0-9]+}}:3: error: matrix.outer: unknown outer op 'xor' (add, sub, mul, div, pow, min, max, mod, eq, ne, lt, le, gt, ge, and, or)
// CHECK-NEXT: // {{-----}}
func.func @outer_op(%u: !matrix.mat<3x1xf64>, %v: !matrix.mat<1x2xf64>) {
  %O = matrix.outer xor %u, %v : (!matrix.mat<3x1xf64>, !matrix.mat<1x2xf64>) -> !matrix.mat<3x2xf64>
  func.return
}

// -----

// order by a column past the last one.
// CHECK:      {{.*}}datadep.mlir:{{[0-9]+}}:3: error: matrix.order: order by column 2 is out of range for 3x2
// CHECK-NEXT: // {{-----}}
func.func @order_by(%X: !matrix.mat<3x2xf64>) {
  %by = arith.constant 2 : i64
  %S = matrix.order %X, %by : (!matrix.mat<3x2xf64>, i64) -> !matrix.mat<3x2xf64>
  func.return
}

// -----

// order with index_return gives one column.
// CHECK:      {{.*}}datadep.mlir:{{[0-9]+}}:3: error: matrix.order: result cols 2 contradict the operands, which give 3x1
func.func @order_index(%X: !matrix.mat<3x2xf64>, %by: i64) {
  %S = matrix.order %X, %by {index_return = true} : (!matrix.mat<3x2xf64>, i64) -> !matrix.mat<3x2xf64>
  func.return
}

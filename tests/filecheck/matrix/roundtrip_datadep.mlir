// Round trip of the data-dependent reorganisation ops: table remove_empty outer order.
//
// Each case must print in the custom syntax exactly as in its CHECK lines, the
// custom output must re-parse to the same text, and the generic form
// (--print-op-generic) must re-parse to the same custom output. GEN checks the
// generic form itself: fixed operand order (table's optional dims and remove_empty's
// optional select last), properties named as in dialects/matrix.py.

// RUN: amls-opt %s --split-input-file | filecheck %s
// RUN: amls-opt %s --split-input-file | amls-opt --split-input-file | filecheck %s
// RUN: amls-opt %s --split-input-file --print-op-generic | amls-opt --split-input-file | filecheck %s
// RUN: amls-opt %s --split-input-file --print-op-generic | filecheck %s --check-prefix=GEN
// RUN: amls-opt %s --split-input-file | filecheck %s --check-prefix=CUSTOM
// RUN: amls-opt %s --split-input-file --print-op-generic | filecheck %s --check-prefix=GENERIC

// CUSTOM-NOT: "matrix.
// CUSTOM-NOT: <{{[{]}}
// CUSTOM-NOT: error
// GENERIC-NOT: {{^ *(%[a-z0-9_]+ = )?}}matrix.
// GENERIC-NOT: error

// matrix.table: (A, B or scalar, W or scalar[, rows, cols]) -> counts; `?` dims from data.
// CHECK-LABEL: func.func @table(
// CHECK:      %t = matrix.table %A, %B, %w : (!matrix.mat<5x1xf64>, !matrix.mat<5x1xf64>, f64) -> !matrix.mat<?x?xf64>{{$}}
// CHECK-NEXT: %u = matrix.table %A, %w, %W, %n, %n : (!matrix.mat<5x1xf64>, f64, !matrix.mat<5x1xf64>, i64, i64) -> !matrix.mat<2x2xf64>{{$}}
// CHECK-NEXT: func.return
// GEN-LABEL: "func.func"() <{sym_name = "table"
// GEN:      %t = "matrix.table"(%A, %B, %w) : (!matrix.mat<5x1xf64>, !matrix.mat<5x1xf64>, f64) -> !matrix.mat<?x?xf64>{{$}}
// GEN-NEXT: %u = "matrix.table"(%A, %w, %W, %n, %n) : (!matrix.mat<5x1xf64>, f64, !matrix.mat<5x1xf64>, i64, i64) -> !matrix.mat<2x2xf64>{{$}}
func.func @table(%A: !matrix.mat<5x1xf64>, %B: !matrix.mat<5x1xf64>, %W: !matrix.mat<5x1xf64>) -> (!matrix.mat<?x?xf64>, !matrix.mat<2x2xf64>) {
  %w = arith.constant 1.0 : f64
  %n = arith.constant 2 : i64
  %t = matrix.table %A, %B, %w : (!matrix.mat<5x1xf64>, !matrix.mat<5x1xf64>, f64) -> !matrix.mat<?x?xf64>
  %u = "matrix.table"(%A, %w, %W, %n, %n) : (!matrix.mat<5x1xf64>, f64, !matrix.mat<5x1xf64>, i64, i64) -> !matrix.mat<2x2xf64>
  func.return %t, %u : !matrix.mat<?x?xf64>, !matrix.mat<2x2xf64>
}

// -----

// matrix.remove_empty MARGIN: (X[, select]) -> X without its empty rows (cols).
// CHECK-LABEL: func.func @remove_empty(
// CHECK:      %r = matrix.remove_empty rows %X : (!matrix.mat<3x4xf64>) -> !matrix.mat<?x4xf64>{{$}}
// CHECK-NEXT: %c = matrix.remove_empty cols %X, %s {empty_return = false} : (!matrix.mat<3x4xf64>, !matrix.mat<1x4xf64>) -> !matrix.mat<3x?xf64>{{$}}
// CHECK-NEXT: func.return
// GEN-LABEL: "func.func"() <{sym_name = "remove_empty"
// GEN:      %r = "matrix.remove_empty"(%X) <{margin = "rows"}> : (!matrix.mat<3x4xf64>) -> !matrix.mat<?x4xf64>{{$}}
// GEN-NEXT: %c = "matrix.remove_empty"(%X, %s) <{margin = "cols", empty_return = false}> : (!matrix.mat<3x4xf64>, !matrix.mat<1x4xf64>) -> !matrix.mat<3x?xf64>{{$}}
func.func @remove_empty(%X: !matrix.mat<3x4xf64>, %s: !matrix.mat<1x4xf64>) -> (!matrix.mat<?x4xf64>, !matrix.mat<3x?xf64>) {
  %r = matrix.remove_empty rows %X : (!matrix.mat<3x4xf64>) -> !matrix.mat<?x4xf64>
  %c = matrix.remove_empty cols %X, %s {empty_return = false} : (!matrix.mat<3x4xf64>, !matrix.mat<1x4xf64>) -> !matrix.mat<3x?xf64>
  func.return %r, %c : !matrix.mat<?x4xf64>, !matrix.mat<3x?xf64>
}

// -----

// matrix.outer OP: (column, row) -> every pair under OP; matrix.order: (X, by) -> rows sorted.
// CHECK-LABEL: func.func @outer_order(
// CHECK:      %o = matrix.outer pow %u, %v : (!matrix.mat<3x1xf64>, !matrix.mat<1x2xf64>) -> !matrix.mat<3x2xf64>{{$}}
// CHECK-NEXT: %a = matrix.order %X, %by : (!matrix.mat<3x2xf64>, i64) -> !matrix.mat<3x2xf64>{{$}}
// CHECK-NEXT: %i = matrix.order %X, %by {decreasing = true, index_return = true} : (!matrix.mat<3x2xf64>, i64) -> !matrix.mat<3x1xf64>{{$}}
// CHECK-NEXT: func.return
// GEN-LABEL: "func.func"() <{sym_name = "outer_order"
// GEN:      %o = "matrix.outer"(%u, %v) <{op = "pow"}> : (!matrix.mat<3x1xf64>, !matrix.mat<1x2xf64>) -> !matrix.mat<3x2xf64>{{$}}
// GEN-NEXT: %a = "matrix.order"(%X, %by) : (!matrix.mat<3x2xf64>, i64) -> !matrix.mat<3x2xf64>{{$}}
// GEN-NEXT: %i = "matrix.order"(%X, %by) <{decreasing = true, index_return = true}> : (!matrix.mat<3x2xf64>, i64) -> !matrix.mat<3x1xf64>{{$}}
func.func @outer_order(%u: !matrix.mat<3x1xf64>, %v: !matrix.mat<1x2xf64>, %X: !matrix.mat<3x2xf64>) -> (!matrix.mat<3x2xf64>, !matrix.mat<3x2xf64>, !matrix.mat<3x1xf64>) {
  %by = arith.constant 1 : i64
  %o = matrix.outer pow %u, %v : (!matrix.mat<3x1xf64>, !matrix.mat<1x2xf64>) -> !matrix.mat<3x2xf64>
  %a = matrix.order %X, %by : (!matrix.mat<3x2xf64>, i64) -> !matrix.mat<3x2xf64>
  %i = matrix.order %X, %by {index_return = true, decreasing = true} : (!matrix.mat<3x2xf64>, i64) -> !matrix.mat<3x1xf64>
  func.return %o, %a, %i : !matrix.mat<3x2xf64>, !matrix.mat<3x2xf64>, !matrix.mat<3x1xf64>
}

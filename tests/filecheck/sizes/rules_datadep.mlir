// size-inference rules of the data-dependent ops: table remove_empty outer order.
// table's dims are the data's unless given; remove_empty keeps the other dim, keeps
// nnz without a select, and is exact where no line can be empty (nnz = cells) or all
// are (the one zero line); its bound on the dropped dim is the input's (EXPLAIN `<=`).
// What follows a `?` dim is inferred as usual (t(R) %*% R is 4x4).
//
// The second amls-opt re-parses and re-verifies the output: the IR stays valid.

// RUN: amls-opt %s -p size-inference | amls-opt | filecheck %s
// RUN: amls-opt %s -p size-inference --explain | filecheck %s --check-prefix=EXPLAIN

// CHECK-LABEL: func.func @datadep(
// CHECK:       %T = matrix.table %A, %one, %one : (!matrix.mat<6x1xf64>, f64, f64) -> !matrix.mat<?x?xf64>{{$}}
// CHECK-NEXT:  %D = matrix.table %A, %A, %one, %c3, %c2 : (!matrix.mat<6x1xf64>, !matrix.mat<6x1xf64>, f64, i64, i64) -> !matrix.mat<3x2xf64>{{$}}
// CHECK-NEXT:  %R = matrix.remove_empty rows %S : (!matrix.mat<5x4xf64, nnz=7>) -> !matrix.mat<?x4xf64, nnz=7>{{$}}
// CHECK-NEXT:  %C = matrix.remove_empty cols %S, %sc : (!matrix.mat<5x4xf64, nnz=7>, !matrix.mat<1x4xf64>) -> !matrix.mat<5x?xf64>{{$}}
// CHECK-NEXT:  %K = matrix.remove_empty rows %F : !matrix.mat<3x4xf64, nnz=12>{{$}}
// CHECK-NEXT:  %E = matrix.remove_empty cols %Z : (!matrix.mat<3x4xf64, nnz=0>) -> !matrix.mat<3x1xf64, nnz=0>{{$}}
// CHECK-NEXT:  %Rt = matrix.transpose %R : (!matrix.mat<?x4xf64, nnz=7>) -> !matrix.mat<4x?xf64, nnz=7>{{$}}
// CHECK-NEXT:  %G = matrix.matmul %Rt, %R : (!matrix.mat<4x?xf64, nnz=7>, !matrix.mat<?x4xf64, nnz=7>) -> !matrix.mat<4x4xf64>{{$}}
// CHECK-NEXT:  %O = matrix.outer lt %u, %v : (!matrix.mat<5x1xf64>, !matrix.mat<1x3xf64>) -> !matrix.mat<5x3xf64>{{$}}
// CHECK-NEXT:  %P = matrix.order %S, %by : (!matrix.mat<5x4xf64, nnz=7>, i64) -> !matrix.mat<5x4xf64, nnz=7>{{$}}
// CHECK-NEXT:  %I = matrix.order %S, %by {index_return = true} : (!matrix.mat<5x4xf64, nnz=7>, i64) -> !matrix.mat<5x1xf64, nnz=4>{{$}}
// EXPLAIN:      {{ +}}5  matrix.table {{ +}}%A,(1),(1) {{ +}}? {{ +}}? {{ +}}? {{ +}}6 
// EXPLAIN-NEXT: {{ +}}6  matrix.table {{ +}}%A,%A,(1),(3),(2) {{ +}}3 {{ +}}2 {{ +}}? {{ +}}6 
// EXPLAIN-NEXT: {{ +}}7  matrix.remove_empty rows{{ +}}%S {{ +}}<=5 {{ +}}4 {{ +}}7 {{ +}}7 
// EXPLAIN-NEXT: {{ +}}8  matrix.remove_empty cols{{ +}}%S,%sc {{ +}}5 {{ +}}<=4 {{ +}}? {{ +}}7 
// EXPLAIN-NEXT: {{ +}}9  matrix.remove_empty rows{{ +}}%F {{ +}}3 {{ +}}4 {{ +}}12 {{ +}}12 
// EXPLAIN-NEXT: {{ +}}10  matrix.remove_empty cols{{ +}}%Z {{ +}}3 {{ +}}1 {{ +}}0 {{ +}}0 
// EXPLAIN-NEXT: {{ +}}11  matrix.transpose {{ +}}(7) {{ +}}4 {{ +}}<=5 {{ +}}7 {{ +}}7 
// EXPLAIN-NEXT: {{ +}}12  matrix.matmul {{ +}}(11),(7) {{ +}}4 {{ +}}4 {{ +}}? {{ +}}16 
// EXPLAIN-NEXT: {{ +}}13  matrix.outer lt {{ +}}%u,%v {{ +}}5 {{ +}}3 {{ +}}? {{ +}}15 
// EXPLAIN-NEXT: {{ +}}14  matrix.order {{ +}}%S,(4) {{ +}}5 {{ +}}4 {{ +}}7 {{ +}}7 
// EXPLAIN-NEXT: {{ +}}15  matrix.order {{ +}}%S,(4) {{ +}}5 {{ +}}1 {{ +}}4 {{ +}}4 
func.func @datadep(%A: !matrix.mat<6x1xf64>, %S: !matrix.mat<5x4xf64, nnz=7>, %F: !matrix.mat<3x4xf64, nnz=12>, %Z: !matrix.mat<3x4xf64, nnz=0>, %u: !matrix.mat<5x1xf64>, %v: !matrix.mat<1x3xf64>, %sc: !matrix.mat<1x4xf64>) {
  %one = arith.constant 1.0 : f64
  %c2 = arith.constant 2 : i64
  %c3 = arith.constant 3 : i64
  %by = arith.constant 0 : i64
  %T = matrix.table %A, %one, %one : (!matrix.mat<6x1xf64>, f64, f64) -> !matrix.mat<?x?xf64>
  %D = matrix.table %A, %A, %one, %c3, %c2 : (!matrix.mat<6x1xf64>, !matrix.mat<6x1xf64>, f64, i64, i64) -> !matrix.mat<?x?xf64>
  %R = matrix.remove_empty rows %S : (!matrix.mat<5x4xf64, nnz=7>) -> !matrix.mat<?x?xf64>
  %C = matrix.remove_empty cols %S, %sc : (!matrix.mat<5x4xf64, nnz=7>, !matrix.mat<1x4xf64>) -> !matrix.mat<?x?xf64>
  %K = matrix.remove_empty rows %F : (!matrix.mat<3x4xf64, nnz=12>) -> !matrix.mat<?x?xf64>
  %E = matrix.remove_empty cols %Z : (!matrix.mat<3x4xf64, nnz=0>) -> !matrix.mat<?x?xf64>
  %Rt = matrix.transpose %R : !matrix.mat<?x?xf64>
  %G = matrix.matmul %Rt, %R : !matrix.mat<?x?xf64>
  %O = matrix.outer lt %u, %v : (!matrix.mat<5x1xf64>, !matrix.mat<1x3xf64>) -> !matrix.mat<?x?xf64>
  %P = matrix.order %S, %by : (!matrix.mat<5x4xf64, nnz=7>, i64) -> !matrix.mat<?x?xf64>
  %I = matrix.order %S, %by {index_return = true} : (!matrix.mat<5x4xf64, nnz=7>, i64) -> !matrix.mat<?x?xf64>
  func.return
}

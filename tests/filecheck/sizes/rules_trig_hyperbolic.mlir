// size-inference of asin, acos, atan, sinh, cosh, tanh and isinf: the input's dims
// always. asin, atan, sinh, tanh and isinf map 0 to 0: an empty input stays empty, and
// the input's nnz bounds the result's (WC-NNZ in --explain) without being stated as
// exact; acos(0) = pi/2 and cosh(0) = 1 do not keep zeros: dense, and cosh >= 1 is
// never zero, so its nnz is all cells exactly.

// RUN: amls-opt %s --split-input-file -p size-inference | amls-opt --split-input-file | filecheck %s
// RUN: amls-opt %s --split-input-file --explain | filecheck %s --check-prefix=EXPLAIN

// CHECK-LABEL: func.func @zero_keeping(
// CHECK:       %a = matrix.asin %A : (!matrix.mat<3x4xf64, nnz=5>) -> !matrix.mat<3x4xf64>{{$}}
// CHECK-NEXT:  %t = matrix.atan %A : (!matrix.mat<3x4xf64, nnz=5>) -> !matrix.mat<3x4xf64>{{$}}
// CHECK-NEXT:  %s = matrix.sinh %A : (!matrix.mat<3x4xf64, nnz=5>) -> !matrix.mat<3x4xf64>{{$}}
// CHECK-NEXT:  %h = matrix.tanh %A : (!matrix.mat<3x4xf64, nnz=5>) -> !matrix.mat<3x4xf64>{{$}}
// CHECK-NEXT:  %i = matrix.isinf %A : (!matrix.mat<3x4xf64, nnz=5>) -> !matrix.mat<3x4xf64>{{$}}
// CHECK-NEXT:  %ae = matrix.asin %E : !matrix.mat<3x4xf64, nnz=0>{{$}}
// CHECK-NEXT:  %te = matrix.atan %E : !matrix.mat<3x4xf64, nnz=0>{{$}}
// CHECK-NEXT:  %se = matrix.sinh %E : !matrix.mat<3x4xf64, nnz=0>{{$}}
// CHECK-NEXT:  %he = matrix.tanh %E : !matrix.mat<3x4xf64, nnz=0>{{$}}
// CHECK-NEXT:  %ie = matrix.isinf %E : !matrix.mat<3x4xf64, nnz=0>{{$}}
// EXPLAIN:     func @zero_keeping(
// EXPLAIN:     matrix.asin {{ +}}%A {{ +}}3 {{ +}}4 {{ +}}? {{ +}}5 {{ +}}5 {{.*}}dense
// EXPLAIN:     matrix.atan {{ +}}%A {{ +}}3 {{ +}}4 {{ +}}? {{ +}}5 {{ +}}5 {{.*}}dense
// EXPLAIN:     matrix.sinh {{ +}}%A {{ +}}3 {{ +}}4 {{ +}}? {{ +}}5 {{ +}}5 {{.*}}dense
// EXPLAIN:     matrix.tanh {{ +}}%A {{ +}}3 {{ +}}4 {{ +}}? {{ +}}5 {{ +}}5 {{.*}}dense
// EXPLAIN:     matrix.isinf {{ +}}%A {{ +}}3 {{ +}}4 {{ +}}? {{ +}}5 {{ +}}5 {{.*}}dense
// EXPLAIN:     matrix.asin {{ +}}%E {{ +}}3 {{ +}}4 {{ +}}0 {{ +}}0 {{ +}}0 {{.*}}sparse
func.func @zero_keeping(%A: !matrix.mat<3x4xf64, nnz=5>, %E: !matrix.mat<3x4xf64, nnz=0>) {
  %a = matrix.asin %A : (!matrix.mat<3x4xf64, nnz=5>) -> !matrix.mat<?x?xf64>
  %t = matrix.atan %A : (!matrix.mat<3x4xf64, nnz=5>) -> !matrix.mat<?x?xf64>
  %s = matrix.sinh %A : (!matrix.mat<3x4xf64, nnz=5>) -> !matrix.mat<?x?xf64>
  %h = matrix.tanh %A : (!matrix.mat<3x4xf64, nnz=5>) -> !matrix.mat<?x?xf64>
  %i = matrix.isinf %A : (!matrix.mat<3x4xf64, nnz=5>) -> !matrix.mat<?x?xf64>
  %ae = matrix.asin %E : (!matrix.mat<3x4xf64, nnz=0>) -> !matrix.mat<?x?xf64>
  %te = matrix.atan %E : (!matrix.mat<3x4xf64, nnz=0>) -> !matrix.mat<?x?xf64>
  %se = matrix.sinh %E : (!matrix.mat<3x4xf64, nnz=0>) -> !matrix.mat<?x?xf64>
  %he = matrix.tanh %E : (!matrix.mat<3x4xf64, nnz=0>) -> !matrix.mat<?x?xf64>
  %ie = matrix.isinf %E : (!matrix.mat<3x4xf64, nnz=0>) -> !matrix.mat<?x?xf64>
  func.return
}

// -----

// acos and cosh of a sparse or even empty input are dense: acos has no nnz (acos(1) is
// 0), cosh all 12 cells; unknown dims stay unknown.
// CHECK-LABEL: func.func @dense(
// CHECK:       %a = matrix.acos %A : (!matrix.mat<3x4xf64, nnz=5>) -> !matrix.mat<3x4xf64>{{$}}
// CHECK-NEXT:  %c = matrix.cosh %A : (!matrix.mat<3x4xf64, nnz=5>) -> !matrix.mat<3x4xf64, nnz=12>{{$}}
// CHECK-NEXT:  %ae = matrix.acos %E : (!matrix.mat<3x4xf64, nnz=0>) -> !matrix.mat<3x4xf64>{{$}}
// CHECK-NEXT:  %ce = matrix.cosh %E : (!matrix.mat<3x4xf64, nnz=0>) -> !matrix.mat<3x4xf64, nnz=12>{{$}}
// CHECK-NEXT:  %cu = matrix.cosh %U : !matrix.mat<?x4xf64>{{$}}
// EXPLAIN:     func @dense(
// EXPLAIN:     matrix.acos {{ +}}%A {{ +}}3 {{ +}}4 {{ +}}? {{ +}}12 {{ +}}12 {{.*}}dense
// EXPLAIN:     matrix.cosh {{ +}}%A {{ +}}3 {{ +}}4 {{ +}}12 {{ +}}12 {{ +}}12 {{.*}}dense
func.func @dense(%A: !matrix.mat<3x4xf64, nnz=5>, %E: !matrix.mat<3x4xf64, nnz=0>, %U: !matrix.mat<?x4xf64>) {
  %a = matrix.acos %A : (!matrix.mat<3x4xf64, nnz=5>) -> !matrix.mat<?x?xf64>
  %c = matrix.cosh %A : (!matrix.mat<3x4xf64, nnz=5>) -> !matrix.mat<?x?xf64>
  %ae = matrix.acos %E : (!matrix.mat<3x4xf64, nnz=0>) -> !matrix.mat<?x?xf64>
  %ce = matrix.cosh %E : (!matrix.mat<3x4xf64, nnz=0>) -> !matrix.mat<?x?xf64>
  %cu = matrix.cosh %U : (!matrix.mat<?x4xf64>) -> !matrix.mat<?x?xf64>
  func.return
}

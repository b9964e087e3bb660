// size-inference rules of the linear algebra and reorganisation ops: matmul
// transpose diag reshape reduce trace slice update cbind rbind solve inv cast.
// Inputs carry their facts in the argument types; every result starts as `?x?`.
// `{{$}}` after a type proves that no nnz is stated where it is not exactly known.
//
// The second amls-opt re-parses and re-verifies the output: the IR stays valid.

// RUN: amls-opt %s --split-input-file -p size-inference | amls-opt --split-input-file | filecheck %s

// matmul: rows of A, cols of B; no nnz for non-empty inputs; empty if either
// input is empty and both are known to be finite (generated here by rand/fill).
// CHECK-LABEL: func.func @matmul(
// CHECK:       %C = matrix.matmul %A, %B : (!matrix.mat<3x4xf64, nnz=12>, !matrix.mat<4x2xf64, nnz=8>) -> !matrix.mat<3x2xf64>{{$}}
// CHECK-NEXT:  %L = matrix.matmul %A, %E : (!matrix.mat<3x4xf64, nnz=12>, !matrix.mat<4x2xf64, nnz=0>) -> !matrix.mat<3x2xf64, nnz=0>{{$}}
// CHECK-NEXT:  %R = matrix.matmul %F, %B : (!matrix.mat<3x4xf64, nnz=0>, !matrix.mat<4x2xf64, nnz=8>) -> !matrix.mat<3x2xf64, nnz=0>{{$}}
func.func @matmul() {
  %c2 = arith.constant 2 : i64
  %c3 = arith.constant 3 : i64
  %c4 = arith.constant 4 : i64
  %zero = arith.constant 0.0 : f64
  %A = matrix.rand %c3, %c4 {min = 1.0, max = 2.0, seed = 1} : (i64, i64) -> !matrix.mat<?x?xf64>
  %B = matrix.rand %c4, %c2 {min = 1.0, max = 2.0, seed = 2} : (i64, i64) -> !matrix.mat<?x?xf64>
  %E = matrix.fill %zero, %c4, %c2 : (f64, i64, i64) -> !matrix.mat<?x?xf64>
  %F = matrix.fill %zero, %c3, %c4 : (f64, i64, i64) -> !matrix.mat<?x?xf64>
  %C = matrix.matmul %A, %B : !matrix.mat<?x?xf64>
  %L = matrix.matmul %A, %E : !matrix.mat<?x?xf64>
  %R = matrix.matmul %F, %B : !matrix.mat<?x?xf64>
  func.return
}

// -----

// matmul: operands known only by their types may hold Inf/NaN (0 * Inf = NaN),
// so an empty operand does not make the product empty.
// CHECK-LABEL: func.func @matmul_not_finite(
// CHECK:       %L = matrix.matmul %A, %E : (!matrix.mat<3x4xf64, nnz=12>, !matrix.mat<4x2xf64, nnz=0>) -> !matrix.mat<3x2xf64>{{$}}
// CHECK-NEXT:  %R = matrix.matmul %F, %B : (!matrix.mat<3x4xf64, nnz=0>, !matrix.mat<4x2xf64, nnz=8>) -> !matrix.mat<3x2xf64>{{$}}
func.func @matmul_not_finite(%A: !matrix.mat<3x4xf64, nnz=12>, %B: !matrix.mat<4x2xf64, nnz=8>, %E: !matrix.mat<4x2xf64, nnz=0>, %F: !matrix.mat<3x4xf64, nnz=0>) {
  %L = matrix.matmul %A, %E : (!matrix.mat<3x4xf64, nnz=12>, !matrix.mat<4x2xf64, nnz=0>) -> !matrix.mat<?x?xf64>
  %R = matrix.matmul %F, %B : (!matrix.mat<3x4xf64, nnz=0>, !matrix.mat<4x2xf64, nnz=8>) -> !matrix.mat<?x?xf64>
  func.return
}

// -----

// matmul with unknown dims: each outer dim survives on its own.
// CHECK-LABEL: func.func @matmul_unknown(
// CHECK:       %C = matrix.matmul %P, %Q : (!matrix.mat<3x?xf64>, !matrix.mat<?x?xf64>) -> !matrix.mat<3x?xf64>{{$}}
// CHECK-NEXT:  %D = matrix.matmul %Q, %B : (!matrix.mat<?x?xf64>, !matrix.mat<4x2xf64>) -> !matrix.mat<?x2xf64>{{$}}
func.func @matmul_unknown(%P: !matrix.mat<3x?xf64>, %Q: !matrix.mat<?x?xf64>, %B: !matrix.mat<4x2xf64>) {
  %C = matrix.matmul %P, %Q : (!matrix.mat<3x?xf64>, !matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>
  %D = matrix.matmul %Q, %B : (!matrix.mat<?x?xf64>, !matrix.mat<4x2xf64>) -> !matrix.mat<?x?xf64>
  func.return
}

// -----

// transpose: dims swap (known or not), nnz is kept.
// CHECK-LABEL: func.func @transpose(
// CHECK:       %t = matrix.transpose %A : (!matrix.mat<3x4xf64, nnz=5>) -> !matrix.mat<4x3xf64, nnz=5>{{$}}
// CHECK-NEXT:  %u = matrix.transpose %P : (!matrix.mat<3x?xf64>) -> !matrix.mat<?x3xf64>{{$}}
func.func @transpose(%A: !matrix.mat<3x4xf64, nnz=5>, %P: !matrix.mat<3x?xf64>) {
  %t = matrix.transpose %A : (!matrix.mat<3x4xf64, nnz=5>) -> !matrix.mat<?x?xf64>
  %u = matrix.transpose %P : (!matrix.mat<3x?xf64>) -> !matrix.mat<?x?xf64>
  func.return
}

// -----

// diag of a column vector: a square diagonal matrix with the vector's nnz.
// CHECK-LABEL: func.func @diag_vector(
// CHECK:       %D = matrix.diag %v : (!matrix.mat<3x1xf64, nnz=2>) -> !matrix.mat<3x3xf64, nnz=2>{{$}}
// CHECK-NEXT:  %E = matrix.diag %w : (!matrix.mat<5x1xf64>) -> !matrix.mat<5x5xf64>{{$}}
func.func @diag_vector(%v: !matrix.mat<3x1xf64, nnz=2>, %w: !matrix.mat<5x1xf64>) {
  %D = matrix.diag %v : (!matrix.mat<3x1xf64, nnz=2>) -> !matrix.mat<?x?xf64>
  %E = matrix.diag %w : (!matrix.mat<5x1xf64>) -> !matrix.mat<?x?xf64>
  func.return
}

// -----

// diag of a square matrix: its diagonal as a column; no nnz (where the non-zeros
// sit is unknown) unless the matrix is empty.
// CHECK-LABEL: func.func @diag_square(
// CHECK:       %d = matrix.diag %S : (!matrix.mat<3x3xf64, nnz=9>) -> !matrix.mat<3x1xf64>{{$}}
// CHECK-NEXT:  %e = matrix.diag %Z : (!matrix.mat<3x3xf64, nnz=0>) -> !matrix.mat<3x1xf64, nnz=0>{{$}}
// CHECK-NEXT:  %u = matrix.diag %U : !matrix.mat<?x?xf64>{{$}}
func.func @diag_square(%S: !matrix.mat<3x3xf64, nnz=9>, %Z: !matrix.mat<3x3xf64, nnz=0>, %U: !matrix.mat<?x?xf64>) {
  %d = matrix.diag %S : (!matrix.mat<3x3xf64, nnz=9>) -> !matrix.mat<?x?xf64>
  %e = matrix.diag %Z : (!matrix.mat<3x3xf64, nnz=0>) -> !matrix.mat<?x?xf64>
  %u = matrix.diag %U : !matrix.mat<?x?xf64>
  func.return
}

// -----

// reshape: dims from the operands, nnz kept; one unknown dim operand is computed
// from the input's cells.
// CHECK-LABEL: func.func @reshape(
// CHECK:       %a = matrix.reshape %A, %c6, %c2 : (!matrix.mat<3x4xf64, nnz=5>, i64, i64) -> !matrix.mat<6x2xf64, nnz=5>{{$}}
// CHECK-NEXT:  %b = matrix.reshape %A, %c2, %k : (!matrix.mat<3x4xf64, nnz=5>, i64, i64) -> !matrix.mat<2x6xf64, nnz=5>{{$}}
// CHECK-NEXT:  %c = matrix.reshape %A, %k, %c6 : (!matrix.mat<3x4xf64, nnz=5>, i64, i64) -> !matrix.mat<2x6xf64, nnz=5>{{$}}
// CHECK-NEXT:  %d = matrix.reshape %U, %c6, %c2 : (!matrix.mat<?x?xf64>, i64, i64) -> !matrix.mat<6x2xf64>{{$}}
// CHECK-NEXT:  %e = matrix.reshape %U, %c6, %k : (!matrix.mat<?x?xf64>, i64, i64) -> !matrix.mat<6x?xf64>{{$}}
func.func @reshape(%A: !matrix.mat<3x4xf64, nnz=5>, %U: !matrix.mat<?x?xf64>, %k: i64) {
  %c2 = arith.constant 2 : i64
  %c6 = arith.constant 6 : i64
  %a = matrix.reshape %A, %c6, %c2 : (!matrix.mat<3x4xf64, nnz=5>, i64, i64) -> !matrix.mat<?x?xf64>
  %b = matrix.reshape %A, %c2, %k : (!matrix.mat<3x4xf64, nnz=5>, i64, i64) -> !matrix.mat<?x?xf64>
  %c = matrix.reshape %A, %k, %c6 : (!matrix.mat<3x4xf64, nnz=5>, i64, i64) -> !matrix.mat<?x?xf64>
  %d = matrix.reshape %U, %c6, %c2 : (!matrix.mat<?x?xf64>, i64, i64) -> !matrix.mat<?x?xf64>
  %e = matrix.reshape %U, %c6, %k : (!matrix.mat<?x?xf64>, i64, i64) -> !matrix.mat<?x?xf64>
  func.return
}

// -----

// reduce: row -> Rx1, col -> 1xC, all -> f64 (every kind); no nnz for a
// non-empty input.
// CHECK-LABEL: func.func @reduce_dims(
// CHECK:       %r = matrix.reduce sum row %A : (!matrix.mat<3x4xf64, nnz=5>) -> !matrix.mat<3x1xf64>{{$}}
// CHECK-NEXT:  %c = matrix.reduce mean col %A : (!matrix.mat<3x4xf64, nnz=5>) -> !matrix.mat<1x4xf64>{{$}}
// CHECK-NEXT:  %m = matrix.reduce max row %A : (!matrix.mat<3x4xf64, nnz=5>) -> !matrix.mat<3x1xf64>{{$}}
// CHECK-NEXT:  %n = matrix.reduce min col %P : (!matrix.mat<3x?xf64>) -> !matrix.mat<1x?xf64>{{$}}
// CHECK-NEXT:  %q = matrix.reduce sumsq row %P : (!matrix.mat<3x?xf64>) -> !matrix.mat<3x1xf64>{{$}}
// CHECK-NEXT:  %i = matrix.reduce argmax row %A : (!matrix.mat<3x4xf64, nnz=5>) -> !matrix.mat<3x1xf64>{{$}}
// CHECK-NEXT:  %j = matrix.reduce argmin col %A : (!matrix.mat<3x4xf64, nnz=5>) -> !matrix.mat<1x4xf64>{{$}}
// CHECK-NEXT:  %s = matrix.reduce sum all %A : (!matrix.mat<3x4xf64, nnz=5>) -> f64{{$}}
func.func @reduce_dims(%A: !matrix.mat<3x4xf64, nnz=5>, %P: !matrix.mat<3x?xf64>) {
  %r = matrix.reduce sum row %A : (!matrix.mat<3x4xf64, nnz=5>) -> !matrix.mat<?x?xf64>
  %c = matrix.reduce mean col %A : (!matrix.mat<3x4xf64, nnz=5>) -> !matrix.mat<?x?xf64>
  %m = matrix.reduce max row %A : (!matrix.mat<3x4xf64, nnz=5>) -> !matrix.mat<?x?xf64>
  %n = matrix.reduce min col %P : (!matrix.mat<3x?xf64>) -> !matrix.mat<?x?xf64>
  %q = matrix.reduce sumsq row %P : (!matrix.mat<3x?xf64>) -> !matrix.mat<?x?xf64>
  %i = matrix.reduce argmax row %A : (!matrix.mat<3x4xf64, nnz=5>) -> !matrix.mat<?x?xf64>
  %j = matrix.reduce argmin col %A : (!matrix.mat<3x4xf64, nnz=5>) -> !matrix.mat<?x?xf64>
  %s = matrix.reduce sum all %A : (!matrix.mat<3x4xf64, nnz=5>) -> f64
  func.return
}

// -----

// reduce of an empty matrix over a non-empty axis: every aggregate is 0, except
// argmin/argmax (an index).
// CHECK-LABEL: func.func @reduce_empty(
// CHECK:       %r = matrix.reduce sum row %E : (!matrix.mat<3x4xf64, nnz=0>) -> !matrix.mat<3x1xf64, nnz=0>{{$}}
// CHECK-NEXT:  %c = matrix.reduce mean col %E : (!matrix.mat<3x4xf64, nnz=0>) -> !matrix.mat<1x4xf64, nnz=0>{{$}}
// CHECK-NEXT:  %m = matrix.reduce max row %E : (!matrix.mat<3x4xf64, nnz=0>) -> !matrix.mat<3x1xf64, nnz=0>{{$}}
// CHECK-NEXT:  %q = matrix.reduce sumsq col %E : (!matrix.mat<3x4xf64, nnz=0>) -> !matrix.mat<1x4xf64, nnz=0>{{$}}
// CHECK-NEXT:  %i = matrix.reduce argmax row %E : (!matrix.mat<3x4xf64, nnz=0>) -> !matrix.mat<3x1xf64>{{$}}
func.func @reduce_empty(%E: !matrix.mat<3x4xf64, nnz=0>) {
  %r = matrix.reduce sum row %E : (!matrix.mat<3x4xf64, nnz=0>) -> !matrix.mat<?x?xf64>
  %c = matrix.reduce mean col %E : (!matrix.mat<3x4xf64, nnz=0>) -> !matrix.mat<?x?xf64>
  %m = matrix.reduce max row %E : (!matrix.mat<3x4xf64, nnz=0>) -> !matrix.mat<?x?xf64>
  %q = matrix.reduce sumsq col %E : (!matrix.mat<3x4xf64, nnz=0>) -> !matrix.mat<?x?xf64>
  %i = matrix.reduce argmax row %E : (!matrix.mat<3x4xf64, nnz=0>) -> !matrix.mat<?x?xf64>
  func.return
}

// -----

// reduce over an empty axis (3x0 by row): sum/sumsq are 0, but mean is NaN and
// min/max are -+Inf, so they state no nnz.
// CHECK-LABEL: func.func @reduce_empty_axis(
// CHECK:       %s = matrix.reduce sum row %W : (!matrix.mat<3x0xf64>) -> !matrix.mat<3x1xf64, nnz=0>{{$}}
// CHECK-NEXT:  %m = matrix.reduce mean row %W : (!matrix.mat<3x0xf64>) -> !matrix.mat<3x1xf64>{{$}}
// CHECK-NEXT:  %x = matrix.reduce max row %W : (!matrix.mat<3x0xf64>) -> !matrix.mat<3x1xf64>{{$}}
// CHECK-NEXT:  %n = matrix.reduce min row %W : (!matrix.mat<3x0xf64>) -> !matrix.mat<3x1xf64>{{$}}
func.func @reduce_empty_axis(%W: !matrix.mat<3x0xf64>) {
  %s = matrix.reduce sum row %W : (!matrix.mat<3x0xf64>) -> !matrix.mat<?x?xf64>
  %m = matrix.reduce mean row %W : (!matrix.mat<3x0xf64>) -> !matrix.mat<?x?xf64>
  %x = matrix.reduce max row %W : (!matrix.mat<3x0xf64>) -> !matrix.mat<?x?xf64>
  %n = matrix.reduce min row %W : (!matrix.mat<3x0xf64>) -> !matrix.mat<?x?xf64>
  func.return
}

// -----

// trace and to_scalar give scalars; their input types are untouched.
// CHECK-LABEL: func.func @trace(
// CHECK:       %t = matrix.trace %S : (!matrix.mat<3x3xf64, nnz=9>) -> f64{{$}}
// CHECK-NEXT:  %o = matrix.to_scalar %O : (!matrix.mat<1x1xf64>) -> f64{{$}}
func.func @trace(%S: !matrix.mat<3x3xf64, nnz=9>, %O: !matrix.mat<1x1xf64>) {
  %t = matrix.trace %S : (!matrix.mat<3x3xf64, nnz=9>) -> f64
  %o = matrix.to_scalar %O : (!matrix.mat<1x1xf64>) -> f64
  func.return
}

// -----

// slice: dims from constant bounds; the whole matrix keeps its nnz, a part of it
// has none, a part of an empty matrix is empty; an unknown bound leaves its dim `?`.
// CHECK-LABEL: func.func @slice(
// CHECK:       %p = matrix.slice %A, %c1, %c3, %c0, %c2 : (!matrix.mat<3x4xf64, nnz=5>, i64, i64, i64, i64) -> !matrix.mat<2x2xf64>{{$}}
// CHECK-NEXT:  %w = matrix.slice %A, %c0, %c3, %c0, %c4 : (!matrix.mat<3x4xf64, nnz=5>, i64, i64, i64, i64) -> !matrix.mat<3x4xf64, nnz=5>{{$}}
// CHECK-NEXT:  %e = matrix.slice %E, %c1, %c3, %c0, %c2 : (!matrix.mat<3x4xf64, nnz=0>, i64, i64, i64, i64) -> !matrix.mat<2x2xf64, nnz=0>{{$}}
// CHECK-NEXT:  %u = matrix.slice %A, %r, %c3, %c0, %c2 : (!matrix.mat<3x4xf64, nnz=5>, i64, i64, i64, i64) -> !matrix.mat<?x2xf64>{{$}}
func.func @slice(%A: !matrix.mat<3x4xf64, nnz=5>, %E: !matrix.mat<3x4xf64, nnz=0>, %r: i64) {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %c2 = arith.constant 2 : i64
  %c3 = arith.constant 3 : i64
  %c4 = arith.constant 4 : i64
  %p = matrix.slice %A, %c1, %c3, %c0, %c2 : (!matrix.mat<3x4xf64, nnz=5>, i64, i64, i64, i64) -> !matrix.mat<?x?xf64>
  %w = matrix.slice %A, %c0, %c3, %c0, %c4 : (!matrix.mat<3x4xf64, nnz=5>, i64, i64, i64, i64) -> !matrix.mat<?x?xf64>
  %e = matrix.slice %E, %c1, %c3, %c0, %c2 : (!matrix.mat<3x4xf64, nnz=0>, i64, i64, i64, i64) -> !matrix.mat<?x?xf64>
  %u = matrix.slice %A, %r, %c3, %c0, %c2 : (!matrix.mat<3x4xf64, nnz=5>, i64, i64, i64, i64) -> !matrix.mat<?x?xf64>
  func.return
}

// -----

// update: the dims of A; writing B into an empty A gives nnz(B); into a non-empty
// A, no nnz.
// CHECK-LABEL: func.func @update(
// CHECK:       %u = matrix.update %E, %v, %c0, %c1 : (!matrix.mat<3x4xf64, nnz=0>, !matrix.mat<3x1xf64, nnz=2>, i64, i64) -> !matrix.mat<3x4xf64, nnz=2>{{$}}
// CHECK-NEXT:  %w = matrix.update %A, %v, %c0, %c1 : (!matrix.mat<3x4xf64, nnz=5>, !matrix.mat<3x1xf64, nnz=2>, i64, i64) -> !matrix.mat<3x4xf64>{{$}}
// CHECK-NEXT:  %x = matrix.update %E, %U, %c0, %c1 : (!matrix.mat<3x4xf64, nnz=0>, !matrix.mat<?x?xf64>, i64, i64) -> !matrix.mat<3x4xf64>{{$}}
func.func @update(%A: !matrix.mat<3x4xf64, nnz=5>, %E: !matrix.mat<3x4xf64, nnz=0>, %v: !matrix.mat<3x1xf64, nnz=2>, %U: !matrix.mat<?x?xf64>) {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %u = matrix.update %E, %v, %c0, %c1 : (!matrix.mat<3x4xf64, nnz=0>, !matrix.mat<3x1xf64, nnz=2>, i64, i64) -> !matrix.mat<?x?xf64>
  %w = matrix.update %A, %v, %c0, %c1 : (!matrix.mat<3x4xf64, nnz=5>, !matrix.mat<3x1xf64, nnz=2>, i64, i64) -> !matrix.mat<?x?xf64>
  %x = matrix.update %E, %U, %c0, %c1 : (!matrix.mat<3x4xf64, nnz=0>, !matrix.mat<?x?xf64>, i64, i64) -> !matrix.mat<?x?xf64>
  func.return
}

// -----

// cbind/rbind: the bound dim adds up, the shared dim comes from any operand that
// knows it, nnz adds up (over any number of operands) when every nnz is known.
// CHECK-LABEL: func.func @bind(
// CHECK:       %c = matrix.cbind %A, %v, %S : (!matrix.mat<3x4xf64, nnz=5>, !matrix.mat<3x1xf64, nnz=2>, !matrix.mat<3x2xf64, nnz=6>) -> !matrix.mat<3x7xf64, nnz=13>{{$}}
// CHECK-NEXT:  %r = matrix.rbind %A, %A : (!matrix.mat<3x4xf64, nnz=5>, !matrix.mat<3x4xf64, nnz=5>) -> !matrix.mat<6x4xf64, nnz=10>{{$}}
// CHECK-NEXT:  %d = matrix.cbind %A, %D : (!matrix.mat<3x4xf64, nnz=5>, !matrix.mat<3x2xf64>) -> !matrix.mat<3x6xf64>{{$}}
// CHECK-NEXT:  %x = matrix.cbind %U, %v : (!matrix.mat<?x?xf64>, !matrix.mat<3x1xf64, nnz=2>) -> !matrix.mat<3x?xf64>{{$}}
// CHECK-NEXT:  %y = matrix.rbind %U, %R : (!matrix.mat<?x?xf64>, !matrix.mat<1x4xf64>) -> !matrix.mat<?x4xf64>{{$}}
func.func @bind(%A: !matrix.mat<3x4xf64, nnz=5>, %v: !matrix.mat<3x1xf64, nnz=2>, %S: !matrix.mat<3x2xf64, nnz=6>, %D: !matrix.mat<3x2xf64>, %U: !matrix.mat<?x?xf64>, %R: !matrix.mat<1x4xf64>) {
  %c = matrix.cbind %A, %v, %S : (!matrix.mat<3x4xf64, nnz=5>, !matrix.mat<3x1xf64, nnz=2>, !matrix.mat<3x2xf64, nnz=6>) -> !matrix.mat<?x?xf64>
  %r = matrix.rbind %A, %A : (!matrix.mat<3x4xf64, nnz=5>, !matrix.mat<3x4xf64, nnz=5>) -> !matrix.mat<?x?xf64>
  %d = matrix.cbind %A, %D : (!matrix.mat<3x4xf64, nnz=5>, !matrix.mat<3x2xf64>) -> !matrix.mat<?x?xf64>
  %x = matrix.cbind %U, %v : (!matrix.mat<?x?xf64>, !matrix.mat<3x1xf64, nnz=2>) -> !matrix.mat<?x?xf64>
  %y = matrix.rbind %U, %R : (!matrix.mat<?x?xf64>, !matrix.mat<1x4xf64>) -> !matrix.mat<?x?xf64>
  func.return
}

// -----

// cbind/rbind of empty matrices is empty.
// CHECK-LABEL: func.func @bind_empty(
// CHECK:       %c = matrix.cbind %E, %F : (!matrix.mat<3x4xf64, nnz=0>, !matrix.mat<3x2xf64, nnz=0>) -> !matrix.mat<3x6xf64, nnz=0>{{$}}
// CHECK-NEXT:  %r = matrix.rbind %E, %E : (!matrix.mat<3x4xf64, nnz=0>, !matrix.mat<3x4xf64, nnz=0>) -> !matrix.mat<6x4xf64, nnz=0>{{$}}
func.func @bind_empty(%E: !matrix.mat<3x4xf64, nnz=0>, %F: !matrix.mat<3x2xf64, nnz=0>) {
  %c = matrix.cbind %E, %F : (!matrix.mat<3x4xf64, nnz=0>, !matrix.mat<3x2xf64, nnz=0>) -> !matrix.mat<?x?xf64>
  %r = matrix.rbind %E, %E : (!matrix.mat<3x4xf64, nnz=0>, !matrix.mat<3x4xf64, nnz=0>) -> !matrix.mat<?x?xf64>
  func.return
}

// -----

// solve: cols of A by cols of b; inv: the dims of A; never an nnz (not even
// for a diagonal input with a known nnz).
// CHECK-LABEL: func.func @solve_inv(
// CHECK:       %x = matrix.solve %S, %b : (!matrix.mat<3x3xf64, nnz=3>, !matrix.mat<3x2xf64, nnz=6>) -> !matrix.mat<3x2xf64>{{$}}
// CHECK-NEXT:  %i = matrix.inv %S : (!matrix.mat<3x3xf64, nnz=3>) -> !matrix.mat<3x3xf64>{{$}}
func.func @solve_inv(%S: !matrix.mat<3x3xf64, nnz=3>, %b: !matrix.mat<3x2xf64, nnz=6>) {
  %x = matrix.solve %S, %b : (!matrix.mat<3x3xf64, nnz=3>, !matrix.mat<3x2xf64, nnz=6>) -> !matrix.mat<?x?xf64>
  %i = matrix.inv %S : (!matrix.mat<3x3xf64, nnz=3>) -> !matrix.mat<?x?xf64>
  func.return
}

// -----

// cast: a cast that only forgets facts becomes an identity once its result is
// refined, and is removed; a cast that adds facts (a runtime-checked refinement)
// is kept, and what follows sees the added facts.
// CHECK-LABEL: func.func @cast(
// CHECK-NOT:   matrix.cast %A
// CHECK:       %t = matrix.transpose %A : (!matrix.mat<3x4xf64, nnz=5>) -> !matrix.mat<4x3xf64, nnz=5>{{$}}
// CHECK-NEXT:  %r = matrix.cast %U : (!matrix.mat<?x?xf64>) -> !matrix.mat<3x?xf64>{{$}}
// CHECK-NEXT:  %s = matrix.transpose %r : (!matrix.mat<3x?xf64>) -> !matrix.mat<?x3xf64>{{$}}
func.func @cast(%A: !matrix.mat<3x4xf64, nnz=5>, %U: !matrix.mat<?x?xf64>) {
  %f = matrix.cast %A : (!matrix.mat<3x4xf64, nnz=5>) -> !matrix.mat<?x?xf64>
  %t = matrix.transpose %f : !matrix.mat<?x?xf64>
  %r = matrix.cast %U : (!matrix.mat<?x?xf64>) -> !matrix.mat<3x?xf64>
  %s = matrix.transpose %r : (!matrix.mat<3x?xf64>) -> !matrix.mat<?x?xf64>
  func.return
}

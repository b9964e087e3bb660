// size-inference rules of the element-wise ops: the 16 binary ops (with
// broadcasting), the 11 unary ops and select. Inputs carry their facts in the
// argument types; every result starts as `?x?`. `{{$}}` after a type proves that
// no nnz is stated where it is not exactly known.
//
// The second amls-opt re-parses and re-verifies the output: the IR stays valid.

// RUN: amls-opt %s --split-input-file -p size-inference | amls-opt --split-input-file | filecheck %s

// add/sub of equal shapes: the dims; two operands with known nnz do not give an
// exact nnz (overlap and cancellation are unknown).
// CHECK-LABEL: func.func @add_sub(
// CHECK:       %a = matrix.add %A, %B : (!matrix.mat<3x4xf64, nnz=5>, !matrix.mat<3x4xf64, nnz=7>) -> !matrix.mat<3x4xf64>{{$}}
// CHECK-NEXT:  %s = matrix.sub %A, %B : (!matrix.mat<3x4xf64, nnz=5>, !matrix.mat<3x4xf64, nnz=7>) -> !matrix.mat<3x4xf64>{{$}}
// CHECK-NOT:   nnz=12
func.func @add_sub(%A: !matrix.mat<3x4xf64, nnz=5>, %B: !matrix.mat<3x4xf64, nnz=7>) {
  %a = matrix.add %A, %B : (!matrix.mat<3x4xf64, nnz=5>, !matrix.mat<3x4xf64, nnz=7>) -> !matrix.mat<?x?xf64>
  %s = matrix.sub %A, %B : (!matrix.mat<3x4xf64, nnz=5>, !matrix.mat<3x4xf64, nnz=7>) -> !matrix.mat<?x?xf64>
  func.return
}

// -----

// add/sub of two empty matrices is empty.
// CHECK-LABEL: func.func @add_empty(
// CHECK:       %a = matrix.add %E, %F : !matrix.mat<3x4xf64, nnz=0>{{$}}
// CHECK-NEXT:  %s = matrix.sub %E, %F : !matrix.mat<3x4xf64, nnz=0>{{$}}
func.func @add_empty(%E: !matrix.mat<3x4xf64, nnz=0>, %F: !matrix.mat<3x4xf64, nnz=0>) {
  %a = matrix.add %E, %F : (!matrix.mat<3x4xf64, nnz=0>, !matrix.mat<3x4xf64, nnz=0>) -> !matrix.mat<?x?xf64>
  %s = matrix.sub %E, %F : (!matrix.mat<3x4xf64, nnz=0>, !matrix.mat<3x4xf64, nnz=0>) -> !matrix.mat<?x?xf64>
  func.return
}

// -----

// Broadcasting: a row vector 1xC, a column vector Rx1 (either side) and a
// scalar (either side) stretch to the matrix's shape.
// CHECK-LABEL: func.func @broadcast_dims(
// CHECK:       %r = matrix.add %A, %R : (!matrix.mat<3x4xf64, nnz=5>, !matrix.mat<1x4xf64>) -> !matrix.mat<3x4xf64>{{$}}
// CHECK-NEXT:  %c = matrix.sub %C, %A : (!matrix.mat<3x1xf64>, !matrix.mat<3x4xf64, nnz=5>) -> !matrix.mat<3x4xf64>{{$}}
// CHECK-NEXT:  %s = matrix.add %A, %x : (!matrix.mat<3x4xf64, nnz=5>, f64) -> !matrix.mat<3x4xf64>{{$}}
// CHECK-NEXT:  %t = matrix.sub %x, %A : (f64, !matrix.mat<3x4xf64, nnz=5>) -> !matrix.mat<3x4xf64>{{$}}
func.func @broadcast_dims(%A: !matrix.mat<3x4xf64, nnz=5>, %R: !matrix.mat<1x4xf64>, %C: !matrix.mat<3x1xf64>, %x: f64) {
  %r = matrix.add %A, %R : (!matrix.mat<3x4xf64, nnz=5>, !matrix.mat<1x4xf64>) -> !matrix.mat<?x?xf64>
  %c = matrix.sub %C, %A : (!matrix.mat<3x1xf64>, !matrix.mat<3x4xf64, nnz=5>) -> !matrix.mat<?x?xf64>
  %s = matrix.add %A, %x : (!matrix.mat<3x4xf64, nnz=5>, f64) -> !matrix.mat<?x?xf64>
  %t = matrix.sub %x, %A : (f64, !matrix.mat<3x4xf64, nnz=5>) -> !matrix.mat<?x?xf64>
  func.return
}

// -----

// Broadcasting with unknown dims: each dim known on either side survives (a
// ?-dim against a vector's 1 takes the other side's dim).
// CHECK-LABEL: func.func @broadcast_unknown(
// CHECK:       %a = matrix.add %U, %R : (!matrix.mat<?x?xf64>, !matrix.mat<1x4xf64>) -> !matrix.mat<?x4xf64>{{$}}
// CHECK-NEXT:  %b = matrix.mul %P, %Q : (!matrix.mat<3x?xf64>, !matrix.mat<?x4xf64>) -> !matrix.mat<3x4xf64>{{$}}
// CHECK-NEXT:  %c = matrix.add %U, %U : !matrix.mat<?x?xf64>{{$}}
func.func @broadcast_unknown(%U: !matrix.mat<?x?xf64>, %R: !matrix.mat<1x4xf64>, %P: !matrix.mat<3x?xf64>, %Q: !matrix.mat<?x4xf64>) {
  %a = matrix.add %U, %R : (!matrix.mat<?x?xf64>, !matrix.mat<1x4xf64>) -> !matrix.mat<?x?xf64>
  %b = matrix.mul %P, %Q : (!matrix.mat<3x?xf64>, !matrix.mat<?x4xf64>) -> !matrix.mat<?x?xf64>
  %c = matrix.add %U, %U : !matrix.mat<?x?xf64>
  func.return
}

// -----

// mul: an element-wise product with an empty input is empty (either side, also
// broadcast) when both inputs are known to be finite (generated here by rand and
// fill); of two non-empty inputs it has no exact nnz.
// CHECK-LABEL: func.func @mul(
// CHECK:       %p = matrix.mul %A, %B : (!matrix.mat<3x4xf64, nnz=12>, !matrix.mat<3x4xf64, nnz=6>) -> !matrix.mat<3x4xf64>{{$}}
// CHECK-NEXT:  %e1 = matrix.mul %A, %E : (!matrix.mat<3x4xf64, nnz=12>, !matrix.mat<3x4xf64, nnz=0>) -> !matrix.mat<3x4xf64, nnz=0>{{$}}
// CHECK-NEXT:  %e2 = matrix.mul %E, %A : (!matrix.mat<3x4xf64, nnz=0>, !matrix.mat<3x4xf64, nnz=12>) -> !matrix.mat<3x4xf64, nnz=0>{{$}}
// CHECK-NEXT:  %e3 = matrix.mul %A, %R0 : (!matrix.mat<3x4xf64, nnz=12>, !matrix.mat<1x4xf64, nnz=0>) -> !matrix.mat<3x4xf64, nnz=0>{{$}}
func.func @mul() {
  %c1 = arith.constant 1 : i64
  %c3 = arith.constant 3 : i64
  %c4 = arith.constant 4 : i64
  %zero = arith.constant 0.0 : f64
  %A = matrix.rand %c3, %c4 {min = 1.0, max = 2.0, seed = 1} : (i64, i64) -> !matrix.mat<?x?xf64>
  %B = matrix.rand %c3, %c4 {min = 1.0, max = 2.0, sparsity = 0.5, seed = 2} : (i64, i64) -> !matrix.mat<?x?xf64>
  %E = matrix.fill %zero, %c3, %c4 : (f64, i64, i64) -> !matrix.mat<?x?xf64>
  %R0 = matrix.fill %zero, %c1, %c4 : (f64, i64, i64) -> !matrix.mat<?x?xf64>
  %p = matrix.mul %A, %B : !matrix.mat<?x?xf64>
  %e1 = matrix.mul %A, %E : !matrix.mat<?x?xf64>
  %e2 = matrix.mul %E, %A : !matrix.mat<?x?xf64>
  %e3 = matrix.mul %A, %R0 : (!matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>
  func.return
}

// -----

// mul: an operand known only by its type may hold Inf or NaN, and 0 * Inf is
// NaN: a product with an empty input is then not known to be empty.
// CHECK-LABEL: func.func @mul_not_finite(
// CHECK:       %e1 = matrix.mul %A, %E : (!matrix.mat<3x4xf64, nnz=5>, !matrix.mat<3x4xf64, nnz=0>) -> !matrix.mat<3x4xf64>{{$}}
// CHECK-NEXT:  %e2 = matrix.mul %E, %A : (!matrix.mat<3x4xf64, nnz=0>, !matrix.mat<3x4xf64, nnz=5>) -> !matrix.mat<3x4xf64>{{$}}
// CHECK:       %l = matrix.log %Z : (!matrix.mat<3x4xf64, nnz=0>) -> !matrix.mat<3x4xf64>{{$}}
// CHECK-NEXT:  %e3 = matrix.mul %Z, %l : (!matrix.mat<3x4xf64, nnz=0>, !matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64>{{$}}
func.func @mul_not_finite(%A: !matrix.mat<3x4xf64, nnz=5>, %E: !matrix.mat<3x4xf64, nnz=0>) {
  %c3 = arith.constant 3 : i64
  %c4 = arith.constant 4 : i64
  %zero = arith.constant 0.0 : f64
  %e1 = matrix.mul %A, %E : (!matrix.mat<3x4xf64, nnz=5>, !matrix.mat<3x4xf64, nnz=0>) -> !matrix.mat<?x?xf64>
  %e2 = matrix.mul %E, %A : (!matrix.mat<3x4xf64, nnz=0>, !matrix.mat<3x4xf64, nnz=5>) -> !matrix.mat<?x?xf64>
  %Z = matrix.fill %zero, %c3, %c4 : (f64, i64, i64) -> !matrix.mat<?x?xf64>
  %l = matrix.log %Z : !matrix.mat<?x?xf64>
  %e3 = matrix.mul %Z, %l : !matrix.mat<?x?xf64>
  func.return
}

// -----

// Matrix (op) scalar: no exact nnz, not even for X*2 or X/2 (a tiny value can
// underflow to 0) or X+0; X*0 is not empty either (Inf*0 is NaN). An empty
// matrix times or plus-zero a known scalar stays empty; plus 1 does not.
// CHECK-LABEL: func.func @scalar_operand(
// CHECK:       %a = matrix.mul %A, %two : (!matrix.mat<3x4xf64, nnz=5>, f64) -> !matrix.mat<3x4xf64>{{$}}
// CHECK-NEXT:  %b = matrix.div %A, %two : (!matrix.mat<3x4xf64, nnz=5>, f64) -> !matrix.mat<3x4xf64>{{$}}
// CHECK-NEXT:  %c = matrix.add %A, %zero : (!matrix.mat<3x4xf64, nnz=5>, f64) -> !matrix.mat<3x4xf64>{{$}}
// CHECK-NEXT:  %d = matrix.mul %A, %zero : (!matrix.mat<3x4xf64, nnz=5>, f64) -> !matrix.mat<3x4xf64>{{$}}
// CHECK-NEXT:  %e = matrix.mul %E, %two : (!matrix.mat<3x4xf64, nnz=0>, f64) -> !matrix.mat<3x4xf64, nnz=0>{{$}}
// CHECK-NEXT:  %f = matrix.add %E, %zero : (!matrix.mat<3x4xf64, nnz=0>, f64) -> !matrix.mat<3x4xf64, nnz=0>{{$}}
// CHECK-NEXT:  %g = matrix.add %E, %one : (!matrix.mat<3x4xf64, nnz=0>, f64) -> !matrix.mat<3x4xf64>{{$}}
// CHECK-NEXT:  %h = matrix.mul %E, %x : (!matrix.mat<3x4xf64, nnz=0>, f64) -> !matrix.mat<3x4xf64>{{$}}
func.func @scalar_operand(%A: !matrix.mat<3x4xf64, nnz=5>, %E: !matrix.mat<3x4xf64, nnz=0>, %x: f64) {
  %zero = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f64
  %two = arith.constant 2.0 : f64
  %a = matrix.mul %A, %two : (!matrix.mat<3x4xf64, nnz=5>, f64) -> !matrix.mat<?x?xf64>
  %b = matrix.div %A, %two : (!matrix.mat<3x4xf64, nnz=5>, f64) -> !matrix.mat<?x?xf64>
  %c = matrix.add %A, %zero : (!matrix.mat<3x4xf64, nnz=5>, f64) -> !matrix.mat<?x?xf64>
  %d = matrix.mul %A, %zero : (!matrix.mat<3x4xf64, nnz=5>, f64) -> !matrix.mat<?x?xf64>
  %e = matrix.mul %E, %two : (!matrix.mat<3x4xf64, nnz=0>, f64) -> !matrix.mat<?x?xf64>
  %f = matrix.add %E, %zero : (!matrix.mat<3x4xf64, nnz=0>, f64) -> !matrix.mat<?x?xf64>
  %g = matrix.add %E, %one : (!matrix.mat<3x4xf64, nnz=0>, f64) -> !matrix.mat<?x?xf64>
  %h = matrix.mul %E, %x : (!matrix.mat<3x4xf64, nnz=0>, f64) -> !matrix.mat<?x?xf64>
  func.return
}

// -----

// div pow min max mod: dims always. On two empty inputs, min/max (f(0,0) = 0) stay
// empty while div (0/0 = NaN) and pow (0^0 = 1) do not; pow(E, 2) stays empty.
// CHECK-LABEL: func.func @div_pow_min_max_mod(
// CHECK:       %d = matrix.div %A, %B : (!matrix.mat<3x4xf64, nnz=5>, !matrix.mat<3x4xf64, nnz=7>) -> !matrix.mat<3x4xf64>{{$}}
// CHECK-NEXT:  %p = matrix.pow %A, %two : (!matrix.mat<3x4xf64, nnz=5>, f64) -> !matrix.mat<3x4xf64>{{$}}
// CHECK-NEXT:  %mn = matrix.min %A, %B : (!matrix.mat<3x4xf64, nnz=5>, !matrix.mat<3x4xf64, nnz=7>) -> !matrix.mat<3x4xf64>{{$}}
// CHECK-NEXT:  %mx = matrix.max %A, %B : (!matrix.mat<3x4xf64, nnz=5>, !matrix.mat<3x4xf64, nnz=7>) -> !matrix.mat<3x4xf64>{{$}}
// CHECK-NEXT:  %md = matrix.mod %A, %two : (!matrix.mat<3x4xf64, nnz=5>, f64) -> !matrix.mat<3x4xf64>{{$}}
// CHECK-NEXT:  %emn = matrix.min %E, %E : !matrix.mat<3x4xf64, nnz=0>{{$}}
// CHECK-NEXT:  %emx = matrix.max %E, %E : !matrix.mat<3x4xf64, nnz=0>{{$}}
// CHECK-NEXT:  %ed = matrix.div %E, %E : (!matrix.mat<3x4xf64, nnz=0>, !matrix.mat<3x4xf64, nnz=0>) -> !matrix.mat<3x4xf64>{{$}}
// CHECK-NEXT:  %ep0 = matrix.pow %E, %zero : (!matrix.mat<3x4xf64, nnz=0>, f64) -> !matrix.mat<3x4xf64>{{$}}
// CHECK-NEXT:  %ep2 = matrix.pow %E, %two : (!matrix.mat<3x4xf64, nnz=0>, f64) -> !matrix.mat<3x4xf64, nnz=0>{{$}}
func.func @div_pow_min_max_mod(%A: !matrix.mat<3x4xf64, nnz=5>, %B: !matrix.mat<3x4xf64, nnz=7>, %E: !matrix.mat<3x4xf64, nnz=0>) {
  %zero = arith.constant 0.0 : f64
  %two = arith.constant 2.0 : f64
  %d = matrix.div %A, %B : (!matrix.mat<3x4xf64, nnz=5>, !matrix.mat<3x4xf64, nnz=7>) -> !matrix.mat<?x?xf64>
  %p = matrix.pow %A, %two : (!matrix.mat<3x4xf64, nnz=5>, f64) -> !matrix.mat<?x?xf64>
  %mn = matrix.min %A, %B : (!matrix.mat<3x4xf64, nnz=5>, !matrix.mat<3x4xf64, nnz=7>) -> !matrix.mat<?x?xf64>
  %mx = matrix.max %A, %B : (!matrix.mat<3x4xf64, nnz=5>, !matrix.mat<3x4xf64, nnz=7>) -> !matrix.mat<?x?xf64>
  %md = matrix.mod %A, %two : (!matrix.mat<3x4xf64, nnz=5>, f64) -> !matrix.mat<?x?xf64>
  %emn = matrix.min %E, %E : (!matrix.mat<3x4xf64, nnz=0>, !matrix.mat<3x4xf64, nnz=0>) -> !matrix.mat<?x?xf64>
  %emx = matrix.max %E, %E : (!matrix.mat<3x4xf64, nnz=0>, !matrix.mat<3x4xf64, nnz=0>) -> !matrix.mat<?x?xf64>
  %ed = matrix.div %E, %E : (!matrix.mat<3x4xf64, nnz=0>, !matrix.mat<3x4xf64, nnz=0>) -> !matrix.mat<?x?xf64>
  %ep0 = matrix.pow %E, %zero : (!matrix.mat<3x4xf64, nnz=0>, f64) -> !matrix.mat<?x?xf64>
  %ep2 = matrix.pow %E, %two : (!matrix.mat<3x4xf64, nnz=0>, f64) -> !matrix.mat<?x?xf64>
  func.return
}

// -----

// Comparisons: dims always; on two empty inputs eq/le/ge are all ones (no nnz)
// while ne/lt/gt are empty.
// CHECK-LABEL: func.func @comparisons(
// CHECK:       %eq = matrix.eq %A, %B : (!matrix.mat<3x4xf64, nnz=5>, !matrix.mat<3x4xf64, nnz=7>) -> !matrix.mat<3x4xf64>{{$}}
// CHECK-NEXT:  %gt = matrix.gt %A, %zero : (!matrix.mat<3x4xf64, nnz=5>, f64) -> !matrix.mat<3x4xf64>{{$}}
// CHECK-NEXT:  %eeq = matrix.eq %E, %E : (!matrix.mat<3x4xf64, nnz=0>, !matrix.mat<3x4xf64, nnz=0>) -> !matrix.mat<3x4xf64>{{$}}
// CHECK-NEXT:  %ele = matrix.le %E, %E : (!matrix.mat<3x4xf64, nnz=0>, !matrix.mat<3x4xf64, nnz=0>) -> !matrix.mat<3x4xf64>{{$}}
// CHECK-NEXT:  %ege = matrix.ge %E, %E : (!matrix.mat<3x4xf64, nnz=0>, !matrix.mat<3x4xf64, nnz=0>) -> !matrix.mat<3x4xf64>{{$}}
// CHECK-NEXT:  %ene = matrix.ne %E, %E : !matrix.mat<3x4xf64, nnz=0>{{$}}
// CHECK-NEXT:  %elt = matrix.lt %E, %E : !matrix.mat<3x4xf64, nnz=0>{{$}}
// CHECK-NEXT:  %egt = matrix.gt %E, %E : !matrix.mat<3x4xf64, nnz=0>{{$}}
func.func @comparisons(%A: !matrix.mat<3x4xf64, nnz=5>, %B: !matrix.mat<3x4xf64, nnz=7>, %E: !matrix.mat<3x4xf64, nnz=0>) {
  %zero = arith.constant 0.0 : f64
  %eq = matrix.eq %A, %B : (!matrix.mat<3x4xf64, nnz=5>, !matrix.mat<3x4xf64, nnz=7>) -> !matrix.mat<?x?xf64>
  %gt = matrix.gt %A, %zero : (!matrix.mat<3x4xf64, nnz=5>, f64) -> !matrix.mat<?x?xf64>
  %eeq = matrix.eq %E, %E : (!matrix.mat<3x4xf64, nnz=0>, !matrix.mat<3x4xf64, nnz=0>) -> !matrix.mat<?x?xf64>
  %ele = matrix.le %E, %E : (!matrix.mat<3x4xf64, nnz=0>, !matrix.mat<3x4xf64, nnz=0>) -> !matrix.mat<?x?xf64>
  %ege = matrix.ge %E, %E : (!matrix.mat<3x4xf64, nnz=0>, !matrix.mat<3x4xf64, nnz=0>) -> !matrix.mat<?x?xf64>
  %ene = matrix.ne %E, %E : (!matrix.mat<3x4xf64, nnz=0>, !matrix.mat<3x4xf64, nnz=0>) -> !matrix.mat<?x?xf64>
  %elt = matrix.lt %E, %E : (!matrix.mat<3x4xf64, nnz=0>, !matrix.mat<3x4xf64, nnz=0>) -> !matrix.mat<?x?xf64>
  %egt = matrix.gt %E, %E : (!matrix.mat<3x4xf64, nnz=0>, !matrix.mat<3x4xf64, nnz=0>) -> !matrix.mat<?x?xf64>
  func.return
}

// -----

// and/or: `and` with an empty input is empty, `or` of two empty inputs is empty;
// otherwise no nnz.
// CHECK-LABEL: func.func @logic(
// CHECK:       %a = matrix.and %A, %B : (!matrix.mat<3x4xf64, nnz=5>, !matrix.mat<3x4xf64, nnz=7>) -> !matrix.mat<3x4xf64>{{$}}
// CHECK-NEXT:  %ae = matrix.and %A, %E : (!matrix.mat<3x4xf64, nnz=5>, !matrix.mat<3x4xf64, nnz=0>) -> !matrix.mat<3x4xf64, nnz=0>{{$}}
// CHECK-NEXT:  %o = matrix.or %A, %E : (!matrix.mat<3x4xf64, nnz=5>, !matrix.mat<3x4xf64, nnz=0>) -> !matrix.mat<3x4xf64>{{$}}
// CHECK-NEXT:  %oe = matrix.or %E, %E : !matrix.mat<3x4xf64, nnz=0>{{$}}
func.func @logic(%A: !matrix.mat<3x4xf64, nnz=5>, %B: !matrix.mat<3x4xf64, nnz=7>, %E: !matrix.mat<3x4xf64, nnz=0>) {
  %a = matrix.and %A, %B : (!matrix.mat<3x4xf64, nnz=5>, !matrix.mat<3x4xf64, nnz=7>) -> !matrix.mat<?x?xf64>
  %ae = matrix.and %A, %E : (!matrix.mat<3x4xf64, nnz=5>, !matrix.mat<3x4xf64, nnz=0>) -> !matrix.mat<?x?xf64>
  %o = matrix.or %A, %E : (!matrix.mat<3x4xf64, nnz=5>, !matrix.mat<3x4xf64, nnz=0>) -> !matrix.mat<?x?xf64>
  %oe = matrix.or %E, %E : (!matrix.mat<3x4xf64, nnz=0>, !matrix.mat<3x4xf64, nnz=0>) -> !matrix.mat<?x?xf64>
  func.return
}

// -----

// Unary ops that map 0 to 0 and non-zero to non-zero keep nnz: neg abs sign sqrt.
// CHECK-LABEL: func.func @unary_keep_nnz(
// CHECK:       %n = matrix.neg %A : !matrix.mat<3x4xf64, nnz=5>{{$}}
// CHECK-NEXT:  %a = matrix.abs %A : !matrix.mat<3x4xf64, nnz=5>{{$}}
// CHECK-NEXT:  %s = matrix.sign %A : !matrix.mat<3x4xf64, nnz=5>{{$}}
// CHECK-NEXT:  %q = matrix.sqrt %A : !matrix.mat<3x4xf64, nnz=5>{{$}}
func.func @unary_keep_nnz(%A: !matrix.mat<3x4xf64, nnz=5>) {
  %n = matrix.neg %A : (!matrix.mat<3x4xf64, nnz=5>) -> !matrix.mat<?x?xf64>
  %a = matrix.abs %A : (!matrix.mat<3x4xf64, nnz=5>) -> !matrix.mat<?x?xf64>
  %s = matrix.sign %A : (!matrix.mat<3x4xf64, nnz=5>) -> !matrix.mat<?x?xf64>
  %q = matrix.sqrt %A : (!matrix.mat<3x4xf64, nnz=5>) -> !matrix.mat<?x?xf64>
  func.return
}

// -----

// round/rint/floor/ceil may create zeros: no nnz, except that an empty input stays empty.
// CHECK-LABEL: func.func @unary_round(
// CHECK:       %r = matrix.round %A : (!matrix.mat<3x4xf64, nnz=5>) -> !matrix.mat<3x4xf64>{{$}}
// CHECK-NEXT:  %f = matrix.floor %A : (!matrix.mat<3x4xf64, nnz=5>) -> !matrix.mat<3x4xf64>{{$}}
// CHECK-NEXT:  %c = matrix.ceil %A : (!matrix.mat<3x4xf64, nnz=5>) -> !matrix.mat<3x4xf64>{{$}}
// CHECK-NEXT:  %re = matrix.round %E : !matrix.mat<3x4xf64, nnz=0>{{$}}
// CHECK-NEXT:  %fe = matrix.floor %E : !matrix.mat<3x4xf64, nnz=0>{{$}}
// CHECK-NEXT:  %ce = matrix.ceil %E : !matrix.mat<3x4xf64, nnz=0>{{$}}
// CHECK-NEXT:  %n = matrix.rint %A : (!matrix.mat<3x4xf64, nnz=5>) -> !matrix.mat<3x4xf64>{{$}}
// CHECK-NEXT:  %ne = matrix.rint %E : !matrix.mat<3x4xf64, nnz=0>{{$}}
func.func @unary_round(%A: !matrix.mat<3x4xf64, nnz=5>, %E: !matrix.mat<3x4xf64, nnz=0>) {
  %r = matrix.round %A : (!matrix.mat<3x4xf64, nnz=5>) -> !matrix.mat<?x?xf64>
  %f = matrix.floor %A : (!matrix.mat<3x4xf64, nnz=5>) -> !matrix.mat<?x?xf64>
  %c = matrix.ceil %A : (!matrix.mat<3x4xf64, nnz=5>) -> !matrix.mat<?x?xf64>
  %re = matrix.round %E : (!matrix.mat<3x4xf64, nnz=0>) -> !matrix.mat<?x?xf64>
  %fe = matrix.floor %E : (!matrix.mat<3x4xf64, nnz=0>) -> !matrix.mat<?x?xf64>
  %ce = matrix.ceil %E : (!matrix.mat<3x4xf64, nnz=0>) -> !matrix.mat<?x?xf64>
  %n = matrix.rint %A : (!matrix.mat<3x4xf64, nnz=5>) -> !matrix.mat<?x?xf64>
  %ne = matrix.rint %E : (!matrix.mat<3x4xf64, nnz=0>) -> !matrix.mat<?x?xf64>
  func.return
}

// -----

// exp log sigmoid map 0 to a non-zero: dims only, never an nnz (not even for an
// empty input).
// CHECK-LABEL: func.func @unary_dense(
// CHECK:       %e = matrix.exp %A : (!matrix.mat<3x4xf64, nnz=5>) -> !matrix.mat<3x4xf64>{{$}}
// CHECK-NEXT:  %l = matrix.log %A : (!matrix.mat<3x4xf64, nnz=5>) -> !matrix.mat<3x4xf64>{{$}}
// CHECK-NEXT:  %s = matrix.sigmoid %A : (!matrix.mat<3x4xf64, nnz=5>) -> !matrix.mat<3x4xf64>{{$}}
// CHECK-NEXT:  %ee = matrix.exp %E : (!matrix.mat<3x4xf64, nnz=0>) -> !matrix.mat<3x4xf64>{{$}}
// CHECK-NEXT:  %u = matrix.exp %U : !matrix.mat<?x?xf64>{{$}}
func.func @unary_dense(%A: !matrix.mat<3x4xf64, nnz=5>, %E: !matrix.mat<3x4xf64, nnz=0>, %U: !matrix.mat<?x?xf64>) {
  %e = matrix.exp %A : (!matrix.mat<3x4xf64, nnz=5>) -> !matrix.mat<?x?xf64>
  %l = matrix.log %A : (!matrix.mat<3x4xf64, nnz=5>) -> !matrix.mat<?x?xf64>
  %s = matrix.sigmoid %A : (!matrix.mat<3x4xf64, nnz=5>) -> !matrix.mat<?x?xf64>
  %ee = matrix.exp %E : (!matrix.mat<3x4xf64, nnz=0>) -> !matrix.mat<?x?xf64>
  %u = matrix.exp %U : !matrix.mat<?x?xf64>
  func.return
}

// -----

// not: exactly the zeros of its input become ones, nnz = cells - nnz; without the
// input's nnz there is none.
// CHECK-LABEL: func.func @unary_not(
// CHECK:       %n = matrix.not %A : (!matrix.mat<3x4xf64, nnz=5>) -> !matrix.mat<3x4xf64, nnz=7>{{$}}
// CHECK-NEXT:  %ne = matrix.not %E : (!matrix.mat<3x4xf64, nnz=0>) -> !matrix.mat<3x4xf64, nnz=12>{{$}}
// CHECK-NEXT:  %nd = matrix.not %D : !matrix.mat<3x4xf64>{{$}}
func.func @unary_not(%A: !matrix.mat<3x4xf64, nnz=5>, %E: !matrix.mat<3x4xf64, nnz=0>, %D: !matrix.mat<3x4xf64>) {
  %n = matrix.not %A : (!matrix.mat<3x4xf64, nnz=5>) -> !matrix.mat<?x?xf64>
  %ne = matrix.not %E : (!matrix.mat<3x4xf64, nnz=0>) -> !matrix.mat<?x?xf64>
  %nd = matrix.not %D : (!matrix.mat<3x4xf64>) -> !matrix.mat<?x?xf64>
  func.return
}

// -----

// select: the condition's dims; no nnz (which cells are taken from which side
// is unknown), except that choosing between two empty sides is empty.
// CHECK-LABEL: func.func @select(
// CHECK:       %s = matrix.select %A, %B, %zero : (!matrix.mat<3x4xf64, nnz=5>, !matrix.mat<3x4xf64, nnz=7>, f64) -> !matrix.mat<3x4xf64>{{$}}
// CHECK-NEXT:  %t = matrix.select %A, %E, %E : (!matrix.mat<3x4xf64, nnz=5>, !matrix.mat<3x4xf64, nnz=0>, !matrix.mat<3x4xf64, nnz=0>) -> !matrix.mat<3x4xf64, nnz=0>{{$}}
func.func @select(%A: !matrix.mat<3x4xf64, nnz=5>, %B: !matrix.mat<3x4xf64, nnz=7>, %E: !matrix.mat<3x4xf64, nnz=0>) {
  %zero = arith.constant 0.0 : f64
  %s = matrix.select %A, %B, %zero : (!matrix.mat<3x4xf64, nnz=5>, !matrix.mat<3x4xf64, nnz=7>, f64) -> !matrix.mat<?x?xf64>
  %t = matrix.select %A, %E, %E : (!matrix.mat<3x4xf64, nnz=5>, !matrix.mat<3x4xf64, nnz=0>, !matrix.mat<3x4xf64, nnz=0>) -> !matrix.mat<?x?xf64>
  func.return
}

// Round trip of the element-wise matrix ops: add sub mul div pow min max mod floordiv,
// eq ne lt le gt ge and or, neg exp log sqrt abs sign round rint floor ceil sigmoid not, select.
//
// Each case must print in the custom syntax exactly as in its CHECK lines, the
// custom output must re-parse to the same text, and the generic form
// (--print-op-generic) must re-parse to the same custom output. GEN checks the
// generic form itself: fixed operand order, and properties named as the op
// definitions in dialects/matrix.py name them (README, "The matrix dialect").

// RUN: amls-opt %s --split-input-file | filecheck %s
// RUN: amls-opt %s --split-input-file | amls-opt --split-input-file | filecheck %s
// RUN: amls-opt %s --split-input-file --print-op-generic | amls-opt --split-input-file | filecheck %s
// RUN: amls-opt %s --split-input-file --print-op-generic | filecheck %s --check-prefix=GEN
// RUN: amls-opt %s --split-input-file | filecheck %s --check-prefix=CUSTOM
// RUN: amls-opt %s --split-input-file --print-op-generic | filecheck %s --check-prefix=GENERIC

// No op is left in the generic form by the custom printer, none in the custom
// form by the generic one, and nothing fails.
// CUSTOM-NOT: "matrix.
// CUSTOM-NOT: <{{[{]}}
// CUSTOM-NOT: error
// GENERIC-NOT: {{^ *(%[a-z0-9_]+ = )?}}matrix.
// GENERIC-NOT: error

// matrix.add: matrix + matrix of equal shape uses the short `: T` form.
// CHECK-LABEL: func.func @add(
// CHECK:      %r = matrix.add %X, %Y : !matrix.mat<10x5xf64>{{$}}
// CHECK-NEXT: func.return
// GEN-LABEL: "func.func"() <{sym_name = "add"
// GEN:      %r = "matrix.add"(%X, %Y) : (!matrix.mat<10x5xf64>, !matrix.mat<10x5xf64>) -> !matrix.mat<10x5xf64>{{$}}
// GEN-NEXT: "func.return"
func.func @add(%X: !matrix.mat<10x5xf64>, %Y: !matrix.mat<10x5xf64>) {
  %r = matrix.add %X, %Y : !matrix.mat<10x5xf64>
  func.return
}

// -----

// matrix.sub: scalar f64 on the left-hand side.
// CHECK-LABEL: func.func @sub(
// CHECK:      %r = matrix.sub %s, %X : (f64, !matrix.mat<10x5xf64>) -> !matrix.mat<10x5xf64>{{$}}
// CHECK-NEXT: func.return
// GEN-LABEL: "func.func"() <{sym_name = "sub"
// GEN:      %r = "matrix.sub"(%s, %X) : (f64, !matrix.mat<10x5xf64>) -> !matrix.mat<10x5xf64>{{$}}
// GEN-NEXT: "func.return"
func.func @sub(%s: f64, %X: !matrix.mat<10x5xf64>) {
  %r = matrix.sub %s, %X : (f64, !matrix.mat<10x5xf64>) -> !matrix.mat<10x5xf64>
  func.return
}

// -----

// matrix.mul: scalar f64 on the right-hand side.
// CHECK-LABEL: func.func @mul(
// CHECK:      %r = matrix.mul %X, %s : (!matrix.mat<10x5xf64>, f64) -> !matrix.mat<10x5xf64>{{$}}
// CHECK-NEXT: func.return
// GEN-LABEL: "func.func"() <{sym_name = "mul"
// GEN:      %r = "matrix.mul"(%X, %s) : (!matrix.mat<10x5xf64>, f64) -> !matrix.mat<10x5xf64>{{$}}
// GEN-NEXT: "func.return"
func.func @mul(%X: !matrix.mat<10x5xf64>, %s: f64) {
  %r = matrix.mul %X, %s : (!matrix.mat<10x5xf64>, f64) -> !matrix.mat<10x5xf64>
  func.return
}

// -----

// matrix.div: broadcasting a row vector 1xC on the right.
// CHECK-LABEL: func.func @div(
// CHECK:      %r = matrix.div %X, %v : (!matrix.mat<10x5xf64>, !matrix.mat<1x5xf64>) -> !matrix.mat<10x5xf64>{{$}}
// CHECK-NEXT: func.return
// GEN-LABEL: "func.func"() <{sym_name = "div"
// GEN:      %r = "matrix.div"(%X, %v) : (!matrix.mat<10x5xf64>, !matrix.mat<1x5xf64>) -> !matrix.mat<10x5xf64>{{$}}
// GEN-NEXT: "func.return"
func.func @div(%X: !matrix.mat<10x5xf64>, %v: !matrix.mat<1x5xf64>) {
  %r = matrix.div %X, %v : (!matrix.mat<10x5xf64>, !matrix.mat<1x5xf64>) -> !matrix.mat<10x5xf64>
  func.return
}

// -----

// matrix.pow: broadcasting a column vector Rx1 on the left.
// CHECK-LABEL: func.func @pow(
// CHECK:      %r = matrix.pow %v, %X : (!matrix.mat<10x1xf64>, !matrix.mat<10x5xf64>) -> !matrix.mat<10x5xf64>{{$}}
// CHECK-NEXT: func.return
// GEN-LABEL: "func.func"() <{sym_name = "pow"
// GEN:      %r = "matrix.pow"(%v, %X) : (!matrix.mat<10x1xf64>, !matrix.mat<10x5xf64>) -> !matrix.mat<10x5xf64>{{$}}
// GEN-NEXT: "func.return"
func.func @pow(%v: !matrix.mat<10x1xf64>, %X: !matrix.mat<10x5xf64>) {
  %r = matrix.pow %v, %X : (!matrix.mat<10x1xf64>, !matrix.mat<10x5xf64>) -> !matrix.mat<10x5xf64>
  func.return
}

// -----

// matrix.min: unknown `?` dims on one side, known on the other.
// CHECK-LABEL: func.func @min(
// CHECK:      %r = matrix.min %X, %Y : (!matrix.mat<?x?xf64>, !matrix.mat<10x5xf64>) -> !matrix.mat<10x5xf64>{{$}}
// CHECK-NEXT: func.return
// GEN-LABEL: "func.func"() <{sym_name = "min"
// GEN:      %r = "matrix.min"(%X, %Y) : (!matrix.mat<?x?xf64>, !matrix.mat<10x5xf64>) -> !matrix.mat<10x5xf64>{{$}}
// GEN-NEXT: "func.return"
func.func @min(%X: !matrix.mat<?x?xf64>, %Y: !matrix.mat<10x5xf64>) {
  %r = matrix.min %X, %Y : (!matrix.mat<?x?xf64>, !matrix.mat<10x5xf64>) -> !matrix.mat<10x5xf64>
  func.return
}

// -----

// matrix.max: both sides unknown, result unknown (short form).
// CHECK-LABEL: func.func @max(
// CHECK:      %r = matrix.max %X, %Y : !matrix.mat<?x?xf64>{{$}}
// CHECK-NEXT: func.return
// GEN-LABEL: "func.func"() <{sym_name = "max"
// GEN:      %r = "matrix.max"(%X, %Y) : (!matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>{{$}}
// GEN-NEXT: "func.return"
func.func @max(%X: !matrix.mat<?x?xf64>, %Y: !matrix.mat<?x?xf64>) {
  %r = matrix.max %X, %Y : !matrix.mat<?x?xf64>
  func.return
}

// -----

// matrix.mod: a row vector on the left with a partially unknown matrix.
// CHECK-LABEL: func.func @mod(
// CHECK:      %r = matrix.mod %v, %X : (!matrix.mat<1x5xf64>, !matrix.mat<?x5xf64>) -> !matrix.mat<?x5xf64>{{$}}
// CHECK-NEXT: func.return
// GEN-LABEL: "func.func"() <{sym_name = "mod"
// GEN:      %r = "matrix.mod"(%v, %X) : (!matrix.mat<1x5xf64>, !matrix.mat<?x5xf64>) -> !matrix.mat<?x5xf64>{{$}}
// GEN-NEXT: "func.return"
func.func @mod(%v: !matrix.mat<1x5xf64>, %X: !matrix.mat<?x5xf64>) {
  %r = matrix.mod %v, %X : (!matrix.mat<1x5xf64>, !matrix.mat<?x5xf64>) -> !matrix.mat<?x5xf64>
  func.return
}

// -----

// matrix.floordiv: Python's and NumPy's a // b, a matrix and a scalar.
// CHECK-LABEL: func.func @floordiv(
// CHECK:      %r = matrix.floordiv %X, %s : (!matrix.mat<?x5xf64>, f64) -> !matrix.mat<?x5xf64>{{$}}
// CHECK-NEXT: func.return
// GEN-LABEL: "func.func"() <{sym_name = "floordiv"
// GEN:      %r = "matrix.floordiv"(%X, %s) : (!matrix.mat<?x5xf64>, f64) -> !matrix.mat<?x5xf64>{{$}}
// GEN-NEXT: "func.return"
func.func @floordiv(%X: !matrix.mat<?x5xf64>, %s: f64) {
  %r = matrix.floordiv %X, %s : (!matrix.mat<?x5xf64>, f64) -> !matrix.mat<?x5xf64>
  func.return
}

// -----

// matrix.eq: comparison with a scalar on the right.
// CHECK-LABEL: func.func @eq(
// CHECK:      %r = matrix.eq %X, %s : (!matrix.mat<10x5xf64>, f64) -> !matrix.mat<10x5xf64>{{$}}
// CHECK-NEXT: func.return
// GEN-LABEL: "func.func"() <{sym_name = "eq"
// GEN:      %r = "matrix.eq"(%X, %s) : (!matrix.mat<10x5xf64>, f64) -> !matrix.mat<10x5xf64>{{$}}
// GEN-NEXT: "func.return"
func.func @eq(%X: !matrix.mat<10x5xf64>, %s: f64) {
  %r = matrix.eq %X, %s : (!matrix.mat<10x5xf64>, f64) -> !matrix.mat<10x5xf64>
  func.return
}

// -----

// matrix.ne: comparison with a scalar on the left.
// CHECK-LABEL: func.func @ne(
// CHECK:      %r = matrix.ne %s, %X : (f64, !matrix.mat<10x5xf64>) -> !matrix.mat<10x5xf64>{{$}}
// CHECK-NEXT: func.return
// GEN-LABEL: "func.func"() <{sym_name = "ne"
// GEN:      %r = "matrix.ne"(%s, %X) : (f64, !matrix.mat<10x5xf64>) -> !matrix.mat<10x5xf64>{{$}}
// GEN-NEXT: "func.return"
func.func @ne(%s: f64, %X: !matrix.mat<10x5xf64>) {
  %r = matrix.ne %s, %X : (f64, !matrix.mat<10x5xf64>) -> !matrix.mat<10x5xf64>
  func.return
}

// -----

// matrix.lt: comparison of equal shapes.
// CHECK-LABEL: func.func @lt(
// CHECK:      %r = matrix.lt %X, %Y : !matrix.mat<10x5xf64>{{$}}
// CHECK-NEXT: func.return
// GEN-LABEL: "func.func"() <{sym_name = "lt"
// GEN:      %r = "matrix.lt"(%X, %Y) : (!matrix.mat<10x5xf64>, !matrix.mat<10x5xf64>) -> !matrix.mat<10x5xf64>{{$}}
// GEN-NEXT: "func.return"
func.func @lt(%X: !matrix.mat<10x5xf64>, %Y: !matrix.mat<10x5xf64>) {
  %r = matrix.lt %X, %Y : !matrix.mat<10x5xf64>
  func.return
}

// -----

// matrix.le: comparison with a column vector.
// CHECK-LABEL: func.func @le(
// CHECK:      %r = matrix.le %X, %v : (!matrix.mat<10x5xf64>, !matrix.mat<10x1xf64>) -> !matrix.mat<10x5xf64>{{$}}
// CHECK-NEXT: func.return
// GEN-LABEL: "func.func"() <{sym_name = "le"
// GEN:      %r = "matrix.le"(%X, %v) : (!matrix.mat<10x5xf64>, !matrix.mat<10x1xf64>) -> !matrix.mat<10x5xf64>{{$}}
// GEN-NEXT: "func.return"
func.func @le(%X: !matrix.mat<10x5xf64>, %v: !matrix.mat<10x1xf64>) {
  %r = matrix.le %X, %v : (!matrix.mat<10x5xf64>, !matrix.mat<10x1xf64>) -> !matrix.mat<10x5xf64>
  func.return
}

// -----

// matrix.gt: comparison with a row vector on the left.
// CHECK-LABEL: func.func @gt(
// CHECK:      %r = matrix.gt %v, %X : (!matrix.mat<1x5xf64>, !matrix.mat<10x5xf64>) -> !matrix.mat<10x5xf64>{{$}}
// CHECK-NEXT: func.return
// GEN-LABEL: "func.func"() <{sym_name = "gt"
// GEN:      %r = "matrix.gt"(%v, %X) : (!matrix.mat<1x5xf64>, !matrix.mat<10x5xf64>) -> !matrix.mat<10x5xf64>{{$}}
// GEN-NEXT: "func.return"
func.func @gt(%v: !matrix.mat<1x5xf64>, %X: !matrix.mat<10x5xf64>) {
  %r = matrix.gt %v, %X : (!matrix.mat<1x5xf64>, !matrix.mat<10x5xf64>) -> !matrix.mat<10x5xf64>
  func.return
}

// -----

// matrix.ge: comparison of matrices carrying nnz facts.
// CHECK-LABEL: func.func @ge(
// CHECK:      %r = matrix.ge %X, %Y : (!matrix.mat<10x5xf64, nnz=7>, !matrix.mat<10x5xf64, nnz=3>) -> !matrix.mat<10x5xf64>{{$}}
// CHECK-NEXT: func.return
// GEN-LABEL: "func.func"() <{sym_name = "ge"
// GEN:      %r = "matrix.ge"(%X, %Y) : (!matrix.mat<10x5xf64, nnz=7>, !matrix.mat<10x5xf64, nnz=3>) -> !matrix.mat<10x5xf64>{{$}}
// GEN-NEXT: "func.return"
func.func @ge(%X: !matrix.mat<10x5xf64, nnz=7>, %Y: !matrix.mat<10x5xf64, nnz=3>) {
  %r = matrix.ge %X, %Y : (!matrix.mat<10x5xf64, nnz=7>, !matrix.mat<10x5xf64, nnz=3>) -> !matrix.mat<10x5xf64>
  func.return
}

// -----

// matrix.and: logical and of equal shapes.
// CHECK-LABEL: func.func @and(
// CHECK:      %r = matrix.and %X, %Y : !matrix.mat<10x5xf64>{{$}}
// CHECK-NEXT: func.return
// GEN-LABEL: "func.func"() <{sym_name = "and"
// GEN:      %r = "matrix.and"(%X, %Y) : (!matrix.mat<10x5xf64>, !matrix.mat<10x5xf64>) -> !matrix.mat<10x5xf64>{{$}}
// GEN-NEXT: "func.return"
func.func @and(%X: !matrix.mat<10x5xf64>, %Y: !matrix.mat<10x5xf64>) {
  %r = matrix.and %X, %Y : !matrix.mat<10x5xf64>
  func.return
}

// -----

// matrix.or: logical or with a scalar.
// CHECK-LABEL: func.func @or(
// CHECK:      %r = matrix.or %X, %s : (!matrix.mat<10x5xf64>, f64) -> !matrix.mat<10x5xf64>{{$}}
// CHECK-NEXT: func.return
// GEN-LABEL: "func.func"() <{sym_name = "or"
// GEN:      %r = "matrix.or"(%X, %s) : (!matrix.mat<10x5xf64>, f64) -> !matrix.mat<10x5xf64>{{$}}
// GEN-NEXT: "func.return"
func.func @or(%X: !matrix.mat<10x5xf64>, %s: f64) {
  %r = matrix.or %X, %s : (!matrix.mat<10x5xf64>, f64) -> !matrix.mat<10x5xf64>
  func.return
}

// -----

// matrix.add: a 1x1 matrix broadcasts like a scalar.
// CHECK-LABEL: func.func @add_1x1(
// CHECK:      %r = matrix.add %a, %X : (!matrix.mat<1x1xf64>, !matrix.mat<10x5xf64>) -> !matrix.mat<10x5xf64>{{$}}
// CHECK-NEXT: func.return
// GEN-LABEL: "func.func"() <{sym_name = "add_1x1"
// GEN:      %r = "matrix.add"(%a, %X) : (!matrix.mat<1x1xf64>, !matrix.mat<10x5xf64>) -> !matrix.mat<10x5xf64>{{$}}
// GEN-NEXT: "func.return"
func.func @add_1x1(%a: !matrix.mat<1x1xf64>, %X: !matrix.mat<10x5xf64>) {
  %r = matrix.add %a, %X : (!matrix.mat<1x1xf64>, !matrix.mat<10x5xf64>) -> !matrix.mat<10x5xf64>
  func.return
}

// -----

// matrix.add: the long form with all-equal types prints in the short form.
// CHECK-LABEL: func.func @add_long_form(
// CHECK:      %r = matrix.add %X, %Y : !matrix.mat<10x5xf64>{{$}}
// CHECK-NEXT: func.return
// GEN-LABEL: "func.func"() <{sym_name = "add_long_form"
// GEN:      %r = "matrix.add"(%X, %Y) : (!matrix.mat<10x5xf64>, !matrix.mat<10x5xf64>) -> !matrix.mat<10x5xf64>{{$}}
// GEN-NEXT: "func.return"
func.func @add_long_form(%X: !matrix.mat<10x5xf64>, %Y: !matrix.mat<10x5xf64>) {
  %r = matrix.add %X, %Y : (!matrix.mat<10x5xf64>, !matrix.mat<10x5xf64>) -> !matrix.mat<10x5xf64>
  func.return
}

// -----

// matrix.neg: known shape, short form.
// CHECK-LABEL: func.func @neg(
// CHECK:      %r = matrix.neg %X : !matrix.mat<10x5xf64>{{$}}
// CHECK-NEXT: func.return
// GEN-LABEL: "func.func"() <{sym_name = "neg"
// GEN:      %r = "matrix.neg"(%X) : (!matrix.mat<10x5xf64>) -> !matrix.mat<10x5xf64>{{$}}
// GEN-NEXT: "func.return"
func.func @neg(%X: !matrix.mat<10x5xf64>) {
  %r = matrix.neg %X : !matrix.mat<10x5xf64>
  func.return
}

// -----

// matrix.exp: unknown shape.
// CHECK-LABEL: func.func @exp(
// CHECK:      %r = matrix.exp %X : !matrix.mat<?x?xf64>{{$}}
// CHECK-NEXT: func.return
// GEN-LABEL: "func.func"() <{sym_name = "exp"
// GEN:      %r = "matrix.exp"(%X) : (!matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>{{$}}
// GEN-NEXT: "func.return"
func.func @exp(%X: !matrix.mat<?x?xf64>) {
  %r = matrix.exp %X : !matrix.mat<?x?xf64>
  func.return
}

// -----

// matrix.log: known shape.
// CHECK-LABEL: func.func @log(
// CHECK:      %r = matrix.log %X : !matrix.mat<10x5xf64>{{$}}
// CHECK-NEXT: func.return
// GEN-LABEL: "func.func"() <{sym_name = "log"
// GEN:      %r = "matrix.log"(%X) : (!matrix.mat<10x5xf64>) -> !matrix.mat<10x5xf64>{{$}}
// GEN-NEXT: "func.return"
func.func @log(%X: !matrix.mat<10x5xf64>) {
  %r = matrix.log %X : !matrix.mat<10x5xf64>
  func.return
}

// -----

// matrix.sqrt: the nnz fact is part of the type and is printed.
// CHECK-LABEL: func.func @sqrt(
// CHECK:      %r = matrix.sqrt %X : !matrix.mat<10x5xf64, nnz=7>{{$}}
// CHECK-NEXT: func.return
// GEN-LABEL: "func.func"() <{sym_name = "sqrt"
// GEN:      %r = "matrix.sqrt"(%X) : (!matrix.mat<10x5xf64, nnz=7>) -> !matrix.mat<10x5xf64, nnz=7>{{$}}
// GEN-NEXT: "func.return"
func.func @sqrt(%X: !matrix.mat<10x5xf64, nnz=7>) {
  %r = matrix.sqrt %X : !matrix.mat<10x5xf64, nnz=7>
  func.return
}

// -----

// matrix.abs: the result may forget known dims (long form).
// CHECK-LABEL: func.func @abs(
// CHECK:      %r = matrix.abs %X : (!matrix.mat<10x5xf64>) -> !matrix.mat<?x?xf64>{{$}}
// CHECK-NEXT: func.return
// GEN-LABEL: "func.func"() <{sym_name = "abs"
// GEN:      %r = "matrix.abs"(%X) : (!matrix.mat<10x5xf64>) -> !matrix.mat<?x?xf64>{{$}}
// GEN-NEXT: "func.return"
func.func @abs(%X: !matrix.mat<10x5xf64>) {
  %r = matrix.abs %X : (!matrix.mat<10x5xf64>) -> !matrix.mat<?x?xf64>
  func.return
}

// -----

// matrix.sign: the result may state dims the operand leaves unknown.
// CHECK-LABEL: func.func @sign(
// CHECK:      %r = matrix.sign %X : (!matrix.mat<?x?xf64>) -> !matrix.mat<10x5xf64>{{$}}
// CHECK-NEXT: func.return
// GEN-LABEL: "func.func"() <{sym_name = "sign"
// GEN:      %r = "matrix.sign"(%X) : (!matrix.mat<?x?xf64>) -> !matrix.mat<10x5xf64>{{$}}
// GEN-NEXT: "func.return"
func.func @sign(%X: !matrix.mat<?x?xf64>) {
  %r = matrix.sign %X : (!matrix.mat<?x?xf64>) -> !matrix.mat<10x5xf64>
  func.return
}

// -----

// matrix.round: a column vector.
// CHECK-LABEL: func.func @round(
// CHECK:      %r = matrix.round %X : !matrix.mat<10x1xf64>{{$}}
// CHECK-NEXT: func.return
// GEN-LABEL: "func.func"() <{sym_name = "round"
// GEN:      %r = "matrix.round"(%X) : (!matrix.mat<10x1xf64>) -> !matrix.mat<10x1xf64>{{$}}
// GEN-NEXT: "func.return"
func.func @round(%X: !matrix.mat<10x1xf64>) {
  %r = matrix.round %X : !matrix.mat<10x1xf64>
  func.return
}

// -----

// matrix.rint (NumPy's round half to even): a matrix of unknown rows.
// CHECK-LABEL: func.func @rint(
// CHECK:      %r = matrix.rint %X : !matrix.mat<?x3xf64>{{$}}
// CHECK-NEXT: func.return
// GEN-LABEL: "func.func"() <{sym_name = "rint"
// GEN:      %r = "matrix.rint"(%X) : (!matrix.mat<?x3xf64>) -> !matrix.mat<?x3xf64>{{$}}
// GEN-NEXT: "func.return"
func.func @rint(%X: !matrix.mat<?x3xf64>) {
  %r = matrix.rint %X : !matrix.mat<?x3xf64>
  func.return
}

// -----

// matrix.floor: a row vector.
// CHECK-LABEL: func.func @floor(
// CHECK:      %r = matrix.floor %X : !matrix.mat<1x5xf64>{{$}}
// CHECK-NEXT: func.return
// GEN-LABEL: "func.func"() <{sym_name = "floor"
// GEN:      %r = "matrix.floor"(%X) : (!matrix.mat<1x5xf64>) -> !matrix.mat<1x5xf64>{{$}}
// GEN-NEXT: "func.return"
func.func @floor(%X: !matrix.mat<1x5xf64>) {
  %r = matrix.floor %X : !matrix.mat<1x5xf64>
  func.return
}

// -----

// matrix.ceil: a partially unknown vector.
// CHECK-LABEL: func.func @ceil(
// CHECK:      %r = matrix.ceil %X : !matrix.mat<?x1xf64>{{$}}
// CHECK-NEXT: func.return
// GEN-LABEL: "func.func"() <{sym_name = "ceil"
// GEN:      %r = "matrix.ceil"(%X) : (!matrix.mat<?x1xf64>) -> !matrix.mat<?x1xf64>{{$}}
// GEN-NEXT: "func.return"
func.func @ceil(%X: !matrix.mat<?x1xf64>) {
  %r = matrix.ceil %X : !matrix.mat<?x1xf64>
  func.return
}

// -----

// matrix.sigmoid: known shape.
// CHECK-LABEL: func.func @sigmoid(
// CHECK:      %r = matrix.sigmoid %X : !matrix.mat<10x5xf64>{{$}}
// CHECK-NEXT: func.return
// GEN-LABEL: "func.func"() <{sym_name = "sigmoid"
// GEN:      %r = "matrix.sigmoid"(%X) : (!matrix.mat<10x5xf64>) -> !matrix.mat<10x5xf64>{{$}}
// GEN-NEXT: "func.return"
func.func @sigmoid(%X: !matrix.mat<10x5xf64>) {
  %r = matrix.sigmoid %X : !matrix.mat<10x5xf64>
  func.return
}

// -----

// matrix.not: an empty 0x0 matrix.
// CHECK-LABEL: func.func @not(
// CHECK:      %r = matrix.not %X : !matrix.mat<0x0xf64>{{$}}
// CHECK-NEXT: func.return
// GEN-LABEL: "func.func"() <{sym_name = "not"
// GEN:      %r = "matrix.not"(%X) : (!matrix.mat<0x0xf64>) -> !matrix.mat<0x0xf64>{{$}}
// GEN-NEXT: "func.return"
func.func @not(%X: !matrix.mat<0x0xf64>) {
  %r = matrix.not %X : !matrix.mat<0x0xf64>
  func.return
}

// -----

// matrix.select: condition and both branches are matrices; operand order (cond, a, b).
// CHECK-LABEL: func.func @select(
// CHECK:      %r = matrix.select %c, %a, %b : !matrix.mat<10x5xf64>{{$}}
// CHECK-NEXT: func.return
// GEN-LABEL: "func.func"() <{sym_name = "select"
// GEN:      %r = "matrix.select"(%c, %a, %b) : (!matrix.mat<10x5xf64>, !matrix.mat<10x5xf64>, !matrix.mat<10x5xf64>) -> !matrix.mat<10x5xf64>{{$}}
// GEN-NEXT: "func.return"
func.func @select(%c: !matrix.mat<10x5xf64>, %a: !matrix.mat<10x5xf64>, %b: !matrix.mat<10x5xf64>) {
  %r = matrix.select %c, %a, %b : !matrix.mat<10x5xf64>
  func.return
}

// -----

// matrix.select: scalar branches on either side.
// CHECK-LABEL: func.func @select_scalars(
// CHECK:      %r = matrix.select %c, %s, %X : (!matrix.mat<10x5xf64>, f64, !matrix.mat<10x5xf64>) -> !matrix.mat<10x5xf64>{{$}}
// CHECK-NEXT: %q = matrix.select %c, %X, %s : (!matrix.mat<10x5xf64>, !matrix.mat<10x5xf64>, f64) -> !matrix.mat<10x5xf64>{{$}}
// CHECK-NEXT: %p = matrix.select %c, %s, %s : (!matrix.mat<10x5xf64>, f64, f64) -> !matrix.mat<10x5xf64>{{$}}
// CHECK-NEXT: func.return
// GEN-LABEL: "func.func"() <{sym_name = "select_scalars"
// GEN:      %r = "matrix.select"(%c, %s, %X) : (!matrix.mat<10x5xf64>, f64, !matrix.mat<10x5xf64>) -> !matrix.mat<10x5xf64>{{$}}
// GEN-NEXT: %q = "matrix.select"(%c, %X, %s) : (!matrix.mat<10x5xf64>, !matrix.mat<10x5xf64>, f64) -> !matrix.mat<10x5xf64>{{$}}
// GEN-NEXT: %p = "matrix.select"(%c, %s, %s) : (!matrix.mat<10x5xf64>, f64, f64) -> !matrix.mat<10x5xf64>{{$}}
// GEN-NEXT: "func.return"
func.func @select_scalars(%c: !matrix.mat<10x5xf64>, %X: !matrix.mat<10x5xf64>, %s: f64) {
  %r = matrix.select %c, %s, %X : (!matrix.mat<10x5xf64>, f64, !matrix.mat<10x5xf64>) -> !matrix.mat<10x5xf64>
  %q = matrix.select %c, %X, %s : (!matrix.mat<10x5xf64>, !matrix.mat<10x5xf64>, f64) -> !matrix.mat<10x5xf64>
  %p = matrix.select %c, %s, %s : (!matrix.mat<10x5xf64>, f64, f64) -> !matrix.mat<10x5xf64>
  func.return
}

// Rule fill-to-scalar (passes/rewrite/rules_static.py): X (op) fill(c, r, k) -> X (op) c and
// fill(c, r, k) (op) X -> c (op) X, for every element-wise binary op, when the fill
// has X's (known) shape. A fill of another shape broadcasts or is broadcast: no rewrite.
//
// RUN: amls-opt %s --split-input-file -p simplify-static --rewrite-trace 2>&1 | filecheck %s --check-prefixes=CHECK,TRACE
// RUN: amls-opt %s --split-input-file -p simplify-static | amls-opt --split-input-file | filecheck %s
// RUN: amls-opt %s --split-input-file -p simplify-static | amls-opt --split-input-file -p simplify-static --rewrite-trace 2>&1 | filecheck %s --check-prefix=AGAIN
// AGAIN-NOT: rewrite:
// AGAIN-NOT: error

// The fill on the right, every binary op.
// TRACE:       rewrite: fill-to-scalar at {{.*}}fill-to-scalar.mlir:[[# @LINE + 39]]:3
// TRACE:       rewrite: fill-to-scalar at {{.*}}fill-to-scalar.mlir:[[# @LINE + 39]]:3
// TRACE:       rewrite: fill-to-scalar at {{.*}}fill-to-scalar.mlir:[[# @LINE + 39]]:3
// TRACE:       rewrite: fill-to-scalar at {{.*}}fill-to-scalar.mlir:[[# @LINE + 39]]:3
// TRACE:       rewrite: fill-to-scalar at {{.*}}fill-to-scalar.mlir:[[# @LINE + 39]]:3
// TRACE:       rewrite: fill-to-scalar at {{.*}}fill-to-scalar.mlir:[[# @LINE + 39]]:3
// TRACE:       rewrite: fill-to-scalar at {{.*}}fill-to-scalar.mlir:[[# @LINE + 39]]:3
// TRACE:       rewrite: fill-to-scalar at {{.*}}fill-to-scalar.mlir:[[# @LINE + 39]]:3
// TRACE:       rewrite: fill-to-scalar at {{.*}}fill-to-scalar.mlir:[[# @LINE + 39]]:3
// TRACE:       rewrite: fill-to-scalar at {{.*}}fill-to-scalar.mlir:[[# @LINE + 39]]:3
// TRACE:       rewrite: fill-to-scalar at {{.*}}fill-to-scalar.mlir:[[# @LINE + 39]]:3
// TRACE:       rewrite: fill-to-scalar at {{.*}}fill-to-scalar.mlir:[[# @LINE + 39]]:3
// TRACE:       rewrite: fill-to-scalar at {{.*}}fill-to-scalar.mlir:[[# @LINE + 39]]:3
// TRACE:       rewrite: fill-to-scalar at {{.*}}fill-to-scalar.mlir:[[# @LINE + 39]]:3
// TRACE:       rewrite: fill-to-scalar at {{.*}}fill-to-scalar.mlir:[[# @LINE + 39]]:3
// TRACE:       rewrite: fill-to-scalar at {{.*}}fill-to-scalar.mlir:[[# @LINE + 39]]:3
// CHECK-LABEL: func.func @fill_right(
// CHECK-NOT:     matrix.fill
// CHECK:         %add = matrix.add %X, %c : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
// CHECK:         %sub = matrix.sub %X, %c : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
// CHECK:         %mul = matrix.mul %X, %c : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
// CHECK:         %div = matrix.div %X, %c : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
// CHECK:         %pow = matrix.pow %X, %c : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
// CHECK:         %min = matrix.min %X, %c : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
// CHECK:         %max = matrix.max %X, %c : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
// CHECK:         %mod = matrix.mod %X, %c : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
// CHECK:         %eq = matrix.eq %X, %c : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
// CHECK:         %ne = matrix.ne %X, %c : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
// CHECK:         %lt = matrix.lt %X, %c : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
// CHECK:         %le = matrix.le %X, %c : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
// CHECK:         %gt = matrix.gt %X, %c : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
// CHECK:         %ge = matrix.ge %X, %c : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
// CHECK:         %and = matrix.and %X, %c : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
// CHECK:         %or = matrix.or %X, %c : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
// CHECK-NOT:     matrix.fill
func.func @fill_right(%X: !matrix.mat<3x4xf64>, %c: f64) -> (!matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>) {
  %r = arith.constant 3 : i64
  %k = arith.constant 4 : i64
  %F = matrix.fill %c, %r, %k : (f64, i64, i64) -> !matrix.mat<3x4xf64>
  %add = matrix.add %X, %F : !matrix.mat<3x4xf64>
  %sub = matrix.sub %X, %F : !matrix.mat<3x4xf64>
  %mul = matrix.mul %X, %F : !matrix.mat<3x4xf64>
  %div = matrix.div %X, %F : !matrix.mat<3x4xf64>
  %pow = matrix.pow %X, %F : !matrix.mat<3x4xf64>
  %min = matrix.min %X, %F : !matrix.mat<3x4xf64>
  %max = matrix.max %X, %F : !matrix.mat<3x4xf64>
  %mod = matrix.mod %X, %F : !matrix.mat<3x4xf64>
  %eq = matrix.eq %X, %F : !matrix.mat<3x4xf64>
  %ne = matrix.ne %X, %F : !matrix.mat<3x4xf64>
  %lt = matrix.lt %X, %F : !matrix.mat<3x4xf64>
  %le = matrix.le %X, %F : !matrix.mat<3x4xf64>
  %gt = matrix.gt %X, %F : !matrix.mat<3x4xf64>
  %ge = matrix.ge %X, %F : !matrix.mat<3x4xf64>
  %and = matrix.and %X, %F : !matrix.mat<3x4xf64>
  %or = matrix.or %X, %F : !matrix.mat<3x4xf64>
  func.return %add, %sub, %mul, %div, %pow, %min, %max, %mod, %eq, %ne, %lt, %le, %gt, %ge, %and, %or : !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>
}

// -----

// The fill on the left: non-commutative ops keep the order (c - X, c / X, ...),
// commutative ones match in either order.
// TRACE:       rewrite: fill-to-scalar at {{.*}}fill-to-scalar.mlir:[[# @LINE + 39]]:3
// TRACE:       rewrite: fill-to-scalar at {{.*}}fill-to-scalar.mlir:[[# @LINE + 39]]:3
// TRACE:       rewrite: fill-to-scalar at {{.*}}fill-to-scalar.mlir:[[# @LINE + 39]]:3
// TRACE:       rewrite: fill-to-scalar at {{.*}}fill-to-scalar.mlir:[[# @LINE + 39]]:3
// TRACE:       rewrite: fill-to-scalar at {{.*}}fill-to-scalar.mlir:[[# @LINE + 39]]:3
// TRACE:       rewrite: fill-to-scalar at {{.*}}fill-to-scalar.mlir:[[# @LINE + 39]]:3
// TRACE:       rewrite: fill-to-scalar at {{.*}}fill-to-scalar.mlir:[[# @LINE + 39]]:3
// TRACE:       rewrite: fill-to-scalar at {{.*}}fill-to-scalar.mlir:[[# @LINE + 39]]:3
// TRACE:       rewrite: fill-to-scalar at {{.*}}fill-to-scalar.mlir:[[# @LINE + 39]]:3
// TRACE:       rewrite: fill-to-scalar at {{.*}}fill-to-scalar.mlir:[[# @LINE + 39]]:3
// TRACE:       rewrite: fill-to-scalar at {{.*}}fill-to-scalar.mlir:[[# @LINE + 39]]:3
// TRACE:       rewrite: fill-to-scalar at {{.*}}fill-to-scalar.mlir:[[# @LINE + 39]]:3
// TRACE:       rewrite: fill-to-scalar at {{.*}}fill-to-scalar.mlir:[[# @LINE + 39]]:3
// TRACE:       rewrite: fill-to-scalar at {{.*}}fill-to-scalar.mlir:[[# @LINE + 39]]:3
// TRACE:       rewrite: fill-to-scalar at {{.*}}fill-to-scalar.mlir:[[# @LINE + 39]]:3
// TRACE:       rewrite: fill-to-scalar at {{.*}}fill-to-scalar.mlir:[[# @LINE + 39]]:3
// CHECK-LABEL: func.func @fill_left(
// CHECK-NOT:     matrix.fill
// CHECK:         %add = matrix.add %X, %c : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
// CHECK:         %sub = matrix.sub %c, %X : (f64, !matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64>
// CHECK:         %mul = matrix.mul %X, %c : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
// CHECK:         %div = matrix.div %c, %X : (f64, !matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64>
// CHECK:         %pow = matrix.pow %c, %X : (f64, !matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64>
// CHECK:         %min = matrix.min %X, %c : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
// CHECK:         %max = matrix.max %X, %c : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
// CHECK:         %mod = matrix.mod %c, %X : (f64, !matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64>
// CHECK:         %eq = matrix.eq %X, %c : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
// CHECK:         %ne = matrix.ne %X, %c : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
// CHECK:         %lt = matrix.lt %c, %X : (f64, !matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64>
// CHECK:         %le = matrix.le %c, %X : (f64, !matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64>
// CHECK:         %gt = matrix.gt %c, %X : (f64, !matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64>
// CHECK:         %ge = matrix.ge %c, %X : (f64, !matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64>
// CHECK:         %and = matrix.and %X, %c : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
// CHECK:         %or = matrix.or %X, %c : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
// CHECK-NOT:     matrix.fill
func.func @fill_left(%X: !matrix.mat<3x4xf64>, %c: f64) -> (!matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>) {
  %r = arith.constant 3 : i64
  %k = arith.constant 4 : i64
  %F = matrix.fill %c, %r, %k : (f64, i64, i64) -> !matrix.mat<3x4xf64>
  %add = matrix.add %F, %X : !matrix.mat<3x4xf64>
  %sub = matrix.sub %F, %X : !matrix.mat<3x4xf64>
  %mul = matrix.mul %F, %X : !matrix.mat<3x4xf64>
  %div = matrix.div %F, %X : !matrix.mat<3x4xf64>
  %pow = matrix.pow %F, %X : !matrix.mat<3x4xf64>
  %min = matrix.min %F, %X : !matrix.mat<3x4xf64>
  %max = matrix.max %F, %X : !matrix.mat<3x4xf64>
  %mod = matrix.mod %F, %X : !matrix.mat<3x4xf64>
  %eq = matrix.eq %F, %X : !matrix.mat<3x4xf64>
  %ne = matrix.ne %F, %X : !matrix.mat<3x4xf64>
  %lt = matrix.lt %F, %X : !matrix.mat<3x4xf64>
  %le = matrix.le %F, %X : !matrix.mat<3x4xf64>
  %gt = matrix.gt %F, %X : !matrix.mat<3x4xf64>
  %ge = matrix.ge %F, %X : !matrix.mat<3x4xf64>
  %and = matrix.and %F, %X : !matrix.mat<3x4xf64>
  %or = matrix.or %F, %X : !matrix.mat<3x4xf64>
  func.return %add, %sub, %mul, %div, %pow, %min, %max, %mod, %eq, %ne, %lt, %le, %gt, %ge, %and, %or : !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>
}

// -----

// Unknown dims on either side (fill dims from function arguments).
// TRACE-NOT:   rewrite: fill-to-scalar
// CHECK-LABEL: func.func @fill_unknown(
// CHECK:         %F = matrix.fill %c, %r, %k : (f64, i64, i64) -> !matrix.mat<?x?xf64>
// CHECK-NEXT:    %a = matrix.add %X, %F : !matrix.mat<?x?xf64>
// CHECK-NEXT:    %b = matrix.sub %F, %X : !matrix.mat<?x?xf64>
// CHECK-NEXT:    func.return %a, %b
func.func @fill_unknown(%X: !matrix.mat<?x?xf64>, %c: f64, %r: i64, %k: i64) -> (!matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>) {
  %F = matrix.fill %c, %r, %k : (f64, i64, i64) -> !matrix.mat<?x?xf64>
  %a = matrix.add %X, %F : !matrix.mat<?x?xf64>
  %b = matrix.sub %F, %X : !matrix.mat<?x?xf64>
  func.return %a, %b : !matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>
}

// -----

// Broadcast fills: a 1x4 row or a 1x1 fill against a 3x4 X, and a 3x4 fill
// against a 1x4 X (X (op) c would be 1x4, the original is 3x4).
// TRACE-NOT:   rewrite: fill-to-scalar
// CHECK-LABEL: func.func @fill_broadcast(
// CHECK:         %a = matrix.mul %X, %Frow : (!matrix.mat<3x4xf64>, !matrix.mat<1x4xf64>) -> !matrix.mat<3x4xf64>
// CHECK-NEXT:    %b = matrix.sub %F11, %X : (!matrix.mat<1x1xf64>, !matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64>
// CHECK-NEXT:    %d = matrix.add %Y, %Fbig : (!matrix.mat<1x4xf64>, !matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64>
// CHECK-NEXT:    %e = matrix.div %Fbig, %Y : (!matrix.mat<3x4xf64>, !matrix.mat<1x4xf64>) -> !matrix.mat<3x4xf64>
// CHECK-NEXT:    func.return %a, %b, %d, %e
func.func @fill_broadcast(%X: !matrix.mat<3x4xf64>, %Y: !matrix.mat<1x4xf64>, %c: f64) -> (!matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>) {
  %one = arith.constant 1 : i64
  %three = arith.constant 3 : i64
  %four = arith.constant 4 : i64
  %Frow = matrix.fill %c, %one, %four : (f64, i64, i64) -> !matrix.mat<1x4xf64>
  %F11 = matrix.fill %c, %one, %one : (f64, i64, i64) -> !matrix.mat<1x1xf64>
  %Fbig = matrix.fill %c, %three, %four : (f64, i64, i64) -> !matrix.mat<3x4xf64>
  %a = matrix.mul %X, %Frow : (!matrix.mat<3x4xf64>, !matrix.mat<1x4xf64>) -> !matrix.mat<3x4xf64>
  %b = matrix.sub %F11, %X : (!matrix.mat<1x1xf64>, !matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64>
  %d = matrix.add %Y, %Fbig : (!matrix.mat<1x4xf64>, !matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64>
  %e = matrix.div %Fbig, %Y : (!matrix.mat<3x4xf64>, !matrix.mat<1x4xf64>) -> !matrix.mat<3x4xf64>
  func.return %a, %b, %d, %e : !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>
}

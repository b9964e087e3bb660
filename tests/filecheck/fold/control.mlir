// constant-fold on control flow: an scf.if on a constant condition becomes the
// taken branch (its yielded values replace the if's results), an if without
// else on false disappears, and an scf.for with zero trips (lb >= ub, constants)
// becomes its initial values. Run-time conditions and bounds, and loops that
// run, stay.

// RUN: amls-opt %s --split-input-file -p constant-fold | filecheck %s
// RUN: amls-opt %s --split-input-file -p constant-fold | amls-opt --split-input-file -p constant-fold | filecheck %s

// CHECK-LABEL: func.func @if_true(
// CHECK-NEXT:    %a = arith.addf %x, %y : f64
// CHECK-NEXT:    func.return %a : f64
// CHECK-NOT:     scf.if
func.func @if_true(%x: f64, %y: f64) -> f64 {
  %t = arith.constant true
  %r = scf.if %t -> (f64) {
    %a = arith.addf %x, %y : f64
    scf.yield %a : f64
  } else {
    %b = arith.mulf %x, %y : f64
    scf.yield %b : f64
  }
  func.return %r : f64
}

// -----

// The condition is itself folded first (1 > 2 is false); two results.
// CHECK-LABEL: func.func @if_false(
// CHECK-NEXT:    %b = arith.mulf %x, %y : f64
// CHECK-NEXT:    %B = matrix.add %X, %X : !matrix.mat<2x2xf64>
// CHECK-NEXT:    func.return %b, %B : f64, !matrix.mat<2x2xf64>
// CHECK-NOT:     scf.if
func.func @if_false(%x: f64, %y: f64, %X: !matrix.mat<2x2xf64>) -> (f64, !matrix.mat<2x2xf64>) {
  %i = arith.constant 1 : i64
  %j = arith.constant 2 : i64
  %c = arith.cmpi sgt, %i, %j : i64
  %r:2 = scf.if %c -> (f64, !matrix.mat<2x2xf64>) {
    %a = arith.addf %x, %y : f64
    scf.yield %a, %X : f64, !matrix.mat<2x2xf64>
  } else {
    %b = arith.mulf %x, %y : f64
    %B = matrix.add %X, %X : !matrix.mat<2x2xf64>
    scf.yield %b, %B : f64, !matrix.mat<2x2xf64>
  }
  func.return %r#0, %r#1 : f64, !matrix.mat<2x2xf64>
}

// -----

// No else: on false the if disappears, on true its body is inlined.
// CHECK-LABEL: func.func @if_no_else(
// CHECK-NEXT:    matrix.print %X {label = "taken"} : !matrix.mat<2x2xf64>
// CHECK-NEXT:    func.return
func.func @if_no_else(%X: !matrix.mat<2x2xf64>) {
  %f = arith.constant false
  scf.if %f {
    matrix.print %X {label = "not taken"} : !matrix.mat<2x2xf64>
  }
  %t = arith.constant true
  scf.if %t {
    matrix.print %X {label = "taken"} : !matrix.mat<2x2xf64>
  }
  func.return
}

// -----

// 5 to 5 and 3 to 1: no trip; the loops are their initial values.
// CHECK-LABEL: func.func @for_zero(
// CHECK-NEXT:    func.return %x, %X : f64, !matrix.mat<2x2xf64>
func.func @for_zero(%x: f64, %X: !matrix.mat<2x2xf64>) -> (f64, !matrix.mat<2x2xf64>) {
  %c5 = arith.constant 5 : i64
  %c3 = arith.constant 3 : i64
  %c1 = arith.constant 1 : i64
  %r = scf.for %i = %c5 to %c5 step %c1 iter_args(%acc = %x) -> (f64) : i64 {
    %n = arith.addf %acc, %acc : f64
    scf.yield %n : f64
  }
  %R = scf.for %i = %c3 to %c1 step %c1 iter_args(%acc = %X) -> (!matrix.mat<2x2xf64>) : i64 {
    %m = matrix.add %acc, %acc : !matrix.mat<2x2xf64>
    scf.yield %m : !matrix.mat<2x2xf64>
  }
  func.return %r, %R : f64, !matrix.mat<2x2xf64>
}

// -----

// A run-time condition, a run-time bound, and a loop of 3 trips stay.
// CHECK-LABEL: func.func @stays(
// CHECK:         %r = scf.if %p -> (f64) {
// CHECK:         %s = scf.for %i = %lb to %n step %st iter_args(%acc = %x) -> (f64) : i64 {
// CHECK:         %t = scf.for %j = %lb to %ub step %st iter_args(%acc2 = %x) -> (f64) : i64 {
func.func @stays(%p: i1, %x: f64, %n: i64) -> (f64, f64, f64) {
  %r = scf.if %p -> (f64) {
    scf.yield %x : f64
  } else {
    %b = arith.mulf %x, %x : f64
    scf.yield %b : f64
  }
  %lb = arith.constant 0 : i64
  %ub = arith.constant 3 : i64
  %st = arith.constant 1 : i64
  %s = scf.for %i = %lb to %n step %st iter_args(%acc = %x) -> (f64) : i64 {
    %m = arith.addf %acc, %acc : f64
    scf.yield %m : f64
  }
  %t = scf.for %j = %lb to %ub step %st iter_args(%acc2 = %x) -> (f64) : i64 {
    %m2 = arith.addf %acc2, %acc2 : f64
    scf.yield %m2 : f64
  }
  func.return %r, %s, %t : f64, f64, f64
}

// constant-fold on scalar arith: f64 add/mul/div, integer ops (with i64
// wrap-around and truncating division, as arith defines them), cmpi/cmpf and
// select are evaluated with the interpreter's kernels. Results that would not
// be finite (1/0, a NaN operand) and integer division by zero stay for run time.

// RUN: amls-opt %s --split-input-file -p constant-fold | filecheck %s
// The output re-parses, and a second fold changes nothing more.
// RUN: amls-opt %s --split-input-file -p constant-fold | amls-opt --split-input-file -p constant-fold | filecheck %s

// CHECK-LABEL: func.func @floats(
// CHECK-NEXT:    %s = arith.constant 3.500000e+00 : f64
// CHECK-NEXT:    %m = arith.constant 3.000000e+00 : f64
// CHECK-NEXT:    %d = arith.constant 7.500000e-01 : f64
// CHECK-NEXT:    %n = arith.constant -1.500000e+00 : f64
// CHECK-NEXT:    func.return %s, %m, %d, %n : f64, f64, f64, f64
func.func @floats() -> (f64, f64, f64, f64) {
  %a = arith.constant 1.5 : f64
  %b = arith.constant 2.0 : f64
  %s = arith.addf %a, %b : f64
  %m = arith.mulf %a, %b : f64
  %d = arith.divf %a, %b : f64
  %n = arith.negf %a : f64
  func.return %s, %m, %d, %n : f64, f64, f64, f64
}

// -----

// -7/2 truncates to -3 (remainder -1); floordivsi gives -4; max i64 + 2 wraps.
// CHECK-LABEL: func.func @ints(
// CHECK-NEXT:    %k = arith.constant 10 : i64
// CHECK-NEXT:    %l = arith.constant 21 : i64
// CHECK-NEXT:    %q = arith.constant -3 : i64
// CHECK-NEXT:    %r = arith.constant -1 : i64
// CHECK-NEXT:    %f = arith.constant -4 : i64
// CHECK-NEXT:    %o = arith.constant -9223372036854775807 : i64
// CHECK-NEXT:    func.return %k, %l, %q, %r, %f, %o
func.func @ints() -> (i64, i64, i64, i64, i64, i64) {
  %i = arith.constant 7 : i64
  %j = arith.constant 3 : i64
  %a = arith.constant -7 : i64
  %b = arith.constant 2 : i64
  %big = arith.constant 9223372036854775807 : i64
  %k = arith.addi %i, %j : i64
  %l = arith.muli %i, %j : i64
  %q = arith.divsi %a, %b : i64
  %r = arith.remsi %a, %b : i64
  %f = arith.floordivsi %a, %b : i64
  %o = arith.addi %big, %b : i64
  func.return %k, %l, %q, %r, %f, %o : i64, i64, i64, i64, i64, i64
}

// -----

// Comparisons (NaN < 1 is false ordered, true unordered) and select.
// CHECK-LABEL: func.func @compare(
// CHECK-NEXT:    %lt = arith.constant false
// CHECK-NEXT:    %olt = arith.constant true
// CHECK-NEXT:    %nolt = arith.constant false
// CHECK-NEXT:    %nult = arith.constant true
// CHECK-NEXT:    %z = arith.constant 1.500000e+00 : f64
// CHECK-NEXT:    %w = arith.constant 7 : i64
// CHECK-NEXT:    func.return %lt, %olt, %nolt, %nult, %z, %w
func.func @compare() -> (i1, i1, i1, i1, f64, i64) {
  %a = arith.constant 1.5 : f64
  %b = arith.constant 2.0 : f64
  %i = arith.constant 7 : i64
  %j = arith.constant 3 : i64
  %nan = arith.constant 0x7FF8000000000000 : f64
  %lt = arith.cmpi slt, %i, %j : i64
  %olt = arith.cmpf olt, %a, %b : f64
  %nolt = arith.cmpf olt, %nan, %a : f64
  %nult = arith.cmpf ult, %nan, %a : f64
  %z = arith.select %olt, %a, %b : f64
  %w = arith.select %nult, %i, %j : i64
  func.return %lt, %olt, %nolt, %nult, %z, %w : i1, i1, i1, i1, f64, i64
}

// -----

// 1/0 is Inf, maximumf(NaN, 1) is NaN: not folded; maxnumf(NaN, 1) is 1: folded.
// x/0 on integers is a run-time error: not folded.
// CHECK-LABEL: func.func @not_folded(
// CHECK:         %inf = arith.divf %one, %zero : f64
// CHECK-NEXT:    %m = arith.maximumf %nan, %one : f64
// CHECK-NEXT:    %n = arith.constant 1.000000e+00 : f64
// CHECK-NEXT:    %d = arith.divsi %i, %iz : i64
// CHECK-NEXT:    func.return %inf, %m, %n, %d
func.func @not_folded() -> (f64, f64, f64, i64) {
  %one = arith.constant 1.0 : f64
  %zero = arith.constant 0.0 : f64
  %nan = arith.constant 0x7FF8000000000000 : f64
  %i = arith.constant 7 : i64
  %iz = arith.constant 0 : i64
  %inf = arith.divf %one, %zero : f64
  %m = arith.maximumf %nan, %one : f64
  %n = arith.maxnumf %nan, %one : f64
  %d = arith.divsi %i, %iz : i64
  func.return %inf, %m, %n, %d : f64, f64, f64, i64
}

// -----

// Run-time operands: nothing to fold.
// CHECK-LABEL: func.func @runtime(
// CHECK-NEXT:    %s = arith.addf %x, %y : f64
// CHECK-NEXT:    %c = arith.cmpf olt, %x, %y : f64
func.func @runtime(%x: f64, %y: f64) -> (f64, i1) {
  %s = arith.addf %x, %y : f64
  %c = arith.cmpf olt, %x, %y : f64
  func.return %s, %c : f64, i1
}

// Value facts through control flow and calls: scf.if joins its branches; a loop
// keeps a bound its body keeps and drops one that grows (widening); a call's results
// come from its callee analysed with the call's arguments; `ipa` states what every call
// site passes on the callee's arguments; the module's amls.assume_finite makes every
// value finite.
// RUN: amls-opt %s --split-input-file -p annotate-value-facts | filecheck %s
// RUN: amls-opt %s --split-input-file -p 'ipa{entry=entry inline-threshold=0 max-specializations=0}' | filecheck %s --check-prefix=IPA

// CHECK-LABEL: func.func @branches(
// CHECK:         scf.if
// CHECK:           scf.yield %B
// CHECK-NEXT:    }{{ ?}}{amls.value_facts = ["|x| <= 3"]}
func.func @branches(%A: !matrix.mat<3x4xf64> {matrix.absmax = 2.0 : f64}, %B: !matrix.mat<3x4xf64> {matrix.absmax = 3.0 : f64}, %c: i1) -> !matrix.mat<3x4xf64> {
  %r = scf.if %c -> (!matrix.mat<3x4xf64>) {
    scf.yield %A : !matrix.mat<3x4xf64>
  } else {
    scf.yield %B : !matrix.mat<3x4xf64>
  }
  func.return %r : !matrix.mat<3x4xf64>
}

// -----

// A carried sigmoid stays in [0, 1]; a carried sum grows and is widened to nothing
// known; the induction variable is bounded by the loop's bounds.
// CHECK-LABEL: func.func @loops(
// CHECK:         scf.for
// CHECK:           matrix.sigmoid {{.*}}amls.value_facts = ["|x| <= 1"]
// CHECK:           matrix.add {{.*}}amls.value_facts = ["unknown"]
// CHECK:         } {amls.value_facts = ["|x| <= 2", "unknown"], amls.arg_facts = ["|x| <= 10", "|x| <= 2", "unknown"]}
func.func @loops(%A: !matrix.mat<3x4xf64> {matrix.absmax = 2.0 : f64}) -> (!matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>) {
  %lb = arith.constant 0 : index
  %ub = arith.constant 10 : index
  %st = arith.constant 1 : index
  %r:2 = scf.for %i = %lb to %ub step %st iter_args(%s = %A, %t = %A) -> (!matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>) {
    %s1 = matrix.sigmoid %s : !matrix.mat<3x4xf64>
    %t1 = matrix.add %t, %A : !matrix.mat<3x4xf64>
    scf.yield %s1, %t1 : !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>
  }
  func.return %r#0, %r#1 : !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>
}

// -----

// The callee is analysed with each call's facts: a bounded argument gives a bounded
// result, an unknown one nothing.
// CHECK-LABEL: func.func @calls(
// CHECK:         func.call @double(%A) {amls.value_facts = ["|x| <= 4"]}
// CHECK:         func.call @double(%U) {amls.value_facts = ["unknown"]}
// IPA-LABEL:   func.func @double(
// IPA-NOT:       matrix.finite
// IPA-SAME:      -> !matrix.mat<3x4xf64>
func.func @calls(%A: !matrix.mat<3x4xf64> {matrix.absmax = 2.0 : f64}, %U: !matrix.mat<3x4xf64>) -> (!matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>) {
  %a = func.call @double(%A) : (!matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64>
  %u = func.call @double(%U) : (!matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64>
  func.return %a, %u : !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>
}
func.func @double(%X: !matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64> {
  %y = matrix.add %X, %X : !matrix.mat<3x4xf64>
  func.return %y : !matrix.mat<3x4xf64>
}

// -----

// ipa states on a callee's arguments what all of its call sites pass (the bound
// rounded up to a power of two); only for functions called from the entry alone (in
// the case above, without an @entry, every public function is a root).
// IPA-LABEL:   func.func @entry(
// IPA-LABEL:   func.func @twice(
// IPA-SAME:      %X: !matrix.mat<3x4xf64> {matrix.finite, matrix.absmax = 4.000000e+00 : f64}
func.func @entry(%A: !matrix.mat<3x4xf64> {matrix.absmax = 2.0 : f64}, %B: !matrix.mat<3x4xf64> {matrix.absmax = 3.0 : f64}) -> (!matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>) {
  %a = func.call @twice(%A) : (!matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64>
  %b = func.call @twice(%B) : (!matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64>
  func.return %a, %b : !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>
}
func.func @twice(%X: !matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64> {
  %y = matrix.add %X, %X : !matrix.mat<3x4xf64>
  func.return %y : !matrix.mat<3x4xf64>
}

// -----

// The fast-math licence: every value is finite (not bounded).
// CHECK-LABEL: func.func @licence(
// CHECK:         matrix.div %U, %U {amls.value_facts = ["finite"]}
builtin.module attributes {amls.assume_finite} {
  func.func @licence(%U: !matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64> {
    %d = matrix.div %U, %U : !matrix.mat<3x4xf64>
    func.return %d : !matrix.mat<3x4xf64>
  }
}

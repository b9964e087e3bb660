// Value facts of asin, acos, atan, sinh, cosh, tanh and isinf (value_rules.py): the
// bound each states, the finiteness it keeps, and where it must state nothing.
// RUN: amls-opt %s --split-input-file -p annotate-value-facts | filecheck %s

// asin and acos: a number only on [-1, 1]. Within it (|x| <= 1 proven) |asin| <= pi/2
// and acos in [0, pi]; past it, or for an unbounded operand, NaN may arise: no facts
// beyond the bound of what is not NaN.
// CHECK-LABEL: func.func @inverse_trig(
// CHECK:         matrix.asin %H {amls.value_facts = ["|x| <= 1.5708"]}
// CHECK-NEXT:    matrix.acos %H {amls.value_facts = ["|x| <= 3.14159"]}
// CHECK-NEXT:    matrix.asin %A {amls.value_facts = ["unknown"]}
// CHECK-NEXT:    matrix.acos %A {amls.value_facts = ["unknown"]}
// CHECK-NEXT:    matrix.asin %F {amls.value_facts = ["unknown"]}
// CHECK-NEXT:    matrix.acos %U {amls.value_facts = ["unknown"]}
func.func @inverse_trig(%H: !matrix.mat<3x4xf64> {matrix.absmax = 1.0 : f64}, %A: !matrix.mat<3x4xf64> {matrix.absmax = 2.0 : f64}, %F: !matrix.mat<3x4xf64> {matrix.finite}, %U: !matrix.mat<3x4xf64>) {
  %0 = matrix.asin %H : !matrix.mat<3x4xf64>
  %1 = matrix.acos %H : !matrix.mat<3x4xf64>
  %2 = matrix.asin %A : !matrix.mat<3x4xf64>
  %3 = matrix.acos %A : !matrix.mat<3x4xf64>
  %4 = matrix.asin %F : !matrix.mat<3x4xf64>
  %5 = matrix.acos %U : !matrix.mat<3x4xf64>
  func.return
}

// -----

// atan and tanh: bounded for any number (atan(+-Inf) = +-pi/2, tanh(+-Inf) = +-1);
// NaN only from NaN, so an operand that may hold NaN gives nothing.
// CHECK-LABEL: func.func @saturating(
// CHECK:         matrix.atan %A {amls.value_facts = ["|x| <= 1.5708"]}
// CHECK-NEXT:    matrix.tanh %A {amls.value_facts = ["|x| <= 1"]}
// CHECK-NEXT:    matrix.atan %F {amls.value_facts = ["|x| <= 1.5708"]}
// CHECK-NEXT:    matrix.tanh %F {amls.value_facts = ["|x| <= 1"]}
// CHECK-NEXT:    matrix.exp %F {amls.value_facts = ["no NaN"]}
// CHECK-NEXT:    matrix.tanh %{{.*}} {amls.value_facts = ["|x| <= 1"]}
// CHECK-NEXT:    matrix.atan %U {amls.value_facts = ["unknown"]}
// CHECK-NEXT:    matrix.tanh %U {amls.value_facts = ["unknown"]}
func.func @saturating(%A: !matrix.mat<3x4xf64> {matrix.absmax = 2.0 : f64}, %F: !matrix.mat<3x4xf64> {matrix.finite}, %U: !matrix.mat<3x4xf64>) {
  %0 = matrix.atan %A : !matrix.mat<3x4xf64>
  %1 = matrix.tanh %A : !matrix.mat<3x4xf64>
  %2 = matrix.atan %F : !matrix.mat<3x4xf64>
  %3 = matrix.tanh %F : !matrix.mat<3x4xf64>
  %4 = matrix.exp %F : !matrix.mat<3x4xf64>
  %5 = matrix.tanh %4 : !matrix.mat<3x4xf64>
  %6 = matrix.atan %U : !matrix.mat<3x4xf64>
  %7 = matrix.tanh %U : !matrix.mat<3x4xf64>
  func.return
}

// -----

// sinh and cosh overflow to Inf past |x| ~ 710.48: bounded (sinh(2) = 3.62686,
// cosh(2) = 3.7622) only where the operand's bound keeps them finite (<= 709); a
// finite operand without a bound, or one bounded by 1000, may overflow.
// CHECK-LABEL: func.func @hyperbolic(
// CHECK:         matrix.sinh %A {amls.value_facts = ["|x| <= 3.62686"]}
// CHECK-NEXT:    matrix.cosh %A {amls.value_facts = ["|x| <= 3.7622"]}
// CHECK-NEXT:    matrix.sinh %B {amls.value_facts = ["|x| <= 4.1{{[0-9]+}}e+307"]}
// CHECK-NEXT:    matrix.sinh %K {amls.value_facts = ["no NaN"]}
// CHECK-NEXT:    matrix.cosh %K {amls.value_facts = ["no NaN"]}
// CHECK-NEXT:    matrix.sinh %F {amls.value_facts = ["no NaN"]}
// CHECK-NEXT:    matrix.cosh %F {amls.value_facts = ["no NaN"]}
// CHECK-NEXT:    matrix.sinh %U {amls.value_facts = ["unknown"]}
// CHECK-NEXT:    matrix.cosh %U {amls.value_facts = ["unknown"]}
func.func @hyperbolic(%A: !matrix.mat<3x4xf64> {matrix.absmax = 2.0 : f64}, %B: !matrix.mat<3x4xf64> {matrix.absmax = 709.0 : f64}, %K: !matrix.mat<3x4xf64> {matrix.absmax = 1000.0 : f64}, %F: !matrix.mat<3x4xf64> {matrix.finite}, %U: !matrix.mat<3x4xf64>) {
  %0 = matrix.sinh %A : !matrix.mat<3x4xf64>
  %1 = matrix.cosh %A : !matrix.mat<3x4xf64>
  %2 = matrix.sinh %B : !matrix.mat<3x4xf64>
  %3 = matrix.sinh %K : !matrix.mat<3x4xf64>
  %4 = matrix.cosh %K : !matrix.mat<3x4xf64>
  %5 = matrix.sinh %F : !matrix.mat<3x4xf64>
  %6 = matrix.cosh %F : !matrix.mat<3x4xf64>
  %7 = matrix.sinh %U : !matrix.mat<3x4xf64>
  %8 = matrix.cosh %U : !matrix.mat<3x4xf64>
  func.return
}

// -----

// isinf is 0/1 whatever its operand holds, NaN and Inf included.
// CHECK-LABEL: func.func @isinf(
// CHECK:         matrix.isinf %U {amls.value_facts = ["|x| <= 1"]}
// CHECK-NEXT:    matrix.isinf %F {amls.value_facts = ["|x| <= 1"]}
func.func @isinf(%U: !matrix.mat<3x4xf64>, %F: !matrix.mat<3x4xf64> {matrix.finite}) {
  %0 = matrix.isinf %U : !matrix.mat<3x4xf64>
  %1 = matrix.isinf %F : !matrix.mat<3x4xf64>
  func.return
}

// -----

// The scalar math ops share the rules.
// CHECK-LABEL: func.func @scalars(
// CHECK:         math.asin %h {amls.value_facts = ["|x| <= 1.5708"]}
// CHECK-NEXT:    math.acos %t {amls.value_facts = ["unknown"]}
// CHECK-NEXT:    math.atan %t {amls.value_facts = ["|x| <= 1.5708"]}
// CHECK-NEXT:    math.tanh %t {amls.value_facts = ["|x| <= 1"]}
// CHECK-NEXT:    math.sinh %t {amls.value_facts = ["|x| <= 10.0179"]}
// CHECK-NEXT:    math.cosh %t {amls.value_facts = ["|x| <= 10.0677"]}
func.func @scalars() {
  %h = arith.constant 0.5 : f64
  %t = arith.constant 3.0 : f64
  %0 = math.asin %h : f64
  %1 = math.acos %t : f64
  %2 = math.atan %t : f64
  %3 = math.tanh %t : f64
  %4 = math.sinh %t : f64
  %5 = math.cosh %t : f64
  func.return
}

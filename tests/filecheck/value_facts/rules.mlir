// Value facts (passes/sizes/values.py, value_rules.py): the bound on |x| and the
// finiteness each rule states, and where it must state nothing.
// RUN: amls-opt %s --split-input-file -p annotate-value-facts | filecheck %s

// Arguments: what their attributes state; nothing without them.
// CHECK-LABEL: func.func @args(
// CHECK-SAME:    amls.arg_facts = ["|x| <= 2", "finite", "unknown", "finite"]
func.func @args(%A: !matrix.mat<3x4xf64> {matrix.absmax = 2.0 : f64}, %F: !matrix.mat<4x3xf64> {matrix.finite}, %U: !matrix.mat<3x4xf64>, %i: i64) {
  func.return
}

// -----

// Element-wise: sums add bounds, products multiply them, of finite operands only;
// division by a variable, log and sqrt of a possibly negative value bound nothing.
// CHECK-LABEL: func.func @elementwise(
// CHECK:         matrix.add %A, %B {amls.value_facts = ["|x| <= 5"]}
// CHECK-NEXT:    matrix.sub %A, %B {amls.value_facts = ["|x| <= 5"]}
// CHECK-NEXT:    matrix.mul %A, %B {amls.value_facts = ["|x| <= 6"]}
// CHECK-NEXT:    matrix.add %A, %F {amls.value_facts = ["unknown"]}
// CHECK-NEXT:    matrix.mul %A, %U {amls.value_facts = ["unknown"]}
// CHECK-NEXT:    matrix.div %A, %B {amls.value_facts = ["unknown"]}
// CHECK-NEXT:    matrix.div %A, %c4 {amls.value_facts = ["|x| <= 0.5"]}
// CHECK-NEXT:    matrix.div %A, %c0 {amls.value_facts = ["unknown"]}
// CHECK-NEXT:    matrix.pow %A, %c2 {amls.value_facts = ["|x| <= 4"]}
// CHECK-NEXT:    matrix.pow %A, %cm1 {amls.value_facts = ["unknown"]}
// CHECK-NEXT:    matrix.pow %A, %ch {amls.value_facts = ["unknown"]}
// CHECK-NEXT:    matrix.max %A, %F {amls.value_facts = ["finite"]}
// CHECK-NEXT:    matrix.min %A, %U {amls.value_facts = ["unknown"]}
// CHECK-NEXT:    matrix.mod %A, %c4 {amls.value_facts = ["|x| <= 4"]}
// CHECK-NEXT:    matrix.mod %A, %B {amls.value_facts = ["unknown"]}
// CHECK-NEXT:    matrix.gt %U, %B {amls.value_facts = ["|x| <= 1"]}
// CHECK-NEXT:    matrix.not %U {amls.value_facts = ["|x| <= 1"]}
func.func @elementwise(%A: !matrix.mat<3x4xf64> {matrix.absmax = 2.0 : f64}, %B: !matrix.mat<3x4xf64> {matrix.absmax = 3.0 : f64}, %F: !matrix.mat<3x4xf64> {matrix.finite}, %U: !matrix.mat<3x4xf64>) {
  %c4 = arith.constant 4.0 : f64
  %c0 = arith.constant 0.0 : f64
  %c2 = arith.constant 2.0 : f64
  %cm1 = arith.constant -1.0 : f64
  %ch = arith.constant 0.5 : f64
  %0 = matrix.add %A, %B : !matrix.mat<3x4xf64>
  %1 = matrix.sub %A, %B : !matrix.mat<3x4xf64>
  %2 = matrix.mul %A, %B : !matrix.mat<3x4xf64>
  %3 = matrix.add %A, %F : !matrix.mat<3x4xf64>
  %4 = matrix.mul %A, %U : !matrix.mat<3x4xf64>
  %5 = matrix.div %A, %B : !matrix.mat<3x4xf64>
  %6 = matrix.div %A, %c4 : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
  %7 = matrix.div %A, %c0 : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
  %8 = matrix.pow %A, %c2 : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
  %9 = matrix.pow %A, %cm1 : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
  %10 = matrix.pow %A, %ch : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
  %11 = matrix.max %A, %F : !matrix.mat<3x4xf64>
  %12 = matrix.min %A, %U : !matrix.mat<3x4xf64>
  %13 = matrix.mod %A, %c4 : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
  %14 = matrix.mod %A, %B : !matrix.mat<3x4xf64>
  %15 = matrix.gt %U, %B : !matrix.mat<3x4xf64>
  %16 = matrix.not %U : !matrix.mat<3x4xf64>
  func.return
}

// -----

// Unary: sigmoid is in [0, 1] for any number (NaN stays NaN); exp of a bounded value
// is bounded, of an unbounded one may be Inf; sqrt needs a non-negative input; log
// bounds nothing (log 0 is -Inf).
// CHECK-LABEL: func.func @unary(
// CHECK:         matrix.sigmoid %F {amls.value_facts = ["|x| <= 1"]}
// CHECK-NEXT:    matrix.sigmoid %U {amls.value_facts = ["unknown"]}
// CHECK-NEXT:    matrix.exp %A {amls.value_facts = ["|x| <= 7.38906"]}
// CHECK-NEXT:    matrix.exp %F {amls.value_facts = ["no NaN"]}
// CHECK-NEXT:    matrix.sqrt %A {amls.value_facts = ["unknown"]}
// CHECK-NEXT:    matrix.abs %A {amls.value_facts = ["|x| <= 2"]}
// CHECK-NEXT:    matrix.sqrt %{{.*}} {amls.value_facts = ["|x| <= 1.41421"]}
// CHECK-NEXT:    matrix.log %A {amls.value_facts = ["unknown"]}
// CHECK-NEXT:    matrix.neg %A {amls.value_facts = ["|x| <= 2"]}
// CHECK-NEXT:    matrix.sign %F {amls.value_facts = ["|x| <= 1"]}
// CHECK-NEXT:    matrix.sign %U {amls.value_facts = ["unknown"]}
// CHECK-NEXT:    matrix.floor %A {amls.value_facts = ["|x| <= 2"]}
// CHECK-NEXT:    matrix.round %F {amls.value_facts = ["finite"]}
// CHECK-NEXT:    matrix.rint %A {amls.value_facts = ["|x| <= 2"]}
// CHECK-NEXT:    matrix.rint %U {amls.value_facts = ["unknown"]}
func.func @unary(%A: !matrix.mat<3x4xf64> {matrix.absmax = 2.0 : f64}, %F: !matrix.mat<3x4xf64> {matrix.finite}, %U: !matrix.mat<3x4xf64>) {
  %0 = matrix.sigmoid %F : !matrix.mat<3x4xf64>
  %1 = matrix.sigmoid %U : !matrix.mat<3x4xf64>
  %2 = matrix.exp %A : !matrix.mat<3x4xf64>
  %3 = matrix.exp %F : !matrix.mat<3x4xf64>
  %4 = matrix.sqrt %A : !matrix.mat<3x4xf64>
  %5 = matrix.abs %A : !matrix.mat<3x4xf64>
  %6 = matrix.sqrt %5 : !matrix.mat<3x4xf64>
  %7 = matrix.log %A : !matrix.mat<3x4xf64>
  %8 = matrix.neg %A : !matrix.mat<3x4xf64>
  %9 = matrix.sign %F : !matrix.mat<3x4xf64>
  %10 = matrix.sign %U : !matrix.mat<3x4xf64>
  %11 = matrix.floor %A : !matrix.mat<3x4xf64>
  %12 = matrix.round %F : !matrix.mat<3x4xf64>
  %13 = matrix.rint %A : !matrix.mat<3x4xf64>
  %14 = matrix.rint %U : !matrix.mat<3x4xf64>
  func.return
}

// -----

// Products and aggregates: k terms of bounded values (k from either factor); an
// unknown count bounds nothing;
// the extremum or mean of a possibly empty matrix is not finite.
// CHECK-LABEL: func.func @aggregates(
// CHECK:         matrix.matmul %A, %B {amls.value_facts = ["|x| <= 24"]}
// CHECK-NEXT:    matrix.matmul %A, %V {amls.value_facts = ["|x| <= 8"]}
// CHECK-NEXT:    matrix.matmul %V, %V {amls.value_facts = ["unknown"]}
// CHECK-NEXT:    matrix.reduce sum all %A {amls.value_facts = ["|x| <= 24"]}
// CHECK-NEXT:    matrix.reduce sum row %A {amls.value_facts = ["|x| <= 8"]}
// CHECK-NEXT:    matrix.reduce sum col %A {amls.value_facts = ["|x| <= 6"]}
// CHECK-NEXT:    matrix.reduce sumsq all %A {amls.value_facts = ["|x| <= 48"]}
// CHECK-NEXT:    matrix.reduce mean all %A {amls.value_facts = ["|x| <= 2"]}
// CHECK-NEXT:    matrix.reduce max all %A {amls.value_facts = ["|x| <= 2"]}
// CHECK-NEXT:    matrix.reduce max all %V {amls.value_facts = ["unknown"]}
// CHECK-NEXT:    matrix.reduce sum all %V {amls.value_facts = ["unknown"]}
// CHECK-NEXT:    matrix.reduce argmax row %A {amls.value_facts = ["|x| <= 3"]}
// CHECK-NEXT:    matrix.trace %S {amls.value_facts = ["|x| <= 6"]}
// CHECK-NEXT:    matrix.transpose %A {amls.value_facts = ["|x| <= 2"]}
// CHECK-NEXT:    matrix.cbind %A, %C {amls.value_facts = ["|x| <= 3"]}
// CHECK-NEXT:    matrix.select %U, %A, %C {amls.value_facts = ["|x| <= 3"]}
// CHECK-NEXT:    matrix.solve %S, %S {amls.value_facts = ["unknown"]}
// CHECK-NEXT:    matrix.nrow %V {amls.value_facts = ["finite"]}
// CHECK-NEXT:    matrix.ncol %A {amls.value_facts = ["|x| <= 4"]}
func.func @aggregates(%A: !matrix.mat<3x4xf64> {matrix.absmax = 2.0 : f64}, %B: !matrix.mat<4x5xf64> {matrix.absmax = 3.0 : f64}, %V: !matrix.mat<?x?xf64> {matrix.absmax = 1.0 : f64}, %C: !matrix.mat<3x4xf64> {matrix.absmax = 3.0 : f64}, %U: !matrix.mat<3x4xf64>, %S: !matrix.mat<3x3xf64> {matrix.absmax = 2.0 : f64}) {
  %0 = matrix.matmul %A, %B : (!matrix.mat<3x4xf64>, !matrix.mat<4x5xf64>) -> !matrix.mat<3x5xf64>
  %1 = matrix.matmul %A, %V : (!matrix.mat<3x4xf64>, !matrix.mat<?x?xf64>) -> !matrix.mat<3x?xf64>
  %vv = matrix.matmul %V, %V : (!matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>
  %2 = matrix.reduce sum all %A : (!matrix.mat<3x4xf64>) -> f64
  %3 = matrix.reduce sum row %A : (!matrix.mat<3x4xf64>) -> !matrix.mat<3x1xf64>
  %4 = matrix.reduce sum col %A : (!matrix.mat<3x4xf64>) -> !matrix.mat<1x4xf64>
  %5 = matrix.reduce sumsq all %A : (!matrix.mat<3x4xf64>) -> f64
  %6 = matrix.reduce mean all %A : (!matrix.mat<3x4xf64>) -> f64
  %7 = matrix.reduce max all %A : (!matrix.mat<3x4xf64>) -> f64
  %8 = matrix.reduce max all %V : (!matrix.mat<?x?xf64>) -> f64
  %9 = matrix.reduce sum all %V : (!matrix.mat<?x?xf64>) -> f64
  %10 = matrix.reduce argmax row %A : (!matrix.mat<3x4xf64>) -> !matrix.mat<3x1xf64>
  %11 = matrix.trace %S : (!matrix.mat<3x3xf64>) -> f64
  %12 = matrix.transpose %A : (!matrix.mat<3x4xf64>) -> !matrix.mat<4x3xf64>
  %13 = matrix.cbind %A, %C : (!matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>) -> !matrix.mat<3x8xf64>
  %14 = matrix.select %U, %A, %C : (!matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64>
  %15 = matrix.solve %S, %S : (!matrix.mat<3x3xf64>, !matrix.mat<3x3xf64>) -> !matrix.mat<3x3xf64>
  %16 = matrix.nrow %V : (!matrix.mat<?x?xf64>) -> i64
  %17 = matrix.ncol %A : (!matrix.mat<3x4xf64>) -> i64
  func.return
}

// -----

// Generators: a uniform rand by its range, a normal one finite but unbounded; fill by
// its value; seq by its ends; a constant by its largest |value|; a read knows nothing.
// CHECK-LABEL: func.func @generators(
// CHECK:         matrix.rand {{.*}}amls.value_facts = ["|x| <= 3"]
// CHECK:         matrix.rand {{.*}}amls.value_facts = ["finite"]
// CHECK:         matrix.fill {{.*}}amls.value_facts = ["|x| <= 2.5"]
// CHECK:         matrix.seq {{.*}}amls.value_facts = ["|x| <= 11"]
// CHECK:         matrix.constant {{.*}}amls.value_facts = ["|x| <= 7"]
// CHECK:         matrix.read {{.*}}amls.value_facts = ["unknown"]
func.func @generators() {
  %n = arith.constant 3 : i64
  %r0 = matrix.rand %n, %n {min = -3.0, max = 1.0, seed = 1} : (i64, i64) -> !matrix.mat<3x3xf64>
  %r1 = matrix.rand %n, %n {pdf = "normal", seed = 1} : (i64, i64) -> !matrix.mat<3x3xf64>
  %v = arith.constant -2.5 : f64
  %f = matrix.fill %v, %n, %n : (f64, i64, i64) -> !matrix.mat<3x3xf64>
  %a = arith.constant 1.0 : f64
  %b = arith.constant 10.0 : f64
  %s = matrix.seq %a, %b, %a : (f64, f64, f64) -> !matrix.mat<10x1xf64>
  %c = matrix.constant {value = dense<[[1.0, -7.0]]> : tensor<1x2xf64>} : !matrix.mat<1x2xf64>
  %x = matrix.read {path = "x.npy", format = "npy"} : !matrix.mat<?x?xf64>
  func.return
}

// -----

// mean is sum / n: finite data whose sum may overflow (|x| up to 1e308, 4 cells) has
// a mean that may be Inf (so has |x| up to 1e308 in a row of 4); a bounded sum keeps the bound.
// CHECK-LABEL: func.func @mean_overflow(
// CHECK:         matrix.reduce mean all %F {amls.value_facts = ["unknown"]}
// CHECK-NEXT:    matrix.reduce mean row %H {amls.value_facts = ["unknown"]}
// CHECK-NEXT:    matrix.reduce mean col %H {amls.value_facts = ["|x| <= 1e+308"]}
func.func @mean_overflow(%F: !matrix.mat<2x2xf64> {matrix.finite}, %H: !matrix.mat<1x4xf64> {matrix.absmax = 1.0e308 : f64}) {
  %0 = matrix.reduce mean all %F : (!matrix.mat<2x2xf64>) -> f64
  %1 = matrix.reduce mean row %H : (!matrix.mat<1x4xf64>) -> !matrix.mat<1x1xf64>
  %2 = matrix.reduce mean col %H : (!matrix.mat<1x4xf64>) -> !matrix.mat<1x4xf64>
  func.return
}

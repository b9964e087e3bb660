// Round trip of the ops the DML frontend added: rev, cumagg, replace, det,
// sin cos tan isnan, and the reduce kinds var sd prod.
// RUN: amls-opt %s --split-input-file | filecheck %s
// RUN: amls-opt %s --split-input-file | amls-opt --split-input-file | filecheck %s
// RUN: amls-opt %s --split-input-file --print-op-generic | amls-opt --split-input-file | filecheck %s
// RUN: amls-opt %s --split-input-file --print-op-generic | filecheck %s --check-prefix=GEN

// CHECK-LABEL: func.func @ops(
// CHECK:      %a = matrix.rev %X : !matrix.mat<4x3xf64>{{$}}
// CHECK-NEXT: %b = matrix.cumagg sum %X : !matrix.mat<4x3xf64>{{$}}
// CHECK-NEXT: %c = matrix.cumagg max %X : !matrix.mat<4x3xf64>{{$}}
// CHECK-NEXT: %d = matrix.replace %X, %p, %r : (!matrix.mat<4x3xf64>, f64, f64) -> !matrix.mat<4x3xf64>{{$}}
// CHECK-NEXT: %e = matrix.det %A : (!matrix.mat<3x3xf64>) -> f64{{$}}
// CHECK-NEXT: %f = matrix.sin %X : !matrix.mat<4x3xf64>{{$}}
// CHECK-NEXT: %g = matrix.cos %X : !matrix.mat<4x3xf64>{{$}}
// CHECK-NEXT: %h = matrix.tan %X : !matrix.mat<4x3xf64>{{$}}
// CHECK-NEXT: %i = matrix.isnan %X : !matrix.mat<4x3xf64>{{$}}
// CHECK-NEXT: %j = matrix.reduce var all %X : (!matrix.mat<4x3xf64>) -> f64{{$}}
// CHECK-NEXT: %k = matrix.reduce sd row %X : (!matrix.mat<4x3xf64>) -> !matrix.mat<4x1xf64>{{$}}
// CHECK-NEXT: %l = matrix.reduce prod col %X : (!matrix.mat<4x3xf64>) -> !matrix.mat<1x3xf64>{{$}}
// GEN:      "matrix.rev"(%X) : (!matrix.mat<4x3xf64>) -> !matrix.mat<4x3xf64>
// GEN-NEXT: "matrix.cumagg"(%X) <{kind = "sum"}>
// GEN-NEXT: "matrix.cumagg"(%X) <{kind = "max"}>
// GEN-NEXT: "matrix.replace"(%X, %p, %r)
// GEN-NEXT: "matrix.det"(%A)
// GEN:      "matrix.reduce"(%X) <{kind = "var", axis = "all"}>
func.func @ops(%X: !matrix.mat<4x3xf64>, %A: !matrix.mat<3x3xf64>, %p: f64, %r: f64) {
  %a = matrix.rev %X : !matrix.mat<4x3xf64>
  %b = matrix.cumagg sum %X : !matrix.mat<4x3xf64>
  %c = "matrix.cumagg"(%X) <{kind = "max"}> : (!matrix.mat<4x3xf64>) -> !matrix.mat<4x3xf64>
  %d = matrix.replace %X, %p, %r : (!matrix.mat<4x3xf64>, f64, f64) -> !matrix.mat<4x3xf64>
  %e = matrix.det %A : (!matrix.mat<3x3xf64>) -> f64
  %f = matrix.sin %X : !matrix.mat<4x3xf64>
  %g = matrix.cos %X : !matrix.mat<4x3xf64>
  %h = matrix.tan %X : !matrix.mat<4x3xf64>
  %i = matrix.isnan %X : !matrix.mat<4x3xf64>
  %j = matrix.reduce var all %X : (!matrix.mat<4x3xf64>) -> f64
  %k = matrix.reduce sd row %X : (!matrix.mat<4x3xf64>) -> !matrix.mat<4x1xf64>
  %l = matrix.reduce prod col %X : (!matrix.mat<4x3xf64>) -> !matrix.mat<1x3xf64>
  func.return
}

// -----

// asin acos atan sinh cosh tanh isinf (DML asin ... tanh, is.infinite).
// CHECK-LABEL: func.func @trig_hyperbolic(
// CHECK:      %a = matrix.asin %X : !matrix.mat<4x3xf64>{{$}}
// CHECK-NEXT: %b = matrix.acos %X : !matrix.mat<4x3xf64>{{$}}
// CHECK-NEXT: %c = matrix.atan %X : !matrix.mat<4x3xf64>{{$}}
// CHECK-NEXT: %d = matrix.sinh %X : !matrix.mat<4x3xf64>{{$}}
// CHECK-NEXT: %e = matrix.cosh %X : !matrix.mat<4x3xf64>{{$}}
// CHECK-NEXT: %f = matrix.tanh %X : !matrix.mat<4x3xf64>{{$}}
// CHECK-NEXT: %g = matrix.isinf %X : !matrix.mat<4x3xf64>{{$}}
// GEN:      "matrix.asin"(%X) : (!matrix.mat<4x3xf64>) -> !matrix.mat<4x3xf64>
// GEN:      "matrix.isinf"(%X) : (!matrix.mat<4x3xf64>) -> !matrix.mat<4x3xf64>
func.func @trig_hyperbolic(%X: !matrix.mat<4x3xf64>) {
  %a = matrix.asin %X : !matrix.mat<4x3xf64>
  %b = matrix.acos %X : !matrix.mat<4x3xf64>
  %c = matrix.atan %X : !matrix.mat<4x3xf64>
  %d = matrix.sinh %X : !matrix.mat<4x3xf64>
  %e = "matrix.cosh"(%X) : (!matrix.mat<4x3xf64>) -> !matrix.mat<4x3xf64>
  %f = matrix.tanh %X : !matrix.mat<4x3xf64>
  %g = matrix.isinf %X : !matrix.mat<4x3xf64>
  func.return
}

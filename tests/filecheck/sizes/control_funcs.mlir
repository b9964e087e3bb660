// size-inference across functions: callees are analysed first, so a function's
// refined result type reaches its callers (whatever the order in the module);
// call operands are cast to the callee's (unchanged) input types; recursive
// functions keep their declared signature. size-inference never changes a
// function's inputs (that is ipa's job).
//
// The second amls-opt re-parses and re-verifies the output: the IR stays valid.

// RUN: amls-opt %s --split-input-file -p size-inference | amls-opt --split-input-file | filecheck %s

// The caller comes first in the module and still sees the callee's refined result.
// CHECK-LABEL: func.func @main() -> !matrix.mat<4x3xf64> {
// CHECK-NEXT:  %r = func.call @make() : () -> !matrix.mat<3x4xf64>{{$}}
// CHECK-NEXT:  %t = matrix.transpose %r : (!matrix.mat<3x4xf64>) -> !matrix.mat<4x3xf64>{{$}}
// CHECK-LABEL: func.func @make() -> !matrix.mat<3x4xf64> {
func.func @main() -> !matrix.mat<?x?xf64> {
  %r = func.call @make() : () -> !matrix.mat<?x?xf64>
  %t = matrix.transpose %r : !matrix.mat<?x?xf64>
  func.return %t : !matrix.mat<?x?xf64>
}
func.func @make() -> !matrix.mat<?x?xf64> {
  %c3 = arith.constant 3 : i64
  %c4 = arith.constant 4 : i64
  %A = matrix.rand %c3, %c4 {seed = 1} : (i64, i64) -> !matrix.mat<?x?xf64>
  func.return %A : !matrix.mat<?x?xf64>
}

// -----

// A chain main -> f -> g: result sizes flow back two levels, and into a loop of
// the caller.
// CHECK-LABEL: func.func @main() -> !matrix.mat<2x2xf64, nnz=4> {
// CHECK:       %r = func.call @f() : () -> !matrix.mat<2x2xf64, nnz=4>{{$}}
// CHECK:       scf.for {{.*}} iter_args(%acc = %r) -> (!matrix.mat<2x2xf64, nnz=4>) {
// CHECK-LABEL: func.func @f() -> !matrix.mat<2x2xf64, nnz=4> {
// CHECK-NEXT:  %x = func.call @g() : () -> !matrix.mat<2x2xf64, nnz=4>{{$}}
// CHECK-NEXT:  %y = matrix.neg %x : !matrix.mat<2x2xf64, nnz=4>{{$}}
// CHECK-LABEL: func.func @g() -> !matrix.mat<2x2xf64, nnz=4> {
func.func @main() -> !matrix.mat<?x?xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %r = func.call @f() : () -> !matrix.mat<?x?xf64>
  %l = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %r) -> (!matrix.mat<?x?xf64>) {
    %n = matrix.neg %acc : !matrix.mat<?x?xf64>
    scf.yield %n : !matrix.mat<?x?xf64>
  }
  func.return %l : !matrix.mat<?x?xf64>
}
func.func @f() -> !matrix.mat<?x?xf64> {
  %x = func.call @g() : () -> !matrix.mat<?x?xf64>
  %y = matrix.neg %x : !matrix.mat<?x?xf64>
  func.return %y : !matrix.mat<?x?xf64>
}
func.func @g() -> !matrix.mat<?x?xf64> {
  %c2 = arith.constant 2 : i64
  %one = arith.constant 1.0 : f64
  %A = matrix.fill %one, %c2, %c2 : (f64, i64, i64) -> !matrix.mat<?x?xf64>
  func.return %A : !matrix.mat<?x?xf64>
}

// -----

// A callee with generic inputs: a more precise argument is cast to the input
// type at the call (the callee's inputs stay `?x?`), and the callee's result is
// what it can derive alone.
// CHECK-LABEL: func.func @main() -> !matrix.mat<?x?xf64> {
// CHECK:       %X = matrix.rand {{.*}} -> !matrix.mat<3x4xf64, nnz=12>{{$}}
// CHECK-NEXT:  %[[C:.*]] = matrix.cast %X : (!matrix.mat<3x4xf64, nnz=12>) -> !matrix.mat<?x?xf64>{{$}}
// CHECK-NEXT:  %r = func.call @f(%[[C]]) : (!matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>{{$}}
// CHECK-LABEL: func.func @f(%A: !matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64> {
func.func @main() -> !matrix.mat<?x?xf64> {
  %c3 = arith.constant 3 : i64
  %c4 = arith.constant 4 : i64
  %X = matrix.rand %c3, %c4 {min = 1.0, max = 2.0, seed = 1} : (i64, i64) -> !matrix.mat<?x?xf64>
  %r = func.call @f(%X) : (!matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>
  func.return %r : !matrix.mat<?x?xf64>
}
func.func @f(%A: !matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64> {
  %t = matrix.transpose %A : !matrix.mat<?x?xf64>
  func.return %t : !matrix.mat<?x?xf64>
}

// -----

// A callee whose result is partly independent of its input: rbind(A, a 1x4 row)
// has 4 cols whatever A is, so the caller sees `?x4`.
// CHECK-LABEL: func.func @main(%U: !matrix.mat<?x?xf64>) -> !matrix.mat<?x4xf64> {
// CHECK-NEXT:  %r = func.call @f(%U) : (!matrix.mat<?x?xf64>) -> !matrix.mat<?x4xf64>{{$}}
// CHECK-LABEL: func.func @f(%A: !matrix.mat<?x?xf64>) -> !matrix.mat<?x4xf64> {
func.func @main(%U: !matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64> {
  %r = func.call @f(%U) : (!matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>
  func.return %r : !matrix.mat<?x?xf64>
}
func.func @f(%A: !matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64> {
  %c1 = arith.constant 1 : i64
  %c4 = arith.constant 4 : i64
  %one = arith.constant 1.0 : f64
  %R = matrix.fill %one, %c1, %c4 : (f64, i64, i64) -> !matrix.mat<?x?xf64>
  %B = matrix.rbind %A, %R : !matrix.mat<?x?xf64>
  func.return %B : !matrix.mat<?x?xf64>
}

// -----

// A recursive function keeps its declared signature (its result is not
// refined, although one branch knows 3x3); its caller casts the argument.
// CHECK-LABEL: func.func @power(%X: !matrix.mat<?x?xf64>, %n: i64) -> !matrix.mat<?x?xf64> {
// CHECK:         %Y = func.call @power(%X, %m) : (!matrix.mat<?x?xf64>, i64) -> !matrix.mat<?x?xf64>{{$}}
// CHECK:       func.return %r : !matrix.mat<?x?xf64>{{$}}
// CHECK-LABEL: func.func @main() -> !matrix.mat<?x?xf64> {
// CHECK:       %[[C:.*]] = matrix.cast %X : (!matrix.mat<3x3xf64>) -> !matrix.mat<?x?xf64>{{$}}
// CHECK-NEXT:  %r = func.call @power(%[[C]], %c2) : (!matrix.mat<?x?xf64>, i64) -> !matrix.mat<?x?xf64>{{$}}
func.func @power(%X: !matrix.mat<?x?xf64>, %n: i64) -> !matrix.mat<?x?xf64> {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %c3 = arith.constant 3 : i64
  %p = arith.cmpi sle, %n, %c0 : i64
  %r = scf.if %p -> (!matrix.mat<?x?xf64>) {
    %I = matrix.rand %c3, %c3 {seed = 1} : (i64, i64) -> !matrix.mat<?x?xf64>
    scf.yield %I : !matrix.mat<?x?xf64>
  } else {
    %m = arith.subi %n, %c1 : i64
    %Y = func.call @power(%X, %m) : (!matrix.mat<?x?xf64>, i64) -> !matrix.mat<?x?xf64>
    %Z = matrix.matmul %Y, %X : !matrix.mat<?x?xf64>
    scf.yield %Z : !matrix.mat<?x?xf64>
  }
  func.return %r : !matrix.mat<?x?xf64>
}
func.func @main() -> !matrix.mat<?x?xf64> {
  %c2 = arith.constant 2 : i64
  %c3 = arith.constant 3 : i64
  %X = matrix.rand %c3, %c3 {seed = 1} : (i64, i64) -> !matrix.mat<?x?xf64>
  %r = func.call @power(%X, %c2) : (!matrix.mat<?x?xf64>, i64) -> !matrix.mat<?x?xf64>
  func.return %r : !matrix.mat<?x?xf64>
}

// -----

// Mutual recursion (even/odd): both keep their signatures.
// CHECK-LABEL: func.func @even(%X: !matrix.mat<?x?xf64>, %n: i64) -> !matrix.mat<?x?xf64> {
// CHECK-LABEL: func.func @odd(%X: !matrix.mat<?x?xf64>, %n: i64) -> !matrix.mat<?x?xf64> {
func.func @even(%X: !matrix.mat<?x?xf64>, %n: i64) -> !matrix.mat<?x?xf64> {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %c2 = arith.constant 2 : i64
  %p = arith.cmpi sle, %n, %c0 : i64
  %r = scf.if %p -> (!matrix.mat<?x?xf64>) {
    %one = arith.constant 1.0 : f64
    %F = matrix.fill %one, %c2, %c2 : (f64, i64, i64) -> !matrix.mat<?x?xf64>
    scf.yield %F : !matrix.mat<?x?xf64>
  } else {
    %m = arith.subi %n, %c1 : i64
    %Y = func.call @odd(%X, %m) : (!matrix.mat<?x?xf64>, i64) -> !matrix.mat<?x?xf64>
    scf.yield %Y : !matrix.mat<?x?xf64>
  }
  func.return %r : !matrix.mat<?x?xf64>
}
func.func @odd(%X: !matrix.mat<?x?xf64>, %n: i64) -> !matrix.mat<?x?xf64> {
  %c1 = arith.constant 1 : i64
  %m = arith.subi %n, %c1 : i64
  %Y = func.call @even(%X, %m) : (!matrix.mat<?x?xf64>, i64) -> !matrix.mat<?x?xf64>
  func.return %Y : !matrix.mat<?x?xf64>
}

// -----

// A function that calls a recursive one and is not recursive itself is refined
// from what it can derive (here only its own ops: neg keeps `?x?`).
// CHECK-LABEL: func.func @rec(%n: i64) -> !matrix.mat<?x?xf64> {
// CHECK-LABEL: func.func @user() -> !matrix.mat<?x?xf64> {
// CHECK-NEXT:  %c1 = arith.constant 1 : i64
// CHECK-NEXT:  %r = func.call @rec(%c1) : (i64) -> !matrix.mat<?x?xf64>{{$}}
func.func @rec(%n: i64) -> !matrix.mat<?x?xf64> {
  %r = func.call @rec(%n) : (i64) -> !matrix.mat<?x?xf64>
  func.return %r : !matrix.mat<?x?xf64>
}
func.func @user() -> !matrix.mat<?x?xf64> {
  %c1 = arith.constant 1 : i64
  %r = func.call @rec(%c1) : (i64) -> !matrix.mat<?x?xf64>
  %n = matrix.neg %r : !matrix.mat<?x?xf64>
  func.return %n : !matrix.mat<?x?xf64>
}

// -----

// A declared function (no body) keeps its declared result type.
// CHECK-LABEL: func.func private @ext(!matrix.mat<?x?xf64>) -> !matrix.mat<?x3xf64>
// CHECK-LABEL: func.func @main(%U: !matrix.mat<?x?xf64>) -> !matrix.mat<3x?xf64> {
// CHECK-NEXT:  %r = func.call @ext(%U) : (!matrix.mat<?x?xf64>) -> !matrix.mat<?x3xf64>{{$}}
func.func private @ext(!matrix.mat<?x?xf64>) -> !matrix.mat<?x3xf64>
func.func @main(%U: !matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64> {
  %r = func.call @ext(%U) : (!matrix.mat<?x?xf64>) -> !matrix.mat<?x3xf64>
  %t = matrix.transpose %r : (!matrix.mat<?x3xf64>) -> !matrix.mat<?x?xf64>
  func.return %t : !matrix.mat<?x?xf64>
}

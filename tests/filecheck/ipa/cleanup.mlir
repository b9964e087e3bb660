// ipa builds the call graph from the entry function (option `entry`, default
// main): functions no longer reachable from it are removed; recursive functions
// (self or mutual) are detected and left generic (never specialised, cloned or
// inlined). With entry=run, @run is the root: it keeps its generic signature and
// everything it does not reach (here @main) is removed.
//
// The second amls-opt re-parses and re-verifies the output: the IR stays valid.

// RUN: amls-opt %s --split-input-file -p ipa | amls-opt --split-input-file | filecheck %s

// An unused private function and an unused public one are removed (only the
// entry is a root); the used one is inlined and removed too.
// CHECK-LABEL: func.func @main() -> !matrix.mat<4x3xf64> {
// CHECK-NOT:   func.func
func.func @main() -> !matrix.mat<?x?xf64> {
  %c3 = arith.constant 3 : i64
  %c4 = arith.constant 4 : i64
  %X = matrix.rand %c3, %c4 {seed = 1} : (i64, i64) -> !matrix.mat<?x?xf64>
  %r = func.call @used(%X) : (!matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>
  func.return %r : !matrix.mat<?x?xf64>
}
func.func private @used(%A: !matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64> {
  %t = matrix.transpose %A : !matrix.mat<?x?xf64>
  func.return %t : !matrix.mat<?x?xf64>
}
func.func private @unused(%A: !matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64> {
  func.return %A : !matrix.mat<?x?xf64>
}
func.func @unused_public(%A: !matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64> {
  %t = func.call @unused(%A) : (!matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>
  func.return %t : !matrix.mat<?x?xf64>
}

// -----

// Self recursion: @power is kept with its generic signature (its argument
// sizes do not flow in), its call site casts; an unused function is removed.
// CHECK-LABEL: func.func @main() -> !matrix.mat<?x?xf64> {
// CHECK:       %[[C:.*]] = matrix.cast %X : (!matrix.mat<3x3xf64, nnz=9>) -> !matrix.mat<?x?xf64>{{$}}
// CHECK-NEXT:  %r = func.call @power(%[[C]], %c2) : (!matrix.mat<?x?xf64>, i64) -> !matrix.mat<?x?xf64>{{$}}
// CHECK-LABEL: func.func private @power(%X: !matrix.mat<?x?xf64>, %n: i64) -> !matrix.mat<?x?xf64> {
// CHECK:         %Y = func.call @power(%X, %m) : (!matrix.mat<?x?xf64>, i64) -> !matrix.mat<?x?xf64>{{$}}
// CHECK-NOT:   func.func private @power_
// CHECK-NOT:   func.func private @unused
func.func @main() -> !matrix.mat<?x?xf64> {
  %c2 = arith.constant 2 : i64
  %c3 = arith.constant 3 : i64
  %X = matrix.rand %c3, %c3 {min = 1.0, max = 2.0, seed = 1} : (i64, i64) -> !matrix.mat<?x?xf64>
  %r = func.call @power(%X, %c2) : (!matrix.mat<?x?xf64>, i64) -> !matrix.mat<?x?xf64>
  func.return %r : !matrix.mat<?x?xf64>
}
func.func private @power(%X: !matrix.mat<?x?xf64>, %n: i64) -> !matrix.mat<?x?xf64> {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %p = arith.cmpi sle, %n, %c0 : i64
  %r = scf.if %p -> (!matrix.mat<?x?xf64>) {
    scf.yield %X : !matrix.mat<?x?xf64>
  } else {
    %m = arith.subi %n, %c1 : i64
    %Y = func.call @power(%X, %m) : (!matrix.mat<?x?xf64>, i64) -> !matrix.mat<?x?xf64>
    %Z = matrix.matmul %Y, %X : !matrix.mat<?x?xf64>
    scf.yield %Z : !matrix.mat<?x?xf64>
  }
  func.return %r : !matrix.mat<?x?xf64>
}
func.func private @unused(%A: !matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64> {
  func.return %A : !matrix.mat<?x?xf64>
}

// -----

// Mutual recursion (@ping <-> @pong), called twice with different sizes: no
// clone, no specialisation, both kept.
// CHECK-LABEL: func.func @main() -> (!matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>) {
// CHECK:       func.call @ping(%{{.*}}, %c2) : (!matrix.mat<?x?xf64>, i64) -> !matrix.mat<?x?xf64>{{$}}
// CHECK:       func.call @ping(%{{.*}}, %c2) : (!matrix.mat<?x?xf64>, i64) -> !matrix.mat<?x?xf64>{{$}}
// CHECK-LABEL: func.func private @ping(%X: !matrix.mat<?x?xf64>, %n: i64) -> !matrix.mat<?x?xf64> {
// CHECK-LABEL: func.func private @pong(%X: !matrix.mat<?x?xf64>, %n: i64) -> !matrix.mat<?x?xf64> {
// CHECK-NOT:   func.func private @p{{[io]}}ng_
func.func @main() -> (!matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>) {
  %c2 = arith.constant 2 : i64
  %c3 = arith.constant 3 : i64
  %c4 = arith.constant 4 : i64
  %X = matrix.rand %c3, %c3 {min = 1.0, max = 2.0, seed = 1} : (i64, i64) -> !matrix.mat<?x?xf64>
  %Y = matrix.rand %c4, %c4 {min = 1.0, max = 2.0, seed = 1} : (i64, i64) -> !matrix.mat<?x?xf64>
  %r = func.call @ping(%X, %c2) : (!matrix.mat<?x?xf64>, i64) -> !matrix.mat<?x?xf64>
  %s = func.call @ping(%Y, %c2) : (!matrix.mat<?x?xf64>, i64) -> !matrix.mat<?x?xf64>
  func.return %r, %s : !matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>
}
func.func private @ping(%X: !matrix.mat<?x?xf64>, %n: i64) -> !matrix.mat<?x?xf64> {
  %c0 = arith.constant 0 : i64
  %p = arith.cmpi sle, %n, %c0 : i64
  %r = scf.if %p -> (!matrix.mat<?x?xf64>) {
    scf.yield %X : !matrix.mat<?x?xf64>
  } else {
    %Y = func.call @pong(%X, %n) : (!matrix.mat<?x?xf64>, i64) -> !matrix.mat<?x?xf64>
    scf.yield %Y : !matrix.mat<?x?xf64>
  }
  func.return %r : !matrix.mat<?x?xf64>
}
func.func private @pong(%X: !matrix.mat<?x?xf64>, %n: i64) -> !matrix.mat<?x?xf64> {
  %c1 = arith.constant 1 : i64
  %m = arith.subi %n, %c1 : i64
  %T = matrix.transpose %X : !matrix.mat<?x?xf64>
  %Y = func.call @ping(%T, %m) : (!matrix.mat<?x?xf64>, i64) -> !matrix.mat<?x?xf64>
  func.return %Y : !matrix.mat<?x?xf64>
}

// -----

// A non-recursive function called from a recursive one is still specialised
// (its call sites agree) and inlined.
// CHECK-LABEL: func.func private @rec(%X: !matrix.mat<?x?xf64>, %n: i64) -> !matrix.mat<?x?xf64> {
// CHECK-NOT:   func.call @helper
// CHECK:       matrix.neg %X : !matrix.mat<?x?xf64>{{$}}
// CHECK-NOT:   func.func private @helper
func.func @main() -> !matrix.mat<?x?xf64> {
  %c2 = arith.constant 2 : i64
  %c3 = arith.constant 3 : i64
  %X = matrix.rand %c3, %c3 {min = 1.0, max = 2.0, seed = 1} : (i64, i64) -> !matrix.mat<?x?xf64>
  %r = func.call @rec(%X, %c2) : (!matrix.mat<?x?xf64>, i64) -> !matrix.mat<?x?xf64>
  func.return %r : !matrix.mat<?x?xf64>
}
func.func private @rec(%X: !matrix.mat<?x?xf64>, %n: i64) -> !matrix.mat<?x?xf64> {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %p = arith.cmpi sle, %n, %c0 : i64
  %r = scf.if %p -> (!matrix.mat<?x?xf64>) {
    scf.yield %X : !matrix.mat<?x?xf64>
  } else {
    %m = arith.subi %n, %c1 : i64
    %h = func.call @helper(%X) : (!matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>
    %Y = func.call @rec(%h, %m) : (!matrix.mat<?x?xf64>, i64) -> !matrix.mat<?x?xf64>
    scf.yield %Y : !matrix.mat<?x?xf64>
  }
  func.return %r : !matrix.mat<?x?xf64>
}
func.func private @helper(%A: !matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64> {
  %n = matrix.neg %A : !matrix.mat<?x?xf64>
  func.return %n : !matrix.mat<?x?xf64>
}

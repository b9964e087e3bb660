// ipa inlines functions called once (whatever their size) and functions of at
// most `inline-threshold` ops (default 10; constants and the return do not
// count); recursive functions are never inlined. An inlined function that is no
// longer called is removed.
//
// @f below has 3 ops (transpose, matmul, exp) and is called twice: inlined with
// the default threshold and with inline-threshold=3, not with inline-threshold=2.
// The second amls-opt re-parses and re-verifies the output: the IR stays valid.

// RUN: amls-opt %s --split-input-file -p ipa | amls-opt --split-input-file | filecheck %s --check-prefixes=CHECK,DEFAULT
// RUN: amls-opt %s --split-input-file -p 'ipa{inline-threshold=3}' | amls-opt --split-input-file | filecheck %s --check-prefixes=CHECK,DEFAULT
// RUN: amls-opt %s --split-input-file -p 'ipa{inline-threshold=2}' | amls-opt --split-input-file | filecheck %s --check-prefixes=CHECK,T2

// A 3-op function (plus a constant, which does not count) called twice.
// CHECK-LABEL:  func.func @main() -> (!matrix.mat<3x3xf64>, !matrix.mat<3x3xf64>) {
// DEFAULT-NOT:  func.call
// DEFAULT:      %t = matrix.transpose %X : (!matrix.mat<3x4xf64, nnz=12>) -> !matrix.mat<4x3xf64, nnz=12>{{$}}
// DEFAULT-NEXT: %u = matrix.matmul %X, %t : {{.*}} -> !matrix.mat<3x3xf64>{{$}}
// DEFAULT-NEXT: %v = matrix.exp %u : !matrix.mat<3x3xf64>{{$}}
// DEFAULT-NEXT: %{{.*}} = arith.constant 1 : i64
// DEFAULT-NEXT: %[[T1:.*]] = matrix.transpose %Y : (!matrix.mat<3x4xf64, nnz=12>) -> !matrix.mat<4x3xf64, nnz=12>{{$}}
// DEFAULT-NEXT: %[[U1:.*]] = matrix.matmul %Y, %[[T1]] : {{.*}} -> !matrix.mat<3x3xf64>{{$}}
// DEFAULT-NEXT: %[[V1:.*]] = matrix.exp %[[U1]] : !matrix.mat<3x3xf64>{{$}}
// DEFAULT-NEXT: func.return %v, %[[V1]] : !matrix.mat<3x3xf64>, !matrix.mat<3x3xf64>{{$}}
// DEFAULT-NOT:  func.func private @f
// T2:           %r = func.call @f(%X) : (!matrix.mat<3x4xf64, nnz=12>) -> !matrix.mat<3x3xf64>{{$}}
// T2-NEXT:      %s = func.call @f(%Y) : (!matrix.mat<3x4xf64, nnz=12>) -> !matrix.mat<3x3xf64>{{$}}
// T2-LABEL:     func.func private @f(%A: !matrix.mat<3x4xf64, nnz=12>{{( \{[^}]*\})?}}) -> !matrix.mat<3x3xf64> {
func.func @main() -> (!matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>) {
  %c3 = arith.constant 3 : i64
  %c4 = arith.constant 4 : i64
  %X = matrix.rand %c3, %c4 {min = 1.0, max = 2.0, seed = 1} : (i64, i64) -> !matrix.mat<?x?xf64>
  %Y = matrix.rand %c3, %c4 {min = 1.0, max = 2.0, seed = 2} : (i64, i64) -> !matrix.mat<?x?xf64>
  %r = func.call @f(%X) : (!matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>
  %s = func.call @f(%Y) : (!matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>
  func.return %r, %s : !matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>
}
func.func private @f(%A: !matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64> {
  %c1 = arith.constant 1 : i64
  %t = matrix.transpose %A : !matrix.mat<?x?xf64>
  %u = matrix.matmul %A, %t : !matrix.mat<?x?xf64>
  %v = matrix.exp %u : !matrix.mat<?x?xf64>
  func.return %v : !matrix.mat<?x?xf64>
}

// -----

// A function far above every threshold tried here, called once: inlined anyway.
// CHECK-LABEL: func.func @main() -> !matrix.mat<2x2xf64> {
// CHECK-NOT:   func.call
// CHECK:       func.return %{{.*}} : !matrix.mat<2x2xf64>{{$}}
// CHECK-NOT:   func.func private @big
func.func @main() -> !matrix.mat<?x?xf64> {
  %c2 = arith.constant 2 : i64
  %X = matrix.rand %c2, %c2 {min = 1.0, max = 2.0, seed = 1} : (i64, i64) -> !matrix.mat<?x?xf64>
  %r = func.call @big(%X) : (!matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>
  func.return %r : !matrix.mat<?x?xf64>
}
func.func private @big(%A: !matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64> {
  %a = matrix.neg %A : !matrix.mat<?x?xf64>
  %b = matrix.exp %a : !matrix.mat<?x?xf64>
  %c = matrix.add %a, %b : !matrix.mat<?x?xf64>
  %d = matrix.mul %c, %A : !matrix.mat<?x?xf64>
  %e = matrix.sqrt %d : !matrix.mat<?x?xf64>
  %f = matrix.abs %e : !matrix.mat<?x?xf64>
  %g = matrix.sub %f, %a : !matrix.mat<?x?xf64>
  %h = matrix.matmul %g, %g : !matrix.mat<?x?xf64>
  %i = matrix.transpose %h : !matrix.mat<?x?xf64>
  %j = matrix.add %i, %h : !matrix.mat<?x?xf64>
  %k = matrix.sigmoid %j : !matrix.mat<?x?xf64>
  %l = matrix.round %k : !matrix.mat<?x?xf64>
  func.return %l : !matrix.mat<?x?xf64>
}

// -----

// A tiny recursive function, called once from main: not inlined, and kept.
// CHECK-LABEL: func.func @main() -> !matrix.mat<?x?xf64> {
// CHECK:       func.call @rec(
// CHECK-LABEL: func.func private @rec(%A: !matrix.mat<?x?xf64>{{( \{[^}]*\})?}}, %n: i64) -> !matrix.mat<?x?xf64> {
func.func @main() -> !matrix.mat<?x?xf64> {
  %c2 = arith.constant 2 : i64
  %X = matrix.rand %c2, %c2 {min = 1.0, max = 2.0, seed = 1} : (i64, i64) -> !matrix.mat<?x?xf64>
  %r = func.call @rec(%X, %c2) : (!matrix.mat<?x?xf64>, i64) -> !matrix.mat<?x?xf64>
  func.return %r : !matrix.mat<?x?xf64>
}
func.func private @rec(%A: !matrix.mat<?x?xf64>, %n: i64) -> !matrix.mat<?x?xf64> {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %p = arith.cmpi sle, %n, %c0 : i64
  %r = scf.if %p -> (!matrix.mat<?x?xf64>) {
    scf.yield %A : !matrix.mat<?x?xf64>
  } else {
    %m = arith.subi %n, %c1 : i64
    %B = func.call @rec(%A, %m) : (!matrix.mat<?x?xf64>, i64) -> !matrix.mat<?x?xf64>
    scf.yield %B : !matrix.mat<?x?xf64>
  }
  func.return %r : !matrix.mat<?x?xf64>
}

// -----

// A call inside a loop is inlined into the loop body; the loop-carried value
// keeps its known dims.
// CHECK-LABEL: func.func @main() -> !matrix.mat<3x3xf64> {
// CHECK:       scf.for {{.*}} -> (!matrix.mat<3x3xf64>) {
// CHECK-NOT:     func.call
// CHECK:         matrix.matmul {{.*}} -> !matrix.mat<3x3xf64>{{$}}
// CHECK:       }
// CHECK-NOT:   func.func private @step
func.func @main() -> !matrix.mat<?x?xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %i3 = arith.constant 3 : i64
  %X = matrix.rand %i3, %i3 {min = 1.0, max = 2.0, seed = 1} : (i64, i64) -> !matrix.mat<?x?xf64>
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %X) -> (!matrix.mat<?x?xf64>) {
    %n = func.call @step(%acc, %X) : (!matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>
    scf.yield %n : !matrix.mat<?x?xf64>
  }
  func.return %r : !matrix.mat<?x?xf64>
}
func.func private @step(%A: !matrix.mat<?x?xf64>, %B: !matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64> {
  %m = matrix.matmul %A, %B : !matrix.mat<?x?xf64>
  func.return %m : !matrix.mat<?x?xf64>
}

// ipa{entry=NAME}: the call graph is rooted at NAME. @run keeps its generic
// signature (it is the public entry; a call to it from @main gets a clone, not
// a change of @run), everything @run does not reach (@main, @other, the clone)
// is removed, and what it does reach is specialised/inlined as usual.
// With the default entry (main), it is @run that is unreachable and removed.
//
// The second amls-opt re-parses and re-verifies the output: the IR stays valid.

// RUN: amls-opt %s -p 'ipa{entry=run}' | amls-opt | filecheck %s --check-prefix=ENTRY
// RUN: amls-opt %s -p ipa | amls-opt | filecheck %s --check-prefix=MAIN

// ENTRY-LABEL: func.func @run(%A: !matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64> {
// ENTRY-NEXT: %t = matrix.transpose %A : !matrix.mat<?x?xf64>{{$}}
// ENTRY-NEXT: func.return %t : !matrix.mat<?x?xf64>{{$}}
// ENTRY-NEXT: }
// ENTRY-NOT:  func.func

// MAIN-NOT:   func.func @run
// MAIN-LABEL: func.func @main() -> !matrix.mat<3x3xf64> {
// MAIN:       %t = matrix.transpose %X : !matrix.mat<3x3xf64>{{$}}
// MAIN-NOT:   func.func

func.func @main() -> !matrix.mat<?x?xf64> {
  %c3 = arith.constant 3 : i64
  %X = matrix.rand %c3, %c3 {seed = 1} : (i64, i64) -> !matrix.mat<?x?xf64>
  %r = func.call @run(%X) : (!matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>
  func.return %r : !matrix.mat<?x?xf64>
}
func.func @run(%A: !matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64> {
  %r = func.call @helper(%A) : (!matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>
  func.return %r : !matrix.mat<?x?xf64>
}
func.func private @helper(%A: !matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64> {
  %t = matrix.transpose %A : !matrix.mat<?x?xf64>
  func.return %t : !matrix.mat<?x?xf64>
}
func.func private @other(%A: !matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64> {
  func.return %A : !matrix.mat<?x?xf64>
}

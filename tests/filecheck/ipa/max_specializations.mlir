// ipa{max-specializations=N} bounds how many clones of a function are made.
// With N=0, call sites that disagree keep calling the generic original through
// casts: nothing is cloned and nothing is specialised in place.
// With the default (4), two signatures get two clones.
//
// (With 0 < N < the number of signatures the bound holds across rounds too:
// N=1 with three signatures gives one clone, the other calls keep the generic
// original. This file checks only N=0 and the default.)
//
// The second amls-opt re-parses and re-verifies the output: the IR stays valid.

// RUN: amls-opt %s -p 'ipa{inline-threshold=0 max-specializations=0}' | amls-opt | filecheck %s --check-prefix=ZERO
// RUN: amls-opt %s -p 'ipa{inline-threshold=0 max-specializations=0 report=true}' -o %t.zero.mlir 2>&1 | filecheck %s --check-prefix=ZERO-REPORT
// RUN: amls-opt %s -p 'ipa{inline-threshold=0}' | amls-opt | filecheck %s --check-prefix=DEFAULT

// ZERO-REPORT:     ipa: 1 round(s), fixpoint reached; specialised 0, cloned 0, inlined 0, removed 0
// ZERO-REPORT-NOT: warning

// ZERO-LABEL: func.func @main() -> (!matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>) {
// ZERO:       %[[X1:.*]] = matrix.cast %X : (!matrix.mat<3x4xf64, nnz=12>) -> !matrix.mat<?x?xf64>{{$}}
// ZERO-NEXT:  %r1 = func.call @f(%[[X1]]) : (!matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>{{$}}
// ZERO:       %[[Y1:.*]] = matrix.cast %Y : (!matrix.mat<4x3xf64, nnz=12>) -> !matrix.mat<?x?xf64>{{$}}
// ZERO-NEXT:  %r3 = func.call @f(%[[Y1]]) : (!matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>{{$}}
// ZERO-LABEL: func.func private @f(%A: !matrix.mat<?x?xf64>{{( \{[^}]*\})?}}) -> !matrix.mat<?x?xf64> {
// ZERO-NOT:   func.func private @f_

// DEFAULT-LABEL: func.func @main() -> (!matrix.mat<3x3xf64>, !matrix.mat<3x3xf64>, !matrix.mat<4x4xf64>, !matrix.mat<4x4xf64>) {
// DEFAULT-NOT:   matrix.cast
// DEFAULT:       %r1 = func.call @f_{{[0-9]+}}(%X) : (!matrix.mat<3x4xf64, nnz=12>) -> !matrix.mat<3x3xf64>{{$}}
// DEFAULT:       %r3 = func.call @f_{{[0-9]+}}(%Y) : (!matrix.mat<4x3xf64, nnz=12>) -> !matrix.mat<4x4xf64>{{$}}
// DEFAULT-NOT:   func.func private @f(

func.func @main() -> (!matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>) {
  %c3 = arith.constant 3 : i64
  %c4 = arith.constant 4 : i64
  %X = matrix.rand %c3, %c4 {min = 1.0, max = 2.0, seed = 1} : (i64, i64) -> !matrix.mat<?x?xf64>
  %Y = matrix.rand %c4, %c3 {min = 1.0, max = 2.0, seed = 2} : (i64, i64) -> !matrix.mat<?x?xf64>
  %r1 = func.call @f(%X) : (!matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>
  %r2 = func.call @f(%X) : (!matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>
  %r3 = func.call @f(%Y) : (!matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>
  %r4 = func.call @f(%Y) : (!matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>
  func.return %r1, %r2, %r3, %r4 : !matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>
}
func.func private @f(%A: !matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64> {
  %t = matrix.transpose %A : !matrix.mat<?x?xf64>
  %u = matrix.matmul %A, %t : !matrix.mat<?x?xf64>
  func.return %u : !matrix.mat<?x?xf64>
}

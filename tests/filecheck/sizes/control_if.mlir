// size-inference through scf.if: a dim or an nnz survives the join only if both
// branches agree. This holds for a known condition too (the dead branch's yield
// must still fit the result type); once constant-fold has removed the dead
// branch (FOLD), only the taken one counts. The if's result type, both yields
// (through matrix.cast where a branch knows more) and the function's result
// type are refined consistently.
//
// The second amls-opt re-parses and re-verifies the output: the IR stays valid.

// RUN: amls-opt %s --split-input-file -p size-inference | amls-opt --split-input-file | filecheck %s
// RUN: amls-opt %s --split-input-file -p constant-fold,size-inference | amls-opt --split-input-file | filecheck %s --check-prefix=FOLD

// Both branches agree on dims and nnz: all survive; no cast is needed.
// CHECK-LABEL: func.func @if_agree(%p: i1) -> !matrix.mat<3x4xf64, nnz=12> {
// CHECK:       %r = scf.if %p -> (!matrix.mat<3x4xf64, nnz=12>) {
// CHECK-NEXT:    %A = matrix.rand {{.*}} -> !matrix.mat<3x4xf64, nnz=12>{{$}}
// CHECK-NEXT:    scf.yield %A : !matrix.mat<3x4xf64, nnz=12>{{$}}
// CHECK-NEXT:  } else {
// CHECK-NEXT:    %B = matrix.fill {{.*}} -> !matrix.mat<3x4xf64, nnz=12>{{$}}
// CHECK-NEXT:    scf.yield %B : !matrix.mat<3x4xf64, nnz=12>{{$}}
// CHECK-NEXT:  }
// CHECK-NEXT:  func.return %r : !matrix.mat<3x4xf64, nnz=12>{{$}}
// CHECK-NOT:   matrix.cast
func.func @if_agree(%p: i1) -> !matrix.mat<?x?xf64> {
  %c3 = arith.constant 3 : i64
  %c4 = arith.constant 4 : i64
  %two = arith.constant 2.0 : f64
  %r = scf.if %p -> (!matrix.mat<?x?xf64>) {
    %A = matrix.rand %c3, %c4 {min = 1.0, max = 2.0, seed = 1} : (i64, i64) -> !matrix.mat<?x?xf64>
    scf.yield %A : !matrix.mat<?x?xf64>
  } else {
    %B = matrix.fill %two, %c3, %c4 : (f64, i64, i64) -> !matrix.mat<?x?xf64>
    scf.yield %B : !matrix.mat<?x?xf64>
  }
  func.return %r : !matrix.mat<?x?xf64>
}

// -----

// The branches disagree on cols: rows survive, cols and nnz become `?`; each
// branch casts its more precise value to the if's type.
// CHECK-LABEL: func.func @if_disagree_dim(%p: i1) -> !matrix.mat<3x?xf64> {
// CHECK:       %r = scf.if %p -> (!matrix.mat<3x?xf64>) {
// CHECK-NEXT:    %A = matrix.rand {{.*}} -> !matrix.mat<3x4xf64, nnz=12>{{$}}
// CHECK-NEXT:    %[[C0:.*]] = matrix.cast %A : (!matrix.mat<3x4xf64, nnz=12>) -> !matrix.mat<3x?xf64>{{$}}
// CHECK-NEXT:    scf.yield %[[C0]] : !matrix.mat<3x?xf64>{{$}}
// CHECK-NEXT:  } else {
// CHECK-NEXT:    %B = matrix.rand {{.*}} -> !matrix.mat<3x5xf64, nnz=15>{{$}}
// CHECK-NEXT:    %[[C1:.*]] = matrix.cast %B : (!matrix.mat<3x5xf64, nnz=15>) -> !matrix.mat<3x?xf64>{{$}}
// CHECK-NEXT:    scf.yield %[[C1]] : !matrix.mat<3x?xf64>{{$}}
// CHECK-NEXT:  }
// CHECK-NEXT:  %t = matrix.transpose %r : (!matrix.mat<3x?xf64>) -> !matrix.mat<?x3xf64>{{$}}
func.func @if_disagree_dim(%p: i1) -> !matrix.mat<?x?xf64> {
  %c3 = arith.constant 3 : i64
  %c4 = arith.constant 4 : i64
  %c5 = arith.constant 5 : i64
  %r = scf.if %p -> (!matrix.mat<?x?xf64>) {
    %A = matrix.rand %c3, %c4 {min = 1.0, max = 2.0, seed = 1} : (i64, i64) -> !matrix.mat<?x?xf64>
    scf.yield %A : !matrix.mat<?x?xf64>
  } else {
    %B = matrix.rand %c3, %c5 {min = 1.0, max = 2.0, seed = 2} : (i64, i64) -> !matrix.mat<?x?xf64>
    scf.yield %B : !matrix.mat<?x?xf64>
  }
  %t = matrix.transpose %r : !matrix.mat<?x?xf64>
  func.return %r : !matrix.mat<?x?xf64>
}

// -----

// The branches agree on dims but not on nnz: the dims survive, the nnz does not.
// CHECK-LABEL: func.func @if_disagree_nnz(%p: i1) -> !matrix.mat<3x4xf64> {
// CHECK:       %r = scf.if %p -> (!matrix.mat<3x4xf64>) {
// CHECK:         matrix.cast %A : (!matrix.mat<3x4xf64, nnz=12>) -> !matrix.mat<3x4xf64>{{$}}
// CHECK:       } else {
// CHECK:         matrix.cast %Z : (!matrix.mat<3x4xf64, nnz=0>) -> !matrix.mat<3x4xf64>{{$}}
// CHECK:       func.return %r : !matrix.mat<3x4xf64>{{$}}
func.func @if_disagree_nnz(%p: i1) -> !matrix.mat<?x?xf64> {
  %c3 = arith.constant 3 : i64
  %c4 = arith.constant 4 : i64
  %zero = arith.constant 0.0 : f64
  %r = scf.if %p -> (!matrix.mat<?x?xf64>) {
    %A = matrix.rand %c3, %c4 {min = 1.0, max = 2.0, seed = 1} : (i64, i64) -> !matrix.mat<?x?xf64>
    scf.yield %A : !matrix.mat<?x?xf64>
  } else {
    %Z = matrix.fill %zero, %c3, %c4 : (f64, i64, i64) -> !matrix.mat<?x?xf64>
    scf.yield %Z : !matrix.mat<?x?xf64>
  }
  func.return %r : !matrix.mat<?x?xf64>
}

// -----

// A branch that yields an unknown value (a function argument) makes the join unknown.
// CHECK-LABEL: func.func @if_one_unknown(%p: i1, %X: !matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64> {
// CHECK:       %r = scf.if %p -> (!matrix.mat<?x?xf64>) {
// CHECK:         matrix.cast %A : (!matrix.mat<3x4xf64, nnz=12>) -> !matrix.mat<?x?xf64>{{$}}
// CHECK:       } else {
// CHECK-NEXT:    scf.yield %X : !matrix.mat<?x?xf64>{{$}}
// CHECK-NEXT:  }
func.func @if_one_unknown(%p: i1, %X: !matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64> {
  %c3 = arith.constant 3 : i64
  %c4 = arith.constant 4 : i64
  %r = scf.if %p -> (!matrix.mat<?x?xf64>) {
    %A = matrix.rand %c3, %c4 {min = 1.0, max = 2.0, seed = 1} : (i64, i64) -> !matrix.mat<?x?xf64>
    scf.yield %A : !matrix.mat<?x?xf64>
  } else {
    scf.yield %X : !matrix.mat<?x?xf64>
  }
  func.return %r : !matrix.mat<?x?xf64>
}

// -----

// A condition known to be true (cmpi on constants): size-inference still joins
// both branches, since the dead branch's yield must fit the result type too; the
// IR stays valid even when the branches contradict each other (3x4 vs 3x5).
// Once constant-fold has removed the dead branch, only the taken one counts.
// CHECK-LABEL: func.func @if_const_true() -> !matrix.mat<3x?xf64> {
// CHECK:       %r = scf.if %t -> (!matrix.mat<3x?xf64>) {
// CHECK:         matrix.cast %A : (!matrix.mat<3x4xf64, nnz=12>) -> !matrix.mat<3x?xf64>{{$}}
// CHECK:       } else {
// CHECK:         matrix.cast %B : (!matrix.mat<3x5xf64, nnz=15>) -> !matrix.mat<3x?xf64>{{$}}
// FOLD-LABEL:  func.func @if_const_true() -> !matrix.mat<3x4xf64, nnz=12> {
// FOLD-NOT:    scf.if
// FOLD:        func.return %A : !matrix.mat<3x4xf64, nnz=12>{{$}}
func.func @if_const_true() -> !matrix.mat<?x?xf64> {
  %c3 = arith.constant 3 : i64
  %c4 = arith.constant 4 : i64
  %c5 = arith.constant 5 : i64
  %t = arith.cmpi slt, %c3, %c4 : i64
  %r = scf.if %t -> (!matrix.mat<?x?xf64>) {
    %A = matrix.rand %c3, %c4 {min = 1.0, max = 2.0, seed = 1} : (i64, i64) -> !matrix.mat<?x?xf64>
    scf.yield %A : !matrix.mat<?x?xf64>
  } else {
    %B = matrix.rand %c3, %c5 {min = 1.0, max = 2.0, seed = 2} : (i64, i64) -> !matrix.mat<?x?xf64>
    scf.yield %B : !matrix.mat<?x?xf64>
  }
  func.return %r : !matrix.mat<?x?xf64>
}

// -----

// A condition known to be false (from nrow of a known matrix), with an unknown
// then-branch: joined, the result is unknown; after constant-fold only the
// else-branch (2x2) is left.
// CHECK-LABEL: func.func @if_const_false(%X: !matrix.mat<?x?xf64>, %Y: !matrix.mat<2x2xf64>) -> !matrix.mat<?x?xf64> {
// CHECK:       %r = scf.if %f -> (!matrix.mat<?x?xf64>) {
// CHECK-NEXT:    scf.yield %X : !matrix.mat<?x?xf64>{{$}}
// CHECK-NEXT:  } else {
// CHECK-NEXT:    %[[C:.*]] = matrix.cast %Y : (!matrix.mat<2x2xf64>) -> !matrix.mat<?x?xf64>{{$}}
// CHECK-NEXT:    scf.yield %[[C]] : !matrix.mat<?x?xf64>{{$}}
// CHECK-NEXT:  }
// FOLD-LABEL:  func.func @if_const_false(%X: !matrix.mat<?x?xf64>, %Y: !matrix.mat<2x2xf64>) -> !matrix.mat<2x2xf64> {
// FOLD-NOT:    scf.if
// FOLD:        func.return %Y : !matrix.mat<2x2xf64>{{$}}
func.func @if_const_false(%X: !matrix.mat<?x?xf64>, %Y: !matrix.mat<2x2xf64>) -> !matrix.mat<?x?xf64> {
  %c3 = arith.constant 3 : i64
  %n = matrix.nrow %Y : (!matrix.mat<2x2xf64>) -> i64
  %f = arith.cmpi sgt, %n, %c3 : i64
  %r = scf.if %f -> (!matrix.mat<?x?xf64>) {
    scf.yield %X : !matrix.mat<?x?xf64>
  } else {
    %y = matrix.cast %Y : (!matrix.mat<2x2xf64>) -> !matrix.mat<?x?xf64>
    scf.yield %y : !matrix.mat<?x?xf64>
  }
  func.return %r : !matrix.mat<?x?xf64>
}

// -----

// Ops inside branches are refined too, and an if without results works.
// CHECK-LABEL: func.func @if_no_results(
// CHECK:       scf.if %p {
// CHECK-NEXT:    %t = matrix.transpose %A : (!matrix.mat<3x4xf64, nnz=5>) -> !matrix.mat<4x3xf64, nnz=5>{{$}}
// CHECK-NEXT:    matrix.print %t
// CHECK-NEXT:  }
func.func @if_no_results(%p: i1, %A: !matrix.mat<3x4xf64, nnz=5>) {
  scf.if %p {
    %t = matrix.transpose %A : (!matrix.mat<3x4xf64, nnz=5>) -> !matrix.mat<?x?xf64>
    matrix.print %t : !matrix.mat<?x?xf64>
  }
  func.return
}

// -----

// Nested ifs: the inner join (3x4 vs 3x5 -> 3x?) meets the outer else (3x6):
// rows survive both joins.
// CHECK-LABEL: func.func @if_nested(%p: i1, %q: i1) -> !matrix.mat<3x?xf64> {
// CHECK:       %r = scf.if %p -> (!matrix.mat<3x?xf64>) {
// CHECK-NEXT:    %s = scf.if %q -> (!matrix.mat<3x?xf64>) {
// CHECK:         } else {
// CHECK:         }
// CHECK-NEXT:    scf.yield %s : !matrix.mat<3x?xf64>{{$}}
// CHECK-NEXT:  } else {
// CHECK-NEXT:    %C = matrix.fill {{.*}} -> !matrix.mat<3x6xf64, nnz=18>{{$}}
// CHECK-NEXT:    %[[C:.*]] = matrix.cast %C : (!matrix.mat<3x6xf64, nnz=18>) -> !matrix.mat<3x?xf64>{{$}}
// CHECK-NEXT:    scf.yield %[[C]] : !matrix.mat<3x?xf64>{{$}}
func.func @if_nested(%p: i1, %q: i1) -> !matrix.mat<?x?xf64> {
  %c3 = arith.constant 3 : i64
  %c4 = arith.constant 4 : i64
  %c5 = arith.constant 5 : i64
  %c6 = arith.constant 6 : i64
  %one = arith.constant 1.0 : f64
  %r = scf.if %p -> (!matrix.mat<?x?xf64>) {
    %s = scf.if %q -> (!matrix.mat<?x?xf64>) {
      %A = matrix.fill %one, %c3, %c4 : (f64, i64, i64) -> !matrix.mat<?x?xf64>
      scf.yield %A : !matrix.mat<?x?xf64>
    } else {
      %B = matrix.fill %one, %c3, %c5 : (f64, i64, i64) -> !matrix.mat<?x?xf64>
      scf.yield %B : !matrix.mat<?x?xf64>
    }
    scf.yield %s : !matrix.mat<?x?xf64>
  } else {
    %C = matrix.fill %one, %c3, %c6 : (f64, i64, i64) -> !matrix.mat<?x?xf64>
    scf.yield %C : !matrix.mat<?x?xf64>
  }
  func.return %r : !matrix.mat<?x?xf64>
}

// -----

// An if with two results: each result is joined on its own.
// CHECK-LABEL: func.func @if_two_results(%p: i1) -> (!matrix.mat<2x2xf64, nnz=4>, !matrix.mat<?x2xf64>) {
// CHECK:       %r, %[[R1:.*]] = scf.if %p -> (!matrix.mat<2x2xf64, nnz=4>, !matrix.mat<?x2xf64>) {
// CHECK:         %[[A1:.*]] = matrix.cast %A : (!matrix.mat<2x2xf64, nnz=4>) -> !matrix.mat<?x2xf64>{{$}}
// CHECK-NEXT:    scf.yield %A, %[[A1]] : !matrix.mat<2x2xf64, nnz=4>, !matrix.mat<?x2xf64>{{$}}
// CHECK:       func.return %r, %[[R1]] : !matrix.mat<2x2xf64, nnz=4>, !matrix.mat<?x2xf64>{{$}}
func.func @if_two_results(%p: i1) -> (!matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>) {
  %c2 = arith.constant 2 : i64
  %c3 = arith.constant 3 : i64
  %one = arith.constant 1.0 : f64
  %r:2 = scf.if %p -> (!matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>) {
    %A = matrix.fill %one, %c2, %c2 : (f64, i64, i64) -> !matrix.mat<?x?xf64>
    scf.yield %A, %A : !matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>
  } else {
    %B = matrix.fill %one, %c2, %c2 : (f64, i64, i64) -> !matrix.mat<?x?xf64>
    %C = matrix.fill %one, %c3, %c2 : (f64, i64, i64) -> !matrix.mat<?x?xf64>
    scf.yield %B, %C : !matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>
  }
  func.return %r#0, %r#1 : !matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>
}

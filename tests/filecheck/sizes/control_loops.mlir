// size-inference through scf.for and scf.while: the loop-carried facts are
// iterated to a fixpoint; what changes in the body becomes `?` (in the loop and
// after it), what does not stays known. Block arguments, yields and loop results
// share one type; where the init value knows more than that type, a matrix.cast
// is inserted before the loop.
//
// The second amls-opt re-parses and re-verifies the output: the IR stays valid.

// RUN: amls-opt %s --split-input-file -p size-inference | amls-opt --split-input-file | filecheck %s
// RUN: amls-opt %s --split-input-file -p constant-fold,size-inference | amls-opt --split-input-file | filecheck %s --check-prefix=FOLD

// for: cbind grows the cols every iteration: cols become `?` in the body and
// after the loop, rows stay; the 3x1 init is cast to the loop type.
// CHECK-LABEL: func.func @for_changes_dim() -> !matrix.mat<3x?xf64> {
// CHECK:       %A = matrix.rand {{.*}} -> !matrix.mat<3x1xf64, nnz=3>{{$}}
// CHECK-NEXT:  %[[I:.*]] = matrix.cast %A : (!matrix.mat<3x1xf64, nnz=3>) -> !matrix.mat<3x?xf64>{{$}}
// CHECK-NEXT:  %r = scf.for %i = %c0 to %c5 step %c1 iter_args(%acc = %[[I]]) -> (!matrix.mat<3x?xf64>) {
// CHECK-NEXT:    %B = matrix.cbind %acc, %A : (!matrix.mat<3x?xf64>, !matrix.mat<3x1xf64, nnz=3>) -> !matrix.mat<3x?xf64>{{$}}
// CHECK-NEXT:    scf.yield %B : !matrix.mat<3x?xf64>{{$}}
// CHECK-NEXT:  }
// CHECK-NEXT:  %t = matrix.transpose %r : (!matrix.mat<3x?xf64>) -> !matrix.mat<?x3xf64>{{$}}
func.func @for_changes_dim() -> !matrix.mat<?x?xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %i1 = arith.constant 1 : i64
  %i3 = arith.constant 3 : i64
  %A = matrix.rand %i3, %i1 {min = 1.0, max = 2.0, seed = 1} : (i64, i64) -> !matrix.mat<?x?xf64>
  %r = scf.for %i = %c0 to %c5 step %c1 iter_args(%acc = %A) -> (!matrix.mat<?x?xf64>) {
    %B = matrix.cbind %acc, %A : !matrix.mat<?x?xf64>
    scf.yield %B : !matrix.mat<?x?xf64>
  }
  %t = matrix.transpose %r : !matrix.mat<?x?xf64>
  func.return %r : !matrix.mat<?x?xf64>
}

// -----

// for: a loop that keeps dims and nnz exactly (transpose of a square matrix):
// everything stays known, no cast is needed.
// CHECK-LABEL: func.func @for_keeps_all() -> !matrix.mat<3x3xf64, nnz=3> {
// CHECK-NOT:   matrix.cast
// CHECK:       %r = scf.for %i = %c0 to %c5 step %c1 iter_args(%acc = %A) -> (!matrix.mat<3x3xf64, nnz=3>) {
// CHECK-NEXT:    %T = matrix.transpose %acc : !matrix.mat<3x3xf64, nnz=3>{{$}}
// CHECK-NEXT:    scf.yield %T : !matrix.mat<3x3xf64, nnz=3>{{$}}
// CHECK-NEXT:  }
// CHECK-NOT:   matrix.cast
func.func @for_keeps_all() -> !matrix.mat<?x?xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %i3 = arith.constant 3 : i64
  %A = matrix.rand %i3, %i3 {min = 1.0, max = 2.0, sparsity = 0.34, seed = 1} : (i64, i64) -> !matrix.mat<?x?xf64>
  %r = scf.for %i = %c0 to %c5 step %c1 iter_args(%acc = %A) -> (!matrix.mat<?x?xf64>) {
    %T = matrix.transpose %acc : !matrix.mat<?x?xf64>
    scf.yield %T : !matrix.mat<?x?xf64>
  }
  func.return %r : !matrix.mat<?x?xf64>
}

// -----

// for: the dims do not change but the nnz does (X %*% A of dense matrices has no
// exact nnz): the dims stay known, the nnz is dropped, and the init is cast.
// CHECK-LABEL: func.func @for_keeps_dims() -> !matrix.mat<3x3xf64> {
// CHECK:       %[[I:.*]] = matrix.cast %A : (!matrix.mat<3x3xf64, nnz=9>) -> !matrix.mat<3x3xf64>{{$}}
// CHECK-NEXT:  %r = scf.for %i = %c0 to %c5 step %c1 iter_args(%acc = %[[I]]) -> (!matrix.mat<3x3xf64>) {
// CHECK-NEXT:    %B = matrix.matmul %acc, %A : (!matrix.mat<3x3xf64>, !matrix.mat<3x3xf64, nnz=9>) -> !matrix.mat<3x3xf64>{{$}}
// CHECK-NEXT:    scf.yield %B : !matrix.mat<3x3xf64>{{$}}
// CHECK-NEXT:  }
func.func @for_keeps_dims() -> !matrix.mat<?x?xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %i3 = arith.constant 3 : i64
  %A = matrix.rand %i3, %i3 {min = 1.0, max = 2.0, seed = 1} : (i64, i64) -> !matrix.mat<?x?xf64>
  %r = scf.for %i = %c0 to %c5 step %c1 iter_args(%acc = %A) -> (!matrix.mat<?x?xf64>) {
    %B = matrix.matmul %acc, %A : !matrix.mat<?x?xf64>
    scf.yield %B : !matrix.mat<?x?xf64>
  }
  func.return %r : !matrix.mat<?x?xf64>
}

// -----

// for: a loop-carried nnz that changes (an empty accumulator that gets added to):
// the nnz=0 of the init must not survive into the loop.
// CHECK-LABEL: func.func @for_nnz_changes() -> !matrix.mat<3x3xf64> {
// CHECK:       %[[I:.*]] = matrix.cast %E : (!matrix.mat<3x3xf64, nnz=0>) -> !matrix.mat<3x3xf64>{{$}}
// CHECK-NEXT:  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %[[I]]) -> (!matrix.mat<3x3xf64>) {
// CHECK-NEXT:    %B = matrix.add %acc, %A : (!matrix.mat<3x3xf64>, !matrix.mat<3x3xf64, nnz=3>) -> !matrix.mat<3x3xf64>{{$}}
// CHECK-NOT:   nnz=0
// CHECK:       func.return %r : !matrix.mat<3x3xf64>{{$}}
func.func @for_nnz_changes() -> !matrix.mat<?x?xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %i3 = arith.constant 3 : i64
  %z = arith.constant 0.0 : f64
  %E = matrix.fill %z, %i3, %i3 : (f64, i64, i64) -> !matrix.mat<?x?xf64>
  %A = matrix.rand %i3, %i3 {min = 1.0, max = 2.0, sparsity = 0.3, seed = 1} : (i64, i64) -> !matrix.mat<?x?xf64>
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %E) -> (!matrix.mat<?x?xf64>) {
    %B = matrix.add %acc, %A : !matrix.mat<?x?xf64>
    scf.yield %B : !matrix.mat<?x?xf64>
  }
  func.return %r : !matrix.mat<?x?xf64>
}

// -----

// for with unknown bounds (function arguments) is analysed the same way.
// CHECK-LABEL: func.func @for_unknown_bounds(%lb: index, %ub: index) -> !matrix.mat<?x2xf64> {
// CHECK:       scf.for %i = %lb to %ub step %c1 iter_args(%acc = %{{.*}}) -> (!matrix.mat<?x2xf64>) {
func.func @for_unknown_bounds(%lb: index, %ub: index) -> !matrix.mat<?x?xf64> {
  %c1 = arith.constant 1 : index
  %i2 = arith.constant 2 : i64
  %one = arith.constant 1.0 : f64
  %A = matrix.fill %one, %i2, %i2 : (f64, i64, i64) -> !matrix.mat<?x?xf64>
  %r = scf.for %i = %lb to %ub step %c1 iter_args(%acc = %A) -> (!matrix.mat<?x?xf64>) {
    %B = matrix.rbind %acc, %A : !matrix.mat<?x?xf64>
    scf.yield %B : !matrix.mat<?x?xf64>
  }
  func.return %r : !matrix.mat<?x?xf64>
}

// -----

// for with a loop-carried i64 that changes (k + 1), used as a size in the body:
// the dim it gives becomes `?`.
// CHECK-LABEL: func.func @for_scalar_changes() -> !matrix.mat<?x2xf64> {
// CHECK:       %r, %{{.*}} = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %{{.*}}, %k = %i2) -> (!matrix.mat<?x2xf64>, i64) {
// CHECK-NEXT:    %k1 = arith.addi %k, %i1 : i64
// CHECK-NEXT:    %B = matrix.fill %one, %k1, %i2 : (f64, i64, i64) -> !matrix.mat<?x2xf64>{{$}}
func.func @for_scalar_changes() -> !matrix.mat<?x?xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %i1 = arith.constant 1 : i64
  %i2 = arith.constant 2 : i64
  %one = arith.constant 1.0 : f64
  %A = matrix.fill %one, %i2, %i2 : (f64, i64, i64) -> !matrix.mat<?x?xf64>
  %r:2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %A, %k = %i2) -> (!matrix.mat<?x?xf64>, i64) {
    %k1 = arith.addi %k, %i1 : i64
    %B = matrix.fill %one, %k1, %i2 : (f64, i64, i64) -> !matrix.mat<?x?xf64>
    scf.yield %B, %k1 : !matrix.mat<?x?xf64>, i64
  }
  func.return %r#0 : !matrix.mat<?x?xf64>
}

// -----

// for with a loop-carried i64 that does not change: it stays a known size.
// CHECK-LABEL: func.func @for_scalar_same() -> !matrix.mat<3x2xf64, nnz=6> {
// CHECK:         %B = matrix.fill %one, %k, %i2 : (f64, i64, i64) -> !matrix.mat<3x2xf64, nnz=6>{{$}}
func.func @for_scalar_same() -> !matrix.mat<?x?xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %i2 = arith.constant 2 : i64
  %i3 = arith.constant 3 : i64
  %one = arith.constant 1.0 : f64
  %A = matrix.fill %one, %i3, %i2 : (f64, i64, i64) -> !matrix.mat<?x?xf64>
  %r:2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %A, %k = %i3) -> (!matrix.mat<?x?xf64>, i64) {
    %B = matrix.fill %one, %k, %i2 : (f64, i64, i64) -> !matrix.mat<?x?xf64>
    scf.yield %B, %k : !matrix.mat<?x?xf64>, i64
  }
  func.return %r#0 : !matrix.mat<?x?xf64>
}

// -----

// A zero-trip for (constant lb == ub) is analysed like any loop (its body's
// yield must fit the loop type): a body that would drop the nnz drops it from
// the loop type, one that would grow the cols makes them `?`; the IR stays
// valid. Once constant-fold has removed the loop, the init's facts are kept.
// CHECK-LABEL: func.func @for_zero_trip() -> (!matrix.mat<3x1xf64>, !matrix.mat<3x?xf64>) {
// CHECK:       %[[I:.*]] = matrix.cast %A : (!matrix.mat<3x1xf64, nnz=3>) -> !matrix.mat<3x1xf64>{{$}}
// CHECK-NEXT:  %r = scf.for %i = %c0 to %c0 step %c1 iter_args(%acc = %[[I]]) -> (!matrix.mat<3x1xf64>) {
// CHECK-NEXT:    %B = matrix.add %acc, %A : (!matrix.mat<3x1xf64>, !matrix.mat<3x1xf64, nnz=3>) -> !matrix.mat<3x1xf64>{{$}}
// CHECK-NEXT:    scf.yield %B : !matrix.mat<3x1xf64>{{$}}
// CHECK-NEXT:  }
// CHECK:       %s = scf.for %j = %c0 to %c0 step %c1 iter_args(%bcc = %{{.*}}) -> (!matrix.mat<3x?xf64>) {
// CHECK-NEXT:    %C = matrix.cbind %bcc, %A : (!matrix.mat<3x?xf64>, !matrix.mat<3x1xf64, nnz=3>) -> !matrix.mat<3x?xf64>{{$}}
// CHECK:       func.return %r, %s : !matrix.mat<3x1xf64>, !matrix.mat<3x?xf64>{{$}}
// FOLD-LABEL:  func.func @for_zero_trip() -> (!matrix.mat<3x1xf64, nnz=3>, !matrix.mat<3x1xf64, nnz=3>) {
// FOLD-NOT:    scf.for
// FOLD:        func.return %A, %A : !matrix.mat<3x1xf64, nnz=3>, !matrix.mat<3x1xf64, nnz=3>{{$}}
func.func @for_zero_trip() -> (!matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %i1 = arith.constant 1 : i64
  %i3 = arith.constant 3 : i64
  %A = matrix.rand %i3, %i1 {min = 1.0, max = 2.0, seed = 1} : (i64, i64) -> !matrix.mat<?x?xf64>
  %r = scf.for %i = %c0 to %c0 step %c1 iter_args(%acc = %A) -> (!matrix.mat<?x?xf64>) {
    %B = matrix.add %acc, %A : !matrix.mat<?x?xf64>
    scf.yield %B : !matrix.mat<?x?xf64>
  }
  %s = scf.for %j = %c0 to %c0 step %c1 iter_args(%bcc = %A) -> (!matrix.mat<?x?xf64>) {
    %C = matrix.cbind %bcc, %A : !matrix.mat<?x?xf64>
    scf.yield %C : !matrix.mat<?x?xf64>
  }
  func.return %r, %s : !matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>
}

// -----

// while: rbind in the body grows the rows: rows become `?`, cols stay; the
// before-region args, the condition's operands, the after-region args, the yield
// and the results all get the same type.
// CHECK-LABEL: func.func @while_changes_dim(%n: i64) -> !matrix.mat<?x1xf64> {
// CHECK:       %[[I:.*]] = matrix.cast %A : (!matrix.mat<3x1xf64, nnz=3>) -> !matrix.mat<?x1xf64>{{$}}
// CHECK-NEXT:  %r, %{{.*}} = scf.while (%acc = %[[I]], %k = %i1) : (!matrix.mat<?x1xf64>, i64) -> (!matrix.mat<?x1xf64>, i64) {
// CHECK:         scf.condition(%c) %acc, %k : !matrix.mat<?x1xf64>, i64
// CHECK-NEXT:  } do {
// CHECK-NEXT:  ^bb0(%a: !matrix.mat<?x1xf64>, %j: i64):
// CHECK-NEXT:    %B = matrix.rbind %a, %A : (!matrix.mat<?x1xf64>, !matrix.mat<3x1xf64, nnz=3>) -> !matrix.mat<?x1xf64>{{$}}
// CHECK:         scf.yield %B, %j1 : !matrix.mat<?x1xf64>, i64
// CHECK-NEXT:  }
// CHECK-NEXT:  func.return %r : !matrix.mat<?x1xf64>{{$}}
func.func @while_changes_dim(%n: i64) -> !matrix.mat<?x?xf64> {
  %i1 = arith.constant 1 : i64
  %i3 = arith.constant 3 : i64
  %A = matrix.rand %i3, %i1 {min = 1.0, max = 2.0, seed = 1} : (i64, i64) -> !matrix.mat<?x?xf64>
  %r:2 = scf.while (%acc = %A, %k = %i1) : (!matrix.mat<?x?xf64>, i64) -> (!matrix.mat<?x?xf64>, i64) {
    %c = arith.cmpi slt, %k, %n : i64
    scf.condition(%c) %acc, %k : !matrix.mat<?x?xf64>, i64
  } do {
  ^bb0(%a: !matrix.mat<?x?xf64>, %j: i64):
    %B = matrix.rbind %a, %A : !matrix.mat<?x?xf64>
    %j1 = arith.addi %j, %i1 : i64
    scf.yield %B, %j1 : !matrix.mat<?x?xf64>, i64
  }
  func.return %r#0 : !matrix.mat<?x?xf64>
}

// -----

// while: a body that keeps the dims (element-wise update of a 3x2 matrix) keeps
// them known; its nnz is dropped.
// CHECK-LABEL: func.func @while_keeps_dims(%n: i64) -> !matrix.mat<3x2xf64> {
// CHECK:       scf.while (%acc = %{{.*}}, %k = %i0) : (!matrix.mat<3x2xf64>, i64) -> (!matrix.mat<3x2xf64>, i64) {
// CHECK:       ^bb0(%a: !matrix.mat<3x2xf64>, %j: i64):
// CHECK-NEXT:    %B = matrix.sub %a, %A : (!matrix.mat<3x2xf64>, !matrix.mat<3x2xf64, nnz=6>) -> !matrix.mat<3x2xf64>{{$}}
func.func @while_keeps_dims(%n: i64) -> !matrix.mat<?x?xf64> {
  %i0 = arith.constant 0 : i64
  %i1 = arith.constant 1 : i64
  %i2 = arith.constant 2 : i64
  %i3 = arith.constant 3 : i64
  %A = matrix.rand %i3, %i2 {min = 1.0, max = 2.0, seed = 1} : (i64, i64) -> !matrix.mat<?x?xf64>
  %r:2 = scf.while (%acc = %A, %k = %i0) : (!matrix.mat<?x?xf64>, i64) -> (!matrix.mat<?x?xf64>, i64) {
    %c = arith.cmpi slt, %k, %n : i64
    scf.condition(%c) %acc, %k : !matrix.mat<?x?xf64>, i64
  } do {
  ^bb0(%a: !matrix.mat<?x?xf64>, %j: i64):
    %B = matrix.sub %a, %A : !matrix.mat<?x?xf64>
    %j1 = arith.addi %j, %i1 : i64
    scf.yield %B, %j1 : !matrix.mat<?x?xf64>, i64
  }
  func.return %r#0 : !matrix.mat<?x?xf64>
}

// -----

// while whose before-region transposes a 3x4 value: rows and cols alternate, so
// both become `?`, while the nnz (kept by transpose) survives.
// CHECK-LABEL: func.func @while_before_region() -> !matrix.mat<?x?xf64, nnz=12> {
// CHECK:       %T = matrix.transpose %acc : !matrix.mat<?x?xf64, nnz=12>{{$}}
// CHECK:       scf.condition(%c) %T, %k : !matrix.mat<?x?xf64, nnz=12>, i64
func.func @while_before_region() -> !matrix.mat<?x?xf64> {
  %i0 = arith.constant 0 : i64
  %i1 = arith.constant 1 : i64
  %i3 = arith.constant 3 : i64
  %i4 = arith.constant 4 : i64
  %A = matrix.rand %i3, %i4 {min = 1.0, max = 2.0, seed = 1} : (i64, i64) -> !matrix.mat<?x?xf64>
  %r:2 = scf.while (%acc = %A, %k = %i0) : (!matrix.mat<?x?xf64>, i64) -> (!matrix.mat<?x?xf64>, i64) {
    %T = matrix.transpose %acc : !matrix.mat<?x?xf64>
    %c = arith.cmpi slt, %k, %i3 : i64
    scf.condition(%c) %T, %k : !matrix.mat<?x?xf64>, i64
  } do {
  ^bb0(%a: !matrix.mat<?x?xf64>, %j: i64):
    %j1 = arith.addi %j, %i1 : i64
    scf.yield %a, %j1 : !matrix.mat<?x?xf64>, i64
  }
  func.return %r#0 : !matrix.mat<?x?xf64>
}

// -----

// Nested loops: the inner loop grows its own value (3x?), the outer loop's value
// stays 3x3 (the inner result is not carried out).
// CHECK-LABEL: func.func @for_in_for() -> !matrix.mat<3x3xf64> {
// CHECK:       %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %{{.*}}) -> (!matrix.mat<3x3xf64>) {
// CHECK-NEXT:    %[[I:.*]] = matrix.cast %acc : (!matrix.mat<3x3xf64>) -> !matrix.mat<3x?xf64>{{$}}
// CHECK-NEXT:    %s = scf.for %j = %c0 to %c3 step %c1 iter_args(%in = %[[I]]) -> (!matrix.mat<3x?xf64>) {
// CHECK-NEXT:      %C = matrix.cbind %in, %acc : (!matrix.mat<3x?xf64>, !matrix.mat<3x3xf64>) -> !matrix.mat<3x?xf64>{{$}}
// CHECK-NEXT:      scf.yield %C : !matrix.mat<3x?xf64>{{$}}
// CHECK-NEXT:    }
// CHECK-NEXT:    %w = matrix.reduce sum col %s : (!matrix.mat<3x?xf64>) -> !matrix.mat<1x?xf64>{{$}}
// CHECK-NEXT:    %B = matrix.matmul %acc, %acc : !matrix.mat<3x3xf64>{{$}}
// CHECK-NEXT:    scf.yield %B : !matrix.mat<3x3xf64>{{$}}
// CHECK-NEXT:  }
func.func @for_in_for() -> !matrix.mat<?x?xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %i3 = arith.constant 3 : i64
  %A = matrix.rand %i3, %i3 {min = 1.0, max = 2.0, seed = 1} : (i64, i64) -> !matrix.mat<?x?xf64>
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %A) -> (!matrix.mat<?x?xf64>) {
    %s = scf.for %j = %c0 to %c3 step %c1 iter_args(%in = %acc) -> (!matrix.mat<?x?xf64>) {
      %C = matrix.cbind %in, %acc : !matrix.mat<?x?xf64>
      scf.yield %C : !matrix.mat<?x?xf64>
    }
    %w = matrix.reduce sum col %s : !matrix.mat<?x?xf64>
    %B = matrix.matmul %acc, %acc : !matrix.mat<?x?xf64>
    scf.yield %B : !matrix.mat<?x?xf64>
  }
  func.return %r : !matrix.mat<?x?xf64>
}

// -----

// Nested loops: the outer loop grows its value (rbind), the inner loop keeps the
// dims of what it is given: the outer change reaches the inner loop (?x2), and
// the loop never makes a fact wrong.
// CHECK-LABEL: func.func @for_in_for_outer_changes() -> !matrix.mat<?x2xf64> {
// CHECK:       %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %{{.*}}) -> (!matrix.mat<?x2xf64>) {
// CHECK-NEXT:    %s = scf.for %j = %c0 to %c3 step %c1 iter_args(%in = %acc) -> (!matrix.mat<?x2xf64>) {
// CHECK-NEXT:      %M = matrix.mul %in, %in : !matrix.mat<?x2xf64>{{$}}
// CHECK-NEXT:      scf.yield %M : !matrix.mat<?x2xf64>{{$}}
// CHECK-NEXT:    }
// CHECK-NEXT:    %C = matrix.rbind %s, %A : (!matrix.mat<?x2xf64>, !matrix.mat<3x2xf64, nnz=6>) -> !matrix.mat<?x2xf64>{{$}}
func.func @for_in_for_outer_changes() -> !matrix.mat<?x?xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %i2 = arith.constant 2 : i64
  %i3 = arith.constant 3 : i64
  %A = matrix.rand %i3, %i2 {min = 1.0, max = 2.0, seed = 1} : (i64, i64) -> !matrix.mat<?x?xf64>
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %A) -> (!matrix.mat<?x?xf64>) {
    %s = scf.for %j = %c0 to %c3 step %c1 iter_args(%in = %acc) -> (!matrix.mat<?x?xf64>) {
      %M = matrix.mul %in, %in : !matrix.mat<?x?xf64>
      scf.yield %M : !matrix.mat<?x?xf64>
    }
    %C = matrix.rbind %s, %A : !matrix.mat<?x?xf64>
    scf.yield %C : !matrix.mat<?x?xf64>
  }
  func.return %r : !matrix.mat<?x?xf64>
}

// -----

// An if in a loop whose branches disagree (one grows the value): the carried
// value becomes ?x2 and the if result too.
// CHECK-LABEL: func.func @if_in_for_changes() -> !matrix.mat<?x2xf64> {
// CHECK:       %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %{{.*}}) -> (!matrix.mat<?x2xf64>) {
// CHECK:         %t = scf.if %p -> (!matrix.mat<?x2xf64>) {
// CHECK-NEXT:      %C = matrix.rbind %acc, %A : (!matrix.mat<?x2xf64>, !matrix.mat<3x2xf64, nnz=6>) -> !matrix.mat<?x2xf64>{{$}}
// CHECK-NEXT:      scf.yield %C : !matrix.mat<?x2xf64>{{$}}
// CHECK-NEXT:    } else {
// CHECK-NEXT:      scf.yield %acc : !matrix.mat<?x2xf64>{{$}}
// CHECK-NEXT:    }
// CHECK-NEXT:    scf.yield %t : !matrix.mat<?x2xf64>{{$}}
func.func @if_in_for_changes() -> !matrix.mat<?x?xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %i2 = arith.constant 2 : i64
  %i3 = arith.constant 3 : i64
  %A = matrix.rand %i3, %i2 {min = 1.0, max = 2.0, seed = 1} : (i64, i64) -> !matrix.mat<?x?xf64>
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %A) -> (!matrix.mat<?x?xf64>) {
    %p = arith.cmpi eq, %i, %c1 : index
    %t = scf.if %p -> (!matrix.mat<?x?xf64>) {
      %C = matrix.rbind %acc, %A : !matrix.mat<?x?xf64>
      scf.yield %C : !matrix.mat<?x?xf64>
    } else {
      scf.yield %acc : !matrix.mat<?x?xf64>
    }
    scf.yield %t : !matrix.mat<?x?xf64>
  }
  func.return %r : !matrix.mat<?x?xf64>
}

// -----

// An if in a loop whose branches agree on the dims: the loop keeps them.
// CHECK-LABEL: func.func @if_in_for_same() -> !matrix.mat<3x2xf64> {
// CHECK:       %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %{{.*}}) -> (!matrix.mat<3x2xf64>) {
// CHECK:         %t = scf.if %p -> (!matrix.mat<3x2xf64>) {
func.func @if_in_for_same() -> !matrix.mat<?x?xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %i2 = arith.constant 2 : i64
  %i3 = arith.constant 3 : i64
  %A = matrix.rand %i3, %i2 {min = 1.0, max = 2.0, seed = 1} : (i64, i64) -> !matrix.mat<?x?xf64>
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %A) -> (!matrix.mat<?x?xf64>) {
    %p = arith.cmpi eq, %i, %c1 : index
    %t = scf.if %p -> (!matrix.mat<?x?xf64>) {
      %C = matrix.add %acc, %A : !matrix.mat<?x?xf64>
      scf.yield %C : !matrix.mat<?x?xf64>
    } else {
      scf.yield %acc : !matrix.mat<?x?xf64>
    }
    scf.yield %t : !matrix.mat<?x?xf64>
  }
  func.return %r : !matrix.mat<?x?xf64>
}

// -----

// A loop in an if branch: the loop's result joins with the other branch.
// CHECK-LABEL: func.func @for_in_if(%p: i1) -> !matrix.mat<3x?xf64> {
// CHECK:       %r = scf.if %p -> (!matrix.mat<3x?xf64>) {
// CHECK-NEXT:    %{{.*}} = matrix.cast %A : (!matrix.mat<3x1xf64, nnz=3>) -> !matrix.mat<3x?xf64>{{$}}
// CHECK-NEXT:    %l = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %{{.*}}) -> (!matrix.mat<3x?xf64>) {
func.func @for_in_if(%p: i1) -> !matrix.mat<?x?xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %i1 = arith.constant 1 : i64
  %i3 = arith.constant 3 : i64
  %A = matrix.rand %i3, %i1 {min = 1.0, max = 2.0, seed = 1} : (i64, i64) -> !matrix.mat<?x?xf64>
  %r = scf.if %p -> (!matrix.mat<?x?xf64>) {
    %l = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %A) -> (!matrix.mat<?x?xf64>) {
      %C = matrix.cbind %acc, %A : !matrix.mat<?x?xf64>
      scf.yield %C : !matrix.mat<?x?xf64>
    }
    scf.yield %l : !matrix.mat<?x?xf64>
  } else {
    scf.yield %A : !matrix.mat<?x?xf64>
  }
  func.return %r : !matrix.mat<?x?xf64>
}

// -----

// Running size-inference twice gives the same IR as once (casts do not pile up).
// RUN: amls-opt %s --split-input-file -p size-inference > %t.once.mlir
// RUN: amls-opt %s --split-input-file -p size-inference,size-inference > %t.twice.mlir
// RUN: diff %t.once.mlir %t.twice.mlir
// CHECK-LABEL: func.func @idempotent(
func.func @idempotent(%p: i1) -> !matrix.mat<?x?xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %i1 = arith.constant 1 : i64
  %i3 = arith.constant 3 : i64
  %A = matrix.rand %i3, %i1 {min = 1.0, max = 2.0, seed = 1} : (i64, i64) -> !matrix.mat<?x?xf64>
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %A) -> (!matrix.mat<?x?xf64>) {
    %t = scf.if %p -> (!matrix.mat<?x?xf64>) {
      %C = matrix.cbind %acc, %A : !matrix.mat<?x?xf64>
      scf.yield %C : !matrix.mat<?x?xf64>
    } else {
      scf.yield %A : !matrix.mat<?x?xf64>
    }
    scf.yield %t : !matrix.mat<?x?xf64>
  }
  func.return %r : !matrix.mat<?x?xf64>
}

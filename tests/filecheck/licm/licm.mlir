// licm: loop-invariant code motion. A Pure op (or an scf.if of Pure ops) whose
// operands are all defined outside the loop moves before it, transitively and out of
// every level of a nest it does not depend on. Ops with effects (print, unseeded rand,
// calls) and loop-variant ops stay. An op that can fail at run time (solve, inv,
// to_scalar of a matrix not known 1x1, a matmul whose inner dims are not provably
// equal, an integer division by a non-constant) moves only out of a loop that surely
// runs: an scf.for with constant lb < ub, or a while's `before` region; never out of
// an scf.for that may run zero times or out of a while's `after` region.

// RUN: amls-opt %s --split-input-file -p licm | filecheck %s
// Idempotent: a second run changes nothing.
// RUN: amls-opt %s --split-input-file -p licm > %t.once
// RUN: amls-opt %t.once --split-input-file -p licm > %t.twice
// RUN: diff %t.once %t.twice

// t(X) and t(X) %*% X move (inner dims equal through the transpose, though X is
// ?x?), then the sum over them (transitive); X %*% w reads the iter_arg and stays,
// and so does what uses it.
// CHECK-LABEL: func.func @pure_chain(
// CHECK:         %Xt = matrix.transpose %X
// CHECK-NEXT:    %G = matrix.matmul %Xt, %X
// CHECK-NEXT:    %s = matrix.reduce sum all %G
// CHECK-NEXT:    %r = scf.for
// CHECK-NEXT:      %Xw = matrix.matmul %X, %w
// CHECK-NEXT:      %g = matrix.matmul %Xt, %Xw
// CHECK-NEXT:      %gs = matrix.mul %g, %s
// CHECK-NEXT:      scf.yield %gs
func.func @pure_chain(%X: !matrix.mat<?x?xf64>, %v: !matrix.mat<?x1xf64>, %n: i64) -> !matrix.mat<?x1xf64> {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%w = %v) -> (!matrix.mat<?x1xf64>) : i64 {
    %Xt = matrix.transpose %X : !matrix.mat<?x?xf64>
    %G = matrix.matmul %Xt, %X : !matrix.mat<?x?xf64>
    %s = matrix.reduce sum all %G : (!matrix.mat<?x?xf64>) -> f64
    %Xw = matrix.matmul %X, %w : (!matrix.mat<?x?xf64>, !matrix.mat<?x1xf64>) -> !matrix.mat<?x1xf64>
    %g = matrix.matmul %Xt, %Xw : (!matrix.mat<?x?xf64>, !matrix.mat<?x1xf64>) -> !matrix.mat<?x1xf64>
    %gs = matrix.mul %g, %s : (!matrix.mat<?x1xf64>, f64) -> !matrix.mat<?x1xf64>
    scf.yield %gs : !matrix.mat<?x1xf64>
  }
  func.return %r : !matrix.mat<?x1xf64>
}

// -----

// Ops reading the induction variable or an iter_arg stay, even when built from
// invariant values; the scalar constant and the arith on invariants move.
// CHECK-LABEL: func.func @variant(
// CHECK:         %two = arith.constant 2.0
// CHECK-NEXT:    %k = arith.muli %m, %m
// CHECK-NEXT:    %a = arith.mulf %x, %two
// CHECK-NEXT:    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> (f64) : i64 {
// CHECK-NEXT:      %j = arith.addi %i, %k
// CHECK-NEXT:      %f = arith.sitofp %j
// CHECK-NEXT:      %b = arith.mulf %acc, %a
// CHECK-NEXT:      %c = arith.addf %b, %f
// CHECK-NEXT:      scf.yield %c
func.func @variant(%x: f64, %m: i64, %n: i64) -> f64 {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> (f64) : i64 {
    %two = arith.constant 2.0 : f64
    %k = arith.muli %m, %m : i64
    %j = arith.addi %i, %k : i64
    %f = arith.sitofp %j : i64 to f64
    %a = arith.mulf %x, %two : f64
    %b = arith.mulf %acc, %a : f64
    %c = arith.addf %b, %f : f64
    scf.yield %c : f64
  }
  func.return %r : f64
}

// -----

// Effects stay: print, an unseeded rand (a new draw each iteration), a call. A
// seeded rand is a pure function of its operands and properties: it moves.
// CHECK-LABEL: func.func @impure(
// CHECK:         %S = matrix.rand %c3, %c3 {{.*}}seed = 5}
// CHECK-NEXT:    scf.for
// CHECK-NEXT:      matrix.print %X
// CHECK-NEXT:      %R = matrix.rand %c3, %c3 {{.*}}"uniform"} :
// CHECK-NEXT:      %y = func.call @g(%X)
// CHECK-NEXT:      matrix.print %R
// CHECK-NEXT:      matrix.print %S
// CHECK-NEXT:      matrix.print %y
func.func private @g(!matrix.mat<3x3xf64>) -> f64
func.func @impure(%X: !matrix.mat<3x3xf64>, %n: i64) {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %c3 = arith.constant 3 : i64
  scf.for %i = %c0 to %n step %c1 : i64 {
    matrix.print %X : !matrix.mat<3x3xf64>
    %R = matrix.rand %c3, %c3 : (i64, i64) -> !matrix.mat<3x3xf64>
    %S = matrix.rand %c3, %c3 {seed = 5} : (i64, i64) -> !matrix.mat<3x3xf64>
    %y = func.call @g(%X) : (!matrix.mat<3x3xf64>) -> f64
    matrix.print %R : !matrix.mat<3x3xf64>
    matrix.print %S : !matrix.mat<3x3xf64>
    matrix.print %y : f64
  }
  func.return
}

// -----

// The loop may run zero times (%n unknown): ops that can fail stay in it (solve and
// inv on a singular matrix, to_scalar of a ?x? matrix, a matmul of ?x? by ?x?, a
// slice with unknown bounds, an integer division by a non-constant), the ones that
// cannot move (a matmul of known inner dims, to_scalar of a 1x1, a division by 2).
// CHECK-LABEL: func.func @may_fail_unknown_trips(
// CHECK:         %ok_mm = matrix.matmul %A, %B
// CHECK-NEXT:    %ok_s = matrix.to_scalar %E
// CHECK-NEXT:    %ok_d = arith.divsi %m, %c2
// CHECK-NEXT:    scf.for
// CHECK-NEXT:      %x = matrix.solve %A, %b
// CHECK-NEXT:      %ai = matrix.inv %A
// CHECK-NEXT:      %s = matrix.to_scalar %U
// CHECK-NEXT:      %uv = matrix.matmul %U, %V
// CHECK-NEXT:      %sl = matrix.slice %U, %c0, %m, %c0, %m
// CHECK-NEXT:      %d = arith.divsi %c2, %m
func.func @may_fail_unknown_trips(%A: !matrix.mat<3x3xf64>, %B: !matrix.mat<3x2xf64>, %b: !matrix.mat<3x1xf64>, %E: !matrix.mat<1x1xf64>, %U: !matrix.mat<?x?xf64>, %V: !matrix.mat<?x?xf64>, %m: i64, %n: i64) {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %c2 = arith.constant 2 : i64
  scf.for %i = %c0 to %n step %c1 : i64 {
    %x = matrix.solve %A, %b : (!matrix.mat<3x3xf64>, !matrix.mat<3x1xf64>) -> !matrix.mat<3x1xf64>
    %ai = matrix.inv %A : !matrix.mat<3x3xf64>
    %s = matrix.to_scalar %U : (!matrix.mat<?x?xf64>) -> f64
    %uv = matrix.matmul %U, %V : !matrix.mat<?x?xf64>
    %sl = matrix.slice %U, %c0, %m, %c0, %m : (!matrix.mat<?x?xf64>, i64, i64, i64, i64) -> !matrix.mat<?x?xf64>
    %d = arith.divsi %c2, %m : i64
    %ok_mm = matrix.matmul %A, %B : (!matrix.mat<3x3xf64>, !matrix.mat<3x2xf64>) -> !matrix.mat<3x2xf64>
    %ok_s = matrix.to_scalar %E : (!matrix.mat<1x1xf64>) -> f64
    %ok_d = arith.divsi %m, %c2 : i64
    matrix.print %x : !matrix.mat<3x1xf64>
    matrix.print %ai : !matrix.mat<3x3xf64>
    matrix.print %s : f64
    matrix.print %uv : !matrix.mat<?x?xf64>
    matrix.print %sl : !matrix.mat<?x?xf64>
    matrix.print %d : i64
    matrix.print %ok_mm : !matrix.mat<3x2xf64>
    matrix.print %ok_s : f64
    matrix.print %ok_d : i64
  }
  func.return
}

// -----

// 0 to 10: the body surely runs, so what fails in the loop fails before it just as
// well, and every invariant op moves. 5 to 5 runs zero times: only the cannot-fail
// ones move.
// CHECK-LABEL: func.func @may_fail_known_trips(
// CHECK:         %x = matrix.solve %A, %b
// CHECK-NEXT:    %s = matrix.to_scalar %U
// CHECK-NEXT:    %uv = matrix.matmul %U, %V
// CHECK-NEXT:    %d = arith.divsi %c2, %m
// CHECK-NEXT:    scf.for %i = %c0 to %c10 step %c1
// CHECK-NEXT:      matrix.print %x
// CHECK:         %ok = matrix.transpose %U
// CHECK-NEXT:    scf.for %j = %c5 to %c5 step %c1
// CHECK-NEXT:      %x2 = matrix.solve %A, %b
// CHECK-NEXT:      %s2 = matrix.to_scalar %U
func.func @may_fail_known_trips(%A: !matrix.mat<3x3xf64>, %b: !matrix.mat<3x1xf64>, %U: !matrix.mat<?x?xf64>, %V: !matrix.mat<?x?xf64>, %m: i64) {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %c2 = arith.constant 2 : i64
  %c5 = arith.constant 5 : i64
  %c10 = arith.constant 10 : i64
  scf.for %i = %c0 to %c10 step %c1 : i64 {
    %x = matrix.solve %A, %b : (!matrix.mat<3x3xf64>, !matrix.mat<3x1xf64>) -> !matrix.mat<3x1xf64>
    %s = matrix.to_scalar %U : (!matrix.mat<?x?xf64>) -> f64
    %uv = matrix.matmul %U, %V : !matrix.mat<?x?xf64>
    %d = arith.divsi %c2, %m : i64
    matrix.print %x : !matrix.mat<3x1xf64>
    matrix.print %s : f64
    matrix.print %uv : !matrix.mat<?x?xf64>
    matrix.print %d : i64
  }
  scf.for %j = %c5 to %c5 step %c1 : i64 {
    %x2 = matrix.solve %A, %b : (!matrix.mat<3x3xf64>, !matrix.mat<3x1xf64>) -> !matrix.mat<3x1xf64>
    %s2 = matrix.to_scalar %U : (!matrix.mat<?x?xf64>) -> f64
    %ok = matrix.transpose %U : !matrix.mat<?x?xf64>
    matrix.print %x2 : !matrix.mat<3x1xf64>
    matrix.print %s2 : f64
    matrix.print %ok : !matrix.mat<?x?xf64>
  }
  func.return
}

// -----

// scf.while: the `before` region (the condition) runs at least once, so its
// invariant ops move even if they can fail (the to_scalar); the `after` region may
// run zero times, so of its invariant ops only those that cannot fail move (the
// transpose and the sum), not the solve. Variant ops stay in both.
// CHECK-LABEL: func.func @while_loop(
// CHECK:         %lim = matrix.to_scalar %U
// CHECK-NEXT:    %Ut = matrix.transpose %U
// CHECK-NEXT:    %su = matrix.reduce sum all %Ut
// CHECK-NEXT:    scf.while
// CHECK-NEXT:      %go = arith.cmpf olt, %x, %lim
// CHECK-NEXT:      scf.condition(%go)
// CHECK-NEXT:    } do {
// CHECK-NEXT:    ^bb0(%y: f64):
// CHECK-NEXT:      %sol = matrix.solve %A, %b
// CHECK-NEXT:      %t = matrix.to_scalar %sol
// CHECK-NEXT:      %y1 = arith.addf %y, %su
// CHECK-NEXT:      %y2 = arith.addf %y1, %t
// CHECK-NEXT:      scf.yield %y2
func.func @while_loop(%A: !matrix.mat<?x?xf64>, %b: !matrix.mat<?x1xf64>, %U: !matrix.mat<?x?xf64>, %x0: f64) -> f64 {
  %r = scf.while (%x = %x0) : (f64) -> f64 {
    %lim = matrix.to_scalar %U : (!matrix.mat<?x?xf64>) -> f64
    %go = arith.cmpf olt, %x, %lim : f64
    scf.condition(%go) %x : f64
  } do {
  ^bb0(%y: f64):
    %sol = matrix.solve %A, %b : (!matrix.mat<?x?xf64>, !matrix.mat<?x1xf64>) -> !matrix.mat<?x1xf64>
    %t = matrix.to_scalar %sol : (!matrix.mat<?x1xf64>) -> f64
    %Ut = matrix.transpose %U : !matrix.mat<?x?xf64>
    %su = matrix.reduce sum all %Ut : (!matrix.mat<?x?xf64>) -> f64
    %y1 = arith.addf %y, %su : f64
    %y2 = arith.addf %y1, %t : f64
    scf.yield %y2 : f64
  }
  func.return %r : f64
}

// -----

// Nested loops, innermost first: t(X) %*% X depends on neither loop and leaves both;
// X * i reads the outer induction variable, so it leaves the inner loop only; a
// solve moves out of the inner loop (0 to 4 surely runs) but not out of the outer
// one (%n may be 0).
// CHECK-LABEL: func.func @nested(
// CHECK:         %Xt = matrix.transpose %X
// CHECK-NEXT:    %G = matrix.matmul %Xt, %X
// CHECK-NEXT:    scf.for %i = %c0 to %n step %c1
// CHECK-NEXT:      %fi = arith.sitofp %i
// CHECK-NEXT:      %Xi = matrix.mul %G, %fi
// CHECK-NEXT:      %sol = matrix.solve %G, %v
// CHECK-NEXT:      scf.for %j = %c0 to %c4 step %c1
// CHECK-NEXT:        %fj = arith.sitofp %j
// CHECK-NEXT:        %Xj = matrix.mul %Xi, %fj
// CHECK-NEXT:        matrix.print %Xj
// CHECK-NEXT:        matrix.print %sol
// CHECK-NEXT:      }
// CHECK-NEXT:    }
func.func @nested(%X: !matrix.mat<?x?xf64>, %v: !matrix.mat<?x1xf64>, %n: i64) {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %c4 = arith.constant 4 : i64
  scf.for %i = %c0 to %n step %c1 : i64 {
    scf.for %j = %c0 to %c4 step %c1 : i64 {
      %Xt = matrix.transpose %X : !matrix.mat<?x?xf64>
      %G = matrix.matmul %Xt, %X : !matrix.mat<?x?xf64>
      %fi = arith.sitofp %i : i64 to f64
      %Xi = matrix.mul %G, %fi : (!matrix.mat<?x?xf64>, f64) -> !matrix.mat<?x?xf64>
      %fj = arith.sitofp %j : i64 to f64
      %Xj = matrix.mul %Xi, %fj : (!matrix.mat<?x?xf64>, f64) -> !matrix.mat<?x?xf64>
      %sol = matrix.solve %G, %v : (!matrix.mat<?x?xf64>, !matrix.mat<?x1xf64>) -> !matrix.mat<?x1xf64>
      matrix.print %Xj : !matrix.mat<?x?xf64>
      matrix.print %sol : !matrix.mat<?x1xf64>
    }
  }
  func.return
}

// -----

// An scf.if on invariant values, with Pure branches that cannot fail, moves as one
// op; one whose branch can fail stays in a loop that may run zero times.
// CHECK-LABEL: func.func @if_op(
// CHECK:         %s = scf.if %c -> (!matrix.mat<3x3xf64>) {
// CHECK:         scf.for
// CHECK-NEXT:      %u = scf.if %c -> (!matrix.mat<3x3xf64>) {
// CHECK-NEXT:        %inv = matrix.inv %A
func.func @if_op(%A: !matrix.mat<3x3xf64>, %c: i1, %n: i64) {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  scf.for %i = %c0 to %n step %c1 : i64 {
    %s = scf.if %c -> (!matrix.mat<3x3xf64>) {
      %t = matrix.transpose %A : !matrix.mat<3x3xf64>
      scf.yield %t : !matrix.mat<3x3xf64>
    } else {
      scf.yield %A : !matrix.mat<3x3xf64>
    }
    %u = scf.if %c -> (!matrix.mat<3x3xf64>) {
      %inv = matrix.inv %A : !matrix.mat<3x3xf64>
      scf.yield %inv : !matrix.mat<3x3xf64>
    } else {
      scf.yield %A : !matrix.mat<3x3xf64>
    }
    matrix.print %s : !matrix.mat<3x3xf64>
    matrix.print %u : !matrix.mat<3x3xf64>
  }
  func.return
}

// -----

// A cast checks the dims it states against the data: one the operand provably has
// moves out of a loop that may run zero times, one it may not have stays (it failed
// where the program, running the loop zero times, did not). A fill of known small dims
// moves; one of 2e6 x 2e6 (MemoryError) or of unknown dims stays.
// CHECK-LABEL: func.func @cast_and_fill(
// CHECK:         %ok = matrix.cast %X : !matrix.mat<?x4xf64>
// CHECK-NEXT:    %small = matrix.fill %o, %c3, %c3
// CHECK-NEXT:    scf.for
// CHECK-NEXT:      %bad = matrix.cast %Y : (!matrix.mat<?x?xf64>) -> !matrix.mat<?x4xf64>
// CHECK-NEXT:      %big = matrix.fill %o, %c2m, %c2m
// CHECK-NEXT:      %unk = matrix.fill %o, %m, %m
func.func @cast_and_fill(%X: !matrix.mat<?x4xf64>, %Y: !matrix.mat<?x?xf64>, %n: i64, %m: i64) {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %c3 = arith.constant 3 : i64
  %c2m = arith.constant 2000000 : i64
  %o = arith.constant 1.5 : f64
  scf.for %i = %c0 to %n step %c1 : i64 {
    %ok = matrix.cast %X : (!matrix.mat<?x4xf64>) -> !matrix.mat<?x4xf64, nnz=?>
    %bad = matrix.cast %Y : (!matrix.mat<?x?xf64>) -> !matrix.mat<?x4xf64>
    %small = matrix.fill %o, %c3, %c3 : (f64, i64, i64) -> !matrix.mat<3x3xf64>
    %big = matrix.fill %o, %c2m, %c2m : (f64, i64, i64) -> !matrix.mat<?x?xf64>
    %unk = matrix.fill %o, %m, %m : (f64, i64, i64) -> !matrix.mat<?x?xf64>
    matrix.print %ok : !matrix.mat<?x4xf64, nnz=?>
    matrix.print %bad : !matrix.mat<?x4xf64>
    matrix.print %small : !matrix.mat<3x3xf64>
    matrix.print %big : !matrix.mat<?x?xf64>
    matrix.print %unk : !matrix.mat<?x?xf64>
  }
  func.return
}

// -----

// In a loop that surely runs, an op that can fail moves only from before the body's
// first op with effects: the inv after the print stays (what the loop printed before
// the error is still printed); the solve before it moves.
// CHECK-LABEL: func.func @fails_after_print(
// CHECK:         %x = matrix.solve %A, %b
// CHECK-NEXT:    %t = matrix.reduce sum all %x
// CHECK-NEXT:    scf.for
// CHECK-NEXT:      matrix.print %acc
// CHECK-NEXT:      %inv = matrix.inv %A
func.func @fails_after_print(%A: !matrix.mat<3x3xf64>, %b: !matrix.mat<3x1xf64>) -> f64 {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %c3 = arith.constant 3 : i64
  %z = arith.constant 0.0 : f64
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %z) -> (f64) : i64 {
    %x = matrix.solve %A, %b : (!matrix.mat<3x3xf64>, !matrix.mat<3x1xf64>) -> !matrix.mat<3x1xf64>
    matrix.print %acc {label = "acc"} : f64
    %inv = matrix.inv %A : !matrix.mat<3x3xf64>
    %s = matrix.reduce sum all %inv : (!matrix.mat<3x3xf64>) -> f64
    %t = matrix.reduce sum all %x : (!matrix.mat<3x1xf64>) -> f64
    %u = arith.addf %s, %t : f64
    %a = arith.addf %acc, %u : f64
    scf.yield %a : f64
  }
  func.return %r : f64
}

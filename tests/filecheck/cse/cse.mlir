// cse: xDSL's common-subexpression elimination over amls's Pure ops, after
// commutative operands are put in one order (so a+b and b+a merge). Seeded rands
// with equal properties are the same values and merge; unseeded ones are draws
// (effects) and never merge, nor do rands with different seeds or bounds, nor
// prints. Duplicates inside a loop body merge; a value defined before an scf.if
// replaces its duplicates in both branches, but the branches do not merge with
// each other or with what follows. Unused pure ops are dropped.

// RUN: amls-opt %s --split-input-file -p cse | filecheck %s
// The output re-parses and a second cse changes nothing.
// RUN: amls-opt %s --split-input-file -p cse | amls-opt --split-input-file -p cse | filecheck %s

// Equal ops merge, a+b with b+a (commutative), not b-a with a-b; the unused
// sub is dropped.
// CHECK-LABEL: func.func @dups(
// CHECK-NEXT:    %a = matrix.add %A, %B : !matrix.mat<10x5xf64>
// CHECK-NEXT:    %d = matrix.sub %B, %A : !matrix.mat<10x5xf64>
// CHECK-NEXT:    %e = matrix.sub %A, %B : !matrix.mat<10x5xf64>
// CHECK-NEXT:    func.return %a, %a, %a, %d, %e :
func.func @dups(%A: !matrix.mat<10x5xf64>, %B: !matrix.mat<10x5xf64>) -> (!matrix.mat<10x5xf64>, !matrix.mat<10x5xf64>, !matrix.mat<10x5xf64>, !matrix.mat<10x5xf64>, !matrix.mat<10x5xf64>) {
  %a = matrix.add %A, %B : !matrix.mat<10x5xf64>
  %b = matrix.add %A, %B : !matrix.mat<10x5xf64>
  %c = matrix.add %B, %A : !matrix.mat<10x5xf64>
  %d = matrix.sub %B, %A : !matrix.mat<10x5xf64>
  %e = matrix.sub %A, %B : !matrix.mat<10x5xf64>
  %f = matrix.sub %A, %A : !matrix.mat<10x5xf64>
  func.return %a, %b, %c, %d, %e : !matrix.mat<10x5xf64>, !matrix.mat<10x5xf64>, !matrix.mat<10x5xf64>, !matrix.mat<10x5xf64>, !matrix.mat<10x5xf64>
}

// -----

// A matrix times a scalar in either order; arith.addf in either order; subf not.
// CHECK-LABEL: func.func @mixed(
// CHECK-NEXT:    %a = matrix.mul %X, %s : (!matrix.mat<10x5xf64>, f64) -> !matrix.mat<10x5xf64>
// CHECK-NEXT:    %p = arith.addf %s, %t : f64
// CHECK-NEXT:    %m = arith.subf %s, %t : f64
// CHECK-NEXT:    %n = arith.subf %t, %s : f64
// CHECK-NEXT:    func.return %a, %a, %p, %p, %m, %n :
func.func @mixed(%X: !matrix.mat<10x5xf64>, %s: f64, %t: f64) -> (!matrix.mat<10x5xf64>, !matrix.mat<10x5xf64>, f64, f64, f64, f64) {
  %a = matrix.mul %X, %s : (!matrix.mat<10x5xf64>, f64) -> !matrix.mat<10x5xf64>
  %b = matrix.mul %s, %X : (f64, !matrix.mat<10x5xf64>) -> !matrix.mat<10x5xf64>
  %p = arith.addf %s, %t : f64
  %q = arith.addf %t, %s : f64
  %m = arith.subf %s, %t : f64
  %n = arith.subf %t, %s : f64
  func.return %a, %b, %p, %q, %m, %n : !matrix.mat<10x5xf64>, !matrix.mat<10x5xf64>, f64, f64, f64, f64
}

// -----

// Seeded rands: seed 1 twice merges; seed 2, or seed 1 with another max, does
// not. Unseeded rands never merge.
// CHECK-LABEL: func.func @rand(
// CHECK-NEXT:    %c2 = arith.constant 2 : i64
// CHECK-NEXT:    %a = matrix.rand %c2, %c2 {{{.*}}seed = 1} :
// CHECK-NEXT:    %c = matrix.rand %c2, %c2 {{{.*}}seed = 2} :
// CHECK-NEXT:    %d = matrix.rand %c2, %c2 {{{.*}}pdf = "uniform"} :
// CHECK-NEXT:    %e = matrix.rand %c2, %c2 {{{.*}}pdf = "uniform"} :
// CHECK-NEXT:    %f = matrix.rand %c2, %c2 {min = 0.0, max = 2.0, {{.*}}seed = 1} :
// CHECK-NEXT:    func.return %a, %a, %c, %d, %e, %f :
func.func @rand() -> (!matrix.mat<2x2xf64>, !matrix.mat<2x2xf64>, !matrix.mat<2x2xf64>, !matrix.mat<2x2xf64>, !matrix.mat<2x2xf64>, !matrix.mat<2x2xf64>) {
  %c2 = arith.constant 2 : i64
  %a = matrix.rand %c2, %c2 {seed = 1} : (i64, i64) -> !matrix.mat<2x2xf64>
  %b = matrix.rand %c2, %c2 {seed = 1} : (i64, i64) -> !matrix.mat<2x2xf64>
  %c = matrix.rand %c2, %c2 {seed = 2} : (i64, i64) -> !matrix.mat<2x2xf64>
  %d = matrix.rand %c2, %c2 : (i64, i64) -> !matrix.mat<2x2xf64>
  %e = matrix.rand %c2, %c2 : (i64, i64) -> !matrix.mat<2x2xf64>
  %f = matrix.rand %c2, %c2 {seed = 1, max = 2.0} : (i64, i64) -> !matrix.mat<2x2xf64>
  func.return %a, %b, %c, %d, %e, %f : !matrix.mat<2x2xf64>, !matrix.mat<2x2xf64>, !matrix.mat<2x2xf64>, !matrix.mat<2x2xf64>, !matrix.mat<2x2xf64>, !matrix.mat<2x2xf64>
}

// -----

// Inside an scf.for body: acc*X and X*acc merge (X is ordered first: defined
// before the block argument).
// CHECK-LABEL: func.func @loop(
// CHECK:         scf.for %i = %c0 to %n step %c1 iter_args(%acc = %X)
// CHECK-NEXT:      %t1 = matrix.mul %X, %acc : !matrix.mat<10x5xf64>
// CHECK-NEXT:      %s = matrix.add %t1, %t1 : !matrix.mat<10x5xf64>
// CHECK-NEXT:      scf.yield %s
func.func @loop(%X: !matrix.mat<10x5xf64>, %n: i64) -> !matrix.mat<10x5xf64> {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %X) -> (!matrix.mat<10x5xf64>) : i64 {
    %t1 = matrix.mul %acc, %X : !matrix.mat<10x5xf64>
    %t2 = matrix.mul %X, %acc : !matrix.mat<10x5xf64>
    %s = matrix.add %t1, %t2 : !matrix.mat<10x5xf64>
    scf.yield %s : !matrix.mat<10x5xf64>
  }
  func.return %r : !matrix.mat<10x5xf64>
}

// -----

// In the loop body, a duplicate of t(X) defined before the loop is replaced by
// it (the value dominates the body).
// CHECK-LABEL: func.func @loop_outer(
// CHECK:         %T = matrix.transpose %X
// CHECK:         scf.for
// CHECK-NOT:       matrix.transpose
// CHECK:           %Y = matrix.matmul %X, %acc
// CHECK-NEXT:      %P = matrix.matmul %T, %Y
func.func @loop_outer(%X: !matrix.mat<10x5xf64>, %n: i64) -> (!matrix.mat<5x10xf64>, !matrix.mat<5x5xf64>) {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %T = matrix.transpose %X : (!matrix.mat<10x5xf64>) -> !matrix.mat<5x10xf64>
  %S = matrix.matmul %T, %X : (!matrix.mat<5x10xf64>, !matrix.mat<10x5xf64>) -> !matrix.mat<5x5xf64>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %S) -> (!matrix.mat<5x5xf64>) : i64 {
    %U = matrix.transpose %X : (!matrix.mat<10x5xf64>) -> !matrix.mat<5x10xf64>
    %Y = matrix.matmul %X, %acc : (!matrix.mat<10x5xf64>, !matrix.mat<5x5xf64>) -> !matrix.mat<10x5xf64>
    %P = matrix.matmul %U, %Y : (!matrix.mat<5x10xf64>, !matrix.mat<10x5xf64>) -> !matrix.mat<5x5xf64>
    scf.yield %P : !matrix.mat<5x5xf64>
  }
  func.return %T, %r : !matrix.mat<5x10xf64>, !matrix.mat<5x5xf64>
}

// -----

// t(X) before the if replaces t(X) in both branches; the branches' t(t(X))
// do not merge with each other, nor does a neg in a branch with one after the if.
// CHECK-LABEL: func.func @regions(
// CHECK-NEXT:    %t = matrix.transpose %X
// CHECK-NEXT:    %r = scf.if %p
// CHECK-NEXT:      %v = matrix.transpose %t
// CHECK-NEXT:      %u = matrix.neg %v
// CHECK-NEXT:      scf.yield %u
// CHECK-NEXT:    } else {
// CHECK-NEXT:      %z = matrix.transpose %t
// CHECK-NEXT:      scf.yield %z
// CHECK-NEXT:    }
// CHECK-NEXT:    %q = matrix.neg %r
func.func @regions(%p: i1, %X: !matrix.mat<10x5xf64>) -> (!matrix.mat<5x10xf64>, !matrix.mat<10x5xf64>) {
  %t = matrix.transpose %X : (!matrix.mat<10x5xf64>) -> !matrix.mat<5x10xf64>
  %r = scf.if %p -> (!matrix.mat<10x5xf64>) {
    %w = matrix.transpose %X : (!matrix.mat<10x5xf64>) -> !matrix.mat<5x10xf64>
    %v = matrix.transpose %w : (!matrix.mat<5x10xf64>) -> !matrix.mat<10x5xf64>
    %u = matrix.neg %v : !matrix.mat<10x5xf64>
    scf.yield %u : !matrix.mat<10x5xf64>
  } else {
    %y = matrix.transpose %X : (!matrix.mat<10x5xf64>) -> !matrix.mat<5x10xf64>
    %z = matrix.transpose %y : (!matrix.mat<5x10xf64>) -> !matrix.mat<10x5xf64>
    scf.yield %z : !matrix.mat<10x5xf64>
  }
  %q = matrix.neg %r : !matrix.mat<10x5xf64>
  func.return %t, %q : !matrix.mat<5x10xf64>, !matrix.mat<10x5xf64>
}

// -----

// Prints and reads have effects: never merged, never dropped.
// CHECK-LABEL: func.func @effects(
// CHECK-NEXT:    matrix.print %X : !matrix.mat<2x2xf64>
// CHECK-NEXT:    matrix.print %X : !matrix.mat<2x2xf64>
// CHECK-NEXT:    %a = matrix.read {path = "x.npy", format = "npy"}
// CHECK-NEXT:    %b = matrix.read {path = "x.npy", format = "npy"}
// CHECK-NEXT:    %c = matrix.read {path = "x.npy", format = "npy"}
// CHECK-NEXT:    func.return %a, %b
func.func @effects(%X: !matrix.mat<2x2xf64>) -> (!matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>) {
  matrix.print %X : !matrix.mat<2x2xf64>
  matrix.print %X : !matrix.mat<2x2xf64>
  %a = matrix.read {path = "x.npy", format = "npy"} : () -> !matrix.mat<?x?xf64>
  %b = matrix.read {path = "x.npy", format = "npy"} : () -> !matrix.mat<?x?xf64>
  %c = matrix.read {path = "x.npy", format = "npy"} : () -> !matrix.mat<?x?xf64>
  func.return %a, %b : !matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>
}

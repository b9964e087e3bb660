// -O2 output is deterministic: byte-identical across two runs, across fixed
// hash seeds (PYTHONHASHSEED=0, 1, 12345) and with hash randomisation on (no
// PYTHONHASHSEED at all: lit sets one by default). The program exercises what
// could depend on set/dict order: cse with commutative operands, mmchain's DP
// ties, product chains with repeated factors, ipa over several functions,
// constant folding and rewrites inside loops and branches.

// RUN: amls-opt %s --split-input-file -O2 -o %t.1
// RUN: amls-opt %s --split-input-file -O2 -o %t.2
// RUN: env PYTHONHASHSEED=0 amls-opt %s --split-input-file -O2 -o %t.3
// RUN: env PYTHONHASHSEED=1 amls-opt %s --split-input-file -O2 -o %t.4
// RUN: env PYTHONHASHSEED=12345 amls-opt %s --split-input-file -O2 -o %t.5
// RUN: env -u PYTHONHASHSEED amls-opt %s --split-input-file -O2 -o %t.6
// RUN: diff %t.1 %t.2
// RUN: diff %t.1 %t.3
// RUN: diff %t.1 %t.4
// RUN: diff %t.1 %t.5
// RUN: diff %t.1 %t.6
// The output is a real optimised program (not empty, no error), and re-parses.
// RUN: filecheck %s < %t.1
// RUN: amls-opt %t.1 --split-input-file | filecheck %s
// CHECK-NOT: error
// CHECK-LABEL: func.func @main(
// CHECK:         phys.reduce local sum all %pi
// CHECK-LABEL: func.func @main(
// CHECK:         %q = phys.matmul local mm %A, %{{[0-9]+}}
// CHECK-LABEL: func.func @main(
// CHECK-NOT:     scf.if

func.func @main(%G: !matrix.mat<100000x100000xf64, nnz=1000000>, %p0: !matrix.mat<100000x1xf64>) -> !matrix.mat<100000x1xf64> {
  %alpha = arith.constant 0.85 : f64
  %one = arith.constant 1.0 : f64
  %n = arith.constant 100000 : i64
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %iters = arith.constant 20 : i64
  %nf = arith.sitofp %n : i64 to f64
  %inv_n = arith.divf %one, %nf : f64
  %e = matrix.fill %one, %n, %c1 : (f64, i64, i64) -> !matrix.mat<100000x1xf64>
  %u = matrix.fill %inv_n, %c1, %n : (f64, i64, i64) -> !matrix.mat<1x100000xf64>
  %beta = arith.subf %one, %alpha : f64
  %p = scf.for %i = %c0 to %iters step %c1 iter_args(%pi = %p0) -> (!matrix.mat<100000x1xf64>) : i64 {
    %Gp = matrix.matmul %G, %pi : (!matrix.mat<100000x100000xf64, nnz=1000000>, !matrix.mat<100000x1xf64>) -> !matrix.mat<100000x1xf64>
    %aGp = matrix.mul %alpha, %Gp : (f64, !matrix.mat<100000x1xf64>) -> !matrix.mat<100000x1xf64>
    %eu = matrix.matmul %e, %u : (!matrix.mat<100000x1xf64>, !matrix.mat<1x100000xf64>) -> !matrix.mat<100000x100000xf64>
    %eup = matrix.matmul %eu, %pi : (!matrix.mat<100000x100000xf64>, !matrix.mat<100000x1xf64>) -> !matrix.mat<100000x1xf64>
    %teleport = matrix.mul %beta, %eup : (f64, !matrix.mat<100000x1xf64>) -> !matrix.mat<100000x1xf64>
    %p2 = matrix.add %aGp, %teleport : !matrix.mat<100000x1xf64>
    scf.yield %p2 : !matrix.mat<100000x1xf64>
  }
  func.return %p : !matrix.mat<100000x1xf64>
}

// -----

func.func @scale(%X: !matrix.mat<?x?xf64>, %s: f64) -> !matrix.mat<?x?xf64> {
  %a = matrix.mul %X, %s : (!matrix.mat<?x?xf64>, f64) -> !matrix.mat<?x?xf64>
  %b = matrix.mul %s, %X : (f64, !matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>
  %c = matrix.add %a, %b : !matrix.mat<?x?xf64>
  func.return %c : !matrix.mat<?x?xf64>
}

func.func @main(%A: !matrix.mat<20x20xf64>, %B: !matrix.mat<20x20xf64>, %C: !matrix.mat<20x20xf64>, %v: !matrix.mat<20x1xf64>, %s: f64) -> (!matrix.mat<20x20xf64>, !matrix.mat<20x1xf64>, !matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>) {
  %BA = matrix.mul %B, %A : !matrix.mat<20x20xf64>
  %BAB = matrix.mul %BA, %B : !matrix.mat<20x20xf64>
  %AB2 = matrix.mul %A, %B : !matrix.mat<20x20xf64>
  %r = matrix.add %BAB, %AB2 : !matrix.mat<20x20xf64>
  %AB = matrix.matmul %A, %B : !matrix.mat<20x20xf64>
  %BC = matrix.matmul %AB, %C : !matrix.mat<20x20xf64>
  %q = matrix.matmul %BC, %v : (!matrix.mat<20x20xf64>, !matrix.mat<20x1xf64>) -> !matrix.mat<20x1xf64>
  %Ac = matrix.cast %A : (!matrix.mat<20x20xf64>) -> !matrix.mat<?x?xf64>
  %Bc = matrix.cast %B : (!matrix.mat<20x20xf64>) -> !matrix.mat<?x?xf64>
  %x = func.call @scale(%Ac, %s) : (!matrix.mat<?x?xf64>, f64) -> !matrix.mat<?x?xf64>
  %y = func.call @scale(%Bc, %s) : (!matrix.mat<?x?xf64>, f64) -> !matrix.mat<?x?xf64>
  func.return %r, %q, %x, %y : !matrix.mat<20x20xf64>, !matrix.mat<20x1xf64>, !matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>
}

// -----

func.func @main(%X: !matrix.mat<100x10xf64>, %y: !matrix.mat<100x1xf64>) -> (!matrix.mat<10x1xf64>, f64) {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %c5 = arith.constant 5 : i64
  %c10 = arith.constant 10 : i64
  %step = arith.constant 0.01 : f64
  %zero = arith.constant 0.0 : f64
  %w = matrix.fill %zero, %c10, %c1 : (f64, i64, i64) -> !matrix.mat<10x1xf64>
  %r = scf.for %i = %c0 to %c10 step %c1 iter_args(%wi = %w) -> (!matrix.mat<10x1xf64>) : i64 {
    %n = matrix.nrow %X : (!matrix.mat<100x10xf64>) -> i64
    %big = arith.cmpi sgt, %n, %c5 : i64
    %g = scf.if %big -> (!matrix.mat<10x1xf64>) {
      %Xt = matrix.transpose %X : (!matrix.mat<100x10xf64>) -> !matrix.mat<10x100xf64>
      %Xw = matrix.matmul %X, %wi : (!matrix.mat<100x10xf64>, !matrix.mat<10x1xf64>) -> !matrix.mat<100x1xf64>
      %res = matrix.sub %Xw, %y : !matrix.mat<100x1xf64>
      %gr = matrix.matmul %Xt, %res : (!matrix.mat<10x100xf64>, !matrix.mat<100x1xf64>) -> !matrix.mat<10x1xf64>
      scf.yield %gr : !matrix.mat<10x1xf64>
    } else {
      scf.yield %wi : !matrix.mat<10x1xf64>
    }
    %sg = matrix.mul %g, %step : (!matrix.mat<10x1xf64>, f64) -> !matrix.mat<10x1xf64>
    %wn = matrix.sub %wi, %sg : !matrix.mat<10x1xf64>
    scf.yield %wn : !matrix.mat<10x1xf64>
  }
  %two = arith.constant 2.0 : f64
  %sq = matrix.pow %r, %two : (!matrix.mat<10x1xf64>, f64) -> !matrix.mat<10x1xf64>
  %l = matrix.reduce sum all %sq : (!matrix.mat<10x1xf64>) -> f64
  func.return %r, %l : !matrix.mat<10x1xf64>, f64
}

// phys-opt, layout: a tall, narrow local matrix that a loop multiplies with vectors is
// stored column-major once before the loop (phys.colmajor); only those products read it.

// RUN: amls-opt %s --split-input-file -p phys-opt | filecheck %s
// RUN: amls-opt %s --split-input-file -p phys-opt | amls-opt --split-input-file -p phys-opt | filecheck %s

// A while loop (trip count unknown: 10 assumed) with X %*% v, t(X) %*% r and t(r) %*% X:
// one copy before the loop, read by the three products; the element-wise use keeps X.
// CHECK-LABEL: func.func @fires_while(
// CHECK:         %[[F:.*]] = phys.colmajor %X : !matrix.mat<100000x100xf64>
// CHECK-NEXT:    scf.while
// CHECK:           %q = phys.matmul local mm %[[F]], %v
// CHECK:           %g = phys.tmm local %[[F]], %q
// CHECK:           %h = phys.matmul local mm %qt, %[[F]]
// CHECK:           %e = phys.mul local %X, %X
// CHECK-NOT:     phys.colmajor

func.func @fires_while(%X: !matrix.mat<100000x100xf64>, %v0: !matrix.mat<100x1xf64>, %n: i64) -> !matrix.mat<100x1xf64> {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %r:2 = scf.while (%i = %c0, %v = %v0) : (i64, !matrix.mat<100x1xf64>) -> (i64, !matrix.mat<100x1xf64>) {
    %go = arith.cmpi slt, %i, %n : i64
    scf.condition(%go) %i, %v : i64, !matrix.mat<100x1xf64>
  } do {
  ^bb0(%i: i64, %v: !matrix.mat<100x1xf64>):
    %q = phys.matmul local mm %X, %v : (!matrix.mat<100000x100xf64>, !matrix.mat<100x1xf64>) -> !matrix.mat<100000x1xf64>
    %g = phys.tmm local %X, %q : (!matrix.mat<100000x100xf64>, !matrix.mat<100000x1xf64>) -> !matrix.mat<100x1xf64>
    %qt = phys.transpose local %q : (!matrix.mat<100000x1xf64>) -> !matrix.mat<1x100000xf64>
    %h = phys.matmul local mm %qt, %X : (!matrix.mat<1x100000xf64>, !matrix.mat<100000x100xf64>) -> !matrix.mat<1x100xf64>
    %e = phys.mul local %X, %X : !matrix.mat<100000x100xf64>
    %s = phys.reduce local sum all %e : (!matrix.mat<100000x100xf64>) -> f64
    %v2 = phys.mul local %g, %s : (!matrix.mat<100x1xf64>, f64) -> !matrix.mat<100x1xf64>
    %i2 = arith.addi %i, %c1 : i64
    scf.yield %i2, %v2 : i64, !matrix.mat<100x1xf64>
  }
  func.return %r#1 : !matrix.mat<100x1xf64>
}

// -----
// Nested for loops, 4 x 5 = 20 products: the copy goes before the outermost loop.
// CHECK-LABEL: func.func @fires_nested(
// CHECK:         %[[F:.*]] = phys.colmajor %X
// CHECK-NEXT:    scf.for %i
// CHECK:           scf.for %j
// CHECK:             phys.matmul local mm %[[F]], %w

func.func @fires_nested(%X: !matrix.mat<100000x20xf64>, %v0: !matrix.mat<20x1xf64>) -> !matrix.mat<20x1xf64> {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %c4 = arith.constant 4 : i64
  %c5 = arith.constant 5 : i64
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%v = %v0) -> (!matrix.mat<20x1xf64>) : i64 {
    %r2 = scf.for %j = %c0 to %c5 step %c1 iter_args(%w = %v) -> (!matrix.mat<20x1xf64>) : i64 {
      %q = phys.matmul local mm %X, %w : (!matrix.mat<100000x20xf64>, !matrix.mat<20x1xf64>) -> !matrix.mat<100000x1xf64>
      %g = phys.tmm local %X, %q : (!matrix.mat<100000x20xf64>, !matrix.mat<100000x1xf64>) -> !matrix.mat<20x1xf64>
      scf.yield %g : !matrix.mat<20x1xf64>
    }
    scf.yield %r2 : !matrix.mat<20x1xf64>
  }
  func.return %r : !matrix.mat<20x1xf64>
}

// -----
// Not where the copy does not pay: a loop of 3 trips runs 6 products (< 10); X wider
// than 512 columns; X of less than 4 MB; X not 32 times taller than wide; X of unknown
// rows; X defined in the loop; a product of two matrices; outside any loop; X of 80 GB
// (the copy would take more than a tenth of the machine's memory).
// CHECK-LABEL: func.func @no_fire(
// CHECK-NOT:     phys.colmajor

func.func @no_fire(%X: !matrix.mat<100000x100xf64>, %W: !matrix.mat<100000x600xf64>, %S: !matrix.mat<10000x10xf64>, %Q: !matrix.mat<20000x1000xf64>, %U: !matrix.mat<?x100xf64>, %B: !matrix.mat<100x3xf64>, %v0: !matrix.mat<100x1xf64>, %y: !matrix.mat<100000x1xf64>, %y2: !matrix.mat<10000x1xf64>, %y3: !matrix.mat<20000x1xf64>, %H: !matrix.mat<100000000x100xf64>) -> !matrix.mat<100x1xf64> {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %c3 = arith.constant 3 : i64
  %c20 = arith.constant 20 : i64
  %c100 = arith.constant 100 : i64
  %c100000 = arith.constant 100000 : i64
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%v = %v0) -> (!matrix.mat<100x1xf64>) : i64 {
    %q = phys.matmul local mm %X, %v : (!matrix.mat<100000x100xf64>, !matrix.mat<100x1xf64>) -> !matrix.mat<100000x1xf64>
    %g = phys.tmm local %X, %q : (!matrix.mat<100000x100xf64>, !matrix.mat<100000x1xf64>) -> !matrix.mat<100x1xf64>
    scf.yield %g : !matrix.mat<100x1xf64>
  }
  %r2 = scf.for %i = %c0 to %c20 step %c1 iter_args(%v = %r) -> (!matrix.mat<100x1xf64>) : i64 {
    %w1 = phys.tmm local %W, %y : (!matrix.mat<100000x600xf64>, !matrix.mat<100000x1xf64>) -> !matrix.mat<600x1xf64>
    %s1 = phys.tmm local %S, %y2 : (!matrix.mat<10000x10xf64>, !matrix.mat<10000x1xf64>) -> !matrix.mat<10x1xf64>
    %q1 = phys.tmm local %Q, %y3 : (!matrix.mat<20000x1000xf64>, !matrix.mat<20000x1xf64>) -> !matrix.mat<1000x1xf64>
    %u1 = phys.matmul local mm %U, %v : (!matrix.mat<?x100xf64>, !matrix.mat<100x1xf64>) -> !matrix.mat<?x1xf64>
    %Y = phys.rand local %c100000, %c100 {min = 0.0, max = 1.0, sparsity = 1.0, pdf = "uniform"} : (i64, i64) -> !matrix.mat<100000x100xf64>
    %y1 = phys.matmul local mm %Y, %v : (!matrix.mat<100000x100xf64>, !matrix.mat<100x1xf64>) -> !matrix.mat<100000x1xf64>
    %h1 = phys.matmul local mm %H, %v : (!matrix.mat<100000000x100xf64>, !matrix.mat<100x1xf64>) -> !matrix.mat<100000000x1xf64>
    %xb = phys.matmul local mm %X, %B : (!matrix.mat<100000x100xf64>, !matrix.mat<100x3xf64>) -> !matrix.mat<100000x3xf64>
    scf.yield %v : !matrix.mat<100x1xf64>
  }
  %out = phys.matmul local mm %X, %r2 : (!matrix.mat<100000x100xf64>, !matrix.mat<100x1xf64>) -> !matrix.mat<100000x1xf64>
  %g2 = phys.tmm local %X, %out : (!matrix.mat<100000x100xf64>, !matrix.mat<100000x1xf64>) -> !matrix.mat<100x1xf64>
  func.return %g2 : !matrix.mat<100x1xf64>
}

// -----
// X made by a local cbind (an intercept column): the cbind writes X column-major itself,
// marked {phys.colmajor}; no copy op, and the products read X.
// CHECK-LABEL: func.func @fires_cbind(
// CHECK:         %X = phys.cbind local %X0, %ones {phys.colmajor = unit}
// CHECK-NOT:     phys.colmajor %
// CHECK:           phys.matmul local mm %X, %v
// CHECK:           phys.tmm local %X, %q

func.func @fires_cbind(%X0: !matrix.mat<100000x100xf64>, %ones: !matrix.mat<100000x1xf64>, %v0: !matrix.mat<101x1xf64>) -> !matrix.mat<101x1xf64> {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %c20 = arith.constant 20 : i64
  %X = phys.cbind local %X0, %ones : (!matrix.mat<100000x100xf64>, !matrix.mat<100000x1xf64>) -> !matrix.mat<100000x101xf64>
  %r = scf.for %i = %c0 to %c20 step %c1 iter_args(%v = %v0) -> (!matrix.mat<101x1xf64>) : i64 {
    %q = phys.matmul local mm %X, %v : (!matrix.mat<100000x101xf64>, !matrix.mat<101x1xf64>) -> !matrix.mat<100000x1xf64>
    %g = phys.tmm local %X, %q : (!matrix.mat<100000x101xf64>, !matrix.mat<100000x1xf64>) -> !matrix.mat<101x1xf64>
    scf.yield %g : !matrix.mat<101x1xf64>
  }
  func.return %r : !matrix.mat<101x1xf64>
}

// simplify-static rule `order-sorted`: order of an input already in order. seq(a, b, s)
// with a literal s > 0 is strictly increasing: its ascending order is itself, its index
// seq(0, n-1) (descending: n-1 down to 0); a fill's rows are all equal, so the stable order
// keeps them (values: the fill, index: seq(0, n-1)). Not a descending order of the values,
// not a seq with a negative step, not the index of a fill of unknown rows (0 rows).

// RUN: amls-opt %s --split-input-file -p simplify-static --rewrite-trace 2>&1 | filecheck %s
// The output re-parses and a second run has nothing left to rewrite.
// RUN: amls-opt %s --split-input-file -p simplify-static | amls-opt --split-input-file -p simplify-static --rewrite-trace 2>&1 | filecheck %s --check-prefix=AGAIN
// AGAIN-NOT: rewrite:
// AGAIN-NOT: error

// CHECK:       rewrite: order-sorted at
// CHECK-NEXT:  rewrite: order-sorted at
// CHECK-NEXT:  rewrite: order-sorted at
// CHECK-NEXT:  rewrite: order-sorted at
// CHECK-NEXT:  rewrite: order-sorted at
// CHECK-NEXT:  rewrite-count: order-sorted 5
// CHECK-LABEL: func.func @fires(
// CHECK-NEXT:    %one = arith.constant 1.000000e+00 : f64
// CHECK-NEXT:    %Q = matrix.seq %one, %n, %one : (f64, f64, f64) -> !matrix.mat<?x1xf64>
// CHECK-NEXT:    %0 = matrix.nrow %Q : (!matrix.mat<?x1xf64>) -> i64
// CHECK-NEXT:    %1 = arith.constant 1 : i64
// CHECK-NEXT:    %2 = arith.subi %0, %1 : i64
// CHECK-NEXT:    %3 = arith.sitofp %2 : i64 to f64
// CHECK-NEXT:    %4 = arith.constant 0.000000e+00 : f64
// CHECK-NEXT:    %5 = arith.constant 1.000000e+00 : f64
// CHECK-NEXT:    %i = matrix.seq %4, %3, %5 : (f64, f64, f64) -> !matrix.mat<?x1xf64>
// CHECK-NEXT:    %6 = matrix.nrow %Q : (!matrix.mat<?x1xf64>) -> i64
// CHECK-NEXT:    %7 = arith.constant 1 : i64
// CHECK-NEXT:    %8 = arith.subi %6, %7 : i64
// CHECK-NEXT:    %9 = arith.sitofp %8 : i64 to f64
// CHECK-NEXT:    %10 = arith.constant 0.000000e+00 : f64
// CHECK-NEXT:    %11 = arith.constant -1.000000e+00 : f64
// CHECK-NEXT:    %d = matrix.seq %9, %10, %11 : (f64, f64, f64) -> !matrix.mat<?x1xf64>
// CHECK-NEXT:    %c = arith.constant 3.000000e+00 : f64
// CHECK-NEXT:    %r = arith.constant 4 : i64
// CHECK-NEXT:    %k = arith.constant 2 : i64
// CHECK-NEXT:    %F = matrix.fill %c, %r, %k : (f64, i64, i64) -> !matrix.mat<4x2xf64>
// CHECK-NEXT:    %12 = matrix.nrow %F : (!matrix.mat<4x2xf64>) -> i64
// CHECK-NEXT:    %13 = arith.constant 1 : i64
// CHECK-NEXT:    %14 = arith.subi %12, %13 : i64
// CHECK-NEXT:    %15 = arith.sitofp %14 : i64 to f64
// CHECK-NEXT:    %16 = arith.constant 0.000000e+00 : f64
// CHECK-NEXT:    %17 = arith.constant 1.000000e+00 : f64
// CHECK-NEXT:    %g = matrix.seq %16, %15, %17 : (f64, f64, f64) -> !matrix.mat<4x1xf64>
// CHECK-NEXT:    func.return %Q, %i, %d, %F, %g : !matrix.mat<?x1xf64>, !matrix.mat<?x1xf64>, !matrix.mat<?x1xf64>, !matrix.mat<4x2xf64>, !matrix.mat<4x1xf64>
// CHECK-NEXT:  }
func.func @fires(%n: f64) -> (!matrix.mat<?x1xf64>, !matrix.mat<?x1xf64>, !matrix.mat<?x1xf64>, !matrix.mat<4x2xf64>, !matrix.mat<4x1xf64>) {
  %one = arith.constant 1.0 : f64
  %by = arith.constant 0 : i64
  %Q = matrix.seq %one, %n, %one : (f64, f64, f64) -> !matrix.mat<?x1xf64>
  %a = matrix.order %Q, %by : (!matrix.mat<?x1xf64>, i64) -> !matrix.mat<?x1xf64>
  %i = matrix.order %Q, %by {index_return = true} : (!matrix.mat<?x1xf64>, i64) -> !matrix.mat<?x1xf64>
  %d = matrix.order %Q, %by {decreasing = true, index_return = true} : (!matrix.mat<?x1xf64>, i64) -> !matrix.mat<?x1xf64>
  %c = arith.constant 3.0 : f64
  %r = arith.constant 4 : i64
  %k = arith.constant 2 : i64
  %F = matrix.fill %c, %r, %k : (f64, i64, i64) -> !matrix.mat<4x2xf64>
  %f = matrix.order %F, %by {decreasing = true} : (!matrix.mat<4x2xf64>, i64) -> !matrix.mat<4x2xf64>
  %g = matrix.order %F, %by {decreasing = true, index_return = true} : (!matrix.mat<4x2xf64>, i64) -> !matrix.mat<4x1xf64>
  func.return %a, %i, %d, %f, %g : !matrix.mat<?x1xf64>, !matrix.mat<?x1xf64>, !matrix.mat<?x1xf64>, !matrix.mat<4x2xf64>, !matrix.mat<4x1xf64>
}

// -----

// CHECK-NOT:   rewrite:
// CHECK-LABEL: func.func @declines(
// CHECK-NEXT:    %one = arith.constant 1.000000e+00 : f64
// CHECK-NEXT:    %m = arith.constant -1.000000e+00 : f64
// CHECK-NEXT:    %by = arith.constant 0 : i64
// CHECK-NEXT:    %Q = matrix.seq %one, %n, %one : (f64, f64, f64) -> !matrix.mat<?x1xf64>
// CHECK-NEXT:    %d = matrix.order %Q, %by {decreasing = true} : (!matrix.mat<?x1xf64>, i64) -> !matrix.mat<?x1xf64>
// CHECK-NEXT:    %P = matrix.seq %n, %one, %m : (f64, f64, f64) -> !matrix.mat<?x1xf64>
// CHECK-NEXT:    %p = matrix.order %P, %by : (!matrix.mat<?x1xf64>, i64) -> !matrix.mat<?x1xf64>
// CHECK-NEXT:    %F = matrix.fill %one, %r, %r : (f64, i64, i64) -> !matrix.mat<?x?xf64>
// CHECK-NEXT:    %f = matrix.order %F, %by {index_return = true} : (!matrix.mat<?x?xf64>, i64) -> !matrix.mat<?x1xf64>
// CHECK-NEXT:    func.return %d, %p, %f : !matrix.mat<?x1xf64>, !matrix.mat<?x1xf64>, !matrix.mat<?x1xf64>
// CHECK-NEXT:  }
func.func @declines(%n: f64, %st: f64, %r: i64) -> (!matrix.mat<?x1xf64>, !matrix.mat<?x1xf64>, !matrix.mat<?x1xf64>) {
  %one = arith.constant 1.0 : f64
  %m = arith.constant -1.0 : f64
  %by = arith.constant 0 : i64
  %Q = matrix.seq %one, %n, %one : (f64, f64, f64) -> !matrix.mat<?x1xf64>
  %d = matrix.order %Q, %by {decreasing = true} : (!matrix.mat<?x1xf64>, i64) -> !matrix.mat<?x1xf64>
  %P = matrix.seq %n, %one, %m : (f64, f64, f64) -> !matrix.mat<?x1xf64>
  %p = matrix.order %P, %by : (!matrix.mat<?x1xf64>, i64) -> !matrix.mat<?x1xf64>
  %F = matrix.fill %one, %r, %r : (f64, i64, i64) -> !matrix.mat<?x?xf64>
  %f = matrix.order %F, %by {index_return = true} : (!matrix.mat<?x?xf64>, i64) -> !matrix.mat<?x1xf64>
  func.return %d, %p, %f : !matrix.mat<?x1xf64>, !matrix.mat<?x1xf64>, !matrix.mat<?x1xf64>
}

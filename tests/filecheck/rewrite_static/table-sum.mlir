// simplify-static rule `table-sum`: sum(table(A, B)) with unit weights -> length(A), one
// count per cell. Not with other weights, not with output dims (cells outside them are
// dropped).

// RUN: amls-opt %s --split-input-file -p simplify-static --rewrite-trace 2>&1 | filecheck %s
// The output re-parses and a second run has nothing left to rewrite.
// RUN: amls-opt %s --split-input-file -p simplify-static | amls-opt --split-input-file -p simplify-static --rewrite-trace 2>&1 | filecheck %s --check-prefix=AGAIN
// AGAIN-NOT: rewrite:
// AGAIN-NOT: error

// CHECK:       rewrite: table-sum at
// CHECK-NEXT:  rewrite: table-sum at
// CHECK-NEXT:  rewrite-count: table-sum 2
// CHECK-LABEL: func.func @fires(
// CHECK-NEXT:    %0 = matrix.nrow %A : (!matrix.mat<?x1xf64>) -> i64
// CHECK-NEXT:    %1 = matrix.ncol %A : (!matrix.mat<?x1xf64>) -> i64
// CHECK-NEXT:    %2 = arith.muli %0, %1 : i64
// CHECK-NEXT:    %s = arith.sitofp %2 : i64 to f64
// CHECK-NEXT:    %3 = matrix.nrow %A : (!matrix.mat<?x1xf64>) -> i64
// CHECK-NEXT:    %4 = matrix.ncol %A : (!matrix.mat<?x1xf64>) -> i64
// CHECK-NEXT:    %5 = arith.muli %3, %4 : i64
// CHECK-NEXT:    %t = arith.sitofp %5 : i64 to f64
// CHECK-NEXT:    func.return %s, %t : f64, f64
// CHECK-NEXT:  }
func.func @fires(%A: !matrix.mat<?x1xf64>, %B: !matrix.mat<?x1xf64>) -> (f64, f64) {
  %one = arith.constant 1.0 : f64
  %T = matrix.table %A, %B, %one : (!matrix.mat<?x1xf64>, !matrix.mat<?x1xf64>, f64) -> !matrix.mat<?x?xf64>
  %s = matrix.reduce sum all %T : (!matrix.mat<?x?xf64>) -> f64
  %U = matrix.table %A, %one, %one : (!matrix.mat<?x1xf64>, f64, f64) -> !matrix.mat<?x?xf64>
  %t = matrix.reduce sum all %U : (!matrix.mat<?x?xf64>) -> f64
  func.return %s, %t : f64, f64
}

// -----

// CHECK-NOT:   rewrite:
// CHECK-LABEL: func.func @declines(
// CHECK-NEXT:    %one = arith.constant 1.000000e+00 : f64
// CHECK-NEXT:    %two = arith.constant 2.000000e+00 : f64
// CHECK-NEXT:    %n = arith.constant 2 : i64
// CHECK-NEXT:    %T = matrix.table %A, %B, %two : (!matrix.mat<?x1xf64>, !matrix.mat<?x1xf64>, f64) -> !matrix.mat<?x?xf64>
// CHECK-NEXT:    %s = matrix.reduce sum all %T : (!matrix.mat<?x?xf64>) -> f64
// CHECK-NEXT:    %U = matrix.table %A, %B, %one, %n, %n : (!matrix.mat<?x1xf64>, !matrix.mat<?x1xf64>, f64, i64, i64) -> !matrix.mat<2x2xf64>
// CHECK-NEXT:    %t = matrix.reduce sum all %U : (!matrix.mat<2x2xf64>) -> f64
// CHECK-NEXT:    %V = matrix.table %A, %B, %W : (!matrix.mat<?x1xf64>, !matrix.mat<?x1xf64>, !matrix.mat<?x1xf64>) -> !matrix.mat<?x?xf64>
// CHECK-NEXT:    %u = matrix.reduce sum all %V : (!matrix.mat<?x?xf64>) -> f64
// CHECK-NEXT:    func.return %s, %t, %u : f64, f64, f64
// CHECK-NEXT:  }
func.func @declines(%A: !matrix.mat<?x1xf64>, %B: !matrix.mat<?x1xf64>, %W: !matrix.mat<?x1xf64>) -> (f64, f64, f64) {
  %one = arith.constant 1.0 : f64
  %two = arith.constant 2.0 : f64
  %n = arith.constant 2 : i64
  %T = matrix.table %A, %B, %two : (!matrix.mat<?x1xf64>, !matrix.mat<?x1xf64>, f64) -> !matrix.mat<?x?xf64>
  %s = matrix.reduce sum all %T : (!matrix.mat<?x?xf64>) -> f64
  %U = matrix.table %A, %B, %one, %n, %n : (!matrix.mat<?x1xf64>, !matrix.mat<?x1xf64>, f64, i64, i64) -> !matrix.mat<2x2xf64>
  %t = matrix.reduce sum all %U : (!matrix.mat<2x2xf64>) -> f64
  %V = matrix.table %A, %B, %W : (!matrix.mat<?x1xf64>, !matrix.mat<?x1xf64>, !matrix.mat<?x1xf64>) -> !matrix.mat<?x?xf64>
  %u = matrix.reduce sum all %V : (!matrix.mat<?x?xf64>) -> f64
  func.return %s, %t, %u : f64, f64, f64
}

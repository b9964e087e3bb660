// simplify-static rule `table-const-inputs`: table(A, fill(c), fill(w)) -> table(A, c, w)
// when the fill has A's shape (with or without output dims). Not when the fill's shape is
// not known to be A's.

// RUN: amls-opt %s --split-input-file -p simplify-static --rewrite-trace 2>&1 | filecheck %s
// The output re-parses and a second run has nothing left to rewrite.
// RUN: amls-opt %s --split-input-file -p simplify-static | amls-opt --split-input-file -p simplify-static --rewrite-trace 2>&1 | filecheck %s --check-prefix=AGAIN
// AGAIN-NOT: rewrite:
// AGAIN-NOT: error

// CHECK:       rewrite: table-const-inputs at
// CHECK-NEXT:  rewrite: table-const-inputs at
// CHECK-NEXT:  rewrite: table-const-inputs at
// CHECK-NEXT:  rewrite-count: table-const-inputs 3
// CHECK-LABEL: func.func @fires(
// CHECK-NEXT:    %c = arith.constant 2.000000e+00 : f64
// CHECK-NEXT:    %w = arith.constant 5.000000e-01 : f64
// CHECK-NEXT:    %r3 = arith.constant 3 : i64
// CHECK-NEXT:    %c2 = arith.constant 2 : i64
// CHECK-NEXT:    %T = matrix.table %A, %c, %w : (!matrix.mat<5x1xf64>, f64, f64) -> !matrix.mat<?x?xf64>
// CHECK-NEXT:    %U = matrix.table %A, %B, %w, %r3, %c2 : (!matrix.mat<5x1xf64>, !matrix.mat<5x1xf64>, f64, i64, i64) -> !matrix.mat<3x2xf64>
// CHECK-NEXT:    func.return %T, %U : !matrix.mat<?x?xf64>, !matrix.mat<3x2xf64>
// CHECK-NEXT:  }
func.func @fires(%A: !matrix.mat<5x1xf64>, %B: !matrix.mat<5x1xf64>) -> (!matrix.mat<?x?xf64>, !matrix.mat<3x2xf64>) {
  %c = arith.constant 2.0 : f64
  %w = arith.constant 0.5 : f64
  %n = arith.constant 5 : i64
  %k = arith.constant 1 : i64
  %r3 = arith.constant 3 : i64
  %c2 = arith.constant 2 : i64
  %F = matrix.fill %c, %n, %k : (f64, i64, i64) -> !matrix.mat<5x1xf64>
  %G = matrix.fill %w, %n, %k : (f64, i64, i64) -> !matrix.mat<5x1xf64>
  %T = matrix.table %A, %F, %G : (!matrix.mat<5x1xf64>, !matrix.mat<5x1xf64>, !matrix.mat<5x1xf64>) -> !matrix.mat<?x?xf64>
  %U = matrix.table %A, %B, %G, %r3, %c2 : (!matrix.mat<5x1xf64>, !matrix.mat<5x1xf64>, !matrix.mat<5x1xf64>, i64, i64) -> !matrix.mat<3x2xf64>
  func.return %T, %U : !matrix.mat<?x?xf64>, !matrix.mat<3x2xf64>
}

// -----

// CHECK-NOT:   rewrite:
// CHECK-LABEL: func.func @declines(
// CHECK-NEXT:    %w = arith.constant 5.000000e-01 : f64
// CHECK-NEXT:    %n = arith.constant 5 : i64
// CHECK-NEXT:    %k = arith.constant 1 : i64
// CHECK-NEXT:    %G = matrix.fill %w, %n, %k : (f64, i64, i64) -> !matrix.mat<5x1xf64>
// CHECK-NEXT:    %Gc = matrix.cast %G : (!matrix.mat<5x1xf64>) -> !matrix.mat<?x1xf64>
// CHECK-NEXT:    %T = matrix.table %A, %B, %Gc : (!matrix.mat<?x1xf64>, !matrix.mat<?x1xf64>, !matrix.mat<?x1xf64>) -> !matrix.mat<?x?xf64>
// CHECK-NEXT:    func.return %T : !matrix.mat<?x?xf64>
// CHECK-NEXT:  }
func.func @declines(%A: !matrix.mat<?x1xf64>, %B: !matrix.mat<?x1xf64>) -> !matrix.mat<?x?xf64> {
  %w = arith.constant 0.5 : f64
  %n = arith.constant 5 : i64
  %k = arith.constant 1 : i64
  %G = matrix.fill %w, %n, %k : (f64, i64, i64) -> !matrix.mat<5x1xf64>
  %Gc = matrix.cast %G : (!matrix.mat<5x1xf64>) -> !matrix.mat<?x1xf64>
  %T = matrix.table %A, %B, %Gc : (!matrix.mat<?x1xf64>, !matrix.mat<?x1xf64>, !matrix.mat<?x1xf64>) -> !matrix.mat<?x?xf64>
  func.return %T : !matrix.mat<?x?xf64>
}

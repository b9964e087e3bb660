// simplify-dynamic rule `identity-mm`: X%*%y -> X when y = fill(1, 1, 1). A 1x1
// fill of another value is scalar-mm's (X * 2), a fill of unknown dims stays,
// and the rule is for the right operand only (a left 1x1 is scalar-mm's).

// RUN: amls-opt %s --split-input-file -p simplify-dynamic --rewrite-trace 2>&1 | filecheck %s
// The output re-parses and a second run has nothing left to rewrite.
// RUN: amls-opt %s --split-input-file -p simplify-dynamic | amls-opt --split-input-file -p simplify-dynamic --rewrite-trace 2>&1 | filecheck %s --check-prefix=AGAIN
// AGAIN-NOT: rewrite:
// AGAIN-NOT: error

// CHECK:       rewrite: identity-mm at {{.*}}identity-mm.mlir:{{[0-9]+}}:3
// CHECK-NEXT:  rewrite-count: identity-mm 1
// CHECK-LABEL: func.func @ident(
// CHECK-NOT:     matrix.matmul
// CHECK:         func.return %X : !matrix.mat<10x1xf64>
func.func @ident(%X: !matrix.mat<10x1xf64>) -> !matrix.mat<10x1xf64> {
  %one = arith.constant 1.0 : f64
  %c1 = arith.constant 1 : i64
  %y = matrix.fill %one, %c1, %c1 : (f64, i64, i64) -> !matrix.mat<1x1xf64>
  %P = matrix.matmul %X, %y : (!matrix.mat<10x1xf64>, !matrix.mat<1x1xf64>) -> !matrix.mat<10x1xf64>
  func.return %P : !matrix.mat<10x1xf64>
}

// -----

// fill(2, 1, 1): not the identity; scalar-mm makes it X * 2.
// CHECK-NOT:   rewrite: identity-mm
// CHECK:       rewrite: scalar-mm at
// CHECK-NEXT:  rewrite-count: scalar-mm 1
// CHECK-LABEL: func.func @not_one(
// CHECK:         %[[S:.*]] = matrix.to_scalar %y : (!matrix.mat<1x1xf64>) -> f64
// CHECK-NEXT:    %P = matrix.mul %X, %[[S]] : (!matrix.mat<10x1xf64>, f64) -> !matrix.mat<10x1xf64>
func.func @not_one(%X: !matrix.mat<10x1xf64>) -> !matrix.mat<10x1xf64> {
  %two = arith.constant 2.0 : f64
  %c1 = arith.constant 1 : i64
  %y = matrix.fill %two, %c1, %c1 : (f64, i64, i64) -> !matrix.mat<1x1xf64>
  %P = matrix.matmul %X, %y : (!matrix.mat<10x1xf64>, !matrix.mat<1x1xf64>) -> !matrix.mat<10x1xf64>
  func.return %P : !matrix.mat<10x1xf64>
}

// -----

// fill(1, r, r) with r known only at run time: not known to be 1x1.
// CHECK-NOT:   rewrite:
// CHECK-LABEL: func.func @unknown(
// CHECK:         %P = matrix.matmul %X, %y
func.func @unknown(%X: !matrix.mat<10x?xf64>, %r: i64) -> !matrix.mat<10x?xf64> {
  %one = arith.constant 1.0 : f64
  %y = matrix.fill %one, %r, %r : (f64, i64, i64) -> !matrix.mat<?x?xf64>
  %P = matrix.matmul %X, %y : (!matrix.mat<10x?xf64>, !matrix.mat<?x?xf64>) -> !matrix.mat<10x?xf64>
  func.return %P : !matrix.mat<10x?xf64>
}

// -----

// fill(1, 1, 1) on the left: scalar-mm (1 * u), not identity-mm.
// CHECK-NOT:   rewrite: identity-mm
// CHECK:       rewrite: scalar-mm at
// CHECK-NEXT:  rewrite-count: scalar-mm 1
// CHECK-LABEL: func.func @left(
// CHECK:         %P = matrix.mul %{{.*}}, %u : (f64, !matrix.mat<1x5xf64>) -> !matrix.mat<1x5xf64>
func.func @left(%u: !matrix.mat<1x5xf64>) -> !matrix.mat<1x5xf64> {
  %one = arith.constant 1.0 : f64
  %c1 = arith.constant 1 : i64
  %y = matrix.fill %one, %c1, %c1 : (f64, i64, i64) -> !matrix.mat<1x1xf64>
  %P = matrix.matmul %y, %u : (!matrix.mat<1x1xf64>, !matrix.mat<1x5xf64>) -> !matrix.mat<1x5xf64>
  func.return %P : !matrix.mat<1x5xf64>
}

// -----

// X of unknown width: X%*%fill(1,1,1) is X only where X has one column (not provable).
// CHECK-NOT:   rewrite:
// CHECK-LABEL: func.func @unproven(
// CHECK:         %P = matrix.matmul %X, %y :
func.func @unproven(%X: !matrix.mat<10x?xf64>) -> !matrix.mat<10x1xf64> {
  %one = arith.constant 1.0 : f64
  %c1 = arith.constant 1 : i64
  %y = matrix.fill %one, %c1, %c1 : (f64, i64, i64) -> !matrix.mat<1x1xf64>
  %P = matrix.matmul %X, %y : (!matrix.mat<10x?xf64>, !matrix.mat<1x1xf64>) -> !matrix.mat<10x1xf64>
  func.return %P : !matrix.mat<10x1xf64>
}

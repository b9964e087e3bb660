// Rule rowsums-of-transpose (passes/rewrite/rules_static.py): rowAgg(t(X)) -> t(colAgg(X)) and
// colAgg(t(X)) -> t(rowAgg(X)) for agg in sum, mean, min, max, sumsq (not argmin/argmax).
// Numbers before/after the rewrite: @num_rowsums_of_transpose in numerics.mlir.
//
// RUN: amls-opt %s --split-input-file -p simplify-static --rewrite-trace 2>&1 | filecheck %s --check-prefixes=CHECK,TRACE
// RUN: amls-opt %s --split-input-file -p simplify-static | amls-opt --split-input-file | filecheck %s
// RUN: amls-opt %s --split-input-file -p simplify-static | amls-opt --split-input-file -p simplify-static --rewrite-trace 2>&1 | filecheck %s --check-prefix=AGAIN
// AGAIN-NOT: rewrite:
// AGAIN-NOT: error

// TRACE:       rewrite: rowsums-of-transpose at {{.*}}rowsums-of-transpose.mlir:[[# @LINE + 20]]:3
// TRACE:       rewrite: rowsums-of-transpose at {{.*}}rowsums-of-transpose.mlir:[[# @LINE + 20]]:3
// TRACE:       rewrite: rowsums-of-transpose at {{.*}}rowsums-of-transpose.mlir:[[# @LINE + 20]]:3
// TRACE:       rewrite: rowsums-of-transpose at {{.*}}rowsums-of-transpose.mlir:[[# @LINE + 20]]:3
// TRACE:       rewrite: rowsums-of-transpose at {{.*}}rowsums-of-transpose.mlir:[[# @LINE + 20]]:3
// CHECK-LABEL: func.func @rowagg_t(
// CHECK-NOT:     matrix.reduce {{.*}} %t
// CHECK:         %[[SUM:.*]] = matrix.reduce sum col %X : (!matrix.mat<3x4xf64>) -> !matrix.mat<1x4xf64>
// CHECK-NEXT:    %sum = matrix.transpose %[[SUM]] : (!matrix.mat<1x4xf64>) -> !matrix.mat<4x1xf64>
// CHECK:         %[[MEAN:.*]] = matrix.reduce mean col %X : (!matrix.mat<3x4xf64>) -> !matrix.mat<1x4xf64>
// CHECK-NEXT:    %mean = matrix.transpose %[[MEAN]] : (!matrix.mat<1x4xf64>) -> !matrix.mat<4x1xf64>
// CHECK:         %[[MIN:.*]] = matrix.reduce min col %X : (!matrix.mat<3x4xf64>) -> !matrix.mat<1x4xf64>
// CHECK-NEXT:    %min = matrix.transpose %[[MIN]] : (!matrix.mat<1x4xf64>) -> !matrix.mat<4x1xf64>
// CHECK:         %[[MAX:.*]] = matrix.reduce max col %X : (!matrix.mat<3x4xf64>) -> !matrix.mat<1x4xf64>
// CHECK-NEXT:    %max = matrix.transpose %[[MAX]] : (!matrix.mat<1x4xf64>) -> !matrix.mat<4x1xf64>
// CHECK:         %[[SUMSQ:.*]] = matrix.reduce sumsq col %X : (!matrix.mat<3x4xf64>) -> !matrix.mat<1x4xf64>
// CHECK-NEXT:    %sumsq = matrix.transpose %[[SUMSQ]] : (!matrix.mat<1x4xf64>) -> !matrix.mat<4x1xf64>
// CHECK-NEXT:    func.return
func.func @rowagg_t(%X: !matrix.mat<3x4xf64>) -> (!matrix.mat<4x1xf64>, !matrix.mat<4x1xf64>, !matrix.mat<4x1xf64>, !matrix.mat<4x1xf64>, !matrix.mat<4x1xf64>) {
  %t = matrix.transpose %X : (!matrix.mat<3x4xf64>) -> !matrix.mat<4x3xf64>
  %sum = matrix.reduce sum row %t : (!matrix.mat<4x3xf64>) -> !matrix.mat<4x1xf64>
  %mean = matrix.reduce mean row %t : (!matrix.mat<4x3xf64>) -> !matrix.mat<4x1xf64>
  %min = matrix.reduce min row %t : (!matrix.mat<4x3xf64>) -> !matrix.mat<4x1xf64>
  %max = matrix.reduce max row %t : (!matrix.mat<4x3xf64>) -> !matrix.mat<4x1xf64>
  %sumsq = matrix.reduce sumsq row %t : (!matrix.mat<4x3xf64>) -> !matrix.mat<4x1xf64>
  func.return %sum, %mean, %min, %max, %sumsq : !matrix.mat<4x1xf64>, !matrix.mat<4x1xf64>, !matrix.mat<4x1xf64>, !matrix.mat<4x1xf64>, !matrix.mat<4x1xf64>
}

// -----

// TRACE:       rewrite: rowsums-of-transpose at {{.*}}rowsums-of-transpose.mlir:[[# @LINE + 20]]:3
// TRACE:       rewrite: rowsums-of-transpose at {{.*}}rowsums-of-transpose.mlir:[[# @LINE + 20]]:3
// TRACE:       rewrite: rowsums-of-transpose at {{.*}}rowsums-of-transpose.mlir:[[# @LINE + 20]]:3
// TRACE:       rewrite: rowsums-of-transpose at {{.*}}rowsums-of-transpose.mlir:[[# @LINE + 20]]:3
// TRACE:       rewrite: rowsums-of-transpose at {{.*}}rowsums-of-transpose.mlir:[[# @LINE + 20]]:3
// CHECK-LABEL: func.func @colagg_t(
// CHECK-NOT:     matrix.reduce {{.*}} %t
// CHECK:         %[[SUM:.*]] = matrix.reduce sum row %X : (!matrix.mat<3x4xf64>) -> !matrix.mat<3x1xf64>
// CHECK-NEXT:    %sum = matrix.transpose %[[SUM]] : (!matrix.mat<3x1xf64>) -> !matrix.mat<1x3xf64>
// CHECK:         %[[MEAN:.*]] = matrix.reduce mean row %X : (!matrix.mat<3x4xf64>) -> !matrix.mat<3x1xf64>
// CHECK-NEXT:    %mean = matrix.transpose %[[MEAN]] : (!matrix.mat<3x1xf64>) -> !matrix.mat<1x3xf64>
// CHECK:         %[[MIN:.*]] = matrix.reduce min row %X : (!matrix.mat<3x4xf64>) -> !matrix.mat<3x1xf64>
// CHECK-NEXT:    %min = matrix.transpose %[[MIN]] : (!matrix.mat<3x1xf64>) -> !matrix.mat<1x3xf64>
// CHECK:         %[[MAX:.*]] = matrix.reduce max row %X : (!matrix.mat<3x4xf64>) -> !matrix.mat<3x1xf64>
// CHECK-NEXT:    %max = matrix.transpose %[[MAX]] : (!matrix.mat<3x1xf64>) -> !matrix.mat<1x3xf64>
// CHECK:         %[[SUMSQ:.*]] = matrix.reduce sumsq row %X : (!matrix.mat<3x4xf64>) -> !matrix.mat<3x1xf64>
// CHECK-NEXT:    %sumsq = matrix.transpose %[[SUMSQ]] : (!matrix.mat<3x1xf64>) -> !matrix.mat<1x3xf64>
// CHECK-NEXT:    func.return
func.func @colagg_t(%X: !matrix.mat<3x4xf64>) -> (!matrix.mat<1x3xf64>, !matrix.mat<1x3xf64>, !matrix.mat<1x3xf64>, !matrix.mat<1x3xf64>, !matrix.mat<1x3xf64>) {
  %t = matrix.transpose %X : (!matrix.mat<3x4xf64>) -> !matrix.mat<4x3xf64>
  %sum = matrix.reduce sum col %t : (!matrix.mat<4x3xf64>) -> !matrix.mat<1x3xf64>
  %mean = matrix.reduce mean col %t : (!matrix.mat<4x3xf64>) -> !matrix.mat<1x3xf64>
  %min = matrix.reduce min col %t : (!matrix.mat<4x3xf64>) -> !matrix.mat<1x3xf64>
  %max = matrix.reduce max col %t : (!matrix.mat<4x3xf64>) -> !matrix.mat<1x3xf64>
  %sumsq = matrix.reduce sumsq col %t : (!matrix.mat<4x3xf64>) -> !matrix.mat<1x3xf64>
  func.return %sum, %mean, %min, %max, %sumsq : !matrix.mat<1x3xf64>, !matrix.mat<1x3xf64>, !matrix.mat<1x3xf64>, !matrix.mat<1x3xf64>, !matrix.mat<1x3xf64>
}

// -----

// argmin/argmax are not in the rule; a full aggregate is agg-of-transpose's.
// TRACE-NOT:   rewrite: rowsums-of-transpose
// CHECK-LABEL: func.func @not_rowsums(
// CHECK:         %t = matrix.transpose %X
// CHECK-NEXT:    %a = matrix.reduce argmax row %t
// CHECK-NEXT:    %b = matrix.reduce argmin col %t
func.func @not_rowsums(%X: !matrix.mat<3x4xf64>) -> (!matrix.mat<4x1xf64>, !matrix.mat<1x3xf64>, f64) {
  %t = matrix.transpose %X : (!matrix.mat<3x4xf64>) -> !matrix.mat<4x3xf64>
  %a = matrix.reduce argmax row %t : (!matrix.mat<4x3xf64>) -> !matrix.mat<4x1xf64>
  %b = matrix.reduce argmin col %t : (!matrix.mat<4x3xf64>) -> !matrix.mat<1x3xf64>
  %s = matrix.reduce sum all %t : (!matrix.mat<4x3xf64>) -> f64
  func.return %a, %b, %s : !matrix.mat<4x1xf64>, !matrix.mat<1x3xf64>, f64
}

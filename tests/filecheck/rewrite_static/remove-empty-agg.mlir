// simplify-static rule `remove-empty-agg`: sum/sumsq(removeEmpty(X)) -> sum/sumsq(X),
// colSums(removeEmpty(X, rows)) -> colSums(X), rowSums(removeEmpty(X, cols)) -> rowSums(X):
// the dropped lines are zeros. Not with a select (it drops non-zeros), not min/mean
// (a dropped zero row changes them), not rowSums of a rows removeEmpty (other shape).

// RUN: amls-opt %s --split-input-file -p simplify-static --rewrite-trace 2>&1 | filecheck %s
// The output re-parses and a second run has nothing left to rewrite.
// RUN: amls-opt %s --split-input-file -p simplify-static | amls-opt --split-input-file -p simplify-static --rewrite-trace 2>&1 | filecheck %s --check-prefix=AGAIN
// AGAIN-NOT: rewrite:
// AGAIN-NOT: error

// CHECK:       rewrite: remove-empty-agg at
// CHECK-NEXT:  rewrite: remove-empty-agg at
// CHECK-NEXT:  rewrite: remove-empty-agg at
// CHECK-NEXT:  rewrite: remove-empty-agg at
// CHECK-NEXT:  rewrite-count: remove-empty-agg 4
// CHECK-LABEL: func.func @fires(
// CHECK-NEXT:    %s = matrix.reduce sum all %X : (!matrix.mat<?x?xf64>) -> f64
// CHECK-NEXT:    %q = matrix.reduce sumsq all %X : (!matrix.mat<?x?xf64>) -> f64
// CHECK-NEXT:    %cs = matrix.reduce sum col %X : (!matrix.mat<?x?xf64>) -> !matrix.mat<1x?xf64>
// CHECK-NEXT:    %rs = matrix.reduce sum row %X : (!matrix.mat<?x?xf64>) -> !matrix.mat<?x1xf64>
// CHECK-NEXT:    func.return %s, %q, %cs, %rs : f64, f64, !matrix.mat<1x?xf64>, !matrix.mat<?x1xf64>
// CHECK-NEXT:  }
func.func @fires(%X: !matrix.mat<?x?xf64>) -> (f64, f64, !matrix.mat<1x?xf64>, !matrix.mat<?x1xf64>) {
  %R = matrix.remove_empty rows %X : (!matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>
  %C = matrix.remove_empty cols %X : (!matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>
  %s = matrix.reduce sum all %R : (!matrix.mat<?x?xf64>) -> f64
  %q = matrix.reduce sumsq all %C : (!matrix.mat<?x?xf64>) -> f64
  %cs = matrix.reduce sum col %R : (!matrix.mat<?x?xf64>) -> !matrix.mat<1x?xf64>
  %rs = matrix.reduce sum row %C : (!matrix.mat<?x?xf64>) -> !matrix.mat<?x1xf64>
  func.return %s, %q, %cs, %rs : f64, f64, !matrix.mat<1x?xf64>, !matrix.mat<?x1xf64>
}

// -----

// CHECK-NOT:   rewrite:
// CHECK-LABEL: func.func @declines(
// CHECK-NEXT:    %R = matrix.remove_empty rows %X : !matrix.mat<?x?xf64>
// CHECK-NEXT:    %S = matrix.remove_empty rows %X, %sel : (!matrix.mat<?x?xf64>, !matrix.mat<?x1xf64>) -> !matrix.mat<?x?xf64>
// CHECK-NEXT:    %m = matrix.reduce min all %R : (!matrix.mat<?x?xf64>) -> f64
// CHECK-NEXT:    %s = matrix.reduce sum all %S : (!matrix.mat<?x?xf64>) -> f64
// CHECK-NEXT:    %rs = matrix.reduce sum row %R : (!matrix.mat<?x?xf64>) -> !matrix.mat<?x1xf64>
// CHECK-NEXT:    %cm = matrix.reduce mean col %R : (!matrix.mat<?x?xf64>) -> !matrix.mat<1x?xf64>
// CHECK-NEXT:    func.return %m, %s, %rs, %cm : f64, f64, !matrix.mat<?x1xf64>, !matrix.mat<1x?xf64>
// CHECK-NEXT:  }
func.func @declines(%X: !matrix.mat<?x?xf64>, %sel: !matrix.mat<?x1xf64>) -> (f64, f64, !matrix.mat<?x1xf64>, !matrix.mat<1x?xf64>) {
  %R = matrix.remove_empty rows %X : (!matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>
  %S = matrix.remove_empty rows %X, %sel : (!matrix.mat<?x?xf64>, !matrix.mat<?x1xf64>) -> !matrix.mat<?x?xf64>
  %m = matrix.reduce min all %R : (!matrix.mat<?x?xf64>) -> f64
  %s = matrix.reduce sum all %S : (!matrix.mat<?x?xf64>) -> f64
  %rs = matrix.reduce sum row %R : (!matrix.mat<?x?xf64>) -> !matrix.mat<?x1xf64>
  %cm = matrix.reduce mean col %R : (!matrix.mat<?x?xf64>) -> !matrix.mat<1x?xf64>
  func.return %m, %s, %rs, %cm : f64, f64, !matrix.mat<?x1xf64>, !matrix.mat<1x?xf64>
}

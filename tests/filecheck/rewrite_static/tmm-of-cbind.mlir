// Rule tmm-of-cbind (passes/rewrite/rules_static.py): t(cbind(A,B)) %*% cbind(A,B) ->
// rbind(cbind(t(A)%*%A, t(A)%*%B), cbind(t(t(A)%*%B), t(B)%*%B)) and
// t(cbind(A,B)) %*% Y -> rbind(t(A)%*%Y, t(B)%*%Y), when every reader of cbind(A,B) is
// such a product (read_only_by_tmm): then the appended matrix is never built. Where
// anything else reads it (X1 %*% p in a CG loop, a return), it stays and so do the
// products (an mmchain over X1 reads X1 once).
// Numbers before/after: the "tmm-of-cbind" case in tests/unit/rewrite_cases.py.
//
// RUN: amls-opt %s --split-input-file -p simplify-static --rewrite-trace 2>&1 | filecheck %s --check-prefixes=CHECK,TRACE
// RUN: amls-opt %s --split-input-file -p simplify-static | amls-opt --split-input-file | filecheck %s
// RUN: amls-opt %s --split-input-file -p simplify-static | amls-opt --split-input-file -p simplify-static --rewrite-trace 2>&1 | filecheck %s --check-prefix=AGAIN
// AGAIN-NOT: rewrite:
// AGAIN-NOT: error

// The normal equations of a regression with an intercept column.
// TRACE:       rewrite: tmm-of-cbind at {{.*}}tmm-of-cbind.mlir:[[# @LINE + 18]]:3
// TRACE-NEXT:  rewrite: tmm-of-cbind at {{.*}}tmm-of-cbind.mlir:[[# @LINE + 18]]:3
// CHECK-LABEL: func.func @normal_equations(
// CHECK-NOT:     matrix.cbind %X, %ones
// CHECK:         %[[XT:.*]] = matrix.transpose %X : (!matrix.mat<50x4xf64>) -> !matrix.mat<4x50xf64>
// CHECK-NEXT:    %[[XX:.*]] = matrix.matmul %[[XT]], %X : (!matrix.mat<4x50xf64>, !matrix.mat<50x4xf64>) -> !matrix.mat<4x4xf64>
// CHECK:         %[[X1:.*]] = matrix.matmul %{{.*}}, %ones : (!matrix.mat<4x50xf64>, !matrix.mat<50x1xf64>) -> !matrix.mat<4x1xf64>
// CHECK-NEXT:    %[[TOP:.*]] = matrix.cbind %[[XX]], %[[X1]] : (!matrix.mat<4x4xf64>, !matrix.mat<4x1xf64>) -> !matrix.mat<4x5xf64>
// CHECK:         %A = matrix.rbind %[[TOP]], %{{.*}} : (!matrix.mat<4x5xf64>, !matrix.mat<1x5xf64>) -> !matrix.mat<5x5xf64>
// CHECK:         %b = matrix.rbind %{{.*}}, %{{.*}} : (!matrix.mat<4x1xf64>, !matrix.mat<1x1xf64>) -> !matrix.mat<5x1xf64>
// CHECK-NOT:     matrix.cbind %X, %ones
func.func @normal_equations(%X: !matrix.mat<50x4xf64>, %y: !matrix.mat<50x1xf64>) -> (!matrix.mat<5x5xf64>, !matrix.mat<5x1xf64>) {
  %one = arith.constant 1.0 : f64
  %n = arith.constant 50 : i64
  %c1 = arith.constant 1 : i64
  %ones = matrix.fill %one, %n, %c1 : (f64, i64, i64) -> !matrix.mat<50x1xf64>
  %X1 = matrix.cbind %X, %ones : (!matrix.mat<50x4xf64>, !matrix.mat<50x1xf64>) -> !matrix.mat<50x5xf64>
  %X1t = matrix.transpose %X1 : (!matrix.mat<50x5xf64>) -> !matrix.mat<5x50xf64>
  %A = matrix.matmul %X1t, %X1 : (!matrix.mat<5x50xf64>, !matrix.mat<50x5xf64>) -> !matrix.mat<5x5xf64>
  %b = matrix.matmul %X1t, %y : (!matrix.mat<5x50xf64>, !matrix.mat<50x1xf64>) -> !matrix.mat<5x1xf64>
  func.return %A, %b : !matrix.mat<5x5xf64>, !matrix.mat<5x1xf64>
}

// -----

// X1 is also read by X1 %*% p (and returned): nothing is rewritten.
// TRACE-NOT:   rewrite: tmm-of-cbind
// CHECK-LABEL: func.func @also_read(
// CHECK:         %X1 = matrix.cbind %X, %Z
// CHECK-NEXT:    %X1t = matrix.transpose %X1
// CHECK-NEXT:    %q = matrix.matmul %X1, %p
// CHECK-NEXT:    %g = matrix.matmul %X1t, %q
// CHECK-NEXT:    %h = matrix.matmul %X1t, %X1
// CHECK-NEXT:    func.return %g, %h, %X1
func.func @also_read(%X: !matrix.mat<6x2xf64>, %Z: !matrix.mat<6x1xf64>, %p: !matrix.mat<3x1xf64>) -> (!matrix.mat<3x1xf64>, !matrix.mat<3x3xf64>, !matrix.mat<6x3xf64>) {
  %X1 = matrix.cbind %X, %Z : (!matrix.mat<6x2xf64>, !matrix.mat<6x1xf64>) -> !matrix.mat<6x3xf64>
  %X1t = matrix.transpose %X1 : (!matrix.mat<6x3xf64>) -> !matrix.mat<3x6xf64>
  %q = matrix.matmul %X1, %p : (!matrix.mat<6x3xf64>, !matrix.mat<3x1xf64>) -> !matrix.mat<6x1xf64>
  %g = matrix.matmul %X1t, %q : (!matrix.mat<3x6xf64>, !matrix.mat<6x1xf64>) -> !matrix.mat<3x1xf64>
  %h = matrix.matmul %X1t, %X1 : (!matrix.mat<3x6xf64>, !matrix.mat<6x3xf64>) -> !matrix.mat<3x3xf64>
  func.return %g, %h, %X1 : !matrix.mat<3x1xf64>, !matrix.mat<3x3xf64>, !matrix.mat<6x3xf64>
}

// -----

// The transpose is read by something other than a product's left side: no rewrite.
// TRACE-NOT:   rewrite: tmm-of-cbind
// CHECK-LABEL: func.func @transpose_read(
// CHECK:         %X1 = matrix.cbind %X, %Z
// CHECK-NEXT:    %X1t = matrix.transpose %X1
// CHECK-NEXT:    %h = matrix.matmul %X1t, %X1
// CHECK-NEXT:    func.return %h, %X1t
func.func @transpose_read(%X: !matrix.mat<6x2xf64>, %Z: !matrix.mat<6x1xf64>) -> (!matrix.mat<3x3xf64>, !matrix.mat<3x6xf64>) {
  %X1 = matrix.cbind %X, %Z : (!matrix.mat<6x2xf64>, !matrix.mat<6x1xf64>) -> !matrix.mat<6x3xf64>
  %X1t = matrix.transpose %X1 : (!matrix.mat<6x3xf64>) -> !matrix.mat<3x6xf64>
  %h = matrix.matmul %X1t, %X1 : (!matrix.mat<3x6xf64>, !matrix.mat<6x3xf64>) -> !matrix.mat<3x3xf64>
  func.return %h, %X1t : !matrix.mat<3x3xf64>, !matrix.mat<3x6xf64>
}

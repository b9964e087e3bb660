// Valid but unknown: when a fact the verifier would need is `?` (or a bound is not
// a constant), the op is not provably wrong and must verify. Every case prints
// back unchanged and no diagnostic appears.

// RUN: amls-opt --split-input-file --verify-diagnostics %s | filecheck %s
// RUN: amls-opt --split-input-file %s | filecheck %s --check-prefix=OK

// OK-NOT: error
// OK-NOT: Traceback

// matmul with `?` inner dims.
// CHECK-LABEL: func.func @matmul_unknown_inner(
// CHECK-NOT:   error
// CHECK:       matrix.matmul %A, %B : (!matrix.mat<100x?xf64>, !matrix.mat<?x1xf64>) -> !matrix.mat<100x1xf64>
func.func @matmul_unknown_inner(%A: !matrix.mat<100x?xf64>, %B: !matrix.mat<?x1xf64>) {
  %C = matrix.matmul %A, %B : (!matrix.mat<100x?xf64>, !matrix.mat<?x1xf64>) -> !matrix.mat<100x1xf64>
  func.return
}

// -----

// matmul whose result forgets the known outer dims.
// CHECK-LABEL: func.func @matmul_forget(
// CHECK-NOT:   error
// CHECK:       matrix.matmul %A, %B : (!matrix.mat<100x10xf64>, !matrix.mat<10x1xf64>) -> !matrix.mat<?x?xf64>
func.func @matmul_forget(%A: !matrix.mat<100x10xf64>, %B: !matrix.mat<10x1xf64>) {
  %C = matrix.matmul %A, %B : (!matrix.mat<100x10xf64>, !matrix.mat<10x1xf64>) -> !matrix.mat<?x?xf64>
  func.return
}

// -----

// Broadcasting with unknown dims: either side may turn out to be a vector.
// CHECK-LABEL: func.func @broadcast_unknown(
// CHECK-NOT:   error
// CHECK:       matrix.add %A, %B : (!matrix.mat<10x?xf64>, !matrix.mat<?x5xf64>) -> !matrix.mat<10x5xf64>
// CHECK-NEXT:  matrix.mul %c, %r : (!matrix.mat<10x1xf64>, !matrix.mat<1x?xf64>) -> !matrix.mat<10x?xf64>
// CHECK-NEXT:  matrix.sub %U, %A : (!matrix.mat<?x?xf64>, !matrix.mat<10x?xf64>) -> !matrix.mat<?x?xf64>
func.func @broadcast_unknown(%A: !matrix.mat<10x?xf64>, %B: !matrix.mat<?x5xf64>, %c: !matrix.mat<10x1xf64>, %r: !matrix.mat<1x?xf64>, %U: !matrix.mat<?x?xf64>) {
  %x = matrix.add %A, %B : (!matrix.mat<10x?xf64>, !matrix.mat<?x5xf64>) -> !matrix.mat<10x5xf64>
  %y = matrix.mul %c, %r : (!matrix.mat<10x1xf64>, !matrix.mat<1x?xf64>) -> !matrix.mat<10x?xf64>
  %z = matrix.sub %U, %A : (!matrix.mat<?x?xf64>, !matrix.mat<10x?xf64>) -> !matrix.mat<?x?xf64>
  func.return
}

// -----

// A 1x1 matrix broadcasts with anything; a vector with a matrix of its length.
// CHECK-LABEL: func.func @broadcast_vectors(
// CHECK-NOT:   error
// CHECK:       matrix.add %s, %X : (!matrix.mat<1x1xf64>, !matrix.mat<10x5xf64>) -> !matrix.mat<10x5xf64>
// CHECK-NEXT:  matrix.add %X, %r : (!matrix.mat<10x5xf64>, !matrix.mat<1x5xf64>) -> !matrix.mat<10x5xf64>
// CHECK-NEXT:  matrix.add %c, %X : (!matrix.mat<10x1xf64>, !matrix.mat<10x5xf64>) -> !matrix.mat<10x5xf64>
func.func @broadcast_vectors(%s: !matrix.mat<1x1xf64>, %X: !matrix.mat<10x5xf64>, %r: !matrix.mat<1x5xf64>, %c: !matrix.mat<10x1xf64>) {
  %a = matrix.add %s, %X : (!matrix.mat<1x1xf64>, !matrix.mat<10x5xf64>) -> !matrix.mat<10x5xf64>
  %b = matrix.add %X, %r : (!matrix.mat<10x5xf64>, !matrix.mat<1x5xf64>) -> !matrix.mat<10x5xf64>
  %d = matrix.add %c, %X : (!matrix.mat<10x1xf64>, !matrix.mat<10x5xf64>) -> !matrix.mat<10x5xf64>
  func.return
}

// -----

// Slice and update with bounds that are not constants.
// CHECK-LABEL: func.func @slice_dynamic(
// CHECK-NOT:   error
// CHECK:       matrix.slice %A, %i, %j, %i, %j : (!matrix.mat<10x5xf64>, i64, i64, i64, i64) -> !matrix.mat<?x?xf64>
// CHECK-NEXT:  matrix.update %A, %B, %i, %j : (!matrix.mat<10x5xf64>, !matrix.mat<?x?xf64>, i64, i64) -> !matrix.mat<10x5xf64>
func.func @slice_dynamic(%A: !matrix.mat<10x5xf64>, %B: !matrix.mat<?x?xf64>, %i: i64, %j: i64) {
  %s = matrix.slice %A, %i, %j, %i, %j : (!matrix.mat<10x5xf64>, i64, i64, i64, i64) -> !matrix.mat<?x?xf64>
  %u = matrix.update %A, %B, %i, %j : (!matrix.mat<10x5xf64>, !matrix.mat<?x?xf64>, i64, i64) -> !matrix.mat<10x5xf64>
  func.return
}

// -----

// Constant bounds on a matrix of unknown size: the range cannot be checked.
// CHECK-LABEL: func.func @slice_unknown_size(
// CHECK-NOT:   error
// CHECK:       matrix.slice %U, %c0, %c100, %c0, %c100 : (!matrix.mat<?x?xf64>, i64, i64, i64, i64) -> !matrix.mat<100x100xf64>
func.func @slice_unknown_size(%U: !matrix.mat<?x?xf64>) {
  %c0 = arith.constant 0 : i64
  %c100 = arith.constant 100 : i64
  %s = matrix.slice %U, %c0, %c100, %c0, %c100 : (!matrix.mat<?x?xf64>, i64, i64, i64, i64) -> !matrix.mat<100x100xf64>
  func.return
}

// -----

// Unknown shapes for ops that need square matrices, 1x1 matrices or equal rows.
// CHECK-LABEL: func.func @unknown_shapes(
// CHECK-NOT:   error
// CHECK:       matrix.to_scalar %U : (!matrix.mat<?x?xf64>) -> f64
// CHECK-NEXT:  matrix.to_scalar %r : (!matrix.mat<1x?xf64>) -> f64
// CHECK-NEXT:  matrix.solve %U, %b : (!matrix.mat<?x?xf64>, !matrix.mat<10x1xf64>) -> !matrix.mat<?x1xf64>
// CHECK-NEXT:  matrix.inv %P : (!matrix.mat<?x5xf64>) -> !matrix.mat<5x5xf64>
// CHECK-NEXT:  matrix.trace %U : (!matrix.mat<?x?xf64>) -> f64
// CHECK-NEXT:  matrix.diag %U : !matrix.mat<?x?xf64>
// CHECK-NEXT:  matrix.cbind %U, %b : (!matrix.mat<?x?xf64>, !matrix.mat<10x1xf64>) -> !matrix.mat<10x?xf64>
// CHECK-NEXT:  matrix.rbind %U, %r : (!matrix.mat<?x?xf64>, !matrix.mat<1x?xf64>) -> !matrix.mat<?x?xf64>
// CHECK-NEXT:  matrix.reshape %U, %i, %i : (!matrix.mat<?x?xf64>, i64, i64) -> !matrix.mat<?x?xf64>
func.func @unknown_shapes(%U: !matrix.mat<?x?xf64>, %r: !matrix.mat<1x?xf64>, %b: !matrix.mat<10x1xf64>, %P: !matrix.mat<?x5xf64>, %i: i64) {
  %s = matrix.to_scalar %U : (!matrix.mat<?x?xf64>) -> f64
  %t = matrix.to_scalar %r : (!matrix.mat<1x?xf64>) -> f64
  %x = matrix.solve %U, %b : (!matrix.mat<?x?xf64>, !matrix.mat<10x1xf64>) -> !matrix.mat<?x1xf64>
  %y = matrix.inv %P : (!matrix.mat<?x5xf64>) -> !matrix.mat<5x5xf64>
  %z = matrix.trace %U : (!matrix.mat<?x?xf64>) -> f64
  %d = matrix.diag %U : (!matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>
  %c = matrix.cbind %U, %b : (!matrix.mat<?x?xf64>, !matrix.mat<10x1xf64>) -> !matrix.mat<10x?xf64>
  %e = matrix.rbind %U, %r : (!matrix.mat<?x?xf64>, !matrix.mat<1x?xf64>) -> !matrix.mat<?x?xf64>
  %f = matrix.reshape %U, %i, %i : (!matrix.mat<?x?xf64>, i64, i64) -> !matrix.mat<?x?xf64>
  func.return
}

// -----

// Reshape of a matrix of unknown size to constant dims; cast refining and forgetting.
// CHECK-LABEL: func.func @reshape_cast(
// CHECK-NOT:   error
// CHECK:       matrix.reshape %U, %c4, %c4 : (!matrix.mat<?x?xf64>, i64, i64) -> !matrix.mat<4x4xf64>
// CHECK-NEXT:  matrix.cast %U : (!matrix.mat<?x?xf64>) -> !matrix.mat<4x4xf64, nnz=16>
// CHECK-NEXT:  matrix.cast %R : (!matrix.mat<4x4xf64>) -> !matrix.mat<?x4xf64>
func.func @reshape_cast(%U: !matrix.mat<?x?xf64>) {
  %c4 = arith.constant 4 : i64
  %R = matrix.reshape %U, %c4, %c4 : (!matrix.mat<?x?xf64>, i64, i64) -> !matrix.mat<4x4xf64>
  %K = matrix.cast %U : (!matrix.mat<?x?xf64>) -> !matrix.mat<4x4xf64, nnz=16>
  %F = matrix.cast %R : (!matrix.mat<4x4xf64>) -> !matrix.mat<?x4xf64>
  func.return
}

// -----

// rand and fill with dims that are not constants; sparsity at both ends of [0, 1].
// CHECK-LABEL: func.func @rand_dynamic(
// CHECK-NOT:   error
// CHECK:       matrix.rand %r, %c {min = 0.0, max = 1.0, sparsity = 0.0, pdf = "uniform"} : (i64, i64) -> !matrix.mat<7x7xf64>
// CHECK-NEXT:  matrix.rand %r, %c {min = 3.0, max = 3.0, sparsity = 1.0, pdf = "normal"} : (i64, i64) -> !matrix.mat<?x?xf64>
// CHECK-NEXT:  matrix.fill %v, %r, %c : (f64, i64, i64) -> !matrix.mat<2x3xf64>
func.func @rand_dynamic(%r: i64, %c: i64, %v: f64) {
  %a = matrix.rand %r, %c {sparsity = 0.0} : (i64, i64) -> !matrix.mat<7x7xf64>
  %b = matrix.rand %r, %c {min = 3.0, max = 3.0, sparsity = 1.0, pdf = "normal"} : (i64, i64) -> !matrix.mat<?x?xf64>
  %f = matrix.fill %v, %r, %c : (f64, i64, i64) -> !matrix.mat<2x3xf64>
  func.return
}

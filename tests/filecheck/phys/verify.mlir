// Verifier errors of the phys dialect: every transfer between the driver and the
// cluster must be explicit, methods must exist, fused ops must be well-shaped.

// RUN: amls-opt --split-input-file --verify-diagnostics %s | filecheck %s
// RUN: amls-opt --split-input-file --verify-diagnostics %s | filecheck %s --check-prefix=NOTB
// NOTB-NOT: Traceback
// NOTB-NOT: internal error

// CHECK:      {{.*}}verify.mlir:12:3: error: phys.exp: dist phys.exp reads a local matrix: distribute or broadcast it first
// CHECK-NEXT: // {{-----}}
func.func @dist_reads_local(%X: !matrix.mat<10x5xf64>) {
  %Y = phys.exp dist %X : (!matrix.mat<10x5xf64>) -> !phys.dmat<10x5xf64>
  func.return
}

// -----

// CHECK:      {{.*}}verify.mlir:21:3: error: phys.exp: local phys.exp reads a distributed value: collect it first
// CHECK-NEXT: // {{-----}}
func.func @local_reads_dist(%X: !phys.dmat<10x5xf64>) {
  %Y = phys.exp local %X : (!phys.dmat<10x5xf64>) -> !matrix.mat<10x5xf64>
  func.return
}

// -----

// CHECK:      {{.*}}verify.mlir:30:3: error: phys.exp: dist phys.exp must produce a !phys.dmat value
// CHECK-NEXT: // {{-----}}
func.func @dist_local_result(%X: !phys.dmat<10x5xf64>) {
  %Y = phys.exp dist %X : (!phys.dmat<10x5xf64>) -> !matrix.mat<10x5xf64>
  func.return
}

// -----

// CHECK:      {{.*}}verify.mlir:39:3: error: phys.matmul: phys.matmul dist needs a method in (mapmm_left, mapmm_right, cpmm, rmm), got 'mm'
// CHECK-NEXT: // {{-----}}
func.func @bad_method(%A: !phys.dmat<10x5xf64>, %B: !phys.dmat<5x3xf64>) {
  %C = phys.matmul dist mm %A, %B : (!phys.dmat<10x5xf64>, !phys.dmat<5x3xf64>) -> !phys.dmat<10x3xf64>
  func.return
}

// -----

// CHECK:      {{.*}}verify.mlir:48:3: error: phys.matmul: matmul inner dimensions differ: 10x5 %*% 4x3
// CHECK-NEXT: // {{-----}}
func.func @inner_dims(%A: !phys.dmat<10x5xf64>, %B: !phys.dmat<4x3xf64>) {
  %C = phys.matmul dist cpmm %A, %B : (!phys.dmat<10x5xf64>, !phys.dmat<4x3xf64>) -> !phys.dmat<10x3xf64>
  func.return
}

// -----

// A broadcast operand is only the small side of a mapmm.
// CHECK:      {{.*}}verify.mlir:58:3: error: phys.matmul: dist phys.matmul cannot read a broadcast operand here
// CHECK-NEXT: // {{-----}}
func.func @bcast_wrong_side(%A: !phys.bcast<10x5xf64>, %B: !phys.dmat<5x3xf64>) {
  %C = phys.matmul dist mapmm_right %A, %B : (!phys.bcast<10x5xf64>, !phys.dmat<5x3xf64>) -> !phys.dmat<10x3xf64>
  func.return
}

// -----

// CHECK:      {{.*}}verify.mlir:67:3: error: phys.solve: phys.solve has no distributed implementation
// CHECK-NEXT: // {{-----}}
func.func @no_dist_impl(%A: !phys.dmat<5x5xf64>, %b: !phys.dmat<5x1xf64>) {
  %x = phys.solve dist %A, %b : (!phys.dmat<5x5xf64>, !phys.dmat<5x1xf64>) -> !phys.dmat<5x1xf64>
  func.return
}

// -----

// CHECK:      {{.*}}verify.mlir:76:3: error: phys.distribute: phys.distribute produces a phys.dmat, got !matrix.mat<10x5xf64>
// CHECK-NEXT: // {{-----}}
func.func @distribute_type(%X: !matrix.mat<10x5xf64>) {
  %Y = phys.distribute %X : !matrix.mat<10x5xf64>
  func.return
}

// -----

// CHECK:      {{.*}}verify.mlir:85:3: error: phys.collect: phys.collect changes rows from 10 to 11
// CHECK-NEXT: // {{-----}}
func.func @collect_shape(%X: !phys.dmat<10x5xf64>) {
  %Y = phys.collect %X : (!phys.dmat<10x5xf64>) -> !matrix.mat<11x5xf64>
  func.return
}

// -----

// CHECK:      {{.*}}verify.mlir:94:3: error: phys.tsmm: dist tsmm is left only (t(X)%*%X)
// CHECK-NEXT: // {{-----}}
func.func @tsmm_dist_right(%X: !phys.dmat<10x5xf64>) {
  %Y = phys.tsmm dist right %X : (!phys.dmat<10x5xf64>) -> !phys.dmat<10x10xf64>
  func.return
}

// -----

// CHECK:      {{.*}}verify.mlir:103:3: error: phys.tsmm: phys.tsmm result rows 10 should be 5
// CHECK-NEXT: // {{-----}}
func.func @tsmm_shape(%X: !matrix.mat<10x5xf64>) {
  %Y = phys.tsmm local left %X : (!matrix.mat<10x5xf64>) -> !matrix.mat<10x10xf64>
  func.return
}

// -----

// CHECK:      {{.*}}verify.mlir:112:3: error: phys.mmchain: mmchain xtwxv takes 3 operands
// CHECK-NEXT: // {{-----}}
func.func @mmchain_arity(%X: !matrix.mat<10x5xf64>, %v: !matrix.mat<5x1xf64>) {
  %Y = phys.mmchain local xtwxv %X, %v : (!matrix.mat<10x5xf64>, !matrix.mat<5x1xf64>) -> !matrix.mat<5x1xf64>
  func.return
}

// -----

// CHECK:      {{.*}}verify.mlir:120:3: error: phys.exp: exec type must be local or dist, got 'remote'
func.func @bad_exec(%X: !matrix.mat<10x5xf64>) {
  %Y = phys.exp remote %X : !matrix.mat<10x5xf64>
  func.return
}

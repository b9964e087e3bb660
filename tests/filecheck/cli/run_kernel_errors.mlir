// Run-time failures of op kernels (sizes or values only known at run time): one
// message `file:line:col: error: OP: why` pointing at the op, non-zero exit,
// no results and no traceback. Each case is its own entry function.

// RUN: not amls-run %s -O0 --entry solve_singular --arg A=%inputs/singular_2x2.npy --arg b=%inputs/b_2x1.npy 2>&1 | filecheck %s --check-prefix=SOLVE
// SOLVE:      {{.*}}run_kernel_errors.mlir:10:3: error: matrix.solve: solve: the 2x2 matrix is singular (Singular matrix)
// SOLVE-NOT:  result_0
// SOLVE-NOT:  Traceback
func.func @solve_singular(%A: !matrix.mat<2x2xf64>, %b: !matrix.mat<2x1xf64>) -> !matrix.mat<2x1xf64> {
  %x = matrix.solve %A, %b : (!matrix.mat<2x2xf64>, !matrix.mat<2x1xf64>) -> !matrix.mat<2x1xf64>
  func.return %x : !matrix.mat<2x1xf64>
}

// RUN: not amls-run %s -O0 --entry solve_nonsquare --arg A=%inputs/X_3x2.npy --arg b=%inputs/y_3x1.csv 2>&1 | filecheck %s --check-prefix=SOLVESHAPE
// SOLVESHAPE:     {{.*}}run_kernel_errors.mlir:19:3: error: matrix.solve: solve expects a square matrix, got 3x2
// SOLVESHAPE-NOT: result_0
// SOLVESHAPE-NOT: Traceback
func.func @solve_nonsquare(%A: !matrix.mat<?x?xf64>, %b: !matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64> {
  %x = matrix.solve %A, %b : !matrix.mat<?x?xf64>
  func.return %x : !matrix.mat<?x?xf64>
}

// RUN: not amls-run %s -O0 --entry inv_singular --arg A=%inputs/singular_2x2.npy 2>&1 | filecheck %s --check-prefix=INV
// INV:      {{.*}}run_kernel_errors.mlir:28:3: error: matrix.inv: inv: the 2x2 matrix is singular (Singular matrix)
// INV-NOT:  result_0
// INV-NOT:  Traceback
func.func @inv_singular(%A: !matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64> {
  %I = matrix.inv %A : !matrix.mat<?x?xf64>
  func.return %I : !matrix.mat<?x?xf64>
}

// Slice bounds computed at run time, past the end; also at -O2 compiled from the
// declared types. Compiled for the data (the default), X is 3x2 and n is 5 at compile
// time: the verifier proves the slice wrong before anything runs.
// RUN: not amls-run %s -O0 --entry slice_dynamic --arg X=%inputs/X_3x2.npy --arg n=5 2>&1 | filecheck %s --check-prefix=SLICE
// RUN: not amls-run %s --no-data-facts --entry slice_dynamic --arg X=%inputs/X_3x2.npy --arg n=5 2>&1 | filecheck %s --check-prefix=SLICE
// RUN: not amls-run %s --entry slice_dynamic --arg X=%inputs/X_3x2.npy --arg n=5 2>&1 | filecheck %s --check-prefix=SLICEFACTS
// SLICE:      {{.*}}run_kernel_errors.mlir:47:3: error: matrix.slice: row slice end 5 is out of range for 3x2
// SLICE-NOT:  result_0
// SLICE-NOT:  Traceback
// SLICEFACTS:     {{.*}}run_kernel_errors.mlir:47:3: error: matrix.slice: row slice end 5 is out of range for 3x2
// SLICEFACTS-NOT: result_0
// SLICEFACTS-NOT: Traceback
func.func @slice_dynamic(%X: !matrix.mat<?x?xf64>, %n: i64) -> !matrix.mat<?x?xf64> {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %S = matrix.slice %X, %c0, %n, %c0, %c1 : (!matrix.mat<?x?xf64>, i64, i64, i64, i64) -> !matrix.mat<?x?xf64>
  func.return %S : !matrix.mat<?x?xf64>
}

// A slice in a loop body that runs past the end on the 2nd iteration: the
// location is the op inside the loop.
// RUN: not amls-run %s -O0 --entry slice_in_loop --arg X=%inputs/X_3x2.npy 2>&1 | filecheck %s --check-prefix=LOOP
// LOOP:      {{.*}}run_kernel_errors.mlir:64:5: error: matrix.slice: row slice end 4 is out of range for 3x2
// LOOP-NOT:  result_0
// LOOP-NOT:  Traceback
func.func @slice_in_loop(%X: !matrix.mat<3x2xf64>) -> f64 {
  %c0 = arith.constant 0 : i64
  %c2 = arith.constant 2 : i64
  %c3 = arith.constant 3 : i64
  %z = arith.constant 0.0 : f64
  %sum = scf.for %i = %c0 to %c3 step %c2 iter_args(%acc = %z) -> (f64) : i64 {
    %i2 = arith.addi %i, %c2 : i64
    %row = matrix.slice %X, %i, %i2, %c0, %c2 : (!matrix.mat<3x2xf64>, i64, i64, i64, i64) -> !matrix.mat<?x2xf64>
    %s = matrix.reduce sum all %row : (!matrix.mat<?x2xf64>) -> f64
    %acc2 = arith.addf %acc, %s : f64
    scf.yield %acc2 : f64
  }
  func.return %sum : f64
}

// RUN: not amls-run %s -O0 --entry update_dynamic --arg X=%inputs/X_3x2.npy --arg B=%inputs/singular_2x2.npy --arg r=2 2>&1 | filecheck %s --check-prefix=UPDATE
// UPDATE:     {{.*}}run_kernel_errors.mlir:78:3: error: matrix.update: update of a 2x2 block at (2, 0) is out of range for a 3x2 matrix
// UPDATE-NOT: result_0
// UPDATE-NOT: Traceback
func.func @update_dynamic(%X: !matrix.mat<3x2xf64>, %B: !matrix.mat<2x2xf64>, %r: i64) -> !matrix.mat<3x2xf64> {
  %c0 = arith.constant 0 : i64
  %U = matrix.update %X, %B, %r, %c0 : (!matrix.mat<3x2xf64>, !matrix.mat<2x2xf64>, i64, i64) -> !matrix.mat<3x2xf64>
  func.return %U : !matrix.mat<3x2xf64>
}

// Shapes unknown at compile time that turn out incompatible.
// RUN: not amls-run %s -O0 --entry unknown_shapes --arg A=%inputs/X_3x2.npy --arg B=%inputs/X_3x2.npy --arg which=0 2>&1 | filecheck %s --check-prefix=MATMUL
// MATMUL:     {{.*}}run_kernel_errors.mlir:105:5: error: matrix.matmul: matmul inner dimensions differ: 3x2 %*% 3x2
// MATMUL-NOT: Traceback
// RUN: not amls-run %s -O0 --entry unknown_shapes --arg A=%inputs/X_3x2.npy --arg B=%inputs/singular_2x2.npy --arg which=1 2>&1 | filecheck %s --check-prefix=BROADCAST
// BROADCAST:     {{.*}}run_kernel_errors.mlir:109:5: error: matrix.add: cannot broadcast 3x2 with 2x2
// BROADCAST-NOT: Traceback
// RUN: not amls-run %s -O0 --entry unknown_shapes --arg A=%inputs/X_3x2.npy --arg B=%inputs/singular_2x2.npy --arg which=2 2>&1 | filecheck %s --check-prefix=CBIND
// CBIND:     {{.*}}run_kernel_errors.mlir:113:5: error: matrix.cbind: cbind operands have different rows: 3x2, 2x2
// CBIND-NOT: Traceback
// RUN: not amls-run %s -O0 --entry unknown_shapes --arg A=%inputs/X_3x2.npy --arg B=%inputs/X_3x2.npy --arg which=3 2>&1 | filecheck %s --check-prefix=TOSCALAR
// TOSCALAR:     {{.*}}run_kernel_errors.mlir:117:5: error: matrix.to_scalar: to_scalar expects a 1x1 matrix, got 3x2
// TOSCALAR-NOT: Traceback
func.func @unknown_shapes(%A: !matrix.mat<?x?xf64>, %B: !matrix.mat<?x?xf64>, %which: i64) {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %c2 = arith.constant 2 : i64
  %c3 = arith.constant 3 : i64
  %is0 = arith.cmpi eq, %which, %c0 : i64
  %is1 = arith.cmpi eq, %which, %c1 : i64
  %is2 = arith.cmpi eq, %which, %c2 : i64
  %is3 = arith.cmpi eq, %which, %c3 : i64
  scf.if %is0 {
    %m = matrix.matmul %A, %B : !matrix.mat<?x?xf64>
    matrix.print %m : !matrix.mat<?x?xf64>
  }
  scf.if %is1 {
    %a = matrix.add %A, %B : !matrix.mat<?x?xf64>
    matrix.print %a : !matrix.mat<?x?xf64>
  }
  scf.if %is2 {
    %c = matrix.cbind %A, %B : !matrix.mat<?x?xf64>
    matrix.print %c : !matrix.mat<?x?xf64>
  }
  scf.if %is3 {
    %t = matrix.to_scalar %A : (!matrix.mat<?x?xf64>) -> f64
    matrix.print %t : f64
  }
  func.return
}

// RUN: not amls-run %s -O0 --entry generators --arg n=-2 --arg step=1 2>&1 | filecheck %s --check-prefix=RESHAPE
// RESHAPE:     {{.*}}run_kernel_errors.mlir:137:3: error: matrix.reshape: matrix dimensions must be >= 0, got -2x-2
// RESHAPE-NOT: Traceback
// RUN: not amls-run %s -O0 --entry generators --arg n=3 --arg step=1 2>&1 | filecheck %s --check-prefix=CELLS
// CELLS:     {{.*}}run_kernel_errors.mlir:137:3: error: matrix.reshape: cannot reshape 2x2 (4 cells) into 3x3
// CELLS-NOT: Traceback
// RUN: not amls-run %s -O0 --entry generators --arg n=2 --arg step=0 2>&1 | filecheck %s --check-prefix=SEQ
// SEQ:     {{.*}}run_kernel_errors.mlir:138:3: error: matrix.seq: seq(1.0, 10.0, 0.0): step must not be 0
// SEQ-NOT: Traceback
func.func @generators(%n: i64, %step: f64) -> f64 {
  %c2 = arith.constant 2 : i64
  %one = arith.constant 1.0 : f64
  %ten = arith.constant 10.0 : f64
  %F = matrix.fill %one, %c2, %c2 : (f64, i64, i64) -> !matrix.mat<2x2xf64>
  %R = matrix.reshape %F, %n, %n : (!matrix.mat<2x2xf64>, i64, i64) -> !matrix.mat<?x?xf64>
  %q = matrix.seq %one, %ten, %step : (f64, f64, f64) -> !matrix.mat<?x1xf64>
  %s = matrix.reduce sum all %q : (!matrix.mat<?x1xf64>) -> f64
  func.return %s : f64
}

// RUN: not amls-run %s -O0 --entry read_missing 2>&1 | filecheck %s --check-prefix=READ
// READ:     {{.*}}run_kernel_errors.mlir:148:3: error: matrix.read: cannot read 'no-such-dir-for-amls/X.csv'
// READ-NOT: result_0
// READ-NOT: Traceback
func.func @read_missing() -> !matrix.mat<?x?xf64> {
  %X = matrix.read {path = "no-such-dir-for-amls/X.csv", format = "csv"} : !matrix.mat<?x?xf64>
  func.return %X : !matrix.mat<?x?xf64>
}

// RUN: not amls-run %s -O0 --entry write_bad_dir --arg X=%inputs/X_3x2.npy 2>&1 | filecheck %s --check-prefix=WRITE
// WRITE:     {{.*}}run_kernel_errors.mlir:156:3: error: matrix.write: cannot write '/dev/null/X.csv': '/dev/null' is a file, not a folder
// WRITE-NOT: Traceback
func.func @write_bad_dir(%X: !matrix.mat<3x2xf64>) {
  matrix.write %X {path = "/dev/null/X.csv", format = "csv"} : !matrix.mat<3x2xf64>
  func.return
}

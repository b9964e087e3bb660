// Verifier errors of the sources, sinks and generators: rand fill seq constant read write print.
//
// Each case is one op the verifier must reject, with the full message located at
// the op (file:line:col of its first token). With --verify-diagnostics amls-opt
// prints each case's diagnostic in place of its output and goes on.

// RUN: amls-opt --split-input-file --verify-diagnostics %s | filecheck %s
// RUN: amls-opt --split-input-file --verify-diagnostics %s | filecheck %s --check-prefix=NOTB
// NOTB-NOT: Traceback
// NOTB-NOT: internal error

// rand sparsity above 1.
// CHECK:      {{.*}}generators.mlir:16:3: error: matrix.rand: sparsity must be in [0, 1], got 1.5
// CHECK-NEXT: // {{-----}}
func.func @rand_sparsity_high(%r: i64, %c: i64) {
  %A = matrix.rand %r, %c {sparsity = 1.5} : (i64, i64) -> !matrix.mat<?x?xf64>
  func.return
}

// -----

// rand sparsity below 0.
// CHECK:      {{.*}}generators.mlir:26:3: error: matrix.rand: sparsity must be in [0, 1], got -0.5
// CHECK-NEXT: // {{-----}}
func.func @rand_sparsity_low(%r: i64, %c: i64) {
  %A = matrix.rand %r, %c {sparsity = -0.5} : (i64, i64) -> !matrix.mat<?x?xf64>
  func.return
}

// -----

// rand with an unknown pdf.
// CHECK:      {{.*}}generators.mlir:36:3: error: matrix.rand: pdf must be uniform or normal, got 'poisson'
// CHECK-NEXT: // {{-----}}
func.func @rand_pdf(%r: i64, %c: i64) {
  %A = matrix.rand %r, %c {pdf = "poisson"} : (i64, i64) -> !matrix.mat<?x?xf64>
  func.return
}

// -----

// rand with min above max.
// CHECK:      {{.*}}generators.mlir:46:3: error: matrix.rand: min must be <= max
// CHECK-NEXT: // {{-----}}
func.func @rand_min_max(%r: i64, %c: i64) {
  %A = matrix.rand %r, %c {min = 2.0, max = 1.0} : (i64, i64) -> !matrix.mat<?x?xf64>
  func.return
}

// -----

// rand bounds are f64, not integers.
// CHECK:      {{.*}}generators.mlir:56:3: error: matrix.rand: 1 : i64 should be of base attribute float
// CHECK-NEXT: // {{-----}}
func.func @rand_int_bound(%r: i64, %c: i64) {
  %A = matrix.rand %r, %c {min = 1, max = 2.0} : (i64, i64) -> !matrix.mat<?x?xf64>
  func.return
}

// -----

// rand seed is an integer.
// CHECK:      {{.*}}generators.mlir:66:3: error: matrix.rand: 1.500000e+00 : f64 should be of base attribute integer
// CHECK-NEXT: // {{-----}}
func.func @rand_float_seed(%r: i64, %c: i64) {
  %A = matrix.rand %r, %c {seed = 1.5} : (i64, i64) -> !matrix.mat<?x?xf64>
  func.return
}

// -----

// rand result type contradicting constant dims.
// CHECK:      {{.*}}generators.mlir:78:3: error: matrix.rand: result rows 2 contradict the operands, which give 25x2
// CHECK-NEXT: // {{-----}}
func.func @rand_result() {
  %r = arith.constant 25 : i64
  %c = arith.constant 2 : i64
  %A = matrix.rand %r, %c {seed = 1} : (i64, i64) -> !matrix.mat<2x25xf64>
  func.return
}

// -----

// rand with negative constant dims.
// CHECK:      {{.*}}generators.mlir:90:3: error: matrix.rand: cols must be >= 0, got -3
// CHECK-NEXT: // {{-----}}
func.func @rand_negative() {
  %r = arith.constant 2 : i64
  %c = arith.constant -3 : i64
  %A = matrix.rand %r, %c : (i64, i64) -> !matrix.mat<?x?xf64>
  func.return
}

// -----

// fill with negative constant dims.
// CHECK:      {{.*}}generators.mlir:101:3: error: matrix.fill: rows must be >= 0, got -1
// CHECK-NEXT: // {{-----}}
func.func @fill_negative(%v: f64) {
  %r = arith.constant -1 : i64
  %A = matrix.fill %v, %r, %r : (f64, i64, i64) -> !matrix.mat<?x?xf64>
  func.return
}

// -----

// fill result type contradicting constant dims.
// CHECK:      {{.*}}generators.mlir:113:3: error: matrix.fill: result cols 5 contradict the operands, which give 3x4
// CHECK-NEXT: // {{-----}}
func.func @fill_result(%v: f64) {
  %r = arith.constant 3 : i64
  %c = arith.constant 4 : i64
  %A = matrix.fill %v, %r, %c : (f64, i64, i64) -> !matrix.mat<3x5xf64>
  func.return
}

// -----

// seq gives a column vector.
// CHECK:      {{.*}}generators.mlir:123:3: error: matrix.seq: result cols 2 contradict the operands, which give ?x1
// CHECK-NEXT: // {{-----}}
func.func @seq_result(%a: f64, %b: f64, %s: f64) {
  %v = matrix.seq %a, %b, %s : (f64, f64, f64) -> !matrix.mat<?x2xf64>
  func.return
}

// -----

// constant value must be 2-D.
// CHECK:      {{.*}}generators.mlir:133:3: error: matrix.constant: matrix.constant value must be a 2-D dense<...> of f64
// CHECK-NEXT: // {{-----}}
func.func @constant_1d() {
  %K = matrix.constant {value = dense<[1.0, 2.0]> : tensor<2xf64>} : !matrix.mat<?x?xf64>
  func.return
}

// -----

// constant result type contradicting its value's shape.
// CHECK:      {{.*}}generators.mlir:143:3: error: matrix.constant: result rows 2 contradict the operands, which give 1x2
// CHECK-NEXT: // {{-----}}
func.func @constant_result() {
  %K = matrix.constant {value = dense<[[1.0, 2.0]]> : tensor<1x2xf64>} : !matrix.mat<2x1xf64>
  func.return
}

// -----

// read with an unknown format.
// CHECK:      {{.*}}generators.mlir:153:3: error: matrix.read: format must be one of npy, csv, mtx, text, got 'parquet'
// CHECK-NEXT: // {{-----}}
func.func @read_format() {
  %X = matrix.read {path = "X.parquet", format = "parquet"} : !matrix.mat<?x?xf64>
  func.return
}

// -----

// read needs a path.
// CHECK:      {{.*}}generators.mlir:163:3: error: matrix.read: property 'path' expected in operation 'matrix.read'
// CHECK-NEXT: // {{-----}}
func.func @read_no_path() {
  %X = matrix.read {format = "csv"} : !matrix.mat<?x?xf64>
  func.return
}

// -----

// write with an unknown format.
// CHECK:      {{.*}}generators.mlir:173:3: error: matrix.write: format must be one of npy, csv, mtx, text, got 'hdf5'
// CHECK-NEXT: // {{-----}}
func.func @write_format(%X: !matrix.mat<10x5xf64>) {
  matrix.write %X {path = "X.h5", format = "hdf5"} : !matrix.mat<10x5xf64>
  func.return
}

// -----

// print label is a string.
// CHECK:      {{.*}}generators.mlir:183:3: error: matrix.print: 3 : i64 should be of base attribute string
// CHECK-NOT:  error
func.func @print_label(%X: !matrix.mat<10x5xf64>) {
  matrix.print %X {label = 3} : !matrix.mat<10x5xf64>
  func.return
}

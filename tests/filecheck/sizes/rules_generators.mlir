// size-inference rules of the data generators, sources and sinks: rand fill seq
// constant read from_scalar (to_scalar, write, print). Every result starts as
// `?x?`; the CHECK lines show the dims and the exact nnz the pass derives, and
// `{{$}}` after a type proves that no nnz is stated where it is not exactly
// known.
//
// The second amls-opt re-parses and re-verifies the output: the IR stays valid.

// RUN: amls-opt %s --split-input-file -p size-inference | amls-opt --split-input-file | filecheck %s

// rand: dims from constant operands; uniform in [0, 1) may draw 0, so no nnz.
// CHECK-LABEL: func.func @rand_dims(
// CHECK:       %A = matrix.rand %c3, %c4 {{.*}} : (i64, i64) -> !matrix.mat<3x4xf64>{{$}}
// CHECK-NEXT:  func.return
func.func @rand_dims() {
  %c3 = arith.constant 3 : i64
  %c4 = arith.constant 4 : i64
  %A = matrix.rand %c3, %c4 {seed = 1} : (i64, i64) -> !matrix.mat<?x?xf64>
  func.return
}

// -----

// rand: values drawn from a range without 0 (above or below it) are all non-zero:
// nnz = cells (dense) or round(sparsity * cells) (sparse).
// CHECK-LABEL: func.func @rand_nonzero_range(
// CHECK:       %A = matrix.rand %c3, %c4 {min = 1.0, max = 2.0, {{.*}}} : (i64, i64) -> !matrix.mat<3x4xf64, nnz=12>{{$}}
// CHECK-NEXT:  %B = matrix.rand %c3, %c4 {min = -2.0, max = -1.0, {{.*}}} : (i64, i64) -> !matrix.mat<3x4xf64, nnz=12>{{$}}
// CHECK-NEXT:  %C = matrix.rand %c3, %c4 {min = 1.0, max = 2.0, sparsity = 0.5, {{.*}}} : (i64, i64) -> !matrix.mat<3x4xf64, nnz=6>{{$}}
// CHECK-NEXT:  %D = matrix.rand %c3, %c4 {min = 1.0, max = 2.0, sparsity = 0.25, {{.*}}} : (i64, i64) -> !matrix.mat<3x4xf64, nnz=3>{{$}}
func.func @rand_nonzero_range() {
  %c3 = arith.constant 3 : i64
  %c4 = arith.constant 4 : i64
  %A = matrix.rand %c3, %c4 {min = 1.0, max = 2.0, seed = 1} : (i64, i64) -> !matrix.mat<?x?xf64>
  %B = matrix.rand %c3, %c4 {min = -2.0, max = -1.0, seed = 1} : (i64, i64) -> !matrix.mat<?x?xf64>
  %C = matrix.rand %c3, %c4 {min = 1.0, max = 2.0, sparsity = 0.5, seed = 1} : (i64, i64) -> !matrix.mat<?x?xf64>
  %D = matrix.rand %c3, %c4 {min = 1.0, max = 2.0, sparsity = 0.25, seed = 1} : (i64, i64) -> !matrix.mat<?x?xf64>
  func.return
}

// -----

// rand: sparsity 0 and the range [0, 0] are empty (nnz=0), even with unknown dims.
// CHECK-LABEL: func.func @rand_empty(
// CHECK:       %A = matrix.rand %c3, %c4 {{.*}} : (i64, i64) -> !matrix.mat<3x4xf64, nnz=0>{{$}}
// CHECK-NEXT:  %B = matrix.rand %c3, %c4 {{.*}} : (i64, i64) -> !matrix.mat<3x4xf64, nnz=0>{{$}}
// CHECK-NEXT:  %C = matrix.rand %n, %c4 {{.*}} : (i64, i64) -> !matrix.mat<?x4xf64, nnz=0>{{$}}
func.func @rand_empty(%n: i64) {
  %c3 = arith.constant 3 : i64
  %c4 = arith.constant 4 : i64
  %A = matrix.rand %c3, %c4 {sparsity = 0.0, seed = 1} : (i64, i64) -> !matrix.mat<?x?xf64>
  %B = matrix.rand %c3, %c4 {min = 0.0, max = 0.0, seed = 1} : (i64, i64) -> !matrix.mat<?x?xf64>
  %C = matrix.rand %n, %c4 {sparsity = 0.0, seed = 1} : (i64, i64) -> !matrix.mat<?x?xf64>
  func.return
}

// -----

// rand: no nnz where a drawn value may be 0 (normal pdf, a range containing 0),
// and no nnz from a sparsity when the dims are unknown.
// CHECK-LABEL: func.func @rand_no_nnz(
// CHECK:       %A = matrix.rand %c3, %c4 {{.*}}pdf = "normal"{{.*}} : (i64, i64) -> !matrix.mat<3x4xf64>{{$}}
// CHECK-NEXT:  %B = matrix.rand %c3, %c4 {min = -1.0, max = 1.0, {{.*}}} : (i64, i64) -> !matrix.mat<3x4xf64>{{$}}
// CHECK-NEXT:  %C = matrix.rand %n, %c4 {min = 1.0, max = 2.0, {{.*}}} : (i64, i64) -> !matrix.mat<?x4xf64>{{$}}
// CHECK-NEXT:  %D = matrix.rand %c3, %m {{.*}} : (i64, i64) -> !matrix.mat<3x?xf64>{{$}}
func.func @rand_no_nnz(%n: i64, %m: i64) {
  %c3 = arith.constant 3 : i64
  %c4 = arith.constant 4 : i64
  %A = matrix.rand %c3, %c4 {min = 1.0, max = 2.0, pdf = "normal", seed = 1} : (i64, i64) -> !matrix.mat<?x?xf64>
  %B = matrix.rand %c3, %c4 {min = -1.0, max = 1.0, seed = 1} : (i64, i64) -> !matrix.mat<?x?xf64>
  %C = matrix.rand %n, %c4 {min = 1.0, max = 2.0, seed = 1} : (i64, i64) -> !matrix.mat<?x?xf64>
  %D = matrix.rand %c3, %m {seed = 1} : (i64, i64) -> !matrix.mat<?x?xf64>
  func.return
}

// -----

// fill: dims from the operands; fill(0) is empty whatever the dims; a known
// non-zero value fills every cell; an unknown value states no nnz.
// CHECK-LABEL: func.func @fill(
// CHECK:       %Z = matrix.fill %zero, %c3, %c4 : (f64, i64, i64) -> !matrix.mat<3x4xf64, nnz=0>{{$}}
// CHECK-NEXT:  %W = matrix.fill %zero, %n, %n : (f64, i64, i64) -> !matrix.mat<?x?xf64, nnz=0>{{$}}
// CHECK-NEXT:  %F = matrix.fill %half, %c3, %c4 : (f64, i64, i64) -> !matrix.mat<3x4xf64, nnz=12>{{$}}
// CHECK-NEXT:  %G = matrix.fill %v, %c3, %c4 : (f64, i64, i64) -> !matrix.mat<3x4xf64>{{$}}
// CHECK-NEXT:  %H = matrix.fill %half, %n, %c4 : (f64, i64, i64) -> !matrix.mat<?x4xf64>{{$}}
func.func @fill(%v: f64, %n: i64) {
  %c3 = arith.constant 3 : i64
  %c4 = arith.constant 4 : i64
  %zero = arith.constant 0.0 : f64
  %half = arith.constant 0.5 : f64
  %Z = matrix.fill %zero, %c3, %c4 : (f64, i64, i64) -> !matrix.mat<?x?xf64>
  %W = matrix.fill %zero, %n, %n : (f64, i64, i64) -> !matrix.mat<?x?xf64>
  %F = matrix.fill %half, %c3, %c4 : (f64, i64, i64) -> !matrix.mat<?x?xf64>
  %G = matrix.fill %v, %c3, %c4 : (f64, i64, i64) -> !matrix.mat<?x?xf64>
  %H = matrix.fill %half, %n, %c4 : (f64, i64, i64) -> !matrix.mat<?x?xf64>
  func.return
}

// -----

// fill with a 0 dim: no cells, so nnz=0 whatever the value.
// CHECK-LABEL: func.func @fill_no_cells(
// CHECK:       %F = matrix.fill %v, %c0, %c4 : (f64, i64, i64) -> !matrix.mat<0x4xf64, nnz=0>{{$}}
func.func @fill_no_cells(%v: f64) {
  %c0 = arith.constant 0 : i64
  %c4 = arith.constant 4 : i64
  %F = matrix.fill %v, %c0, %c4 : (f64, i64, i64) -> !matrix.mat<?x?xf64>
  func.return
}

// -----

// seq: a column vector with as many rows as seq(from, to, step) has values,
// inclusive of `to` when reached, also with fractional and negative steps.
// CHECK-LABEL: func.func @seq_lengths(
// CHECK:       %s1 = matrix.seq %one, %ten, %one : (f64, f64, f64) -> !matrix.mat<10x1xf64>{{$}}
// CHECK-NEXT:  %s2 = matrix.seq %one, %ten, %three : (f64, f64, f64) -> !matrix.mat<4x1xf64>{{$}}
// CHECK-NEXT:  %s3 = matrix.seq %ten, %one, %mone : (f64, f64, f64) -> !matrix.mat<10x1xf64>{{$}}
// CHECK-NEXT:  %s4 = matrix.seq %zero, %one, %tenth : (f64, f64, f64) -> !matrix.mat<11x1xf64>{{$}}
// CHECK-NEXT:  %s5 = matrix.seq %three, %three, %zero : (f64, f64, f64) -> !matrix.mat<1x1xf64>{{$}}
// CHECK-NEXT:  %s6 = matrix.seq %one, %ten, %four : (f64, f64, f64) -> !matrix.mat<3x1xf64>{{$}}
func.func @seq_lengths() {
  %zero = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f64
  %three = arith.constant 3.0 : f64
  %four = arith.constant 4.0 : f64
  %ten = arith.constant 10.0 : f64
  %mone = arith.constant -1.0 : f64
  %tenth = arith.constant 0.1 : f64
  %s1 = matrix.seq %one, %ten, %one : (f64, f64, f64) -> !matrix.mat<?x?xf64>
  %s2 = matrix.seq %one, %ten, %three : (f64, f64, f64) -> !matrix.mat<?x?xf64>
  %s3 = matrix.seq %ten, %one, %mone : (f64, f64, f64) -> !matrix.mat<?x?xf64>
  %s4 = matrix.seq %zero, %one, %tenth : (f64, f64, f64) -> !matrix.mat<?x?xf64>
  %s5 = matrix.seq %three, %three, %zero : (f64, f64, f64) -> !matrix.mat<?x?xf64>
  %s6 = matrix.seq %one, %ten, %four : (f64, f64, f64) -> !matrix.mat<?x?xf64>
  func.return
}

// -----

// seq: rows unknown when an operand is unknown or the step cannot reach `to`
// (that seq fails at run time); always one column; never an nnz (seq(0, ...)
// holds a zero).
// CHECK-LABEL: func.func @seq_unknown(
// CHECK:       %a = matrix.seq %one, %x, %one : (f64, f64, f64) -> !matrix.mat<?x1xf64>{{$}}
// CHECK-NEXT:  %b = matrix.seq %one, %ten, %mone : (f64, f64, f64) -> !matrix.mat<?x1xf64>{{$}}
// CHECK-NEXT:  %c = matrix.seq %one, %ten, %zero : (f64, f64, f64) -> !matrix.mat<?x1xf64>{{$}}
// CHECK-NEXT:  %d = matrix.seq %zero, %ten, %one : (f64, f64, f64) -> !matrix.mat<11x1xf64>{{$}}
func.func @seq_unknown(%x: f64) {
  %zero = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f64
  %ten = arith.constant 10.0 : f64
  %mone = arith.constant -1.0 : f64
  %a = matrix.seq %one, %x, %one : (f64, f64, f64) -> !matrix.mat<?x?xf64>
  %b = matrix.seq %one, %ten, %mone : (f64, f64, f64) -> !matrix.mat<?x?xf64>
  %c = matrix.seq %one, %ten, %zero : (f64, f64, f64) -> !matrix.mat<?x?xf64>
  %d = matrix.seq %zero, %ten, %one : (f64, f64, f64) -> !matrix.mat<?x?xf64>
  func.return
}

// -----

// constant: dims from the value's shape, nnz = its non-zero elements.
// CHECK-LABEL: func.func @constant(
// CHECK:       %K = matrix.constant {value = dense<{{.*}}> : tensor<2x3xf64>} : !matrix.mat<2x3xf64, nnz=3>{{$}}
// CHECK-NEXT:  %Z = matrix.constant {value = dense<0.000000e+00> : tensor<2x2xf64>} : !matrix.mat<2x2xf64, nnz=0>{{$}}
// CHECK-NEXT:  %N = matrix.constant {value = dense<{{.*}}> : tensor<1x2xf64>} : !matrix.mat<1x2xf64, nnz=1>{{$}}
func.func @constant() {
  %K = matrix.constant {value = dense<[[1.0, 0.0, 2.0], [0.0, 0.0, -3.0]]> : tensor<2x3xf64>} : !matrix.mat<?x?xf64>
  %Z = matrix.constant {value = dense<0.0> : tensor<2x2xf64>} : !matrix.mat<?x?xf64>
  %N = matrix.constant {value = dense<[[0.0, -0.5]]> : tensor<1x2xf64>} : !matrix.mat<?x?xf64>
  func.return
}

// -----

// read: only the declared type says anything; it is kept, never widened or invented.
// CHECK-LABEL: func.func @read(
// CHECK:       %X = matrix.read {path = "x.npy", format = "npy"} : !matrix.mat<?x?xf64>{{$}}
// CHECK-NEXT:  %Y = matrix.read {path = "y.npy", format = "npy"} : !matrix.mat<5x2xf64, nnz=4>{{$}}
// CHECK-NEXT:  %t = matrix.transpose %Y : (!matrix.mat<5x2xf64, nnz=4>) -> !matrix.mat<2x5xf64, nnz=4>{{$}}
func.func @read() {
  %X = matrix.read {path = "x.npy", format = "npy"} : !matrix.mat<?x?xf64>
  %Y = matrix.read {path = "y.npy", format = "npy"} : !matrix.mat<5x2xf64, nnz=4>
  %t = matrix.transpose %Y : (!matrix.mat<5x2xf64, nnz=4>) -> !matrix.mat<?x?xf64>
  func.return
}

// -----

// from_scalar: always 1x1; nnz 0 or 1 when the scalar is a known constant.
// CHECK-LABEL: func.func @from_scalar(
// CHECK:       %a = matrix.from_scalar %zero : (f64) -> !matrix.mat<1x1xf64, nnz=0>{{$}}
// CHECK-NEXT:  %b = matrix.from_scalar %two : (f64) -> !matrix.mat<1x1xf64, nnz=1>{{$}}
// CHECK-NEXT:  %c = matrix.from_scalar %x : (f64) -> !matrix.mat<1x1xf64>{{$}}
// CHECK-NEXT:  %s = matrix.to_scalar %c : (!matrix.mat<1x1xf64>) -> f64{{$}}
func.func @from_scalar(%x: f64) {
  %zero = arith.constant 0.0 : f64
  %two = arith.constant 2.0 : f64
  %a = matrix.from_scalar %zero : (f64) -> !matrix.mat<?x?xf64>
  %b = matrix.from_scalar %two : (f64) -> !matrix.mat<?x?xf64>
  %c = matrix.from_scalar %x : (f64) -> !matrix.mat<?x?xf64>
  %s = matrix.to_scalar %c : (!matrix.mat<?x?xf64>) -> f64
  func.return
}

// -----

// A function's result type follows what it returns.
// CHECK-LABEL: func.func @result_type() -> !matrix.mat<3x4xf64, nnz=0> {
// CHECK:       func.return %Z : !matrix.mat<3x4xf64, nnz=0>{{$}}
func.func @result_type() -> !matrix.mat<?x?xf64> {
  %c3 = arith.constant 3 : i64
  %c4 = arith.constant 4 : i64
  %zero = arith.constant 0.0 : f64
  %Z = matrix.fill %zero, %c3, %c4 : (f64, i64, i64) -> !matrix.mat<?x?xf64>
  func.return %Z : !matrix.mat<?x?xf64>
}

// -----

// write and print have no result; what they are given is refined like any value.
// CHECK-LABEL: func.func @sinks(
// CHECK:       %F = matrix.fill %one, %c2, %c2 : (f64, i64, i64) -> !matrix.mat<2x2xf64, nnz=4>{{$}}
// CHECK-NEXT:  matrix.write %F {path = "out.npy", format = "npy"} : !matrix.mat<2x2xf64, nnz=4>{{$}}
// CHECK-NEXT:  matrix.print %F {label = "F"} : !matrix.mat<2x2xf64, nnz=4>{{$}}
func.func @sinks() {
  %c2 = arith.constant 2 : i64
  %one = arith.constant 1.0 : f64
  %F = matrix.fill %one, %c2, %c2 : (f64, i64, i64) -> !matrix.mat<?x?xf64>
  matrix.write %F {path = "out.npy", format = "npy"} : !matrix.mat<?x?xf64>
  matrix.print %F {label = "F"} : !matrix.mat<?x?xf64>
  func.return
}

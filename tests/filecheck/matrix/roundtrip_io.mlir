// Round trip of the matrix dialect's sources, sinks and generators:
// read write print rand fill seq constant.
//
// Each case must print in the custom syntax exactly as in its CHECK lines, the
// custom output must re-parse to the same text, and the generic form
// (--print-op-generic) must re-parse to the same custom output. GEN checks the
// generic form itself: fixed operand order, and properties named as the op
// definitions in dialects/matrix.py name them (README, "The matrix dialect").

// RUN: amls-opt %s --split-input-file | filecheck %s
// RUN: amls-opt %s --split-input-file | amls-opt --split-input-file | filecheck %s
// RUN: amls-opt %s --split-input-file --print-op-generic | amls-opt --split-input-file | filecheck %s
// RUN: amls-opt %s --split-input-file --print-op-generic | filecheck %s --check-prefix=GEN
// RUN: amls-opt %s --split-input-file | filecheck %s --check-prefix=CUSTOM
// RUN: amls-opt %s --split-input-file --print-op-generic | filecheck %s --check-prefix=GENERIC

// No op is left in the generic form by the custom printer, none in the custom
// form by the generic one, and nothing fails.
// CUSTOM-NOT: "matrix.
// CUSTOM-NOT: <{{[{]}}
// CUSTOM-NOT: error
// GENERIC-NOT: {{^ *(%[a-z0-9_]+ = )?}}matrix.
// GENERIC-NOT: error
// Ops without operands (read, constant) or without results (write, print) use the short `: T` form.
// CUSTOM-NOT: () ->
// CUSTOM-NOT: -> ()

// matrix.read: path and format are properties; prints in the short form `: T`.
// CHECK-LABEL: func.func @read_csv(
// CHECK:      %X = matrix.read {path = "data/X.csv", format = "csv"} : !matrix.mat<?x?xf64>{{$}}
// CHECK-NEXT: func.return
// GEN-LABEL: "func.func"() <{sym_name = "read_csv"
// GEN:      %X = "matrix.read"() <{path = "data/X.csv", format = "csv"}> : () -> !matrix.mat<?x?xf64>{{$}}
// GEN-NEXT: "func.return"
func.func @read_csv() {
  %X = matrix.read {path = "data/X.csv", format = "csv"} : !matrix.mat<?x?xf64>
  func.return
}

// -----

// matrix.read: the long form `: () -> T` is accepted and prints short; npy and mtx formats.
// CHECK-LABEL: func.func @read_long_form(
// CHECK:      %X = matrix.read {path = "X.npy", format = "npy"} : !matrix.mat<10x5xf64>{{$}}
// CHECK-NEXT: %Y = matrix.read {path = "Y.mtx", format = "mtx"} : !matrix.mat<1000x1000xf64, nnz=5000>{{$}}
// CHECK-NEXT: func.return
// GEN-LABEL: "func.func"() <{sym_name = "read_long_form"
// GEN:      %X = "matrix.read"() <{path = "X.npy", format = "npy"}> : () -> !matrix.mat<10x5xf64>{{$}}
// GEN-NEXT: %Y = "matrix.read"() <{path = "Y.mtx", format = "mtx"}> : () -> !matrix.mat<1000x1000xf64, nnz=5000>{{$}}
// GEN-NEXT: "func.return"
func.func @read_long_form() {
  %X = matrix.read {path = "X.npy", format = "npy"} : () -> !matrix.mat<10x5xf64>
  %Y = matrix.read {path = "Y.mtx", format = "mtx"} : !matrix.mat<1000x1000xf64, nnz=5000>
  func.return
}

// -----

// matrix.write: one operand, no result.
// CHECK-LABEL: func.func @write(
// CHECK:      matrix.write %X {path = "out.csv", format = "csv"} : !matrix.mat<10x5xf64>{{$}}
// CHECK-NEXT: func.return
// GEN-LABEL: "func.func"() <{sym_name = "write"
// GEN:      "matrix.write"(%X) <{path = "out.csv", format = "csv"}> : (!matrix.mat<10x5xf64>) -> (){{$}}
// GEN-NEXT: "func.return"
func.func @write(%X: !matrix.mat<10x5xf64>) {
  matrix.write %X {path = "out.csv", format = "csv"} : !matrix.mat<10x5xf64>
  func.return
}

// -----

// matrix.print without a label: no label property at all.
// CHECK-LABEL: func.func @print_no_label(
// CHECK:      matrix.print %X : !matrix.mat<10x5xf64>{{$}}
// CHECK-NEXT: func.return
// GEN-LABEL: "func.func"() <{sym_name = "print_no_label"
// GEN:      "matrix.print"(%X) : (!matrix.mat<10x5xf64>) -> (){{$}}
// GEN-NEXT: "func.return"
func.func @print_no_label(%X: !matrix.mat<10x5xf64>) {
  matrix.print %X : !matrix.mat<10x5xf64>
  func.return
}

// -----

// matrix.print with a label, of a matrix, an f64 and an i64 scalar.
// CHECK-LABEL: func.func @print_label(
// CHECK:      matrix.print %X {label = "X"} : !matrix.mat<10x5xf64>{{$}}
// CHECK-NEXT: matrix.print %s {label = "loss"} : f64{{$}}
// CHECK-NEXT: matrix.print %n : i64{{$}}
// CHECK-NEXT: func.return
// GEN-LABEL: "func.func"() <{sym_name = "print_label"
// GEN:      "matrix.print"(%X) <{label = "X"}> : (!matrix.mat<10x5xf64>) -> (){{$}}
// GEN-NEXT: "matrix.print"(%s) <{label = "loss"}> : (f64) -> (){{$}}
// GEN-NEXT: "matrix.print"(%n) : (i64) -> (){{$}}
// GEN-NEXT: "func.return"
func.func @print_label(%X: !matrix.mat<10x5xf64>, %s: f64, %n: i64) {
  matrix.print %X {label = "X"} : !matrix.mat<10x5xf64>
  matrix.print %s {label = "loss"} : f64
  matrix.print %n : i64
  func.return
}

// -----

// matrix.rand without properties: the defaults are filled in and printed; no seed.
// CHECK-LABEL: func.func @rand_defaults(
// CHECK:      %A = matrix.rand %r, %c {min = 0.0, max = 1.0, sparsity = 1.0, pdf = "uniform"} : (i64, i64) -> !matrix.mat<?x?xf64>{{$}}
// CHECK-NEXT: func.return
// GEN-LABEL: "func.func"() <{sym_name = "rand_defaults"
// GEN:      %A = "matrix.rand"(%r, %c) <{min = 0.000000e+00 : f64, max = 1.000000e+00 : f64, sparsity = 1.000000e+00 : f64, pdf = "uniform"}> : (i64, i64) -> !matrix.mat<?x?xf64>{{$}}
// GEN-NEXT: "func.return"
func.func @rand_defaults(%r: i64, %c: i64) {
  %A = matrix.rand %r, %c : (i64, i64) -> !matrix.mat<?x?xf64>
  func.return
}

// -----

// matrix.rand with every property; seed is an i64, the bounds and sparsity f64.
// CHECK-LABEL: func.func @rand_seed(
// CHECK:      %A = matrix.rand %r, %c {min = -1.5, max = 2.0, sparsity = 0.25, pdf = "normal", seed = 42} : (i64, i64) -> !matrix.mat<10x5xf64>{{$}}
// CHECK-NEXT: func.return
// GEN-LABEL: "func.func"() <{sym_name = "rand_seed"
// GEN:      %A = "matrix.rand"(%r, %c) <{min = -1.500000e+00 : f64, max = 2.000000e+00 : f64, sparsity = 2.500000e-01 : f64, pdf = "normal", seed = 42 : i64}> : (i64, i64) -> !matrix.mat<10x5xf64>{{$}}
// GEN-NEXT: "func.return"
func.func @rand_seed() {
  %r = arith.constant 10 : i64
  %c = arith.constant 5 : i64
  %A = matrix.rand %r, %c {min = -1.5, max = 2.0, sparsity = 0.25, pdf = "normal", seed = 42} : (i64, i64) -> !matrix.mat<10x5xf64>
  func.return
}

// -----

// matrix.rand: properties spelled in any order print in definition order
// (min, max, sparsity, pdf, seed), in both forms; missing ones get their defaults.
// CHECK-LABEL: func.func @rand_order(
// CHECK:      %A = matrix.rand %r, %c {min = 0.5, max = 1.0, sparsity = 1.0, pdf = "normal", seed = 3} : (i64, i64) -> !matrix.mat<?x?xf64>{{$}}
// CHECK-NEXT: func.return
// GEN-LABEL: "func.func"() <{sym_name = "rand_order"
// GEN:      %A = "matrix.rand"(%r, %c) <{min = 5.000000e-01 : f64, max = 1.000000e+00 : f64, sparsity = 1.000000e+00 : f64, pdf = "normal", seed = 3 : i64}> : (i64, i64) -> !matrix.mat<?x?xf64>{{$}}
// GEN-NEXT: "func.return"
func.func @rand_order(%r: i64, %c: i64) {
  %A = matrix.rand %r, %c {seed = 3, pdf = "normal", min = 0.5} : (i64, i64) -> !matrix.mat<?x?xf64>
  func.return
}

// -----

// matrix.read: properties print in definition order (path, format).
// CHECK-LABEL: func.func @read_order(
// CHECK:      %X = matrix.read {path = "X.csv", format = "csv"} : !matrix.mat<?x?xf64>{{$}}
// CHECK-NEXT: func.return
// GEN-LABEL: "func.func"() <{sym_name = "read_order"
// GEN:      %X = "matrix.read"() <{path = "X.csv", format = "csv"}> : () -> !matrix.mat<?x?xf64>{{$}}
// GEN-NEXT: "func.return"
func.func @read_order() {
  %X = matrix.read {format = "csv", path = "X.csv"} : !matrix.mat<?x?xf64>
  func.return
}

// -----

// matrix.rand: f64 properties print as literals that read back exactly.
// CHECK-LABEL: func.func @rand_float_literals(
// CHECK:      %A = matrix.rand %r, %c {min = 0.1, max = 0.30000000000000004, sparsity = 1.0e-05, pdf = "uniform", seed = 7} : (i64, i64) -> !matrix.mat<?x?xf64>{{$}}
// CHECK-NEXT: %B = matrix.rand %r, %c {min = -1.0e+20, max = 1.0e+20, sparsity = 0.0, pdf = "uniform"} : (i64, i64) -> !matrix.mat<?x?xf64>{{$}}
// CHECK-NEXT: func.return
// GEN-LABEL: "func.func"() <{sym_name = "rand_float_literals"
// GEN:      %A = "matrix.rand"(%r, %c) <{min = 1.000000e-01 : f64, max = 0.30000000000000004 : f64, sparsity = 1.000000e-05 : f64, pdf = "uniform", seed = 7 : i64}> : (i64, i64) -> !matrix.mat<?x?xf64>{{$}}
// GEN-NEXT: %B = "matrix.rand"(%r, %c) <{min = -1.000000e+20 : f64, max = 1.000000e+20 : f64, sparsity = 0.000000e+00 : f64, pdf = "uniform"}> : (i64, i64) -> !matrix.mat<?x?xf64>{{$}}
// GEN-NEXT: "func.return"
func.func @rand_float_literals(%r: i64, %c: i64) {
  %A = matrix.rand %r, %c {min = 0.1, max = 0.30000000000000004, sparsity = 1.0e-05, pdf = "uniform", seed = 7} : (i64, i64) -> !matrix.mat<?x?xf64>
  %B = matrix.rand %r, %c {min = -1.0e+20, max = 1.0e+20, sparsity = 0.0, pdf = "uniform"} : (i64, i64) -> !matrix.mat<?x?xf64>
  func.return
}

// -----

// matrix.fill: operand order (value, rows, cols).
// CHECK-LABEL: func.func @fill(
// CHECK:      %A = matrix.fill %v, %r, %c : (f64, i64, i64) -> !matrix.mat<?x?xf64>{{$}}
// CHECK-NEXT: func.return
// GEN-LABEL: "func.func"() <{sym_name = "fill"
// GEN:      %A = "matrix.fill"(%v, %r, %c) : (f64, i64, i64) -> !matrix.mat<?x?xf64>{{$}}
// GEN-NEXT: "func.return"
func.func @fill(%v: f64, %r: i64, %c: i64) {
  %A = matrix.fill %v, %r, %c : (f64, i64, i64) -> !matrix.mat<?x?xf64>
  func.return
}

// -----

// matrix.fill with constant dims states them in its type.
// CHECK-LABEL: func.func @fill_const_dims(
// CHECK:      %A = matrix.fill %v, %r, %c : (f64, i64, i64) -> !matrix.mat<10x5xf64>{{$}}
// CHECK-NEXT: func.return
// GEN-LABEL: "func.func"() <{sym_name = "fill_const_dims"
// GEN:      %A = "matrix.fill"(%v, %r, %c) : (f64, i64, i64) -> !matrix.mat<10x5xf64>{{$}}
// GEN-NEXT: "func.return"
func.func @fill_const_dims(%v: f64) {
  %r = arith.constant 10 : i64
  %c = arith.constant 5 : i64
  %A = matrix.fill %v, %r, %c : (f64, i64, i64) -> !matrix.mat<10x5xf64>
  func.return
}

// -----

// matrix.seq: operand order (from, to, step); the result is a column vector.
// CHECK-LABEL: func.func @seq(
// CHECK:      %v = matrix.seq %a, %b, %s : (f64, f64, f64) -> !matrix.mat<?x1xf64>{{$}}
// CHECK-NEXT: func.return
// GEN-LABEL: "func.func"() <{sym_name = "seq"
// GEN:      %v = "matrix.seq"(%a, %b, %s) : (f64, f64, f64) -> !matrix.mat<?x1xf64>{{$}}
// GEN-NEXT: "func.return"
func.func @seq(%a: f64, %b: f64, %s: f64) {
  %v = matrix.seq %a, %b, %s : (f64, f64, f64) -> !matrix.mat<?x1xf64>
  func.return
}

// -----

// matrix.constant: a dense elements property of tensor<RxCxf64>.
// CHECK-LABEL: func.func @constant(
// CHECK:      %K = matrix.constant {value = dense<{{\[\[}}1.500000e+00, -2.000000e+00], [0.000000e+00, 3.250000e+00{{\]\]}}> : tensor<2x2xf64>} : !matrix.mat<2x2xf64>{{$}}
// CHECK-NEXT: func.return
// GEN-LABEL: "func.func"() <{sym_name = "constant"
// GEN:      %K = "matrix.constant"() <{value = dense<{{\[\[}}1.500000e+00, -2.000000e+00], [0.000000e+00, 3.250000e+00{{\]\]}}> : tensor<2x2xf64>}> : () -> !matrix.mat<2x2xf64>{{$}}
// GEN-NEXT: "func.return"
func.func @constant() {
  %K = matrix.constant {value = dense<[[1.5, -2.0], [0.0, 3.25]]> : tensor<2x2xf64>} : () -> !matrix.mat<2x2xf64>
  func.return
}

// -----

// matrix.constant: a splat value; a row vector.
// CHECK-LABEL: func.func @constant_splat(
// CHECK:      %K = matrix.constant {value = dense<4.000000e+00> : tensor<1x3xf64>} : !matrix.mat<1x3xf64>{{$}}
// CHECK-NEXT: func.return
// GEN-LABEL: "func.func"() <{sym_name = "constant_splat"
// GEN:      %K = "matrix.constant"() <{value = dense<4.000000e+00> : tensor<1x3xf64>}> : () -> !matrix.mat<1x3xf64>{{$}}
// GEN-NEXT: "func.return"
func.func @constant_splat() {
  %K = matrix.constant {value = dense<4.000000e+00> : tensor<1x3xf64>} : !matrix.mat<1x3xf64>
  func.return
}

// -----

// matrix.constant: values that need all 17 digits survive both printers unchanged.
// CHECK-LABEL: func.func @constant_exact(
// CHECK:      %K = matrix.constant {value = dense<{{\[\[}}1.000000e-01, 0.30000000000000004, 1.000000e-300, 123456789.123{{\]\]}}> : tensor<1x4xf64>} : !matrix.mat<1x4xf64>{{$}}
// CHECK-NEXT: func.return
// GEN-LABEL: "func.func"() <{sym_name = "constant_exact"
// GEN:      %K = "matrix.constant"() <{value = dense<{{\[\[}}1.000000e-01, 0.30000000000000004, 1.000000e-300, 123456789.123{{\]\]}}> : tensor<1x4xf64>}> : () -> !matrix.mat<1x4xf64>{{$}}
// GEN-NEXT: "func.return"
func.func @constant_exact() {
  %K = matrix.constant {value = dense<[[0.1, 0.30000000000000004, 1.0e-300, 123456789.123]]> : tensor<1x4xf64>} : !matrix.mat<1x4xf64>
  func.return
}

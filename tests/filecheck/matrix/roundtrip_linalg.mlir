// Round trip of the matrix dialect's linear algebra and reorganisation ops:
// matmul transpose diag reshape trace slice update cbind rbind solve inv.
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

// matrix.matmul: operand order (A, B); known dims.
// CHECK-LABEL: func.func @matmul(
// CHECK:      %C = matrix.matmul %A, %B : (!matrix.mat<100x10xf64>, !matrix.mat<10x1xf64>) -> !matrix.mat<100x1xf64>{{$}}
// CHECK-NEXT: func.return
// GEN-LABEL: "func.func"() <{sym_name = "matmul"
// GEN:      %C = "matrix.matmul"(%A, %B) : (!matrix.mat<100x10xf64>, !matrix.mat<10x1xf64>) -> !matrix.mat<100x1xf64>{{$}}
// GEN-NEXT: "func.return"
func.func @matmul(%A: !matrix.mat<100x10xf64>, %B: !matrix.mat<10x1xf64>) {
  %C = matrix.matmul %A, %B : (!matrix.mat<100x10xf64>, !matrix.mat<10x1xf64>) -> !matrix.mat<100x1xf64>
  func.return
}

// -----

// matrix.matmul: `?` inner dims and an nnz fact on an operand.
// CHECK-LABEL: func.func @matmul_unknown(
// CHECK:      %C = matrix.matmul %A, %B : (!matrix.mat<100x?xf64>, !matrix.mat<?x1xf64, nnz=5>) -> !matrix.mat<100x1xf64>{{$}}
// CHECK-NEXT: func.return
// GEN-LABEL: "func.func"() <{sym_name = "matmul_unknown"
// GEN:      %C = "matrix.matmul"(%A, %B) : (!matrix.mat<100x?xf64>, !matrix.mat<?x1xf64, nnz=5>) -> !matrix.mat<100x1xf64>{{$}}
// GEN-NEXT: "func.return"
func.func @matmul_unknown(%A: !matrix.mat<100x?xf64>, %B: !matrix.mat<?x1xf64, nnz=5>) {
  %C = matrix.matmul %A, %B : (!matrix.mat<100x?xf64>, !matrix.mat<?x1xf64, nnz=5>) -> !matrix.mat<100x1xf64>
  func.return
}

// -----

// matrix.transpose: known and unknown dims swap.
// CHECK-LABEL: func.func @transpose(
// CHECK:      %t = matrix.transpose %A : (!matrix.mat<100x?xf64>) -> !matrix.mat<?x100xf64>{{$}}
// CHECK-NEXT: %u = matrix.transpose %S : !matrix.mat<5x5xf64>{{$}}
// CHECK-NEXT: func.return
// GEN-LABEL: "func.func"() <{sym_name = "transpose"
// GEN:      %t = "matrix.transpose"(%A) : (!matrix.mat<100x?xf64>) -> !matrix.mat<?x100xf64>{{$}}
// GEN-NEXT: %u = "matrix.transpose"(%S) : (!matrix.mat<5x5xf64>) -> !matrix.mat<5x5xf64>{{$}}
// GEN-NEXT: "func.return"
func.func @transpose(%A: !matrix.mat<100x?xf64>, %S: !matrix.mat<5x5xf64>) {
  %t = matrix.transpose %A : (!matrix.mat<100x?xf64>) -> !matrix.mat<?x100xf64>
  %u = matrix.transpose %S : !matrix.mat<5x5xf64>
  func.return
}

// -----

// matrix.diag: column vector -> diagonal matrix, square matrix -> column vector.
// CHECK-LABEL: func.func @diag(
// CHECK:      %D = matrix.diag %v : (!matrix.mat<5x1xf64>) -> !matrix.mat<5x5xf64>{{$}}
// CHECK-NEXT: %d = matrix.diag %S : (!matrix.mat<5x5xf64>) -> !matrix.mat<5x1xf64>{{$}}
// CHECK-NEXT: func.return
// GEN-LABEL: "func.func"() <{sym_name = "diag"
// GEN:      %D = "matrix.diag"(%v) : (!matrix.mat<5x1xf64>) -> !matrix.mat<5x5xf64>{{$}}
// GEN-NEXT: %d = "matrix.diag"(%S) : (!matrix.mat<5x5xf64>) -> !matrix.mat<5x1xf64>{{$}}
// GEN-NEXT: "func.return"
func.func @diag(%v: !matrix.mat<5x1xf64>, %S: !matrix.mat<5x5xf64>) {
  %D = matrix.diag %v : (!matrix.mat<5x1xf64>) -> !matrix.mat<5x5xf64>
  %d = matrix.diag %S : (!matrix.mat<5x5xf64>) -> !matrix.mat<5x1xf64>
  func.return
}

// -----

// matrix.reshape: operand order (A, rows, cols).
// CHECK-LABEL: func.func @reshape(
// CHECK:      %R = matrix.reshape %A, %r, %c : (!matrix.mat<10x6xf64>, i64, i64) -> !matrix.mat<?x?xf64>{{$}}
// CHECK-NEXT: func.return
// GEN-LABEL: "func.func"() <{sym_name = "reshape"
// GEN:      %R = "matrix.reshape"(%A, %r, %c) : (!matrix.mat<10x6xf64>, i64, i64) -> !matrix.mat<?x?xf64>{{$}}
// GEN-NEXT: "func.return"
func.func @reshape(%A: !matrix.mat<10x6xf64>, %r: i64, %c: i64) {
  %R = matrix.reshape %A, %r, %c : (!matrix.mat<10x6xf64>, i64, i64) -> !matrix.mat<?x?xf64>
  func.return
}

// -----

// matrix.reshape with constant dims of the same cell count.
// CHECK-LABEL: func.func @reshape_const(
// CHECK:      %R = matrix.reshape %A, %r, %c : (!matrix.mat<10x6xf64>, i64, i64) -> !matrix.mat<4x15xf64>{{$}}
// CHECK-NEXT: func.return
// GEN-LABEL: "func.func"() <{sym_name = "reshape_const"
// GEN:      %R = "matrix.reshape"(%A, %r, %c) : (!matrix.mat<10x6xf64>, i64, i64) -> !matrix.mat<4x15xf64>{{$}}
// GEN-NEXT: "func.return"
func.func @reshape_const(%A: !matrix.mat<10x6xf64>) {
  %r = arith.constant 4 : i64
  %c = arith.constant 15 : i64
  %R = matrix.reshape %A, %r, %c : (!matrix.mat<10x6xf64>, i64, i64) -> !matrix.mat<4x15xf64>
  func.return
}

// -----

// matrix.trace: square matrix -> f64.
// CHECK-LABEL: func.func @trace(
// CHECK:      %t = matrix.trace %S : (!matrix.mat<5x5xf64>) -> f64{{$}}
// CHECK-NEXT: %u = matrix.trace %U : (!matrix.mat<?x?xf64>) -> f64{{$}}
// CHECK-NEXT: func.return
// GEN-LABEL: "func.func"() <{sym_name = "trace"
// GEN:      %t = "matrix.trace"(%S) : (!matrix.mat<5x5xf64>) -> f64{{$}}
// GEN-NEXT: %u = "matrix.trace"(%U) : (!matrix.mat<?x?xf64>) -> f64{{$}}
// GEN-NEXT: "func.return"
func.func @trace(%S: !matrix.mat<5x5xf64>, %U: !matrix.mat<?x?xf64>) {
  %t = matrix.trace %S : (!matrix.mat<5x5xf64>) -> f64
  %u = matrix.trace %U : (!matrix.mat<?x?xf64>) -> f64
  func.return
}

// -----

// matrix.slice: operand order (A, r0, r1, c0, c1).
// CHECK-LABEL: func.func @slice(
// CHECK:      %s = matrix.slice %A, %r0, %r1, %c0, %c1 : (!matrix.mat<10x5xf64>, i64, i64, i64, i64) -> !matrix.mat<?x?xf64>{{$}}
// CHECK-NEXT: func.return
// GEN-LABEL: "func.func"() <{sym_name = "slice"
// GEN:      %s = "matrix.slice"(%A, %r0, %r1, %c0, %c1) : (!matrix.mat<10x5xf64>, i64, i64, i64, i64) -> !matrix.mat<?x?xf64>{{$}}
// GEN-NEXT: "func.return"
func.func @slice(%A: !matrix.mat<10x5xf64>, %r0: i64, %r1: i64, %c0: i64, %c1: i64) {
  %s = matrix.slice %A, %r0, %r1, %c0, %c1 : (!matrix.mat<10x5xf64>, i64, i64, i64, i64) -> !matrix.mat<?x?xf64>
  func.return
}

// -----

// matrix.slice with constant bounds, including an empty range and the full extent.
// CHECK-LABEL: func.func @slice_const(
// CHECK:      %s = matrix.slice %A, %c0, %c3, %c2, %c5 : (!matrix.mat<10x5xf64>, i64, i64, i64, i64) -> !matrix.mat<3x3xf64>{{$}}
// CHECK-NEXT: %e = matrix.slice %A, %c3, %c3, %c0, %c5 : (!matrix.mat<10x5xf64>, i64, i64, i64, i64) -> !matrix.mat<0x5xf64>{{$}}
// CHECK-NEXT: %f = matrix.slice %A, %c0, %c10, %c0, %c5 : (!matrix.mat<10x5xf64>, i64, i64, i64, i64) -> !matrix.mat<10x5xf64>{{$}}
// CHECK-NEXT: func.return
// GEN-LABEL: "func.func"() <{sym_name = "slice_const"
// GEN:      %s = "matrix.slice"(%A, %c0, %c3, %c2, %c5) : (!matrix.mat<10x5xf64>, i64, i64, i64, i64) -> !matrix.mat<3x3xf64>{{$}}
// GEN-NEXT: %e = "matrix.slice"(%A, %c3, %c3, %c0, %c5) : (!matrix.mat<10x5xf64>, i64, i64, i64, i64) -> !matrix.mat<0x5xf64>{{$}}
// GEN-NEXT: %f = "matrix.slice"(%A, %c0, %c10, %c0, %c5) : (!matrix.mat<10x5xf64>, i64, i64, i64, i64) -> !matrix.mat<10x5xf64>{{$}}
// GEN-NEXT: "func.return"
func.func @slice_const(%A: !matrix.mat<10x5xf64>) {
  %c0 = arith.constant 0 : i64
  %c2 = arith.constant 2 : i64
  %c3 = arith.constant 3 : i64
  %c5 = arith.constant 5 : i64
  %c10 = arith.constant 10 : i64
  %s = matrix.slice %A, %c0, %c3, %c2, %c5 : (!matrix.mat<10x5xf64>, i64, i64, i64, i64) -> !matrix.mat<3x3xf64>
  %e = matrix.slice %A, %c3, %c3, %c0, %c5 : (!matrix.mat<10x5xf64>, i64, i64, i64, i64) -> !matrix.mat<0x5xf64>
  %f = matrix.slice %A, %c0, %c10, %c0, %c5 : (!matrix.mat<10x5xf64>, i64, i64, i64, i64) -> !matrix.mat<10x5xf64>
  func.return
}

// -----

// matrix.update: operand order (A, B, r0, c0); the result has A's type.
// CHECK-LABEL: func.func @update(
// CHECK:      %U = matrix.update %A, %B, %r, %c : (!matrix.mat<10x5xf64>, !matrix.mat<2x3xf64>, i64, i64) -> !matrix.mat<10x5xf64>{{$}}
// CHECK-NEXT: func.return
// GEN-LABEL: "func.func"() <{sym_name = "update"
// GEN:      %U = "matrix.update"(%A, %B, %r, %c) : (!matrix.mat<10x5xf64>, !matrix.mat<2x3xf64>, i64, i64) -> !matrix.mat<10x5xf64>{{$}}
// GEN-NEXT: "func.return"
func.func @update(%A: !matrix.mat<10x5xf64>, %B: !matrix.mat<2x3xf64>, %r: i64, %c: i64) {
  %U = matrix.update %A, %B, %r, %c : (!matrix.mat<10x5xf64>, !matrix.mat<2x3xf64>, i64, i64) -> !matrix.mat<10x5xf64>
  func.return
}

// -----

// matrix.cbind of two operands.
// CHECK-LABEL: func.func @cbind(
// CHECK:      %C = matrix.cbind %A, %B : (!matrix.mat<10x5xf64>, !matrix.mat<10x1xf64>) -> !matrix.mat<10x6xf64>{{$}}
// CHECK-NEXT: func.return
// GEN-LABEL: "func.func"() <{sym_name = "cbind"
// GEN:      %C = "matrix.cbind"(%A, %B) : (!matrix.mat<10x5xf64>, !matrix.mat<10x1xf64>) -> !matrix.mat<10x6xf64>{{$}}
// GEN-NEXT: "func.return"
func.func @cbind(%A: !matrix.mat<10x5xf64>, %B: !matrix.mat<10x1xf64>) {
  %C = matrix.cbind %A, %B : (!matrix.mat<10x5xf64>, !matrix.mat<10x1xf64>) -> !matrix.mat<10x6xf64>
  func.return
}

// -----

// matrix.cbind of three operands (variadic), short form when all types agree.
// CHECK-LABEL: func.func @cbind3(
// CHECK:      %C = matrix.cbind %A, %B, %A : (!matrix.mat<10x2xf64>, !matrix.mat<10x?xf64>, !matrix.mat<10x2xf64>) -> !matrix.mat<10x?xf64>{{$}}
// CHECK-NEXT: %D = matrix.cbind %B, %B, %B : !matrix.mat<10x?xf64>{{$}}
// CHECK-NEXT: func.return
// GEN-LABEL: "func.func"() <{sym_name = "cbind3"
// GEN:      %C = "matrix.cbind"(%A, %B, %A) : (!matrix.mat<10x2xf64>, !matrix.mat<10x?xf64>, !matrix.mat<10x2xf64>) -> !matrix.mat<10x?xf64>{{$}}
// GEN-NEXT: %D = "matrix.cbind"(%B, %B, %B) : (!matrix.mat<10x?xf64>, !matrix.mat<10x?xf64>, !matrix.mat<10x?xf64>) -> !matrix.mat<10x?xf64>{{$}}
// GEN-NEXT: "func.return"
func.func @cbind3(%A: !matrix.mat<10x2xf64>, %B: !matrix.mat<10x?xf64>) {
  %C = matrix.cbind %A, %B, %A : (!matrix.mat<10x2xf64>, !matrix.mat<10x?xf64>, !matrix.mat<10x2xf64>) -> !matrix.mat<10x?xf64>
  %D = matrix.cbind %B, %B, %B : !matrix.mat<10x?xf64>
  func.return
}

// -----

// matrix.rbind of two operands.
// CHECK-LABEL: func.func @rbind(
// CHECK:      %R = matrix.rbind %A, %B : (!matrix.mat<10x5xf64>, !matrix.mat<1x5xf64>) -> !matrix.mat<11x5xf64>{{$}}
// CHECK-NEXT: func.return
// GEN-LABEL: "func.func"() <{sym_name = "rbind"
// GEN:      %R = "matrix.rbind"(%A, %B) : (!matrix.mat<10x5xf64>, !matrix.mat<1x5xf64>) -> !matrix.mat<11x5xf64>{{$}}
// GEN-NEXT: "func.return"
func.func @rbind(%A: !matrix.mat<10x5xf64>, %B: !matrix.mat<1x5xf64>) {
  %R = matrix.rbind %A, %B : (!matrix.mat<10x5xf64>, !matrix.mat<1x5xf64>) -> !matrix.mat<11x5xf64>
  func.return
}

// -----

// matrix.rbind of three operands.
// CHECK-LABEL: func.func @rbind3(
// CHECK:      %R = matrix.rbind %A, %B, %B : (!matrix.mat<10x5xf64>, !matrix.mat<1x5xf64>, !matrix.mat<1x5xf64>) -> !matrix.mat<12x5xf64>{{$}}
// CHECK-NEXT: %S = matrix.rbind %A, %U, %B : (!matrix.mat<10x5xf64>, !matrix.mat<?x?xf64>, !matrix.mat<1x5xf64>) -> !matrix.mat<?x5xf64>{{$}}
// CHECK-NEXT: func.return
// GEN-LABEL: "func.func"() <{sym_name = "rbind3"
// GEN:      %R = "matrix.rbind"(%A, %B, %B) : (!matrix.mat<10x5xf64>, !matrix.mat<1x5xf64>, !matrix.mat<1x5xf64>) -> !matrix.mat<12x5xf64>{{$}}
// GEN-NEXT: %S = "matrix.rbind"(%A, %U, %B) : (!matrix.mat<10x5xf64>, !matrix.mat<?x?xf64>, !matrix.mat<1x5xf64>) -> !matrix.mat<?x5xf64>{{$}}
// GEN-NEXT: "func.return"
func.func @rbind3(%A: !matrix.mat<10x5xf64>, %B: !matrix.mat<1x5xf64>, %U: !matrix.mat<?x?xf64>) {
  %R = matrix.rbind %A, %B, %B : (!matrix.mat<10x5xf64>, !matrix.mat<1x5xf64>, !matrix.mat<1x5xf64>) -> !matrix.mat<12x5xf64>
  %S = matrix.rbind %A, %U, %B : (!matrix.mat<10x5xf64>, !matrix.mat<?x?xf64>, !matrix.mat<1x5xf64>) -> !matrix.mat<?x5xf64>
  func.return
}

// -----

// matrix.solve: operand order (A, b).
// CHECK-LABEL: func.func @solve(
// CHECK:      %x = matrix.solve %A, %b : (!matrix.mat<5x5xf64>, !matrix.mat<5x1xf64>) -> !matrix.mat<5x1xf64>{{$}}
// CHECK-NEXT: func.return
// GEN-LABEL: "func.func"() <{sym_name = "solve"
// GEN:      %x = "matrix.solve"(%A, %b) : (!matrix.mat<5x5xf64>, !matrix.mat<5x1xf64>) -> !matrix.mat<5x1xf64>{{$}}
// GEN-NEXT: "func.return"
func.func @solve(%A: !matrix.mat<5x5xf64>, %b: !matrix.mat<5x1xf64>) {
  %x = matrix.solve %A, %b : (!matrix.mat<5x5xf64>, !matrix.mat<5x1xf64>) -> !matrix.mat<5x1xf64>
  func.return
}

// -----

// matrix.inv: square, and unknown.
// CHECK-LABEL: func.func @inv(
// CHECK:      %I = matrix.inv %A : !matrix.mat<5x5xf64>{{$}}
// CHECK-NEXT: %J = matrix.inv %U : !matrix.mat<?x?xf64>{{$}}
// CHECK-NEXT: func.return
// GEN-LABEL: "func.func"() <{sym_name = "inv"
// GEN:      %I = "matrix.inv"(%A) : (!matrix.mat<5x5xf64>) -> !matrix.mat<5x5xf64>{{$}}
// GEN-NEXT: %J = "matrix.inv"(%U) : (!matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>{{$}}
// GEN-NEXT: "func.return"
func.func @inv(%A: !matrix.mat<5x5xf64>, %U: !matrix.mat<?x?xf64>) {
  %I = matrix.inv %A : !matrix.mat<5x5xf64>
  %J = matrix.inv %U : !matrix.mat<?x?xf64>
  func.return
}

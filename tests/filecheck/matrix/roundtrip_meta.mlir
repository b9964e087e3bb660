// Round trip of the metadata and scalar bridge ops: nrow ncol nnz to_scalar from_scalar cast.
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

// matrix.nrow: matrix -> i64.
// CHECK-LABEL: func.func @nrow(
// CHECK:      %n = matrix.nrow %X : (!matrix.mat<10x5xf64>) -> i64{{$}}
// CHECK-NEXT: %m = matrix.nrow %U : (!matrix.mat<3x4xf64, nnz=7>) -> i64{{$}}
// CHECK-NEXT: func.return
// GEN-LABEL: "func.func"() <{sym_name = "nrow"
// GEN:      %n = "matrix.nrow"(%X) : (!matrix.mat<10x5xf64>) -> i64{{$}}
// GEN-NEXT: %m = "matrix.nrow"(%U) : (!matrix.mat<3x4xf64, nnz=7>) -> i64{{$}}
// GEN-NEXT: "func.return"
func.func @nrow(%X: !matrix.mat<10x5xf64>, %U: !matrix.mat<3x4xf64, nnz=7>) {
  %n = matrix.nrow %X : (!matrix.mat<10x5xf64>) -> i64
  %m = matrix.nrow %U : (!matrix.mat<3x4xf64, nnz=7>) -> i64
  func.return
}

// -----

// matrix.ncol: matrix -> i64.
// CHECK-LABEL: func.func @ncol(
// CHECK:      %n = matrix.ncol %X : (!matrix.mat<10x5xf64>) -> i64{{$}}
// CHECK-NEXT: %m = matrix.ncol %U : (!matrix.mat<3x4xf64, nnz=7>) -> i64{{$}}
// CHECK-NEXT: func.return
// GEN-LABEL: "func.func"() <{sym_name = "ncol"
// GEN:      %n = "matrix.ncol"(%X) : (!matrix.mat<10x5xf64>) -> i64{{$}}
// GEN-NEXT: %m = "matrix.ncol"(%U) : (!matrix.mat<3x4xf64, nnz=7>) -> i64{{$}}
// GEN-NEXT: "func.return"
func.func @ncol(%X: !matrix.mat<10x5xf64>, %U: !matrix.mat<3x4xf64, nnz=7>) {
  %n = matrix.ncol %X : (!matrix.mat<10x5xf64>) -> i64
  %m = matrix.ncol %U : (!matrix.mat<3x4xf64, nnz=7>) -> i64
  func.return
}

// -----

// matrix.nnz: matrix -> i64.
// CHECK-LABEL: func.func @nnz(
// CHECK:      %n = matrix.nnz %X : (!matrix.mat<10x5xf64>) -> i64{{$}}
// CHECK-NEXT: %m = matrix.nnz %U : (!matrix.mat<3x4xf64, nnz=7>) -> i64{{$}}
// CHECK-NEXT: func.return
// GEN-LABEL: "func.func"() <{sym_name = "nnz"
// GEN:      %n = "matrix.nnz"(%X) : (!matrix.mat<10x5xf64>) -> i64{{$}}
// GEN-NEXT: %m = "matrix.nnz"(%U) : (!matrix.mat<3x4xf64, nnz=7>) -> i64{{$}}
// GEN-NEXT: "func.return"
func.func @nnz(%X: !matrix.mat<10x5xf64>, %U: !matrix.mat<3x4xf64, nnz=7>) {
  %n = matrix.nnz %X : (!matrix.mat<10x5xf64>) -> i64
  %m = matrix.nnz %U : (!matrix.mat<3x4xf64, nnz=7>) -> i64
  func.return
}

// -----

// matrix.to_scalar: a 1x1 matrix (or one of unknown size) -> f64.
// CHECK-LABEL: func.func @to_scalar(
// CHECK:      %s = matrix.to_scalar %a : (!matrix.mat<1x1xf64>) -> f64{{$}}
// CHECK-NEXT: %t = matrix.to_scalar %U : (!matrix.mat<?x?xf64>) -> f64{{$}}
// CHECK-NEXT: func.return
// GEN-LABEL: "func.func"() <{sym_name = "to_scalar"
// GEN:      %s = "matrix.to_scalar"(%a) : (!matrix.mat<1x1xf64>) -> f64{{$}}
// GEN-NEXT: %t = "matrix.to_scalar"(%U) : (!matrix.mat<?x?xf64>) -> f64{{$}}
// GEN-NEXT: "func.return"
func.func @to_scalar(%a: !matrix.mat<1x1xf64>, %U: !matrix.mat<?x?xf64>) {
  %s = matrix.to_scalar %a : (!matrix.mat<1x1xf64>) -> f64
  %t = matrix.to_scalar %U : (!matrix.mat<?x?xf64>) -> f64
  func.return
}

// -----

// matrix.from_scalar: f64 -> 1x1 matrix.
// CHECK-LABEL: func.func @from_scalar(
// CHECK:      %a = matrix.from_scalar %s : (f64) -> !matrix.mat<1x1xf64>{{$}}
// CHECK-NEXT: func.return
// GEN-LABEL: "func.func"() <{sym_name = "from_scalar"
// GEN:      %a = "matrix.from_scalar"(%s) : (f64) -> !matrix.mat<1x1xf64>{{$}}
// GEN-NEXT: "func.return"
func.func @from_scalar(%s: f64) {
  %a = matrix.from_scalar %s : (f64) -> !matrix.mat<1x1xf64>
  func.return
}

// -----

// matrix.cast forgets known facts (dims, nnz).
// CHECK-LABEL: func.func @cast_forget(
// CHECK:      %a = matrix.cast %X : (!matrix.mat<10x5xf64, nnz=20>) -> !matrix.mat<?x?xf64>{{$}}
// CHECK-NEXT: %b = matrix.cast %X : (!matrix.mat<10x5xf64, nnz=20>) -> !matrix.mat<10x?xf64>{{$}}
// CHECK-NEXT: func.return
// GEN-LABEL: "func.func"() <{sym_name = "cast_forget"
// GEN:      %a = "matrix.cast"(%X) : (!matrix.mat<10x5xf64, nnz=20>) -> !matrix.mat<?x?xf64>{{$}}
// GEN-NEXT: %b = "matrix.cast"(%X) : (!matrix.mat<10x5xf64, nnz=20>) -> !matrix.mat<10x?xf64>{{$}}
// GEN-NEXT: "func.return"
func.func @cast_forget(%X: !matrix.mat<10x5xf64, nnz=20>) {
  %a = matrix.cast %X : (!matrix.mat<10x5xf64, nnz=20>) -> !matrix.mat<?x?xf64>
  %b = matrix.cast %X : (!matrix.mat<10x5xf64, nnz=20>) -> !matrix.mat<10x?xf64>
  func.return
}

// -----

// matrix.cast refines unknown facts (dims, nnz).
// CHECK-LABEL: func.func @cast_refine(
// CHECK:      %a = matrix.cast %U : (!matrix.mat<?x?xf64>) -> !matrix.mat<10x5xf64, nnz=20>{{$}}
// CHECK-NEXT: %b = matrix.cast %U : (!matrix.mat<?x?xf64>) -> !matrix.mat<?x5xf64>{{$}}
// CHECK-NEXT: %c = matrix.cast %U : !matrix.mat<?x?xf64>{{$}}
// CHECK-NEXT: func.return
// GEN-LABEL: "func.func"() <{sym_name = "cast_refine"
// GEN:      %a = "matrix.cast"(%U) : (!matrix.mat<?x?xf64>) -> !matrix.mat<10x5xf64, nnz=20>{{$}}
// GEN-NEXT: %b = "matrix.cast"(%U) : (!matrix.mat<?x?xf64>) -> !matrix.mat<?x5xf64>{{$}}
// GEN-NEXT: %c = "matrix.cast"(%U) : (!matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>{{$}}
// GEN-NEXT: "func.return"
func.func @cast_refine(%U: !matrix.mat<?x?xf64>) {
  %a = matrix.cast %U : (!matrix.mat<?x?xf64>) -> !matrix.mat<10x5xf64, nnz=20>
  %b = matrix.cast %U : (!matrix.mat<?x?xf64>) -> !matrix.mat<?x5xf64>
  %c = matrix.cast %U : !matrix.mat<?x?xf64>
  func.return
}

// Round trip of matrix.reduce for every kind (sum mean min max sumsq argmin argmax)
// and axis (all row col).
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
// kind and axis are bare keywords in the custom form, never in its attribute dict.
// CUSTOM-NOT: kind =
// CUSTOM-NOT: axis =

// matrix.reduce sum over every axis: all -> f64, row -> Rx1, col -> 1xC;
// kind and axis print as bare keywords and are string properties in the generic form.
// CHECK-LABEL: func.func @reduce_sum(
// CHECK:      %a = matrix.reduce sum all %X : (!matrix.mat<10x5xf64>) -> f64{{$}}
// CHECK-NEXT: %r = matrix.reduce sum row %X : (!matrix.mat<10x5xf64>) -> !matrix.mat<10x1xf64>{{$}}
// CHECK-NEXT: %c = matrix.reduce sum col %X : (!matrix.mat<10x5xf64>) -> !matrix.mat<1x5xf64>{{$}}
// CHECK-NEXT: %u = matrix.reduce sum row %U : (!matrix.mat<?x7xf64>) -> !matrix.mat<?x1xf64>{{$}}
// CHECK-NEXT: func.return
// GEN-LABEL: "func.func"() <{sym_name = "reduce_sum"
// GEN:      %a = "matrix.reduce"(%X) <{kind = "sum", axis = "all"}> : (!matrix.mat<10x5xf64>) -> f64{{$}}
// GEN-NEXT: %r = "matrix.reduce"(%X) <{kind = "sum", axis = "row"}> : (!matrix.mat<10x5xf64>) -> !matrix.mat<10x1xf64>{{$}}
// GEN-NEXT: %c = "matrix.reduce"(%X) <{kind = "sum", axis = "col"}> : (!matrix.mat<10x5xf64>) -> !matrix.mat<1x5xf64>{{$}}
// GEN-NEXT: %u = "matrix.reduce"(%U) <{kind = "sum", axis = "row"}> : (!matrix.mat<?x7xf64>) -> !matrix.mat<?x1xf64>{{$}}
// GEN-NEXT: "func.return"
func.func @reduce_sum(%X: !matrix.mat<10x5xf64>, %U: !matrix.mat<?x7xf64>) {
  %a = matrix.reduce sum all %X : (!matrix.mat<10x5xf64>) -> f64
  %r = matrix.reduce sum row %X : (!matrix.mat<10x5xf64>) -> !matrix.mat<10x1xf64>
  %c = matrix.reduce sum col %X : (!matrix.mat<10x5xf64>) -> !matrix.mat<1x5xf64>
  %u = matrix.reduce sum row %U : (!matrix.mat<?x7xf64>) -> !matrix.mat<?x1xf64>
  func.return
}

// -----

// matrix.reduce mean over every axis: all -> f64, row -> Rx1, col -> 1xC;
// kind and axis print as bare keywords and are string properties in the generic form.
// CHECK-LABEL: func.func @reduce_mean(
// CHECK:      %a = matrix.reduce mean all %X : (!matrix.mat<10x5xf64>) -> f64{{$}}
// CHECK-NEXT: %r = matrix.reduce mean row %X : (!matrix.mat<10x5xf64>) -> !matrix.mat<10x1xf64>{{$}}
// CHECK-NEXT: %c = matrix.reduce mean col %X : (!matrix.mat<10x5xf64>) -> !matrix.mat<1x5xf64>{{$}}
// CHECK-NEXT: %u = matrix.reduce mean row %U : (!matrix.mat<?x7xf64>) -> !matrix.mat<?x1xf64>{{$}}
// CHECK-NEXT: func.return
// GEN-LABEL: "func.func"() <{sym_name = "reduce_mean"
// GEN:      %a = "matrix.reduce"(%X) <{kind = "mean", axis = "all"}> : (!matrix.mat<10x5xf64>) -> f64{{$}}
// GEN-NEXT: %r = "matrix.reduce"(%X) <{kind = "mean", axis = "row"}> : (!matrix.mat<10x5xf64>) -> !matrix.mat<10x1xf64>{{$}}
// GEN-NEXT: %c = "matrix.reduce"(%X) <{kind = "mean", axis = "col"}> : (!matrix.mat<10x5xf64>) -> !matrix.mat<1x5xf64>{{$}}
// GEN-NEXT: %u = "matrix.reduce"(%U) <{kind = "mean", axis = "row"}> : (!matrix.mat<?x7xf64>) -> !matrix.mat<?x1xf64>{{$}}
// GEN-NEXT: "func.return"
func.func @reduce_mean(%X: !matrix.mat<10x5xf64>, %U: !matrix.mat<?x7xf64>) {
  %a = matrix.reduce mean all %X : (!matrix.mat<10x5xf64>) -> f64
  %r = matrix.reduce mean row %X : (!matrix.mat<10x5xf64>) -> !matrix.mat<10x1xf64>
  %c = matrix.reduce mean col %X : (!matrix.mat<10x5xf64>) -> !matrix.mat<1x5xf64>
  %u = matrix.reduce mean row %U : (!matrix.mat<?x7xf64>) -> !matrix.mat<?x1xf64>
  func.return
}

// -----

// matrix.reduce min over every axis: all -> f64, row -> Rx1, col -> 1xC;
// kind and axis print as bare keywords and are string properties in the generic form.
// CHECK-LABEL: func.func @reduce_min(
// CHECK:      %a = matrix.reduce min all %X : (!matrix.mat<10x5xf64>) -> f64{{$}}
// CHECK-NEXT: %r = matrix.reduce min row %X : (!matrix.mat<10x5xf64>) -> !matrix.mat<10x1xf64>{{$}}
// CHECK-NEXT: %c = matrix.reduce min col %X : (!matrix.mat<10x5xf64>) -> !matrix.mat<1x5xf64>{{$}}
// CHECK-NEXT: %u = matrix.reduce min row %U : (!matrix.mat<?x7xf64>) -> !matrix.mat<?x1xf64>{{$}}
// CHECK-NEXT: func.return
// GEN-LABEL: "func.func"() <{sym_name = "reduce_min"
// GEN:      %a = "matrix.reduce"(%X) <{kind = "min", axis = "all"}> : (!matrix.mat<10x5xf64>) -> f64{{$}}
// GEN-NEXT: %r = "matrix.reduce"(%X) <{kind = "min", axis = "row"}> : (!matrix.mat<10x5xf64>) -> !matrix.mat<10x1xf64>{{$}}
// GEN-NEXT: %c = "matrix.reduce"(%X) <{kind = "min", axis = "col"}> : (!matrix.mat<10x5xf64>) -> !matrix.mat<1x5xf64>{{$}}
// GEN-NEXT: %u = "matrix.reduce"(%U) <{kind = "min", axis = "row"}> : (!matrix.mat<?x7xf64>) -> !matrix.mat<?x1xf64>{{$}}
// GEN-NEXT: "func.return"
func.func @reduce_min(%X: !matrix.mat<10x5xf64>, %U: !matrix.mat<?x7xf64>) {
  %a = matrix.reduce min all %X : (!matrix.mat<10x5xf64>) -> f64
  %r = matrix.reduce min row %X : (!matrix.mat<10x5xf64>) -> !matrix.mat<10x1xf64>
  %c = matrix.reduce min col %X : (!matrix.mat<10x5xf64>) -> !matrix.mat<1x5xf64>
  %u = matrix.reduce min row %U : (!matrix.mat<?x7xf64>) -> !matrix.mat<?x1xf64>
  func.return
}

// -----

// matrix.reduce max over every axis: all -> f64, row -> Rx1, col -> 1xC;
// kind and axis print as bare keywords and are string properties in the generic form.
// CHECK-LABEL: func.func @reduce_max(
// CHECK:      %a = matrix.reduce max all %X : (!matrix.mat<10x5xf64>) -> f64{{$}}
// CHECK-NEXT: %r = matrix.reduce max row %X : (!matrix.mat<10x5xf64>) -> !matrix.mat<10x1xf64>{{$}}
// CHECK-NEXT: %c = matrix.reduce max col %X : (!matrix.mat<10x5xf64>) -> !matrix.mat<1x5xf64>{{$}}
// CHECK-NEXT: %u = matrix.reduce max row %U : (!matrix.mat<?x7xf64>) -> !matrix.mat<?x1xf64>{{$}}
// CHECK-NEXT: func.return
// GEN-LABEL: "func.func"() <{sym_name = "reduce_max"
// GEN:      %a = "matrix.reduce"(%X) <{kind = "max", axis = "all"}> : (!matrix.mat<10x5xf64>) -> f64{{$}}
// GEN-NEXT: %r = "matrix.reduce"(%X) <{kind = "max", axis = "row"}> : (!matrix.mat<10x5xf64>) -> !matrix.mat<10x1xf64>{{$}}
// GEN-NEXT: %c = "matrix.reduce"(%X) <{kind = "max", axis = "col"}> : (!matrix.mat<10x5xf64>) -> !matrix.mat<1x5xf64>{{$}}
// GEN-NEXT: %u = "matrix.reduce"(%U) <{kind = "max", axis = "row"}> : (!matrix.mat<?x7xf64>) -> !matrix.mat<?x1xf64>{{$}}
// GEN-NEXT: "func.return"
func.func @reduce_max(%X: !matrix.mat<10x5xf64>, %U: !matrix.mat<?x7xf64>) {
  %a = matrix.reduce max all %X : (!matrix.mat<10x5xf64>) -> f64
  %r = matrix.reduce max row %X : (!matrix.mat<10x5xf64>) -> !matrix.mat<10x1xf64>
  %c = matrix.reduce max col %X : (!matrix.mat<10x5xf64>) -> !matrix.mat<1x5xf64>
  %u = matrix.reduce max row %U : (!matrix.mat<?x7xf64>) -> !matrix.mat<?x1xf64>
  func.return
}

// -----

// matrix.reduce sumsq over every axis: all -> f64, row -> Rx1, col -> 1xC;
// kind and axis print as bare keywords and are string properties in the generic form.
// CHECK-LABEL: func.func @reduce_sumsq(
// CHECK:      %a = matrix.reduce sumsq all %X : (!matrix.mat<10x5xf64>) -> f64{{$}}
// CHECK-NEXT: %r = matrix.reduce sumsq row %X : (!matrix.mat<10x5xf64>) -> !matrix.mat<10x1xf64>{{$}}
// CHECK-NEXT: %c = matrix.reduce sumsq col %X : (!matrix.mat<10x5xf64>) -> !matrix.mat<1x5xf64>{{$}}
// CHECK-NEXT: %u = matrix.reduce sumsq row %U : (!matrix.mat<?x7xf64>) -> !matrix.mat<?x1xf64>{{$}}
// CHECK-NEXT: func.return
// GEN-LABEL: "func.func"() <{sym_name = "reduce_sumsq"
// GEN:      %a = "matrix.reduce"(%X) <{kind = "sumsq", axis = "all"}> : (!matrix.mat<10x5xf64>) -> f64{{$}}
// GEN-NEXT: %r = "matrix.reduce"(%X) <{kind = "sumsq", axis = "row"}> : (!matrix.mat<10x5xf64>) -> !matrix.mat<10x1xf64>{{$}}
// GEN-NEXT: %c = "matrix.reduce"(%X) <{kind = "sumsq", axis = "col"}> : (!matrix.mat<10x5xf64>) -> !matrix.mat<1x5xf64>{{$}}
// GEN-NEXT: %u = "matrix.reduce"(%U) <{kind = "sumsq", axis = "row"}> : (!matrix.mat<?x7xf64>) -> !matrix.mat<?x1xf64>{{$}}
// GEN-NEXT: "func.return"
func.func @reduce_sumsq(%X: !matrix.mat<10x5xf64>, %U: !matrix.mat<?x7xf64>) {
  %a = matrix.reduce sumsq all %X : (!matrix.mat<10x5xf64>) -> f64
  %r = matrix.reduce sumsq row %X : (!matrix.mat<10x5xf64>) -> !matrix.mat<10x1xf64>
  %c = matrix.reduce sumsq col %X : (!matrix.mat<10x5xf64>) -> !matrix.mat<1x5xf64>
  %u = matrix.reduce sumsq row %U : (!matrix.mat<?x7xf64>) -> !matrix.mat<?x1xf64>
  func.return
}

// -----

// matrix.reduce argmin over rows and over columns (0-based index as f64).
// CHECK-LABEL: func.func @reduce_argmin(
// CHECK:      %r = matrix.reduce argmin row %X : (!matrix.mat<10x5xf64>) -> !matrix.mat<10x1xf64>{{$}}
// CHECK-NEXT: %c = matrix.reduce argmin col %X : (!matrix.mat<10x5xf64>) -> !matrix.mat<1x5xf64>{{$}}
// CHECK-NEXT: %u = matrix.reduce argmin col %U : (!matrix.mat<?x7xf64>) -> !matrix.mat<1x7xf64>{{$}}
// CHECK-NEXT: func.return
// GEN-LABEL: "func.func"() <{sym_name = "reduce_argmin"
// GEN:      %r = "matrix.reduce"(%X) <{kind = "argmin", axis = "row"}> : (!matrix.mat<10x5xf64>) -> !matrix.mat<10x1xf64>{{$}}
// GEN-NEXT: %c = "matrix.reduce"(%X) <{kind = "argmin", axis = "col"}> : (!matrix.mat<10x5xf64>) -> !matrix.mat<1x5xf64>{{$}}
// GEN-NEXT: %u = "matrix.reduce"(%U) <{kind = "argmin", axis = "col"}> : (!matrix.mat<?x7xf64>) -> !matrix.mat<1x7xf64>{{$}}
// GEN-NEXT: "func.return"
func.func @reduce_argmin(%X: !matrix.mat<10x5xf64>, %U: !matrix.mat<?x7xf64>) {
  %r = matrix.reduce argmin row %X : (!matrix.mat<10x5xf64>) -> !matrix.mat<10x1xf64>
  %c = matrix.reduce argmin col %X : (!matrix.mat<10x5xf64>) -> !matrix.mat<1x5xf64>
  %u = matrix.reduce argmin col %U : (!matrix.mat<?x7xf64>) -> !matrix.mat<1x7xf64>
  func.return
}

// -----

// matrix.reduce argmax over rows and over columns (0-based index as f64).
// CHECK-LABEL: func.func @reduce_argmax(
// CHECK:      %r = matrix.reduce argmax row %X : (!matrix.mat<10x5xf64>) -> !matrix.mat<10x1xf64>{{$}}
// CHECK-NEXT: %c = matrix.reduce argmax col %X : (!matrix.mat<10x5xf64>) -> !matrix.mat<1x5xf64>{{$}}
// CHECK-NEXT: %u = matrix.reduce argmax col %U : (!matrix.mat<?x7xf64>) -> !matrix.mat<1x7xf64>{{$}}
// CHECK-NEXT: func.return
// GEN-LABEL: "func.func"() <{sym_name = "reduce_argmax"
// GEN:      %r = "matrix.reduce"(%X) <{kind = "argmax", axis = "row"}> : (!matrix.mat<10x5xf64>) -> !matrix.mat<10x1xf64>{{$}}
// GEN-NEXT: %c = "matrix.reduce"(%X) <{kind = "argmax", axis = "col"}> : (!matrix.mat<10x5xf64>) -> !matrix.mat<1x5xf64>{{$}}
// GEN-NEXT: %u = "matrix.reduce"(%U) <{kind = "argmax", axis = "col"}> : (!matrix.mat<?x7xf64>) -> !matrix.mat<1x7xf64>{{$}}
// GEN-NEXT: "func.return"
func.func @reduce_argmax(%X: !matrix.mat<10x5xf64>, %U: !matrix.mat<?x7xf64>) {
  %r = matrix.reduce argmax row %X : (!matrix.mat<10x5xf64>) -> !matrix.mat<10x1xf64>
  %c = matrix.reduce argmax col %X : (!matrix.mat<10x5xf64>) -> !matrix.mat<1x5xf64>
  %u = matrix.reduce argmax col %U : (!matrix.mat<?x7xf64>) -> !matrix.mat<1x7xf64>
  func.return
}

// -----

// matrix.reduce row of a column vector: all types equal, so the short form.
// CHECK-LABEL: func.func @reduce_short_form(
// CHECK:      %r = matrix.reduce max row %v : !matrix.mat<10x1xf64>{{$}}
// CHECK-NEXT: func.return
// GEN-LABEL: "func.func"() <{sym_name = "reduce_short_form"
// GEN:      %r = "matrix.reduce"(%v) <{kind = "max", axis = "row"}> : (!matrix.mat<10x1xf64>) -> !matrix.mat<10x1xf64>{{$}}
// GEN-NEXT: "func.return"
func.func @reduce_short_form(%v: !matrix.mat<10x1xf64>) {
  %r = matrix.reduce max row %v : !matrix.mat<10x1xf64>
  func.return
}

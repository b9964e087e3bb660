// Round trip of the matrix type `!matrix.mat<RxCxf64>` and `!matrix.mat<RxCxf64, nnz=N>`:
// R and C are integers or `?`; nnz is written only when known (`nnz=?` means unknown
// and prints without it). The generic form prints the type the same way.

// RUN: amls-opt %s --split-input-file | filecheck %s
// RUN: amls-opt %s --split-input-file | amls-opt --split-input-file | filecheck %s
// RUN: amls-opt %s --split-input-file --print-op-generic | amls-opt --split-input-file | filecheck %s
// RUN: amls-opt %s --split-input-file --print-op-generic | filecheck %s --check-prefix=GEN

// Known dims.
// CHECK-LABEL: func.func @known(%X: !matrix.mat<100x10xf64>) -> !matrix.mat<100x10xf64> {
// CHECK-NEXT:    func.return %X : !matrix.mat<100x10xf64>
// GEN-LABEL: "func.func"() <{sym_name = "known", function_type = (!matrix.mat<100x10xf64>) -> !matrix.mat<100x10xf64>}>
// GEN-NEXT:  ^bb0(%X: !matrix.mat<100x10xf64>):
func.func @known(%X: !matrix.mat<100x10xf64>) -> !matrix.mat<100x10xf64> {
  func.return %X : !matrix.mat<100x10xf64>
}

// -----

// Unknown columns.
// CHECK-LABEL: func.func @unknown_cols(%X: !matrix.mat<100x?xf64>) -> !matrix.mat<100x?xf64> {
// GEN-LABEL: "func.func"() <{sym_name = "unknown_cols", function_type = (!matrix.mat<100x?xf64>) -> !matrix.mat<100x?xf64>}>
func.func @unknown_cols(%X: !matrix.mat<100x?xf64>) -> !matrix.mat<100x?xf64> {
  func.return %X : !matrix.mat<100x?xf64>
}

// -----

// Both dims unknown.
// CHECK-LABEL: func.func @unknown_both(%X: !matrix.mat<?x?xf64>, %Y: !matrix.mat<?x1xf64>) {
// GEN-LABEL: "func.func"() <{sym_name = "unknown_both", function_type = (!matrix.mat<?x?xf64>, !matrix.mat<?x1xf64>) -> ()}>
func.func @unknown_both(%X: !matrix.mat<?x?xf64>, %Y: !matrix.mat<?x1xf64>) {
  func.return
}

// -----

// An exact non-zero count.
// CHECK-LABEL: func.func @nnz(%X: !matrix.mat<1000x1000xf64, nnz=5000>) {
// GEN-LABEL: "func.func"() <{sym_name = "nnz", function_type = (!matrix.mat<1000x1000xf64, nnz=5000>) -> ()}>
func.func @nnz(%X: !matrix.mat<1000x1000xf64, nnz=5000>) {
  func.return
}

// -----

// `nnz=?` is the same type as no nnz at all, and prints without it.
// CHECK-LABEL: func.func @nnz_unknown(
// CHECK-NOT:   nnz
// CHECK-SAME:  %X: !matrix.mat<1000x1000xf64>, %Y: !matrix.mat<?x?xf64>) -> !matrix.mat<1000x1000xf64> {
// CHECK-NOT:   nnz
// CHECK:       func.return %X : !matrix.mat<1000x1000xf64>
// GEN-LABEL: "func.func"() <{sym_name = "nnz_unknown", function_type = (!matrix.mat<1000x1000xf64>, !matrix.mat<?x?xf64>) -> !matrix.mat<1000x1000xf64>}>
// GEN-NOT:   nnz
// GEN:       "func.return"(%X) : (!matrix.mat<1000x1000xf64>) -> ()
func.func @nnz_unknown(%X: !matrix.mat<1000x1000xf64, nnz=?>, %Y: !matrix.mat<?x?xf64, nnz=?>) -> !matrix.mat<1000x1000xf64> {
  func.return %X : !matrix.mat<1000x1000xf64, nnz=?>
}

// -----

// nnz known while the dims are not.
// CHECK-LABEL: func.func @nnz_unknown_dims(%X: !matrix.mat<?x?xf64, nnz=7>, %Y: !matrix.mat<3x?xf64, nnz=13>) {
// GEN-LABEL: "func.func"() <{sym_name = "nnz_unknown_dims", function_type = (!matrix.mat<?x?xf64, nnz=7>, !matrix.mat<3x?xf64, nnz=13>) -> ()}>
func.func @nnz_unknown_dims(%X: !matrix.mat<?x?xf64, nnz=7>, %Y: !matrix.mat<3x?xf64, nnz=13>) {
  func.return
}

// -----

// Boundaries: a full matrix (nnz = rows * cols), empty matrices, nnz=0.
// CHECK-LABEL: func.func @boundaries(%A: !matrix.mat<3x4xf64, nnz=12>, %B: !matrix.mat<0x0xf64>, %C: !matrix.mat<0x5xf64, nnz=0>, %D: !matrix.mat<5x5xf64, nnz=0>) {
// GEN-LABEL: "func.func"() <{sym_name = "boundaries", function_type = (!matrix.mat<3x4xf64, nnz=12>, !matrix.mat<0x0xf64>, !matrix.mat<0x5xf64, nnz=0>, !matrix.mat<5x5xf64, nnz=0>) -> ()}>
func.func @boundaries(%A: !matrix.mat<3x4xf64, nnz=12>, %B: !matrix.mat<0x0xf64>, %C: !matrix.mat<0x5xf64, nnz=0>, %D: !matrix.mat<5x5xf64, nnz=0>) {
  func.return
}

// -----

// Large dims and counts do not overflow.
// CHECK-LABEL: func.func @large(%A: !matrix.mat<1000000x1000000xf64, nnz=1000000000000>) {
// GEN-LABEL: "func.func"() <{sym_name = "large", function_type = (!matrix.mat<1000000x1000000xf64, nnz=1000000000000>) -> ()}>
func.func @large(%A: !matrix.mat<1000000x1000000xf64, nnz=1000000000000>) {
  func.return
}

// -----

// Whitespace around `,` and `=` is accepted; the printed form has none around `=`.
// CHECK-LABEL: func.func @spacing(%A: !matrix.mat<3x4xf64, nnz=5>) {
// CHECK-NOT:   nnz =
// GEN-LABEL: "func.func"() <{sym_name = "spacing", function_type = (!matrix.mat<3x4xf64, nnz=5>) -> ()}>
func.func @spacing(%A: !matrix.mat<3x4xf64 , nnz = 5>) {
  func.return
}

// -----

// Types flow unchanged through func.call, scf.if and ops that print them.
// CHECK-LABEL: func.func @callee(%X: !matrix.mat<?x?xf64, nnz=3>) -> !matrix.mat<?x?xf64, nnz=3> {
// CHECK-LABEL: func.func @caller(%X: !matrix.mat<4x4xf64, nnz=3>, %b: i1) -> !matrix.mat<?x?xf64, nnz=3> {
// CHECK-NEXT:    %U = matrix.cast %X : (!matrix.mat<4x4xf64, nnz=3>) -> !matrix.mat<?x?xf64, nnz=3>
// CHECK-NEXT:    %r = func.call @callee(%U) : (!matrix.mat<?x?xf64, nnz=3>) -> !matrix.mat<?x?xf64, nnz=3>
// CHECK-NEXT:    %s = scf.if %b -> (!matrix.mat<?x?xf64, nnz=3>) {
// CHECK-NEXT:      scf.yield %r : !matrix.mat<?x?xf64, nnz=3>
// CHECK-NEXT:    } else {
// CHECK-NEXT:      scf.yield %U : !matrix.mat<?x?xf64, nnz=3>
// CHECK-NEXT:    }
// CHECK-NEXT:    func.return %s : !matrix.mat<?x?xf64, nnz=3>
// GEN-LABEL: "func.func"() <{sym_name = "caller", function_type = (!matrix.mat<4x4xf64, nnz=3>, i1) -> !matrix.mat<?x?xf64, nnz=3>}>
// GEN:       %r = "func.call"(%U) <{callee = @callee}> : (!matrix.mat<?x?xf64, nnz=3>) -> !matrix.mat<?x?xf64, nnz=3>
func.func @callee(%X: !matrix.mat<?x?xf64, nnz=3>) -> !matrix.mat<?x?xf64, nnz=3> {
  func.return %X : !matrix.mat<?x?xf64, nnz=3>
}
func.func @caller(%X: !matrix.mat<4x4xf64, nnz=3>, %b: i1) -> !matrix.mat<?x?xf64, nnz=3> {
  %U = matrix.cast %X : (!matrix.mat<4x4xf64, nnz=3>) -> !matrix.mat<?x?xf64, nnz=3>
  %r = func.call @callee(%U) : (!matrix.mat<?x?xf64, nnz=3>) -> !matrix.mat<?x?xf64, nnz=3>
  %s = scf.if %b -> (!matrix.mat<?x?xf64, nnz=3>) {
    scf.yield %r : !matrix.mat<?x?xf64, nnz=3>
  } else {
    scf.yield %U : !matrix.mat<?x?xf64, nnz=3>
  }
  func.return %s : !matrix.mat<?x?xf64, nnz=3>
}

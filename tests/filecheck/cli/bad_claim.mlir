// A malformed value fact on an argument is a located error in both tools, whatever the
// data: matrix.absmax takes a finite number >= 0, matrix.finite no value.

// RUN: not amls-run %s --arg X=%inputs/X_3x2.npy 2>&1 | filecheck %s --check-prefix=ERR
// RUN: not amls-opt %s 2>&1 | filecheck %s --check-prefix=ERR
// ERR-NOT:  result_0
// ERR:      bad_claim.mlir:[[# @LINE + 6]]:1: error: func.func: @main argument #0: matrix.absmax must be a finite number >= 0 (e.g. {matrix.absmax = 1.0 : f64}), got "big"
// ERR-NOT:  result_0
// ERR-NOT:  Traceback

// RUN: amls-opt %s --split-input-file --verify-diagnostics | filecheck %s --check-prefix=DIAG
// DIAG:     bad_claim.mlir:[[# @LINE + 1]]:1: error: func.func: @main argument #0: matrix.absmax must be a finite number >= 0 (e.g. {matrix.absmax = 1.0 : f64}), got "big"
func.func @main(%X: !matrix.mat<?x?xf64> {matrix.absmax = "big"}) -> f64 {
  %a = matrix.reduce max all %X : (!matrix.mat<?x?xf64>) -> f64
  func.return %a : f64
}

// -----

// DIAG:     bad_claim.mlir:[[# @LINE + 1]]:1: error: func.func: @neg argument #0: matrix.absmax must be a finite number >= 0 (e.g. {matrix.absmax = 1.0 : f64}), got -1.000000e+00 : f64
func.func @neg(%X: !matrix.mat<?x?xf64> {matrix.absmax = -1.0}) -> f64 {
  %a = matrix.reduce max all %X : (!matrix.mat<?x?xf64>) -> f64
  func.return %a : f64
}

// -----

// DIAG:     bad_claim.mlir:[[# @LINE + 1]]:1: error: func.func: @finite argument #1: matrix.finite takes no value, got 1 : i64
func.func @finite(%X: !matrix.mat<?x?xf64>, %Y: !matrix.mat<?x?xf64> {matrix.finite = 1}) -> f64 {
  %a = matrix.reduce max all %X : (!matrix.mat<?x?xf64>) -> f64
  func.return %a : f64
}

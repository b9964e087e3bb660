// Known amls bugs, each written as the test that shows it, with the CORRECT
// expectation: every RUN line below fails today. This file lives in Inputs/ so the
// suite does not discover it; run it with
//   /work/venv/bin/lit -v tests/filecheck/Inputs/BUGS.mlir
// (lit stops at the first failing RUN line: move a RUN line into a test in
// tests/filecheck/<area>/ once its bug is fixed, or run one line by hand).

// 1. A malformed pass pipeline prints a Python traceback (xDSL 0.74's
//    ArgSpecParseError derives from BaseException, so `except Exception` in
//    AmlsOptMain.setup_pipeline and user_errors does not catch it).
// RUN: not amls-opt %s --split-input-file --verify-diagnostics -p 'cse,,dce' 2>&1 | filecheck %s --check-prefix=PIPELINE
// RUN: not amls-opt %s --split-input-file --verify-diagnostics -p 'cse{' 2>&1 | filecheck %s --check-prefix=PIPELINE
// PIPELINE-NOT: Traceback
// PIPELINE:     amls-opt: error: bad pass pipeline
// PIPELINE-NOT: Traceback

// 2. An output file that cannot be written is reported as an internal error
//    ("this is a bug in amls", exit 70) instead of a user error.
// RUN: not amls-opt %s --split-input-file --verify-diagnostics -o %t.no-such-dir/out.mlir 2>&1 | filecheck %s --check-prefix=OUTPUT
// OUTPUT-NOT: internal error
// OUTPUT:     error: {{.*}}out.mlir
// OUTPUT-NOT: this is a bug in amls
// OUTPUT-NOT: Traceback

// 3, 4. Verifier and parser locations (cases below, in order).
// RUN: amls-opt %s --split-input-file --verify-diagnostics | filecheck %s --check-prefix=VERIFY

// 5. Round trip of an op with both properties and a discardable attribute (case below).
// RUN: amls-opt %s --split-input-file --verify-diagnostics | amls-opt --split-input-file --verify-diagnostics | filecheck %s --check-prefix=ROUNDTRIP

// 6. amls-run accepts an i64 argument outside [-2^63, 2^63-1] and an i1 argument
//    other than 0/1, and prints them back as results: wrong answers.
// RUN: not amls-run %S/BUGS_run.mlir -O0 --entry count --arg n=99999999999999999999999 2>&1 | filecheck %s --check-prefix=I64
// I64:     amls-run: error: --arg n: {{.*}}99999999999999999999999
// I64-NOT: result_0
// RUN: not amls-run %S/BUGS_run.mlir -O0 --entry flag --arg b=2 2>&1 | filecheck %s --check-prefix=I1
// I1:      amls-run: error: --arg b:
// I1-NOT:  result_0 : i1 = 2

// 7. An empty .csv leaks numpy's UserWarning (with amls's source path) next to the
//    output and loads as a 0x1 matrix; expected: one clean message or a 0x0 matrix.
// RUN: amls-run %S/BUGS_run.mlir -O0 --entry dims --arg X=%S/empty.csv > %t.empty.out 2>&1 || true
// RUN: filecheck %s --check-prefix=EMPTYCSV --input-file %t.empty.out
// EMPTYCSV-NOT: UserWarning
// EMPTYCSV-NOT: result_1 : i64 = 1
// EMPTYCSV:     {{error|result_1 : i64 = 0}}

// 8. size-inference states nnz(S * 0.5) = nnz(S), but halving the smallest
//    subnormal underflows to 0: the -O2 result type says nnz=2 while the value has
//    nnz=1 (and once constant-fold folds matrix.nnz, result_1 would print 2).
// RUN: amls-run %S/BUGS_run.mlir --entry halve --arg S=%S/denormal_3x2.npy | filecheck %s --check-prefix=DENORMAL
// DENORMAL-NOT: nnz=2
// DENORMAL:     result_1 : i64 = 1

// 3. A slice whose constant start is past the last row is provably out of range
//    whatever its end, but verifies.
// VERIFY:      {{.*}}BUGS.mlir:[[# @LINE + 5]]:3: error: matrix.slice: {{.*}}20{{.*}}10x5
// VERIFY-NEXT: // {{-----}}
func.func @slice_start_out_of_range(%A: !matrix.mat<10x5xf64>, %i: i64) {
  %c0 = arith.constant 0 : i64
  %c20 = arith.constant 20 : i64
  %S = matrix.slice %A, %c20, %i, %c0, %c0 : (!matrix.mat<10x5xf64>, i64, i64, i64, i64) -> !matrix.mat<?x0xf64>
  func.return
}

// -----

// 4. A use of an undefined value is reported at the end of the input
//    ("BUGS.mlir:N:1: error: values used but not defined: [%B]" on the line after
//    the function), not at the use.
// VERIFY:      {{.*}}BUGS.mlir:[[# @LINE + 3]]:25: error: {{.*}}%B
// VERIFY-NEXT: %T = matrix.transpose %B
func.func @undefined_value(%A: !matrix.mat<3x4xf64>) -> !matrix.mat<4x3xf64> {
  %T = matrix.transpose %B : (!matrix.mat<3x4xf64>) -> !matrix.mat<4x3xf64>
  func.return %T : !matrix.mat<4x3xf64>
}

// -----

// 5. The custom printer writes the properties and the discardable attributes as
//    two dicts, `{...props} {tag = "x"}`, but the custom parser reads only one:
//    the printed IR does not parse back ("Expected ':'").
// VERIFY-LABEL:     func.func @discardable_attr(
// VERIFY:           matrix.rand %r, %r {{.*}}tag = "x"
// ROUNDTRIP-LABEL:  func.func @discardable_attr(
// ROUNDTRIP:        matrix.rand %r, %r {{.*}}tag = "x"
// ROUNDTRIP-NOT:    error
func.func @discardable_attr(%r: i64) {
  %a = matrix.rand %r, %r {seed = 1, tag = "x"} : (i64, i64) -> !matrix.mat<?x?xf64>
  func.return
}

// Known bugs in size-inference, ipa and --explain, each written as the test that
// shows it, with the CORRECT expectation: every RUN line below fails today. This
// file lives in Inputs/ so the suite does not discover it; run it with
//   /work/venv/bin/lit -v tests/filecheck/Inputs/BUGS_sizes.mlir
// (lit stops at the first failing RUN line: move a RUN line into a test in
// tests/filecheck/{sizes,ipa,explain}/ once its bug is fixed, or run one by hand).
// --verify-diagnostics keeps amls-opt going past a case that fails.

// 1. max/min over an empty axis (-Inf/+Inf in every row) is marked finite, so a
//    product with an empty operand is stated empty: the -O2 result type says
//    nnz=0 while the value is NaN (nnz=3); --check-sizes stops the run.
// RUN: amls-run %S/BUGS_sizes_run.mlir | filecheck %s --check-prefix=EMPTYAXIS-RUN
// RUN: amls-run %S/BUGS_sizes_run.mlir --check-sizes | filecheck %s --check-prefix=EMPTYAXIS-RUN
// EMPTYAXIS-RUN: result_0 : !matrix.mat<3x1xf64> = 3x1 dense matrix, nnz=3, sum=nan
// RUN: amls-opt %s --split-input-file --verify-diagnostics -p size-inference | filecheck %s --check-prefix=EMPTYAXIS

// 2. A size computed to be negative (2 - 5) is written into a type, which then
//    fails to verify: amls-opt prints "error: error: !matrix.mat rows must be
//    >= 0, got -3" with no location, and amls-run exits 70 with "internal error
//    ... this is a bug in amls", although the program is valid and runs at -O0
//    (the rand is in a branch not taken for p = 0). Expected: the dim stays `?`.
// RUN: amls-run %S/BUGS_sizes_negdim.mlir --arg p=0 2>&1 | filecheck %s --check-prefix=NEGDIM-RUN
// NEGDIM-RUN-NOT: error
// NEGDIM-RUN:     result_0 : !matrix.mat<{{.*}}> = 2x2 {{.*}}nnz=0
// RUN: amls-opt %s --split-input-file --verify-diagnostics -p size-inference | filecheck %s --check-prefix=NEGDIM

// 3. ipa{max-specializations=1}, three signatures (two calls each): round 1
//    clones @f for one of them, round 2 clones it again for another (the bound
//    is per round), round 3 specialises the original in place for the last one:
//    three specialised versions. Expected: one clone; the other four calls keep
//    calling the generic @f(?x?) through casts.
// RUN: amls-opt %s --split-input-file --verify-diagnostics -p 'ipa{inline-threshold=0 max-specializations=1}' | filecheck %s --check-prefix=MAXSPEC

// 4. ipa "specialises" a function whose call sites all pass unknown sizes (a
//    no-op) and counts it as a change: one more round than needed, "specialised
//    1" in the report, and with max-rounds=1 a false "no fixpoint" warning.
// RUN: amls-opt %s --split-input-file --verify-diagnostics -p 'size-inference,ipa{inline-threshold=0 max-rounds=1 report=true}' 2>&1 >/dev/null | filecheck %s --check-prefix=NOOP
// NOOP-NOT: warning
// NOOP:     {{^ipa: 1 round\(s\), fixpoint reached; specialised 0, cloned 0, inlined 0, removed 0$}}

// 5. (Missed facts, not wrong ones.) Dims that the operands determine are left
//    `?`: diag of ?x5 (not a column vector, so a 5x5 matrix: its diagonal is 5x1),
//    inv of 5x? (square: 5x5), solve with a 5x1 right-hand side (5x1), select
//    whose branches are 5x5 (the condition must be 5x5 too); and an operand with
//    no cells or nnz=0 holds no Inf/NaN, so a 3x0 %*% 0x2 product is empty.
// RUN: amls-opt %s --split-input-file --verify-diagnostics -p size-inference | filecheck %s --check-prefix=MISSED

// 6. (Display.) --explain shows the declared types of loop/if results and block
//    arguments ("[(6): ?x?]", "%acc: ?x?") although the plan knows 4x1 (the
//    lines that use them say so), and prints an external function without its
//    parameters ("func @ext() -> (?x?)").
// RUN: amls-opt %s --split-input-file --verify-diagnostics --explain | filecheck %s --check-prefix=EXPLAIN

// The no-op case of bug 4 comes first: its report line is the first one.
func.func @main(%P: !matrix.mat<?x?xf64>) -> (!matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>) {
  %r = func.call @g(%P) : (!matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>
  %s = func.call @g(%P) : (!matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>
  func.return %r, %s : !matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>
}
func.func private @g(%A: !matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64> {
  %t = matrix.transpose %A : !matrix.mat<?x?xf64>
  %u = matrix.matmul %A, %t : !matrix.mat<?x?xf64>
  func.return %u : !matrix.mat<?x?xf64>
}

// -----

// EMPTYAXIS-LABEL: func.func @empty_axis_finite(
// EMPTYAXIS:       %P = matrix.mul %m, %E : (!matrix.mat<3x1xf64>, !matrix.mat<3x1xf64, nnz=0>) -> !matrix.mat<3x1xf64>{{$}}
func.func @empty_axis_finite() -> !matrix.mat<?x?xf64> {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %c3 = arith.constant 3 : i64
  %W = matrix.rand %c3, %c0 {min = 1.0, max = 2.0, seed = 1} : (i64, i64) -> !matrix.mat<?x?xf64>
  %m = matrix.reduce max row %W : !matrix.mat<?x?xf64>
  %E = matrix.rand %c3, %c1 {sparsity = 0.0, seed = 1} : (i64, i64) -> !matrix.mat<?x?xf64>
  %P = matrix.mul %m, %E : !matrix.mat<?x?xf64>
  func.return %P : !matrix.mat<?x?xf64>
}

// -----

// NEGDIM-NOT:   error
// NEGDIM-LABEL: func.func @negative_dim(
// NEGDIM:       %A = matrix.rand %n, %c2 {{.*}} -> !matrix.mat<?x2xf64>{{$}}
func.func @negative_dim(%p: i1) -> !matrix.mat<?x?xf64> {
  %c2 = arith.constant 2 : i64
  %c5 = arith.constant 5 : i64
  %n = arith.subi %c2, %c5 : i64
  %r = scf.if %p -> (!matrix.mat<?x?xf64>) {
    %A = matrix.rand %n, %c2 {seed = 1} : (i64, i64) -> !matrix.mat<?x?xf64>
    scf.yield %A : !matrix.mat<?x?xf64>
  } else {
    %B = matrix.rand %c2, %c2 {seed = 2} : (i64, i64) -> !matrix.mat<?x?xf64>
    scf.yield %B : !matrix.mat<?x?xf64>
  }
  func.return %r : !matrix.mat<?x?xf64>
}

// -----

// NEGDIM-NOT:   error
// NEGDIM-LABEL: func.func @negative_slice(
// NEGDIM:       %S = matrix.slice {{.*}} -> !matrix.mat<?x4xf64>{{$}}
func.func @negative_slice(%X: !matrix.mat<5x4xf64>, %p: i1) {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %c4 = arith.constant 4 : i64
  %n = matrix.nrow %X : (!matrix.mat<5x4xf64>) -> i64
  %lo = arith.subi %n, %c1 : i64
  scf.if %p {
    %S = matrix.slice %X, %lo, %c1, %c0, %c4 : (!matrix.mat<5x4xf64>, i64, i64, i64, i64) -> !matrix.mat<?x?xf64>
    matrix.print %S : !matrix.mat<?x?xf64>
  }
  func.return
}

// -----

// MAXSPEC-LABEL: func.func @main(
// MAXSPEC-COUNT-2: func.call @f_1(
// MAXSPEC-COUNT-4: func.call @f(%{{[0-9]+}}) : (!matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>
// MAXSPEC-DAG:   func.func private @f(%A: !matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64> {
// MAXSPEC-DAG:   func.func private @f_1(
// MAXSPEC-NOT:   func.func private @f_2(
func.func @main() -> (!matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>) {
  %c2 = arith.constant 2 : i64
  %c3 = arith.constant 3 : i64
  %c4 = arith.constant 4 : i64
  %X = matrix.rand %c3, %c4 {min = 1.0, max = 2.0, seed = 1} : (i64, i64) -> !matrix.mat<?x?xf64>
  %Y = matrix.rand %c4, %c3 {min = 1.0, max = 2.0, seed = 2} : (i64, i64) -> !matrix.mat<?x?xf64>
  %Z = matrix.rand %c2, %c2 {min = 1.0, max = 2.0, seed = 3} : (i64, i64) -> !matrix.mat<?x?xf64>
  %r1 = func.call @f(%X) : (!matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>
  %r2 = func.call @f(%X) : (!matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>
  %r3 = func.call @f(%Y) : (!matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>
  %r4 = func.call @f(%Y) : (!matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>
  %r5 = func.call @f(%Z) : (!matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>
  %r6 = func.call @f(%Z) : (!matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>
  func.return %r1, %r2, %r3, %r4, %r5, %r6 : !matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>
}
func.func private @f(%A: !matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64> {
  %t = matrix.transpose %A : !matrix.mat<?x?xf64>
  %u = matrix.matmul %A, %t : !matrix.mat<?x?xf64>
  %v = matrix.exp %u : !matrix.mat<?x?xf64>
  func.return %v : !matrix.mat<?x?xf64>
}

// -----

// MISSED-LABEL: func.func @missed(
// MISSED:       %d = matrix.diag %A : (!matrix.mat<?x5xf64>) -> !matrix.mat<5x1xf64>{{$}}
// MISSED:       %i = matrix.inv %B : (!matrix.mat<5x?xf64>) -> !matrix.mat<5x5xf64>{{$}}
// MISSED:       %s = matrix.solve %U, %b : (!matrix.mat<?x?xf64>, !matrix.mat<5x1xf64>) -> !matrix.mat<5x1xf64>{{$}}
// MISSED:       %t = matrix.select %U, %M, %M : (!matrix.mat<?x?xf64>, !matrix.mat<5x5xf64>, !matrix.mat<5x5xf64>) -> !matrix.mat<5x5xf64>{{$}}
// MISSED:       %z = matrix.matmul %W, %V : (!matrix.mat<3x0xf64>, !matrix.mat<0x2xf64>) -> !matrix.mat<3x2xf64, nnz=0>{{$}}
func.func @missed(%A: !matrix.mat<?x5xf64>, %B: !matrix.mat<5x?xf64>, %U: !matrix.mat<?x?xf64>, %b: !matrix.mat<5x1xf64>, %M: !matrix.mat<5x5xf64>, %W: !matrix.mat<3x0xf64>, %V: !matrix.mat<0x2xf64>) {
  %d = matrix.diag %A : (!matrix.mat<?x5xf64>) -> !matrix.mat<?x?xf64>
  %i = matrix.inv %B : (!matrix.mat<5x?xf64>) -> !matrix.mat<?x?xf64>
  %s = matrix.solve %U, %b : (!matrix.mat<?x?xf64>, !matrix.mat<5x1xf64>) -> !matrix.mat<?x?xf64>
  %t = matrix.select %U, %M, %M : (!matrix.mat<?x?xf64>, !matrix.mat<5x5xf64>, !matrix.mat<5x5xf64>) -> !matrix.mat<?x?xf64>
  %z = matrix.matmul %W, %V : (!matrix.mat<3x0xf64>, !matrix.mat<0x2xf64>) -> !matrix.mat<?x?xf64>
  func.return
}

// -----

// EXPLAIN-LABEL: func @explain_types(%n: index) -> (?x?)
// EXPLAIN:       scf.for {{.*}} -> [(6): 4x1]
// EXPLAIN-NEXT:  body(%i: index, %acc: 4x1):
// EXPLAIN:       func @ext(?x?) -> (?x?)
func.func @explain_types(%n: index) -> !matrix.mat<?x?xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : i64
  %c1i = arith.constant 1 : i64
  %v = matrix.rand %c4, %c1i {min = 1.0, max = 2.0, seed = 3} : (i64, i64) -> !matrix.mat<?x?xf64>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %v) -> (!matrix.mat<?x?xf64>) {
    %b = matrix.neg %acc : !matrix.mat<?x?xf64>
    scf.yield %b : !matrix.mat<?x?xf64>
  }
  %e = func.call @ext(%r) : (!matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>
  func.return %e : !matrix.mat<?x?xf64>
}
func.func private @ext(!matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>

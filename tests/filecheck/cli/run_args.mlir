// amls-run misuse of --arg, --entry and data files: each gets one message, a
// non-zero exit, no results and no traceback. The program itself is fine. A bad --arg
// (malformed, unknown, missing, given twice, a value its type cannot take) is a usage
// error, exit 2 as argparse's; a file that fails to load or data contradicting the
// declared type, exit 1.

// RUN: sh -c 'amls-run %s -O0 --arg X --arg y=%inputs/y_3x1.csv --arg k=2 2>&1; echo "exit $?"' | filecheck %s --check-prefix=NOEQ
// NOEQ:      amls-run: error: malformed --arg 'X': expected NAME=VALUE
// NOEQ-NEXT: exit 2
// NOEQ-NOT:  result_0
// NOEQ-NOT:  Traceback

// RUN: sh -c 'amls-run %s -O0 --arg X=%inputs/X_3x2.npy --arg y=%inputs/y_3x1.csv --arg k=2 --arg z=1 2>&1; echo "exit $?"' | filecheck %s --check-prefix=UNKNOWN
// UNKNOWN:     amls-run: error: --arg z: @main has no parameter 'z' (parameters: X, y, k)
// UNKNOWN-NEXT: exit 2
// UNKNOWN-NOT: result_0
// UNKNOWN-NOT: Traceback

// RUN: sh -c 'amls-run %s -O0 --arg X=%inputs/X_3x2.npy --arg k=2 2>&1; echo "exit $?"' | filecheck %s --check-prefix=MISSINGARG
// MISSINGARG:     amls-run: error: @main needs --arg y=...
// MISSINGARG-NEXT: exit 2
// MISSINGARG-NOT: result_0
// MISSINGARG-NOT: Traceback

// RUN: sh -c 'amls-run %s -O0 --arg X=%inputs/no_such_file.npy --arg y=%inputs/y_3x1.csv --arg k=2 2>&1; echo "exit $?"' | filecheck %s --check-prefix=NOFILE
// NOFILE:     amls-run: error: --arg X: cannot read '{{.*}}no_such_file.npy': no such file
// NOFILE-NEXT: exit 1
// NOFILE-NOT: result_0
// NOFILE-NOT: Traceback

// RUN: sh -c 'amls-run %s -O0 --arg X=%inputs/X_4x2.npy --arg y=%inputs/y_3x1.csv --arg k=2 2>&1; echo "exit $?"' | filecheck %s --check-prefix=SHAPE
// SHAPE:      amls-run: error: --arg X: data is 4x2 but the declared type is !matrix.mat<3x2xf64>
// SHAPE-NEXT: exit 1
// SHAPE-NOT:  result_0
// SHAPE-NOT:  Traceback

// RUN: not amls-run %s -O0 --arg X=%inputs/X_3x2.npy --arg y=%inputs/y_2x1.csv --arg k=2 2>&1 | filecheck %s --check-prefix=SHAPECSV
// SHAPECSV:     amls-run: error: --arg y: data is 2x1 but the declared type is !matrix.mat<3x1xf64>
// SHAPECSV-NOT: result_0
// SHAPECSV-NOT: Traceback

// RUN: not amls-run %s -O0 --entry exact_nnz --arg X=%inputs/S_3x2_nnz2.mtx --arg n=1 2>&1 | filecheck %s --check-prefix=NNZ
// NNZ:     amls-run: error: --arg X: data has 2 non-zeros but the declared type is !matrix.mat<3x2xf64, nnz=3>
// NNZ-NOT: result_0
// NNZ-NOT: Traceback

// RUN: not amls-run %s -O0 --arg X=%inputs/cube_2x2x2.npy --arg y=%inputs/y_3x1.csv --arg k=2 2>&1 | filecheck %s --check-prefix=CUBE
// CUBE:     amls-run: error: --arg X: cannot read '{{.*}}cube_2x2x2.npy': 3-D data, expected a matrix
// CUBE-NOT: result_0
// CUBE-NOT: Traceback

// RUN: sh -c 'amls-run %s -O0 --arg X=%inputs/not_numbers.csv --arg y=%inputs/y_3x1.csv --arg k=2 2>&1; echo "exit $?"' | filecheck %s --check-prefix=TEXT
// TEXT:     amls-run: error: --arg X: cannot read '{{.*}}not_numbers.csv': 'abc' in line 2, field 2 is not a number
// TEXT-NEXT: exit 1
// TEXT-NOT: result_0
// TEXT-NOT: Traceback

// A CSV file whose first line names its columns: the error says how to declare the header.
// RUN: not amls-run %s -O0 --arg X=%inputs/header_3x2.csv --arg y=%inputs/y_3x1.csv --arg k=2 2>&1 | filecheck %s --check-prefix=HEADER
// HEADER:     amls-run: error: --arg X: cannot read '{{.*}}header_3x2.csv': 'x' in line 1, field 1 is not a number (a header line? say so: read(..., header=TRUE) in DML, or {"format": "csv", "header": true} in header_3x2.csv.mtd)
// HEADER-NOT: Traceback

// RUN: sh -c 'amls-run %s -O0 --arg X=%inputs/X_3x2.npy --arg y=%inputs/y_3x1.csv --arg k=two 2>&1; echo "exit $?"' | filecheck %s --check-prefix=NAN
// NAN:      amls-run: error: --arg k: 'two' is neither a number nor a .npy/.csv/.mtx file (for type f64)
// NAN-NEXT: exit 2
// NAN-NOT:  result_0
// NAN-NOT:  Traceback

// RUN: sh -c 'amls-run %s -O0 --arg X=%inputs/X_3x2.npy --arg y=%inputs/y_3x1.csv --arg k=%inputs/X_3x2.npy 2>&1; echo "exit $?"' | filecheck %s --check-prefix=FILEFORSCALAR
// FILEFORSCALAR:     amls-run: error: --arg k: '{{.*}}X_3x2.npy' is a matrix file but the parameter has type f64
// FILEFORSCALAR-NEXT: exit 2
// FILEFORSCALAR-NOT: result_0
// FILEFORSCALAR-NOT: Traceback

// RUN: sh -c 'amls-run %s -O0 --entry count --arg n=2.5 2>&1; echo "exit $?"' | filecheck %s --check-prefix=NOTINT
// NOTINT:     amls-run: error: --arg n: '2.5' is not an integer (the parameter has type i64)
// NOTINT-NEXT: exit 2
// NOTINT-NOT: result_0
// NOTINT-NOT: Traceback

// RUN: sh -c 'amls-run %s -O0 --entry count --arg n=2 --arg n=3 2>&1; echo "exit $?"' | filecheck %s --check-prefix=TWICE
// TWICE:     amls-run: error: --arg n given twice ('2' and '3')
// TWICE-NEXT: exit 2
// TWICE-NOT: result_0
// TWICE-NOT: Traceback

// RUN: not amls-run %s -O0 --entry nope --arg X=%inputs/X_3x2.npy 2>&1 | filecheck %s --check-prefix=ENTRY
// ENTRY:     {{.*}}run_args.mlir: error: no function @nope to run
// ENTRY-NOT: result_0
// ENTRY-NOT: Traceback
// RUN: sh -c 'amls-run %s --entry decl --arg a=1 2>&1; echo "exit $?"' | filecheck %s --check-prefix=DECL
// DECL:      {{.*}}run_args.mlir:{{[0-9]+}}:1: error: @decl is a declaration without a body: nothing to run
// DECL-NEXT: exit 1
// DECL-NOT:  internal error
// DECL-NOT:  result_0

// --help says how a DML script gets its $-parameters (SystemDS's -args / -nvargs).
// RUN: amls-run --help | filecheck %s --check-prefix=HELP
// HELP: Compile and run a program: a matrix-dialect .mlir file or a DML script.
// HELP: options: -args V1 V2 ... ($1, $2, ...) or -nvargs NAME=VALUE ... ($NAME).
// HELP: amls-run lm.dml -nvargs X=X.csv y=y.csv B=B.csv

// RUN: not amls-run %s --frobnicate 2>&1 | filecheck %s --check-prefix=FLAG
// FLAG:      usage: amls-run
// FLAG:      amls-run: error: unrecognized arguments: --frobnicate
// FLAG-NOT:  Traceback

// RUN: not amls-run %s -O0 -O2 2>&1 | filecheck %s --check-prefix=LEVELS
// LEVELS:     amls-run: error: argument -O2: not allowed with argument -O0
// LEVELS-NOT: Traceback

// RUN: not amls-run %inputs/no_such_program.mlir 2>&1 | filecheck %s --check-prefix=NOPROG
// NOPROG:     {{.*}}no_such_program.mlir: error: no such file
// NOPROG-NOT: Traceback

// RUN: not amls-run 2>&1 | filecheck %s --check-prefix=NOINPUT
// NOINPUT:     amls-run: error: the following arguments are required: input_file
// NOINPUT-NOT: Traceback

// RUN: not amls-run %s -O0 --arg X=%inputs/X_3x2.npy --arg y=%inputs/y_3x1.csv --arg k=2 -o %t.no-such-dir/results.npz 2>&1 | filecheck %s --check-prefix=OUT
// OUT:     amls-run: error: cannot write '{{.*}}results.npz': {{.*}}No such file or directory
// OUT-NOT: Traceback

func.func @main(%X: !matrix.mat<3x2xf64>, %y: !matrix.mat<3x1xf64>, %k: f64) -> f64 {
  %t = matrix.transpose %X : (!matrix.mat<3x2xf64>) -> !matrix.mat<2x3xf64>
  %g = matrix.matmul %t, %y : (!matrix.mat<2x3xf64>, !matrix.mat<3x1xf64>) -> !matrix.mat<2x1xf64>
  %s = matrix.reduce sum all %g : (!matrix.mat<2x1xf64>) -> f64
  %r = arith.mulf %s, %k : f64
  func.return %r : f64
}

func.func @exact_nnz(%X: !matrix.mat<3x2xf64, nnz=3>, %n: i64) -> i64 {
  func.return %n : i64
}

func.func @count(%n: i64) -> i64 {
  func.return %n : i64
}

func.func private @decl(f64) -> f64

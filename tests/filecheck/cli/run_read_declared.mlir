// matrix.read and matrix.cast check what their type states against the data, at every
// level: a file whose dims differ from the declared type is an error at the read (it
// computed on with the file's dims at -O0 and folded the declared ones at -O2), and a
// cast's nnz= is checked as its dims are.

// RUN: sed 's|INPUTS|%inputs|' %s > %t.mlir
// RUN: sh -c 'amls-run %t.mlir -O0 2>&1; echo "exit=$?"' | filecheck %s --check-prefix=READ
// RUN: sh -c 'amls-run %t.mlir -O2 2>&1; echo "exit=$?"' | filecheck %s --check-prefix=READ
// READ:      error: matrix.read: the file holds a 3x2 matrix; the declared type says 2x2{{$}}
// READ-NEXT: exit=1
func.func @main() -> i64 {
  %X = matrix.read {path = "INPUTS/X_3x2.npy", format = "npy"} : () -> !matrix.mat<2x2xf64>
  %n = matrix.nrow %X : (!matrix.mat<2x2xf64>) -> i64
  func.return %n : i64
}

// RUN: sh -c 'amls-run %s -O0 --entry nnz --arg X=%inputs/X_3x2.npy 2>&1; echo "exit=$?"' | filecheck %s --check-prefix=NNZ
// NNZ:      run_read_declared.mlir:[[# @LINE + 5]]:3: error: matrix.cast: cast to 3x2 with nnz=2 of a 3x2 matrix with 6 non-zeros{{$}}
// NNZ-NEXT: exit=1
// RUN: amls-run %s -O0 --entry nnz --arg X=%inputs/S_3x2_nnz2.mtx | filecheck %s --check-prefix=NNZOK
// NNZOK:    result_0 : f64 = {{.*}}
func.func @nnz(%X: !matrix.mat<3x2xf64>) -> f64 {
  %C = matrix.cast %X : (!matrix.mat<3x2xf64>) -> !matrix.mat<3x2xf64, nnz=2>
  %s = matrix.reduce sum all %C : (!matrix.mat<3x2xf64, nnz=2>) -> f64
  func.return %s : f64
}

// A product whose shapes only the data decides: y is declared ?x1, so a number for it
// (a 1x1 matrix) is a valid argument, but t(X) %*% y is then 2x3 %*% 1x1. -O0 fails in
// the kernel; -O2 must fail too, on the user's matmul, once the loaded sizes prove the
// error (scalar-mm used to rewrite it into t(X) * y: a 2x3 "result"). A 3x1 y runs.

// RUN: sh -c 'amls-run %s -O0 --arg X=%inputs/X_3x2.npy --arg y=3 2>&1; echo "exit $?"' | filecheck %s --check-prefix=O0
// O0:      run_nonconformable.mlir:20:3: error: matrix.matmul: matmul inner dimensions differ: 2x3 %*% 1x1
// O0-NEXT: exit 1
// O0-NOT:  result_0

// RUN: sh -c 'amls-run %s -O2 --arg X=%inputs/X_3x2.npy --arg y=3 2>&1; echo "exit $?"' | filecheck %s --check-prefix=O2
// O2:      run_nonconformable.mlir:20:3: error: matrix.matmul: matmul inner dimensions differ: 2x3 %*% 1x1
// O2-NEXT: exit 1
// O2-NOT:  result_0

// RUN: amls-run %s -O2 --arg X=%inputs/X_3x2.npy --arg y=%inputs/y_3x1.csv | filecheck %s --check-prefix=OK
// OK: result_0 : !matrix.mat<?x1xf64> = 2x1 dense matrix
func.func @main(%X: !matrix.mat<?x?xf64>, %y: !matrix.mat<?x1xf64>) -> !matrix.mat<?x1xf64> {
  %Xt = matrix.transpose %X : !matrix.mat<?x?xf64>
  %b = matrix.matmul %Xt, %y : (!matrix.mat<?x?xf64>, !matrix.mat<?x1xf64>) -> !matrix.mat<?x1xf64>
  func.return %b : !matrix.mat<?x1xf64>
}

// rowSums(X %*% Y), as a user writes it, over matrices read from files:
//   amls-run bench/user_programs/rowsums_mm.mlir --arg X=mm_X.npy --arg Y=mm_Y.npy
func.func @main(%X: !matrix.mat<?x?xf64>, %Y: !matrix.mat<?x?xf64>) -> !matrix.mat<?x1xf64> {
  %P = matrix.matmul %X, %Y : (!matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>
  %r = matrix.reduce sum row %P : (!matrix.mat<?x?xf64>) -> !matrix.mat<?x1xf64>
  func.return %r : !matrix.mat<?x1xf64>
}

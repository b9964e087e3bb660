// colSums(X %*% Y), as a user writes it, over matrices read from files:
//   amls-run bench/user_programs/colsums_mm.mlir --arg X=mm_X.npy --arg Y=mm_Y.npy
func.func @main(%X: !matrix.mat<?x?xf64>, %Y: !matrix.mat<?x?xf64>) -> !matrix.mat<1x?xf64> {
  %P = matrix.matmul %X, %Y : (!matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>
  %c = matrix.reduce sum col %P : (!matrix.mat<?x?xf64>) -> !matrix.mat<1x?xf64>
  func.return %c : !matrix.mat<1x?xf64>
}

// trace(X %*% Y), as a user writes it, over matrices read from files:
//   amls-run bench/user_programs/trace_mm.mlir --arg X=mm_X.npy --arg Y=mm_Y.npy
func.func @main(%X: !matrix.mat<?x?xf64>, %Y: !matrix.mat<?x?xf64>) -> f64 {
  %P = matrix.matmul %X, %Y : (!matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>
  %t = matrix.trace %P : (!matrix.mat<?x?xf64>) -> f64
  func.return %t : f64
}

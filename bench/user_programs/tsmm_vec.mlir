// t(X) %*% X %*% v, as a user writes it (%*% groups from the left: (t(X) %*% X) %*% v):
//   amls-run bench/user_programs/tsmm_vec.mlir --arg X=tall_X.npy --arg v=tall_v.npy
func.func @main(%X: !matrix.mat<?x?xf64>, %v: !matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64> {
  %Xt = matrix.transpose %X : (!matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>
  %G = matrix.matmul %Xt, %X : (!matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>
  %r = matrix.matmul %G, %v : (!matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>
  func.return %r : !matrix.mat<?x?xf64>
}

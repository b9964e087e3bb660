// (A %*% B) %*% v, as a user writes A %*% B %*% v (%*% groups from the left):
//   amls-run bench/user_programs/mm_vec.mlir --arg A=mm_X.npy --arg B=mm_Y.npy --arg v=mm_v.npy
func.func @main(%A: !matrix.mat<?x?xf64>, %B: !matrix.mat<?x?xf64>, %v: !matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64> {
  %AB = matrix.matmul %A, %B : (!matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>
  %r = matrix.matmul %AB, %v : (!matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>
  func.return %r : !matrix.mat<?x?xf64>
}

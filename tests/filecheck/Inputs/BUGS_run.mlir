// Programs for the amls-run cases of BUGS.mlir (which see). Not a test itself.

func.func @count(%n: i64) -> i64 {
  func.return %n : i64
}

func.func @flag(%b: i1) -> i1 {
  func.return %b : i1
}

func.func @dims(%X: !matrix.mat<?x?xf64>) -> (i64, i64) {
  %r = matrix.nrow %X : (!matrix.mat<?x?xf64>) -> i64
  %c = matrix.ncol %X : (!matrix.mat<?x?xf64>) -> i64
  func.return %r, %c : i64, i64
}

func.func @halve(%S: !matrix.mat<3x2xf64, nnz=2>) -> (!matrix.mat<3x2xf64>, i64) {
  %h = arith.constant 0.5 : f64
  %a = matrix.mul %S, %h : (!matrix.mat<3x2xf64, nnz=2>, f64) -> !matrix.mat<3x2xf64>
  %n = matrix.nnz %a : (!matrix.mat<3x2xf64>) -> i64
  func.return %a, %n : !matrix.mat<3x2xf64>, i64
}

// Program for the amls-run lines of BUGS_sizes.mlir (bug 1). Not a test by
// itself (Inputs/ is excluded from the suite).
//
// max over the rows of a 3x0 matrix is -Inf in every row, yet size-inference
// marks it finite; times an empty (finite) 3x1 matrix it is then "empty"
// (nnz=0), while the value is NaN in every row (-Inf * 0).
func.func @main() -> !matrix.mat<?x?xf64> {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %c3 = arith.constant 3 : i64
  %W = matrix.rand %c3, %c0 {min = 1.0, max = 2.0} : (i64, i64) -> !matrix.mat<?x?xf64>
  %m = matrix.reduce max row %W : !matrix.mat<?x?xf64>
  %E = matrix.rand %c3, %c1 {sparsity = 0.0} : (i64, i64) -> !matrix.mat<?x?xf64>
  %P = matrix.mul %m, %E : !matrix.mat<?x?xf64>
  func.return %P : !matrix.mat<?x?xf64>
}

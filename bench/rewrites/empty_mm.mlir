// An empty factor: E %*% Y with nnz(E) = 0 known from its type.
//   E %*% Y     ->  fill(0, 8000, 8000)                          rule: empty-mm
//   sum(Z ^ 2)  ->  ... -> 0                                     sum-squared, empty-agg
//
// E 8000x20 with sparsity 0 (no non-zeros), Y 20x8000 uniform [0, 1). As
// written, the 8000x8000 product is materialised (512 MB of zeros), squared
// and summed: O(n*m). After the rewrites nothing of size n*m is left.
// Results: sum((E %*% Y)^2) and max(colSums(E %*% Y)), both 0.
func.func @main() -> (f64, f64) {
  %n = arith.constant 8000 : i64
  %k = arith.constant 20 : i64
  %two = arith.constant 2.0 : f64
  %E = matrix.rand %n, %k {sparsity = 0.0, seed = 1001} : (i64, i64) -> !matrix.mat<8000x20xf64>
  %Y = matrix.rand %k, %n {seed = 1002} : (i64, i64) -> !matrix.mat<20x8000xf64>
  %Z = matrix.matmul %E, %Y : (!matrix.mat<8000x20xf64>, !matrix.mat<20x8000xf64>) -> !matrix.mat<8000x8000xf64>
  %Z2 = matrix.pow %Z, %two : (!matrix.mat<8000x8000xf64>, f64) -> !matrix.mat<8000x8000xf64>
  %s = matrix.reduce sum all %Z2 : (!matrix.mat<8000x8000xf64>) -> f64
  %cs = matrix.reduce sum col %Z : (!matrix.mat<8000x8000xf64>) -> !matrix.mat<1x8000xf64>
  %cmax = matrix.reduce max all %cs : (!matrix.mat<1x8000xf64>) -> f64
  func.return %s, %cmax : f64, f64
}

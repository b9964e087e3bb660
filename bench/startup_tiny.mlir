// bench/startup.py and tests/unit/test_startup.py: a tiny dense local program, three
// matrix ops on a 2x2 matrix (`amls-run bench/startup_tiny.mlir --arg n=2`). Its size is
// an argument so that -O2 cannot fold it away: the run executes phys ops.
func.func @main(%n: i64) -> f64 {
  %X = matrix.rand %n, %n {min = 0.0, max = 1.0, sparsity = 1.0, pdf = "uniform", seed = 7} : (i64, i64) -> !matrix.mat<?x?xf64>
  %G = matrix.matmul %X, %X : (!matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>
  %s = matrix.reduce sum all %G : (!matrix.mat<?x?xf64>) -> f64
  func.return %s : f64
}

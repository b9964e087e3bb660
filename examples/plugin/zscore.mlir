// A program using the plugin's stats.zscore op.
//   amls-run --load-plugin examples/plugin/amls_stats.py examples/plugin/zscore.mlir
func.func @main() -> (f64, f64) {
  %n = arith.constant 500 : i64
  %k = arith.constant 4 : i64
  %X = matrix.rand %n, %k {min = 0.0, max = 10.0, sparsity = 1.0, pdf = "uniform", seed = 3} : (i64, i64) -> !matrix.mat<500x4xf64>
  %Z = stats.zscore %X : !matrix.mat<500x4xf64>
  %s = matrix.reduce sumsq all %Z : (!matrix.mat<500x4xf64>) -> f64
  %m = matrix.reduce max all %Z : (!matrix.mat<500x4xf64>) -> f64
  func.return %s, %m : f64, f64
}

// The examples/plugin module registers the `stats` dialect, its kernel and the
// `expand-zscore` pass; both tools load it with --load-plugin, amls unchanged.

// The op parses, verifies and prints only with the plugin.
// RUN: amls-opt --load-plugin %examples/plugin/amls_stats.py %s | filecheck %s --check-prefix=RT
// RUN: not amls-opt %s 2>&1 | filecheck %s --check-prefix=NOPLUGIN
// The plugin's rewrite pass lowers it to matrix ops.
// RUN: amls-opt --load-plugin %examples/plugin/amls_stats.py %s -p expand-zscore | filecheck %s --check-prefix=PASS
// Its kernel runs in amls-run, and the expanded program (no plugin) gives the same numbers.
// RUN: amls-run --load-plugin %examples/plugin/amls_stats.py %s -O0 | filecheck %s --check-prefix=EXEC
// RUN: amls-opt --load-plugin %examples/plugin/amls_stats.py %s -p expand-zscore | amls-run - -O0 | filecheck %s --check-prefix=EXEC
// The verifier of the plugin op reports with a location.
// RUN: not amls-opt --load-plugin %examples/plugin/amls_stats.py %inputs/zscore_bad.mlir 2>&1 | filecheck %s --check-prefix=BAD
// A missing plugin is a usage error.
// RUN: not amls-opt --load-plugin no_such_plugin_module %s 2>&1 | filecheck %s --check-prefix=MISSING

// RT: %Z = stats.zscore %X : !matrix.mat<4x2xf64>
// NOPLUGIN: error: Operation stats.zscore is not registered
// NOPLUGIN-NOT: Traceback
// PASS-NOT: stats.zscore
// PASS: matrix.reduce mean col %X
// PASS: matrix.sqrt
// PASS: matrix.div
// EXEC: result_0 : f64 = 8.0
// BAD: zscore_bad.mlir:3:3: error: stats.zscore: zscore needs at least 2 rows, got 1
// BAD-NOT: Traceback
// MISSING: amls-opt: error: plugin 'no_such_plugin_module': No module named 'no_such_plugin_module'
// MISSING-NOT: Traceback

func.func @main() -> f64 {
  %X = matrix.constant {value = dense<[[1.0, 2.0], [3.0, 5.0], [5.0, 7.0], [7.0, 2.0]]> : tensor<4x2xf64>} : !matrix.mat<4x2xf64>
  %Z = stats.zscore %X : !matrix.mat<4x2xf64>
  %s = matrix.reduce sumsq all %Z : (!matrix.mat<4x2xf64>) -> f64
  func.return %s : f64
}

// Command-line messages of amls-run and amls-opt: a plugin that is not a Python
// module, --workers on the local backend, byte options of passes with units, -o.

// RUN: not amls-opt --load-plugin prog.mlir %s 2>&1 | filecheck %s --check-prefix=PLUGIN
// RUN: not amls-run --load-plugin %s %s 2>&1 | filecheck %s --check-prefix=PLUGIN
// PLUGIN:     error: plugin '{{.*}}.mlir': a plugin is a Python module (a module name on sys.path or a .py file) that registers dialects, passes or kernels when imported; to run {{.*}}.mlir, give it as the input file
// PLUGIN-NOT: AssertionError
// PLUGIN-NOT: Traceback

// --workers (and --scheduler) mean nothing without --backend dask: a warning, then the run.
// RUN: amls-run %s --workers 2 2>&1 | filecheck %s --check-prefix=WORKERS
// WORKERS:     amls-run: warning: --workers has no effect on the local backend (the default); add --backend dask
// WORKERS:     result_0 : f64 = 12

// Pass options that are byte counts take units, as amls-run --memory-budget does.
// RUN: amls-opt %s -p 'size-inference,lower-to-phys{memory-budget=1MB dist=true}' --explain | filecheck %s --check-prefix=UNITS
// UNITS:       phys.fill{{.*}}LOCAL{{.*}}budget 1.0 MB
// RUN: not amls-opt %s -p 'lower-to-phys{memory-budget=1XB}' 2>&1 | filecheck %s --check-prefix=BADUNIT
// BADUNIT:     amls-opt: error: bad pass pipeline 'lower-to-phys{memory-budget=1XB}': lower-to-phys: memory-budget: not a byte count: '1XB'

// -o is checked before anything runs: an unknown extension or a missing directory is
// one usage error and no result is computed or printed.
// RUN: not amls-run %s -o %t.results.txt 2>&1 | filecheck %s --check-prefix=OUTEXT
// OUTEXT:     amls-run: error: -o {{.*}}results.txt: results are written as a NumPy .npz (name it FILE.npz)
// OUTEXT-NOT: result_0
// RUN: not amls-run %s -o %t.no-such-dir/r.npz 2>&1 | filecheck %s --check-prefix=OUTDIR
// OUTDIR:     amls-run: error: cannot write '{{.*}}r.npz': No such file or directory
// OUTDIR-NOT: result_0

func.func @main() -> f64 {
  %v = arith.constant 1.0 : f64
  %n = arith.constant 3 : i64
  %m = arith.constant 4 : i64
  %X = matrix.fill %v, %n, %m : (f64, i64, i64) -> !matrix.mat<3x4xf64>
  %s = matrix.reduce sum all %X : (!matrix.mat<3x4xf64>) -> f64
  func.return %s : f64
}

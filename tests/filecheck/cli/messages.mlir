// Command-line messages of amls-run and amls-opt: a plugin that is not a Python
// module, --workers on the local backend, byte options of passes with units, -o,
// --plan-dot.

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
// Decimal counts and binary units (KiB, MiB, GiB; KB = KiB) in both tools; a bad value is
// one error line, as is a pipeline xDSL cannot lex (with the column in the spec as written).
// RUN: amls-opt %s -p 'size-inference,lower-to-phys{memory-budget=1.5MB dist=true}' --explain | filecheck %s --check-prefix=DECIMAL
// DECIMAL:     phys.fill{{.*}}LOCAL{{.*}}budget 1.5 MB
// RUN: amls-opt %s -p 'size-inference,lower-to-phys{memory-budget=2GiB worker-memory=0.5MiB}' --explain | filecheck %s --check-prefix=GIB
// GIB:         phys.fill{{.*}}LOCAL{{.*}}budget 2.0 GB
// RUN: amls-opt %s -p 'size-inference,lower-to-phys{memory-budget=1.5e6}' --explain | filecheck %s --check-prefix=FLOAT
// FLOAT:       phys.fill{{.*}}LOCAL{{.*}}budget 1.4 MB
// RUN: not amls-opt %s -p 'lower-to-phys{memory-budget=1.5XB}' 2>&1 | filecheck %s --check-prefix=BADDECIMAL
// RUN: not amls-opt %s -p 'lower-to-phys{memory-budget=1.5XB}' 2>&1 | wc -l | filecheck %s --check-prefix=ONELINE
// BADDECIMAL:  amls-opt: error: bad pass pipeline 'lower-to-phys{memory-budget=1.5XB}': lower-to-phys: memory-budget: not a byte count: '1.5XB' (e.g. 1000, 1.5e9, 500KB, 1.5MB, 2GiB; KB = KiB = 1024 bytes)
// RUN: not amls-opt %s -p 'lower-to-phys{memory-budget=1.5MB workers=@}' 2>&1 | filecheck %s --check-prefix=LEX
// RUN: not amls-opt %s -p 'lower-to-phys{memory-budget=1.5MB workers=@}' 2>&1 | wc -l | filecheck %s --check-prefix=ONELINE
// LEX:         amls-opt: error: bad pass pipeline 'lower-to-phys{memory-budget=1.5MB workers=@}': Unknown token (column 43)
// ONELINE:     {{^ *1$}}
// RUN: amls-run %s --memory-budget 1.5GiB | filecheck %s --check-prefix=RUNGIB
// RUN: amls-run %s --memory-budget 0.5MB | filecheck %s --check-prefix=RUNGIB
// RUNGIB:      result_0 : f64 = 12
// RUN: not amls-run %s --memory-budget 1.5XiB 2>&1 | filecheck %s --check-prefix=RUNBAD
// RUNBAD:      amls-run: error: argument --memory-budget: not a byte count: '1.5XiB' (e.g. 1000, 1.5e9, 500KB, 1.5MB, 2GiB; KB = KiB = 1024 bytes)

// -o is checked before anything runs: an unknown extension or a missing directory is
// one usage error and no result is computed or printed.
// RUN: not amls-run %s -o %t.results.txt 2>&1 | filecheck %s --check-prefix=OUTEXT
// OUTEXT:     amls-run: error: -o {{.*}}results.txt: results are written as a NumPy .npz (name it FILE.npz)
// OUTEXT-NOT: result_0
// RUN: not amls-run %s -o %t.no-such-dir/r.npz 2>&1 | filecheck %s --check-prefix=OUTDIR
// OUTDIR:     amls-run: error: cannot write '{{.*}}r.npz': No such file or directory
// OUTDIR-NOT: result_0
// RUN: rm -rf %t.folder.npz && mkdir -p %t.folder.npz
// RUN: not amls-run %s -o %t.folder.npz 2>&1 | filecheck %s --check-prefix=OUTISDIR
// OUTISDIR:     amls-run: error: cannot write '{{.*}}folder.npz': it is a directory
// OUTISDIR-NOT: result_0

// So are the plan pictures' files (--plan-dot, --plan-svg, --plan-png), in both tools.
// RUN: not amls-run %s --plan-dot %t.no-such-dir/x.dot 2>&1 | filecheck %s --check-prefix=PLANDIR
// RUN: not amls-opt %s -O2 --plan-dot %t.no-such-dir/x.dot 2>&1 | filecheck %s --check-prefix=PLANDIR
// PLANDIR:      error: cannot write '{{.*}}x.dot': No such file or directory
// PLANDIR-NOT:  result_0
// PLANDIR-NOT:  func.func
// RUN: not amls-run %s --plan-png %t.folder.npz 2>&1 | filecheck %s --check-prefix=PLANISDIR
// PLANISDIR:     amls-run: error: cannot write '{{.*}}folder.npz': it is a directory
// PLANISDIR-NOT: result_0

func.func @main() -> f64 {
  %v = arith.constant 1.0 : f64
  %n = arith.constant 3 : i64
  %m = arith.constant 4 : i64
  %X = matrix.fill %v, %n, %m : (f64, i64, i64) -> !matrix.mat<3x4xf64>
  %s = matrix.reduce sum all %X : (!matrix.mat<3x4xf64>) -> f64
  func.return %s : f64
}

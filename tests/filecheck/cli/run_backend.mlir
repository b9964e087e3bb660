// amls-run's backend flags: bad values are usage errors (exit 2, one line); a
// phys plan with dist ops run without a cluster, or an unreachable scheduler, is
// one clear error (exit 1), never a traceback.

// RUN: not amls-run %s --backend spark 2>&1 | filecheck %s --check-prefix=BACKEND
// BACKEND: amls-run: error: argument --backend: invalid choice: 'spark' (choose from 'local', 'dask')
// BACKEND-NOT: Traceback

// RUN: not amls-run %s --memory-budget 12XB 2>&1 | filecheck %s --check-prefix=BUDGET
// BUDGET: amls-run: error: argument --memory-budget: not a byte count: '12XB'

// RUN: not amls-run %s --force-method cpmm 2>&1 | filecheck %s --check-prefix=FORCE
// FORCE: amls-run: error: --force-method needs --backend dask

// RUN: not amls-run %s -O0 --arg X=%inputs/X_3x2.npy 2>&1 | filecheck %s --check-prefix=NOCLUSTER
// NOCLUSTER: {{.*}}run_backend.mlir:28:3: error: phys.distribute: this plan has distributed (phys ... dist) ops: run it with --backend dask
// NOCLUSTER-NOT: Traceback
// NOCLUSTER-NOT: result_0

// RUN: not amls-run %s -O0 --arg X=%inputs/X_3x2.npy --backend dask --scheduler tcp://127.0.0.1:9 2>&1 | filecheck %s --check-prefix=SCHED
// SCHED: amls-run: error: cannot connect to scheduler tcp://127.0.0.1:9: {{.*}}
// SCHED-NOT: Traceback

// The same plan on a LocalCluster (amls-run starts and stops it) runs.
// RUN: amls-run %s -O0 --arg X=%inputs/X_3x2.npy --backend dask --workers 1 | filecheck %s --check-prefix=DASK
// DASK: result_0 : !matrix.mat<3x2xf64> = 3x2 dense matrix
func.func @main(%X: !matrix.mat<3x2xf64>) -> !matrix.mat<3x2xf64> {
  %d = phys.distribute %X {block = 2} : (!matrix.mat<3x2xf64>) -> !phys.dmat<3x2xf64>
  %e = phys.exp dist %d : !phys.dmat<3x2xf64>
  %l = phys.collect %e : (!phys.dmat<3x2xf64>) -> !matrix.mat<3x2xf64>
  func.return %l : !matrix.mat<3x2xf64>
}

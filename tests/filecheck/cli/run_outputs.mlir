// amls-run results: named by `{amls.name = "..."}` on the result type (else result_N),
// printed and saved under those names; a sparse result stays sparse in the -o .npz
// (members NAME.format/.shape/.data/.indices/.indptr, as scipy.sparse.save_npz writes).

// RUN: amls-run %s --arg S=%inputs/S_3x2_nnz2.mtx -o %t.npz | filecheck %s
// RUN: amls-run %s -O0 --arg S=%inputs/S_3x2_nnz2.mtx -o %t0.npz | filecheck %s
// CHECK:      scaled : !matrix.mat<3x2xf64> = 3x2 sparse matrix, nnz=2, sum=6.0, min=0.0, max=4.0
// CHECK-NEXT:   [2.0, 0.0]
// CHECK-NEXT:   [0.0, 4.0]
// CHECK-NEXT:   [0.0, 0.0]
// CHECK-NEXT: result_1 : i64 = 2
// CHECK-NEXT: total : f64 = 6.0
// CHECK-NOT:  error

// The members of the .npz, and amls.tools.results.load_results reading it back.
// RUN: python -c "import numpy as np; print(sorted(np.load('%t.npz').files))" | filecheck %s --check-prefix=NPZ
// NPZ: ['result_1', 'scaled.data', 'scaled.format', 'scaled.indices', 'scaled.indptr', 'scaled.shape', 'total']
// RUN: python -c "from amls.tools.results import load_results as L; d = L('%t.npz'); s = d['scaled']; print(type(s).__name__, s.shape, s.nnz, s.toarray().tolist(), int(d['result_1']), float(d['total']))" | filecheck %s --check-prefix=LOAD
// RUN: python -c "from amls.tools.results import load_results as L; d = L('%t0.npz'); s = d['scaled']; print(type(s).__name__, s.shape, s.nnz, s.toarray().tolist(), int(d['result_1']), float(d['total']))" | filecheck %s --check-prefix=LOAD
// LOAD: csr_array (3, 2) 2 [[2.0, 0.0], [0.0, 4.0], [0.0, 0.0]] 2 6.0
// RUN: python -c "import scipy.sparse as sp, numpy as np; z = np.load('%t.npz'); print(sp.csr_array((z['scaled.data'], z['scaled.indices'], z['scaled.indptr']), shape=tuple(z['scaled.shape'])).sum())" | filecheck %s --check-prefix=SCIPY
// SCIPY: 6.0
func.func @main(%S: !matrix.mat<3x2xf64, nnz=2>) -> (!matrix.mat<3x2xf64> {amls.name = "scaled"}, i64, f64 {amls.name = "total"}) {
  %two = arith.constant 2.0 : f64
  %d = matrix.mul %S, %two : (!matrix.mat<3x2xf64, nnz=2>, f64) -> !matrix.mat<3x2xf64>
  %n = matrix.nnz %d : (!matrix.mat<3x2xf64>) -> i64
  %s = matrix.reduce sum all %d : (!matrix.mat<3x2xf64>) -> f64
  func.return %d, %n, %s : !matrix.mat<3x2xf64>, i64, f64
}

// A dense result is one member under its name.
// RUN: amls-run %s --entry dense -o %t1.npz | filecheck %s --check-prefix=DENSE
// DENSE: ones : !matrix.mat<2x2xf64> = 2x2 dense matrix, nnz=4
// RUN: python -c "import numpy as np; d = np.load('%t1.npz'); print(d.files, d['ones'].tolist())" | filecheck %s --check-prefix=DENSENPZ
// DENSENPZ: ['ones'] {{\[\[}}1.0, 1.0], [1.0, 1.0]]
func.func @dense() -> (!matrix.mat<2x2xf64> {amls.name = "ones"}) {
  %r = arith.constant 2 : i64
  %v = arith.constant 1.0 : f64
  %A = matrix.fill %v, %r, %r : (f64, i64, i64) -> !matrix.mat<2x2xf64>
  func.return %A : !matrix.mat<2x2xf64>
}

// Two results with one name, or a name that is not an identifier: one located error.
// RUN: not amls-run %s --entry twice 2>&1 | filecheck %s --check-prefix=TWICE
// TWICE: run_outputs.mlir:[[# @LINE + 2]]:1: error: func.func: two results are named 'x'
// TWICE-NOT: Traceback
func.func @twice() -> (f64 {amls.name = "x"}, f64 {amls.name = "x"}) {
  %v = arith.constant 1.0 : f64
  func.return %v, %v : f64, f64
}
// RUN: not amls-run %s --entry badname 2>&1 | filecheck %s --check-prefix=BADNAME
// BADNAME: run_outputs.mlir:[[# @LINE + 2]]:1: error: func.func: result 0: amls.name must be a string naming an identifier (letters, digits, '_'), got "a.b"
// BADNAME-NOT: Traceback
func.func @badname() -> (f64 {amls.name = "a.b"}) {
  %v = arith.constant 1.0 : f64
  func.return %v : f64
}

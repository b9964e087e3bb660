// Known amls bugs found while writing tests/filecheck/{rewrite_dynamic,mmchain,
// fold,cse,pipeline}, each written as the test that shows it, with the CORRECT
// expectation: every RUN line below fails today. This file lives in Inputs/ so
// the suite does not discover it; run it with
//   /work/venv/bin/lit -v tests/filecheck/Inputs/BUGS_dynamic.mlir
// (lit stops at the first failing RUN line: run one line by hand, or move a case
// into its area's folder once its bug is fixed).
// (Fixed meanwhile, and now tested in rewrite_dynamic/: the crash of every rule
// building an f64 constant, the commutative operand order seen by conditions,
// mean-from-sum on nrow(X), distributive-mm on shared products, and the order
// of --rewrite-trace and the split marker.)

// OUTER (mmchain, passes/mmchain.py ProductChain). An element-wise product chain
//   with a row vector u and a column vector v, X*u*v, is "reordered" vectors
//   first as u*v: an outer broadcast (1x5 * 10x1) that the verifier rejects
//   ("outer broadcasting is not allowed"), typed ?x?; its unknown cell count then
//   makes the rebuilt chain look infinitely expensive (_tree_cells = inf), so
//   ProductChain rewrites it again on every visit: amls-opt -p mmchain (and -O2,
//   whose rewrite-fixpoint runs mmchain) never terminates and grows without
//   bound (1.4 GB after 4 minutes). The timeout stands in for "terminates".
// RUN: timeout 60 amls-opt %s --split-input-file -p mmchain | amls-opt --split-input-file | filecheck %s --check-prefix=OUTER

// FOLDVERIFY (constant-fold). A slice whose bounds are computed from constants
//   (3 = 1 + 2, 5 = 3 + 2) and are out of range for its 2x2 constant source,
//   inside an scf.if on a run-time condition: the program is valid and
//   `amls-run -O0 --arg p=0` prints 10.0 (the branch never runs), but
//   constant-fold folds the index arithmetic, the verifier that runs after the
//   pass then rejects the slice ("row slice start 3 is out of range for 2x2"),
//   and `amls-run -O1 --arg p=0` fails to compile. A program that runs at -O0
//   must run at -O1 (DESIGN.md: same results at every level): the folder should
//   not make a kernel error in a branch provable (e.g. leave such slice bounds
//   unfolded), or the verifier should not reject code that may never run.
// RUN: amls-opt %s --split-input-file -p constant-fold 2>&1 | filecheck %s --check-prefix=FOLDVERIFY

// X * u * v: X (10x5), u (1x5), v (10x1). Valid orders keep X in the first
// product (or leave the chain alone); u*v is not a valid product.
// OUTER-LABEL: func.func @outer_vectors(
// OUTER-NOT:     matrix.mul %u, %v
// OUTER-NOT:     matrix.mul %v, %u
// OUTER:         func.return
func.func @outer_vectors(%X: !matrix.mat<10x5xf64>, %u: !matrix.mat<1x5xf64>, %v: !matrix.mat<10x1xf64>) -> !matrix.mat<10x5xf64> {
  %a = matrix.mul %X, %u : (!matrix.mat<10x5xf64>, !matrix.mat<1x5xf64>) -> !matrix.mat<10x5xf64>
  %r = matrix.mul %a, %v : (!matrix.mat<10x5xf64>, !matrix.mat<10x1xf64>) -> !matrix.mat<10x5xf64>
  func.return %r : !matrix.mat<10x5xf64>
}

// -----

// FOLDVERIFY-NOT: error
// FOLDVERIFY-LABEL: func.func @foldverify_dead_slice(
// FOLDVERIFY:         scf.if %p
// FOLDVERIFY:         matrix.slice %K
// FOLDVERIFY-NOT: error
func.func @foldverify_dead_slice(%p: i1) -> f64 {
  %K = matrix.constant {value = dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf64>} : !matrix.mat<2x2xf64>
  %r = scf.if %p -> (f64) {
    %one = arith.constant 1 : i64
    %b = arith.constant 2 : i64
    %a = arith.addi %one, %b : i64
    %hi = arith.addi %a, %b : i64
    %c0 = arith.constant 0 : i64
    %S = matrix.slice %K, %a, %hi, %c0, %b : (!matrix.mat<2x2xf64>, i64, i64, i64, i64) -> !matrix.mat<?x?xf64>
    %s = matrix.reduce sum all %S : (!matrix.mat<?x?xf64>) -> f64
    scf.yield %s : f64
  } else {
    %s = matrix.reduce sum all %K : (!matrix.mat<2x2xf64>) -> f64
    scf.yield %s : f64
  }
  func.return %r : f64
}

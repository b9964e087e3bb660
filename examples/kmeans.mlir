// k-means clustering (Lloyd's algorithm), k = 10, 20 iterations, centroids
// initialised with the first k rows of X.
//
//   D = rowSums(X^2) - 2 * X %*% t(C) + t(rowSums(C^2))   squared distances, n x k
//   a = rowIndexMin(D)                                     0-based, n x 1
//   P = one-hot(a)                                         n x k, 0/1
//   C = t(P) %*% X / t(colSums(P))                         (an empty cluster keeps its centroid)
//
// The one-hot matrix compares the assignment column, replicated to n x k by
// a %*% ones(1, k), with the row t(seq(0, k-1)); matrix ops broadcast a matrix
// against a vector, never a column against a row.
//
// Data (@make_data, fixed seeds): X 100000x20, k = 10 Gaussian blobs (sd 1)
// around centres uniform in [-5, 5), the blob of each row uniform in 0..9.
// Results: the within-cluster sum of squares sum(rowMins(D)) and C.
//
// Run:
//   amls-run examples/kmeans.mlir
//   amls-run examples/kmeans.mlir --entry run --arg X=X.npy
//   amls-opt examples/kmeans.mlir -O2 --explain

// Squared Euclidean distances of the rows of X to the rows of C.
func.func @distances(%X: !matrix.mat<?x?xf64>, %C: !matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64> {
  %two = arith.constant 2.0 : f64
  %X2 = matrix.mul %X, %X : !matrix.mat<?x?xf64>
  %xx = matrix.reduce sum row %X2 : (!matrix.mat<?x?xf64>) -> !matrix.mat<?x1xf64>
  %C2 = matrix.mul %C, %C : !matrix.mat<?x?xf64>
  %cc = matrix.reduce sum row %C2 : (!matrix.mat<?x?xf64>) -> !matrix.mat<?x1xf64>
  %cct = matrix.transpose %cc : (!matrix.mat<?x1xf64>) -> !matrix.mat<1x?xf64>
  %Ct = matrix.transpose %C : !matrix.mat<?x?xf64>
  %XC = matrix.matmul %X, %Ct : !matrix.mat<?x?xf64>
  %XC2 = matrix.mul %XC, %two : (!matrix.mat<?x?xf64>, f64) -> !matrix.mat<?x?xf64>
  %D0 = matrix.sub %xx, %XC2 : (!matrix.mat<?x1xf64>, !matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>
  %D = matrix.add %D0, %cct : (!matrix.mat<?x?xf64>, !matrix.mat<1x?xf64>) -> !matrix.mat<?x?xf64>
  func.return %D : !matrix.mat<?x?xf64>
}

// P[i, j] = (a[i] == j) for j in 0..k-1.
func.func @one_hot(%a: !matrix.mat<?x1xf64>, %k: i64) -> !matrix.mat<?x?xf64> {
  %zero = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f64
  %c1 = arith.constant 1 : i64
  %ones = matrix.fill %one, %c1, %k : (f64, i64, i64) -> !matrix.mat<1x?xf64>
  %A = matrix.matmul %a, %ones : (!matrix.mat<?x1xf64>, !matrix.mat<1x?xf64>) -> !matrix.mat<?x?xf64>
  %km1 = arith.subi %k, %c1 : i64
  %last = arith.sitofp %km1 : i64 to f64
  %ids = matrix.seq %zero, %last, %one : (f64, f64, f64) -> !matrix.mat<?x1xf64>
  %idst = matrix.transpose %ids : (!matrix.mat<?x1xf64>) -> !matrix.mat<1x?xf64>
  %P = matrix.eq %A, %idst : (!matrix.mat<?x?xf64>, !matrix.mat<1x?xf64>) -> !matrix.mat<?x?xf64>
  func.return %P : !matrix.mat<?x?xf64>
}

func.func @kmeans(%X: !matrix.mat<?x?xf64>, %C0: !matrix.mat<?x?xf64>, %iters: i64) -> !matrix.mat<?x?xf64> {
  %zero = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f64
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %k = matrix.nrow %C0 : (!matrix.mat<?x?xf64>) -> i64
  %C = scf.for %i = %c0 to %iters step %c1 iter_args(%Ci = %C0) -> (!matrix.mat<?x?xf64>) : i64 {
    %D = func.call @distances(%X, %Ci) : (!matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>
    %a = matrix.reduce argmin row %D : (!matrix.mat<?x?xf64>) -> !matrix.mat<?x1xf64>
    %P = func.call @one_hot(%a, %k) : (!matrix.mat<?x1xf64>, i64) -> !matrix.mat<?x?xf64>
    %Pt = matrix.transpose %P : !matrix.mat<?x?xf64>
    %S = matrix.matmul %Pt, %X : !matrix.mat<?x?xf64>
    %cnt = matrix.reduce sum col %P : (!matrix.mat<?x?xf64>) -> !matrix.mat<1x?xf64>
    %cntt = matrix.transpose %cnt : (!matrix.mat<1x?xf64>) -> !matrix.mat<?x1xf64>
    %empty = matrix.eq %cntt, %zero : (!matrix.mat<?x1xf64>, f64) -> !matrix.mat<?x1xf64>
    %keep = matrix.mul %Ci, %empty : (!matrix.mat<?x?xf64>, !matrix.mat<?x1xf64>) -> !matrix.mat<?x?xf64>
    %S2 = matrix.add %S, %keep : !matrix.mat<?x?xf64>
    %den = matrix.max %cntt, %one : (!matrix.mat<?x1xf64>, f64) -> !matrix.mat<?x1xf64>
    %C2 = matrix.div %S2, %den : (!matrix.mat<?x?xf64>, !matrix.mat<?x1xf64>) -> !matrix.mat<?x?xf64>
    scf.yield %C2 : !matrix.mat<?x?xf64>
  }
  func.return %C : !matrix.mat<?x?xf64>
}

func.func @run(%X: !matrix.mat<?x?xf64>) -> (f64, !matrix.mat<?x?xf64>) {
  %k = arith.constant 10 : i64
  %iters = arith.constant 20 : i64
  %c0 = arith.constant 0 : i64
  %d = matrix.ncol %X : (!matrix.mat<?x?xf64>) -> i64
  %C0 = matrix.slice %X, %c0, %k, %c0, %d : (!matrix.mat<?x?xf64>, i64, i64, i64, i64) -> !matrix.mat<?x?xf64>
  %C = func.call @kmeans(%X, %C0, %iters) : (!matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>, i64) -> !matrix.mat<?x?xf64>
  %D = func.call @distances(%X, %C) : (!matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>
  %mins = matrix.reduce min row %D : (!matrix.mat<?x?xf64>) -> !matrix.mat<?x1xf64>
  %wcss = matrix.reduce sum all %mins : (!matrix.mat<?x1xf64>) -> f64
  func.return %wcss, %C : f64, !matrix.mat<?x?xf64>
}

func.func @make_data() -> !matrix.mat<100000x20xf64> {
  %n = arith.constant 100000 : i64
  %d = arith.constant 20 : i64
  %k = arith.constant 10 : i64
  %c1 = arith.constant 1 : i64
  %centres = matrix.rand %k, %d {min = -5.0, max = 5.0, sparsity = 1.0, pdf = "uniform", seed = 51} : (i64, i64) -> !matrix.mat<10x20xf64>
  %u = matrix.rand %n, %c1 {min = 0.0, max = 10.0, sparsity = 1.0, pdf = "uniform", seed = 52} : (i64, i64) -> !matrix.mat<100000x1xf64>
  %blob = matrix.floor %u : !matrix.mat<100000x1xf64>
  %blobc = matrix.cast %blob : (!matrix.mat<100000x1xf64>) -> !matrix.mat<?x1xf64>
  %P = func.call @one_hot(%blobc, %k) : (!matrix.mat<?x1xf64>, i64) -> !matrix.mat<?x?xf64>
  %Pc = matrix.cast %P : (!matrix.mat<?x?xf64>) -> !matrix.mat<100000x10xf64>
  %M = matrix.matmul %Pc, %centres : (!matrix.mat<100000x10xf64>, !matrix.mat<10x20xf64>) -> !matrix.mat<100000x20xf64>
  %noise = matrix.rand %n, %d {sparsity = 1.0, pdf = "normal", seed = 53} : (i64, i64) -> !matrix.mat<100000x20xf64>
  %X = matrix.add %M, %noise : !matrix.mat<100000x20xf64>
  func.return %X : !matrix.mat<100000x20xf64>
}

func.func @main() -> (f64, !matrix.mat<?x?xf64>) {
  %X = func.call @make_data() : () -> !matrix.mat<100000x20xf64>
  %Xc = matrix.cast %X : (!matrix.mat<100000x20xf64>) -> !matrix.mat<?x?xf64>
  %wcss, %C = func.call @run(%Xc) : (!matrix.mat<?x?xf64>) -> (f64, !matrix.mat<?x?xf64>)
  func.return %wcss, %C : f64, !matrix.mat<?x?xf64>
}

// Linear regression by conjugate gradient (SystemDS lmCG.dml): solves the ridge
// normal equations (t(X1) %*% X1 + lambda * I) beta = t(X1) %*% y, X1 = cbind(X, 1),
// without forming t(X1) %*% X1: each iteration costs two matrix-vector products.
//
//   r = -t(X1) %*% y;  p = -r;  nr2 = sum(r^2);  target = nr2 * tol^2
//   while (i < maxi & nr2 > target):
//     q = t(X1) %*% (X1 %*% p) + lambda * p;  a = nr2 / sum(p * q)
//     beta += a * p;  r += a * q;  nr2' = sum(r^2);  p = -r + (nr2' / nr2) * p
//
// Data (@make_data, fixed seeds): X 100000x200 uniform in [-1, 1) with column
// scales exp(U(-0.75, 0.75)) (unscaled features: CG needs ~60 iterations), a true
// coefficient vector in [-1, 1), intercept 0.5, Gaussian noise (sd 0.1).
// tol = 1e-13, at most 500 iterations. The system is conditioned so that CG converges
// above rounding level: plans that sum in another order (mmchain's row blocks, BLAS)
// agree on beta to ~1e-14 and stop at the same iteration (the relative residual is 1.2
// tol one iteration before the exit and tol / 1.6 at it; with [0, 1) features and the
// intercept column CG wandered at rounding level from iteration ~55 on, and the exit
// moved with the summation order).
// Results: sum(beta), the residual sum of squares, the iteration count, beta.
//
// Run:
//   amls-run examples/lm_cg.mlir
//   amls-run examples/lm_cg.mlir --entry run --arg X=X.npy --arg y=y.npy
//   amls-opt examples/lm_cg.mlir -O2 --explain

func.func @lm_cg(%X: !matrix.mat<?x?xf64>, %y: !matrix.mat<?x1xf64>, %lambda: f64, %tol: f64, %maxi: i64) -> (!matrix.mat<?x1xf64>, i64) {
  %n = matrix.nrow %X : (!matrix.mat<?x?xf64>) -> i64
  %zero = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f64
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %ones = matrix.fill %one, %n, %c1 : (f64, i64, i64) -> !matrix.mat<?x1xf64>
  %X1 = matrix.cbind %X, %ones : (!matrix.mat<?x?xf64>, !matrix.mat<?x1xf64>) -> !matrix.mat<?x?xf64>
  %m = matrix.ncol %X1 : (!matrix.mat<?x?xf64>) -> i64
  %X1t = matrix.transpose %X1 : !matrix.mat<?x?xf64>
  %Xty = matrix.matmul %X1t, %y : (!matrix.mat<?x?xf64>, !matrix.mat<?x1xf64>) -> !matrix.mat<?x1xf64>
  %r0 = matrix.neg %Xty : !matrix.mat<?x1xf64>
  %p0 = matrix.neg %r0 : !matrix.mat<?x1xf64>
  %nr2_0 = matrix.reduce sumsq all %r0 : (!matrix.mat<?x1xf64>) -> f64
  %tol2 = arith.mulf %tol, %tol : f64
  %target = arith.mulf %nr2_0, %tol2 : f64
  %beta0 = matrix.fill %zero, %m, %c1 : (f64, i64, i64) -> !matrix.mat<?x1xf64>
  %it, %beta, %r, %p, %nr2 = scf.while (%i = %c0, %b = %beta0, %ri = %r0, %pi = %p0, %nr = %nr2_0)
      : (i64, !matrix.mat<?x1xf64>, !matrix.mat<?x1xf64>, !matrix.mat<?x1xf64>, f64)
     -> (i64, !matrix.mat<?x1xf64>, !matrix.mat<?x1xf64>, !matrix.mat<?x1xf64>, f64) {
    %more = arith.cmpi slt, %i, %maxi : i64
    %far = arith.cmpf ogt, %nr, %target : f64
    %go = arith.andi %more, %far : i1
    scf.condition(%go) %i, %b, %ri, %pi, %nr : i64, !matrix.mat<?x1xf64>, !matrix.mat<?x1xf64>, !matrix.mat<?x1xf64>, f64
  } do {
  ^bb0(%i: i64, %b: !matrix.mat<?x1xf64>, %ri: !matrix.mat<?x1xf64>, %pi: !matrix.mat<?x1xf64>, %nr: f64):
    %Xp = matrix.matmul %X1, %pi : (!matrix.mat<?x?xf64>, !matrix.mat<?x1xf64>) -> !matrix.mat<?x1xf64>
    %XtXp = matrix.matmul %X1t, %Xp : (!matrix.mat<?x?xf64>, !matrix.mat<?x1xf64>) -> !matrix.mat<?x1xf64>
    %lp = matrix.mul %pi, %lambda : (!matrix.mat<?x1xf64>, f64) -> !matrix.mat<?x1xf64>
    %q = matrix.add %XtXp, %lp : !matrix.mat<?x1xf64>
    %pq = matrix.mul %pi, %q : !matrix.mat<?x1xf64>
    %spq = matrix.reduce sum all %pq : (!matrix.mat<?x1xf64>) -> f64
    %a = arith.divf %nr, %spq : f64
    %ap = matrix.mul %pi, %a : (!matrix.mat<?x1xf64>, f64) -> !matrix.mat<?x1xf64>
    %b2 = matrix.add %b, %ap : !matrix.mat<?x1xf64>
    %aq = matrix.mul %q, %a : (!matrix.mat<?x1xf64>, f64) -> !matrix.mat<?x1xf64>
    %r2 = matrix.add %ri, %aq : !matrix.mat<?x1xf64>
    %nr_new = matrix.reduce sumsq all %r2 : (!matrix.mat<?x1xf64>) -> f64
    %ratio = arith.divf %nr_new, %nr : f64
    %bp = matrix.mul %pi, %ratio : (!matrix.mat<?x1xf64>, f64) -> !matrix.mat<?x1xf64>
    %p2 = matrix.sub %bp, %r2 : !matrix.mat<?x1xf64>
    %i2 = arith.addi %i, %c1 : i64
    scf.yield %i2, %b2, %r2, %p2, %nr_new : i64, !matrix.mat<?x1xf64>, !matrix.mat<?x1xf64>, !matrix.mat<?x1xf64>, f64
  }
  func.return %beta, %it : !matrix.mat<?x1xf64>, i64
}

// lmPredict: X %*% beta[0:m] + beta[m], the intercept being the last coefficient.
func.func @lm_predict(%X: !matrix.mat<?x?xf64>, %beta: !matrix.mat<?x1xf64>) -> !matrix.mat<?x1xf64> {
  %m = matrix.ncol %X : (!matrix.mat<?x?xf64>) -> i64
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %m1 = arith.addi %m, %c1 : i64
  %w = matrix.slice %beta, %c0, %m, %c0, %c1 : (!matrix.mat<?x1xf64>, i64, i64, i64, i64) -> !matrix.mat<?x1xf64>
  %b0m = matrix.slice %beta, %m, %m1, %c0, %c1 : (!matrix.mat<?x1xf64>, i64, i64, i64, i64) -> !matrix.mat<1x1xf64>
  %b0 = matrix.to_scalar %b0m : (!matrix.mat<1x1xf64>) -> f64
  %Xw = matrix.matmul %X, %w : (!matrix.mat<?x?xf64>, !matrix.mat<?x1xf64>) -> !matrix.mat<?x1xf64>
  %yhat = matrix.add %Xw, %b0 : (!matrix.mat<?x1xf64>, f64) -> !matrix.mat<?x1xf64>
  func.return %yhat : !matrix.mat<?x1xf64>
}

func.func @run(%X: !matrix.mat<?x?xf64>, %y: !matrix.mat<?x1xf64>) -> (f64, f64, i64, !matrix.mat<?x1xf64>) {
  %lambda = arith.constant 0.001 : f64
  %tol = arith.constant 1.0e-13 : f64
  %maxi = arith.constant 500 : i64
  %beta, %iters = func.call @lm_cg(%X, %y, %lambda, %tol, %maxi) : (!matrix.mat<?x?xf64>, !matrix.mat<?x1xf64>, f64, f64, i64) -> (!matrix.mat<?x1xf64>, i64)
  %yhat = func.call @lm_predict(%X, %beta) : (!matrix.mat<?x?xf64>, !matrix.mat<?x1xf64>) -> !matrix.mat<?x1xf64>
  %res = matrix.sub %y, %yhat : !matrix.mat<?x1xf64>
  %rss = matrix.reduce sumsq all %res : (!matrix.mat<?x1xf64>) -> f64
  %sb = matrix.reduce sum all %beta : (!matrix.mat<?x1xf64>) -> f64
  func.return %sb, %rss, %iters, %beta : f64, f64, i64, !matrix.mat<?x1xf64>
}

func.func @make_data() -> (!matrix.mat<100000x200xf64>, !matrix.mat<100000x1xf64>) {
  %n = arith.constant 100000 : i64
  %m = arith.constant 200 : i64
  %c1 = arith.constant 1 : i64
  %U = matrix.rand %n, %m {min = -1.0, max = 1.0, sparsity = 1.0, pdf = "uniform", seed = 21} : (i64, i64) -> !matrix.mat<100000x200xf64>
  %logscale = matrix.rand %c1, %m {min = -0.75, max = 0.75, sparsity = 1.0, pdf = "uniform", seed = 22} : (i64, i64) -> !matrix.mat<1x200xf64>
  %scale = matrix.exp %logscale : !matrix.mat<1x200xf64>
  %X = matrix.mul %U, %scale : (!matrix.mat<100000x200xf64>, !matrix.mat<1x200xf64>) -> !matrix.mat<100000x200xf64>
  %wtrue = matrix.rand %m, %c1 {min = -1.0, max = 1.0, sparsity = 1.0, pdf = "uniform", seed = 23} : (i64, i64) -> !matrix.mat<200x1xf64>
  %eps = matrix.rand %n, %c1 {sparsity = 1.0, pdf = "normal", seed = 24} : (i64, i64) -> !matrix.mat<100000x1xf64>
  %Xw = matrix.matmul %X, %wtrue : (!matrix.mat<100000x200xf64>, !matrix.mat<200x1xf64>) -> !matrix.mat<100000x1xf64>
  %sd = arith.constant 0.1 : f64
  %noise = matrix.mul %eps, %sd : (!matrix.mat<100000x1xf64>, f64) -> !matrix.mat<100000x1xf64>
  %b0 = arith.constant 0.5 : f64
  %y0 = matrix.add %Xw, %b0 : (!matrix.mat<100000x1xf64>, f64) -> !matrix.mat<100000x1xf64>
  %y = matrix.add %y0, %noise : !matrix.mat<100000x1xf64>
  func.return %X, %y : !matrix.mat<100000x200xf64>, !matrix.mat<100000x1xf64>
}

func.func @main() -> (f64, f64, i64, !matrix.mat<?x1xf64>) {
  %X, %y = func.call @make_data() : () -> (!matrix.mat<100000x200xf64>, !matrix.mat<100000x1xf64>)
  %Xc = matrix.cast %X : (!matrix.mat<100000x200xf64>) -> !matrix.mat<?x?xf64>
  %yc = matrix.cast %y : (!matrix.mat<100000x1xf64>) -> !matrix.mat<?x1xf64>
  %sb, %rss, %iters, %beta = func.call @run(%Xc, %yc) : (!matrix.mat<?x?xf64>, !matrix.mat<?x1xf64>) -> (f64, f64, i64, !matrix.mat<?x1xf64>)
  func.return %sb, %rss, %iters, %beta : f64, f64, i64, !matrix.mat<?x1xf64>
}

// Binomial logistic regression by Newton's method (IRLS), L2-regularised, with
// an intercept (X1 = cbind(X, 1)):
//
//   p = sigmoid(X1 %*% w);  g = t(X1) %*% (p - y) + lambda * w
//   while (iter < maxi & sum(g^2) > tol^2 * sum(g0^2)):
//     H = t(X1) %*% ((p * (1 - p)) * X1) + lambda * I
//     w = w - solve(H, g);  recompute p, g
//   loss = -sum(y * log(p) + (1 - y) * log(1 - p)) + lambda / 2 * sum(w^2)
//
// Data (@make_data, fixed seeds): X 100000x100 standard normal; labels y in {0, 1}
// drawn as y = (U(0, 1) < sigmoid(X %*% w_true + 0.2)), w_true uniform in [-0.3, 0.3).
// lambda = 1, tol = 1e-8, at most 20 Newton steps (5 are needed).
// Results: the loss, sum(w), the iteration count, w.
//
// Run:
//   amls-run examples/logreg.mlir
//   amls-run examples/logreg.mlir --entry run --arg X=X.npy --arg y=y.npy
//   amls-opt examples/logreg.mlir -O2 --explain

// The probabilities and the gradient of the regularised loss at w.
func.func @gradient(%X1: !matrix.mat<?x?xf64>, %X1t: !matrix.mat<?x?xf64>, %y: !matrix.mat<?x1xf64>, %w: !matrix.mat<?x1xf64>, %lambda: f64) -> (!matrix.mat<?x1xf64>, !matrix.mat<?x1xf64>) {
  %eta = matrix.matmul %X1, %w : (!matrix.mat<?x?xf64>, !matrix.mat<?x1xf64>) -> !matrix.mat<?x1xf64>
  %p = matrix.sigmoid %eta : !matrix.mat<?x1xf64>
  %r = matrix.sub %p, %y : !matrix.mat<?x1xf64>
  %Xr = matrix.matmul %X1t, %r : (!matrix.mat<?x?xf64>, !matrix.mat<?x1xf64>) -> !matrix.mat<?x1xf64>
  %lw = matrix.mul %w, %lambda : (!matrix.mat<?x1xf64>, f64) -> !matrix.mat<?x1xf64>
  %g = matrix.add %Xr, %lw : !matrix.mat<?x1xf64>
  func.return %p, %g : !matrix.mat<?x1xf64>, !matrix.mat<?x1xf64>
}

func.func @logreg(%X: !matrix.mat<?x?xf64>, %y: !matrix.mat<?x1xf64>, %lambda: f64, %tol: f64, %maxi: i64) -> (!matrix.mat<?x1xf64>, !matrix.mat<?x1xf64>, i64) {
  %zero = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f64
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %n = matrix.nrow %X : (!matrix.mat<?x?xf64>) -> i64
  %ones = matrix.fill %one, %n, %c1 : (f64, i64, i64) -> !matrix.mat<?x1xf64>
  %X1 = matrix.cbind %X, %ones : (!matrix.mat<?x?xf64>, !matrix.mat<?x1xf64>) -> !matrix.mat<?x?xf64>
  %X1t = matrix.transpose %X1 : !matrix.mat<?x?xf64>
  %m = matrix.ncol %X1 : (!matrix.mat<?x?xf64>) -> i64
  %onesm = matrix.fill %one, %m, %c1 : (f64, i64, i64) -> !matrix.mat<?x1xf64>
  %I = matrix.diag %onesm : (!matrix.mat<?x1xf64>) -> !matrix.mat<?x?xf64>
  %lI = matrix.mul %I, %lambda : (!matrix.mat<?x?xf64>, f64) -> !matrix.mat<?x?xf64>
  %w0 = matrix.fill %zero, %m, %c1 : (f64, i64, i64) -> !matrix.mat<?x1xf64>
  %p0, %g0 = func.call @gradient(%X1, %X1t, %y, %w0, %lambda) : (!matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>, !matrix.mat<?x1xf64>, !matrix.mat<?x1xf64>, f64) -> (!matrix.mat<?x1xf64>, !matrix.mat<?x1xf64>)
  %gg0 = matrix.reduce sumsq all %g0 : (!matrix.mat<?x1xf64>) -> f64
  %tol2 = arith.mulf %tol, %tol : f64
  %target = arith.mulf %gg0, %tol2 : f64
  %it, %w, %p, %g, %gg = scf.while (%i = %c0, %wi = %w0, %pi = %p0, %gi = %g0, %ggi = %gg0)
      : (i64, !matrix.mat<?x1xf64>, !matrix.mat<?x1xf64>, !matrix.mat<?x1xf64>, f64)
     -> (i64, !matrix.mat<?x1xf64>, !matrix.mat<?x1xf64>, !matrix.mat<?x1xf64>, f64) {
    %more = arith.cmpi slt, %i, %maxi : i64
    %far = arith.cmpf ogt, %ggi, %target : f64
    %go = arith.andi %more, %far : i1
    scf.condition(%go) %i, %wi, %pi, %gi, %ggi : i64, !matrix.mat<?x1xf64>, !matrix.mat<?x1xf64>, !matrix.mat<?x1xf64>, f64
  } do {
  ^bb0(%i: i64, %wi: !matrix.mat<?x1xf64>, %pi: !matrix.mat<?x1xf64>, %gi: !matrix.mat<?x1xf64>, %ggi: f64):
    %q = matrix.sub %one, %pi : (f64, !matrix.mat<?x1xf64>) -> !matrix.mat<?x1xf64>
    %v = matrix.mul %pi, %q : !matrix.mat<?x1xf64>
    %vX = matrix.mul %v, %X1 : (!matrix.mat<?x1xf64>, !matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>
    %H0 = matrix.matmul %X1t, %vX : !matrix.mat<?x?xf64>
    %H = matrix.add %H0, %lI : !matrix.mat<?x?xf64>
    %dw = matrix.solve %H, %gi : (!matrix.mat<?x?xf64>, !matrix.mat<?x1xf64>) -> !matrix.mat<?x1xf64>
    %w2 = matrix.sub %wi, %dw : !matrix.mat<?x1xf64>
    %p2, %g2 = func.call @gradient(%X1, %X1t, %y, %w2, %lambda) : (!matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>, !matrix.mat<?x1xf64>, !matrix.mat<?x1xf64>, f64) -> (!matrix.mat<?x1xf64>, !matrix.mat<?x1xf64>)
    %gg2 = matrix.reduce sumsq all %g2 : (!matrix.mat<?x1xf64>) -> f64
    %i2 = arith.addi %i, %c1 : i64
    scf.yield %i2, %w2, %p2, %g2, %gg2 : i64, !matrix.mat<?x1xf64>, !matrix.mat<?x1xf64>, !matrix.mat<?x1xf64>, f64
  }
  func.return %w, %p, %it : !matrix.mat<?x1xf64>, !matrix.mat<?x1xf64>, i64
}

func.func @run(%X: !matrix.mat<?x?xf64>, %y: !matrix.mat<?x1xf64>) -> (f64, f64, i64, !matrix.mat<?x1xf64>) {
  %lambda = arith.constant 1.0 : f64
  %tol = arith.constant 1.0e-8 : f64
  %maxi = arith.constant 20 : i64
  %w, %p, %iters = func.call @logreg(%X, %y, %lambda, %tol, %maxi) : (!matrix.mat<?x?xf64>, !matrix.mat<?x1xf64>, f64, f64, i64) -> (!matrix.mat<?x1xf64>, !matrix.mat<?x1xf64>, i64)
  // loss = -sum(y * log(p) + (1 - y) * log(1 - p)) + lambda / 2 * sum(w^2)
  %one = arith.constant 1.0 : f64
  %half = arith.constant 0.5 : f64
  %logp = matrix.log %p : !matrix.mat<?x1xf64>
  %q = matrix.sub %one, %p : (f64, !matrix.mat<?x1xf64>) -> !matrix.mat<?x1xf64>
  %logq = matrix.log %q : !matrix.mat<?x1xf64>
  %ny = matrix.sub %one, %y : (f64, !matrix.mat<?x1xf64>) -> !matrix.mat<?x1xf64>
  %t1 = matrix.mul %y, %logp : !matrix.mat<?x1xf64>
  %t2 = matrix.mul %ny, %logq : !matrix.mat<?x1xf64>
  %ll = matrix.add %t1, %t2 : !matrix.mat<?x1xf64>
  %sll = matrix.reduce sum all %ll : (!matrix.mat<?x1xf64>) -> f64
  %ww = matrix.reduce sumsq all %w : (!matrix.mat<?x1xf64>) -> f64
  %hl = arith.mulf %half, %lambda : f64
  %pen = arith.mulf %hl, %ww : f64
  %loss = arith.subf %pen, %sll : f64
  %sw = matrix.reduce sum all %w : (!matrix.mat<?x1xf64>) -> f64
  func.return %loss, %sw, %iters, %w : f64, f64, i64, !matrix.mat<?x1xf64>
}

func.func @make_data() -> (!matrix.mat<100000x100xf64>, !matrix.mat<100000x1xf64>) {
  %n = arith.constant 100000 : i64
  %m = arith.constant 100 : i64
  %c1 = arith.constant 1 : i64
  %X = matrix.rand %n, %m {sparsity = 1.0, pdf = "normal", seed = 61} : (i64, i64) -> !matrix.mat<100000x100xf64>
  %wtrue = matrix.rand %m, %c1 {min = -0.3, max = 0.3, sparsity = 1.0, pdf = "uniform", seed = 62} : (i64, i64) -> !matrix.mat<100x1xf64>
  %u = matrix.rand %n, %c1 {min = 0.0, max = 1.0, sparsity = 1.0, pdf = "uniform", seed = 63} : (i64, i64) -> !matrix.mat<100000x1xf64>
  %eta0 = matrix.matmul %X, %wtrue : (!matrix.mat<100000x100xf64>, !matrix.mat<100x1xf64>) -> !matrix.mat<100000x1xf64>
  %b0 = arith.constant 0.2 : f64
  %eta = matrix.add %eta0, %b0 : (!matrix.mat<100000x1xf64>, f64) -> !matrix.mat<100000x1xf64>
  %prob = matrix.sigmoid %eta : !matrix.mat<100000x1xf64>
  %y = matrix.lt %u, %prob : !matrix.mat<100000x1xf64>
  func.return %X, %y : !matrix.mat<100000x100xf64>, !matrix.mat<100000x1xf64>
}

func.func @main() -> (f64, f64, i64, !matrix.mat<?x1xf64>) {
  %X, %y = func.call @make_data() : () -> (!matrix.mat<100000x100xf64>, !matrix.mat<100000x1xf64>)
  %Xc = matrix.cast %X : (!matrix.mat<100000x100xf64>) -> !matrix.mat<?x?xf64>
  %yc = matrix.cast %y : (!matrix.mat<100000x1xf64>) -> !matrix.mat<?x1xf64>
  %loss, %sw, %iters, %w = func.call @run(%Xc, %yc) : (!matrix.mat<?x?xf64>, !matrix.mat<?x1xf64>) -> (f64, f64, i64, !matrix.mat<?x1xf64>)
  func.return %loss, %sw, %iters, %w : f64, f64, i64, !matrix.mat<?x1xf64>
}

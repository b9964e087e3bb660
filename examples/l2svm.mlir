// L2-SVM (SystemDS l2svm.dml): a linear SVM with squared hinge loss and L2
// regularisation, trained by nonlinear conjugate gradient; each outer iteration
// finds the step size along the search direction s by a Newton line search.
//
//   w = 0;  g_old = t(X) %*% Y;  s = g_old;  Xw = 0
//   while (continue & iter < maxi):
//     Xd = X %*% s;  wd = reg * sum(w * s);  dd = reg * sum(s * s);  step = 0
//     while (continue1 & iiter < maxii):              # line search
//       out = 1 - Y * (Xw + step * Xd);  sv = out > 0;  out = out * sv
//       g = wd + step * dd - sum(out * Y * Xd);  h = dd + sum(Xd * sv * Xd)
//       step = step - g / h;  continue1 = g * g / h >= eps
//     w += step * s;  Xw += step * Xd;  out = max(1 - Y * Xw, 0)
//     obj = 0.5 * sum(out^2) + reg / 2 * sum(w^2);  g_new = t(X) %*% (out * Y) - reg * w
//     continue = step * sum(s * g_old) >= eps * obj
//     s = sum(g_new^2) / sum(g_old^2) * s + g_new;  g_old = g_new
//
// With an intercept (X gets a column of ones). Data (@make_data, fixed seeds):
// X 100000x100 uniform in [0, 1); labels in {-1, +1} from a random hyperplane
// through the centre, Y = 2 * ((X - 0.5) %*% w_true + 0.5 * noise > 0) - 1.
// eps = 1e-9, reg = 1, at most 100 outer (88 are needed) and 20 line-search iterations.
// Results: the objective, sum(w), the training accuracy, the outer iteration count, w.
//
// Run:
//   amls-run examples/l2svm.mlir
//   amls-run examples/l2svm.mlir --entry run --arg X=X.npy --arg Y=Y.npy
//   amls-opt examples/l2svm.mlir -O2 --explain

// The line search: the step size along s minimising the objective.
func.func @line_search(%Xw: !matrix.mat<?x1xf64>, %Xd: !matrix.mat<?x1xf64>, %Y: !matrix.mat<?x1xf64>, %wd: f64, %dd: f64, %eps: f64, %maxii: i64) -> f64 {
  %zero = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f64
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %true = arith.constant true
  %step, %ii, %c = scf.while (%st = %zero, %i = %c0, %go = %true) : (f64, i64, i1) -> (f64, i64, i1) {
    %more = arith.cmpi slt, %i, %maxii : i64
    %both = arith.andi %go, %more : i1
    scf.condition(%both) %st, %i, %go : f64, i64, i1
  } do {
  ^bb0(%st: f64, %i: i64, %go: i1):
    %sXd = matrix.mul %Xd, %st : (!matrix.mat<?x1xf64>, f64) -> !matrix.mat<?x1xf64>
    %tmp = matrix.add %Xw, %sXd : !matrix.mat<?x1xf64>
    %Yt = matrix.mul %Y, %tmp : !matrix.mat<?x1xf64>
    %out0 = matrix.sub %one, %Yt : (f64, !matrix.mat<?x1xf64>) -> !matrix.mat<?x1xf64>
    %sv = matrix.gt %out0, %zero : (!matrix.mat<?x1xf64>, f64) -> !matrix.mat<?x1xf64>
    %out = matrix.mul %out0, %sv : !matrix.mat<?x1xf64>
    %oY = matrix.mul %out, %Y : !matrix.mat<?x1xf64>
    %oYXd = matrix.mul %oY, %Xd : !matrix.mat<?x1xf64>
    %s1 = matrix.reduce sum all %oYXd : (!matrix.mat<?x1xf64>) -> f64
    %sdd = arith.mulf %st, %dd : f64
    %g0 = arith.addf %wd, %sdd : f64
    %g = arith.subf %g0, %s1 : f64
    %Xdsv = matrix.mul %Xd, %sv : !matrix.mat<?x1xf64>
    %XdsvXd = matrix.mul %Xdsv, %Xd : !matrix.mat<?x1xf64>
    %s2 = matrix.reduce sum all %XdsvXd : (!matrix.mat<?x1xf64>) -> f64
    %h = arith.addf %dd, %s2 : f64
    %gh = arith.divf %g, %h : f64
    %st2 = arith.subf %st, %gh : f64
    %gg = arith.mulf %g, %g : f64
    %ggh = arith.divf %gg, %h : f64
    %go2 = arith.cmpf oge, %ggh, %eps : f64
    %i2 = arith.addi %i, %c1 : i64
    scf.yield %st2, %i2, %go2 : f64, i64, i1
  }
  func.return %step : f64
}

// Returns w (with the intercept last) and the number of outer iterations.
func.func @l2svm(%X0: !matrix.mat<?x?xf64>, %Y: !matrix.mat<?x1xf64>, %eps: f64, %reg: f64, %maxi: i64, %maxii: i64) -> (!matrix.mat<?x1xf64>, i64) {
  %zero = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f64
  %half = arith.constant 0.5 : f64
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %true = arith.constant true
  %n = matrix.nrow %X0 : (!matrix.mat<?x?xf64>) -> i64
  %ones = matrix.fill %one, %n, %c1 : (f64, i64, i64) -> !matrix.mat<?x1xf64>
  %X = matrix.cbind %X0, %ones : (!matrix.mat<?x?xf64>, !matrix.mat<?x1xf64>) -> !matrix.mat<?x?xf64>
  %m = matrix.ncol %X : (!matrix.mat<?x?xf64>) -> i64
  %Xt = matrix.transpose %X : !matrix.mat<?x?xf64>
  %w0 = matrix.fill %zero, %m, %c1 : (f64, i64, i64) -> !matrix.mat<?x1xf64>
  %g_old0 = matrix.matmul %Xt, %Y : (!matrix.mat<?x?xf64>, !matrix.mat<?x1xf64>) -> !matrix.mat<?x1xf64>
  %Xw0 = matrix.fill %zero, %n, %c1 : (f64, i64, i64) -> !matrix.mat<?x1xf64>
  %halfreg = arith.mulf %reg, %half : f64
  %iters, %w, %Xw, %s, %g, %c = scf.while (%it = %c0, %wi = %w0, %Xwi = %Xw0, %si = %g_old0, %gi = %g_old0, %go = %true)
      : (i64, !matrix.mat<?x1xf64>, !matrix.mat<?x1xf64>, !matrix.mat<?x1xf64>, !matrix.mat<?x1xf64>, i1)
     -> (i64, !matrix.mat<?x1xf64>, !matrix.mat<?x1xf64>, !matrix.mat<?x1xf64>, !matrix.mat<?x1xf64>, i1) {
    %more = arith.cmpi slt, %it, %maxi : i64
    %both = arith.andi %go, %more : i1
    scf.condition(%both) %it, %wi, %Xwi, %si, %gi, %go : i64, !matrix.mat<?x1xf64>, !matrix.mat<?x1xf64>, !matrix.mat<?x1xf64>, !matrix.mat<?x1xf64>, i1
  } do {
  ^bb0(%it: i64, %wi: !matrix.mat<?x1xf64>, %Xwi: !matrix.mat<?x1xf64>, %si: !matrix.mat<?x1xf64>, %gi: !matrix.mat<?x1xf64>, %go: i1):
    %Xd = matrix.matmul %X, %si : (!matrix.mat<?x?xf64>, !matrix.mat<?x1xf64>) -> !matrix.mat<?x1xf64>
    %ws = matrix.mul %wi, %si : !matrix.mat<?x1xf64>
    %sws = matrix.reduce sum all %ws : (!matrix.mat<?x1xf64>) -> f64
    %wd = arith.mulf %reg, %sws : f64
    %sss = matrix.reduce sumsq all %si : (!matrix.mat<?x1xf64>) -> f64
    %dd = arith.mulf %reg, %sss : f64
    %step = func.call @line_search(%Xwi, %Xd, %Y, %wd, %dd, %eps, %maxii) : (!matrix.mat<?x1xf64>, !matrix.mat<?x1xf64>, !matrix.mat<?x1xf64>, f64, f64, f64, i64) -> f64
    %ss = matrix.mul %si, %step : (!matrix.mat<?x1xf64>, f64) -> !matrix.mat<?x1xf64>
    %w2 = matrix.add %wi, %ss : !matrix.mat<?x1xf64>
    %sXd = matrix.mul %Xd, %step : (!matrix.mat<?x1xf64>, f64) -> !matrix.mat<?x1xf64>
    %Xw2 = matrix.add %Xwi, %sXd : !matrix.mat<?x1xf64>
    %YXw = matrix.mul %Y, %Xw2 : !matrix.mat<?x1xf64>
    %out0 = matrix.sub %one, %YXw : (f64, !matrix.mat<?x1xf64>) -> !matrix.mat<?x1xf64>
    %sv = matrix.gt %out0, %zero : (!matrix.mat<?x1xf64>, f64) -> !matrix.mat<?x1xf64>
    %out = matrix.mul %sv, %out0 : !matrix.mat<?x1xf64>
    %oo = matrix.reduce sumsq all %out : (!matrix.mat<?x1xf64>) -> f64
    %ww = matrix.reduce sumsq all %w2 : (!matrix.mat<?x1xf64>) -> f64
    %obj0 = arith.mulf %half, %oo : f64
    %obj1 = arith.mulf %halfreg, %ww : f64
    %obj = arith.addf %obj0, %obj1 : f64
    %oY = matrix.mul %out, %Y : !matrix.mat<?x1xf64>
    %XtoY = matrix.matmul %Xt, %oY : (!matrix.mat<?x?xf64>, !matrix.mat<?x1xf64>) -> !matrix.mat<?x1xf64>
    %rw = matrix.mul %w2, %reg : (!matrix.mat<?x1xf64>, f64) -> !matrix.mat<?x1xf64>
    %g_new = matrix.sub %XtoY, %rw : !matrix.mat<?x1xf64>
    %sg = matrix.mul %si, %gi : !matrix.mat<?x1xf64>
    %tmp = matrix.reduce sum all %sg : (!matrix.mat<?x1xf64>) -> f64
    %lhs = arith.mulf %step, %tmp : f64
    %rhs = arith.mulf %eps, %obj : f64
    %go2 = arith.cmpf oge, %lhs, %rhs : f64
    %gn = matrix.reduce sumsq all %g_new : (!matrix.mat<?x1xf64>) -> f64
    %go_ = matrix.reduce sumsq all %gi : (!matrix.mat<?x1xf64>) -> f64
    %be = arith.divf %gn, %go_ : f64
    %bs = matrix.mul %si, %be : (!matrix.mat<?x1xf64>, f64) -> !matrix.mat<?x1xf64>
    %s2 = matrix.add %bs, %g_new : !matrix.mat<?x1xf64>
    %it2 = arith.addi %it, %c1 : i64
    scf.yield %it2, %w2, %Xw2, %s2, %g_new, %go2 : i64, !matrix.mat<?x1xf64>, !matrix.mat<?x1xf64>, !matrix.mat<?x1xf64>, !matrix.mat<?x1xf64>, i1
  }
  func.return %w, %iters : !matrix.mat<?x1xf64>, i64
}

func.func @run(%X: !matrix.mat<?x?xf64>, %Y: !matrix.mat<?x1xf64>) -> (f64, f64, f64, i64, !matrix.mat<?x1xf64>) {
  %eps = arith.constant 1.0e-9 : f64
  %reg = arith.constant 1.0 : f64
  %maxi = arith.constant 100 : i64
  %maxii = arith.constant 20 : i64
  %w, %iters = func.call @l2svm(%X, %Y, %eps, %reg, %maxi, %maxii) : (!matrix.mat<?x?xf64>, !matrix.mat<?x1xf64>, f64, f64, i64, i64) -> (!matrix.mat<?x1xf64>, i64)
  // Objective and training accuracy of the final model.
  %zero = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f64
  %half = arith.constant 0.5 : f64
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %m = matrix.ncol %X : (!matrix.mat<?x?xf64>) -> i64
  %m1 = arith.addi %m, %c1 : i64
  %wx = matrix.slice %w, %c0, %m, %c0, %c1 : (!matrix.mat<?x1xf64>, i64, i64, i64, i64) -> !matrix.mat<?x1xf64>
  %b0m = matrix.slice %w, %m, %m1, %c0, %c1 : (!matrix.mat<?x1xf64>, i64, i64, i64, i64) -> !matrix.mat<1x1xf64>
  %b0 = matrix.to_scalar %b0m : (!matrix.mat<1x1xf64>) -> f64
  %Xw0 = matrix.matmul %X, %wx : (!matrix.mat<?x?xf64>, !matrix.mat<?x1xf64>) -> !matrix.mat<?x1xf64>
  %Xw = matrix.add %Xw0, %b0 : (!matrix.mat<?x1xf64>, f64) -> !matrix.mat<?x1xf64>
  %YXw = matrix.mul %Y, %Xw : !matrix.mat<?x1xf64>
  %out0 = matrix.sub %one, %YXw : (f64, !matrix.mat<?x1xf64>) -> !matrix.mat<?x1xf64>
  %out = matrix.max %out0, %zero : (!matrix.mat<?x1xf64>, f64) -> !matrix.mat<?x1xf64>
  %oo = matrix.reduce sumsq all %out : (!matrix.mat<?x1xf64>) -> f64
  %ww = matrix.reduce sumsq all %w : (!matrix.mat<?x1xf64>) -> f64
  %obj0 = arith.mulf %half, %oo : f64
  %hr = arith.mulf %half, %reg : f64
  %obj1 = arith.mulf %hr, %ww : f64
  %obj = arith.addf %obj0, %obj1 : f64
  %sw = matrix.reduce sum all %w : (!matrix.mat<?x1xf64>) -> f64
  %correct = matrix.gt %YXw, %zero : (!matrix.mat<?x1xf64>, f64) -> !matrix.mat<?x1xf64>
  %acc = matrix.reduce mean all %correct : (!matrix.mat<?x1xf64>) -> f64
  func.return %obj, %sw, %acc, %iters, %w : f64, f64, f64, i64, !matrix.mat<?x1xf64>
}

func.func @make_data() -> (!matrix.mat<100000x100xf64>, !matrix.mat<100000x1xf64>) {
  %n = arith.constant 100000 : i64
  %m = arith.constant 100 : i64
  %c1 = arith.constant 1 : i64
  %X = matrix.rand %n, %m {min = 0.0, max = 1.0, sparsity = 1.0, pdf = "uniform", seed = 31} : (i64, i64) -> !matrix.mat<100000x100xf64>
  %wtrue = matrix.rand %m, %c1 {min = -1.0, max = 1.0, sparsity = 1.0, pdf = "uniform", seed = 32} : (i64, i64) -> !matrix.mat<100x1xf64>
  %eps = matrix.rand %n, %c1 {sparsity = 1.0, pdf = "normal", seed = 33} : (i64, i64) -> !matrix.mat<100000x1xf64>
  %half = arith.constant 0.5 : f64
  %Xc = matrix.sub %X, %half : (!matrix.mat<100000x100xf64>, f64) -> !matrix.mat<100000x100xf64>
  %score0 = matrix.matmul %Xc, %wtrue : (!matrix.mat<100000x100xf64>, !matrix.mat<100x1xf64>) -> !matrix.mat<100000x1xf64>
  %noise = matrix.mul %eps, %half : (!matrix.mat<100000x1xf64>, f64) -> !matrix.mat<100000x1xf64>
  %score = matrix.add %score0, %noise : !matrix.mat<100000x1xf64>
  %zero = arith.constant 0.0 : f64
  %pos = matrix.gt %score, %zero : (!matrix.mat<100000x1xf64>, f64) -> !matrix.mat<100000x1xf64>
  %two = arith.constant 2.0 : f64
  %one = arith.constant 1.0 : f64
  %pos2 = matrix.mul %pos, %two : (!matrix.mat<100000x1xf64>, f64) -> !matrix.mat<100000x1xf64>
  %Y = matrix.sub %pos2, %one : (!matrix.mat<100000x1xf64>, f64) -> !matrix.mat<100000x1xf64>
  func.return %X, %Y : !matrix.mat<100000x100xf64>, !matrix.mat<100000x1xf64>
}

func.func @main() -> (f64, f64, f64, i64, !matrix.mat<?x1xf64>) {
  %X, %Y = func.call @make_data() : () -> (!matrix.mat<100000x100xf64>, !matrix.mat<100000x1xf64>)
  %Xc = matrix.cast %X : (!matrix.mat<100000x100xf64>) -> !matrix.mat<?x?xf64>
  %Yc = matrix.cast %Y : (!matrix.mat<100000x1xf64>) -> !matrix.mat<?x1xf64>
  %obj, %sw, %acc, %iters, %w = func.call @run(%Xc, %Yc) : (!matrix.mat<?x?xf64>, !matrix.mat<?x1xf64>) -> (f64, f64, f64, i64, !matrix.mat<?x1xf64>)
  func.return %obj, %sw, %acc, %iters, %w : f64, f64, f64, i64, !matrix.mat<?x1xf64>
}

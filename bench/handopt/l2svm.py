"""examples/l2svm.mlir as an expert writes it in NumPy (data: bench/naive/l2svm.py's).

python bench/handopt/l2svm.py
"""

import numpy as np
from _load import naive, report


def line_search(YXw, YXd, Xd2, wd, dd, eps, maxii):
    # Y*(Xw + step*Xd) = YXw + step*YXd and (oY*Xd) = out*YXd: the products with Y and
    # Xd*Xd are loop-invariant here, computed once by the caller.
    step = 0.0
    i = 0
    go = True
    while go and i < maxii:
        out = 1.0 - (YXw + step * YXd)
        sv = out > 0.0
        out *= sv
        g = wd + step * dd - float(out @ YXd)
        h = dd + float(Xd2 @ sv)
        step = step - g / h
        go = g * g / h >= eps
        i += 1
    return step


def l2svm(X0, Y, eps, reg, maxi, maxii):
    n, m0 = X0.shape
    # One copy with the intercept column, stored column-major: both matrix-vector products
    # per iteration (X @ s, X.T @ r) run 1.5-3.5x faster on a tall, narrow X that way.
    X = np.empty((n, m0 + 1), order="F")
    X[:, :m0] = X0
    X[:, m0] = 1.0
    m = m0 + 1
    y = Y[:, 0]
    w = np.zeros(m)
    g_old = X.T @ y
    s = g_old.copy()
    Xw = np.zeros(n)
    it = 0
    go = True
    while go and it < maxi:
        Xd = X @ s
        wd = reg * float(w @ s)
        dd = reg * float(s @ s)
        step = line_search(y * Xw, y * Xd, Xd * Xd, wd, dd, eps, maxii)
        w += step * s
        Xw += step * Xd
        out = np.maximum(1.0 - y * Xw, 0.0)
        obj = 0.5 * float(out @ out) + reg * 0.5 * float(w @ w)
        g_new = X.T @ (out * y)
        g_new -= reg * w
        go = step * float(s @ g_old) >= eps * obj
        be = float(g_new @ g_new) / float(g_old @ g_old)
        s *= be
        s += g_new
        g_old = g_new
        it += 1
    return w, it


def run(X, Y):
    reg = 1.0
    w, iters = l2svm(X, Y, 1.0e-9, reg, 100, 20)
    m = X.shape[1]
    YXw = Y[:, 0] * (X @ w[:m] + w[m])
    out = np.maximum(1.0 - YXw, 0.0)
    obj = 0.5 * float(out @ out) + 0.5 * reg * float(w @ w)
    acc = float(np.mean(YXw > 0.0))
    return obj, float(np.sum(w)), acc, iters, w[:, None]


def main():
    X, Y = naive("l2svm").make_data()
    return run(X, Y)


if __name__ == "__main__":
    report(main)

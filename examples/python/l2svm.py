"""L2-SVM (examples/l2svm.mlir, SystemDS l2svm.dml): squared hinge loss, L2
regularisation, nonlinear conjugate gradient with a Newton line search."""

import numpy as np

import amls


@amls.jit
def l2svm(X, Y, reg=1.0, eps=1e-9, maxi=100, maxii=20):
    n = X.shape[0]
    X = np.hstack([X, np.ones((n, 1))])
    w = np.zeros(X.shape[1])
    g_old = X.T @ Y
    s = g_old
    Xw = np.zeros(n)
    obj = 0.0
    it = 0
    cont = True
    while cont and it < maxi:
        Xd = X @ s
        wd = reg * np.sum(w * s)
        dd = reg * np.sum(s * s)
        step = 0.0
        iit = 0
        cont1 = True
        while cont1 and iit < maxii:  # line search: the step minimising the objective
            out = 1 - Y * (Xw + step * Xd)
            sv = out > 0
            out = out * sv
            g = wd + step * dd - np.sum(out * Y * Xd)
            h = dd + np.sum(Xd * sv * Xd)
            step = step - g / h
            cont1 = g * g / h >= eps
            iit += 1
        w = w + step * s
        Xw = Xw + step * Xd
        out = np.maximum(1 - Y * Xw, 0)
        obj = 0.5 * np.sum(out**2) + reg / 2 * np.sum(w**2)
        g_new = X.T @ (out * Y) - reg * w
        cont = step * np.sum(s * g_old) >= eps * obj
        s = np.sum(g_new**2) / np.sum(g_old**2) * s + g_new
        g_old = g_new
        it += 1
    acc = np.mean((X @ w > 0) == (Y > 0))
    return obj, np.sum(w), acc, it, w


def data(n=2000, m=20, seed=7):
    rng = np.random.default_rng(seed)
    X = rng.uniform(0.0, 1.0, (n, m))
    w = rng.uniform(-1.0, 1.0, m)
    Y = 2.0 * ((X - 0.5) @ w + 0.5 * rng.standard_normal(n) > 0) - 1.0
    return (X, Y)


PROGRAM = l2svm

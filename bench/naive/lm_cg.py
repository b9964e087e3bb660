"""examples/lm_cg.mlir (@main) in plain NumPy, op by op, as a user would write it.

python bench/naive/lm_cg.py     # prints {"compute_s": ..., "checksums": [...]}
"""

import numpy as np
from _common import report


def lm_cg(X, y, lam, tol, maxi):
    n = X.shape[0]
    ones = np.ones((n, 1))
    X1 = np.hstack([X, ones])
    m = X1.shape[1]
    X1t = X1.T
    Xty = X1t @ y
    r = -Xty
    p = -r
    nr2 = float(np.sum(r**2))
    tol2 = tol * tol
    target = nr2 * tol2
    beta = np.zeros((m, 1))
    i = 0
    while i < maxi and nr2 > target:
        Xp = X1 @ p
        XtXp = X1t @ Xp
        lp = p * lam
        q = XtXp + lp
        pq = p * q
        spq = float(np.sum(pq))
        a = nr2 / spq
        ap = p * a
        beta = beta + ap
        aq = q * a
        r = r + aq
        nr_new = float(np.sum(r**2))
        ratio = nr_new / nr2
        bp = p * ratio
        p = bp - r
        nr2 = nr_new
        i = i + 1
    return beta, i


def lm_predict(X, beta):
    m = X.shape[1]
    w = beta[0:m, 0:1]
    b0 = float(beta[m, 0])
    Xw = X @ w
    yhat = Xw + b0
    return yhat


def run(X, y):
    lam = 0.001
    tol = 1.0e-13
    maxi = 500
    beta, iters = lm_cg(X, y, lam, tol, maxi)
    yhat = lm_predict(X, beta)
    res = y - yhat
    rss = float(np.sum(res**2))
    sb = float(np.sum(beta))
    return sb, rss, iters, beta


def make_data():
    n, m = 100000, 200
    U = np.random.default_rng(21).uniform(-1.0, 1.0, (n, m))
    logscale = np.random.default_rng(22).uniform(-0.75, 0.75, (1, m))
    scale = np.exp(logscale)
    X = U * scale
    wtrue = np.random.default_rng(23).uniform(-1.0, 1.0, (m, 1))
    eps = np.random.default_rng(24).standard_normal((n, 1))
    Xw = X @ wtrue
    noise = eps * 0.1
    y0 = Xw + 0.5
    y = y0 + noise
    return X, y


def main():
    X, y = make_data()
    return run(X, y)


if __name__ == "__main__":
    report(main)

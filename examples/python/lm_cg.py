"""Linear regression by conjugate gradient (examples/lm_cg.mlir, SystemDS lmCG.dml) as an
@amls.jit NumPy function: the ridge normal equations solved with two matrix-vector
products per iteration, never forming t(X1) @ X1."""

import numpy as np

import amls


@amls.jit
def lm_cg(X, y, lam=0.001, tol=1e-13, maxi=500):
    n = X.shape[0]
    X1 = np.hstack([X, np.ones((n, 1))])
    r = -(X1.T @ y)
    p = -r
    nr2 = np.sum(r**2)
    target = nr2 * tol**2
    beta = np.zeros(X1.shape[1])
    i = 0
    while i < maxi and nr2 > target:
        q = X1.T @ (X1 @ p) + lam * p
        a = nr2 / np.sum(p * q)
        beta = beta + a * p
        r = r + a * q
        nr2_new = np.sum(r**2)
        p = -r + (nr2_new / nr2) * p
        nr2 = nr2_new
        i += 1
    rss = np.sum((y - X1 @ beta) ** 2)
    return np.sum(beta), rss, i, beta


def data(n=2000, m=20, seed=7):
    rng = np.random.default_rng(seed)
    X = rng.uniform(-1.0, 1.0, (n, m)) * np.exp(rng.uniform(-0.75, 0.75, m))
    beta = rng.uniform(-1.0, 1.0, m)
    y = X @ beta + 0.5 + 0.1 * rng.standard_normal(n)
    return (X, y)


PROGRAM = lm_cg

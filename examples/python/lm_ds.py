"""Linear regression by direct solve (examples/lm_ds.mlir, SystemDS lmDS.dml)."""

import numpy as np

import amls


@amls.jit
def lm_ds(X, y, lam=0.001):
    n, m = X.shape
    X1 = np.hstack([X, np.ones((n, 1))])
    A = X1.T @ X1 + lam * np.eye(m + 1)
    beta = np.linalg.solve(A, X1.T @ y)
    rss = np.sum((y - X1 @ beta) ** 2)
    return np.sum(beta), rss, beta


def data(n=5000, m=40, seed=7):
    rng = np.random.default_rng(seed)
    X = rng.uniform(0.0, 1.0, (n, m))
    y = X @ rng.uniform(-1.0, 1.0, m) + 0.5 + 0.1 * rng.standard_normal(n)
    return (X, y)


PROGRAM = lm_ds

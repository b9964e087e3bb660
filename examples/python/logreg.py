"""Binomial logistic regression by Newton's method (IRLS), L2-regularised, with an
intercept (examples/logreg.mlir)."""

import numpy as np
from scipy.special import expit

import amls


@amls.jit
def logreg(X, y, lam=1.0, tol=1e-8, maxi=20):
    n, m = X.shape
    X1 = np.hstack([X, np.ones((n, 1))])
    w = np.zeros(m + 1)
    p = expit(X1 @ w)
    g = X1.T @ (p - y) + lam * w
    g0 = np.sum(g**2)
    it = 0
    while it < maxi and np.sum(g**2) > tol**2 * g0:
        H = X1.T @ ((p * (1 - p))[:, None] * X1) + lam * np.eye(m + 1)
        w = w - np.linalg.solve(H, g)
        p = expit(X1 @ w)
        g = X1.T @ (p - y) + lam * w
        it += 1
    loss = -np.sum(y * np.log(p) + (1 - y) * np.log(1 - p)) + lam / 2 * np.sum(w**2)
    return loss, np.sum(w), it, w


def data(n=5000, m=20, seed=7):
    rng = np.random.default_rng(seed)
    X = rng.standard_normal((n, m))
    w = rng.uniform(-0.3, 0.3, m)
    y = (rng.uniform(0.0, 1.0, n) < expit(X @ w + 0.2)) * 1.0
    return (X, y)


PROGRAM = logreg

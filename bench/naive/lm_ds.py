"""examples/lm_ds.mlir (@main) in plain NumPy, op by op, as a user would write it.

python bench/naive/lm_ds.py     # prints {"compute_s": ..., "checksums": [...]}
"""

import numpy as np
from _common import report


def lm_ds(X, y, lam):
    n = X.shape[0]
    ones = np.ones((n, 1))
    X1 = np.hstack([X, ones])
    m = X1.shape[1]
    X1t = X1.T
    A = X1t @ X1
    eye = np.diag(np.ones(m))
    lI = eye * lam
    Ar = A + lI
    b = X1t @ y
    beta = np.linalg.solve(Ar, b)
    return beta


def lm_predict(X, beta):
    m = X.shape[1]
    w = beta[0:m, 0:1]
    b0 = float(beta[m, 0])
    Xw = X @ w
    yhat = Xw + b0
    return yhat


def run(X, y):
    lam = 0.001
    beta = lm_ds(X, y, lam)
    yhat = lm_predict(X, beta)
    res = y - yhat
    rss = float(np.sum(res**2))
    sb = float(np.sum(beta))
    return sb, rss, beta


def make_data():
    n, m = 50000, 400
    X = np.random.default_rng(11).uniform(0.0, 1.0, (n, m))
    wtrue = np.random.default_rng(12).uniform(-1.0, 1.0, (m, 1))
    eps = np.random.default_rng(13).standard_normal((n, 1))
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

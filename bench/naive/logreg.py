"""examples/logreg.mlir (@main) in plain NumPy, op by op, as a user would write it.

python bench/naive/logreg.py    # prints {"compute_s": ..., "checksums": [...]}
"""

import numpy as np
from _common import report


def sigmoid(x):
    return 1.0 / (1.0 + np.exp(-x))


def gradient(X1, X1t, y, w, lam):
    eta = X1 @ w
    p = sigmoid(eta)
    r = p - y
    Xr = X1t @ r
    lw = w * lam
    g = Xr + lw
    return p, g


def logreg(X, y, lam, tol, maxi):
    n = X.shape[0]
    ones = np.ones((n, 1))
    X1 = np.hstack([X, ones])
    X1t = X1.T
    m = X1.shape[1]
    eye = np.diag(np.ones(m))
    lI = eye * lam
    w = np.zeros((m, 1))
    p, g = gradient(X1, X1t, y, w, lam)
    gg = float(np.sum(g**2))
    tol2 = tol * tol
    target = gg * tol2
    i = 0
    while i < maxi and gg > target:
        q = 1.0 - p
        v = p * q
        vX = v * X1
        H0 = X1t @ vX
        H = H0 + lI
        dw = np.linalg.solve(H, g)
        w = w - dw
        p, g = gradient(X1, X1t, y, w, lam)
        gg = float(np.sum(g**2))
        i = i + 1
    return w, p, i


def run(X, y):
    lam = 1.0
    tol = 1.0e-8
    maxi = 20
    w, p, iters = logreg(X, y, lam, tol, maxi)
    logp = np.log(p)
    q = 1.0 - p
    logq = np.log(q)
    ny = 1.0 - y
    t1 = y * logp
    t2 = ny * logq
    ll = t1 + t2
    sll = float(np.sum(ll))
    ww = float(np.sum(w**2))
    pen = 0.5 * lam * ww
    loss = pen - sll
    sw = float(np.sum(w))
    return loss, sw, iters, w


def make_data():
    n, m = 100000, 100
    X = np.random.default_rng(61).standard_normal((n, m))
    wtrue = np.random.default_rng(62).uniform(-0.3, 0.3, (m, 1))
    u = np.random.default_rng(63).uniform(0.0, 1.0, (n, 1))
    eta0 = X @ wtrue
    eta = eta0 + 0.2
    prob = sigmoid(eta)
    y = (u < prob).astype(np.float64)
    return X, y


def main():
    X, y = make_data()
    return run(X, y)


if __name__ == "__main__":
    report(main)

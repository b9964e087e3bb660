"""examples/kmeans.mlir (@main) in plain NumPy, op by op, as a user would write it.

python bench/naive/kmeans.py    # prints {"compute_s": ..., "checksums": [...]}
"""

import numpy as np
from _common import report


def distances(X, C):
    X2 = X * X
    xx = X2.sum(axis=1, keepdims=True)
    C2 = C * C
    cc = C2.sum(axis=1, keepdims=True)
    cct = cc.T
    Ct = C.T
    XC = X @ Ct
    XC2 = XC * 2.0
    D0 = xx - XC2
    D = D0 + cct
    return D


def one_hot(a, k):
    ones = np.ones((1, k))
    A = a @ ones
    last = float(k - 1)
    ids = np.arange(0.0, last + 1.0).reshape(-1, 1)
    idst = ids.T
    P = (A == idst).astype(np.float64)
    return P


def kmeans(X, C, iters):
    k = C.shape[0]
    for _ in range(iters):
        D = distances(X, C)
        a = D.argmin(axis=1, keepdims=True).astype(np.float64)
        P = one_hot(a, k)
        Pt = P.T
        S = Pt @ X
        cnt = P.sum(axis=0, keepdims=True)
        cntt = cnt.T
        empty = (cntt == 0.0).astype(np.float64)
        keep = C * empty
        S2 = S + keep
        den = np.maximum(cntt, 1.0)
        C = S2 / den
    return C


def run(X):
    k = 10
    iters = 20
    d = X.shape[1]
    C0 = X[0:k, 0:d]
    C = kmeans(X, C0, iters)
    D = distances(X, C)
    mins = D.min(axis=1, keepdims=True)
    wcss = float(np.sum(mins))
    return wcss, C


def make_data():
    n, d, k = 100000, 20, 10
    centres = np.random.default_rng(51).uniform(-5.0, 5.0, (k, d))
    u = np.random.default_rng(52).uniform(0.0, 10.0, (n, 1))
    blob = np.floor(u)
    P = one_hot(blob, k)
    M = P @ centres
    noise = np.random.default_rng(53).standard_normal((n, d))
    X = M + noise
    return X


def main():
    X = make_data()
    return run(X)


if __name__ == "__main__":
    report(main)

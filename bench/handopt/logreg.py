"""examples/logreg.mlir as an expert writes it in NumPy (data: bench/naive/logreg.py's).

python bench/handopt/logreg.py
"""

import numpy as np
from _load import naive, report


def sigmoid(x):
    out = np.negative(x)  # 1 / (1 + exp(-x)) with one temporary
    np.exp(out, out=out)
    out += 1.0
    return np.reciprocal(out, out=out)


def logreg(X, y, lam, tol, maxi):
    n, m0 = X.shape
    X1 = np.empty((n, m0 + 1))  # one copy with the intercept column
    X1[:, :m0] = X
    X1[:, m0] = 1.0
    m = m0 + 1
    yv = y[:, 0]
    w = np.zeros(m)

    def gradient(w):
        p = sigmoid(X1 @ w)
        g = X1.T @ (p - yv)
        g += lam * w
        return p, g

    p, g = gradient(w)
    gg = float(g @ g)
    target = gg * tol * tol
    i = 0
    while i < maxi and gg > target:
        v = p * (1.0 - p)
        H = X1.T @ (X1 * v[:, None])  # the weighted Gram matrix: one gemm
        H[np.diag_indices(m)] += lam
        w -= np.linalg.solve(H, g)
        p, g = gradient(w)
        gg = float(g @ g)
        i += 1
    return w, p, i


def run(X, y):
    lam = 1.0
    w, p, iters = logreg(X, y, lam, 1.0e-8, 20)
    yv = y[:, 0]
    sll = float(np.sum(yv * np.log(p) + (1.0 - yv) * np.log(1.0 - p)))
    loss = 0.5 * lam * float(w @ w) - sll
    return loss, float(np.sum(w)), iters, w[:, None]


def main():
    X, y = naive("logreg").make_data()
    return run(X, y)


if __name__ == "__main__":
    report(main)

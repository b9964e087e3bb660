"""examples/lm_cg.mlir as an expert writes it in NumPy (data: bench/naive/lm_cg.py's).

python bench/handopt/lm_cg.py     # prints {"compute_s": ..., "checksums": [...]}
"""

import numpy as np
from _load import naive, report


def lm_cg(X, y, lam, tol, maxi):
    n, m0 = X.shape
    X1 = np.empty((n, m0 + 1))  # one copy with the intercept column, no hstack temporaries
    X1[:, :m0] = X
    X1[:, m0] = 1.0
    m = m0 + 1
    r = -(X1.T @ y[:, 0])  # 1-D vectors: gemv, no (n, 1) matrices; X1.T is a view
    p = -r
    nr2 = float(r @ r)
    target = nr2 * tol * tol
    beta = np.zeros(m)
    i = 0
    while i < maxi and nr2 > target:
        q = X1.T @ (X1 @ p)
        q += lam * p  # in place: no temporary per update below either
        a = nr2 / float(p @ q)
        beta += a * p
        r += a * q
        nr_new = float(r @ r)
        p *= nr_new / nr2
        p -= r
        nr2 = nr_new
        i += 1
    return beta[:, None], i


def run(X, y):
    beta, iters = lm_cg(X, y, 0.001, 1.0e-13, 500)
    m = X.shape[1]
    res = y[:, 0] - (X @ beta[:m, 0] + beta[m, 0])
    return float(np.sum(beta)), float(res @ res), iters, beta


def main():
    X, y = naive("lm_cg").make_data()
    return run(X, y)


if __name__ == "__main__":
    report(main)

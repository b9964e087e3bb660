"""examples/lm_ds.mlir as an expert writes it in NumPy (data: bench/naive/lm_ds.py's).

python bench/handopt/lm_ds.py
"""

import numpy as np
from _load import naive, report


def lm_ds(X, y, lam):
    n, m = X.shape
    # The normal equations of [X, 1] without building [X, 1]: X.T @ X is one syrk-backed
    # call (NumPy spots the transpose of the same buffer), the intercept row/col are sums.
    A = np.empty((m + 1, m + 1))
    A[:m, :m] = X.T @ X
    cs = X.sum(axis=0)
    A[:m, m] = cs
    A[m, :m] = cs
    A[m, m] = n
    A[np.diag_indices(m + 1)] += lam  # + lam*I without an identity matrix
    b = np.empty(m + 1)
    b[:m] = X.T @ y[:, 0]
    b[m] = y.sum()
    return np.linalg.solve(A, b)


def run(X, y):
    beta = lm_ds(X, y, 0.001)
    m = X.shape[1]
    res = y[:, 0] - (X @ beta[:m] + beta[m])
    return float(np.sum(beta)), float(res @ res), beta[:, None]


def main():
    X, y = naive("lm_ds").make_data()
    return run(X, y)


if __name__ == "__main__":
    report(main)

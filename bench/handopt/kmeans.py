"""examples/kmeans.mlir as an expert writes it in NumPy (data: bench/naive/kmeans.py's).

python bench/handopt/kmeans.py
"""

import numpy as np
from _load import naive, report


def distances(X, xx, C):
    D = X @ C.T
    D *= -2.0  # in place: xx - 2 X C' + cc' with one n x k temporary
    D += xx
    D += np.einsum("ij,ij->i", C, C)[None, :]
    return D


def kmeans(X, C, iters):
    n = X.shape[0]
    k = C.shape[0]
    xx = np.einsum("ij,ij->i", X, X)[:, None]  # loop-invariant: computed once
    rows = np.arange(n)
    for _ in range(iters):
        a = distances(X, xx, C).argmin(axis=1)
        P = np.zeros((n, k))
        P[rows, a] = 1.0  # one-hot by indexing, not by comparing an n x k matrix
        S = P.T @ X
        cnt = np.bincount(a, minlength=k).astype(np.float64)[:, None]
        S += C * (cnt == 0.0)  # an empty cluster keeps its centre
        C = S / np.maximum(cnt, 1.0)
    return C, xx


def run(X):
    k, iters = 10, 20
    C, xx = kmeans(X, X[0:k, :], iters)
    wcss = float(np.sum(distances(X, xx, C).min(axis=1)))
    return wcss, C


def main():
    return run(naive("kmeans").make_data())


if __name__ == "__main__":
    report(main)

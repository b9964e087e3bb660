"""PageRank on a sparse graph, literally: P = A / rowSums(A), t(P) inside the loop."""

import numpy as np
import scipy.io
import scipy.sparse as sp


def load(A):
    return (sp.csr_array(scipy.io.mmread(A)),)


def compute(A):
    alpha, iters = 0.85, 50
    n = A.shape[0]
    deg = np.maximum(A.sum(axis=1), 1.0).reshape(-1, 1)
    P = A / deg  # scipy keeps it sparse (COO)
    p = np.full((n, 1), 1.0 / n)
    for _ in range(iters):
        p = alpha * (P.T @ p) + (1 - alpha) / n
    return np.sum(p), p

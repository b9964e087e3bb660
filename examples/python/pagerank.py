"""PageRank by power iteration, written the way a user writes it (examples/pagerank.mlir):
the teleport term builds the dense n x n matrix e @ u every iteration; amls reorders it
to e @ (u @ p)."""

import numpy as np
import scipy.sparse as sp

import amls


@amls.jit
def pagerank(A, alpha=0.85, iters=100):
    n = A.shape[0]
    G = A / np.maximum(np.sum(A, axis=0), 1.0)  # column-stochastic link matrix
    e = np.ones((n, 1))
    u = np.full((1, n), 1.0 / n)
    p = np.full((n, 1), 1.0 / n)
    for _ in range(iters):
        p = alpha * (G @ p) + (1 - alpha) * ((e @ u) @ p)
    return np.sum(p), np.max(p), p


def data(n=500, density=0.01, seed=7):
    A = sp.random_array((n, n), density=density, format="csr", rng=seed)
    A.data[:] = 1.0
    return (A,)


PROGRAM = pagerank

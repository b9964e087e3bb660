"""examples/pagerank.mlir as an expert writes it in NumPy/SciPy (data: the naive script's).

python bench/handopt/pagerank.py
"""

import numpy as np
import scipy.sparse as sp
from _load import naive, report


def pagerank(A, alpha, iters):
    n = A.shape[0]
    deg = np.maximum(np.asarray(A.sum(axis=0)).ravel(), 1.0)
    G = sp.csr_array(A, copy=True)
    G.data /= deg[G.indices]  # column scaling in place on the non-zeros: stays sparse
    p = np.full(n, 1.0 / n)
    beta = 1.0 - alpha
    for _ in range(iters):
        # e %*% u %*% p is a vector of sum(p)/n: never build the n x n outer product.
        teleport = beta * (p.sum() / n)
        p = G @ p
        p *= alpha
        p += teleport
    return p[:, None]


def run(A):
    p = pagerank(A, 0.85, 100)
    return float(np.sum(p)), float(np.max(p)), p


def main():
    return run(naive("pagerank").make_data())


if __name__ == "__main__":
    report(main)

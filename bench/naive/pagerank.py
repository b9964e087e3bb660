"""examples/pagerank.mlir (@main) in NumPy/SciPy, op by op, as a user would write it.

The graph is a scipy.sparse CSR matrix (as amls keeps it); the teleport matrix
e @ u is built densely every iteration, exactly as the program says.

    python bench/naive/pagerank.py  # prints {"compute_s": ..., "checksums": [...]}
"""

import numpy as np
import scipy.sparse as sp
from _common import report


def pagerank(A, alpha, iters):
    n = A.shape[0]
    deg = A.sum(axis=0)
    deg1 = np.maximum(deg, 1.0)
    G = A / deg1
    inv_n = 1.0 / n
    e = np.ones((n, 1))
    u = np.full((1, n), inv_n)
    p = np.full((n, 1), inv_n)
    beta = 1.0 - alpha
    for _ in range(iters):
        Gp = G @ p
        aGp = alpha * Gp
        eu = e @ u
        eup = eu @ p
        teleport = beta * eup
        p = aGp + teleport
    return p


def run(A):
    alpha = 0.85
    iters = 100
    p = pagerank(A, alpha, iters)
    return float(np.sum(p)), float(np.max(p)), p


def make_data():
    # matrix.rand 2000x2000, sparsity 0.01, values uniform in [1, 1], seed 41:
    # 40000 distinct cells drawn without replacement, then their values.
    n = 2000
    rng = np.random.default_rng(41)
    pos = np.sort(rng.choice(n * n, size=round(0.01 * n * n), replace=False, shuffle=False))
    vals = rng.uniform(1.0, 1.0, len(pos))
    rows, cols = np.divmod(pos, n)
    A = sp.csr_array((vals, (rows, cols)), shape=(n, n))
    return A


def main():
    A = make_data()
    return run(A)


if __name__ == "__main__":
    report(main)

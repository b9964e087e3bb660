"""bench/rewrites/pagerank_step.mlir in NumPy/SciPy, literally (the graph stays CSR, as in amls)."""

import numpy as np
from _common import rand, report


def main():
    n, iters, alpha = 4000, 20, 0.85
    A = rand(n, n, min=1.0, max=1.0, sparsity=0.001, seed=901)
    deg = A.sum(axis=0).reshape(1, -1)
    deg1 = np.maximum(deg, 1.0)
    G = (A / deg1).tocsr()
    inv_n = 1.0 / n
    e = np.full((n, 1), 1.0)
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
    return float(np.sum(p)), float(np.max(p))


if __name__ == "__main__":
    report(main)

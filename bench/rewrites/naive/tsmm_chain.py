"""bench/rewrites/tsmm_chain.mlir in NumPy, literally: (t(X) @ X) @ v."""

import numpy as np
from _common import rand, report


def main():
    X = rand(6000, 4000, seed=701)
    v = rand(4000, 1, seed=702)
    G = X.T @ X
    r = G @ v
    return float(np.max(r)), float(np.min(r))


if __name__ == "__main__":
    report(main)

"""bench/rewrites/empty_mm.mlir in NumPy/SciPy, literally (E is an empty CSR, as in amls)."""

import numpy as np
from _common import rand, report


def main():
    E = rand(8000, 20, sparsity=0.0, seed=1001)
    Y = rand(20, 8000, seed=1002)
    Z = E @ Y
    Z2 = Z**2.0
    s = float(np.sum(Z2))
    cs = Z.sum(axis=0, keepdims=True)
    return s, float(np.max(cs))


if __name__ == "__main__":
    report(main)

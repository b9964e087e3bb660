"""bench/rewrites/empty_residual.mlir in NumPy/SciPy, literally: sum((X - E @ W)^2)."""

import numpy as np
from _common import rand, report


def main():
    X = rand(6000, 4000, seed=1101)
    E = rand(6000, 50, sparsity=0.0, seed=1102)
    W = rand(50, 4000, seed=1103)
    P = E @ W
    R = X - P
    R2 = R**2.0
    return (float(np.sum(R2)),)


if __name__ == "__main__":
    report(main)

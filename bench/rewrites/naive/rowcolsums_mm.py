"""bench/rewrites/rowcolsums_mm.mlir in NumPy, literally: row and column sums of X @ Y."""

import numpy as np
from _common import rand, report


def main():
    X = rand(8000, 500, seed=401)
    Y = rand(500, 8000, seed=402)
    P = X @ Y
    r = P.sum(axis=1, keepdims=True)
    c = P.sum(axis=0, keepdims=True)
    return float(np.max(r)), float(np.max(c))


if __name__ == "__main__":
    report(main)

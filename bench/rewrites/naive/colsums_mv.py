"""bench/rewrites/colsums_mv.mlir in NumPy, literally: power iteration with colSums(X * v)."""

import numpy as np
from _common import rand, report


def main():
    X = rand(8000, 1000, seed=501)
    v = rand(8000, 1, seed=502)
    for _ in range(20):
        Xv = X * v
        c = Xv.sum(axis=0, keepdims=True)
        w = X @ c.T
        v = w / np.max(w)
    return float(np.max(v)), float(np.min(v))


if __name__ == "__main__":
    report(main)

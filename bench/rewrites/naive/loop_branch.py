"""bench/rewrites/loop_branch.mlir in NumPy, literally: power iteration with a branch per step."""

import numpy as np
from _common import rand, report


def main():
    frac = 1.0
    X = rand(4000, 2000, seed=1301)
    w = rand(2000, 1, seed=1302)
    for _ in range(10):
        if frac < 1.0:
            Z = X[0:2000, 0:2000]
        else:
            Z = X
        G = Z.T @ Z
        g = G @ w
        w = g / np.max(g)
    return float(np.max(w)), float(np.min(w))


if __name__ == "__main__":
    report(main)

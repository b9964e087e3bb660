"""bench/rewrites/diag_mm.mlir in NumPy, literally: diag(X @ Y), its max and min."""

import numpy as np
from _common import rand, report


def main():
    X = rand(8000, 500, seed=301)
    Y = rand(500, 8000, seed=302)
    P = X @ Y
    d = np.diag(P).reshape(-1, 1)
    return float(np.max(d)), float(np.min(d))


if __name__ == "__main__":
    report(main)

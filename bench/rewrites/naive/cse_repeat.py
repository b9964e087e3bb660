"""bench/rewrites/cse_repeat.mlir in NumPy, literally: the product written three times."""

import numpy as np
from _common import rand, report


def main():
    X = rand(8000, 500, seed=1201)
    Y = rand(500, 8000, seed=1202)
    P1 = X @ Y
    a = float(np.max(P1))
    P2 = X @ Y
    b = float(np.min(P2))
    P3 = X @ Y
    c = float(np.mean(P3))
    return a, b, c


if __name__ == "__main__":
    report(main)

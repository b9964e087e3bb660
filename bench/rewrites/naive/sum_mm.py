"""bench/rewrites/sum_mm.mlir in NumPy, literally: sum(X @ Y)."""

import numpy as np
from _common import rand, report


def main():
    X = rand(8000, 500, seed=101)
    Y = rand(500, 8000, seed=102)
    P = X @ Y
    return (float(np.sum(P)),)


if __name__ == "__main__":
    report(main)

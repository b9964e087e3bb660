"""bench/rewrites/trace_mm.mlir in NumPy, literally: trace(X @ Y)."""

import numpy as np
from _common import rand, report


def main():
    X = rand(8000, 500, seed=201)
    Y = rand(500, 8000, seed=202)
    P = X @ Y
    return (float(np.trace(P)),)


if __name__ == "__main__":
    report(main)

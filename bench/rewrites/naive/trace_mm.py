"""bench/rewrites/trace_mm.mlir in NumPy, literally: trace(X @ Y)."""

import numpy as np
from _common import rand, report


def main():
    X = rand(6000, 400, seed=201)
    Y = rand(400, 6000, seed=202)
    P = X @ Y
    return (float(np.trace(P)),)


if __name__ == "__main__":
    report(main)

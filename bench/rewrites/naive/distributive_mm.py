"""bench/rewrites/distributive_mm.mlir in NumPy, literally: A @ B + A @ C."""

import numpy as np
from _common import rand, report


def main():
    A = rand(3000, 3000, seed=1401)
    B = rand(3000, 1500, seed=1402)
    C = rand(3000, 1500, seed=1403)
    S = A @ B + A @ C
    return float(np.max(S)), float(np.min(S))


if __name__ == "__main__":
    report(main)

"""bench/rewrites/mm_chain.mlir in NumPy, literally: (A @ B) @ c."""

import numpy as np
from _common import rand, report


def main():
    A = rand(8000, 500, seed=801)
    B = rand(500, 8000, seed=802)
    c = rand(8000, 1, seed=803)
    AB = A @ B
    r = AB @ c
    return float(np.max(r)), float(np.min(r))


if __name__ == "__main__":
    report(main)

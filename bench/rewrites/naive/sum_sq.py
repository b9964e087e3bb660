"""bench/rewrites/sum_sq.mlir in NumPy, literally: sum((X - c)^2) for 20 values of c."""

import numpy as np
from _common import rand, report


def main():
    X = rand(4000, 2000, seed=601)
    total = 0.0
    for i in range(20):
        c = float(i) * 0.05
        D = X - c
        D2 = D**2.0
        total = total + float(np.sum(D2))
    return (total,)


if __name__ == "__main__":
    report(main)

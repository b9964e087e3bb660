"""trace(X %*% Y) as an expert writes it."""

import numpy as np


def load(X, Y):
    return np.load(X), np.load(Y)


def compute(X, Y):
    # trace(X Y) = sum(X * t(Y)): O(nk); einsum needs no n x k temporary (fastest measured).
    return (float(np.einsum("ij,ji->", X, Y)),)

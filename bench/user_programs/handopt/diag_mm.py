"""diag(X %*% Y) as an expert writes it."""

import numpy as np


def load(X, Y):
    return np.load(X), np.load(Y)


def compute(X, Y):
    # diag(X Y) = rowSums(X * t(Y)): O(nk); einsum needs no n x k temporary.
    return (np.einsum("ij,ji->i", X, Y).reshape(-1, 1),)

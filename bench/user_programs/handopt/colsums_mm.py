"""colSums(X %*% Y) as an expert writes it."""

import numpy as np


def load(X, Y):
    return np.load(X), np.load(Y)


def compute(X, Y):
    # colSums(X Y) = colSums(X) %*% Y: O(nk + km).
    return (X.sum(axis=0, keepdims=True) @ Y,)

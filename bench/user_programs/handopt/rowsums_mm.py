"""rowSums(X %*% Y) as an expert writes it."""

import numpy as np


def load(X, Y):
    return np.load(X), np.load(Y)


def compute(X, Y):
    # rowSums(X Y) = X %*% rowSums(Y): O(nk + km).
    return (X @ Y.sum(axis=1, keepdims=True),)

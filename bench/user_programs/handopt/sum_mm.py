"""sum(X %*% Y) as an expert writes it."""

import numpy as np


def load(X, Y):
    return np.load(X), np.load(Y)


def compute(X, Y):
    # sum(X Y) = colSums(X) . rowSums(Y): O(nk + km), the product is never formed.
    return (float(X.sum(axis=0) @ Y.sum(axis=1)),)

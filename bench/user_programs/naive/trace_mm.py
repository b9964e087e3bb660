"""trace(X %*% Y), literally: the full n x n product, then its trace."""

import numpy as np


def load(X, Y):
    return np.load(X), np.load(Y)


def compute(X, Y):
    return (np.trace(X @ Y),)

"""diag(X %*% Y), literally: the full n x n product, then its diagonal as a column."""

import numpy as np


def load(X, Y):
    return np.load(X), np.load(Y)


def compute(X, Y):
    return (np.diag(X @ Y).reshape(-1, 1),)

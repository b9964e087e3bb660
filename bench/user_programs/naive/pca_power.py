"""The first principal direction by power iteration, literally: t(X) %*% X %*% v in the loop."""

import numpy as np


def load(X):
    return (np.load(X),)


def compute(X):
    m = X.shape[1]
    v = np.ones((m, 1)) / np.sqrt(m)
    lam = 0.0
    for _ in range(50):
        u = X.T @ X @ v
        lam = np.sqrt(np.sum(u**2))
        v = u / lam
    return lam, v

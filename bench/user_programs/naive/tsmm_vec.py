"""t(X) %*% X %*% v, literally: (X.T @ X) @ v (NumPy runs X.T @ X as one syrk)."""

import numpy as np


def load(X, v):
    return np.load(X), np.load(v)


def compute(X, v):
    return (X.T @ X @ v,)

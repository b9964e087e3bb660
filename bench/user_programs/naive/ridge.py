"""Ridge regression by the normal equations, literally."""

import numpy as np


def load(X, y):
    return np.load(X), np.load(y)


def compute(X, y):
    lam = 0.1
    m = X.shape[1]
    I = np.diag(np.ones(m))  # noqa: E741 - the program's name
    w = np.linalg.solve(X.T @ X + lam * I, X.T @ y)
    rss = np.sum((y - X @ w) ** 2)
    return rss, w

"""Logistic regression by gradient descent on a sparse X, literally: t(X) inside the loop."""

import numpy as np
import scipy.io
import scipy.sparse as sp


def load(X, y):
    return sp.csr_array(scipy.io.mmread(X)), np.load(y)


def sigmoid(z):
    return 1.0 / (1.0 + np.exp(-z))


def compute(X, y):
    lr, lam, iters = 2.0, 0.001, 100
    n, m = X.shape
    w = np.zeros((m, 1))
    for _ in range(iters):
        g = X.T @ (sigmoid(X @ w) - y) / n + lam * w
        w = w - lr * g
    p = sigmoid(X @ w)
    loss = -np.sum(y * np.log(p) + (1 - y) * np.log(1 - p)) / n
    return loss, w

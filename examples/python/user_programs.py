"""bench/user_programs as @amls.jit functions: the naive NumPy of bench/user_programs/naive
(what a user writes first), decorated. PROGRAMS maps a name to (function, data)."""

import numpy as np
import scipy.sparse as sp
from scipy.special import expit

import amls


@amls.jit
def sum_mm(X, Y):
    return np.sum(X @ Y)


@amls.jit
def trace_mm(X, Y):
    return np.trace(X @ Y)


@amls.jit
def diag_mm(X, Y):
    return np.diag(X @ Y).reshape(-1, 1)


@amls.jit
def rowsums_mm(X, Y):
    return (X @ Y).sum(axis=1, keepdims=True)


@amls.jit
def colsums_mm(X, Y):
    return (X @ Y).sum(axis=0, keepdims=True)


@amls.jit
def mm_vec(A, B, v):
    return A @ B @ v


@amls.jit
def tsmm_vec(X, v):
    return X.T @ X @ v


@amls.jit
def ridge(X, y):
    lam = 0.1
    m = X.shape[1]
    I = np.diag(np.ones(m))  # noqa: E741 - the program's name
    w = np.linalg.solve(X.T @ X + lam * I, X.T @ y)
    rss = np.sum((y - X @ w) ** 2)
    return rss, w


@amls.jit
def logreg_gd(X, y):
    lr, lam, iters = 2.0, 0.001, 100
    n, m = X.shape
    w = np.zeros((m, 1))
    for _ in range(iters):
        g = X.T @ (expit(X @ w) - y) / n + lam * w
        w = w - lr * g
    p = expit(X @ w)
    loss = -np.sum(y * np.log(p) + (1 - y) * np.log(1 - p)) / n
    return loss, w


@amls.jit
def pca_power(X):
    m = X.shape[1]
    v = np.ones((m, 1)) / np.sqrt(m)
    lam = 0.0
    for _ in range(50):
        u = X.T @ X @ v
        lam = np.sqrt(np.sum(u**2))
        v = u / lam
    return lam, v


@amls.jit
def pagerank_user(A):
    alpha, iters = 0.85, 50
    n = A.shape[0]
    deg = np.maximum(A.sum(axis=1), 1.0).reshape(-1, 1)
    P = A / deg
    p = np.full((n, 1), 1.0 / n)
    for _ in range(iters):
        p = alpha * (P.T @ p) + (1 - alpha) / n
    return np.sum(p), p


def _mm(n=400, k=40, seed=1):
    rng = np.random.default_rng(seed)
    return rng.random((n, k)), rng.random((k, n))


def _tall(n=4000, m=40, seed=2):
    rng = np.random.default_rng(seed)
    return rng.random((n, m)), rng.random((m, 1)), rng.random((n, 1))


def _logreg(n=4000, m=50, seed=3, density=0.1):
    rng = np.random.default_rng(seed)
    X = sp.random_array((n, m), density=density, format="csr", rng=seed)
    y = (rng.random((n, 1)) < 0.5) * 1.0
    return X, y


def _graph(n=1000, seed=4):
    A = sp.random_array((n, n), density=0.01, format="csr", rng=seed)
    A.data[:] = 1.0
    return A


def _v(n, seed=5):
    return np.random.default_rng(seed).random((n, 1))


PROGRAMS = {
    "sum_mm": (sum_mm, lambda s=1: _mm(400 * s)),
    "trace_mm": (trace_mm, lambda s=1: _mm(400 * s)),
    "diag_mm": (diag_mm, lambda s=1: _mm(400 * s)),
    "rowsums_mm": (rowsums_mm, lambda s=1: _mm(400 * s)),
    "colsums_mm": (colsums_mm, lambda s=1: _mm(400 * s)),
    "mm_vec": (mm_vec, lambda s=1: (*_mm(400 * s), _v(400 * s))),
    "tsmm_vec": (tsmm_vec, lambda s=1: _tall(4000 * s)[:2]),
    "ridge": (ridge, lambda s=1: (_tall(4000 * s)[0], _tall(4000 * s)[2])),
    "logreg_gd": (logreg_gd, lambda s=1: _logreg(4000 * s)),
    "pca_power": (pca_power, lambda s=1: (_tall(4000 * s)[0],)),
    "pagerank_user": (pagerank_user, lambda s=1: (_graph(1000 * s),)),
}

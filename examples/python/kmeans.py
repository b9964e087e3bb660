"""k-means (Lloyd's algorithm, examples/kmeans.mlir): k centroids initialised with the
first k rows, a fixed number of iterations; an empty cluster keeps its centroid."""

import numpy as np

import amls


@amls.jit
def kmeans(X, k=10, iters=20):
    C = X[:k, :]
    D = np.zeros((X.shape[0], k))
    for _ in range(iters):
        # squared distances of the rows of X to the centroids, n x k
        D = np.sum(X**2, axis=1, keepdims=True) - 2 * X @ C.T + np.sum(C**2, axis=1)
        a = np.argmin(D, axis=1)
        P = (np.outer(a, np.ones(k)) == np.arange(k)) * 1.0  # one-hot assignment
        cnt = np.sum(P, axis=0).reshape(-1, 1)
        C = (P.T @ X) / np.maximum(cnt, 1) + (cnt == 0) * C
    wcss = np.sum(np.min(D, axis=1))
    return wcss, C


def data(n=5000, m=10, k=10, seed=7):
    rng = np.random.default_rng(seed)
    centres = rng.uniform(-5.0, 5.0, (k, m))
    X = centres[rng.integers(0, k, n)] + rng.standard_normal((n, m))
    return (X,)


PROGRAM = kmeans

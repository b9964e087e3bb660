"""(A %*% B) %*% v as an expert writes it."""

import numpy as np


def load(A, B, v):
    return np.load(A), np.load(B), np.load(v)


def compute(A, B, v):
    # Right to left: two matrix-vector products, O(nk + km), instead of a matrix product.
    return (A @ (B @ v),)

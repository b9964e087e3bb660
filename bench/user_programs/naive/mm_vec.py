"""A %*% B %*% v, literally: @ groups from the left, so (A @ B) @ v."""

import numpy as np


def load(A, B, v):
    return np.load(A), np.load(B), np.load(v)


def compute(A, B, v):
    return (A @ B @ v,)

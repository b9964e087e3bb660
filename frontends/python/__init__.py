"""The Python frontend: @amls.jit compiles a NumPy function through amls's pipeline.

import amls

@amls.jit
def ridge(X, y, lam=0.1):
    A = X.T @ X + lam * np.eye(X.shape[1])
    return np.linalg.solve(A, X.T @ y)
"""

from amls.frontends.python.jit import JitFunction, jit
from amls.frontends.python.values import JitError

__all__ = ["JitError", "JitFunction", "jit"]

"""bench/startup.py: a tiny `@amls.jit` script, the whole process (imports, compile, run,
exit), as a user runs one: the same three matrix ops as startup_tiny.mlir on a 2x2 matrix."""

import numpy as np

import amls


@amls.jit
def tiny(X):
    return (X @ X).sum()


print(tiny(np.random.default_rng(7).uniform(size=(2, 2))))

"""scipy.sparse, imported when a sparse value first appears.

`from amls.interpreter.kernels import sparse as sp` reads like `import scipy.sparse as sp`:
`sp.csr_array`, `sp.hstack`, ... import scipy.sparse on first use (PEP 562 module
`__getattr__`). Importing it costs more than all of NumPy (scipy's array-API layer comes
with it), and a dense program never needs it.

`sp.issparse` is the cheap part: no value can be sparse before scipy.sparse is imported
(every sparse value is built by it), so until then the answer is False without importing.
"""

from __future__ import annotations

import sys
from typing import Any

import numpy as np

from amls.interpreter.kernels import lazy


def issparse(x: object) -> bool:
    """scipy.sparse.issparse(x), without importing scipy.sparse to say no."""
    real = getattr(sys.modules.get("scipy.sparse"), "issparse", None)
    if real is None:  # not imported (or half-way): nothing can be sparse yet
        return False

    def fast(x: object) -> bool:  # scipy's own, after a test that skips its ABC check
        return type(x) not in _NOT_SPARSE and real(x)

    globals()["issparse"] = fast  # from now on `sp.issparse` is this
    return real(x)


_NOT_SPARSE = frozenset({np.ndarray, float, int})


def __getattr__(name: str) -> Any:
    if name.startswith("__"):  # import machinery probing (__path__, __wrapped__, ...)
        raise AttributeError(name)
    value = getattr(lazy.load("scipy.sparse"), name)  # timed: amls-run reports it
    globals()[name] = value  # later uses are plain module attributes
    return value

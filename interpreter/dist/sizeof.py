"""Dask's `sizeof` for scipy sparse *arrays*.

Dask only knows the old spmatrix classes and would report 56 bytes for a csr_array, which
breaks both memory accounting and the transfer counters the cost model is checked against.
blocked.py imports this module, and the worker plugin of cluster.py on every worker at start.
"""

from __future__ import annotations

from typing import Any

import scipy.sparse as sp
from dask.sizeof import sizeof

from amls.lowering.cost.blocks import CSR_OVERHEAD


@sizeof.register(sp.sparray)
def _sizeof_sparray(s: Any) -> int:
    if hasattr(s, "indptr"):  # CSR / CSC / BSR
        return int(s.data.nbytes + s.indices.nbytes + s.indptr.nbytes) + CSR_OVERHEAD
    return int(sum(sizeof(v) for v in s.__dict__.values()))

"""Shared by the naive NumPy scripts of the rewrite micro-suite.

`rand` draws exactly what amls's `matrix.rand` kernel draws (same generator,
same order of calls, same dense/CSR choice), without importing amls, so the
naive scripts see bit-identical data; `bench/rewrites/run.py --check-data`
verifies that against the real kernel for every matrix.rand in the suite.

`report(main)` times one call of main() (data generation included, as amls's
"execute" phase includes matrix.rand) and prints one JSON line:
{"compute_s": seconds, "data_s": seconds spent in rand(), "checksums": [...]}.
"""

from __future__ import annotations

import builtins
import json
import sys
import time
from collections.abc import Callable
from typing import Any

import numpy as np
import scipy.sparse as sp

SPARSE_THRESHOLD = 0.4  # amls.interpreter.kernels.matrix.SPARSE_THRESHOLD
_data_s = [0.0]  # time spent generating data in rand(), as amls --stats times matrix.rand


def rand(
    rows: int,
    cols: int,
    *,
    seed: int,
    min: float = 0.0,  # noqa: A002 - the attribute names of matrix.rand
    max: float = 1.0,  # noqa: A002
    sparsity: float = 1.0,
    pdf: str = "uniform",
) -> Any:
    """matrix.rand rows, cols {min, max, sparsity, pdf, seed}: ndarray or csr_array."""
    t0 = time.perf_counter()
    try:
        return _rand(rows, cols, seed, min, max, sparsity, pdf)
    finally:
        _data_s[0] += time.perf_counter() - t0


def _rand(
    rows: int,
    cols: int,
    seed: int,
    min: float,  # noqa: A002
    max: float,  # noqa: A002
    sparsity: float,
    pdf: str,
) -> Any:
    rng = np.random.Generator(np.random.PCG64(seed % 2**64))
    cells = rows * cols
    k = builtins.min(cells, round(sparsity * cells))

    def values(n: int) -> np.ndarray:
        return rng.standard_normal(n) if pdf == "normal" else rng.uniform(min, max, n)

    if k == cells:
        out = values(cells).reshape(rows, cols)
        return out if sparsity >= SPARSE_THRESHOLD else sp.csr_array(out)
    pos = np.sort(rng.choice(cells, size=k, replace=False, shuffle=False).astype(np.int64))
    data = values(k)
    if sparsity >= SPARSE_THRESHOLD:
        dense = np.zeros(cells)
        dense[pos] = data
        return dense.reshape(rows, cols)
    r, c = np.divmod(pos, cols)
    keep = data != 0
    return sp.csr_array((data[keep], (r[keep], c[keep])), shape=(rows, cols))


def checksum(value: Any) -> Any:
    """A float as is; a matrix as amls-run describes it (shape, nnz, sum, min, max)."""
    if isinstance(value, bool | int | np.integer):
        return int(value)
    if isinstance(value, float | np.floating):
        return float(value)
    dense = value.toarray() if sp.issparse(value) else np.asarray(value, dtype=np.float64)
    out: dict[str, Any] = {"shape": list(dense.shape), "nnz": int(np.count_nonzero(dense))}
    if dense.size:
        out.update(sum=float(dense.sum()), min=float(dense.min()), max=float(dense.max()))
    return out


def report(main: Callable[[], tuple[Any, ...]]) -> None:
    t0 = time.perf_counter()
    results = main()
    compute = time.perf_counter() - t0
    out = {"compute_s": compute, "data_s": _data_s[0]}
    json.dump({**out, "checksums": [checksum(v) for v in results]}, sys.stdout)
    sys.stdout.write("\n")

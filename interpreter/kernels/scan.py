"""The fact scan: dims, nnz, finiteness and max |x| of a matrix, in one pass over its cells.

A matrix that enters a program from a file (amls-run's --arg, matrix.read) is scanned
while it is loaded (amls.interpreter.kernels.files); its facts are remembered beside the
value (`remember` / `recall`, keyed by the object, dropped with it), so recompiling a
function called with it knows them without another pass.

The scan works in chunks of CHUNK cells so that each chunk is read from memory once and
then stays in cache for the vectorised reductions over it (max, min, and where asked
the non-zero count): one pass over the data however many facts it yields.
"""

from __future__ import annotations

import math
import weakref
from dataclasses import dataclass
from typing import Any

import numpy as np

from amls.interpreter.kernels import sparse as sp

CHUNK = 1 << 18
"""Cells per chunk (2 MB of f64: fits in L2/L3 beside the scratch buffer)."""


@dataclass(frozen=True)
class DataFacts:
    """What a scan found. `absmax` is max |x| over the cells: NaN if a cell is NaN, else
    Inf if one is infinite, 0.0 for a matrix without cells. `nnz` is None when the scan
    did not count (a .npy: see DenseScan)."""

    rows: int
    cols: int
    nnz: int | None
    absmax: float

    @property
    def finite(self) -> bool:
        return math.isfinite(self.absmax)

    def describe_absmax(self) -> str:
        """`max |x| is 3.5`, or what makes the data non-finite."""
        if math.isnan(self.absmax):
            return "the data hold NaN"
        if math.isinf(self.absmax):
            return "the data hold Inf"
        return f"max |x| is {self.absmax!r}"


class DenseScan:
    """Accumulates the facts of 1-D float64 chunks (at most CHUNK cells each).

    Two vectorised reductions per chunk, max and min, give max |x| and finiteness (both
    propagate NaN). Counting non-zeros is a third, slower one (NumPy's count over f64 runs
    at a third of max's speed): `count_nnz=False` skips it where reading is cheap enough
    for it to matter (.npy), leaving nnz unknown."""

    def __init__(self, count_nnz: bool = True) -> None:
        self.count_nnz = count_nnz
        self.absmax = 0.0
        self.nan = False
        self.nnz = 0

    def add(self, chunk: np.ndarray) -> None:
        if chunk.size == 0:
            return
        hi, lo = float(chunk.max()), float(chunk.min())
        if hi != hi:
            self.nan = True
        elif not self.nan:
            self.absmax = max(self.absmax, hi, -lo)
        if self.count_nnz:
            self.nnz += int(np.count_nonzero(chunk))

    def add_all(self, flat: np.ndarray) -> None:
        for start in range(0, flat.size, CHUNK):
            self.add(flat[start : start + CHUNK])

    def facts(self, rows: int, cols: int) -> DataFacts:
        nnz = self.nnz if self.count_nnz else None
        return DataFacts(rows, cols, nnz, math.nan if self.nan else self.absmax)


def scan(x: np.ndarray | sp.sparray | sp.spmatrix, count_nnz: bool = True) -> DataFacts:
    """The facts of a 2-D float64 matrix (dense, or sparse: its stored values only; a
    sparse matrix's non-zeros are always counted, over its stored values)."""
    rows, cols = (int(d) for d in x.shape)
    s = DenseScan(count_nnz or sp.issparse(x))
    if sp.issparse(x):
        csr = x if isinstance(x, sp.csr_array | sp.csr_matrix) else sp.csr_array(x)
        if not csr.has_canonical_format:
            csr = csr.copy()
            csr.sum_duplicates()  # duplicates add up: scan the sums
        s.add_all(np.asarray(csr.data, dtype=np.float64).reshape(-1))
    else:
        a = np.asarray(x, dtype=np.float64)
        s.add_all(np.ravel(a, order="K"))  # a view for C- and F-ordered data
    return s.facts(rows, cols)


_FACTS: dict[int, tuple[weakref.ref[Any], DataFacts]] = {}


def remember(x: Any, facts: DataFacts) -> None:
    """Keep x's scanned facts until x is freed."""
    key = id(x)

    def forget(_: object, key: int = key) -> None:
        _FACTS.pop(key, None)

    _FACTS[key] = (weakref.ref(x, forget), facts)


def recall(x: Any) -> DataFacts | None:
    """The facts scanned when x was loaded, or None (x was computed, not loaded)."""
    entry = _FACTS.get(id(x))
    if entry is None or entry[0]() is not x:
        return None
    return entry[1]


def carry(src: Any, dst: Any) -> None:
    """dst holds the same cells as src (another representation): it has src's facts."""
    if dst is not src:
        facts = recall(src)
        if facts is not None:
            remember(dst, facts)

"""The fact scan: dims, nnz, finiteness and max |x| of a matrix, in one pass over its cells.

A matrix that enters a program from a file (amls-run's --arg, matrix.read) is scanned
while it is loaded (amls.interpreter.kernels.files); its facts are remembered beside the
value (`remember` / `recall`, keyed by the object, dropped with it), so recompiling a
function called with it knows them without another pass.

The scan works in chunks of CHUNK cells so that each chunk is read from memory once and
then stays in cache for the three vectorised steps over it (abs into a scratch buffer,
its max, its non-zero count): one pass over the data however many facts it yields.
"""

from __future__ import annotations

import math
import weakref
from dataclasses import dataclass
from typing import Any

import numpy as np
import scipy.sparse as sp

CHUNK = 1 << 18
"""Cells per chunk (2 MB of f64: fits in L2/L3 beside the scratch buffer)."""


@dataclass(frozen=True)
class DataFacts:
    """What a scan found. `absmax` is max |x| over the cells: NaN if a cell is NaN, else
    Inf if one is infinite, 0.0 for a matrix without cells."""

    rows: int
    cols: int
    nnz: int
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
    """Accumulates the facts of 1-D float64 chunks (at most CHUNK cells each)."""

    def __init__(self) -> None:
        self._buf = np.empty(CHUNK)
        self._bits = self._buf.view(np.uint64)
        self.absmax = 0.0
        self.nan = False
        self.nnz = 0

    def add(self, chunk: np.ndarray) -> None:
        k = chunk.size
        if k == 0:
            return
        b = self._buf[:k]
        np.abs(chunk, out=b)
        m = float(b.max())  # NaN if any cell is NaN
        if m != m:
            self.nan = True
        elif m > self.absmax:
            self.absmax = m
        # abs cleared the sign bits: a cell is non-zero iff its bits are (NaN counts, -0.0
        # does not), and the integer count is vectorised where the float one is not.
        self.nnz += int(np.count_nonzero(self._bits[:k]))

    def add_all(self, flat: np.ndarray) -> None:
        for start in range(0, flat.size, CHUNK):
            self.add(flat[start : start + CHUNK])

    def facts(self, rows: int, cols: int) -> DataFacts:
        return DataFacts(rows, cols, self.nnz, math.nan if self.nan else self.absmax)


def scan(x: np.ndarray | sp.sparray | sp.spmatrix) -> DataFacts:
    """The facts of a 2-D float64 matrix (dense, or sparse: its stored values only)."""
    rows, cols = (int(d) for d in x.shape)
    s = DenseScan()
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

"""The Sketch: what a sparsity estimator knows about one matrix value.

Also the two ways sketches meet exact facts and each other: `apply_facts` (facts
win, estimates stay within the bounds) and `larger` (the join of alternatives).
Count arrays are never written in place once they are in a Sketch.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

import numpy as np
from numpy.typing import NDArray

from amls.interpreter.kernels import sparse as sp
from amls.passes.sizes.facts import MatFacts

Counts = NDArray[Any]
"""Non-zeros per row or column: int64 when built from data, float64 once estimated."""

Scalar = int | float | None


def cells_of(rows: int | None, cols: int | None) -> int | None:
    return None if rows is None or cols is None else rows * cols


def clamp_nnz(nnz: float | None, rows: int | None, cols: int | None) -> float | None:
    if nnz is None:
        return None
    if nnz != nnz:
        return None  # a NaN estimate says nothing
    cells = cells_of(rows, cols)
    return float(max(0.0, nnz if cells is None else min(nnz, float(cells))))


def fit_counts(h: Counts, total: float, cap: float) -> Counts:
    """Counts proportional to h, summing to `total`, each at most `cap` (when possible)."""
    s = float(h.sum())
    if total <= 0 or s <= 0 or len(h) == 0:
        return np.zeros(len(h))
    out = h.astype(np.float64) * (total / s)
    for _ in range(8):
        over = out > cap
        if not over.any():
            break
        out[over] = cap
        free = out < cap
        deficit = total - float(out.sum())
        room = float(out[free].sum())
        if deficit <= 0 or room <= 0:
            break
        out[free] *= 1.0 + deficit / room
    return np.minimum(out, cap)


@dataclass(eq=False)
class Sketch:
    """What an estimator knows about one matrix value.

    rows/cols: exact dims or None. nnz: estimated non-zeros (None: no idea).
    hr/hc: non-zeros per row / per column (MNC), both or neither.
    hr1e: per row, the non-zeros lying in columns that hold a single non-zero;
    hc1e: per column, the non-zeros coming from rows that hold a single
    non-zero (MNC's extension vectors; only from data). diag: non-zeros on the
    main diagonal (square matrices, from data). exact: nnz is exact;
    counts_exact: hr/hc (and the extensions) are exact.
    """

    rows: int | None = None
    cols: int | None = None
    nnz: float | None = None
    hr: Counts | None = None
    hc: Counts | None = None
    hr1e: Counts | None = None
    hc1e: Counts | None = None
    diag: float | None = None
    exact: bool = False
    counts_exact: bool = False

    def __post_init__(self) -> None:
        ok = (
            self.hr is not None
            and self.hc is not None
            and self.rows is not None
            and self.cols is not None
            and len(self.hr) == self.rows
            and len(self.hc) == self.cols
        )
        if not ok:
            self.hr = self.hc = None
        if self.hr is None or self.hr1e is None or len(self.hr1e) != len(self.hr):
            self.hr1e = None
        if self.hc is None or self.hc1e is None or len(self.hc1e) != len(self.hc):
            self.hc1e = None
        if self.hr is None:
            self.counts_exact = False
        if self.nnz is None and self.hr is not None:
            self.nnz = float(self.hr.sum())
        if self.nnz is not None:
            self.nnz = clamp_nnz(float(self.nnz), self.rows, self.cols)
        if self.diag is not None and (self.rows is None or self.rows != self.cols):
            self.diag = None

    def __repr__(self) -> str:
        r, c = ("?" if d is None else d for d in (self.rows, self.cols))
        dims = f"{r}x{c}"
        nnz = "?" if self.nnz is None else f"{self.nnz:.6g}"
        tags = [t for t, on in (("exact", self.exact), ("counts", self.has_counts)) if on]
        return f"Sketch({dims}, nnz={nnz}{''.join(' ' + t for t in tags)})"

    @property
    def cells(self) -> int | None:
        return cells_of(self.rows, self.cols)

    @property
    def dims_known(self) -> bool:
        return self.rows is not None and self.cols is not None

    @property
    def has_counts(self) -> bool:
        return self.hr is not None

    @property
    def sparsity(self) -> float | None:
        """nnz / cells (0 for a matrix without cells); None if unknown."""
        cells = self.cells
        if self.nnz is None or cells is None:
            return None
        return self.nnz / cells if cells else 0.0

    @property
    def is_empty(self) -> bool:
        return self.nnz == 0

    @property
    def is_dense(self) -> bool:
        return self.nnz is not None and self.cells is not None and self.nnz >= self.cells

    @property
    def is_full_diagonal(self) -> bool:
        """Square with a non-zero in every diagonal cell and nowhere else."""
        return self.diag is not None and self.diag == self.rows == self.nnz

    def without_counts(self) -> Sketch:
        return Sketch(self.rows, self.cols, self.nnz, exact=self.exact)

    def with_nnz(self, nnz: float | None, exact: bool = False) -> Sketch:
        """The same sketch with another nnz; counts are rescaled to match."""
        nnz = clamp_nnz(nnz, self.rows, self.cols)
        if nnz is None:
            return Sketch(self.rows, self.cols, None)
        if self.nnz is not None and abs(nnz - self.nnz) <= 1e-9 * max(1.0, nnz):
            return replace(self, nnz=nnz, exact=exact or self.exact)
        if self.hr is None or self.hc is None or not self.nnz:
            return Sketch(self.rows, self.cols, nnz, exact=exact)
        hr = fit_counts(self.hr, nnz, float(self.cols or 0))
        hc = fit_counts(self.hc, nnz, float(self.rows or 0))
        return Sketch(self.rows, self.cols, nnz, hr, hc, exact=exact)


def surely_empty(a: Sketch, b: Sketch) -> bool:
    """One of two operands is exactly empty (so a product of them is)."""
    return (a.is_empty and a.exact) or (b.is_empty and b.exact)


def larger(a: Sketch, b: Sketch) -> Sketch:
    """Conservative join of two alternatives (branches, loop iterations): the larger estimate."""
    if a.nnz is None or b.nnz is None:
        rows = a.rows if a.rows == b.rows else None
        cols = a.cols if a.cols == b.cols else None
        return Sketch(rows, cols, None)
    out = a if a.nnz >= b.nnz else b
    if a.rows != b.rows or a.cols != b.cols:
        rows = a.rows if a.rows == b.rows else None
        cols = a.cols if a.cols == b.cols else None
        return Sketch(rows, cols, out.nnz)
    exact = a.exact and b.exact and a.nnz == b.nnz
    return replace(out, exact=exact)


def apply_facts(sketch: Sketch, facts: MatFacts) -> Sketch:
    """Reconcile an estimate with exact facts: facts win, estimates stay within the bounds."""
    rows = facts.rows if facts.rows is not None else sketch.rows
    cols = facts.cols if facts.cols is not None else sketch.cols
    sk = sketch
    if (sk.rows is not None and sk.rows != rows) or (sk.cols is not None and sk.cols != cols):
        sk = Sketch(rows, cols, sk.nnz)  # contradicts the facts: keep only the number
    elif (sk.rows, sk.cols) != (rows, cols):
        sk = replace(sk, rows=rows, cols=cols)
    if facts.nnz is not None:
        return sk.with_nnz(float(facts.nnz), exact=True)
    ub = facts.nnz_ub
    cells = cells_of(rows, cols)
    if cells is not None:
        ub = float(cells) if ub is None else min(ub, float(cells))
    if sk.nnz is None:
        return sk.with_nnz(ub) if ub is not None else sk
    if ub is not None and sk.nnz > ub:
        return sk.with_nnz(ub, exact=False)
    return sk


def as_matrix(value: Any) -> Any:
    if sp.issparse(value):
        a = value.tocsr() if value.format != "csr" else value
        if not a.has_canonical_format:  # duplicates would count twice
            a = a.copy()
            a.sum_duplicates()
        return a
    arr = np.asarray(value)
    if arr.ndim != 2:
        raise TypeError(f"a matrix sketch needs a 2-D value, got shape {arr.shape}")
    return arr


def shape_nnz(value: Any) -> tuple[int, int, int]:
    a = as_matrix(value)
    nnz = np.count_nonzero(a.data) if sp.issparse(a) else np.count_nonzero(a)
    return int(a.shape[0]), int(a.shape[1]), int(nnz)

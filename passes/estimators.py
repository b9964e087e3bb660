"""Average-case nnz estimators: pluggable sparsity estimates beside the exact size facts.

The size analysis (size_analysis.py) states facts only: exact rows/cols/nnz and
safe worst-case bounds. Cost models also want a *likely* nnz, which is what
this module computes. Estimates never become facts: `estimate_function` walks
a function after the analysis, and wherever the analysis knows an exact nnz
that fact wins; every estimate is clamped to the worst-case bound `nnz_ub` and
to rows*cols.

A `Sketch` describes one matrix value: dims, an nnz estimate and, for the
structure-aware estimator, per-row and per-column non-zero counts. Two
estimators (SystemDS `hops/estim/` names in brackets):

* `MetadataEstimator` [BASIC_AVG]: dims and nnz only, uniform non-zeros:
  matmul 1-(1-s1*s2)^k, product s1*s2, union s1+s2-s1*s2.
* `MNCEstimator` [MNC, extended]: row/column count sketches (Sommer et al.,
  "MNC: Structure-Exploiting Sparsity Estimation for Matrix Expressions",
  SIGMOD 2019). Exact for C = A@B when A has <= 1 non-zero per row or B <= 1
  per column; otherwise a density-map style estimate over the common
  dimension, with exact parts split off: rows of A / columns of B holding a
  single non-zero (MNC's extension vectors), and, beyond SystemDS, full rows
  of A / full columns of B (a few dense rows no longer inflate every column
  count). Output sketches are propagated (scaled counts), so chains stay
  structure-aware. Without counts on an input it falls back to the metadata
  formulas.

Element-wise ops ask the op's own kernel what it does to zero (f(0, 0),
f(0, c)), as the size rules do. The same Sketch object on both sides of a
binary op means the same value: X * X keeps X's pattern, X - X is empty.

Estimates for ops are rules keyed by op class (`@estimate_rule(OpClass)`), written
against the estimator's primitives (`matmul`, `product`, `union`, ...), so
one rule serves every estimator and a plugin op needs one rule. Ops without a
rule are dense if their dims are known, unknown otherwise.

Count arrays are never written in place once they are in a Sketch.
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar

import numpy as np
import scipy.sparse as sp
from numpy.typing import NDArray
from xdsl.dialects import func, scf
from xdsl.ir import Block, Operation, SSAValue

from amls.dialects import matrix as mx
from amls.passes.size_analysis import SizeAnalysis
from amls.passes.sizes import MatFacts, ScalarFacts

Counts = NDArray[Any]
"""Non-zeros per row or column: int64 when built from data, float64 once estimated."""

Scalar = int | float | None

MAX_SYNTHETIC_COUNTS = 1 << 24
"""Count vectors made up without data (dense, uniform) only for rows + cols up to this."""


def _cells(rows: int | None, cols: int | None) -> int | None:
    return None if rows is None or cols is None else rows * cols


def _clamp(nnz: float | None, rows: int | None, cols: int | None) -> float | None:
    if nnz is None:
        return None
    if nnz != nnz:
        return None  # a NaN estimate says nothing
    cells = _cells(rows, cols)
    return float(max(0.0, nnz if cells is None else min(nnz, float(cells))))


def _fit(h: Counts, total: float, cap: float) -> Counts:
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


def _nonempty(h: Counts) -> float:
    """Non-empty rows (columns); for estimated counts, each counts at most 1."""
    return float(np.minimum(h, 1.0).sum())


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
            self.nnz = _clamp(float(self.nnz), self.rows, self.cols)
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
        return _cells(self.rows, self.cols)

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
        nnz = _clamp(nnz, self.rows, self.cols)
        if nnz is None:
            return Sketch(self.rows, self.cols, None)
        if self.nnz is not None and abs(nnz - self.nnz) <= 1e-9 * max(1.0, nnz):
            return replace(self, nnz=nnz, exact=exact or self.exact)
        if self.hr is None or self.hc is None or not self.nnz:
            return Sketch(self.rows, self.cols, nnz, exact=exact)
        hr = _fit(self.hr, nnz, float(self.cols or 0))
        hc = _fit(self.hc, nnz, float(self.rows or 0))
        return Sketch(self.rows, self.cols, nnz, hr, hc, exact=exact)


def _surely_empty(a: Sketch, b: Sketch) -> bool:
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
    cells = _cells(rows, cols)
    if cells is not None:
        ub = float(cells) if ub is None else min(ub, float(cells))
    if sk.nnz is None:
        return sk.with_nnz(ub) if ub is not None else sk
    if ub is not None and sk.nnz > ub:
        return sk.with_nnz(ub, exact=False)
    return sk


# ---------------------------------------------------------------------------
# Estimators.


class SparsityEstimator(ABC):
    """Estimates nnz of op results from their operands' sketches.

    Subclasses implement the primitives below (dims are taken care of by the
    rules; a primitive may assume its inputs' dims agree). `estimate` raises on
    malformed input; `estimate_function` catches and falls back to the facts.
    """

    name: ClassVar[str] = "?"

    # -- leaves ------------------------------------------------------------

    def from_facts(self, facts: MatFacts) -> Sketch:
        """No data: the exact nnz if known, else the worst-case bound, else unknown."""
        if facts.nnz is not None:
            return Sketch(facts.rows, facts.cols, float(facts.nnz), exact=True)
        return Sketch(facts.rows, facts.cols, facts.nnz_ub)

    def from_data(self, value: Any) -> Sketch:
        """Sketch of an actual matrix (2-D ndarray or scipy sparse)."""
        rows, cols, nnz = _shape_nnz(value)
        return Sketch(rows, cols, float(nnz), exact=True)

    def estimate(self, op: Operation, inputs: Sequence[Sketch | int | float | None]) -> Sketch:
        """Sketch of op's (single) result. inputs: one per operand, a Sketch for a
        matrix operand, the constant (or None) for a scalar one."""
        rule = find_rule(type(op))
        out = rule(self, op, list(inputs)) if rule is not None else None
        rows, cols = _result_dims(op)
        if out is None:
            return self.dense(rows, cols) if rows is not None and cols is not None else Sketch()
        if out.rows is None and rows is not None or out.cols is None and cols is not None:
            out = replace(out, rows=out.rows if out.rows is not None else rows)
            out = replace(out, cols=out.cols if out.cols is not None else cols)
        return out

    # -- primitives (MetadataEstimator gives the uniform-model versions) ------

    def dense(self, rows: int | None, cols: int | None, exact: bool = False) -> Sketch:
        return Sketch(rows, cols, _cells(rows, cols), exact=exact)

    def empty(self, rows: int | None, cols: int | None, exact: bool = False) -> Sketch:
        return Sketch(rows, cols, 0.0, exact=exact)

    def uniform(self, rows: int | None, cols: int | None, nnz: float | None) -> Sketch:
        """nnz non-zeros spread uniformly at random."""
        return Sketch(rows, cols, nnz)

    def keep(self, x: Sketch, exact: bool) -> Sketch:
        """Same pattern as x (an op that keeps every non-zero, or keeps as an estimate)."""
        return replace(x, exact=x.exact and exact, counts_exact=x.counts_exact and exact)

    @abstractmethod
    def matmul(self, a: Sketch, b: Sketch) -> Sketch: ...

    @abstractmethod
    def product(self, a: Sketch, b: Sketch) -> Sketch:
        """Non-zero where both are (a*b, a&b); a and b have the same shape."""
        ...

    @abstractmethod
    def union(self, a: Sketch, b: Sketch) -> Sketch:
        """Non-zero where either is (a+b, a|b, max, ...); same shape."""
        ...

    @abstractmethod
    def disjoint_sum(self, a: Sketch, b: Sketch) -> Sketch:
        """Union of patterns known not to overlap; same shape."""
        ...

    @abstractmethod
    def complement(self, x: Sketch) -> Sketch:
        """Non-zero exactly where x is zero (x == 0, !x)."""
        ...

    @abstractmethod
    def broadcast(self, x: Sketch, rows: int | None, cols: int | None) -> Sketch:
        """x stretched to rows x cols (a row/column vector or 1x1 against a matrix)."""
        ...

    @abstractmethod
    def transpose(self, x: Sketch) -> Sketch: ...

    @abstractmethod
    def diag(self, x: Sketch) -> Sketch: ...

    @abstractmethod
    def reshape(self, x: Sketch, rows: int | None, cols: int | None) -> Sketch: ...

    @abstractmethod
    def bind(self, xs: Sequence[Sketch], axis: int) -> Sketch:
        """cbind (axis 1) or rbind (axis 0)."""
        ...

    @abstractmethod
    def slice(self, x: Sketch, r0: Scalar, r1: Scalar, c0: Scalar, c1: Scalar) -> Sketch: ...

    @abstractmethod
    def update(self, a: Sketch, b: Sketch, r0: Scalar, c0: Scalar) -> Sketch:
        """a with b written at (r0, c0)."""
        ...

    @abstractmethod
    def reduce(self, x: Sketch, kind: str, axis: str) -> Sketch:
        """Row (rows x 1), column (1 x cols) or full (1 x 1) aggregate."""
        ...


class MetadataEstimator(SparsityEstimator):
    """SystemDS BASIC_AVG: dims and nnz only, non-zeros assumed uniformly spread."""

    name: ClassVar[str] = "metadata"

    def matmul(self, a: Sketch, b: Sketch) -> Sketch:
        rows, cols = a.rows, b.cols
        k = a.cols if a.cols is not None else b.rows
        if a.is_empty or b.is_empty or k == 0:
            exact = _surely_empty(a, b) or k == 0
            return self.empty(rows, cols, exact=exact)
        if rows is None or cols is None or k is None or a.nnz is None or b.nnz is None:
            return Sketch(rows, cols, None)
        if rows == 0 or cols == 0:
            return self.empty(rows, cols, exact=True)
        s1, s2 = a.nnz / (rows * k), b.nnz / (k * cols)
        p = min(1.0, s1 * s2)
        density = 1.0 if p >= 1.0 else -math.expm1(k * math.log1p(-p))
        exact = a.exact and b.exact and s1 >= 1.0 and s2 >= 1.0
        return Sketch(rows, cols, density * rows * cols, exact=exact)

    def _pair(self, a: Sketch, b: Sketch) -> tuple[int | None, int | None]:
        rows = a.rows if a.rows is not None else b.rows
        cols = a.cols if a.cols is not None else b.cols
        return rows, cols

    def product(self, a: Sketch, b: Sketch) -> Sketch:
        rows, cols = self._pair(a, b)
        if a.is_empty or b.is_empty:
            return self.empty(rows, cols, exact=_surely_empty(a, b))
        cells = _cells(rows, cols)
        if cells is None or a.nnz is None or b.nnz is None:
            # Without dims, the smaller operand still bounds the result: use it.
            known = [x.nnz for x in (a, b) if x.nnz is not None]
            return Sketch(rows, cols, min(known) if known else None)
        s1, s2 = a.nnz / cells, b.nnz / cells
        exact = a.exact and b.exact and (s1 >= 1.0 or s2 >= 1.0)
        return Sketch(rows, cols, s1 * s2 * cells, exact=exact)

    def union(self, a: Sketch, b: Sketch) -> Sketch:
        rows, cols = self._pair(a, b)
        if a.is_empty:
            return replace(b, rows=rows, cols=cols, exact=b.exact and a.exact)
        if b.is_empty:
            return replace(a, rows=rows, cols=cols, exact=a.exact and b.exact)
        cells = _cells(rows, cols)
        if cells is None or a.nnz is None or b.nnz is None:
            return Sketch(rows, cols, None)
        s1, s2 = a.nnz / cells, b.nnz / cells
        exact = a.exact and b.exact and (s1 >= 1.0 or s2 >= 1.0)
        return Sketch(rows, cols, (s1 + s2 - s1 * s2) * cells, exact=exact)

    def disjoint_sum(self, a: Sketch, b: Sketch) -> Sketch:
        rows, cols = self._pair(a, b)
        if a.nnz is None or b.nnz is None:
            return Sketch(rows, cols, None)
        return Sketch(rows, cols, a.nnz + b.nnz, exact=a.exact and b.exact)

    def complement(self, x: Sketch) -> Sketch:
        cells = x.cells
        if cells is None or x.nnz is None:
            return Sketch(x.rows, x.cols, None)
        return Sketch(x.rows, x.cols, cells - x.nnz, exact=x.exact)

    def broadcast(self, x: Sketch, rows: int | None, cols: int | None) -> Sketch:
        sr, sc = _stretch(x, rows, cols)
        if sr == 1 and sc == 1:
            return x
        if sr is None or sc is None:
            return Sketch(rows, cols, None)
        nnz = None if x.nnz is None else x.nnz * sr * sc
        return Sketch(rows, cols, nnz, exact=x.exact)

    def transpose(self, x: Sketch) -> Sketch:
        return Sketch(x.cols, x.rows, x.nnz, exact=x.exact)

    def diag(self, x: Sketch) -> Sketch:
        if x.cols == 1:  # vector -> diagonal matrix (1x1 -> 1x1)
            return Sketch(x.rows, x.rows, x.nnz, exact=x.exact, diag=x.nnz)
        n = x.rows if x.rows is not None else x.cols
        if x.diag is not None:
            return Sketch(n, 1, x.diag, exact=True)
        s = x.sparsity
        return Sketch(n, 1, None if s is None or n is None else s * n)

    def reshape(self, x: Sketch, rows: int | None, cols: int | None) -> Sketch:
        return Sketch(rows, cols, x.nnz, exact=x.exact)

    def bind(self, xs: Sequence[Sketch], axis: int) -> Sketch:
        rows, cols = _bind_dims(xs, axis)
        nnzs = [x.nnz for x in xs]
        if any(n is None for n in nnzs):
            return Sketch(rows, cols, None)
        return Sketch(rows, cols, sum(nnzs), exact=all(x.exact for x in xs))  # type: ignore[arg-type]

    def slice(self, x: Sketch, r0: Scalar, r1: Scalar, c0: Scalar, c1: Scalar) -> Sketch:
        rows, cols = _slice_dims(r0, r1, c0, c1)
        if x.is_empty:
            return self.empty(rows, cols, exact=x.exact)
        cells, whole = _cells(rows, cols), x.cells
        if cells is None or whole is None or x.nnz is None:
            return Sketch(rows, cols, None)
        if cells == whole:
            return Sketch(rows, cols, x.nnz, exact=x.exact)
        return Sketch(rows, cols, x.nnz * cells / whole if whole else 0.0)

    def update(self, a: Sketch, b: Sketch, r0: Scalar, c0: Scalar) -> Sketch:
        if a.nnz is None or b.nnz is None or a.cells is None or b.cells is None:
            return Sketch(a.rows, a.cols, None)
        if a.is_empty:
            return Sketch(a.rows, a.cols, b.nnz, exact=a.exact and b.exact)
        kept = a.nnz * (1.0 - b.cells / a.cells) if a.cells else 0.0
        return Sketch(a.rows, a.cols, kept + b.nnz)

    def reduce(self, x: Sketch, kind: str, axis: str) -> Sketch:
        if axis == "all":
            return Sketch(1, 1, None if x.nnz is None else 0.0 if x.is_empty else 1.0)
        n, along = (x.rows, x.cols) if axis == "row" else (x.cols, x.rows)
        shape = (n, 1) if axis == "row" else (1, n)
        if kind in ("argmin", "argmax"):
            return self.dense(*shape)
        if x.nnz is None or n is None or along is None:
            return Sketch(*shape, None)
        if along == 0:  # reducing nothing: 0, or NaN for a mean
            return self.dense(*shape) if kind == "mean" else self.empty(*shape, exact=True)
        s = x.sparsity or 0.0
        p = 1.0 if s >= 1.0 else -math.expm1(along * math.log1p(-s))
        return Sketch(*shape, n * p, exact=x.exact and s == 0.0)


class MNCEstimator(MetadataEstimator):
    """MNC (SystemDS MNC with extensions): row/column count sketches, propagated.

    Every primitive falls back to the metadata formula when an input lacks counts.
    """

    name: ClassVar[str] = "mnc"

    # -- leaves ------------------------------------------------------------

    def from_facts(self, facts: MatFacts) -> Sketch:
        sk = super().from_facts(facts)
        if sk.exact and sk.dims_known and (sk.is_empty or sk.is_dense):
            # Structure is known exactly for an empty or a full matrix.
            return (
                self.empty(sk.rows, sk.cols, True)
                if sk.is_empty
                else self.dense(sk.rows, sk.cols, True)
            )
        return sk

    def from_data(self, value: Any) -> Sketch:
        return mnc_sketch(value)

    def _counts_ok(self, rows: int | None, cols: int | None) -> bool:
        return rows is not None and cols is not None and rows + cols <= MAX_SYNTHETIC_COUNTS

    def dense(self, rows: int | None, cols: int | None, exact: bool = False) -> Sketch:
        if not self._counts_ok(rows, cols):
            return super().dense(rows, cols, exact)
        assert rows is not None and cols is not None
        hr = np.full(rows, float(cols))
        hc = np.full(cols, float(rows))
        diag = float(rows) if rows == cols else None
        return Sketch(
            rows, cols, float(rows * cols), hr, hc, diag=diag, exact=exact, counts_exact=exact
        )

    def empty(self, rows: int | None, cols: int | None, exact: bool = False) -> Sketch:
        if not self._counts_ok(rows, cols):
            return super().empty(rows, cols, exact)
        assert rows is not None and cols is not None
        diag = 0.0 if rows == cols else None
        return Sketch(
            rows, cols, 0.0, np.zeros(rows), np.zeros(cols), diag=diag, exact=exact,
            counts_exact=exact,
        )  # fmt: skip

    def uniform(self, rows: int | None, cols: int | None, nnz: float | None) -> Sketch:
        if nnz is None or not self._counts_ok(rows, cols) or not rows or not cols:
            return super().uniform(rows, cols, nnz)
        return Sketch(rows, cols, nnz, np.full(rows, nnz / rows), np.full(cols, nnz / cols))

    # -- matrix multiply -----------------------------------------------------

    def matmul(self, a: Sketch, b: Sketch) -> Sketch:
        if not (a.has_counts and b.has_counts) or a.cols != b.rows:
            return super().matmul(a, b)
        assert a.hr is not None and a.hc is not None and b.hr is not None and b.hc is not None
        rows, cols = a.rows, b.cols
        assert rows is not None and cols is not None
        both_exact = a.counts_exact and b.counts_exact
        if a.is_empty or b.is_empty or a.cols == 0:
            return self.empty(rows, cols, exact=_surely_empty(a, b))
        if a.is_full_diagonal:  # diag(v) %*% B with v full: B's pattern
            return replace(b, exact=b.exact and a.exact, counts_exact=b.counts_exact and a.exact)
        if b.is_full_diagonal:
            return replace(a, exact=a.exact and b.exact, counts_exact=a.counts_exact and b.exact)
        hca, hrb = a.hc, b.hr
        hr: Counts | None = None
        hc: Counts | None = None
        exact = False
        if float(a.hr.max()) <= 1.0 or float(b.hc.max()) <= 1.0:
            # Each output row (column) is one row of B (column of A): exact.
            nnz = float(np.dot(hca, hrb))
            exact = both_exact
        elif bool(np.all(hrb[hca > 0] >= cols)):
            # Every row of B that A touches is full: non-empty rows of A give full rows.
            hr = np.where(a.hr > 0, float(cols), 0.0)
            nnz = float(hr.sum())
            hc = np.full(cols, nnz / cols)
            exact = both_exact
        elif bool(np.all(hca[hrb > 0] >= rows)):
            hc = np.where(b.hc > 0, float(rows), 0.0)
            nnz = float(hc.sum())
            hr = np.full(rows, nnz / rows)
            exact = both_exact
        else:
            nnz = _mnc_estimate(a, b)
        if not exact:
            if a.counts_exact and b.counts_exact:
                # Lower bound: rows of A over half full meet columns of B over half full.
                half_r = float(np.count_nonzero(a.hr > (a.cols or 0) // 2))
                half_c = float(np.count_nonzero(b.hc > (b.rows or 0) // 2))
                nnz = max(nnz, half_r * half_c)
            nnz = min(nnz, _nonempty(a.hr) * _nonempty(b.hc))
        if hr is None or hc is None:
            hr = _fit(a.hr, nnz, float(cols))
            hc = _fit(b.hc, nnz, float(rows))
        return Sketch(rows, cols, nnz, hr, hc, exact=exact, counts_exact=exact)

    # -- element-wise --------------------------------------------------------

    def _same(self, a: Sketch, b: Sketch) -> bool:
        return a.has_counts and b.has_counts and a.rows == b.rows and a.cols == b.cols

    def product(self, a: Sketch, b: Sketch) -> Sketch:
        if not self._same(a, b):
            return super().product(a, b)
        assert a.hr is not None and a.hc is not None and b.hr is not None and b.hc is not None
        exact = a.exact and b.exact
        if a.is_empty or b.is_empty:
            return self.empty(a.rows, a.cols, exact=_surely_empty(a, b))
        if a.is_dense:
            return self.keep(b, exact)
        if b.is_dense:
            return self.keep(a, exact)
        na, nb = float(a.nnz or 0), float(b.nnz or 0)
        col_overlap = float(np.dot(a.hc, b.hc)) / (na * nb)
        row_overlap = float(np.dot(a.hr, b.hr)) / (na * nb)
        hr = np.minimum(a.hr * b.hr * col_overlap, np.minimum(a.hr, b.hr))
        hc = np.minimum(a.hc * b.hc * row_overlap, np.minimum(a.hc, b.hc))
        nnz = float(hr.sum())
        return Sketch(a.rows, a.cols, nnz, hr, _fit(hc, nnz, float(a.rows or 0)))

    def union(self, a: Sketch, b: Sketch) -> Sketch:
        if not self._same(a, b):
            return super().union(a, b)
        assert a.hr is not None and a.hc is not None and b.hr is not None and b.hc is not None
        exact = a.exact and b.exact
        if a.is_empty:
            return self.keep(b, exact)
        if b.is_empty:
            return self.keep(a, exact)
        if a.is_dense or b.is_dense:
            return self.dense(a.rows, a.cols, exact)
        na, nb = float(a.nnz or 0), float(b.nnz or 0)
        col_overlap = float(np.dot(a.hc, b.hc)) / (na * nb)
        row_overlap = float(np.dot(a.hr, b.hr)) / (na * nb)
        hr = a.hr + b.hr - a.hr * b.hr * col_overlap
        hr = np.clip(hr, np.maximum(a.hr, b.hr), np.minimum(float(a.cols or 0), a.hr + b.hr))
        hc = a.hc + b.hc - a.hc * b.hc * row_overlap
        hc = np.clip(hc, np.maximum(a.hc, b.hc), np.minimum(float(a.rows or 0), a.hc + b.hc))
        nnz = float(hr.sum())
        return Sketch(a.rows, a.cols, nnz, hr, _fit(hc, nnz, float(a.rows or 0)))

    def disjoint_sum(self, a: Sketch, b: Sketch) -> Sketch:
        if not self._same(a, b):
            return super().disjoint_sum(a, b)
        assert a.hr is not None and a.hc is not None and b.hr is not None and b.hc is not None
        return Sketch(a.rows, a.cols, None, a.hr + b.hr, a.hc + b.hc, exact=a.exact and b.exact)

    def complement(self, x: Sketch) -> Sketch:
        if not x.has_counts:
            return super().complement(x)
        assert x.hr is not None and x.hc is not None
        rows, cols = x.rows or 0, x.cols or 0
        diag = None if x.diag is None else rows - x.diag
        return Sketch(
            x.rows, x.cols, None, cols - x.hr, rows - x.hc, diag=diag, exact=x.exact,
            counts_exact=x.counts_exact,
        )  # fmt: skip

    def broadcast(self, x: Sketch, rows: int | None, cols: int | None) -> Sketch:
        sr, sc = _stretch(x, rows, cols)
        if sr == 1 and sc == 1:
            return x
        if not x.has_counts or sr is None or sc is None or not self._counts_ok(rows, cols):
            return super().broadcast(x, rows, cols)
        assert x.hr is not None and x.hc is not None and rows is not None and cols is not None
        nnz = float(x.nnz or 0)
        # A row vector repeats down the rows, a column vector across the columns.
        hr = np.full(rows, nnz) if sr != 1 else x.hr * sc
        hc = np.full(cols, nnz) if sc != 1 else x.hc * sr
        if sr != 1 and sc != 1:  # 1x1
            hr, hc = np.full(rows, nnz * cols), np.full(cols, nnz * rows)
        return Sketch(rows, cols, None, hr, hc, exact=x.exact, counts_exact=x.counts_exact)

    # -- reorganisation --------------------------------------------------------

    def transpose(self, x: Sketch) -> Sketch:
        return Sketch(
            x.cols, x.rows, x.nnz, x.hc, x.hr, x.hc1e, x.hr1e, x.diag, x.exact, x.counts_exact
        )

    def diag(self, x: Sketch) -> Sketch:
        if not x.has_counts:
            return super().diag(x)
        assert x.hr is not None and x.hc is not None
        n = x.rows or 0
        if x.cols == 1:  # vector -> diagonal matrix
            return Sketch(
                n, n, x.nnz, x.hr, x.hr, diag=x.nnz, exact=x.exact, counts_exact=x.counts_exact
            )
        if x.diag is not None:
            if x.diag >= n:
                return self.dense(n, 1, exact=x.exact)
            if x.diag == 0:
                return self.empty(n, 1, exact=x.exact)
            # Which rows hold the diagonal non-zeros is unknown: weight by row counts.
            hr = _fit(np.minimum(x.hr, 1.0), x.diag, 1.0)
            return Sketch(n, 1, x.diag, hr, np.array([x.diag]), exact=x.exact)
        if x.is_empty:
            return self.empty(n, 1, exact=x.exact)
        # Independence of rows and columns: P(x[i,i] != 0) ~ hr[i] * hc[i] / nnz.
        p = np.minimum(x.hr * x.hc / float(x.nnz or 1), 1.0)
        nnz = float(p.sum())
        return Sketch(n, 1, nnz, p, np.array([nnz]))

    def reshape(self, x: Sketch, rows: int | None, cols: int | None) -> Sketch:
        if not x.has_counts or rows is None or cols is None or rows * cols != x.cells:
            return super().reshape(x, rows, cols)
        assert x.hr is not None and x.hc is not None
        m, n = x.rows or 0, x.cols or 0
        flags = {"exact": x.exact}
        if (rows, cols) == (m, n):
            return x
        if m == 0 or n == 0 or rows == 0 or cols == 0:
            return self.empty(rows, cols, exact=True)
        if n % cols == 0:
            # Each input row becomes n/cols output rows (row-major): split its count,
            # and output column j collects input columns j, j+cols, j+2*cols, ...
            f = n // cols
            hr = np.repeat(x.hr / f, f)
            hc = x.hc.reshape(f, cols).sum(axis=0)
            return Sketch(rows, cols, x.nnz, hr, hc, **flags)
        if cols % n == 0:
            # f = cols/n consecutive input rows make one output row; output column
            # q*n + j takes column j of the input rows i with i % f == q.
            f = cols // n
            hr = x.hr.reshape(rows, f).sum(axis=1)
            hc = np.tile(x.hc / f, f)
            return Sketch(rows, cols, x.nnz, hr, hc, **flags)
        nnz = float(x.nnz or 0)
        return Sketch(
            rows, cols, nnz, np.full(rows, nnz / rows), np.full(cols, nnz / cols), **flags
        )

    def bind(self, xs: Sequence[Sketch], axis: int) -> Sketch:
        rows, cols = _bind_dims(xs, axis)
        if not all(x.has_counts for x in xs) or rows is None or cols is None:
            return super().bind(xs, axis)
        along = [x.hc if axis == 1 else x.hr for x in xs]
        across = [x.hr if axis == 1 else x.hc for x in xs]
        if any(len(h) != len(across[0]) for h in across):  # type: ignore[arg-type]
            return super().bind(xs, axis)
        cat = np.concatenate(along)  # type: ignore[arg-type]
        tot = np.sum(across, axis=0)
        hr, hc = (tot, cat) if axis == 1 else (cat, tot)
        exact = all(x.exact for x in xs)
        counts_exact = all(x.counts_exact for x in xs)
        return Sketch(rows, cols, None, hr, hc, exact=exact, counts_exact=counts_exact)

    def slice(self, x: Sketch, r0: Scalar, r1: Scalar, c0: Scalar, c1: Scalar) -> Sketch:
        bounds = (r0, r1, c0, c1)
        if not x.has_counts or any(not isinstance(v, int) for v in bounds):
            return super().slice(x, r0, r1, c0, c1)
        assert x.hr is not None and x.hc is not None
        r0, r1, c0, c1 = (int(v) for v in bounds)  # type: ignore[arg-type]
        if x.is_empty:
            return self.empty(r1 - r0, c1 - c0, exact=x.exact)
        nnz = float(x.nnz or 0)
        hr, hc = x.hr[r0:r1], x.hc[c0:c1]
        all_rows, all_cols = (r0, r1) == (0, x.rows), (c0, c1) == (0, x.cols)
        # Fraction of the non-zeros in the selected rows (columns); the other
        # axis's counts shrink by it (independence of rows and columns).
        fr = 1.0 if all_rows else float(hr.sum()) / nnz
        fc = 1.0 if all_cols else float(hc.sum()) / nnz
        exact = x.counts_exact and (all_rows or all_cols)
        return Sketch(
            r1 - r0, c1 - c0, nnz * fr * fc, hr * fc, hc * fr, exact=exact,
            counts_exact=exact and all_rows and all_cols,
        )  # fmt: skip

    def update(self, a: Sketch, b: Sketch, r0: Scalar, c0: Scalar) -> Sketch:
        if (
            not (a.has_counts and b.has_counts)
            or not isinstance(r0, int)
            or not isinstance(c0, int)
        ):
            return super().update(a, b, r0, c0)
        assert a.hr is not None and a.hc is not None and b.hr is not None and b.hc is not None
        mb, nb = b.rows or 0, b.cols or 0
        region = self.slice(a, r0, r0 + mb, c0, c0 + nb)
        if region.hr is None or region.hc is None:
            return super().update(a, b, r0, c0)
        hr = a.hr.astype(np.float64)
        hc = a.hc.astype(np.float64)
        hr[r0 : r0 + mb] += b.hr - region.hr
        hc[c0 : c0 + nb] += b.hc - region.hc
        hr, hc = np.maximum(hr, 0.0), np.maximum(hc, 0.0)
        exact = a.is_empty and a.exact and b.exact
        return Sketch(a.rows, a.cols, None, hr, hc, exact=exact)

    def reduce(self, x: Sketch, kind: str, axis: str) -> Sketch:
        if not x.has_counts or axis == "all" or kind in ("argmin", "argmax"):
            return super().reduce(x, kind, axis)
        assert x.hr is not None and x.hc is not None
        along = x.cols if axis == "row" else x.rows
        if along == 0:
            return super().reduce(x, kind, axis)
        # An aggregate is (estimated) non-zero exactly where its row/column is non-empty.
        h = np.minimum(x.hr if axis == "row" else x.hc, 1.0)
        nnz = float(h.sum())
        other = np.array([nnz])
        hr, hc = (h, other) if axis == "row" else (other, h)
        shape = (x.rows, 1) if axis == "row" else (1, x.cols)
        return Sketch(*shape, nnz, hr, hc)


def _mnc_estimate(a: Sketch, b: Sketch) -> float:
    """MNC's estimate for A @ B in the general case, with exact fractions split off.

    Exact parts: full rows of A give output rows as full as B has non-empty
    columns (and full columns of B likewise); with the extension vectors, rows
    of A (columns of B) holding a single non-zero contribute exactly (MNC's
    hybrid case). The rest is MNC's density-map estimate over the common
    dimension, within the remaining non-empty output area.
    """
    assert a.hr is not None and a.hc is not None and b.hr is not None and b.hc is not None
    k = float(len(a.hc))
    hra, hca, hrb, hcb = a.hr, a.hc, b.hr, b.hc
    ne_a, ne_b = _nonempty(hra), _nonempty(hcb)
    full_r, full_c = hra >= k, hcb >= k
    n_fr, n_fc = float(np.count_nonzero(full_r)), float(np.count_nonzero(full_c))
    exact = n_fr * ne_b + n_fc * ne_a - n_fr * n_fc
    if n_fr:
        hra, hca = np.where(full_r, 0.0, hra), np.maximum(hca - n_fr, 0.0)
    if n_fc:
        hcb, hrb = np.where(full_c, 0.0, hcb), np.maximum(hrb - n_fc, 0.0)
    # Single-non-zero rows of A and columns of B (never full, as k > 1 here).
    c1 = a.hc1e if a.hc1e is not None else np.zeros(len(hca))
    r1 = b.hr1e if b.hr1e is not None else np.zeros(len(hrb))
    single_r = float(np.count_nonzero(hra == 1)) if a.hc1e is not None else 0.0
    single_c = float(np.count_nonzero(hcb == 1)) if b.hr1e is not None else 0.0
    exact += float(np.dot(c1, hrb)) + float(np.dot(np.maximum(hca - c1, 0.0), r1))
    area = (ne_a - n_fr - single_r) * (ne_b - n_fc - single_c)
    if area <= 0:
        return exact
    p = np.clip(np.maximum(hca - c1, 0.0) * np.maximum(hrb - r1, 0.0) / area, 0.0, 1.0)
    with np.errstate(divide="ignore"):
        density = -math.expm1(float(np.log1p(-p).sum()))
    return exact + density * area


def _stretch(x: Sketch, rows: int | None, cols: int | None) -> tuple[int | None, int | None]:
    """Broadcast factors along rows and columns (1 = no stretch, None = unknown)."""
    sr: int | None = 1
    sc: int | None = 1
    if x.rows == 1 and rows != 1:
        sr = rows
    if x.cols == 1 and cols != 1:
        sc = cols
    return sr, sc


def _bind_dims(xs: Sequence[Sketch], axis: int) -> tuple[int | None, int | None]:
    keep = 1 - axis
    shared = next(((x.rows, x.cols)[keep] for x in xs if (x.rows, x.cols)[keep] is not None), None)
    along = [(x.rows, x.cols)[axis] for x in xs]
    total = sum(along) if all(d is not None for d in along) else None  # type: ignore[arg-type]
    return (shared, total) if axis == 1 else (total, shared)


def _slice_dims(r0: Scalar, r1: Scalar, c0: Scalar, c1: Scalar) -> tuple[int | None, int | None]:
    def span(lo: Scalar, hi: Scalar) -> int | None:
        return int(hi) - int(lo) if isinstance(lo, int) and isinstance(hi, int) else None

    return span(r0, r1), span(c0, c1)


# ---------------------------------------------------------------------------
# Sketches from data.


def _as_matrix(value: Any) -> Any:
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


def _shape_nnz(value: Any) -> tuple[int, int, int]:
    a = _as_matrix(value)
    nnz = np.count_nonzero(a.data) if sp.issparse(a) else np.count_nonzero(a)
    return int(a.shape[0]), int(a.shape[1]), int(nnz)


def mnc_sketch(value: Any, extended: bool = True) -> Sketch:
    """The MNC sketch of a matrix: exact row/column counts (+ extension vectors)."""
    a = _as_matrix(value)
    m, n = int(a.shape[0]), int(a.shape[1])
    ri: NDArray[Any] | None = None
    ci: NDArray[Any] | None = None
    nz_dense: NDArray[Any] | None = None
    if sp.issparse(a):
        counts = np.diff(a.indptr)
        keep = a.data != 0  # explicit zeros do not count; NaN does
        if keep.all():
            hr = counts.astype(np.int64)
            ci = a.indices.astype(np.int64)
            hc = np.bincount(ci, minlength=n).astype(np.int64)
        else:
            ri = np.repeat(np.arange(m, dtype=np.int64), counts)[keep]
            ci = a.indices[keep].astype(np.int64)
            hr = np.bincount(ri, minlength=m).astype(np.int64)
            hc = np.bincount(ci, minlength=n).astype(np.int64)
        diag = float(np.count_nonzero(a.diagonal())) if m == n else None
    else:
        nz_dense = a != 0
        hr = nz_dense.sum(axis=1).astype(np.int64)
        hc = nz_dense.sum(axis=0).astype(np.int64)
        diag = float(np.count_nonzero(np.diagonal(a))) if m == n else None
    nnz = float(hr.sum())
    hr1e = hc1e = None
    full = nnz == m * n
    if extended and nnz and not full and (hr.max() > 1 or hc.max() > 1):
        if nz_dense is not None:
            hr1e = nz_dense[:, hc <= 1].sum(axis=1).astype(np.int64)
            hc1e = nz_dense[hr == 1, :].sum(axis=0).astype(np.int64)
        else:
            assert ci is not None
            if ri is None:
                ri = np.repeat(np.arange(m, dtype=np.int64), hr)
            hr1e = np.bincount(ri[hc[ci] <= 1], minlength=m).astype(np.int64)
            hc1e = np.bincount(ci[hr[ri] == 1], minlength=n).astype(np.int64)
    return Sketch(m, n, nnz, hr, hc, hr1e, hc1e, diag, exact=True, counts_exact=True)


# ---------------------------------------------------------------------------
# Per-op rules, written against the estimator primitives.

EstimateRule = Callable[[SparsityEstimator, Any, list[Any]], Sketch | None]

ESTIMATE_RULES: dict[type[Operation], EstimateRule] = {}


def estimate_rule(*op_types: type[Operation]) -> Callable[[EstimateRule], EstimateRule]:
    """Register a rule for op classes (and their subclasses, unless they have their own)."""

    def register(fn: EstimateRule) -> EstimateRule:
        for t in op_types:
            ESTIMATE_RULES[t] = fn
        return fn

    return register


def find_rule(op_type: type[Operation]) -> EstimateRule | None:
    for t in op_type.__mro__:
        rule = ESTIMATE_RULES.get(t)
        if rule is not None:
            return rule
    return None


def _result_dims(op: Operation) -> tuple[int | None, int | None]:
    if len(op.results) == 1 and isinstance(op.results[0].type, mx.MatrixType):
        t = op.results[0].type
        return t.rows, t.cols
    return None, None


def _sk(x: Any) -> Sketch:
    if not isinstance(x, Sketch):
        raise TypeError(f"expected a matrix sketch, got {x!r}")
    return x


def _int(x: Any) -> int | None:
    return int(x) if isinstance(x, int | float) and float(x).is_integer() else None


def _num(x: Any) -> float | None:
    return float(x) if isinstance(x, int | float) else None


@estimate_rule(mx.MatmulOp)
def _matmul(est: SparsityEstimator, op: mx.MatmulOp, ins: list[Any]) -> Sketch:
    return est.matmul(_sk(ins[0]), _sk(ins[1]))


def _kernel_value(op: Operation, args: tuple[Any, ...]) -> float | None:
    """The op's own kernel on (1x1 zero, scalar) operands; None if it fails."""
    from amls.interpreter.kernels import KERNELS, load_builtin_kernels

    k = KERNELS.get(type(op)) or load_builtin_kernels().get(type(op))
    if k is None:
        return None
    try:
        with np.errstate(all="ignore"):
            out = k(op, args)
    except Exception:
        return None
    arr = out.toarray() if sp.issparse(out) else np.asarray(out)
    return float(arr.reshape(-1)[0]) if arr.size else None


_ZERO = np.zeros((1, 1))


_PROBES = (1.0, -1.0, 0.5, -3.0)


def _zero_kept(op: Operation, zero_left: bool) -> bool:
    """f(0, y) == 0 (or f(y, 0) == 0) for typical non-zero y."""
    for y in _PROBES:
        v = _kernel_value(op, (_ZERO, y) if zero_left else (y, _ZERO))
        if v is None or v != 0:
            return False
    return True


def _keeps_every_nonzero(op: Operation, c: float, matrix_left: bool) -> bool:
    """Does x (op) c map every non-zero x to a non-zero? (f(0, c) == 0 is checked already.)"""
    finite_nonzero = c != 0 and math.isfinite(c)
    if isinstance(op, mx.MulOp):
        return finite_nonzero
    if isinstance(op, mx.DivOp):
        return finite_nonzero and matrix_left
    if isinstance(op, mx.AddOp | mx.SubOp | mx.NeOp | mx.OrOp):
        return c == 0
    if isinstance(op, mx.AndOp):
        return c != 0
    return False


@estimate_rule(mx.ElementwiseBinaryOp)
def _binary(est: SparsityEstimator, op: mx.ElementwiseBinaryOp, ins: list[Any]) -> Sketch:
    a, b = ins
    product_like = isinstance(op, mx.MulOp | mx.AndOp)
    if isinstance(a, Sketch) and a is b:
        return _binary_self(est, op, a)
    if isinstance(a, Sketch) and isinstance(b, Sketch):
        shape = mx.broadcast_shape((a.rows, a.cols), (b.rows, b.cols))
        if isinstance(shape, str):
            raise ValueError(shape)
        rows, cols = shape
        a2, b2 = est.broadcast(a, rows, cols), est.broadcast(b, rows, cols)
        if product_like:
            return est.product(a2, b2)
        f00 = _kernel_value(op, (_ZERO, _ZERO))
        if f00 == 0:  # zeros stay zeros: non-zero only where an operand is
            return est.union(a2, b2)
        # A dense operand that keeps the other's zeros (X / rowSums(X), X %% Y):
        # non-zero at most where the other is.
        if b2.is_dense and _zero_kept(op, zero_left=True):
            return est.keep(a2, exact=False)
        if a2.is_dense and _zero_kept(op, zero_left=False):
            return est.keep(b2, exact=False)
        return est.dense(rows, cols)  # e.g. a == b: zeros meet zeros and give 1
    x, c, matrix_left = (a, b, True) if isinstance(a, Sketch) else (b, a, False)
    x = _sk(x)
    if c is None:  # unknown scalar: a product cannot add non-zeros, anything else may
        return est.keep(x, exact=False) if product_like else est.dense(x.rows, x.cols)
    c = float(c)
    fz = _kernel_value(op, (_ZERO, c) if matrix_left else (c, _ZERO))
    if fz is None or fz != 0:  # zeros become non-zeros (NaN included)
        return est.dense(x.rows, x.cols)
    if product_like and c == 0:
        return est.empty(x.rows, x.cols, exact=isinstance(op, mx.AndOp))
    return est.keep(x, exact=_keeps_every_nonzero(op, c, matrix_left))


def _binary_self(est: SparsityEstimator, op: Operation, x: Sketch) -> Sketch:
    """x (op) x, one value on both sides (X * X, X - X): the patterns coincide."""
    f00 = _kernel_value(op, (_ZERO, _ZERO))
    same = [_kernel_value(op, (np.full((1, 1), y), np.full((1, 1), y))) for y in _PROBES]
    if f00 != 0:
        return est.dense(x.rows, x.cols)
    if all(v == 0 for v in same):
        return est.empty(x.rows, x.cols)  # x - x, x != x, x < x
    exact = all(v is not None and v != 0 for v in same)
    return est.keep(x, exact=exact)


# Unary ops that map 0 -> 0 and non-zero -> non-zero (NaN counts as non-zero).
_NNZ_EXACT_UNARY = (mx.NegOp, mx.AbsOp, mx.SignOp, mx.SqrtOp)
# Unary ops that map 0 -> 0 but may create zeros.
_ZERO_SAFE_UNARY = (mx.RoundOp, mx.FloorOp, mx.CeilOp)


@estimate_rule(mx.ElementwiseUnaryOp)
def _unary(est: SparsityEstimator, op: mx.ElementwiseUnaryOp, ins: list[Any]) -> Sketch:
    x = _sk(ins[0])
    if isinstance(op, _NNZ_EXACT_UNARY):
        return est.keep(x, exact=True)
    if isinstance(op, _ZERO_SAFE_UNARY):
        return est.keep(x, exact=False)
    if isinstance(op, mx.NotOp):
        return est.complement(x)
    return est.dense(x.rows, x.cols)  # exp(0) = 1, log(0) = -inf, sigmoid(0) = 0.5


@estimate_rule(mx.SelectOp)
def _select(est: SparsityEstimator, op: mx.SelectOp, ins: list[Any]) -> Sketch:
    cond = _sk(ins[0])

    def branch(v: Any) -> Sketch:
        if isinstance(v, Sketch):
            return v
        if v is not None and float(v) == 0.0:
            return est.empty(cond.rows, cond.cols, exact=True)
        return est.dense(cond.rows, cond.cols, exact=v is not None)

    taken = est.product(cond, branch(ins[1]))
    other = est.product(est.complement(cond), branch(ins[2]))
    return est.disjoint_sum(taken, other)


@estimate_rule(mx.TransposeOp)
def _transpose(est: SparsityEstimator, op: mx.TransposeOp, ins: list[Any]) -> Sketch:
    return est.transpose(_sk(ins[0]))


@estimate_rule(mx.DiagOp)
def _diag(est: SparsityEstimator, op: mx.DiagOp, ins: list[Any]) -> Sketch:
    return est.diag(_sk(ins[0]))


@estimate_rule(mx.ReshapeOp)
def _reshape(est: SparsityEstimator, op: mx.ReshapeOp, ins: list[Any]) -> Sketch:
    x = _sk(ins[0])
    r, c = _int(ins[1]), _int(ins[2])
    cells = x.cells
    if cells is not None and r is None and c:
        r = cells // c
    if cells is not None and c is None and r:
        c = cells // r
    return est.reshape(x, r, c)


@estimate_rule(mx.AppendOp)
def _bind(est: SparsityEstimator, op: mx.AppendOp, ins: list[Any]) -> Sketch:
    return est.bind([_sk(x) for x in ins], op.AXIS)


@estimate_rule(mx.SliceOp)
def _slice(est: SparsityEstimator, op: mx.SliceOp, ins: list[Any]) -> Sketch:
    x = _sk(ins[0])
    r0, r1, c0, c1 = (_int(v) for v in ins[1:])
    return est.slice(x, r0, r1, c0, c1)


@estimate_rule(mx.UpdateOp)
def _update(est: SparsityEstimator, op: mx.UpdateOp, ins: list[Any]) -> Sketch:
    return est.update(_sk(ins[0]), _sk(ins[1]), _int(ins[2]), _int(ins[3]))


@estimate_rule(mx.ReduceOp)
def _reduce(est: SparsityEstimator, op: mx.ReduceOp, ins: list[Any]) -> Sketch:
    return est.reduce(_sk(ins[0]), op.kind.data, op.axis.data)


@estimate_rule(mx.RandOp)
def _rand(est: SparsityEstimator, op: mx.RandOp, ins: list[Any]) -> Sketch:
    r, c = _int(ins[0]), _int(ins[1])
    s = op.sparsity.value.data
    lo, hi = op.min.value.data, op.max.value.data
    uniform = op.pdf.data == "uniform"
    if uniform and lo == hi == 0:
        return est.empty(r, c, exact=r is not None and c is not None)
    if r is None or c is None:
        return est.empty(r, c, exact=True) if s == 0 else Sketch(r, c, None)
    placed = float(min(r * c, round(s * r * c)))  # the kernel places exactly this many
    if placed == 0:
        return est.empty(r, c, exact=True)
    if placed == r * c:
        return est.dense(r, c, exact=uniform and (lo > 0 or hi <= 0))
    out = est.uniform(r, c, placed)
    return replace(out, exact=uniform and (lo > 0 or hi <= 0))


@estimate_rule(mx.FillOp)
def _fill(est: SparsityEstimator, op: mx.FillOp, ins: list[Any]) -> Sketch:
    v, r, c = _num(ins[0]), _int(ins[1]), _int(ins[2])
    if v == 0:
        return est.empty(r, c, exact=True)
    return est.dense(r, c, exact=v is not None)


@estimate_rule(mx.SeqOp)
def _seq(est: SparsityEstimator, op: mx.SeqOp, ins: list[Any]) -> Sketch:
    from amls.passes.size_rules import seq_length

    a, b, s = (_num(v) for v in ins)
    n = seq_length(a, b, s) if a is not None and b is not None and s is not None else None
    return est.dense(n, 1)  # at most one element of a sequence is 0


@estimate_rule(mx.ConstantOp)
def _constant(est: SparsityEstimator, op: mx.ConstantOp, ins: list[Any]) -> Sketch:
    shape = tuple(op.value.get_shape())
    values = np.asarray(op.value.get_values(), dtype=np.float64)
    if values.size == 1 and math.prod(shape) != 1:
        values = np.full(shape, values[0])  # splat
    return est.from_data(values.reshape(shape))


@estimate_rule(mx.CastOp)
def _cast(est: SparsityEstimator, op: mx.CastOp, ins: list[Any]) -> Sketch:
    return _sk(ins[0])  # the same runtime value


@estimate_rule(mx.FromScalarOp)
def _from_scalar(est: SparsityEstimator, op: mx.FromScalarOp, ins: list[Any]) -> Sketch:
    v = _num(ins[0])
    if v is None:
        return est.dense(1, 1)
    return est.dense(1, 1, exact=True) if v != 0 else est.empty(1, 1, exact=True)


@estimate_rule(mx.SolveOp)
def _solve(est: SparsityEstimator, op: mx.SolveOp, ins: list[Any]) -> Sketch:
    return est.dense(_sk(ins[0]).cols, _sk(ins[1]).cols)


@estimate_rule(mx.InvOp)
def _inv(est: SparsityEstimator, op: mx.InvOp, ins: list[Any]) -> Sketch:
    x = _sk(ins[0])
    return est.dense(x.rows, x.cols)


ESTIMATORS: dict[str, type[SparsityEstimator]] = {
    "metadata": MetadataEstimator,
    "mnc": MNCEstimator,
}


# ---------------------------------------------------------------------------
# Whole functions.


def estimate_function(
    fn: func.FuncOp,
    analysis: SizeAnalysis,
    estimator: SparsityEstimator,
    data: dict[SSAValue, Any] | None = None,
) -> dict[SSAValue, Sketch]:
    """Sketches of every matrix value of fn (after `analysis.run_function(fn)`).

    `data` gives actual values for some SSA values (typically fn's arguments):
    their sketches are built from the data. Exact nnz facts of the analysis
    override estimates; estimates are clamped to `nnz_ub` and rows*cols.
    scf.if takes the larger branch (the taken one if the condition is known);
    a loop body is analysed once with the initial sketches, and its results
    are the larger of the initial and the yielded sketches.
    """
    walker = _Walker(analysis, estimator, data or {})
    if fn.body.blocks:
        block = fn.body.blocks.first
        assert block is not None
        for a in block.args:
            walker.bind(a, None)
        walker.run_block(block)
    return walker.sketches


class _Walker:
    def __init__(
        self, analysis: SizeAnalysis, estimator: SparsityEstimator, data: dict[SSAValue, Any]
    ):
        self.analysis = analysis
        self.est = estimator
        self.data = data
        self.sketches: dict[SSAValue, Sketch] = {}
        self.scalars: dict[SSAValue, Scalar] = {}  # constants the data reveals (nrow(X), ...)

    # -- values ----------------------------------------------------------------

    def facts(self, v: SSAValue) -> MatFacts:
        f = self.analysis.get(v)
        return f if isinstance(f, MatFacts) else MatFacts()

    def scalar(self, v: SSAValue) -> Scalar:
        if v in self.scalars:
            return self.scalars[v]
        if v in self.data:
            d = self.data[v]
            if isinstance(d, np.generic):
                d = d.item()
            return d if isinstance(d, int | float) else None
        f = self.analysis.get(v)
        return f.value if isinstance(f, ScalarFacts) else None

    def sketch(self, v: SSAValue) -> Sketch:
        sk = self.sketches.get(v)
        return sk if sk is not None else self.est.from_facts(self.facts(v))

    def operand(self, v: SSAValue) -> Sketch | Scalar:
        return self.sketch(v) if isinstance(v.type, mx.MatrixType) else self.scalar(v)

    def bind(self, v: SSAValue, sk: Sketch | Scalar) -> None:
        """Set a matrix value's sketch (data wins, facts reconcile); scalars are ignored."""
        if not isinstance(v.type, mx.MatrixType):
            return
        if v in self.data:
            sk = self.est.from_data(self.data[v])
        elif not isinstance(sk, Sketch):
            sk = self.est.from_facts(self.facts(v))
        self.sketches[v] = apply_facts(sk, self.facts(v))

    # -- ops ---------------------------------------------------------------------

    def run_block(self, block: Block) -> list[Sketch | Scalar]:
        for op in block.ops:
            self.visit(op)
        last = block.last_op
        return [self.operand(v) for v in last.operands] if last is not None else []

    def visit(self, op: Operation) -> None:
        if isinstance(op, scf.IfOp):
            self._if(op)
        elif isinstance(op, scf.ForOp):
            self._for(op)
        elif isinstance(op, scf.WhileOp):
            self._while(op)
        elif op.regions or isinstance(op, func.CallOp) or len(op.results) != 1:
            for region in op.regions:  # unknown region ops: sketches inside, facts outside
                for block in region.blocks:
                    for a in block.args:
                        self.bind(a, None)
                    self.run_block(block)
            for r in op.results:
                self.bind(r, None)
        elif isinstance(op.results[0].type, mx.MatrixType):
            try:
                sk = self.est.estimate(op, [self.operand(v) for v in op.operands])
            except Exception:  # an estimate must never break compilation
                sk = None
            self.bind(op.results[0], sk)
        elif self.data:
            self._scalar_op(op)

    def _scalar_op(self, op: Operation) -> None:
        """Re-evaluate a scalar size expression (nrow(X), n - 1, ...) with what data revealed."""
        from amls.passes.size_rules import SIZE_RULES

        rule = SIZE_RULES.get(type(op))
        if rule is None:
            return
        ins: list[MatFacts | ScalarFacts] = []
        for v in op.operands:
            if isinstance(v.type, mx.MatrixType):
                sk = self.sketch(v)
                exact_nnz = int(sk.nnz) if sk.exact and sk.nnz is not None else None
                ins.append(MatFacts.make(sk.rows, sk.cols, exact_nnz))
            else:
                ins.append(ScalarFacts(self.scalar(v)))
        try:
            out = rule(op, ins)
        except Exception:
            return
        if isinstance(out, ScalarFacts) and out.value is not None:
            self.scalars[op.results[0]] = out.value

    def _if(self, op: scf.IfOp) -> None:
        cond = self.scalar(op.cond)
        then = self.run_block(op.true_region.block)
        other = self.run_block(op.false_region.block) if op.false_region.blocks else []
        for i, r in enumerate(op.results):
            if not isinstance(r.type, mx.MatrixType):
                continue
            t, e = then[i], other[i] if i < len(other) else None
            if cond is not None:
                pick = t if cond else e
            elif isinstance(t, Sketch) and isinstance(e, Sketch):
                pick = larger(t, e)
            else:
                pick = None
            self.bind(r, pick)

    def _for(self, op: scf.ForOp) -> None:
        init = [self.operand(v) for v in op.iter_args]
        block = op.body.block
        for a, s in zip(block.args[1:], init, strict=True):
            self.bind(a, s)
        yielded = self.run_block(block)
        lb, ub = self.scalar(op.lb), self.scalar(op.ub)
        zero_trip = isinstance(lb, int) and isinstance(ub, int) and lb >= ub
        for r, s0, y in zip(op.results, init, yielded, strict=True):
            if zero_trip or not (isinstance(s0, Sketch) and isinstance(y, Sketch)):
                self.bind(r, s0 if zero_trip else None)
            else:
                self.bind(r, larger(s0, y))

    def _while(self, op: scf.WhileOp) -> None:
        before, after = op.before_region.block, op.after_region.block
        init = [self.operand(v) for v in op.arguments]

        def cond_pass(carried: list[Sketch | Scalar]) -> list[Sketch | Scalar]:
            for a, s in zip(before.args, carried, strict=True):
                self.bind(a, s)
            return self.run_block(before)[1:]  # scf.condition(%c, forwarded...)

        first = cond_pass(init)
        for a, s in zip(after.args, first, strict=True):
            self.bind(a, s)
        yielded = self.run_block(after)
        again = [
            larger(s, y) if isinstance(s, Sketch) and isinstance(y, Sketch) else None
            for s, y in zip(init, yielded, strict=True)
        ]
        second = cond_pass(again)
        for r, f, s in zip(op.results, first, second, strict=True):
            self.bind(r, larger(f, s) if isinstance(f, Sketch) and isinstance(s, Sketch) else None)

"""The metadata estimator (SystemDS BASIC_AVG): dims and nnz, non-zeros uniformly spread."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace
from typing import ClassVar

from amls.dialects.matrix import INDEX_KINDS
from amls.passes.sizes.estimators.estimator import SparsityEstimator
from amls.passes.sizes.estimators.sketch import Scalar, Sketch, cells_of, surely_empty


class MetadataEstimator(SparsityEstimator):
    """SystemDS BASIC_AVG: dims and nnz only, non-zeros assumed uniformly spread."""

    name: ClassVar[str] = "metadata"

    def matmul(self, a: Sketch, b: Sketch) -> Sketch:
        rows, cols = a.rows, b.cols
        k = a.cols if a.cols is not None else b.rows
        if a.is_empty or b.is_empty or k == 0:
            exact = surely_empty(a, b) or k == 0
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
            return self.empty(rows, cols, exact=surely_empty(a, b))
        cells = cells_of(rows, cols)
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
        cells = cells_of(rows, cols)
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
        sr, sc = stretch_factors(x, rows, cols)
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
        rows, cols = bind_dims(xs, axis)
        nnzs = [x.nnz for x in xs]
        if any(n is None for n in nnzs):
            return Sketch(rows, cols, None)
        return Sketch(rows, cols, sum(nnzs), exact=all(x.exact for x in xs))  # type: ignore[arg-type]

    def slice(self, x: Sketch, r0: Scalar, r1: Scalar, c0: Scalar, c1: Scalar) -> Sketch:
        rows, cols = slice_dims(r0, r1, c0, c1)
        if x.is_empty:
            return self.empty(rows, cols, exact=x.exact)
        cells, whole = cells_of(rows, cols), x.cells
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
        if kind in INDEX_KINDS:
            return self.dense(*shape)
        if x.nnz is None or n is None or along is None:
            return Sketch(*shape, None)
        if along == 0:  # reducing nothing: 0, or NaN for a mean
            return self.dense(*shape) if kind == "mean" else self.empty(*shape, exact=True)
        s = x.sparsity or 0.0
        p = 1.0 if s >= 1.0 else -math.expm1(along * math.log1p(-s))
        return Sketch(*shape, n * p, exact=x.exact and s == 0.0)


def stretch_factors(x: Sketch, rows: int | None, cols: int | None) -> tuple[int | None, int | None]:
    """Broadcast factors along rows and columns (1 = no stretch, None = unknown)."""
    sr: int | None = 1
    sc: int | None = 1
    if x.rows == 1 and rows != 1:
        sr = rows
    if x.cols == 1 and cols != 1:
        sc = cols
    return sr, sc


def bind_dims(xs: Sequence[Sketch], axis: int) -> tuple[int | None, int | None]:
    keep = 1 - axis
    shared = next(((x.rows, x.cols)[keep] for x in xs if (x.rows, x.cols)[keep] is not None), None)
    along = [(x.rows, x.cols)[axis] for x in xs]
    total = sum(along) if all(d is not None for d in along) else None  # type: ignore[arg-type]
    return (shared, total) if axis == 1 else (total, shared)


def slice_dims(r0: Scalar, r1: Scalar, c0: Scalar, c1: Scalar) -> tuple[int | None, int | None]:
    def span(lo: Scalar, hi: Scalar) -> int | None:
        return int(hi) - int(lo) if isinstance(lo, int) and isinstance(hi, int) else None

    return span(r0, r1), span(c0, c1)

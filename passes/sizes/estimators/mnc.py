"""The MNC estimator: row/column count sketches, propagated through expressions.

Sommer et al., "MNC: Structure-Exploiting Sparsity Estimation for Matrix
Expressions", SIGMOD 2019, as SystemDS's MNC with extensions: exact for C = A@B
when A has <= 1 non-zero per row or B <= 1 per column; otherwise a density-map
style estimate over the common dimension, with exact parts split off: rows of A /
columns of B holding a single non-zero (MNC's extension vectors), and, beyond
SystemDS, full rows of A / full columns of B (a few dense rows no longer inflate
every column count). Output sketches are propagated (scaled counts), so chains
stay structure-aware. Without counts on an input it falls back to the metadata
formulas.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace
from typing import Any, ClassVar

import numpy as np
from numpy.typing import NDArray

from amls.dialects.matrix import INDEX_KINDS
from amls.interpreter.kernels import sparse as sp
from amls.passes.sizes.estimators.metadata import (
    MetadataEstimator,
    bind_dims,
    stretch_factors,
)
from amls.passes.sizes.estimators.sketch import (
    Counts,
    Scalar,
    Sketch,
    as_matrix,
    fit_counts,
    surely_empty,
)
from amls.passes.sizes.facts import MatFacts

MAX_SYNTHETIC_COUNTS = 1 << 24
"""Count vectors made up without data (dense, uniform) only for rows + cols up to this."""


def _nonempty(h: Counts) -> float:
    """Non-empty rows (columns); for estimated counts, each counts at most 1."""
    return float(np.minimum(h, 1.0).sum())


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
            return self.empty(rows, cols, exact=surely_empty(a, b))
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
            hr = fit_counts(a.hr, nnz, float(cols))
            hc = fit_counts(b.hc, nnz, float(rows))
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
            return self.empty(a.rows, a.cols, exact=surely_empty(a, b))
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
        return Sketch(a.rows, a.cols, nnz, hr, fit_counts(hc, nnz, float(a.rows or 0)))

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
        return Sketch(a.rows, a.cols, nnz, hr, fit_counts(hc, nnz, float(a.rows or 0)))

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
        sr, sc = stretch_factors(x, rows, cols)
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
            hr = fit_counts(np.minimum(x.hr, 1.0), x.diag, 1.0)
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
        rows, cols = bind_dims(xs, axis)
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
        if not x.has_counts or axis == "all" or kind in INDEX_KINDS:
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


def mnc_sketch(value: Any, extended: bool = True) -> Sketch:
    """The MNC sketch of a matrix: exact row/column counts (+ extension vectors)."""
    a = as_matrix(value)
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

"""Block functions: what the tasks of a distributed plan run on the workers.

Every function reuses the local kernels (amls.interpreter.kernels.matrix) on blocks, so a
distributed result equals the local one up to summation order. Functions never mutate
their inputs: those are values held in Dask worker memory, possibly shared by other tasks.

A leaf like the kernels it calls (no Dask): the planners of amls.lowering.cost name
these functions in their plans.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from amls.interpreter.kernels import sparse as sp
from amls.interpreter.kernels.matrix import (
    BINARY_FNS,
    UNARY_FNS,
    Mat,
    _finish,
    _reduce_all,
    _reduce_axis,
    elementwise,
    matmul_values,
    unary,
)


def _names(table: dict[Any, Any]) -> dict[str, Any]:
    return {cls.name.split(".", 1)[1]: fn for cls, fn in table.items()}


BINARY_BY_NAME: dict[str, Any] = _names(BINARY_FNS)
UNARY_BY_NAME: dict[str, Any] = _names(UNARY_FNS)


# ---------------------------------------------------------------------------
# Sums of partial results.


def _add2(x: Mat, y: Mat, own_x: bool) -> Mat:
    """x + y; x may be updated in place only when this task created it (own_x)."""
    if own_x and isinstance(x, np.ndarray) and isinstance(y, np.ndarray) and x.flags.writeable:
        x += y
        return x
    return elementwise(np.add, x, y)  # kernels' sparse/dense rules and NaN semantics


def _sum(parts: Sequence[Mat], owned: bool) -> Mat:
    """Sum of parts, left to right. owned: parts[0] is a fresh array of this task."""
    acc = parts[0]
    own = owned
    for p in parts[1:]:
        acc = _add2(acc, p, own)
        own = True
    return _finish(acc)


def add_all(*parts: Mat) -> Mat:
    return _sum(parts, owned=False)


def mm_sum(a_blocks: list[Mat], b_blocks: list[Mat], transpose_a: bool = False) -> Mat:
    """sum_k a_k @ b_k (map-side combine); transpose_a: sum_k t(a_k) @ b_k."""
    pairs = zip(a_blocks, b_blocks, strict=True)
    prods = [matmul_values(_t(a) if transpose_a else a, b) for a, b in pairs]
    return _sum(prods, owned=True)


def mm_right_bcast(
    a_blocks: list[Mat], b_full: Mat, kspans: list[list[int]], c0: int, c1: int
) -> Mat:
    """sum_k A[i,k] @ B[k rows, c0:c1] with B broadcast whole to this worker."""
    prods = [
        matmul_values(a, _cut(b_full, k0, k1, c0, c1))
        for a, (k0, k1) in zip(a_blocks, kspans, strict=True)
    ]
    return _sum(prods, owned=True)


def mm_left_bcast(
    a_full: Mat, b_blocks: list[Mat], kspans: list[list[int]], r0: int, r1: int
) -> Mat:
    """sum_k A[r0:r1, k cols] @ B[k,j] with A broadcast whole to this worker."""
    prods = [
        matmul_values(_cut(a_full, r0, r1, k0, k1), b)
        for b, (k0, k1) in zip(b_blocks, kspans, strict=True)
    ]
    return _sum(prods, owned=True)


def tsmm_sum(blocks: list[Mat]) -> Mat:
    """sum_b t(X_b) @ X_b over row blocks X_b (dense t(X) @ X runs as BLAS syrk in NumPy)."""
    return _sum([matmul_values(_t(x), x) for x in blocks], owned=True)


def _t(a: Mat) -> Mat:
    return _finish(a.T.tocsr()) if sp.issparse(a) else a.T


def _cut(a: Mat, r0: int, r1: int, c0: int, c1: int) -> Mat:
    """A[r0:r1, c0:c1]: a view for dense (read-only use), canonical CSR for sparse."""
    if r0 == 0 and c0 == 0 and (r1, c1) == a.shape:
        return a
    if sp.issparse(a):
        out = a[r0:r1, c0:c1]
        return out if isinstance(out, sp.csr_array) else sp.csr_array(out)
    return a[r0:r1, c0:c1]


# ---------------------------------------------------------------------------
# Re-gridding: assemble an output block from slices of source blocks.


def assemble(shape: list[int], pieces: list[list[Any]]) -> Mat:
    """An r x c block from pieces [block, r0, r1, c0, c1, dst_row, dst_col].

    CSR when every piece is sparse (then the kernels' density policy applies), else dense.
    """
    r, c = shape
    if all(sp.issparse(p[0]) for p in pieces):
        rows, cols, vals = [], [], []
        for blk, r0, r1, c0, c1, dr, dc in pieces:
            s = sp.coo_array(_cut(blk, r0, r1, c0, c1))
            rows.append(s.row.astype(np.int64) + dr)
            cols.append(s.col.astype(np.int64) + dc)
            vals.append(s.data)
        data = np.concatenate(vals) if vals else np.zeros(0)
        ri = np.concatenate(rows) if rows else np.zeros(0, np.int64)
        ci = np.concatenate(cols) if cols else np.zeros(0, np.int64)
        out = sp.csr_array((data, (ri, ci)), shape=(r, c))
        out.sum_duplicates()
        return _finish(out)
    out_d = np.zeros((r, c))
    for blk, r0, r1, c0, c1, dr, dc in pieces:
        piece = _cut(blk, r0, r1, c0, c1)
        out_d[dr : dr + (r1 - r0), dc : dc + (c1 - c0)] = (
            piece.toarray() if sp.issparse(piece) else piece
        )
    return out_d


def assemble_grid(rows: list[list[Mat]]) -> Mat:
    """A whole matrix from its grid of blocks (broadcast of a blocked operand)."""
    if all(sp.issparse(b) for row in rows for b in row):
        return _finish(sp.block_array(rows, format="csr"))
    return np.block([[b.toarray() if sp.issparse(b) else b for b in row] for row in rows])


# ---------------------------------------------------------------------------
# Element-wise and reorganisation.


def ew_binary(name: str, x: Any, y: Any) -> Mat:
    return elementwise(BINARY_BY_NAME[name], x, y)


def ew_binary_bcast(name: str, x: Any, y: Any, vec_left: bool, spec: list[int]) -> Mat:
    """Element-wise with a broadcast vector operand sliced to this block: spec [r0,r1,c0,c1]."""
    if vec_left:
        return elementwise(BINARY_BY_NAME[name], _cut(x, *spec), y)
    return elementwise(BINARY_BY_NAME[name], x, _cut(y, *spec))


def ew_unary(name: str, x: Mat) -> Mat:
    return unary(UNARY_BY_NAME[name], x)


def transpose_block(a: Mat) -> Mat:
    return _t(a)


def nnz_of(a: Mat) -> int:
    return int(np.count_nonzero(a.data if sp.issparse(a) else a))


# ---------------------------------------------------------------------------
# Aggregates: reduce blocks, then combine partials.

_COMBINE = {"sum": np.add, "sumsq": np.add, "mean": np.add, "min": np.minimum, "max": np.maximum}


def reduce_blocks(kind: str, axis: str, divide_by: int | None, blocks: list[Mat]) -> Any:
    """Partial aggregate of same-row (axis=row) / same-column (col) / any (all) blocks.

    divide_by (not None) finishes a mean (sum / count) when this task is the last stage."""
    part_kind = "sum" if kind == "mean" else kind  # mean = sum / count, divided at the end
    with np.errstate(all="ignore"):
        if axis == "all":
            parts: list[Any] = [_reduce_all(b, part_kind) for b in blocks]
        else:
            parts = [_reduce_axis(b, part_kind, axis) for b in blocks]
    return combine(kind, divide_by, *parts)


def combine(kind: str, divide_by: int | None, *parts: Any) -> Any:
    """Combine partial aggregates (sum / min / max); divide_by (not None) finishes a mean."""
    f = _COMBINE[kind]
    acc = parts[0]
    with np.errstate(all="ignore"):
        for p in parts[1:]:
            acc = f(acc, p)
        if divide_by is not None:
            acc = np.asarray(acc, dtype=np.float64) / np.float64(divide_by)
    return float(acc) if np.ndim(acc) == 0 else acc

"""Data generators made on the workers: matrix.rand, fill and seq as blocked matrices.

Each block is made by one task pinned to its home worker (block-cyclic, as distribute
places), so nothing of size passes through the driver.

Same numbers as the local kernels (amls.interpreter.kernels.matrix):
- fill and seq: always (a block is the local formula over its rows and columns).
- rand with a seed, pdf=uniform and every cell drawn (round(sparsity * cells) == cells):
  the local kernel draws the cells row-major from one PCG64 stream, one 64-bit output per
  cell, so a block jumps to each of its row segments with PCG64.advance and draws the same
  values.
- any other rand (pdf=normal: the ziggurat uses a variable number of outputs per value;
  sparsity < 1: the positions are one choice without replacement over all cells): the same
  distribution, not the same numbers. Block (i, j) draws from PCG64 seeded with
  SeedSequence(seed, spawn_key=(i, j)) (fresh entropy without a seed): with a seed the
  result is reproducible for one block size; each block holds round(sparsity * its cells)
  non-zeros, so the total may differ from the local round(sparsity * cells) by rounding.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import dask
import numpy as np
import scipy.sparse as sp

from amls.interpreter.dist.blocked import BlockedMatrix, cluster_workers
from amls.interpreter.kernels.matrix import SPARSE_THRESHOLD, _csr
from amls.lowering.cost.blocks import DistError, coords, grid_of, make_placement, span

Spans = tuple[int, int, int, int]  # r0, r1, c0, c1 of a block


def generate(
    client: Any,
    shape: tuple[int, int],
    block_size: int,
    make: Callable[..., Any],
    args: tuple[Any, ...],
    density: float,
) -> BlockedMatrix:
    """A blocked matrix whose block (i, j) is `make(spans, (i, j), *args)` run on its home
    worker; `density` is the expected fraction of non-zeros (the estimate of block_nnz)."""
    if block_size < 1:
        raise DistError(f"block size must be >= 1, got {block_size}")
    grid = grid_of(shape, block_size)
    workers = cluster_workers(client)
    spans: dict[tuple[int, int], Spans] = {
        c: (*span(c[0], shape[0], block_size), *span(c[1], shape[1], block_size))
        for c in coords(grid)
    }
    cells = {c: (s[1] - s[0]) * (s[3] - s[2]) for c, s in spans.items()}
    sparse = density < SPARSE_THRESHOLD
    est = {
        c: int(n * (12 if sparse else 8) * (density if sparse else 1.0)) for c, n in cells.items()
    }
    place = make_placement("cyclic", grid, workers, est)
    futures = {}
    for c, s in spans.items():
        with dask.annotate(workers=[place[c]], allow_other_workers=False):
            futures[c] = client.submit(
                make, s, c, *args, workers=[place[c]], allow_other_workers=False, pure=False
            )
    return BlockedMatrix(
        client=client,
        shape=shape,
        block_size=block_size,
        futures=futures,
        placement=place,
        block_bytes=est,
        block_nnz={c: n * density for c, n in cells.items()},
        block_sparse=dict.fromkeys(spans, sparse),
    )


def fill_block(s: Spans, c: tuple[int, int], value: float) -> Any:
    shape = (s[1] - s[0], s[3] - s[2])
    if value == 0.0 and math.copysign(1.0, value) > 0:  # as the local kernel: all-zero CSR
        return sp.csr_array(shape, dtype=np.float64)
    return np.full(shape, value)


def seq_block(s: Spans, c: tuple[int, int], start: float, step: float) -> Any:
    return (start + np.arange(s[0], s[1], dtype=np.float64) * step).reshape(-1, 1)


def rand_block(
    s: Spans,
    c: tuple[int, int],
    ncols: int,
    lo: float,
    hi: float,
    sparsity: float,
    pdf: str,
    seed: int | None,
    exact: bool,
) -> Any:
    """A block of rand; `exact`: same_as_local holds for the whole matrix."""
    r0, r1, c0, c1 = s
    h, w = r1 - r0, c1 - c0
    if exact and seed is not None:
        bitgen = np.random.PCG64(seed % 2**64)
        bitgen.advance(r0 * ncols + c0)
        gen = np.random.Generator(bitgen)
        out = np.empty((h, w))
        for i in range(h):
            out[i] = gen.uniform(lo, hi, w)
            bitgen.advance(ncols - w)  # on to this block's segment of the next row
        return out
    ss = np.random.SeedSequence(None if seed is None else seed % 2**64, spawn_key=c)
    rng = np.random.Generator(np.random.PCG64(ss))
    cells = h * w
    k = min(cells, round(sparsity * cells))

    def values(n: int) -> Any:
        return rng.standard_normal(n) if pdf == "normal" else rng.uniform(lo, hi, n)

    if k == cells:
        out = values(cells).reshape(h, w)
        return out if sparsity >= SPARSE_THRESHOLD else sp.csr_array(out)
    pos = np.sort(rng.choice(cells, size=k, replace=False, shuffle=False).astype(np.int64))
    data = values(k)
    if sparsity >= SPARSE_THRESHOLD:
        dense = np.zeros(cells)
        dense[pos] = data
        return dense.reshape(h, w)
    rows, cols = np.divmod(pos, w)
    return _csr(rows, cols, data, (h, w))


def same_as_local(rows: int, cols: int, sparsity: float, pdf: str, seed: int | None) -> bool:
    """Whether a dist rand draws exactly the local kernel's numbers (module docstring)."""
    cells = rows * cols
    return seed is not None and pdf == "uniform" and min(cells, round(sparsity * cells)) == cells

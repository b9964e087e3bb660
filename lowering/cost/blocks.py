"""Block grids, placements and size estimates: pure metadata, no Dask.

The planners and the cost model share this module, so a prediction is made from exactly
the same layout facts that execution uses. A matrix of shape (m, n) with block size bs is a
grid of ceil(m/bs) x ceil(n/bs) blocks (at least 1 x 1, so an empty matrix still has one
empty block); edge blocks are smaller. One block size serves rows and columns, so a
transpose keeps the grid regular.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field

from amls.interpreter.kernels.matrix import SPARSE_THRESHOLD

Coord = tuple[int, int]
Key = Hashable

# sizeof() of a CSR block beyond its three arrays (Python objects, shape tuple: ~196 B
# measured). tasks.py registers sizeof for scipy sparse *arrays* with this constant (dask only
# knows spmatrix and reports 56 B for a csr_array), so the model and the workers' transfer
# counters agree.
CSR_OVERHEAD = 200


class DistError(RuntimeError):
    """A distributed operation failed: a lost worker, a timeout, a bad operand."""


def nblocks(n: int, bs: int) -> int:
    return max(1, -(-n // bs))


def span(idx: int, n: int, bs: int) -> tuple[int, int]:
    """Half-open index range [start, stop) of block `idx` along a dimension of length n."""
    return min(idx * bs, n), min((idx + 1) * bs, n)


def grid_of(shape: tuple[int, int], bs: int) -> tuple[int, int]:
    return nblocks(shape[0], bs), nblocks(shape[1], bs)


def block_shape(shape: tuple[int, int], bs: int, c: Coord) -> tuple[int, int]:
    r0, r1 = span(c[0], shape[0], bs)
    c0, c1 = span(c[1], shape[1], bs)
    return r1 - r0, c1 - c0


def coords(grid: tuple[int, int]) -> list[Coord]:
    return [(i, j) for i in range(grid[0]) for j in range(grid[1])]


def dense_bytes(r: int, c: int) -> int:
    return 8 * r * c


def csr_bytes(r: int, c: int, nnz: float) -> int:
    idx = 4 if max(r, c, int(nnz)) < 2**31 - 1 else 8  # as the kernels' _index_dtype
    return int(round(nnz * (8 + idx))) + (r + 1) * idx + CSR_OVERHEAD


def is_sparse_density(nnz: float, r: int, c: int) -> bool:
    """The kernels' policy: CSR unless denser than SPARSE_THRESHOLD."""
    cells = r * c
    return cells > 0 and nnz <= SPARSE_THRESHOLD * cells


def value_bytes(r: int, c: int, nnz: float | None, sparse: bool) -> int:
    if sparse:
        return csr_bytes(r, c, r * c if nnz is None else nnz)
    return dense_bytes(r, c)


def product_nnz(r: int, k: int, c: int, nnz_a: float, nnz_b: float) -> float:
    """Average-case nnz of a (r x k) @ (k x c) product (uniform non-zeros, as SystemDS)."""
    if r * k == 0 or k * c == 0:
        return 0.0
    pa, pb = nnz_a / (r * k), nnz_b / (k * c)
    p = min(1.0, pa * pb)
    if p >= 1.0:
        return float(r * c)
    return r * c * -math.expm1(k * math.log1p(-p))


# ---------------------------------------------------------------------------
# Placement: which worker is the home of each block.

Placement = Mapping[Coord, str]
PlacementSpec = str | Mapping[Coord, str] | Callable[[Coord], str]


def cyclic_placement(grid: tuple[int, int], workers: Sequence[str]) -> dict[Coord, str]:
    """Block-cyclic over the row-major block index (the calibration's layout, Spark-hash-like)."""
    w = len(workers)
    return {(i, j): workers[(i * grid[1] + j) % w] for i, j in coords(grid)}


def balanced_placement(sizes: Mapping[Coord, int], workers: Sequence[str]) -> dict[Coord, str]:
    """Largest block first onto the least-loaded worker (evens out skewed sparse blocks)."""
    load = dict.fromkeys(workers, 0)
    out: dict[Coord, str] = {}
    for c in sorted(sizes, key=lambda c: (-sizes[c], c)):
        w = min(workers, key=lambda w: (load[w], workers.index(w)))
        out[c] = w
        load[w] += sizes[c]
    return dict(sorted(out.items()))


def make_placement(
    spec: PlacementSpec,
    grid: tuple[int, int],
    workers: Sequence[str],
    sizes: Mapping[Coord, int] | None = None,
) -> dict[Coord, str]:
    if not workers:
        raise DistError("no workers to place blocks on")
    if spec == "cyclic":
        return cyclic_placement(grid, workers)
    if spec == "balanced":
        if sizes is None:
            raise DistError("balanced placement needs block sizes")
        return balanced_placement(sizes, workers)
    if isinstance(spec, str):
        raise DistError(f"unknown placement '{spec}' (cyclic, balanced, a dict or a function)")
    if callable(spec):
        return {c: spec(c) for c in coords(grid)}
    out = {c: spec[c] for c in coords(grid)}
    return out


# ---------------------------------------------------------------------------
# Layout: what a planner needs to know about a blocked operand.


@dataclass
class Layout:
    """Metadata of a blocked matrix: per block its key, home worker, size and nnz."""

    shape: tuple[int, int]
    block_size: int
    keys: dict[Coord, Key]
    placement: dict[Coord, str]
    nbytes: dict[Coord, int]
    nnz: dict[Coord, float]
    sparse: dict[Coord, bool]
    # Extra workers already holding a replica (from earlier fetches); planners count
    # a block as local on these too.
    replicas: dict[Coord, frozenset[str]] = field(default_factory=dict)

    @property
    def grid(self) -> tuple[int, int]:
        return grid_of(self.shape, self.block_size)

    def bshape(self, c: Coord) -> tuple[int, int]:
        return block_shape(self.shape, self.block_size, c)

    def holders(self, c: Coord) -> set[str]:
        extra = self.replicas.get(c) if self.replicas else None
        return {self.placement[c], *extra} if extra else {self.placement[c]}

    def total_bytes(self) -> int:
        return sum(self.nbytes.values())

    def total_nnz(self) -> float:
        return sum(self.nnz.values())

    def workers(self) -> list[str]:
        return sorted(set(self.placement.values()))


def synthetic_layout(
    name: str,
    shape: tuple[int, int],
    block_size: int,
    workers: Sequence[str],
    nnz: float | None = None,
    placement: PlacementSpec = "cyclic",
) -> Layout:
    """The layout `distribute` would produce, from sizes only (for compile-time prediction).

    Non-zeros are assumed uniform over the blocks; the matrix is CSR when nnz is given and
    at most SPARSE_THRESHOLD dense (the local kernels' policy), else dense.
    """
    m, n = shape
    grid = grid_of(shape, block_size)
    sparse = nnz is not None and is_sparse_density(nnz, m, n)
    density = 1.0 if nnz is None or m * n == 0 else nnz / (m * n)
    nb: dict[Coord, int] = {}
    nz: dict[Coord, float] = {}
    for c in coords(grid):
        r, cc = block_shape(shape, block_size, c)
        nz[c] = density * r * cc
        nb[c] = value_bytes(r, cc, nz[c], sparse)
    return Layout(
        shape=(m, n),
        block_size=block_size,
        keys={c: (name, *c) for c in nz},
        placement=make_placement(placement, grid, list(workers), nb),
        nbytes=nb,
        nnz=nz,
        sparse=dict.fromkeys(nz, sparse),
    )


def local_meta(shape: tuple[int, int], nnz: float | None) -> tuple[int, float, bool]:
    """(bytes, nnz, sparse) of a driver-resident operand described by shape and nnz."""
    m, n = shape
    sparse = nnz is not None and is_sparse_density(nnz, m, n)
    z = float(m * n) if nnz is None else float(nnz)
    return value_bytes(m, n, z, sparse), z, sparse

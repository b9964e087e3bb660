"""BlockedMatrix: a matrix as a grid of Dask futures, each block pinned to a known worker.

The runtime keeps block placement under its own control (the cost model relies on it):
the active memory manager must be off (cluster.py turns it off), every task is pinned
with `dask.annotate(workers=..., allow_other_workers=False)`, and each operator is one
graph submitted with one `client.get`.

Pinning is strict on purpose: with loose restrictions the scheduler may steal a task to
another worker and the layout drifts. The price is that a task pinned to a worker that
died would wait forever, so every wait here watches the cluster membership and raises
DistError as soon as a worker the operation needs has left (or at the timeout).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import time
import uuid
import weakref
from collections.abc import Awaitable, Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import dask
import numpy as np
import scipy.sparse as sp
from dask.sizeof import sizeof
from distributed import Client, Future, wait

from amls.interpreter.dist import sizeof as _sizeof  # noqa: F401  (sizeof of csr_array)
from amls.interpreter.kernels import blocks as T
from amls.interpreter.kernels.matrix import _as_mat, _finish, _nnz
from amls.lowering.cost.blocks import (
    Coord,
    DistError,
    Key,
    Layout,
    PlacementSpec,
    coords,
    grid_of,
    make_placement,
    span,
)
from amls.lowering.cost.plan import Plan, materialise

POLL_SECONDS = 0.2  # how often a wait re-checks that the workers it needs are alive


@dataclass(eq=False)
class BlockedMatrix:
    """A distributed matrix: block (i, j) covers rows [i*bs, (i+1)*bs) x cols [j*bs, ...)."""

    client: Client
    shape: tuple[int, int]
    block_size: int
    futures: dict[Coord, Future]
    placement: dict[Coord, str]  # home worker of each block
    block_bytes: dict[Coord, int]  # sizeof of each block (estimated until persisted)
    block_nnz: dict[Coord, float]  # exact after distribute/persist(count_nnz), else estimates
    block_sparse: dict[Coord, bool]
    nnz_known: bool = False
    # Values the blocks still depend on (broadcast operands): kept alive until persisted.
    _keep: list[Any] = field(default_factory=list, repr=False)

    @property
    def grid(self) -> tuple[int, int]:
        return grid_of(self.shape, self.block_size)

    @property
    def keys(self) -> dict[Coord, Key]:
        return {c: f.key for c, f in self.futures.items()}

    @property
    def placement_by_key(self) -> dict[Key, str]:
        return {self.futures[c].key: w for c, w in self.placement.items()}

    @property
    def nnz(self) -> int | None:
        return int(round(sum(self.block_nnz.values()))) if self.nnz_known else None

    @property
    def nbytes(self) -> int:
        return sum(self.block_bytes.values())

    @property
    def is_sparse(self) -> bool:
        return all(self.block_sparse.values())

    def workers(self) -> list[str]:
        return sorted(set(self.placement.values()))

    def layout(self) -> Layout:
        return Layout(
            shape=self.shape,
            block_size=self.block_size,
            keys=self.keys,
            placement=dict(self.placement),
            nbytes=dict(self.block_bytes),
            nnz=dict(self.block_nnz),
            sparse=dict(self.block_sparse),
        )

    def persist(self, timeout: float | None = None) -> BlockedMatrix:
        return persist(self, timeout)

    def unpersist(self) -> None:
        unpersist(self)

    def collect(self, timeout: float | None = None) -> Any:
        return collect(self, timeout)

    def __repr__(self) -> str:
        nz = self.nnz if self.nnz_known else "?"
        return (
            f"BlockedMatrix({self.shape[0]}x{self.shape[1]}, bs={self.block_size}, "
            f"grid={self.grid[0]}x{self.grid[1]}, nnz={nz}, workers={len(self.workers())})"
        )


# ---------------------------------------------------------------------------
# Cluster membership and waiting.


def cluster_workers(client: Client) -> list[str]:
    """Addresses of the workers currently connected (fresh from the scheduler)."""
    return sorted(client.nthreads())


def call_watching(
    client: Client, what: str, workers: Iterable[str], make: Callable[[], Awaitable[Any]]
) -> Any:
    """Run one client call (`make` returns its awaitable: `client.x(..., asynchronous=True)`)
    on the client's event loop while checking, every POLL_SECONDS, that the workers it
    involves are still in the cluster. A blocking call has no such check: a broadcast
    scatter whose target worker is killed mid-replication waits forever."""
    needed = set(workers)

    async def call() -> Any:
        return await make()

    done = asyncio.run_coroutine_threadsafe(call(), client.loop.asyncio_loop)
    while True:
        try:
            return done.result(timeout=POLL_SECONDS)
        except concurrent.futures.TimeoutError:
            gone = needed - set(client.nthreads())
            if gone:
                done.cancel()
                raise DistError(
                    f"{what}: worker(s) {', '.join(sorted(gone))} left the cluster during "
                    "the transfer (rerun the program)"
                ) from None


def scatter_to(client: Client, data: Any, workers: Sequence[str], **kw: Any) -> Any:
    """client.scatter pinned to workers, never waiting on a worker that is gone; a worker
    that left the cluster meanwhile makes the scheduler fail with a bare KeyError:
    report it as the lost worker it is."""
    ws = list(workers)
    try:
        return call_watching(
            client,
            "scatter",
            ws,
            lambda: client.scatter(data, workers=ws, hash=False, asynchronous=True, **kw),
        )
    except DistError:
        raise
    except Exception as e:
        gone = set(workers) - set(client.nthreads())
        if gone:
            raise DistError(
                f"scatter: worker(s) {', '.join(sorted(gone))} left the cluster while "
                "data was sent to them (rerun the program)"
            ) from e
        raise


def gather_watching(
    client: Client, futures: Sequence[Future], workers: Iterable[str], what: str
) -> list[Any]:
    """client.gather of finished futures, failing (not hanging) if a holder leaves."""
    return call_watching(
        client, what, workers, lambda: client.gather(list(futures), asynchronous=True)
    )


def wait_futures(
    client: Client,
    futures: Sequence[Future],
    needed: Iterable[str],
    timeout: float | None,
    what: str,
) -> None:
    """Wait for futures; raise DistError on task errors, lost data, a needed worker leaving
    the cluster, or the timeout. Never hangs on strictly pinned tasks."""
    needed = set(needed)
    deadline = None if timeout is None else time.monotonic() + timeout
    pending = [f for f in futures if not f.done()]
    while pending:
        step = POLL_SECONDS
        if deadline is not None:
            step = min(step, max(0.0, deadline - time.monotonic()))
        # Timeouts are the poll; cancelled futures (their data was lost with a worker)
        # are done and reported with their status below.
        with contextlib.suppress(Exception):
            wait(pending, timeout=step)
        pending = [f for f in pending if not f.done()]
        if not pending:
            break
        gone = needed - set(client.nthreads())
        if gone:
            raise DistError(
                f"{what}: worker(s) {', '.join(sorted(gone))} left the cluster; the blocks "
                "pinned to them are lost (redistribute the inputs and retry)"
            )
        if deadline is not None and time.monotonic() >= deadline:
            raise DistError(
                f"{what}: not finished after {timeout} s ({len(pending)} blocks pending)"
            )
    for f in futures:
        if f.status == "error":
            exc = f.exception()
            raise DistError(f"{what}: a block task failed: {exc}") from exc
    bad = [f for f in futures if f.status != "finished"]
    if bad:
        gone = needed - set(client.nthreads())
        why = f"worker(s) {', '.join(sorted(gone))} left the cluster" if gone else "data lost"
        raise DistError(
            f"{what}: {len(bad)} block(s) {bad[0].status} ({why}; the blocks they held are "
            "lost: redistribute the inputs and retry)"
        )


# ---------------------------------------------------------------------------
# Driver <-> cluster.


def distribute(
    client: Client,
    value: Any,
    block_size: int,
    workers: Sequence[str] | None = None,
    placement: PlacementSpec = "cyclic",
) -> BlockedMatrix:
    """Split a local ndarray / csr_array into blocks and scatter each to its home worker.

    Dense blocks are contiguous copies; CSR blocks stay CSR (as the local value was).
    placement: "cyclic" (block-cyclic over the row-major block index), "balanced" (by
    bytes), a dict coord -> worker or a function coord -> worker.
    """
    if block_size < 1:
        raise DistError(f"block size must be >= 1, got {block_size}")
    a = _as_mat(value)
    shape = (int(a.shape[0]), int(a.shape[1]))
    grid = grid_of(shape, block_size)
    ws = list(workers) if workers is not None else cluster_workers(client)
    blocks: dict[Coord, Any] = {}
    for c in coords(grid):
        r0, r1 = span(c[0], shape[0], block_size)
        c0, c1 = span(c[1], shape[1], block_size)
        if sp.issparse(a):
            b = a[r0:r1, c0:c1]
            blocks[c] = b if isinstance(b, sp.csr_array) else sp.csr_array(b)
        else:
            blocks[c] = np.ascontiguousarray(a[r0:r1, c0:c1])
    sizes = {c: int(sizeof(b)) for c, b in blocks.items()}
    place = make_placement(placement, grid, ws, sizes)
    futures: dict[Coord, Future] = {}
    for w in sorted(set(place.values())):
        cs = [c for c in blocks if place[c] == w]
        # One scatter per worker: hash=False gives fresh keys, so equal blocks stay distinct.
        futs = scatter_to(client, [blocks[c] for c in cs], [w])
        futures.update(zip(cs, futs, strict=True))
    return BlockedMatrix(
        client=client,
        shape=shape,
        block_size=block_size,
        futures=dict(sorted(futures.items())),
        placement=place,
        block_bytes=sizes,
        block_nnz={c: float(_nnz(b)) for c, b in blocks.items()},
        block_sparse={c: bool(sp.issparse(b)) for c, b in blocks.items()},
        nnz_known=True,
    )


def collect(bm: BlockedMatrix, timeout: float | None = None) -> Any:
    """The local value: ndarray, or csr_array when the blocks are sparse and the whole
    is not denser than the kernels' threshold (the policy local kernels apply)."""
    order = coords(bm.grid)
    futs = [bm.futures[c] for c in order]
    wait_futures(bm.client, futs, bm.workers(), timeout, "collect")
    vals = dict(zip(order, gather_watching(bm.client, futs, bm.workers(), "collect"), strict=True))
    m, n = bm.shape
    if any(sp.issparse(v) for v in vals.values()):
        rows = [[_as_csr(vals[(i, j)]) for j in range(bm.grid[1])] for i in range(bm.grid[0])]
        return _finish(sp.block_array(rows, format="csr"))
    out = np.empty((m, n))
    for (i, j), v in vals.items():
        r0, r1 = span(i, m, bm.block_size)
        c0, c1 = span(j, n, bm.block_size)
        out[r0:r1, c0:c1] = v
    return out


def _as_csr(v: Any) -> sp.csr_array:
    return v if isinstance(v, sp.csr_array) else sp.csr_array(v)


def persist(bm: BlockedMatrix, timeout: float | None = None) -> BlockedMatrix:
    """Wait until every block is computed on its worker; refresh sizes and placement from
    the scheduler (exact bytes for later cost estimates)."""
    futs = list(bm.futures.values())
    wait_futures(bm.client, futs, bm.workers(), timeout, "persist")
    keys = [f.key for f in futs]
    info = bm.client.run_on_scheduler(_task_info, keys=keys)
    for c, f in bm.futures.items():
        nbytes, holders = info.get(f.key, (None, []))
        if nbytes is not None and nbytes >= 0:
            bm.block_bytes[c] = int(nbytes)
        if holders and bm.placement[c] not in holders:
            bm.placement[c] = sorted(holders)[0]  # recomputed elsewhere: follow the data
    bm._keep.clear()
    return bm


def _task_info(dask_scheduler: Any, keys: list[Key]) -> dict[Key, tuple[int, list[str]]]:
    out = {}
    for k in keys:
        ts = dask_scheduler.tasks.get(k)
        if ts is not None:
            out[k] = (ts.nbytes, [ws.address for ws in ts.who_has or ()])
    return out


def unpersist(bm: BlockedMatrix) -> None:
    """Release the blocks (the workers free them once nothing else refers to them)."""
    for f in bm.futures.values():
        f.release()
    bm.futures.clear()
    bm._keep.clear()


def count_nnz(bm: BlockedMatrix, timeout: float | None = None) -> int:
    """Exact nnz, counted where the blocks live (one pinned graph), stored on bm."""
    name = f"nnz-{uuid.uuid4().hex[:10]}"
    cs = list(bm.futures)
    dsk = {(name, *c): (T.nnz_of, bm.futures[c]) for c in cs}
    place = {(name, *c): bm.placement[c] for c in cs}
    with dask.annotate(workers=lambda k: place[k], allow_other_workers=False):
        futs = bm.client.get(dsk, list(dsk), sync=False)
    wait_futures(bm.client, futs, bm.workers(), timeout, "nnz")
    counts = gather_watching(bm.client, futs, bm.workers(), "nnz")
    bm.block_nnz = {c: float(n) for c, n in zip(cs, counts, strict=True)}
    bm.nnz_known = True
    return int(sum(counts))


# ---------------------------------------------------------------------------
# Plan submission.


_SCATTERED: dict[int, tuple[Any, frozenset[str], Future, Client]] = {}


def scatter_once(client: Client, value: Any, workers: Sequence[str]) -> Future:
    """Broadcast a driver value to `workers`, reusing an earlier broadcast of the same
    object (values are never written in place): a value broadcast once feeds every op
    that reads it (phys.broadcast shared by several ops, a loop-invariant vector)."""
    key = id(value)
    hit = _SCATTERED.get(key)
    if (
        hit is not None
        and hit[0]() is value
        and hit[3] is client
        and set(workers) <= hit[1]
        and hit[2].status == "finished"
    ):
        return hit[2]
    fut = scatter_to(client, value, list(workers), broadcast=True)
    try:
        ref = weakref.ref(value)
    except TypeError:  # not weak-referenceable: no reuse
        return fut
    _SCATTERED[key] = (ref, frozenset(workers), fut, client)
    weakref.finalize(value, _SCATTERED.pop, key, None)
    return fut


PREDICTED_NET_BYTES: list[int] = [0]
"""Running total of the submitted plans' predicted worker->worker bytes (for --stats)."""


def submit_graph(
    client: Client, plan: Plan, inputs: dict[Key, Future]
) -> tuple[dict[Coord, Future], list[Future]]:
    """Scatter the plan's broadcasts, then submit its tasks as one pinned graph.

    Returns the output futures by coordinate and the broadcast futures (to keep alive)."""
    PREDICTED_NET_BYTES[0] += plan.net_bytes
    bfuts: dict[Key, Future] = {}
    for key, b in plan.broadcasts.items():
        if b.value is None:
            raise DistError(f"broadcast {key!r} has no value to scatter")
        # broadcast=True: to one worker, then Scheduler.replicate to the others.
        bfuts[key] = scatter_once(client, b.value, b.workers)

    def resolve(k: Key) -> Any:
        if k in inputs:
            return inputs[k]
        if k in bfuts:
            return bfuts[k]
        return k

    dsk = {k: (t.fn, *materialise(list(t.args), resolve)) for k, t in plan.tasks.items()}
    place = {k: t.worker for k, t in plan.tasks.items()}
    order = sorted(plan.outputs)
    new_keys = list(dict.fromkeys(plan.outputs[c] for c in order if plan.outputs[c] in dsk))
    by_key: dict[Key, Future] = {}
    if new_keys:
        with dask.annotate(workers=lambda k: place[k], allow_other_workers=False):
            got = client.get(dsk, new_keys, sync=False)
        by_key = dict(zip(new_keys, got, strict=True))
    # An output may be an input block passed through unchanged (re-keying, slicing).
    futures = {
        c: by_key[plan.outputs[c]] if plan.outputs[c] in by_key else inputs[plan.outputs[c]]
        for c in order
    }
    return futures, list(bfuts.values())


def submit(client: Client, plan: Plan, inputs: dict[Key, Future]) -> BlockedMatrix:
    """Submit a plan whose outputs are the blocks of a matrix."""
    futures, keep = submit_graph(client, plan, inputs)
    placement: dict[Coord, str] = {}
    nbytes: dict[Coord, int] = {}
    nnz: dict[Coord, float] = {}
    sparse: dict[Coord, bool] = {}
    for c, k in plan.outputs.items():
        if k in plan.tasks:
            t = plan.tasks[k]
            placement[c], nbytes[c], nnz[c], sparse[c] = t.worker, t.nbytes, t.nnz, t.sparse
        else:
            placement[c] = plan.worker_of(k)
            nbytes[c] = plan.size[k]
            nnz[c] = plan.meta_nnz.get(k, 0.0)
            sparse[c] = plan.meta_sparse.get(k, False)
    if len(futures) != len(coords(grid_of(plan.out_shape, plan.block_size))):
        raise AssertionError(f"{plan.method}: the plan does not produce every block")
    return BlockedMatrix(
        client=client,
        shape=plan.out_shape,
        block_size=plan.block_size,
        futures=futures,
        placement=dict(sorted(placement.items())),
        block_bytes=nbytes,
        block_nnz=nnz,
        block_sparse=sparse,
        nnz_known=False,
        _keep=keep,
    )

"""A distributed operator as a plan: pinned tasks over blocks, costed and then submitted.

Planners (matmul.py, ops.py) emit a `Plan` from layouts alone. The same plan object is
(a) analysed by the cost model (bytes moved between workers, tasks, compute per worker)
and (b) submitted as ONE Dask graph in which every task is pinned to its worker. The
prediction therefore follows the executed graph by construction.

Byte accounting follows what Dask does (calibration: the graph model matched the
transfer counters within 1.03x): a task on worker w needs each dependency on w; a
dependency not yet there is fetched once and then stays as a replica (the active memory
manager is off), so it costs its size once per (key, worker). A broadcast value is sent
by the driver to one worker and replicated to the others (Scheduler.replicate), which the
workers' outgoing counters see as size * (workers - 1).
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from amls.lowering.cost.blocks import Coord, Key, Layout


@dataclass(frozen=True)
class R:
    """A reference to another value of the plan (input block, broadcast or task) in task args."""

    key: Key


@dataclass(frozen=True)
class Calibration:
    """Time-model constants, measured on this project's 2-vCPU VM (docs/cost-model.md, "Time")."""

    flop_rate: float = 51.3e9  # dense f64 GEMM flop/s of one single-threaded worker
    sparse_rate: float = 3.5e9  # scipy CSR x dense "flops" (2 nnz n) per second (measured)
    call_overhead: float = 10e-6  # per block kernel call (Python + scipy dispatch)
    syrk_factor: float = 0.6  # t(X) @ X runs as BLAS syrk in NumPy: ~1.6x faster (measured)
    mem_rate: float = 8e9  # bytes/s for memory-bound block work (adds, copies, slices)
    bandwidth: float = 1.56e9  # worker -> worker bytes/s (one 128 MiB transfer)
    driver_bandwidth: float = 1.0e9  # driver -> worker bytes/s (scatter)
    # Graph overheads, from bench/dist_calibrate.py (pinned graphs of no-op tasks over
    # tiny blocks; medians of 7 on a quiet machine, 2026-11-30: 6.3 ms, 0.49 ms, 0.064 ms,
    # 0.156 ms; earlier runs under load: 0.6-1.1 ms per task, 0.036-0.052 ms per edge,
    # 0.13-0.19 ms per fetch). The calibration's 0.91 ms per task was a 1000-task tree.
    graph_overhead: float = 6e-3  # per operator: one client.get + wait + persist's query
    task_overhead: float = 0.5e-3  # per task of one pinned graph
    # Per dependency edge (task, key): scheduler, worker and argument-packing bookkeeping.
    # Sparse operands have many small blocks, so this dominates their cost.
    edge_overhead: float = 0.05e-3
    # Per (remote key, worker) fetch; a worker fetches a peer's keys in batches, so this
    # is far below a round trip.
    fetch_overhead: float = 0.15e-3
    scatter_overhead: float = 10e-3  # per scatter call (one round trip)


DEFAULT_CALIBRATION = Calibration()


@dataclass
class PTask:
    fn: Callable[..., Any]
    args: tuple[Any, ...]
    worker: str
    nbytes: int
    seconds: float
    sparse: bool
    nnz: float


@dataclass
class Broadcast:
    nbytes: int
    workers: tuple[str, ...]
    value: Any = None  # the driver value to scatter (None when only predicting)


@dataclass
class Cost:
    """What a plan costs: the cost model's answer."""

    net_bytes: int  # worker -> worker (what the transfer_outgoing_bytes_total counters see)
    driver_bytes: int  # driver -> workers (scatter of broadcast operands)
    ntasks: int
    remote_fetches: int  # (key, worker) pairs fetched
    ndeps: int  # dependency edges (task, key) of the graph
    compute: dict[str, float]  # seconds of block work per worker
    seconds: float  # predicted wall time

    @property
    def max_compute(self) -> float:
        return max(self.compute.values(), default=0.0)


@dataclass
class Plan:
    method: str
    out_shape: tuple[int, int]
    block_size: int
    calibration: Calibration = DEFAULT_CALIBRATION
    name: str = ""
    sources: dict[Key, int] = field(default_factory=dict)  # input block key -> bytes
    meta_nnz: dict[Key, float] = field(default_factory=dict)  # of input blocks
    meta_sparse: dict[Key, bool] = field(default_factory=dict)
    broadcasts: dict[Key, Broadcast] = field(default_factory=dict)
    tasks: dict[Key, PTask] = field(default_factory=dict)
    outputs: dict[Coord, Key] = field(default_factory=dict)
    # Simulated state while building: who holds each key, bytes moved, work per worker.
    where: dict[Key, set[str]] = field(default_factory=dict)
    size: dict[Key, int] = field(default_factory=dict)
    net_bytes: int = 0
    driver_bytes: int = 0
    remote_fetches: int = 0
    ndeps: int = 0
    load: dict[str, float] = field(default_factory=dict)
    scatters: int = 0

    def __post_init__(self) -> None:
        if not self.name:
            self.name = f"{self.method}-{uuid.uuid4().hex[:10]}"

    # -- building ---------------------------------------------------------------------

    def add_layout(self, lay: Layout) -> None:
        for c, k in lay.keys.items():
            self.sources[k] = lay.nbytes[c]
            self.size[k] = lay.nbytes[c]
            self.where[k] = lay.holders(c)
            self.meta_nnz[k] = lay.nnz[c]
            self.meta_sparse[k] = lay.sparse[c]
        for w in lay.placement.values():
            self.load.setdefault(w, 0.0)

    def broadcast(self, key: Key, nbytes: int, workers: list[str], value: Any = None) -> R:
        ws = tuple(sorted(set(workers)))
        self.broadcasts[key] = Broadcast(nbytes, ws, value)
        self.size[key] = nbytes
        self.where[key] = set(ws)
        self.driver_bytes += nbytes
        self.net_bytes += nbytes * (len(ws) - 1)
        self.scatters += 1
        for w in ws:
            self.load.setdefault(w, 0.0)
        return R(key)

    def fetch_bytes(self, deps: list[R], worker: str) -> int:
        """Bytes that placing a task with these dependencies on `worker` would move."""
        keys = {r.key for r in deps}
        return sum(self.size[k] for k in keys if worker not in self.where[k])

    def add(
        self,
        key: Key,
        fn: Callable[..., Any],
        *args: Any,
        worker: str,
        nbytes: int,
        seconds: float,
        sparse: bool = False,
        nnz: float = 0.0,
    ) -> R:
        if key in self.tasks or key in self.sources:
            raise AssertionError(f"duplicate plan key {key!r}")
        deps = set(refs(args))
        self.ndeps += len(deps)
        for r in deps:
            held = self.where[r.key]
            if worker not in held:
                self.net_bytes += self.size[r.key]
                self.remote_fetches += 1
                held.add(worker)
        self.tasks[key] = PTask(fn, args, worker, nbytes, seconds, sparse, nnz)
        self.where[key] = {worker}
        self.size[key] = nbytes
        self.load[worker] = self.load.get(worker, 0.0) + seconds
        return R(key)

    def output(self, c: Coord, ref: R) -> None:
        self.outputs[c] = ref.key

    def worker_of(self, key: Key) -> str:
        if key in self.tasks:
            return self.tasks[key].worker
        return min(self.where[key])

    # -- cost ---------------------------------------------------------------------------

    def cost(self) -> Cost:
        cal = self.calibration
        seconds = (
            max(self.load.values(), default=0.0)
            + self.net_bytes / cal.bandwidth
            + self.driver_bytes / cal.driver_bandwidth
            + len(self.tasks) * cal.task_overhead
            + self.ndeps * cal.edge_overhead
            + self.remote_fetches * cal.fetch_overhead
            + self.scatters * cal.scatter_overhead
            + (cal.graph_overhead if self.tasks else 0.0)
        )
        return Cost(
            net_bytes=self.net_bytes,
            driver_bytes=self.driver_bytes,
            ntasks=len(self.tasks),
            remote_fetches=self.remote_fetches,
            ndeps=self.ndeps,
            compute=dict(self.load),
            seconds=seconds,
        )


def refs(x: Any) -> Iterator[R]:
    """The R references inside (nested lists/tuples of) task arguments."""
    if isinstance(x, R):
        yield x
    elif isinstance(x, list | tuple):
        for y in x:
            yield from refs(y)


def materialise(x: Any, resolve: Callable[[Key], Any]) -> Any:
    """Task arguments with references replaced: nested lists stay lists (Dask resolves
    keys and futures inside lists; tuples would risk being read as tasks)."""
    if isinstance(x, R):
        return resolve(x.key)
    if isinstance(x, list | tuple):
        return [materialise(y, resolve) for y in x]
    return x

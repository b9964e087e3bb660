"""Starting and preparing a Dask cluster for the distributed runtime.

Two settings the runtime relies on:
* the active memory manager is OFF: left on, it drops replicas every 2 s and sometimes
  keeps the fetched copy instead of the home copy, so block homes drift between
  operations and placement-aware planning breaks (docs/cost-model.md, "How a
  distributed operator runs");
* every worker imports amls.interpreter.dist.sizeof and the block kernels at start (a
  worker plugin): sizeof for CSR arrays, and the kernels' import paid once, not in the
  first task.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterable, Iterator
from typing import Any

import dask
from distributed import Client, LocalCluster
from distributed.diagnostics.plugin import WorkerPlugin

from amls.interpreter.dist.blocked import BlockedMatrix
from amls.lowering.cost.blocks import Key

CLUSTER_CONFIG: dict[str, Any] = {
    "distributed.scheduler.active-memory-manager.start": False,
    # Keep the transfer logs complete (measure_bytes cross-checks read them).
    "distributed.admin.low-level-log-length": 1_000_000,
}

CLOSE_SECONDS = 30.0


class AmlsWorkerSetup(WorkerPlugin):
    """Imports the block kernels on each worker (also on workers that join later)."""

    name = "amls-dist-setup"

    def setup(self, worker: Any) -> None:
        import amls.interpreter.dist.sizeof  # noqa: F401
        import amls.interpreter.kernels.blocks  # noqa: F401


def prepare_client(client: Client) -> Client:
    """Make any cluster fit for the runtime: AMM stopped, worker plugin registered."""
    with contextlib.suppress(Exception):  # a scheduler without the AMM extension
        client.amm.stop()
    client.register_plugin(AmlsWorkerSetup(), name=AmlsWorkerSetup.name)
    return client


@contextlib.contextmanager
def local_cluster(
    n_workers: int = 2, threads_per_worker: int = 1, dashboard: bool = False, **kwargs: Any
) -> Iterator[Client]:
    """A process-based LocalCluster with the runtime's settings; yields a prepared Client.
    `dashboard`: serve Dask's dashboard (needs bokeh) on a free port."""
    with dask.config.set(CLUSTER_CONFIG):
        cluster = LocalCluster(
            n_workers=n_workers,
            threads_per_worker=threads_per_worker,
            processes=True,
            # No dashboard; the scheduler's HTTP server (health, metrics) on a free port:
            # None still binds :8787, and warns when two clusters run at once.
            dashboard_address=":0",
            scheduler_kwargs={"dashboard": dashboard},
            **kwargs,
        )
        client = Client(cluster)
        try:
            prepare_client(client)
            yield client
        finally:
            # Bounded: a worker killed mid-run must not make shutdown wait forever.
            with contextlib.suppress(TimeoutError):
                client.close(timeout=CLOSE_SECONDS)
            with contextlib.suppress(TimeoutError):
                cluster.close(timeout=CLOSE_SECONDS)


def trim_replicas(client: Client, matrices: Iterable[BlockedMatrix]) -> int:
    """Drop every replica of these blocks except the one on its home worker.

    Operations leave fetched copies behind (Dask keeps them while the key lives); they
    speed up later reads but cost memory and make later byte counts depend on history.
    Returns the number of replicas dropped.
    """
    homes: dict[Key, str] = {}
    for bm in matrices:
        for c, f in bm.futures.items():
            homes[f.key] = bm.placement[c]
    return int(client.run_on_scheduler(_trim, homes=homes))


def _trim(dask_scheduler: Any, homes: dict[Key, str]) -> int:
    drop: dict[str, list[Key]] = {}
    for key, home in homes.items():
        ts = dask_scheduler.tasks.get(key)
        if ts is None or not ts.who_has:
            continue
        holders = {ws.address for ws in ts.who_has}
        if home not in holders:
            continue  # never destroy the last copy
        for addr in holders - {home}:
            drop.setdefault(addr, []).append(key)
    for addr, keys in drop.items():
        dask_scheduler.request_remove_replicas(addr, keys, stimulus_id="amls-trim-replicas")
    return sum(len(v) for v in drop.values())

"""The Dask session dist ops run in: the client, and (with `measure`) bytes moved per op kind.

The interpreter carries the session on its kernel functions (amls.interpreter.engine), so
there is no process-wide "current cluster": two programs may run on two clusters.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from amls.interpreter.kernels import KernelError
from amls.interpreter.phys.stats import DistOpStat, op_label

Args = tuple[Any, ...]
DistKernel = Callable[[Any, Any, Args], Any]
"""A dist op's kernel: `fn(session, op, args)`."""


@dataclass
class DistSession:
    """The Dask client dist kernels use; with `measure`, bytes moved per op kind."""

    client: Any
    measure: bool = False
    stats: dict[str, DistOpStat] = field(default_factory=dict)
    progress: Any = None
    """An amls.interpreter.progress.Progress told of each dist op's blocks, or None."""

    def out_total(self) -> int:
        from amls.interpreter.dist.measure import _out_total

        return int(sum(self.client.run(_out_total).values()))

    def run(self, fn: DistKernel, op: Any, args: Args) -> Any:
        """Run a dist kernel; failures of the data or the cluster become KernelErrors,
        and with `measure` the op's time and bytes (Dask's counters and the plans'
        prediction) are recorded."""
        from amls.interpreter.dist import blocked

        if not self.measure:
            out = _translated(fn, self, op, args)
            if self.progress is not None:
                self.progress.dist_op(op_label(op), out)
            return out
        # The time spans the counter reads too, as the engine's per-op time (--stats'
        # "== ops ==") does: the two tables show one number per dist op.
        t0 = time.perf_counter()
        before = self.out_total()
        pred0 = blocked.PREDICTED_NET_BYTES[0]
        out = _translated(fn, self, op, args, wait=True)
        measured = self.out_total() - before
        st = self.stats.setdefault(op_label(op), DistOpStat())
        st.count += 1
        st.seconds += time.perf_counter() - t0
        st.measured_bytes += measured
        st.predicted_bytes += blocked.PREDICTED_NET_BYTES[0] - pred0
        if self.progress is not None:
            self.progress.dist_op(op_label(op), out)
        return out


def _translated(fn: DistKernel, s: DistSession, op: Any, args: Args, wait: bool = False) -> Any:
    """fn's value (with `wait`, once its blocks exist); data and cluster failures as
    KernelErrors (the user's input or the cluster, not a bug)."""
    from amls.interpreter.dist import DistError

    try:
        out = fn(s, op, args)
        if wait:
            _wait(out)
        return out
    except DistError as e:
        raise KernelError(str(e)) from e
    except Exception as e:
        if isinstance(e, _cluster_errors()):
            raise KernelError(_lost(e)) from e
        raise


def _cluster_errors() -> tuple[type[BaseException], ...]:
    import asyncio
    import concurrent.futures

    from distributed.client import FutureCancelledError
    from distributed.comm.core import CommClosedError
    from distributed.scheduler import KilledWorker

    return (
        FutureCancelledError,
        KilledWorker,
        CommClosedError,
        asyncio.CancelledError,
        concurrent.futures.CancelledError,
        TimeoutError,
        OSError,
    )


def _lost(e: BaseException) -> str:
    return (
        f"the Dask cluster lost data or a worker during this op ({type(e).__name__}: {e}); "
        "blocks pinned to a dead worker cannot be recomputed: rerun the program"
    )


def _wait(v: Any) -> None:
    from amls.interpreter.dist import BlockedMatrix, wait_futures

    if isinstance(v, BlockedMatrix):
        wait_futures(v.client, list(v.futures.values()), v.workers(), None, "dist op")

"""The BLAS thread count in force, and running row blocks on that many Python threads.

A fused kernel that streams X once in cache-sized row blocks (mmchain) beats two BLAS
calls single-threaded, but loses to them when BLAS threads each call: its blocks are
too small to split well. Thread-aware, it splits the row range across as many Python
threads as BLAS would use, each running single-threaded BLAS on its blocks (NumPy drops
the GIL inside BLAS), so the fused kernel reads X once *and* uses every core.

threadpoolctl is imported only when a kernel asks (it costs ~20 ms at start-up).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from functools import cache
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from concurrent.futures import ThreadPoolExecutor

T = TypeVar("T")

_ENV = ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS")


@cache
def _controller() -> Any:
    import threadpoolctl

    return threadpoolctl.ThreadpoolController()


def blas_threads() -> int:
    """Threads a BLAS call would use now (threadpoolctl's view of NumPy's BLAS)."""
    try:
        pools = [p for p in _controller().info() if p.get("user_api") == "blas"]
    except Exception:  # noqa: BLE001 - no introspection: fall back on the environment
        pools = []
    if pools:
        return max(1, min(int(p.get("num_threads") or 1) for p in pools))
    for var in _ENV:
        if os.environ.get(var, "").isdigit():
            return max(1, int(os.environ[var]))
    return os.cpu_count() or 1


@contextmanager
def single_threaded_blas() -> Iterator[None]:
    with _controller().limit(limits=1, user_api="blas"):
        yield


@cache
def _pool(n: int) -> ThreadPoolExecutor:
    from concurrent.futures import ThreadPoolExecutor  # ~3 ms: only for a split kernel

    return ThreadPoolExecutor(max_workers=n, thread_name_prefix="amls-blas")


def split_rows(n: int, parts: int, align: int) -> list[tuple[int, int]]:
    """`parts` contiguous row ranges covering 0..n, each a multiple of `align` rows but
    the last (so the per-thread block boundaries are those of the serial kernel)."""
    blocks = -(-n // align)
    per = -(-blocks // parts)
    out = []
    for k in range(parts):
        lo, hi = k * per * align, min(n, (k + 1) * per * align)
        if lo < hi:
            out.append((lo, hi))
    return out


def run_parallel(fn: Callable[[int, int], T], ranges: Sequence[tuple[int, int]]) -> list[T]:
    """fn over each range on its own thread with single-threaded BLAS; results in order."""
    if len(ranges) <= 1:
        return [fn(lo, hi) for lo, hi in ranges]
    with single_threaded_blas():
        futures = [_pool(len(ranges)).submit(fn, lo, hi) for lo, hi in ranges]
        return [f.result() for f in futures]

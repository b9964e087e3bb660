"""The BLAS thread count in force, and running row blocks on that many Python threads.

The fused kernels pick their row blocks by the thread count BLAS would use (mmchain:
blocks big enough for OpenBLAS to thread; tsmm: row ranges split over Python threads,
each running single-threaded BLAS, as NumPy drops the GIL inside BLAS).

The count is asked of the loaded OpenBLAS itself (0.2 ms); threadpoolctl, which costs
~6 ms on first use (it scans every loaded library), is only the fallback for other
BLAS libraries and the means of limiting threads.
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


_OPENBLAS_GETTERS = (
    "openblas_get_num_threads",
    "openblas_get_num_threads64_",
    "scipy_openblas_get_num_threads",
    "scipy_openblas_get_num_threads64_",
)


@cache
def _openblas_getters() -> tuple[Callable[[], int], ...]:
    """get_num_threads of every OpenBLAS this process has loaded (from /proc/self/maps;
    RTLD_NOLOAD opens only a library already there); () where there is none."""
    try:
        with open("/proc/self/maps") as f:
            paths = sorted({ln.split()[-1] for ln in f if "openblas" in ln.lower() and ".so" in ln})
    except OSError:
        return ()
    import ctypes

    getters = []
    for path in paths:
        try:
            lib = ctypes.CDLL(path, mode=os.RTLD_NOLOAD | os.RTLD_LAZY)
        except OSError:
            continue
        for name in _OPENBLAS_GETTERS:
            if (fn := getattr(lib, name, None)) is not None:
                fn.restype = ctypes.c_int
                getters.append(fn)
                break
    return tuple(getters)


def blas_threads() -> int:
    """Threads a BLAS call would use now: the fewest any loaded OpenBLAS is set to, or
    threadpoolctl's view of NumPy's BLAS for other libraries."""
    if getters := _openblas_getters():
        return max(1, min(int(fn()) for fn in getters))
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

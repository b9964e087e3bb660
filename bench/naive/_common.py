"""Shared by the naive scripts: time the program, print JSON with the checksums.

Not part of any timed region: `report` runs the program once under
time.perf_counter and time.process_time (data generation included, as amls's
execute phase includes matrix.rand) and only then computes the checksums. numpy.random
is imported in `report`, before the clock: amls-run reports its own first-use imports apart
from its execute time, so the scripts' compute time must not include theirs either.
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable
from typing import Any

import numpy as np


def checksum(value: Any) -> Any:
    """What amls-run prints for a result: the number, or shape/nnz/sum/min/max of a matrix."""
    if isinstance(value, bool | int | np.integer):
        return int(value)
    if isinstance(value, float | np.floating):
        return float(value)
    if hasattr(value, "toarray"):  # scipy.sparse (not imported here: ~0.15 s of a process)
        dense = value.toarray()
    else:
        dense = np.asarray(value, dtype=np.float64)
    if dense.ndim != 2:
        raise TypeError(f"result of shape {dense.shape} is not a matrix")
    out: dict[str, Any] = {"shape": list(dense.shape), "nnz": int(np.count_nonzero(dense))}
    if dense.size:
        out.update(sum=float(dense.sum()), min=float(dense.min()), max=float(dense.max()))
    return out


def report(main: Callable[[], tuple[Any, ...]]) -> None:
    import numpy.random  # noqa: F401  (NumPy 2 loads it on first use: an import, not compute)

    c0 = time.process_time()  # CPU time of the process, all threads
    t0 = time.perf_counter()
    results = main()
    compute = time.perf_counter() - t0
    cpu = time.process_time() - c0
    out = {"compute_s": compute, "compute_cpu_s": cpu, "checksums": [checksum(v) for v in results]}
    json.dump(out, sys.stdout)
    sys.stdout.write("\n")

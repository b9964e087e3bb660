"""Modules the kernels import on first use, and the wall time those imports took.

A dense program never needs scipy.sparse (~0.1 s to import) and a program without
matrix.rand never needs numpy.random (~10 ms): the kernels import them when a value first
needs them. amls-run reports that time as a phase of its own, as a NumPy script's imports
are not part of its compute time, and `--stats` keeps it out of the op that paid it.
"""

from __future__ import annotations

import importlib
import sys
import time
from types import ModuleType

_SECONDS: dict[str, float] = {}
"""Module name -> wall time of its import through `load` (once per process)."""
IMPORT_SECONDS = [0.0]  # their sum: read twice per op by --stats


def load(name: str) -> ModuleType:
    """`import name`, timed when this is the import that loads it."""
    module = sys.modules.get(name)
    if module is not None:
        return module
    t0 = time.perf_counter()
    module = importlib.import_module(name)
    took = time.perf_counter() - t0
    _SECONDS[name] = _SECONDS.get(name, 0.0) + took
    IMPORT_SECONDS[0] += took
    return module


def import_seconds() -> float:
    """Wall time this process has spent in imports through `load`."""
    return IMPORT_SECONDS[0]


def imported() -> tuple[str, ...]:
    """The modules `load` has imported, in import order."""
    return tuple(_SECONDS)

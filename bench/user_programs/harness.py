"""Run one NumPy version of a user program: load its files, compute, report.

    python bench/user_programs/harness.py naive sum_mm [--data DIR] [--out results.npz]
    python bench/user_programs/harness.py handopt pagerank

The script bench/user_programs/<variant>/<case>.py defines `load(**paths)` (the case's
parameters, as paths) returning the loaded inputs, and `compute(*inputs)` returning the
results in the order amls-run returns them. Load and compute are timed separately with
time.perf_counter (imports are outside both, inside the process's wall time); one JSON
line is printed: {"load_s", "compute_s", "compute_cpu_s", "checksums"} (the checksums of
bench/naive/_common.py: a scalar, or shape/nnz/sum/min/max of a matrix). --out writes the
results to an .npz as result_0, result_1, ... (as amls-run -o does).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import sys
import time
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
from cases import BY_NAME, DATA, HERE

VARIANTS = ("naive", "handopt")


def _module(path: Path, name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _checksum_fn() -> Any:
    # bench/naive/_common.py's checksum (by path: bench/_common.py has the same module name).
    return _module(HERE.parent / "naive" / "_common.py", "bench_naive_common").checksum


def as_result(value: Any) -> Any:
    """A result as amls-run -o saves it: a float, or a dense 2-D float64 array."""
    if hasattr(value, "toarray"):  # scipy.sparse, imported only by the cases that use it
        return value.toarray()
    if isinstance(value, np.ndarray):
        return np.asarray(value, dtype=np.float64)
    return float(value)


def run(variant: str, case: str, data: Path, out: Path | None) -> dict[str, Any]:
    c = BY_NAME[case]
    mod = _module(c.script(variant), f"{variant}_{case}")
    paths = {name: data / f for name, f in c.args.items()}
    t0 = time.perf_counter()
    inputs = mod.load(**paths)
    load_s = time.perf_counter() - t0
    c0 = time.process_time()  # all threads of the process
    t0 = time.perf_counter()
    results = mod.compute(*inputs)
    compute_s = time.perf_counter() - t0
    cpu_s = time.process_time() - c0
    results = [as_result(r) for r in results]
    if out is not None:
        np.savez(out, **{f"result_{i}": r for i, r in enumerate(results)})
    checksum = _checksum_fn()
    return {
        "load_s": load_s,
        "compute_s": compute_s,
        "compute_cpu_s": cpu_s,
        "checksums": [checksum(r) for r in results],
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("variant", choices=VARIANTS)
    ap.add_argument("case", choices=sorted(BY_NAME))
    ap.add_argument("--data", type=Path, default=DATA, help="folder of gen_data.py's files")
    ap.add_argument("--out", type=Path, help="write the results to this .npz")
    args = ap.parse_args()
    json.dump(run(args.variant, args.case, args.data, args.out), sys.stdout)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()

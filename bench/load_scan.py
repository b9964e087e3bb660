"""Cost of the fact scan at load: reading a 1 GB .npy with and without the scan.

    python bench/load_scan.py [--rows 16384 --cols 8192] [--path /tmp/amls_load_scan.npy]

Writes a random f64 matrix (16384x8192 = 1 GiB) to --path, then times, median of 3 each,
in turns so that the machine's load hits all of them alike:
  * np.load: numpy's reader (what amls read before the scan existed);
  * chunked read: amls's reader without the scan (the same chunked readinto);
  * load_matrix: amls's reader with the scan fused in (dims, finite, max |x|), a helper
    thread reading ahead while the caller scans;
  * load_matrix, one thread: the same with the read-ahead off (scan after each chunk);
  * scan alone: the scan over the array already in memory.
The scan's cost is load_matrix minus the chunked read. The file is deleted at the end.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from amls.interpreter.kernels import files
from amls.interpreter.kernels.files import load_matrix
from amls.interpreter.kernels.scan import CHUNK, scan


def chunked_read(path: str) -> np.ndarray:
    """amls's .npy reading loop (interpreter/kernels/files.py _load_npy) minus the scan."""
    with open(path, "rb") as f:
        version = np.lib.format.read_magic(f)
        assert version == (1, 0)
        shape, _, _ = np.lib.format.read_array_header_1_0(f)
        arr = np.empty(shape)
        flat = arr.reshape(-1)
        raw = memoryview(flat.view(np.uint8))
        for start in range(0, flat.size, CHUNK):
            f.readinto(raw[start * 8 : min(start + CHUNK, flat.size) * 8])
    return arr


def one_thread(path: str) -> np.ndarray | Any:
    kept = files.READ_AHEAD_MIN_CHUNKS
    files.READ_AHEAD_MIN_CHUNKS = 1 << 62
    try:
        return load_matrix(path)
    finally:
        files.READ_AHEAD_MIN_CHUNKS = kept


def timed(fn: Callable[[], Any]) -> float:
    t0 = time.perf_counter()
    out = fn()
    dt = time.perf_counter() - t0
    del out
    return dt


def scan_alone(a: np.ndarray, repeat: int) -> list[float]:
    return [timed(lambda: scan(a)) for _ in range(repeat)]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rows", type=int, default=16384)
    ap.add_argument("--cols", type=int, default=8192)
    ap.add_argument("--path", default="/tmp/amls_load_scan.npy")
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    x = np.random.default_rng(0).standard_normal((args.rows, args.cols))
    np.save(args.path, x)
    size = x.nbytes
    del x
    try:
        warm = np.ones(size // 8 * 2)  # fault the process's memory in once (VMs map it lazily)
        del warm
        cases: dict[str, Callable[[], Any]] = {
            "np.load": lambda: np.load(args.path),
            "chunked read": lambda: chunked_read(args.path),
            "load_matrix (read + scan)": lambda: load_matrix(args.path),
            "load_matrix, one thread": lambda: one_thread(args.path),
        }
        times: dict[str, list[float]] = {k: [] for k in cases}
        for _ in range(args.repeat):
            for name, fn in cases.items():
                times[name].append(timed(fn))
        times["scan alone (in memory)"] = scan_alone(np.load(args.path), args.repeat)
    finally:
        os.remove(args.path)
    med = {k: statistics.median(v) for k, v in times.items()}
    print(f"{args.rows}x{args.cols} f64 = {size / 2**30:.2f} GiB, median of {args.repeat}")
    for name, t in med.items():
        runs = ", ".join(f"{v:.3f}" for v in times[name])
        print(f"  {name:<28} {t:7.3f} s   ({runs})")
    for name in ("load_matrix (read + scan)", "load_matrix, one thread"):
        extra = med[name] - med["chunked read"]
        print(
            f"  scan cost in {name}: {extra:+.3f} s = "
            f"{100 * extra / med['chunked read']:.1f}% of the chunked read, "
            f"{100 * extra / med['np.load']:.1f}% of np.load"
        )
    print(f"  (load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)")


if __name__ == "__main__":
    main()

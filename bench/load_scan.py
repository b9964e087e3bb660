"""Cost of the fact scan at load: reading a 1 GB .npy with and without the scan.

    python bench/load_scan.py [--rows 16384 --cols 8192] [--path /tmp/amls_load_scan.npy]
                              [--repeat 11] [--readme]

Writes a random f64 matrix (16384x8192 = 1 GiB) to --path, then times each case, median
of --repeat (11) runs, in turns so that the machine's load hits all of them alike:
  * np.load: numpy's reader (what amls read before the scan existed);
  * chunked read: amls's reader without the scan (the same chunked readinto);
  * load_matrix: amls's reader with the scan fused in (dims, finite, max |x|: each
    chunk scanned right after it is read);
  * scan alone: the scan over the array already in memory.
The scan's cost is load_matrix minus the chunked read, in wall and in CPU time (all
threads). The file is deleted at the end. --readme writes the table into bench/README.md
(section "load_scan").
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from amls.interpreter.kernels.files import PIPELINE_BYTES, PIPELINE_CHUNK, load_matrix
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


def timed(fn: Callable[[], Any]) -> tuple[float, float]:
    """(wall, CPU) seconds of fn(); CPU time counts every thread of the process."""
    t0, c0 = time.perf_counter(), time.process_time()
    out = fn()
    dt, dc = time.perf_counter() - t0, time.process_time() - c0
    del out
    return dt, dc


def scan_alone(a: np.ndarray, repeat: int) -> list[tuple[float, float]]:
    return [timed(lambda: scan(a)) for _ in range(repeat)]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rows", type=int, default=16384)
    ap.add_argument("--cols", type=int, default=8192)
    ap.add_argument("--path", default="/tmp/amls_load_scan.npy")
    ap.add_argument(
        "--repeat",
        type=int,
        default=11,
        help="runs per case (the 2-core shared machine's noise, +-50 ms, swamps a median of 3)",
    )
    ap.add_argument("--readme", action="store_true", help="write the table into bench/README.md")
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
        }
        times: dict[str, list[tuple[float, float]]] = {k: [] for k in cases}
        for _ in range(args.repeat):
            for name, fn in cases.items():
                times[name].append(timed(fn))
        times["scan alone (in memory)"] = scan_alone(np.load(args.path), args.repeat)
    finally:
        os.remove(args.path)
    text = report(times, size, args)
    print(text)
    if args.readme:
        sys.path.insert(0, str(Path(__file__).resolve().parent))
        from _common import replace_section

        replace_section("load_scan", text)


def report(times: dict[str, list[tuple[float, float]]], size: int, args: Any) -> str:
    med = {k: statistics.median(t for t, _ in v) for k, v in times.items()}
    cpu = {k: statistics.median(c for _, c in v) for k, v in times.items()}
    low = {k: min(t for t, _ in v) for k, v in times.items()}
    load = os.getloadavg()[0]
    lines = [
        f"`python bench/load_scan.py --repeat {args.repeat}`: {args.rows}x{args.cols} f64 "
        f"({size / 2**30:.2f} GiB) from the page cache, median and minimum of {args.repeat} "
        f"runs; load average {load:.1f} on {os.cpu_count()} cores at the end.",
        "",
        "| | wall (s) | CPU (s) | min wall (s) | wall of each run |",
        "|---|---:|---:|---:|---|",
    ]
    for name, t in med.items():
        runs = ", ".join(f"{w:.3f}" for w, _ in times[name])
        lines.append(f"| {name} | {t:.3f} | {cpu[name]:.3f} | {low[name]:.3f} | {runs} |")
    lines.append("")
    read, name = "chunked read", "load_matrix (read + scan)"
    extra, extra_cpu, extra_low = (d[name] - d[read] for d in (med, cpu, low))
    lines.append(
        f"- the scan's cost in load_matrix: median wall {extra:+.3f} s = "
        f"{100 * extra / med[read]:.1f}% of the chunked read "
        f"({100 * extra / med['np.load']:.1f}% of np.load), CPU {extra_cpu:+.3f} s = "
        f"{100 * extra_cpu / cpu[read]:.1f}%; best runs {extra_low:+.3f} s = "
        f"{100 * extra_low / low[read]:.1f}% (the least disturbed by other processes)"
    )
    lines += [
        "",
        f"The scan is two vectorised reductions per {PIPELINE_CHUNK * 8 >> 20} MB chunk (max "
        "and min: finiteness and max |x|), run on a second thread while the main thread "
        f"reads the next chunk (files of {PIPELINE_BYTES >> 20} MB and more, on a machine with "
        "two or more CPUs; smaller files are scanned serially, each chunk right after it is "
        "read): the scan costs CPU time, little wall time. Counting non-zeros would "
        "be a third, slower one (NumPy's count over f64 runs at about a third of max's "
        "speed), so a .npy's nnz is left unknown (CSV and .mtx data are counted: parsing "
        "text costs far more). Warm page cache is the worst case for the ratio: from disk "
        "the read dominates.",
    ]
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    main()

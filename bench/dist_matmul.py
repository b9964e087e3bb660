"""Distributed matmul methods vs the placement-aware cost model, on a 2-worker LocalCluster.

For every shape of the grid (the six of reference/dask-calibration.md, a-f, plus sparse and
tsmm shapes) this runs each applicable method (median of --reps) and local NumPy/SciPy,
records wall time and measured vs predicted worker->worker bytes, and compares the
model's pick with the fastest method:

    python bench/dist_matmul.py --quick          # a few small shapes, ~1-2 min
    python bench/dist_matmul.py                  # the full grid (several minutes, ~8 GB RAM)
    python bench/dist_matmul.py --shapes c,f --block-sizes 1000,2000 --out results.json

Protocol (as the calibration): inputs are distributed block-cyclically before the timer
starts; before each repetition the replicas a previous run left behind are trimmed so
every block lives only on its home worker; the timed region is plan + submit + wait
(`persist`), outputs stay on the workers; mapmm's small side is a driver value scattered
inside the timed region. Measured bytes = change of every worker's
transfer_outgoing_bytes_total. Correctness: sum(C) computed on the workers vs local.

Targets (issue): predicted bytes within 2x of measured on every shape; the model's pick
within 1.25x of the fastest method on dense shapes and 1.5x on sparse; local chosen
whenever it fits in memory. The machine is shared: load averages are printed; timings
taken under load are not comparable.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import statistics
import sys
import time
import zlib
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any

import numpy as np
import scipy.sparse as sp

import amls.interpreter.dist as d
from amls.interpreter.kernels.matrix import matmul_values


@dataclass(frozen=True)
class Shape:
    name: str
    desc: str
    a: tuple[int, int]
    b: tuple[int, int]
    density: float | None = None  # of A (CSR); None = dense
    tsmm: bool = False  # A = t(X), B = X: t(X) %*% X


# The six calibration shapes (dimensions recovered from its byte and task counts) and more.
FULL = [
    Shape("a", "tall-skinny x vector", (20000, 1000), (1000, 1)),
    Shape("b", "tall x small", (20000, 1000), (1000, 100)),
    Shape("c", "square x square", (4000, 4000), (4000, 4000)),
    Shape("d", "wide x tall", (1000, 20000), (20000, 1000)),
    Shape("e", "outer-product-like", (20000, 500), (500, 20000)),
    Shape("f", "sparse square x tall-skinny", (50000, 50000), (50000, 10), 1e-4),
    Shape("g", "sparse tall-skinny x vector", (200000, 1000), (1000, 1), 1e-3),
    Shape("h", "sparse tall x small", (50000, 2000), (2000, 100), 1e-3),
    Shape("i", "sparse square x square", (8000, 8000), (8000, 8000), 1e-3),
    Shape("j", "sparse wide x tall", (1000, 100000), (100000, 100), 1e-3),
    Shape("k", "tall x square", (16000, 2000), (2000, 2000)),
    Shape("l", "t(X) %*% X, X tall", (400, 40000), (40000, 400), tsmm=True),
    Shape("m", "sparse outer-product-like", (10000, 50), (50, 10000), 0.05),
]
QUICK = [
    Shape("qa", "tall-skinny x vector", (8000, 500), (500, 1)),
    Shape("qc", "square x square", (1500, 1500), (1500, 1500)),
    Shape("qd", "wide x tall", (500, 8000), (8000, 500)),
    Shape("qe", "outer-product-like", (4000, 200), (200, 4000)),
    Shape("qf", "sparse square x tall-skinny", (20000, 20000), (20000, 10), 1e-4),
    Shape("ql", "t(X) %*% X, X tall", (200, 10000), (10000, 200), tsmm=True),
]
QUICK_BS = 500


@dataclass
class Run:
    shape: str
    block_size: int
    method: str
    times: list[float] = field(default_factory=list)
    measured_bytes: list[int] = field(default_factory=list)
    predicted_bytes: int = 0
    predicted_s: float = 0.0
    tasks: int = 0
    ok: bool = True

    @property
    def median(self) -> float:
        return statistics.median(self.times)


def make(shape: Shape, seed: int) -> tuple[Any, Any]:
    rng = np.random.default_rng(seed)
    if shape.tsmm:
        x = rng.standard_normal(shape.b)
        return np.ascontiguousarray(x.T), x
    if shape.density is not None:
        a: Any = sp.random_array(shape.a, density=shape.density, format="csr", rng=rng)
        a = sp.csr_array(a)
    else:
        a = rng.standard_normal(shape.a)
    return a, rng.standard_normal(shape.b)


def median_time(fn: Callable[[], Any], reps: int) -> float:
    ts = []
    for _ in range(reps):
        t0 = time.perf_counter()
        fn()
        ts.append(time.perf_counter() - t0)
    return statistics.median(ts)


def timed(op: Callable[[], d.BlockedMatrix]) -> tuple[float, d.BlockedMatrix]:
    """Wall time of plan + submit + wait; the byte counters are read outside it."""
    t0 = time.perf_counter()
    out = op().persist(timeout=600)
    return time.perf_counter() - t0, out


def applicable(shape: Shape) -> list[str]:
    methods = ["mapmm_right", "mapmm_left", "cpmm", "rmm"]
    return (["tsmm"] + methods) if shape.tsmm else methods


def run_shape(
    client: Any, shape: Shape, bs: int, reps: int, workers: list[str]
) -> tuple[float, list[Run]]:
    a, b = make(shape, seed=zlib.crc32(shape.name.encode()))
    local_s = median_time(lambda: matmul_values(a, b), reps)
    want = matmul_values(a, b)
    want_sum = float(want.sum())
    del want
    A = d.distribute(client, a, bs).persist()
    B = d.distribute(client, b, bs).persist()
    X = B if shape.tsmm else None
    runs = []
    for method in applicable(shape):
        ops: dict[str, Callable[[], d.BlockedMatrix]] = {
            "mapmm_right": lambda: d.mapmm_right(A, b),
            "mapmm_left": lambda: d.mapmm_left(a, B),
            "cpmm": lambda: d.cpmm(A, B),
            "rmm": lambda: d.rmm(A, B),
            "tsmm": lambda: d.tsmm(X),  # type: ignore[arg-type]
        }
        if method == "tsmm":
            pred = d.predict("tsmm", [X])
        elif method == "mapmm_right":
            pred = d.predict(method, [A, shape.b])
        elif method == "mapmm_left":
            pred = d.predict(method, [shape.a, B], nnz=[_nnz(a), None])
        else:
            pred = d.predict(method, [A, B])
        run = Run(shape.name, bs, method, predicted_bytes=pred.net_bytes)
        run.predicted_s, run.tasks = pred.seconds, pred.ntasks
        for rep in range(reps):
            d.trim_replicas(client, [A, B])
            gc.collect()
            m = d.measure_bytes(client, lambda op=ops[method]: timed(op))
            elapsed, out = m.value
            run.times.append(elapsed)
            run.measured_bytes.append(m.total)
            if rep == 0:
                got = d.aggregate("sum", "all", out, timeout=600)
                run.ok = bool(np.isclose(got, want_sum, rtol=1e-6, atol=1e-6))
            d.unpersist(out)
        runs.append(run)
        print(
            f"  {shape.name} bs={bs} {method:12s} {run.median:8.3f} s  "
            f"measured {run.measured_bytes[0] / 1e6:9.3f} MB  predicted "
            f"{run.predicted_bytes / 1e6:9.3f} MB  ok={run.ok}",
            flush=True,
        )
    d.unpersist(A)
    d.unpersist(B)
    return local_s, runs


def _nnz(a: Any) -> float | None:
    return float(a.nnz) if sp.issparse(a) else None


def byte_ratio(run: Run) -> float:
    """predicted / measured, with both below 64 KB counted as a match."""
    meas = run.measured_bytes[0]
    if max(meas, run.predicted_bytes) < 65536:
        return 1.0
    return (run.predicted_bytes + 1) / (meas + 1)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--quick", action="store_true", help="a few small shapes")
    p.add_argument("--shapes", help="comma-separated shape names (default: all of the set)")
    p.add_argument("--block-sizes", help="comma-separated (default 1000; quick 500)")
    p.add_argument("--reps", type=int, default=3)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument(
        "--memory-budget",
        type=float,
        default=None,
        help="driver bytes under which local is chosen (default: half the RAM)",
    )
    p.add_argument("--out", help="write all measurements as JSON here")
    args = p.parse_args(argv)
    shapes = QUICK if args.quick else FULL
    if args.shapes:
        want = set(args.shapes.split(","))
        shapes = [s for s in FULL + QUICK if s.name in want]
    default_bs = str(QUICK_BS) if args.quick else "1000"
    block_sizes = [int(x) for x in (args.block_sizes or default_bs).split(",")]
    budget = args.memory_budget
    if budget is None:
        budget = 0.5 * os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    load0 = os.getloadavg()
    print(f"load average at start: {load0[0]:.2f} {load0[1]:.2f} {load0[2]:.2f}", flush=True)
    results: list[dict[str, Any]] = []
    all_runs: list[Run] = []
    summary = []
    with d.local_cluster(n_workers=args.workers, threads_per_worker=1) as client:
        workers = d.cluster_workers(client)
        for shape in shapes:
            for bs in block_sizes:
                local_s, runs = run_shape(client, shape, bs, args.reps, workers)
                all_runs += runs
                nnz_a = shape.density * shape.a[0] * shape.a[1] if shape.density else None
                choice, _preds = d.choose_matmul(
                    shape.a,
                    shape.b,
                    nnz_a,
                    None,
                    block_size=bs,
                    workers=workers,
                    memory_budget=budget,
                    transpose_self=shape.tsmm,
                )
                by = {r.method: r for r in runs}
                dist_pick = min(runs, key=lambda r: (r.predicted_s, r.method)).method
                fastest = min(runs, key=lambda r: r.median)
                best_all = min(local_s, fastest.median)
                chosen_s = local_s if choice == "local" else by[choice].median
                summary.append(
                    {
                        "shape": shape.name,
                        "desc": shape.desc,
                        "sparse": shape.density is not None,
                        "bs": bs,
                        "local_s": local_s,
                        "fastest": fastest.method,
                        "fastest_s": fastest.median,
                        "model_pick": dist_pick,
                        "model_pick_s": by[dist_pick].median,
                        "pick_ratio": by[dist_pick].median / fastest.median,
                        "choice": choice,
                        "chosen_ratio": chosen_s / best_all,
                        "max_byte_ratio": max(max(byte_ratio(r), 1 / byte_ratio(r)) for r in runs),
                    }
                )
                results.append(
                    {"shape": asdict(shape), "bs": bs, "local_s": local_s}
                    | {"runs": [asdict(r) for r in runs]}
                )
    load1 = os.getloadavg()
    print_tables(all_runs, summary, shapes, load0, load1)
    if args.out:
        with open(args.out, "w") as f:
            json.dump({"load": [load0, load1], "results": results, "summary": summary}, f, indent=1)
    return 0


def print_tables(
    runs: list[Run],
    summary: list[dict[str, Any]],
    shapes: list[Shape],
    load0: tuple[float, ...],
    load1: tuple[float, ...],
) -> None:
    dims = {s.name: s for s in shapes}
    print(
        "\n| shape | bs | method | tasks | time s median [min-max] | predicted s "
        "| measured MB | predicted MB | pred/meas | ok |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|")
    for r in runs:
        s = dims[r.shape]
        label = f"{r.shape} {s.a[0]}x{s.a[1]}{'s' if s.density else ''} @ {s.b[0]}x{s.b[1]}"
        print(
            f"| {label} | {r.block_size} | {r.method} | {r.tasks} | {r.median:.3f} "
            f"[{min(r.times):.3f}-{max(r.times):.3f}] | {r.predicted_s:.3f} "
            f"| {r.measured_bytes[0] / 1e6:.3f} | {r.predicted_bytes / 1e6:.3f} "
            f"| {byte_ratio(r):.2f} | {r.ok} |"
        )
    print(
        "\n| shape | kind | bs | local s | fastest dist | model's dist pick | pick/fastest "
        "| target | model choice | chosen/best | bytes within 2x |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for s in summary:
        target = 1.5 if s["sparse"] else 1.25
        print(
            f"| {s['shape']} ({s['desc']}) | {'sparse' if s['sparse'] else 'dense'} | {s['bs']} "
            f"| {s['local_s']:.3f} | {s['fastest']} {s['fastest_s']:.3f} "
            f"| {s['model_pick']} {s['model_pick_s']:.3f} | {s['pick_ratio']:.2f} "
            f"| {'ok' if s['pick_ratio'] <= target else 'MISS'} (<= {target}) "
            f"| {s['choice']} | {s['chosen_ratio']:.2f} "
            f"| {'yes' if s['max_byte_ratio'] <= 2 else 'NO'} ({s['max_byte_ratio']:.2f}x) |"
        )
    print(f"\nload average: start {load0[0]:.2f}, end {load1[0]:.2f} (2 vCPUs)")


if __name__ == "__main__":
    sys.exit(main())

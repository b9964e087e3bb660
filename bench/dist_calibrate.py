"""Micro-benchmarks for the graph-overhead constants of the distributed cost model.

    python bench/dist_calibrate.py [--reps 7] [--out bench/results/dist_calibrate.json]

On a 2-worker LocalCluster (the runtime's settings), every measurement is one pinned
graph submitted through the runtime's own path (Plan -> submit_graph), timed from
building the plan to `wait` (as the matmul benchmark times a method). The tasks do
nothing measurable (T.add_all over 2-element blocks), so the time is graph overhead:

* per graph: one task with one local dependency (submit + wait + persist's query);
* per task:  N independent tasks, one local dependency each;
* per edge:  N tasks with K local dependencies each, against K = 1
             (scheduler + worker bookkeeping + argument packing per dependency);
* per fetch: the same graph with the K dependencies homed on the *other* worker, each
             key fetched once by the consuming worker (Dask batches a worker's fetches
             from one peer, so this is far below one round trip per key).

Slopes are medians over --reps repetitions; the result is printed as Calibration
fields. The machine is shared, so the load average is printed too.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from typing import Any

import numpy as np

import amls.interpreter.dist as d
from amls.interpreter.dist.blocked import submit
from amls.interpreter.kernels import blocks as T
from amls.lowering.cost.plan import Plan, R


def tiny_blocks(client: Any, n: int, worker: str) -> d.BlockedMatrix:
    """n blocks of 2 elements, all homed on `worker`."""
    return d.distribute(client, np.ones((2 * n, 1)), 2, placement=lambda c: worker).persist()


def run_graph(client: Any, src: d.BlockedMatrix, ntasks: int, k: int, worker: str) -> float:
    """ntasks tasks on `worker`, task t depending on blocks [t*k, (t+1)*k) of src."""
    t0 = time.perf_counter()
    lay = src.layout()
    plan = Plan("calib", (ntasks, 1), 1)
    plan.add_layout(lay)
    for t in range(ntasks):
        deps = [R(lay.keys[(t * k + q, 0)]) for q in range(k)]
        ref = plan.add(("calib", t), T.add_all, *deps, worker=worker, nbytes=16, seconds=0.0)
        plan.output((t, 0), ref)
    # As an operator runs: one pinned graph, then persist (wait + one scheduler query).
    out = submit(client, plan, {f.key: f for f in src.futures.values()}).persist(120)
    elapsed = time.perf_counter() - t0
    d.unpersist(out)
    return elapsed


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--reps", type=int, default=7)
    p.add_argument("--tasks", type=int, default=400)
    p.add_argument("--k", type=int, default=25, help="dependencies per task")
    p.add_argument("--out")
    args = p.parse_args(argv)
    n, k = args.tasks, args.k
    load0 = os.getloadavg()
    raw: dict[str, list[float]] = {"k1_local": [], "k_local": [], "k_remote": [], "base": []}
    with d.local_cluster(n_workers=2, threads_per_worker=1) as client:
        w0, w1 = d.cluster_workers(client)
        for rep in range(args.reps + 1):  # rep 0: warm-up, not kept
            got = {}
            # Fresh source blocks every repetition: no replica from an earlier run helps.
            local1 = tiny_blocks(client, n, w0)
            got["base"] = run_graph(client, local1, 1, 1, w0)
            got["k1_local"] = run_graph(client, local1, n, 1, w0)
            localk = tiny_blocks(client, n * k, w0)
            got["k_local"] = run_graph(client, localk, n, k, w0)
            remotek = tiny_blocks(client, n * k, w1)
            got["k_remote"] = run_graph(client, remotek, n, k, w0)
            for bm in (local1, localk, remotek):
                d.unpersist(bm)
            if rep:
                for key, v in got.items():
                    raw[key].append(v)
            print(f"rep {rep}: " + ", ".join(f"{a} {b:.3f} s" for a, b in got.items()), flush=True)
    med = {key: statistics.median(v) for key, v in raw.items()}
    per_graph = med["base"]
    per_task = (med["k1_local"] - med["base"]) / (n - 1)
    per_edge = (med["k_local"] - med["k1_local"]) / (n * (k - 1))
    per_fetch = (med["k_remote"] - med["k_local"]) / (n * k)
    load1 = os.getloadavg()
    res = {
        "tasks": n,
        "k": k,
        "reps": args.reps,
        "load": [load0, load1],
        "raw": raw,
        "graph_overhead": per_graph,
        "task_overhead": per_task,
        "edge_overhead": per_edge,
        "fetch_overhead": per_fetch,
    }
    print(
        f"graph_overhead = {per_graph * 1e3:.3f} ms, "
        f"task_overhead = {per_task * 1e3:.3f} ms, edge_overhead = {per_edge * 1e3:.3f} ms, "
        f"fetch_overhead = {per_fetch * 1e3:.3f} ms per (key, worker)"
    )
    print(f"load average: start {load0[0]:.2f}, end {load1[0]:.2f}")
    if args.out:
        with open(args.out, "w") as f:
            json.dump(res, f, indent=1)
            f.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())

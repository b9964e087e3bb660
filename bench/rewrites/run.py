"""Rewrite micro-suite: amls -O0 vs amls -O2 vs naive NumPy, the examples, compile time.

    python bench/rewrites/run.py                       # everything (about 20 minutes)
    python bench/rewrites/run.py --only sum_mm mm_chain --skip-examples --skip-compile
    python bench/rewrites/run.py --check-data-only     # amls rand == naive rand, bit for bit
    python bench/rewrites/run.py --no-wait             # do not wait for a quiet machine

Three tables, written to bench/rewrites/results.md (and raw numbers to results.json):

1. Rewrites: each bench/rewrites/<name>.mlir with `amls-run FILE -O0 --stats`,
   `amls-run FILE -O2 --stats` ("execute" phase; "compile" too for -O2) and the
   naive NumPy transliteration bench/rewrites/naive/<name>.py (its own timing of
   data generation + compute, as amls's execute phase includes matrix.rand).
   Compute = execute minus data generation (matrix.rand as --stats times it; the
   naive rand() calls): the 10x target is read on compute, the part rewrites change.
   Interleaved rounds (the order rotates each round); median of 3 rounds, 5 when
   a round takes under 3 s. Checksums (the printed results) must agree across
   the three to rtol 1e-9, or the row is flagged MISMATCH. Rules: the counts of
   `amls-opt FILE -O2 --rewrite-trace`. Target, where the asymptotic cost
   changes: -O2 >= 10x faster than -O0 and than naive.
   pagerank_100k runs at -O2 only: as written it needs an n x n dense matrix.
2. Examples: examples/*.mlir, execute time -O0 vs -O2, median of 9 interleaved
   runs (--example-reps) and warm runs alternating in one process; target -O2 / -O0
   <= 1.02 by the same-round and the warm ratio.
3. Compile time, in process: PassPipeline(level_passes("O2"))
   .apply on a freshly parsed module (parse and verify not
   timed), median of 3, on each example (target < 0.5 s) and on programs of
   1,000 / 3,000 / 10,000 ops from bench/gen_programs.py (target: linear growth,
   10,000 ops under 10 s). Ops are counted as bench/compile_time.py does: every
   op but the module and func.func ops. If a target is missed, one run of the
   largest program is profiled with cProfile and its top functions are printed.

The machine has 2 cores shared with other sessions: before each table the
script waits (up to 10 minutes) until the 1-minute load average stays below 1.5
for 6 s, and records the load average before and after the table.
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import json
import math
import os
import pstats
import re
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
BENCH = HERE.parent
ROOT = BENCH.parent
BIN = Path(sys.executable).parent
AMLS_RUN = str(BIN / "amls-run")
AMLS_OPT = str(BIN / "amls-opt")
RTOL = 1e-9
TIMEOUT_S = 600


@dataclass(frozen=True)
class Program:
    name: str
    rewrite: str  # what changes, in DML-like math
    cost: str  # cost as written -> rewritten
    asymptotic: bool  # True: the asymptotic cost changes (the 10x target applies)


PROGRAMS: list[Program] = [
    Program("sum_mm", "sum(X%*%Y) -> sum(t(colSums(X))*rowSums(Y))", "nkm -> nk+km", True),
    Program("trace_mm", "trace(X%*%Y) -> sum(X*t(Y))", "nkn -> nk", True),
    Program("diag_mm", "diag(X%*%Y) -> rowSums(X*t(Y))", "nkn -> nk", True),
    Program(
        "rowcolsums_mm",
        "rowSums(X%*%Y) -> X%*%rowSums(Y); colSums(X%*%Y) -> colSums(X)%*%Y",
        "nkm -> nk+km",
        True,
    ),
    Program("colsums_mv", "colSums(X*v) -> t(v)%*%X (in a 20-step loop)", "nm -> nm", False),
    Program("sum_sq", "sum((X-c)^2) -> sumsq(X-c) (20 values of c)", "nm -> nm", False),
    Program("tsmm_chain", "(t(X)%*%X)%*%v -> t(X)%*%(X%*%v)", "nm^2 -> nm", True),
    Program("mm_chain", "((A%*%B)%*%c) -> A%*%(B%*%c)", "nkn -> nk", True),
    Program(
        "pagerank_step",
        "(e%*%u)%*%p -> e*to_scalar(u%*%p) (20 iterations)",
        "n^2 -> n per it.",
        True,
    ),
    Program("empty_mm", "E%*%Y -> 0 (nnz(E)=0), sum/colSums of it -> 0", "nm -> km", True),
    Program("empty_residual", "sum((X-E%*%W)^2) -> sumsq(X) (nnz(E)=0)", "nm -> nm", False),
    Program("cse_repeat", "X%*%Y written 3 times -> once (cse)", "3nkm -> nkm", False),
    Program(
        "loop_branch",
        "if (frac<1) folded, then (t(Z)%*%Z)%*%w -> t(X)%*%(X%*%w) (10 it.)",
        "nm^2 -> nm per it.",
        True,
    ),
    Program("distributive_mm", "A%*%B + A%*%C -> A%*%(B+C)", "2n^2m -> n^2m", False),
]
O2_ONLY = {
    "pagerank_100k": "cannot run (needs 80 GB): e %*% u is a dense 100000x100000 f64 "
    "matrix (1e10 cells x 8 B = 8e10 B), built every iteration"
}


# ---------------------------------------------------------------------------
# Machine load.


def load1() -> float:
    return os.getloadavg()[0]


def wait_for_quiet(threshold: float, hold_s: float, give_up_s: float, enabled: bool) -> dict:
    """Wait until the 1-minute load stays under threshold for hold_s (at most give_up_s)."""
    start = time.monotonic()
    info = {"load_before_wait": round(load1(), 2), "waited_s": 0.0, "gave_up": False}
    if not enabled:
        info["skipped"] = True
        return info
    quiet_since: float | None = None
    while True:
        now = time.monotonic()
        if load1() < threshold:
            quiet_since = quiet_since if quiet_since is not None else now
            if now - quiet_since >= hold_s:
                break
        else:
            quiet_since = None
        if now - start > give_up_s:
            info["gave_up"] = True
            print(f"  (gave up waiting for load < {threshold}: load {load1():.2f})", flush=True)
            break
        time.sleep(2.0)
    info["waited_s"] = round(time.monotonic() - start, 1)
    return info


def loadavg_text() -> str:
    a, b, c = os.getloadavg()
    return f"{a:.2f} {b:.2f} {c:.2f}"


# ---------------------------------------------------------------------------
# Running amls and the naive scripts.

_PHASE = re.compile(r"^\s+(.+?)\s+([0-9.]+) s$")
_RESULT = re.compile(r"^result_(\d+) : (.+?) = (.*)$")
_RAND_OP = re.compile(r"^\s+(?:matrix|phys)\.rand\b.*?\s+(\d+)\s+([0-9.]+)\s+[0-9.]+%$")
_MATRIX = re.compile(
    r"^(\d+)x(\d+) (?:dense|sparse) matrix, nnz=(\d+)"
    r"(?:, sum=(\S+), min=(\S+), max=(\S+))?$"
)


def parse_value(text: str) -> Any:
    m = _MATRIX.match(text)
    if m:
        out: dict[str, Any] = {"shape": [int(m[1]), int(m[2])], "nnz": int(m[3])}
        if m[4] is not None:
            out.update(sum=float(m[4].rstrip(",")), min=float(m[5].rstrip(",")), max=float(m[6]))
        return out
    try:
        return int(text)
    except ValueError:
        return float(text)


@dataclass
class RunResult:
    ok: bool
    execute: float = math.nan
    compile: float = math.nan
    data: float = 0.0  # of execute: time generating data (matrix.rand; naive: rand())
    checksums: list[Any] = field(default_factory=list)
    error: str = ""


def run_amls(path: Path, level: str) -> RunResult:
    cmd = [AMLS_RUN, str(path), f"-{level}", "--stats"]
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=TIMEOUT_S, cwd=ROOT)
    except subprocess.TimeoutExpired:
        return RunResult(False, error=f"timeout after {TIMEOUT_S} s: {' '.join(cmd)}")
    if p.returncode != 0:
        msg = (p.stderr.strip() or p.stdout.strip()).splitlines()
        return RunResult(False, error=f"exit {p.returncode}: " + " / ".join(msg[:2]))
    phases: dict[str, float] = {}
    results: dict[int, Any] = {}
    in_phases = False
    data = 0.0
    for line in p.stdout.splitlines():
        if (m := _RESULT.match(line)) is not None:
            results[int(m[1])] = parse_value(m[3])
        elif (m := _RAND_OP.match(line)) is not None:
            data += float(m[2])
        elif line.startswith("== phases =="):
            in_phases = True
        elif line.startswith("== ops =="):
            in_phases = False
        elif in_phases and (m := _PHASE.match(line)) is not None:
            phases[m[1]] = float(m[2])
    return RunResult(
        True,
        execute=phases.get("execute", math.nan),
        compile=phases.get("compile", math.nan),
        data=data,
        checksums=[results[i] for i in sorted(results)],
    )


def run_naive(name: str) -> RunResult:
    script = HERE / "naive" / f"{name}.py"
    try:
        p = subprocess.run(
            [sys.executable, str(script)],
            capture_output=True,
            text=True,
            timeout=TIMEOUT_S,
            cwd=script.parent,
        )
    except subprocess.TimeoutExpired:
        return RunResult(False, error=f"timeout after {TIMEOUT_S} s")
    if p.returncode != 0:
        return RunResult(False, error=f"exit {p.returncode}: {p.stderr.strip()[-300:]}")
    data = json.loads(p.stdout.strip().splitlines()[-1])
    return RunResult(
        True, execute=data["compute_s"], data=data["data_s"], checksums=data["checksums"]
    )


def rewrite_counts(path: Path) -> dict[str, int] | str:
    p = subprocess.run(
        [AMLS_OPT, str(path), "-O2", "--rewrite-trace"],
        capture_output=True,
        text=True,
        timeout=TIMEOUT_S,
        cwd=ROOT,
    )
    if p.returncode != 0:
        return "amls-opt -O2 FAILED (see Problems)"
    counts: dict[str, int] = {}
    for line in p.stderr.splitlines():
        if line.startswith("rewrite-count: "):
            name, n = line.removeprefix("rewrite-count: ").rsplit(" ", 1)
            counts[name] = int(n)
    # What the rule trace does not show: ops merged by cse, branches removed by constant-fold.
    before = _op_counts(path.read_text())
    after = _op_counts(p.stdout)
    for op, by in (("matrix.matmul", "matmuls"), ("scf.if", "scf.if")):
        if before.get(op, 0) != after.get(op, 0):
            counts[f"[{by} {before.get(op, 0)} -> {after.get(op, 0)}]"] = 0
    return counts


def _op_counts(text: str) -> dict[str, int]:
    counts: dict[str, int] = {}
    for line in text.splitlines():
        line = line.split("//")[0]
        m = re.search(r"=\s*([a-z_]+\.[a-z_]+)\b", line) or re.match(
            r"\s*([a-z_]+\.[a-z_]+)\b", line
        )
        if m:
            counts[m[1]] = counts.get(m[1], 0) + 1
    return counts


def format_counts(counts: dict[str, int] | str) -> str:
    if isinstance(counts, str):
        return counts
    return ", ".join(f"{k} x{v}" if v else k for k, v in counts.items()) or "(none)"


def same(a: Any, b: Any) -> bool:
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, int | float) and isinstance(b, int | float):
        if math.isnan(a) and math.isnan(b):
            return True
        return math.isclose(a, b, rel_tol=RTOL, abs_tol=0.0)
    return a == b


def median(xs: list[float]) -> float:
    xs = [x for x in xs if not math.isnan(x)]
    return statistics.median(xs) if xs else math.nan


def fmt_s(x: float) -> str:
    if math.isnan(x):
        return "–"
    return f"{x:.3f}" if x >= 0.01 else f"{x:.4f}"


def fmt_ratio(x: float) -> str:
    if math.isnan(x) or math.isinf(x):
        return "–"
    return f"{x:.0f}x" if x >= 100 else f"{x:.1f}x" if x >= 10 else f"{x:.2f}x"


# ---------------------------------------------------------------------------
# Table 1: the rewrite programs.


def bench_programs(names: list[str], rounds_override: int | None) -> tuple[list[dict], list[str]]:
    rows: list[dict] = []
    alarms: list[str] = []
    for prog in [p for p in PROGRAMS if p.name in names]:
        path = HERE / f"{prog.name}.mlir"
        print(f"[rewrites] {prog.name}", flush=True)
        counts = rewrite_counts(path)
        runs: dict[str, list[RunResult]] = {"O0": [], "O2": [], "naive": []}
        order = ["O0", "O2", "naive"]
        rounds = rounds_override or 3
        r = 0
        while r < rounds:
            t0 = time.perf_counter()
            for kind in order:
                res = run_naive(prog.name) if kind == "naive" else run_amls(path, kind)
                runs[kind].append(res)
                print(
                    f"    {kind:<5} "
                    + (f"execute {res.execute:.3f} s" if res.ok else f"FAILED {res.error}"),
                    flush=True,
                )
            if r == 0 and rounds_override is None and time.perf_counter() - t0 < 3.0:
                rounds = 5
            order = order[1:] + order[:1]
            r += 1
        row = summarise(prog, runs, counts, rounds)
        alarms += row.pop("alarms")
        rows.append(row)
    return rows, alarms


def summarise(prog: Program, runs: dict[str, list[RunResult]], counts: Any, rounds: int) -> dict:
    alarms: list[str] = []
    med = {k: median([x.execute for x in v if x.ok]) for k, v in runs.items()}
    # Compute only: what the rewrites change. Data generation (the same calls on all three
    # sides) is first-touch page-fault bound here and varies 3x between runs.
    comp = {k: median([x.execute - x.data for x in v if x.ok]) for k, v in runs.items()}
    o2_compile = median([x.compile for x in runs["O2"] if x.ok])
    errors = {k: next((x.error for x in v if not x.ok), "") for k, v in runs.items()}
    for k, e in errors.items():
        if e:
            alarms.append(f"{prog.name}: {k} FAILED: {e}")
    # Checksums: every successful run against the first successful naive (or -O0) run.
    ref_kind, ref = next(
        ((k, x.checksums) for k in ("naive", "O0", "O2") for x in runs[k] if x.ok), (None, None)
    )
    mismatch = []
    for k, v in runs.items():
        for x in v:
            if x.ok and ref is not None and not same(x.checksums, ref):
                mismatch.append(f"{k} {x.checksums} vs {ref_kind} {ref}")
    if mismatch:
        alarms.append(f"{prog.name}: CHECKSUM MISMATCH (rtol {RTOL}): {mismatch[0]}")
    s_o0 = med["O0"] / med["O2"] if med["O2"] > 0 else math.nan
    s_naive = med["naive"] / med["O2"] if med["O2"] > 0 else math.nan
    c_o0 = comp["O0"] / comp["O2"] if comp["O2"] > 0 else math.nan
    c_naive = comp["naive"] / comp["O2"] if comp["O2"] > 0 else math.nan
    if any(errors.values()):
        target = "FAILED (" + ", ".join(k for k, e in errors.items() if e) + ")"
    elif mismatch:
        target = "MISMATCH"
    elif prog.asymptotic:
        target = "yes" if c_o0 >= 10 and c_naive >= 10 else "**no**"
    else:
        target = "n/a (constant factor)" + ("" if c_o0 >= 1 / 1.02 else ", **slower**")
    return {
        "program": prog.name,
        "rewrite": prog.rewrite,
        "cost": prog.cost,
        "asymptotic": prog.asymptotic,
        "rules": format_counts(counts),
        "naive_s": med["naive"],
        "O0_s": med["O0"],
        "O2_s": med["O2"],
        "O2_compile_s": o2_compile,
        "speedup_vs_O0": s_o0,
        "speedup_vs_naive": s_naive,
        "compute_s": comp,
        "compute_speedup_vs_O0": c_o0,
        "compute_speedup_vs_naive": c_naive,
        "target_met": target,
        "rounds": rounds,
        "checksums": ref,
        "checksums_agree": not mismatch,
        "errors": {k: e for k, e in errors.items() if e},
        "raw": {k: [x.execute for x in v] for k, v in runs.items()},
        "raw_data": {k: [x.data for x in v] for k, v in runs.items()},
        "alarms": alarms,
    }


def bench_o2_only(name: str, reps: int) -> dict:
    path = HERE / f"{name}.mlir"
    print(f"[rewrites] {name} (-O2 only)", flush=True)
    counts = rewrite_counts(path)
    res = [run_amls(path, "O2") for _ in range(reps)]
    for x in res:
        print("    O2    " + (f"execute {x.execute:.3f} s" if x.ok else f"FAILED {x.error}"))
    ok = [x for x in res if x.ok]
    return {
        "program": name,
        "rules": format_counts(counts),
        "O2_s": median([x.execute for x in ok]),
        "O2_compile_s": median([x.compile for x in ok]),
        "checksums": ok[0].checksums if ok else None,
        "O0": O2_ONLY[name],
        "errors": [x.error for x in res if not x.ok],
        "raw": [x.execute for x in res],
    }


def table_programs(rows: list[dict], extra: list[dict], load: dict) -> str:
    out = [
        f"Load average (1/5/15 min) before: {load['before']}, after: {load['after']}"
        + (f"; waited {load['wait']['waited_s']} s for load < 1.5" if "wait" in load else "")
        + (" (gave up waiting)" if load.get("wait", {}).get("gave_up") else ""),
        "",
        "| program | rewrite | cost as written -> rewritten | rules fired at -O2 "
        "| compute s naive / -O0 / -O2 | compute: -O2 vs -O0 | compute: -O2 vs naive "
        "| with data generation s naive / -O0 / -O2 | with data: -O2 vs -O0 / vs naive "
        "| target met? |",
        "|---|---|---|---|---:|---:|---:|---:|---:|---|",
    ]
    for r in rows:
        c = r["compute_s"]
        out.append(
            f"| {r['program']} | `{r['rewrite']}` | {r['cost']} | {r['rules']} "
            f"| {fmt_s(c['naive'])} / {fmt_s(c['O0'])} / {fmt_s(c['O2'])} "
            f"| {fmt_ratio(r['compute_speedup_vs_O0'])} "
            f"| {fmt_ratio(r['compute_speedup_vs_naive'])} "
            f"| {fmt_s(r['naive_s'])} / {fmt_s(r['O0_s'])} / {fmt_s(r['O2_s'])} "
            f"| {fmt_ratio(r['speedup_vs_O0'])} / {fmt_ratio(r['speedup_vs_naive'])} "
            f"| {r['target_met']} |"
        )
    for r in extra:
        ran = not r["errors"] and not math.isnan(r["O2_s"])
        out.append(
            f"| {r['program']} | `(e%*%u)%*%p -> e*to_scalar(u%*%p)` (examples/pagerank.mlir, "
            f"n = 100,000, 100 it.) | n^2 -> n per it. | {r['rules']} "
            f"| – | – | – | cannot run at -O0 or naive (needs 80 GB); -O2 {fmt_s(r['O2_s'])} "
            f"| – | runs at -O2: {'yes' if ran else '**no**'} |"
        )
    out.append("")
    out.append(
        "Times are medians of 3 interleaved rounds (5 when a round takes under 3 s) of "
        "the execute phase (start-up and compile excluded); naive = the script's own "
        "timing of the same work. Compute = execute minus the time generating data "
        "(the matrix.rand ops as `--stats` times them; naive: its rand() calls, the same "
        "NumPy calls): the part the rewrites change. With data = the whole execute phase; "
        "data generation is first-touch page-fault bound on this machine (24M cells take "
        "0.15 to 0.45 s from run to run). Target (issue), read on compute: -O2 >= 10x "
        "faster than -O0 and than naive where the asymptotic cost changes."
    )
    return "\n".join(out)


# ---------------------------------------------------------------------------
# Table 2: the examples, -O0 vs -O2.


def bench_examples(reps: int) -> tuple[list[dict], list[str]]:
    rows: list[dict] = []
    alarms: list[str] = []
    for path in sorted((ROOT / "examples").glob("*.mlir")):
        print(f"[examples] {path.name}", flush=True)
        runs: dict[str, list[RunResult]] = {"O0": [], "O2": []}
        order = ["O0", "O2"]
        for _ in range(reps):
            for kind in order:
                res = run_amls(path, kind)
                runs[kind].append(res)
                print(
                    f"    {kind:<3} "
                    + (f"execute {res.execute:.3f} s" if res.ok else f"FAILED {res.error}"),
                    flush=True,
                )
            order.reverse()
        med = {k: median([x.execute for x in v if x.ok]) for k, v in runs.items()}
        ok0 = [x for x in runs["O0"] if x.ok]
        ok2 = [x for x in runs["O2"] if x.ok]
        agree = bool(ok0 and ok2) and same(ok0[0].checksums, ok2[0].checksums)
        errs = [f"{k}: {x.error}" for k, v in runs.items() for x in v if not x.ok]
        if errs:
            alarms.append(f"example {path.name}: {errs[0]}")
        if ok0 and ok2 and not agree:
            alarms.append(
                f"example {path.name}: -O0 and -O2 results differ beyond rtol {RTOL}: "
                f"{ok0[0].checksums} vs {ok2[0].checksums}"
            )
        ratio = med["O2"] / med["O0"] if med["O0"] > 0 else math.nan
        # Same-round ratio: the two runs of a round saw the same machine state.
        paired = median(
            [
                b.execute / a.execute
                for a, b in zip(runs["O0"], runs["O2"], strict=True)
                if a.ok and b.ok and a.execute > 0
            ]
        )
        # Warm, in one process: -O0 and -O2 compiled side by side and run alternately (first
        # round dropped). Both plans see the same process, heap and page placement: this
        # removes the per-process noise (first-touch page faults of 80-400 MB arrays, huge
        # page availability, BLAS thread start) that dominates the cold runs above.
        warm: dict[str, list[float]] = {"O0": [], "O2": []}
        for _ in range(WARM_PROCESSES):
            for kind, ts in warm_times(path, WARM_RUNS).items():
                warm[kind] += ts[1:]
        warm_med = {k: median(v) for k, v in warm.items()}
        warm_ratio = warm_med["O2"] / warm_med["O0"] if warm_med["O0"] > 0 else math.nan
        print(f"    warm O0 {warm_med['O0']:.3f} s, O2 {warm_med['O2']:.3f} s", flush=True)
        rows.append(
            {
                "example": path.name,
                "O0_s": med["O0"],
                "O2_s": med["O2"],
                "ratio": ratio,
                "paired_ratio": paired,
                "spread_O0": _spread(runs["O0"]),
                "spread_O2": _spread(runs["O2"]),
                "target_met": "FAILED" if errs else target_text(ratio, paired, warm_ratio),
                "results_agree": agree,
                "raw": {k: [x.execute for x in v] for k, v in runs.items()},
                "warm_O0_s": warm_med["O0"],
                "warm_O2_s": warm_med["O2"],
                "warm_ratio": warm_ratio,
                "warm_raw": warm,
            }
        )
    return rows, alarms


WARM_RUNS = 6  # rounds per process (each runs -O0 and -O2 once); the first is dropped
WARM_PROCESSES = 2


def target_text(ratio: float, paired: float, warm: float) -> str:
    """Met when -O2 / -O0 <= 1.02 by the same-round cold ratio and the warm one.

    The ratio of cold medians is shown beside them; with 80-400 MB first-touch page
    faults varying 2-3x between fresh processes it is the noisiest of the three.
    """
    return "yes" if paired <= 1.02 and warm <= 1.02 else "**no**"


def warm_times(path: Path, n: int) -> dict[str, list[float]]:
    """Execute times of n alternating -O0/-O2 runs of @main in one process (warm_worker)."""
    cmd = [sys.executable, str(Path(__file__).resolve()), "--warm-worker", str(path), str(n)]
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=TIMEOUT_S, cwd=ROOT)
    if p.returncode != 0:
        print(f"    warm FAILED: {p.stderr.strip()[-300:]}", flush=True)
        return {"O0": [math.nan], "O2": [math.nan]}
    return json.loads(p.stdout.strip().splitlines()[-1])


def warm_worker(path: str, n: int) -> None:
    """Compile path at -O0 and -O2 (as amls-run does), run @main n times at each level,
    alternating (the order flips every round); print the times per level."""
    from amls.interpreter.engine import run_function
    from amls.lowering.pipeline import compile_module
    from amls.tools.common import make_context, parse_module, read_source, verify_located

    ctx = make_context()
    text, name = read_source(path)
    modules = {}
    for level in ("O0", "O2"):
        module = parse_module(ctx, text, name)
        verify_located(module)
        compile_module(module, ctx, level, "main")
        modules[level] = module
    gc.freeze()  # as amls-run does before executing
    times: dict[str, list[float]] = {"O0": [], "O2": []}
    order = ["O0", "O2"]
    for _ in range(n):
        for level in order:
            gc.collect()  # untimed: the previous run's garbage is not the next run's cost
            t0 = time.perf_counter()
            run_function(modules[level], "main", [], [])
            times[level].append(time.perf_counter() - t0)
        order.reverse()
    print(json.dumps(times))


def _spread(runs: list[RunResult]) -> str:
    xs = [x.execute for x in runs if x.ok]
    return f"{min(xs):.3f}–{max(xs):.3f}" if xs else "–"


def table_examples(rows: list[dict], load: dict, reps: int) -> str:
    out = [
        f"Load average (1/5/15 min) before: {load['before']}, after: {load['after']}"
        + (f"; waited {load['wait']['waited_s']} s for load < 1.5" if "wait" in load else "")
        + (" (gave up waiting)" if load.get("wait", {}).get("gave_up") else ""),
        "",
        "| example | -O0 execute s (min–max) | -O2 execute s (min–max) | -O2 / -O0 "
        "| same-round -O2 / -O0 | results agree (rtol 1e-9) "
        "| warm -O0 s | warm -O2 s | warm -O2 / -O0 | target <= 1.02 met? |",
        "|---|---:|---:|---:|---:|---|---|---:|---:|---:|",
    ]
    for r in rows:
        out.append(
            f"| {r['example']} | {fmt_s(r['O0_s'])} ({r['spread_O0']}) "
            f"| {fmt_s(r['O2_s'])} ({r['spread_O2']}) | {r['ratio']:.3f} "
            f"| {r['paired_ratio']:.3f} "
            f"| {'yes' if r['results_agree'] else '**no**'} "
            f"| {fmt_s(r['warm_O0_s'])} | {fmt_s(r['warm_O2_s'])} | {r['warm_ratio']:.3f} "
            f"| {r['target_met']} |"
        )
    out.append("")
    out.append(
        f"Median of {reps} interleaved runs of `amls-run FILE -O0|-O2 --stats`, execute phase "
        "(each run a fresh process: its first-touch page faults and BLAS start-up included). "
        "Same-round: median over rounds of -O2 / -O0 within a round. "
        f"Warm: {WARM_PROCESSES} processes, each compiling both levels as amls-run does and "
        f"running @main {WARM_RUNS} times per level, alternating, first round dropped; "
        "median per level. The target is read on the same-round and warm ratios: the ratio "
        "of cold medians is the noisiest (first-touch page faults of 80-400 MB arrays vary "
        "2-3x between fresh processes here)."
    )
    return "\n".join(out)


# ---------------------------------------------------------------------------
# Table 3: compile time.


def _pipeline():  # noqa: ANN202
    from xdsl.passes import PassPipeline

    from amls.lowering.pipeline import level_passes

    return PassPipeline(level_passes("O2"))


def _parse(text: str, name: str):  # noqa: ANN202
    from amls.tools.common import make_context, parse_module

    ctx = make_context()
    return ctx, parse_module(ctx, text, name)


def _count_ops(module: Any) -> int:
    from xdsl.dialects import func
    from xdsl.dialects.builtin import ModuleOp

    return sum(1 for op in module.walk() if not isinstance(op, ModuleOp | func.FuncOp))


def time_compile(text: str, name: str, reps: int) -> tuple[float, int, list[float], dict]:
    """Median pipeline time, op count, all times, and the median time of each pass
    (with "ops after -O1": the op count entering rewrite-fixpoint)."""
    from amls.tools.common import compile_gc, verify_located

    times: list[float] = []
    per_pass: dict[str, list[float]] = {}
    n_ops = 0
    n_mid = 0
    for _ in range(reps):
        ctx, module = _parse(text, name)
        n_ops = _count_ops(module)
        pipeline = _pipeline()
        total = 0.0
        with compile_gc():  # as amls-opt and amls-run run their passes
            for p in pipeline.passes:  # what PassPipeline.apply does, timed per pass
                if p.name == "rewrite-fixpoint":
                    n_mid = _count_ops(module)  # untimed
                t1 = time.perf_counter()
                p.apply(ctx, module)
                dt = time.perf_counter() - t1
                per_pass.setdefault(p.name, []).append(dt)
                total += dt
        times.append(total)
        verify_located(module)
    return (
        statistics.median(times),
        n_ops,
        times,
        {**{k: statistics.median(v) for k, v in per_pass.items()}, "ops after -O1": n_mid},
    )


def profile_compile(text: str, name: str, top: int = 25, own_top: int = 15) -> str:
    ctx, module = _parse(text, name)
    pipeline = _pipeline()
    prof = cProfile.Profile()
    prof.enable()
    pipeline.apply(ctx, module)
    prof.disable()
    stats = pstats.Stats(prof)
    stats.sort_stats("cumulative")
    lines = [
        "| cumulative s | own s | calls | function (file:line:function) |",
        "|---:|---:|---:|---|",
    ]
    by_cum = sorted(stats.stats.items(), key=lambda kv: -kv[1][3])  # type: ignore[attr-defined]
    by_own = sorted(stats.stats.items(), key=lambda kv: -kv[1][2])  # type: ignore[attr-defined]
    entries = by_cum[:top] + [(None, None)] + by_own[:own_top]
    for key, val in entries:
        if key is None:
            lines += ["", "Top by own time:", "", lines[0], lines[1]]
            continue
        (file, line, fn), (_cc, nc, tt, ct, _callers) = key, val
        short = file.replace(str(ROOT) + "/", "").replace(
            str(
                Path(sys.prefix)
                / "lib"
                / f"python{sys.version_info[0]}.{sys.version_info[1]}"
                / "site-packages"
            )
            + "/",
            "",
        )
        lines.append(f"| {ct:.2f} | {tt:.2f} | {nc} | {short}:{line}:{fn} |")
    return "\n".join(lines)


def bench_compile(sizes: list[int], reps: int, profile: bool) -> dict:
    sys.path.insert(0, str(BENCH))
    from gen_programs import generate as gen
    from gen_programs import generate_chunks

    source = "bench/gen_programs.py"
    examples = []
    for path in sorted((ROOT / "examples").glob("*.mlir")):
        t, n, raw, passes = time_compile(path.read_text(), str(path.relative_to(ROOT)), reps)
        print(f"[compile] {path.name}: {t:.3f} s ({n} ops)", flush=True)
        examples.append(
            {
                "program": path.name,
                "ops": n,
                "s": t,
                "us_per_op": 1e6 * t / n,
                "raw": raw,
                "passes": passes,
                "target_met": "yes" if t < 0.5 else "**no**",
            }
        )
    generated = []
    texts: dict[int, str] = {}
    for size in sizes:
        texts[size] = gen(size)
        t, n, raw, passes = time_compile(texts[size], f"<generated {size}>", reps)
        print(
            f"[compile] generated {size}: {t:.3f} s ({n} ops, {1e6 * t / n:.0f} us/op)", flush=True
        )
        generated.append(
            {
                "requested": size,
                "ops": n,
                "s": t,
                "us_per_op": 1e6 * t / n,
                "raw": raw,
                "passes": passes,
            }
        )
    chunked = None
    if generated and generated[0]["requested"] == 1000 and sizes[-1] >= 10_000:
        k = sizes[-1] // 1000
        t, n, raw, passes = time_compile(generate_chunks(k, 1000), f"<{k} x 1000>", reps)
        print(f"[compile] {k} x 1000-op chunks: {t:.3f} s ({n} ops)", flush=True)
        chunked = {"chunks": k, "ops": n, "s": t, "us_per_op": 1e6 * t / n, "raw": raw}
        chunked["passes"] = passes
        chunked["growth"] = chunked["us_per_op"] / generated[0]["us_per_op"]
    seeded = []
    if sizes[-1] >= 10_000:
        for size in (sizes[0], sizes[-1]):
            t, n, raw, passes = time_compile(
                gen(size, seeded_data=True), f"<generated {size}, seeded>", reps
            )
            print(f"[compile] generated {size}, seeded data: {t:.3f} s ({n} ops)", flush=True)
            seeded.append(
                {"requested": size, "ops": n, "s": t, "us_per_op": 1e6 * t / n, "raw": raw}
                | {"passes": passes}
            )
    growth = None
    growth_mid = None
    if len(generated) >= 2:
        lo, hi = generated[0], generated[-1]
        growth = hi["us_per_op"] / lo["us_per_op"]
        mid_lo, mid_hi = lo["passes"]["ops after -O1"], hi["passes"]["ops after -O1"]
        if mid_lo and mid_hi:
            growth_mid = (hi["s"] / mid_hi) / (lo["s"] / mid_lo)
    biggest = generated[-1] if generated else None
    missed = biggest is not None and (
        (biggest["requested"] >= 10_000 and biggest["s"] > 10.0) or (growth or 0) > 1.25
    )
    prof_text = None
    if biggest is not None and (profile or missed):
        print(f"[compile] profiling generated {biggest['requested']}", flush=True)
        prof_text = profile_compile(texts[biggest["requested"]], "<generated>")
    return {
        "source": source,
        "examples": examples,
        "generated": generated,
        "growth_us_per_op_ratio": growth,
        "growth_per_op_after_O1_ratio": growth_mid,
        "chunked": chunked,
        "seeded": seeded,
        "profile": prof_text,
        "missed": missed,
    }


def table_compile(res: dict, load: dict) -> str:
    out = [
        f"Load average (1/5/15 min) before: {load['before']}, after: {load['after']}"
        + (f"; waited {load['wait']['waited_s']} s for load < 1.5" if "wait" in load else "")
        + (" (gave up waiting)" if load.get("wait", {}).get("gave_up") else ""),
        "",
        "| program | ops | ops after -O1 | -O2 pipeline s | us/op | target | per pass s ("
        + ", ".join(_pass_names(res))
        + ") |",
        "|---|---:|---:|---:|---:|---|---|",
    ]
    for r in res["examples"]:
        out.append(_compile_row(f"examples/{r['program']}", r, f"< 0.5 s: {r['target_met']}"))
    for r in res["generated"]:
        target = ""
        if r["requested"] >= 10_000:
            target = f"< 10 s: {'yes' if r['s'] < 10 else '**no**'}"
        out.append(_compile_row(f"generated {r['requested']} ({res['source']})", r, target))
    c = res.get("chunked")
    if c is not None:
        label = f"{c['chunks']} x 1000-op programs (seeds 0..{c['chunks'] - 1}, one module)"
        out.append(_compile_row(label, c, ""))
    for r in res.get("seeded") or []:
        out.append(_compile_row(f"generated {r['requested']}, `--seeded-data`", r, ""))
    g = res["growth_us_per_op_ratio"]
    if g is not None:
        lo, hi = res["generated"][0], res["generated"][-1]
        out += [
            "",
            f"Growth: us/op at {hi['ops']} ops / us/op at {lo['ops']} ops = {g:.2f} "
            "(1.00 is linear); time grows as ops^"
            f"{math.log(hi['s'] / lo['s']) / math.log(hi['ops'] / lo['ops']):.2f}.",
        ]
        gm = res.get("growth_per_op_after_O1_ratio")
        if gm is not None:
            out.append(
                f"Per op entering the rewrite loop (ops after -O1: size-inference, ipa, cse, "
                f"constant-fold): {gm:.2f} (-O1 leaves "
                f"{lo['passes']['ops after -O1'] / lo['ops']:.0%} of the {lo['ops']}-op program "
                f"and {hi['passes']['ops after -O1'] / hi['ops']:.0%} of the {hi['ops']}-op one)."
            )
    if c is not None:
        out.append(
            f"Weak scaling, {c['chunks']} independent 1000-op programs in one module against "
            f"the 1000-op one: {c['growth']:.2f} per op."
        )
    sd = res.get("seeded") or []
    if len(sd) == 2:
        out.append(
            "With `--seeded-data` (the generator's earlier default) -O1 evaluates the 40 x 6 "
            "data and most of the program at compile time, and how much of it depends on the "
            f"length (-O1 leaves {sd[0]['passes']['ops after -O1'] / sd[0]['ops']:.0%} of the "
            f"{sd[0]['ops']}-op program, {sd[1]['passes']['ops after -O1'] / sd[1]['ops']:.0%} "
            f"of the {sd[1]['ops']}-op one): growth {sd[1]['us_per_op'] / sd[0]['us_per_op']:.2f}"
            " per input op, shown for comparison with earlier runs."
        )
    out += [
        "",
        'In-process `PassPipeline(level_passes("O2")).apply` '
        f"({_spec()}) on a freshly parsed module; parse and verify not timed; median of 3.",
    ]
    if res["profile"]:
        out += [
            "",
            f"cProfile of one -O2 pipeline run on the {res['generated'][-1]['ops']}-op program "
            "(top functions by cumulative time):",
            "",
            res["profile"],
        ]
    return "\n".join(out)


def _compile_row(label: str, r: dict, target: str) -> str:
    return (
        f"| {label} | {r['ops']} | {r['passes'].get('ops after -O1', '–')} | {r['s']:.3f} "
        f"| {r['us_per_op']:.0f} | {target} | {_pass_times(r)} |"
    )


def _pass_names(res: dict) -> list[str]:
    rows = res["examples"] + res["generated"]
    return [k for k in rows[0]["passes"] if k != "ops after -O1"] if rows else []


def _pass_times(r: dict) -> str:
    return " / ".join(f"{t:.3f}" for k, t in r["passes"].items() if k != "ops after -O1")


def _spec() -> str:
    from amls.lowering.pipeline import level_passes, spec_of

    return spec_of(level_passes("O2"))


# ---------------------------------------------------------------------------
# Data check: amls's rand kernel against the naive scripts' replica.


def check_data() -> list[str]:
    import numpy as np
    import scipy.sparse as sp

    from amls.dialects import matrix as mx
    from amls.interpreter.kernels import load_builtin_kernels

    sys.path.insert(0, str(HERE / "naive"))
    from _common import rand  # type: ignore[import-not-found]

    kernels = load_builtin_kernels()
    problems: list[str] = []
    checked = 0
    for path in sorted(HERE.glob("*.mlir")):
        if path.stem in O2_ONLY:
            continue
        ctx, module = _parse(path.read_text(), path.name)
        for op in module.walk():
            if not isinstance(op, mx.RandOp):
                continue
            dims = []
            for v in (op.rows, op.cols):
                dims.append(v.owner.value.value.data)  # type: ignore[union-attr]
            ours = kernels[mx.RandOp](op, tuple(dims))
            theirs = rand(
                dims[0],
                dims[1],
                seed=op.seed.value.data,  # type: ignore[union-attr]
                min=op.min.value.data,
                max=op.max.value.data,
                sparsity=op.sparsity.value.data,
                pdf=op.pdf.data,
            )
            checked += 1
            what = f"{path.name}: rand {dims[0]}x{dims[1]} seed {op.seed.value.data}"  # type: ignore[union-attr]
            if sp.issparse(ours) != sp.issparse(theirs):
                problems.append(
                    f"{what}: amls sparse={sp.issparse(ours)}, naive sparse={sp.issparse(theirs)}"
                )
                continue
            if sp.issparse(ours):
                a, b = sp.csr_array(ours), sp.csr_array(theirs)
                a.sum_duplicates()
                b.sum_duplicates()
                equal = (
                    a.shape == b.shape
                    and np.array_equal(a.indptr, b.indptr)
                    and np.array_equal(a.indices, b.indices)
                    and np.array_equal(a.data, b.data)
                )
            else:
                equal = ours.shape == theirs.shape and np.array_equal(ours, theirs)
            if not equal:
                problems.append(f"{what}: values differ")
    print(f"[data] {checked} matrix.rand calls checked, {len(problems)} differ", flush=True)
    return problems


# ---------------------------------------------------------------------------


def write_readme_section(text: str, argv: list[str]) -> None:
    """bench/README.md's "rewrites" section (run_all.py keeps it): these tables."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("bench_common", BENCH / "_common.py")
    assert spec is not None and spec.loader is not None
    common = importlib.util.module_from_spec(spec)
    sys.modules["bench_common"] = common  # dataclasses look their module up there
    spec.loader.exec_module(common)  # not `import _common`: naive/_common.py has that name
    command = " ".join(["python bench/rewrites/run.py", *argv])
    body = (
        f"Written by `{command}` (also in bench/rewrites/results.md; raw numbers in "
        "bench/rewrites/results.json). See bench/rewrites/run.py's docstring for the method.\n\n"
        + text.replace("### ", "#### ")
    )
    common.replace_section("rewrites", body)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", nargs="*", help="rewrite programs to run (default: all)")
    ap.add_argument("--rounds", type=int, help="rounds per program (default: 3, or 5 if fast)")
    ap.add_argument("--skip-programs", action="store_true")
    ap.add_argument("--skip-examples", action="store_true")
    ap.add_argument("--skip-compile", action="store_true")
    ap.add_argument("--example-reps", type=int, default=9, help="runs per example and level")
    ap.add_argument("--skip-100k", action="store_true", help="do not run pagerank_100k")
    ap.add_argument("--check-data-only", action="store_true")
    ap.add_argument("--warm-worker", nargs=2, metavar=("FILE", "N"), help=argparse.SUPPRESS)
    ap.add_argument("--no-check-data", action="store_true")
    ap.add_argument("--no-wait", action="store_true", help="do not wait for load < 1.5")
    ap.add_argument("--sizes", type=int, nargs="*", default=[1000, 3000, 10000])
    ap.add_argument("--profile", action="store_true", help="always profile the largest program")
    ap.add_argument("--out", default=str(HERE / "results.md"))
    ap.add_argument(
        "--readme",
        action=argparse.BooleanOptionalAction,
        default=True,
        help='also write the tables into bench/README.md\'s "rewrites" section',
    )
    ap.add_argument(
        "--blas-threads",
        type=int,
        help="set OPENBLAS_NUM_THREADS / OMP_NUM_THREADS for the timed child processes",
    )
    ap.add_argument(
        "--env",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="set an environment variable for the timed child processes (repeatable)",
    )
    args = ap.parse_args()
    if args.warm_worker:
        warm_worker(args.warm_worker[0], int(args.warm_worker[1]))
        return
    for item in args.env:
        name, _, value = item.partition("=")
        os.environ[name] = value
    if args.blas_threads:
        for var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
            os.environ[var] = str(args.blas_threads)

    alarms: list[str] = []
    if not args.no_check_data or args.check_data_only:
        alarms += [f"DATA: {p}" for p in check_data()]
        if args.check_data_only:
            for a in alarms:
                print("!!", a)
            sys.exit(1 if alarms else 0)

    names = args.only or [p.name for p in PROGRAMS]
    unknown = [n for n in names if n not in {p.name for p in PROGRAMS} | set(O2_ONLY)]
    if unknown:
        ap.error(f"unknown programs: {', '.join(unknown)}")
    sections: list[str] = [
        f"Machine: {os.cpu_count()} CPUs; Python {sys.version.split()[0]}; "
        f"BLAS threads: {args.blas_threads or 'default'}; "
        + (f"environment: {' '.join(args.env)}; " if args.env else "")
        + f"run {time.strftime('%Y-%m-%d %H:%M:%S')}.",
    ]
    raw: dict[str, Any] = {}

    if not args.skip_programs:
        load: dict[str, Any] = {"wait": wait_for_quiet(1.5, 6, 600, not args.no_wait)}
        load["before"] = loadavg_text()
        rows, al = bench_programs([n for n in names if n not in O2_ONLY], args.rounds)
        extra = []
        if not args.skip_100k and (not args.only or "pagerank_100k" in names):
            extra.append(bench_o2_only("pagerank_100k", 3))
        load["after"] = loadavg_text()
        alarms += al
        sections += [
            "### Rewrite programs: naive NumPy vs amls -O0 vs amls -O2",
            "",
            table_programs(rows, extra, load),
        ]
        raw["programs"] = rows
        raw["o2_only"] = extra
        raw["programs_load"] = load

    if not args.skip_examples:
        load = {"wait": wait_for_quiet(1.5, 6, 600, not args.no_wait)}
        load["before"] = loadavg_text()
        rows, al = bench_examples(args.example_reps)
        load["after"] = loadavg_text()
        alarms += al
        sections += [
            "",
            "### Examples: -O0 vs -O2 execute time",
            "",
            table_examples(rows, load, args.example_reps),
        ]
        raw["examples"] = rows
        raw["examples_load"] = load

    if not args.skip_compile:
        load = {"wait": wait_for_quiet(1.5, 6, 600, not args.no_wait)}
        load["before"] = loadavg_text()
        res = bench_compile(args.sizes, 3, args.profile)
        load["after"] = loadavg_text()
        sections += [
            "",
            "### Compile time (-O2 pipeline, in process)",
            "",
            table_compile(res, load),
        ]
        raw["compile"] = res
        raw["compile_load"] = load

    if alarms:
        sections += ["", "### Problems", ""] + [f"- {a}" for a in alarms]
    text = "\n".join(sections) + "\n"
    print("\n" + text)
    Path(args.out).write_text(text)
    if args.readme:
        write_readme_section(text, sys.argv[1:])
    Path(args.out).with_suffix(".json").write_text(json.dumps(raw, indent=1, default=str) + "\n")
    if alarms:
        print("\n" + "!" * 70)
        for a in alarms:
            print("!!", a)
        print("!" * 70)


if __name__ == "__main__":
    main()

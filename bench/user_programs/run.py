"""User programs: amls-run -O2 against naive and hand-optimised NumPy, data read from files.

    python bench/user_programs/run.py                     # all cases, median of 5 rounds
    python bench/user_programs/run.py --reps 3 --only sum_mm pagerank --no-wait
    python bench/user_programs/run.py --readme            # also bench/README.md's section

Each case is a program bench/user_programs/<case>.mlir written as a user writes it (an
@main over `?`-sized arguments, read from .npy / .mtx files written once by gen_data.py
under bench/out/user_programs), its literal NumPy/SciPy translation naive/<case>.py and
what an expert writes, handopt/<case>.py. Per round and case, three fresh processes in
rotating order (PYTHONHASHSEED fixed, bench/_common.run_child: wall time and the CPU share
other processes used meanwhile):

- `amls-run <case>.mlir -O2 --stats -o amls.npz --arg NAME=FILE ...`: the phases from
  --stats (start-up and imports, parse and verify, compile, load arguments, execute) and
  the process's wall time;
- `python harness.py naive|handopt <case> --out X.npz`: load and compute timed in the
  script (perf_counter), and the wall time.

One untimed warm-up round (page cache, .pyc files), then --reps rounds; medians are
reported. Before each case of a round the script waits (at most --max-wait s) until at
most --max-busy of the CPUs are busy. Every run's results (the .npz files) are compared
element-wise with the naive script's: normwise relative error max|a - b| / max|b| <= 1e-6
for each result, else the case is marked MISMATCH (and the exit status is 1).

Targets: a case whose asymptotic cost a rewrite changes ("asymptotic") should run
>= 10x faster than naive NumPy in execute time (naive compute / amls execute) and >= 3x
in wall time (start-up, loading and compiling included); a loop program ("loop") within
1.10x of hand-optimised NumPy in execute time (amls execute / hand-opt compute). Written
to bench/user_programs/results.md and results.json; --readme also writes the "User
programs" section of bench/README.md.
"""

from __future__ import annotations

import argparse
import json
import math
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np
from cases import ASYMPTOTIC, BY_NAME, CASES, DATA, HERE, LOOP, Case
from gen_data import SCALES, generate

sys.path.insert(0, str(HERE.parent))  # bench/: its _common and run_examples
from _common import (  # noqa: E402
    AMLS_RUN,
    PYTHON,
    ROOT,
    Child,
    machine,
    median,
    replace_section,
    run_child,
    set_blas_threads,
    wait_for_quiet,
)
from run_examples import parse_amls  # noqa: E402

RTOL = 1e-6
EXEC_TARGET = 10.0  # asymptotic: naive compute / amls execute
WALL_TARGET = 3.0  # asymptotic: naive wall / amls wall
LOOP_TARGET = 1.10  # loop: amls execute / hand-opt compute
KINDS = ("amls", "naive", "handopt")


# ---------------------------------------------------------------------------
# One run of each kind.


def amls_cmd(case: Case, data: Path, out: Path) -> list[str]:
    args = [f"--arg={name}={data / f}" for name, f in case.args.items()]
    return [AMLS_RUN, str(case.program), "-O2", "--stats", "-o", str(out), *args]


def script_cmd(variant: str, case: Case, data: Path, out: Path) -> list[str]:
    harness = str(HERE / "harness.py")
    return [PYTHON, harness, variant, case.name, "--data", str(data), "--out", str(out)]


def _failed(kind: str, case: Case, c: Child) -> RuntimeError:
    tail = (c.stderr.strip() or c.stdout.strip())[-800:]
    return RuntimeError(f"{kind} {case.name} failed (exit {c.rc}):\n{tail}")


def run_one(kind: str, case: Case, data: Path, out: Path) -> dict[str, Any]:
    if kind == "amls":
        c = run_child(amls_cmd(case, data, out))
        if c.rc != 0:
            raise _failed(kind, case, c)
        phases = parse_amls(c.stdout)["phases"]
        rec: dict[str, Any] = {"phases": phases}
        rec["load_s"] = sum(t for name, t in phases.items() if "load" in name)
        rec["execute_s"] = phases.get("execute", math.nan)
    else:
        c = run_child(script_cmd(kind, case, data, out))
        if c.rc != 0:
            raise _failed(kind, case, c)
        rec = json.loads(c.stdout.strip().splitlines()[-1])
        rec["execute_s"] = rec["compute_s"]
    rec.update(wall_s=c.wall_s, maxrss_mb=c.maxrss_mb, others_busy=c.others_busy)
    return rec


def compare(got: Path, want: Path) -> tuple[float, list[str]]:
    """Worst normwise relative error over the results, and the reasons for a mismatch."""
    a, b = np.load(got), np.load(want)
    if sorted(a.files) != sorted(b.files):
        return math.inf, [f"results {sorted(a.files)} vs {sorted(b.files)}"]
    worst, bad = 0.0, []
    for k in sorted(b.files):
        x, y = np.asarray(a[k], dtype=np.float64), np.asarray(b[k], dtype=np.float64)
        if x.shape != y.shape:
            bad.append(f"{k}: shape {x.shape} vs {y.shape}")
            worst = math.inf
            continue
        scale = float(np.max(np.abs(y))) if y.size else 0.0
        diff = float(np.max(np.abs(x - y))) if y.size else 0.0
        err = diff / scale if scale > 0 else diff
        if not math.isfinite(err):
            err = math.inf
        worst = max(worst, err)
        if not err <= RTOL:
            bad.append(f"{k}: normwise relative error {err:.2e} > {RTOL:g}")
    return worst, bad


# ---------------------------------------------------------------------------
# The rounds.


def measure(
    cases: list[Case], data: Path, reps: int, warmup: int, max_busy: float, max_wait: float
) -> dict[str, Any]:
    runs: dict[str, dict[str, list[dict[str, Any]]]] = {
        c.name: {k: [] for k in KINDS} for c in cases
    }
    errors: dict[str, dict[str, float]] = {c.name: {"amls": 0.0, "handopt": 0.0} for c in cases}
    mismatches: dict[str, list[str]] = {c.name: [] for c in cases}
    waited = 0.0
    with tempfile.TemporaryDirectory(prefix="amls-user-programs-") as tmp:
        for r in range(warmup + reps):
            for i, case in enumerate(cases):
                if max_wait > 0:
                    waited += wait_for_quiet(max_busy, max_wait)[1]
                k = (r + i) % len(KINDS)
                order = KINDS[k:] + KINDS[:k]  # the order rotates over rounds and cases
                outs = {kind: Path(tmp) / f"{case.name}.{kind}.npz" for kind in KINDS}
                got = {kind: run_one(kind, case, data, outs[kind]) for kind in order}
                for kind in ("amls", "handopt"):
                    err, bad = compare(outs[kind], outs["naive"])
                    errors[case.name][kind] = max(errors[case.name][kind], err)
                    mismatches[case.name] += [f"{kind} vs naive, round {r}: {m}" for m in bad]
                label = "warm-up" if r < warmup else f"round {r - warmup + 1}/{reps}"
                print(
                    f"[{label}] {case.name:11} amls execute {got['amls']['execute_s']:7.3f} s "
                    f"wall {got['amls']['wall_s']:6.2f} s | naive {got['naive']['compute_s']:7.3f}"
                    f" s wall {got['naive']['wall_s']:6.2f} s | hand-opt "
                    f"{got['handopt']['compute_s']:7.3f} s wall {got['handopt']['wall_s']:6.2f} s"
                    f" | others {100 * max(g['others_busy'] for g in got.values()):3.0f}%",
                    file=sys.stderr,
                    flush=True,
                )
                if r >= warmup:
                    for kind in KINDS:
                        runs[case.name][kind].append(got[kind])
    return {"runs": runs, "errors": errors, "mismatches": mismatches, "waited_s": waited}


def _med(rs: list[dict[str, Any]], key: str) -> float:
    return median([float(r[key]) for r in rs])


def _phase(rs: list[dict[str, Any]], name: str) -> float:
    return median([float(r["phases"].get(name, math.nan)) for r in rs])


def summarise(case: Case, runs: dict[str, list[dict[str, Any]]]) -> dict[str, Any]:
    a, n, h = runs["amls"], runs["naive"], runs["handopt"]
    s: dict[str, Any] = {
        "kind": case.kind,
        "amls_startup_s": _phase(a, "start-up and imports"),
        "amls_parse_s": _phase(a, "parse and verify"),
        "amls_compile_s": _phase(a, "compile"),
        "amls_load_s": _med(a, "load_s"),
        "amls_execute_s": _med(a, "execute_s"),
        "amls_wall_s": _med(a, "wall_s"),
        "amls_rss_mb": _med(a, "maxrss_mb"),
    }
    for kind, rs in (("naive", n), ("handopt", h)):
        s |= {f"{kind}_load_s": _med(rs, "load_s"), f"{kind}_compute_s": _med(rs, "compute_s")}
        s |= {f"{kind}_wall_s": _med(rs, "wall_s"), f"{kind}_rss_mb": _med(rs, "maxrss_mb")}
    s["exec_speedup"] = s["naive_compute_s"] / s["amls_execute_s"]
    s["wall_speedup"] = s["naive_wall_s"] / s["amls_wall_s"]
    s["vs_handopt"] = s["amls_execute_s"] / s["handopt_compute_s"]
    # What the best NumPy script gains in wall time: the most any runtime that imports
    # NumPy and reads the same files can gain.
    s["handopt_wall_speedup"] = s["naive_wall_s"] / s["handopt_wall_s"]
    # Runs of one round saw the same machine: their ratios are less noisy.
    s["exec_speedup_same_round"] = median(
        [x["compute_s"] / y["execute_s"] for x, y in zip(n, a, strict=True)]
    )
    s["vs_handopt_same_round"] = median(
        [y["execute_s"] / x["compute_s"] for x, y in zip(h, a, strict=True)]
    )
    s["others_busy_median"] = median([r["others_busy"] for rs in runs.values() for r in rs])
    s["targets"] = targets(case, s)
    return s


def targets(case: Case, s: dict[str, Any]) -> dict[str, bool]:
    if case.kind == ASYMPTOTIC:
        return {
            f"execute >= {EXEC_TARGET:g}x naive": s["exec_speedup"] >= EXEC_TARGET,
            f"wall >= {WALL_TARGET:g}x naive": s["wall_speedup"] >= WALL_TARGET,
        }
    if case.kind == LOOP:
        return {f"execute <= {LOOP_TARGET:.2f}x hand-opt": s["vs_handopt"] <= LOOP_TARGET}
    return {}


# ---------------------------------------------------------------------------
# Machine description and the tables.


def blas_info(numpy_blas: str) -> dict[str, Any]:
    """The BLAS NumPy runs on: threadpoolctl's view if installed, else NumPy's config."""
    info: dict[str, Any] = {"numpy_blas": numpy_blas}
    try:
        import threadpoolctl
    except ImportError:
        info["threadpoolctl"] = "not installed"
        return info
    pools = threadpoolctl.threadpool_info()
    info["pools"] = [
        {k: p.get(k) for k in ("internal_api", "version", "num_threads", "architecture")}
        | {"library": Path(p.get("filepath", "")).name}
        for p in pools
    ]
    return info


def uptime() -> str:
    try:
        return subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()
    except OSError:
        return "unknown"


def _f(x: float, digits: int = 3) -> str:
    return "–" if x != x else f"{x:.{digits}f}"


def _ratio(x: float) -> str:
    if x != x:
        return "–"
    return f"{x:.1f}x" if x >= 10 else f"{x:.2f}x" if x >= 0.1 else f"{x:.3f}x"


def markdown(res: dict[str, Any]) -> str:
    m, b = res["machine"], res["blas"]
    pools = (
        "; ".join(
            f"{p['internal_api']} {p['version']} ({p['library']}), {p['num_threads']} threads, "
            f"kernel {p['architecture']}"
            for p in b.get("pools", [])
        )
        or f"{b['numpy_blas']} (threadpoolctl not installed)"
    )
    sizes = ", ".join(f"{k} {'x'.join(map(str, v))}" for k, v in res["sizes"].items())
    lines = [
        f"Scale {res['scale']} (gen_data.py: {sizes}).",
        "",
        f"Measured {m['date']} on {m['cpu']} ({m['nproc']} CPUs), Python {m['python']}, "
        f"NumPy {m['numpy']}, SciPy {m['scipy']}; BLAS: {pools}. Commit {res['commit']}.",
        f"Load before: `{res['uptime_before']}`; after: `{res['uptime_after']}`. "
        f"Median of {res['reps']} interleaved rounds of fresh processes after "
        f"{res['warmup']} warm-up round(s); {res['waited_s']:.0f} s spent waiting for a "
        f"quieter machine (at most {res['max_wait']:g} s per case and round, for <= "
        f"{100 * res['max_busy']:.0f}% busy).",
        "",
        "Times (s). amls: start-up (imports, from process start) / parse / compile / load "
        "(arguments) / execute, and the wall time of the whole process; NumPy: load / compute "
        "(timed in the script) and wall. amls-run runs with its plan cache, as a user's "
        "second run does: the warm-up round compiles and keeps each plan, the timed rounds "
        "parse it (compile = reading the plan; amls.interpreter.plan_cache).",
        "",
        "| case | kind | amls start-up | parse | compile | load | execute | wall "
        "| naive load | compute | wall | hand-opt load | compute | wall |",
        "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for name, s in res["summary"].items():
        lines.append(
            f"| {name} | {s['kind']} | {_f(s['amls_startup_s'], 2)} | {_f(s['amls_parse_s'])} "
            f"| {_f(s['amls_compile_s'])} | {_f(s['amls_load_s'])} | {_f(s['amls_execute_s'])} "
            f"| {_f(s['amls_wall_s'], 2)} | {_f(s['naive_load_s'])} "
            f"| {_f(s['naive_compute_s'])} | {_f(s['naive_wall_s'], 2)} "
            f"| {_f(s['handopt_load_s'])} | {_f(s['handopt_compute_s'])} "
            f"| {_f(s['handopt_wall_s'], 2)} |"
        )
    lines += [
        "",
        "Ratios and targets. naive/amls: how many times faster amls is than naive NumPy "
        "(execute vs compute, and wall); amls/hand-opt: amls execute over hand-optimised "
        "compute (1.00 = as fast; the loop target is <= 1.10). Same-round: the median over "
        "rounds of the ratio within one round. Results: the worst normwise relative error "
        f"against naive over all rounds (amls / hand-opt), target <= {RTOL:g}. Others busy: "
        "the median share of both CPUs that other processes used during this case's runs. "
        "naive/hand-opt wall: what the hand-optimised NumPy script itself gains in wall "
        "time, the ceiling for any runtime that imports NumPy and reads the same files.",
        "",
        "| case | what | naive/amls execute (same-round) | naive/amls wall "
        "| naive/hand-opt wall | amls/hand-opt execute (same-round) | targets | results "
        "| others busy |",
        "|---|---|---:|---:|---:|---:|---|---|---:|",
    ]
    for name, s in res["summary"].items():
        t = "; ".join(f"{k}: {'met' if ok else '**NOT met**'}" for k, ok in s["targets"].items())
        err = res["errors"][name]
        ok = not res["mismatches"][name]
        lines.append(
            f"| {name} | `{BY_NAME[name].math}` | {_ratio(s['exec_speedup'])} "
            f"({_ratio(s['exec_speedup_same_round'])}) | {_ratio(s['wall_speedup'])} "
            f"| {_ratio(s['handopt_wall_speedup'])} "
            f"| {_ratio(s['vs_handopt'])} ({_ratio(s['vs_handopt_same_round'])}) "
            f"| {t or '– (no target)'} "
            f"| {'equal' if ok else '**MISMATCH**'} ({err['amls']:.0e} / {err['handopt']:.0e}) "
            f"| {100 * s['others_busy_median']:.0f}% |"
        )
    met = [ok for s in res["summary"].values() for ok in s["targets"].values()]
    lines += ["", f"Targets met: {sum(met)} of {len(met)}."]
    bad = {k: v for k, v in res["mismatches"].items() if v}
    if bad:
        lines += ["", "**Result mismatches** (against naive NumPy):", ""]
        lines += [f"- {k}: {m}" for k, ms in bad.items() for m in sorted(set(ms))]
    return "\n".join(lines) + "\n"


def readme_body(text: str, argv: list[str]) -> str:
    command = " ".join(["python bench/user_programs/run.py", *argv])
    return (
        "Programs written the way a user writes them, data read from .npy / .mtx files "
        "(bench/user_programs/: one .mlir per case, naive/ the literal NumPy translation, "
        "handopt/ what an expert writes; method in run.py's docstring). "
        f"Written by `{command}` (also bench/user_programs/results*.md, raw numbers in "
        "results*.json; inputs from bench/user_programs/gen_data.py, written once under "
        "bench/out/user_programs*).\n\n" + text
    )


def git_commit() -> str:
    try:
        out = subprocess.run(
            ["git", "-C", str(ROOT), "describe", "--always", "--dirty"],
            capture_output=True,
            text=True,
        )
        return out.stdout.strip() or "unknown"
    except OSError:
        return "unknown"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", nargs="*", choices=sorted(BY_NAME), help="cases (default: all)")
    ap.add_argument("--reps", type=int, default=5, help="timed rounds (default 5)")
    ap.add_argument("--warmup", type=int, default=1, help="untimed rounds first (default 1)")
    ap.add_argument(
        "--scale",
        choices=("full", "large"),
        default="full",
        help="input sizes (gen_data.py); large runs the asymptotic cases by default",
    )
    ap.add_argument("--data", type=Path, help="folder of the input files (default: by scale)")
    ap.add_argument("--max-busy", type=float, default=0.25, help="wait until at most this busy")
    ap.add_argument("--max-wait", type=float, default=10.0, help="...but at most this many s")
    ap.add_argument("--no-wait", action="store_true", help="do not wait for a quiet machine")
    ap.add_argument("--blas-threads", type=int, help="OPENBLAS_NUM_THREADS etc. for every run")
    ap.add_argument("--out", type=Path, help="default: results.md (results_large.md)")
    ap.add_argument("--readme", action="store_true", help="also write bench/README.md's section")
    args = ap.parse_args(argv)
    set_blas_threads(args.blas_threads)
    large = args.scale == "large"
    if args.only:
        cases = [BY_NAME[n] for n in args.only]
    else:
        cases = [c for c in CASES if c.kind == ASYMPTOTIC] if large else CASES
    if args.data is None:
        args.data = DATA.with_name("user_programs_large") if large else DATA
        generate(args.data, args.scale)
    if args.out is None:
        args.out = HERE / ("results_large.md" if large else "results.md")
    mach = machine()
    res: dict[str, Any] = {
        "scale": args.scale,
        "sizes": SCALES[args.scale],
        "machine": mach,
        "blas": blas_info(mach["blas"]),
        "commit": git_commit(),
        "uptime_before": uptime(),
        "reps": args.reps,
        "warmup": args.warmup,
        "max_busy": args.max_busy,
        "max_wait": 0.0 if args.no_wait else args.max_wait,
        "blas_threads": args.blas_threads,
    }
    t0 = time.perf_counter()
    got = measure(cases, args.data, args.reps, args.warmup, args.max_busy, res["max_wait"])
    res |= {k: got[k] for k in ("errors", "mismatches", "waited_s")}
    res["uptime_after"] = uptime()
    res["duration_s"] = time.perf_counter() - t0
    res["summary"] = {c.name: summarise(c, got["runs"][c.name]) for c in cases}
    text = markdown(res)
    print("\n" + text)
    args.out.write_text(text)
    args.out.with_suffix(".json").write_text(
        json.dumps(res | {"runs": got["runs"]}, indent=1, default=str) + "\n"
    )
    if args.readme:
        section = "user_programs_large" if large else "user_programs"
        replace_section(section, readme_body(text, sys.argv[1:] if argv is None else argv))
    if any(got["mismatches"].values()):
        bar = "!" * 78
        print(f"\n{bar}\nRESULT MISMATCH (see the table)\n{bar}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

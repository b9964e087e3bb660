"""amls-run against a naive NumPy transliteration, on every example.

    python bench/run_examples.py                 # 5 timed runs each, writes bench/README.md
    python bench/run_examples.py --reps 3 kmeans --no-readme

For each example: `amls-run examples/X.mlir --stats` at -O0 and at -O2 (the
default), and `python bench/naive/X.py`, interleaved (one of each per round, the
order rotating) after one untimed warm-up round, PYTHONHASHSEED fixed. Reported:
medians of the phase times (from --stats), of the naive compute time (timed in
the script with perf_counter, data generation included), of the wall time and
of each child's peak RSS (wait4). amls's results must equal the naive script's
checksums (rtol 1e-9); a mismatch is printed loudly, marked in the table, and
makes the exit status 1. The naive data is first checked to be bit-identical to
amls's (bench/check_data.py).

--cpu also runs bench/amls_inproc.py (amls-run's phases in one process, no
--stats listener) at -O0 and -O2 in each round and compares CPU times, which a
busy machine disturbs far less than wall time (with --blas-threads 1).
"""

from __future__ import annotations

import argparse
import json
import math
import re
import sys
from typing import Any

from _common import (
    AMLS_RUN,
    BENCH,
    PYTHON,
    Child,
    blas_threads_text,
    loadavg,
    machine,
    machine_text,
    median,
    replace_section,
    run_child,
    set_blas_threads,
    wait_for_quiet,
)

EXAMPLES = ["lm_ds", "lm_cg", "l2svm", "pagerank", "kmeans", "logreg"]
RTOL = 1e-9
RATIO_TARGET = 1.10
STARTUP_TARGET = 1.0
NOISY = 0.15  # a round is noisy if other processes used more than this share of the CPUs

# ---------------------------------------------------------------------------
# Parsing amls-run --stats output.

_RESULT = re.compile(r"^result_(\d+) : (\S+) = (.*)$")
_MATRIX = re.compile(
    r"^(\d+)x(\d+) (dense|sparse) matrix, nnz=(\d+)"
    r"(?:, sum=(\S+), min=(\S+), max=(\S+))?$"
)
_PHASE = re.compile(r"^  (\S.*?)\s+(-?[\d.]+) s$")
_OP = re.compile(r"^  (\S.*?)\s+(\d+)\s+(?:([\d.]+)\s+[\d.]+%|\(body\))\s*$")


def _num(text: str) -> float:
    return float(text.rstrip(","))


def parse_amls(stdout: str) -> dict[str, Any]:
    checksums: list[Any] = []
    phases: dict[str, float] = {}
    ops: dict[str, list[float]] = {}
    where = "results"
    for line in stdout.splitlines():
        if line.startswith("== phases =="):
            where = "phases"
            continue
        if line.startswith("== ops =="):
            where = "ops"
            continue
        if where == "results":
            m = _RESULT.match(line)
            if not m:
                continue  # matrix cells of small results
            typ, val = m.group(2), m.group(3)
            mm = _MATRIX.match(val)
            if mm:
                cs: dict[str, Any] = {
                    "shape": [int(mm.group(1)), int(mm.group(2))],
                    "nnz": int(mm.group(4)),
                }
                if mm.group(5) is not None:
                    cs.update(sum=_num(mm.group(5)), min=_num(mm.group(6)), max=_num(mm.group(7)))
                checksums.append(cs)
            elif typ.startswith("i"):
                checksums.append(int(val))
            else:
                checksums.append(float(val))
        elif where == "phases":
            m = _PHASE.match(line)
            if m:
                phases[m.group(1)] = float(m.group(2))
        else:
            m = _OP.match(line)
            if m:
                ops[m.group(1)] = [int(m.group(2)), float(m.group(3)) if m.group(3) else 0.0]
    return {"checksums": checksums, "phases": phases, "ops": ops}


# ---------------------------------------------------------------------------
# Checksums.


def _close(a: float, b: float) -> bool:
    if math.isnan(a) or math.isnan(b):
        return math.isnan(a) and math.isnan(b)
    return math.isclose(a, b, rel_tol=RTOL, abs_tol=0.0)


def compare_checksums(amls: list[Any], naive: list[Any]) -> list[str]:
    """Differences between amls-run's results and the naive script's, as sentences."""
    if len(amls) != len(naive):
        return [f"{len(amls)} results from amls-run, {len(naive)} from the naive script"]
    bad: list[str] = []
    for i, (a, b) in enumerate(zip(amls, naive, strict=True)):
        if isinstance(a, dict) != isinstance(b, dict):
            bad.append(f"result_{i}: amls {a!r} vs naive {b!r}")
        elif isinstance(a, dict):
            if a["shape"] != b["shape"] or a["nnz"] != b["nnz"]:
                bad.append(
                    f"result_{i}: shape/nnz {a['shape']}/{a['nnz']} vs {b['shape']}/{b['nnz']}"
                )
            for key in ("sum", "min", "max"):
                if key in a or key in b:
                    if key not in a or key not in b or not _close(a[key], b[key]):
                        bad.append(f"result_{i}.{key}: amls {a.get(key)!r} vs naive {b.get(key)!r}")
        elif isinstance(a, int) and isinstance(b, int):
            if a != b:
                bad.append(f"result_{i}: amls {a} vs naive {b}")
        elif not _close(float(a), float(b)):
            bad.append(
                f"result_{i}: amls {a!r} vs naive {b!r} "
                f"(rel diff {abs(a - b) / max(abs(a), abs(b)):.2e})"
            )
    return bad


# ---------------------------------------------------------------------------
# Running.


def run_amls(example: str, level: str) -> dict[str, Any]:
    # compile is measured: the plan cache (on by default, amls.interpreter.plan_cache) off
    c: Child = run_child(
        [AMLS_RUN, f"examples/{example}.mlir", "--stats", f"-{level}"],
        env={"AMLS_PLAN_CACHE": "off"},
    )
    if c.rc != 0:
        raise RuntimeError(f"amls-run {example} -{level} failed ({c.rc}):\n{c.stderr}")
    return {
        **parse_amls(c.stdout),
        "wall_s": c.wall_s,
        "maxrss_mb": c.maxrss_mb,
        "others_busy": c.others_busy,
    }


def run_inproc(example: str, level: str) -> dict[str, Any]:
    """bench/amls_inproc.py: amls-run's phases in wall and CPU time, no --stats listener."""
    c = run_child([PYTHON, str(BENCH / "amls_inproc.py"), f"examples/{example}.mlir", f"-{level}"])
    if c.rc != 0:
        raise RuntimeError(f"amls_inproc {example} -{level} failed ({c.rc}):\n{c.stderr}")
    out = json.loads(c.stdout.strip().splitlines()[-1])
    return {**out, "wall_s": c.wall_s, "maxrss_mb": c.maxrss_mb, "others_busy": c.others_busy}


def run_naive(example: str) -> dict[str, Any]:
    c = run_child([PYTHON, str(BENCH / "naive" / f"{example}.py")])
    if c.rc != 0:
        raise RuntimeError(f"naive {example} failed ({c.rc}):\n{c.stderr}")
    out = json.loads(c.stdout.strip().splitlines()[-1])
    return {**out, "wall_s": c.wall_s, "maxrss_mb": c.maxrss_mb, "others_busy": c.others_busy}


def run_handopt(example: str) -> dict[str, Any]:
    c = run_child([PYTHON, str(BENCH / "handopt" / f"{example}.py")])
    if c.rc != 0:
        raise RuntimeError(f"handopt {example} failed ({c.rc}):\n{c.stderr}")
    out = json.loads(c.stdout.strip().splitlines()[-1])
    return {**out, "wall_s": c.wall_s, "maxrss_mb": c.maxrss_mb, "others_busy": c.others_busy}


def check_data(examples: list[str]) -> dict[str, Any]:
    c = run_child([PYTHON, str(BENCH / "check_data.py"), *examples])
    found = {}
    for line in c.stdout.splitlines():
        r = json.loads(line)
        found[r["example"]] = r
    for ex in examples:
        if ex not in found:
            found[ex] = {"example": ex, "identical": False, "why": c.stderr.strip()[-500:]}
    return found


def loud(message: str) -> None:
    bar = "!" * 78
    print(f"\n{bar}\n{message}\n{bar}\n", file=sys.stderr, flush=True)


def measure(
    examples: list[str],
    reps: int,
    warmup: int,
    max_busy: float = 0.15,
    max_wait: float = 60.0,
    retries: int = 5,
    cpu: bool = False,
) -> dict[str, Any]:
    """Interleaved rounds; a round during which other processes used more than
    NOISY of the CPUs is run again (at most `retries` times per example)."""
    kinds = [("amls", "O0"), ("naive", ""), ("amls", "O2"), ("handopt", "")]
    if cpu:  # also amls in-process (wall and CPU time, no listener), between the others
        kinds = [("amls", "O0"), ("inproc", "cpuO2"), ("naive", ""), ("amls", "O2")]
        kinds += [("inproc", "cpuO0"), ("handopt", "")]
    data_check = check_data(examples)
    out: dict[str, Any] = {
        "reps": reps,
        "warmup": warmup,
        "max_busy": max_busy,
        "max_wait": max_wait,
        "retries": retries,
        "noisy": NOISY,
        "cpu": cpu,
        "loadavg_start": loadavg(),
        "date": machine()["date"],
        "blas": blas_threads_text(),
        "machine_text": machine_text(),
        "examples": {},
    }
    for ex in examples:
        if not data_check[ex]["identical"]:
            loud(f"DATA MISMATCH: naive {ex} data is not bit-identical to amls's: {data_check[ex]}")
        runs: dict[str, list[dict[str, Any]]] = {level or kind: [] for kind, level in kinds}
        mismatches: list[str] = []
        r = 0
        redone = 0
        while r < warmup + reps:
            wait_for_quiet(max_busy, max_wait)
            k = r % len(kinds)
            order = kinds[k:] + kinds[:k]  # amls and naive alternate, the order rotates
            got: dict[str, dict[str, Any]] = {}
            for kind, level in order:
                if kind == "amls":
                    got[level] = run_amls(ex, level)
                elif kind == "inproc":
                    got[level] = run_inproc(ex, level[3:])
                elif kind == "handopt":
                    got[kind] = run_handopt(ex)
                else:
                    got[kind] = run_naive(ex)
            for level in got:
                if level == "naive":
                    continue
                for m in compare_checksums(got[level]["checksums"], got["naive"]["checksums"]):
                    mismatches.append(f"{level} round {r}: {m}")
            others = max(v["others_busy"] for v in got.values())
            noisy = r >= warmup and others > NOISY and redone < retries
            print(
                f"{ex:9} round {r}{' (warm-up)' if r < warmup else ''}: "
                f"naive {got['naive']['compute_s']:.3f} s, "
                f"hand-optimised {got['handopt']['compute_s']:.3f} s, "
                f"execute -O0 {got['O0']['phases'].get('execute', float('nan')):.3f} s, "
                f"-O2 {got['O2']['phases'].get('execute', float('nan')):.3f} s; "
                f"others used up to {100 * others:.0f}% of the CPUs"
                + (" -> noisy, run again" if noisy else ""),
                file=sys.stderr,
                flush=True,
            )
            if noisy:
                redone += 1
                continue
            if r >= warmup:
                for k, v in got.items():
                    runs[k].append(v)
            r += 1
        if mismatches:
            loud(f"CHECKSUM MISMATCH in {ex} (rtol {RTOL}):\n" + "\n".join(sorted(set(mismatches))))
        summary = summarise(runs)
        if cpu:
            summary.update(summarise_cpu(runs))
        out["examples"][ex] = {
            "runs": runs,
            "mismatches": sorted(set(mismatches)),
            "data_check": data_check[ex],
            "summary": summary,
            "rounds_redone": redone,
        }
    out["loadavg_end"] = loadavg()
    return out


def _phase(run: dict[str, Any], name: str) -> float:
    return float(run["phases"].get(name, float("nan")))


def summarise_cpu(runs: dict[str, list[dict[str, Any]]]) -> dict[str, Any]:
    """CPU-time medians from the in-process runs and the naive script."""
    s: dict[str, Any] = {"naive_cpu_s": median([r["compute_cpu_s"] for r in runs["naive"]])}
    for lv in ("O0", "O2"):
        rs = runs[f"cpu{lv}"]
        s[f"inproc_{lv}_cpu_s"] = median([r["cpu"]["execute"] for r in rs])
        s[f"inproc_{lv}_wall_s"] = median([r["wall"]["execute"] for r in rs])
        s[f"inproc_{lv}_cpu_ratio"] = s[f"inproc_{lv}_cpu_s"] / s["naive_cpu_s"]
        s[f"inproc_{lv}_cpu_ratio_same_round"] = median(
            [
                a["cpu"]["execute"] / n["compute_cpu_s"]
                for a, n in zip(rs, runs["naive"], strict=True)
            ]
        )
    return s


def summarise(runs: dict[str, list[dict[str, Any]]]) -> dict[str, Any]:
    s: dict[str, Any] = {
        "naive_compute_s": median([r["compute_s"] for r in runs["naive"]]),
        "naive_wall_s": median([r["wall_s"] for r in runs["naive"]]),
        "naive_rss_mb": median([r["maxrss_mb"] for r in runs["naive"]]),
    }
    h = runs["handopt"]
    s["handopt_compute_s"] = median([r["compute_s"] for r in h])
    s["handopt_wall_s"] = median([r["wall_s"] for r in h])
    everything = [r.get("others_busy", 0.0) for rs in runs.values() for r in rs]
    s["others_busy_median"] = median(everything)
    s["others_busy_max"] = max(everything, default=0.0)
    for lv in ("O0", "O2"):
        rs = runs[lv]
        s[f"{lv}_execute_s"] = median([_phase(r, "execute") for r in rs])
        s[f"{lv}_startup_parse_s"] = median(
            [_phase(r, "start-up and imports") + _phase(r, "parse and verify") for r in rs]
        )
        s[f"{lv}_startup_s"] = median([_phase(r, "start-up and imports") for r in rs])
        s[f"{lv}_parse_s"] = median([_phase(r, "parse and verify") for r in rs])
        s[f"{lv}_compile_s"] = median([_phase(r, "compile") for r in rs])
        s[f"{lv}_wall_s"] = median([r["wall_s"] for r in rs])
        s[f"{lv}_rss_mb"] = median([r["maxrss_mb"] for r in rs])
        s[f"{lv}_ratio"] = s[f"{lv}_execute_s"] / s["naive_compute_s"]
        s[f"{lv}_hand_ratio"] = s[f"{lv}_execute_s"] / s["handopt_compute_s"]
        s[f"{lv}_hand_ratio_same_round"] = median(
            [_phase(a, "execute") / n["compute_s"] for a, n in zip(rs, h, strict=True)]
        )
        s[f"{lv}_wall_hand_ratio"] = s[f"{lv}_wall_s"] / s["handopt_wall_s"]
        # Runs of the same round saw the same machine: their ratio is less noisy.
        s[f"{lv}_ratio_same_round"] = median(
            [_phase(a, "execute") / n["compute_s"] for a, n in zip(rs, runs["naive"], strict=True)]
        )
        # The op table of the run whose execute time is the median one.
        mid = sorted(rs, key=lambda r: _phase(r, "execute"))[len(rs) // 2] if rs else None
        s[f"{lv}_ops"] = mid["ops"] if mid else {}
        s[f"{lv}_ops_executed"] = sum(int(c) for c, _ in mid["ops"].values()) if mid else 0
    s["O2_over_O0_same_round"] = median(
        [
            _phase(a, "execute") / _phase(b, "execute")
            for a, b in zip(runs["O2"], runs["O0"], strict=True)
        ]
    )
    return s


# ---------------------------------------------------------------------------
# Reporting.


def _ok(good: bool) -> str:
    return "yes" if good else "**NO**"


def _hand_table(result: dict[str, Any]) -> list[str]:
    return [
        "Against hand-optimised NumPy (bench/handopt/: what an expert writes, each "
        "optimisation commented; the same data, timed the same way):",
        "",
        "| example | hand-optimised compute s | amls execute -O2 s "
        f"| execute/hand-optimised -O2 (target <= {RATIO_TARGET:.2f}) | same round "
        "| -O2 / -O0 same round (target <= 1.02) | wall s amls -O2 / hand-optimised |",
        "|---|---:|---:|---:|---:|---:|---:|",
        *[
            f"| {ex} | {r['summary']['handopt_compute_s']:.3f} "
            f"| {r['summary']['O2_execute_s']:.3f} "
            f"| {r['summary']['O2_hand_ratio']:.2f} "
            f"{_ok(r['summary']['O2_hand_ratio'] <= RATIO_TARGET)} "
            f"| {r['summary']['O2_hand_ratio_same_round']:.2f} "
            f"| {r['summary']['O2_over_O0_same_round']:.2f} "
            f"{_ok(r['summary']['O2_over_O0_same_round'] <= 1.02)} "
            f"| {r['summary']['O2_wall_s']:.2f} / {r['summary']['handopt_wall_s']:.2f} "
            f"({r['summary']['O2_wall_hand_ratio']:.2f}) |"
            for ex, r in result["examples"].items()
        ],
        "",
    ]


def markdown(result: dict[str, Any]) -> str:
    lines = [
        f"Measured {result['date']}. Medians of {result['reps']} interleaved runs "
        f"after {result['warmup']} warm-up round(s); {result.get('blas', '')}; "
        + (f"{result['machine_text']}; " if result.get("machine_text") else "")
        + f"load average {result['loadavg_start']} at the start, "
        f"{result['loadavg_end']} at the end. "
        f"Each round waited (up to {result.get('max_wait', 60):.0f} s) for the machine to be at "
        f"most {100 * result['max_busy']:.0f}% busy, and a timed round during which other "
        f"processes used more than {100 * result['noisy']:.0f}% of the CPUs was run again "
        f"(at most {result.get('retries', 2)} times per example). CPU used by other processes "
        "during the kept runs "
        "(share of both cores, median / max), and rounds run again: "
        + ", ".join(
            f"{ex} {100 * r['summary']['others_busy_median']:.0f}% / "
            f"{100 * r['summary']['others_busy_max']:.0f}%, {r['rounds_redone']}"
            for ex, r in result["examples"].items()
        )
        + ".",
        "",
        "| example | naive compute s | amls execute -O0 s | amls execute -O2 s "
        f"| execute/naive -O0 | execute/naive -O2 (target <= {RATIO_TARGET:.2f}) "
        "| same-round ratio -O0 / -O2 "
        f"| start-up + parse s (target < {STARTUP_TARGET:.0f}) | compile -O2 s "
        "| wall s amls -O2 / naive | peak RSS MB amls -O2 / naive | checksums | data |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|",
    ]
    for ex, r in result["examples"].items():
        s = r["summary"]
        sp = max(s["O0_startup_parse_s"], s["O2_startup_parse_s"])
        lines.append(
            f"| {ex} | {s['naive_compute_s']:.3f} "
            f"| {s['O0_execute_s']:.3f} | {s['O2_execute_s']:.3f} "
            f"| {s['O0_ratio']:.2f} | {s['O2_ratio']:.2f} {_ok(s['O2_ratio'] <= RATIO_TARGET)} "
            f"| {s['O0_ratio_same_round']:.2f} / {s['O2_ratio_same_round']:.2f} "
            f"| {sp:.3f} {_ok(sp < STARTUP_TARGET)} | {s['O2_compile_s']:.3f} "
            f"| {s['O2_wall_s']:.2f} / {s['naive_wall_s']:.2f} "
            f"| {s['O2_rss_mb']:.0f} / {s['naive_rss_mb']:.0f} "
            f"| {'equal' if not r['mismatches'] else '**MISMATCH**'} "
            f"| {'bit-identical' if r['data_check']['identical'] else '**DIFFERS**'} |"
        )
    lines += [
        "",
        *(
            _hand_table(result)
            if all("handopt_compute_s" in r["summary"] for r in result["examples"].values())
            else ["(no hand-optimised runs in this result: measured before bench/handopt/)", ""]
        ),
        "Ratios: median execute / median naive compute (the target column), and the median "
        "over rounds of execute / naive compute within one round (runs of one round saw the "
        "same machine, so this one is less sensitive to other load). "
        "Start-up + parse is the larger of the -O0 and -O2 medians (the phases are the same "
        "at both levels); start-up is measured from process start (/proc/self/stat), "
        "imports included.",
        "",
        "Where the -O2 execute time goes (the run with the median execute time; op time is the "
        "kernel plus the interpreter's dispatch, as `--stats` reports it):",
        "",
        "| example | ops executed | top op kinds at -O2: count, s, share of op time |",
        "|---|---:|---|",
    ]
    for ex, r in result["examples"].items():
        ops = r["summary"]["O2_ops"]
        total = sum(t for _, t in ops.values()) or 1.0
        top = sorted(ops.items(), key=lambda kv: -kv[1][1])[:4]
        cells = "; ".join(f"{n} {int(c)}x {t:.3f} s {100 * t / total:.0f}%" for n, (c, t) in top)
        lines.append(f"| {ex} | {r['summary']['O2_ops_executed']} | {cells} |")
    if result.get("cpu"):
        lines += [
            "",
            "CPU time (`time.process_time`, all threads of the process; a busy machine disturbs "
            "it far less than wall time when BLAS runs one thread). amls: `bench/amls_inproc.py`, "
            "the phases of amls-run in one process, execute = `run_function` without the "
            "`--stats` listener; naive: the same scripts. Medians; same-round ratio in brackets.",
            "",
            "| example | naive CPU s | amls execute CPU s -O0 | amls execute CPU s -O2 "
            f"| CPU ratio -O0 | CPU ratio -O2 (target <= {RATIO_TARGET:.2f}) |",
            "|---|---:|---:|---:|---:|---:|",
        ]
        for ex, r in result["examples"].items():
            s = r["summary"]
            lines.append(
                f"| {ex} | {s['naive_cpu_s']:.3f} | {s['inproc_O0_cpu_s']:.3f} "
                f"| {s['inproc_O2_cpu_s']:.3f} "
                f"| {s['inproc_O0_cpu_ratio']:.2f} ({s['inproc_O0_cpu_ratio_same_round']:.2f}) "
                f"| {s['inproc_O2_cpu_ratio']:.2f} ({s['inproc_O2_cpu_ratio_same_round']:.2f}) "
                f"{_ok(s['inproc_O2_cpu_ratio'] <= RATIO_TARGET)} |"
            )
    bad = {ex: r["mismatches"] for ex, r in result["examples"].items() if r["mismatches"]}
    if bad:
        lines += ["", "**Checksum mismatches** (amls-run vs naive, rtol 1e-9):", ""]
        for ex, ms in bad.items():
            lines += [f"- {ex}: {m}" for m in ms]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("examples", nargs="*", default=EXAMPLES)
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--warmup", type=int, default=1)
    ap.add_argument(
        "--max-busy",
        type=float,
        default=0.15,
        help="before each round, wait until at most this fraction of the CPUs is busy",
    )
    ap.add_argument("--max-wait", type=float, default=60.0, help="...but at most this many seconds")
    ap.add_argument("--retries", type=int, default=5, help="noisy rounds run again, per example")
    ap.add_argument("--blas-threads", type=int, help="BLAS threads for every run (default: as is)")
    ap.add_argument("--cpu", action="store_true", help="also CPU time, via bench/amls_inproc.py")
    ap.add_argument("--no-readme", action="store_true", help="print only, leave README.md alone")
    args = ap.parse_args(argv)
    set_blas_threads(args.blas_threads)
    result = measure(
        args.examples,
        args.reps,
        args.warmup,
        args.max_busy,
        args.max_wait,
        args.retries,
        args.cpu,
    )
    (BENCH / "results").mkdir(exist_ok=True)
    (BENCH / "results" / "examples.json").write_text(json.dumps(result, indent=1) + "\n")
    text = markdown(result)
    print(text)
    if not args.no_readme:
        replace_section("examples", text)
    return (
        1
        if any(
            r["mismatches"] or not r["data_check"]["identical"] for r in result["examples"].values()
        )
        else 0
    )


if __name__ == "__main__":
    sys.exit(main())

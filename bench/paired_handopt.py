"""amls against hand-optimised NumPy in one process, alternating: the execute ratio
without the noise of fresh processes.

    python bench/paired_handopt.py                  # writes bench/results/paired_handopt.json
    python bench/paired_handopt.py --readme         # ... and the bench/README.md section
    python bench/paired_handopt.py --reps 11 --threads 1 2 lm_ds kmeans

run_examples.py times each run in a fresh process. On this VM a fresh process's first
touch of new memory costs 1x-3x depending on the host (lm_ds's 160 MB matrix.rand took
0.125 s in one amls-run and 0.31-0.35 s in the next two), and that lands on whichever
side ran then. Here each example is compiled once (-O2 and -O0, as amls-run does
before its clock starts), then @main at -O2, @main at -O0 and the hand-optimised
script's main() run in turn, `reps` rounds after one warm-up round, in one child
process per BLAS thread count (OPENBLAS_NUM_THREADS etc. set before NumPy loads).
amls's interpreter is built and prepared untimed (amls-run does it in its compile
phase), and numpy.random is imported before any timing (NumPy 2 loads it on first use).
Ratios are medians of the per-round ratios: both sides of a ratio saw the same
process and nearly the same moment. glibc's malloc is left as it is for both (amls-run
tunes it in its own process, which helps amls: this table is conservative). Results
are compared with the hand-optimised script's, as run_examples.py compares them.
"""

from __future__ import annotations

import argparse
import gc
import importlib.util
import json
import sys
import time
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
EXAMPLES = ["lm_ds", "lm_cg", "l2svm", "pagerank", "kmeans", "logreg"]
TARGET = 1.10  # issue 16: execute <= 1.10x hand-optimised
O2_O0_TARGET = 1.02  # and -O2 never slower than -O0 by more than 2%


def measure_here(examples: list[str], reps: int) -> dict[str, Any]:
    """In this process: per example, the paired rounds and their medians."""
    import numpy as np
    import numpy.random  # noqa: F401  (NumPy 2 imports it on first use: not in a timing)

    # bench/_common.py is not imported here: the hand-optimised scripts import the naive
    # scripts' _common under that name.
    sys.path.insert(0, str(BENCH / "handopt"))
    checksum = _load(BENCH / "naive" / "_common.py", "naive_common").checksum

    from amls.interpreter.engine import make_interpreter
    from amls.interpreter.phys.blas_threads import blas_threads
    from amls.lowering.pipeline import compile_module
    from amls.tools.common import make_context, parse_module, read_source, verify_located

    def compiled(example: str, level: str) -> Any:
        ctx = make_context()
        text, name = read_source(str(ROOT / "examples" / f"{example}.mlir"))
        module = parse_module(ctx, text, name)
        verify_located(module)
        compile_module(module, ctx, level, "main")
        return module

    def handopt(example: str) -> Any:
        return _load(BENCH / "handopt" / f"{example}.py", f"handopt_{example}").main

    # Each side is a set-up step (untimed) that returns the timed call.
    def amls(module: Any) -> Any:
        """@main as amls-run runs it: the interpreter is built and its blocks compiled
        (prepare) before the clock starts."""

        def setup() -> Any:
            interp = make_interpreter(module)
            interp.prepare()
            return lambda: tuple(interp.call_op("main", ()))

        return setup

    def timed(setup: Any) -> tuple[float, Any]:
        fn = setup()
        t0 = time.perf_counter()
        out = fn()
        return time.perf_counter() - t0, out

    rows: dict[str, Any] = {}
    for ex in examples:
        o2, o0, hand = compiled(ex, "O2"), compiled(ex, "O0"), handopt(ex)
        sides = {"O2": amls(o2), "O0": amls(o0), "hand": lambda h=hand: h}
        outs = {k: timed(f)[1] for k, f in sides.items()}  # warm-up round
        sums = {k: [checksum(v) for v in outs[k]] for k in ("O2", "hand")}
        del outs
        times: dict[str, list[float]] = {k: [] for k in sides}
        gc.collect()
        for r in range(reps):
            # Rotate the order so no side always runs right after the same other side.
            order = list(sides)[r % 3 :] + list(sides)[: r % 3]
            for k in order:
                t, out = timed(sides[k])
                times[k].append(t)
                del out
        t2, t0, th = (np.array(times[k]) for k in ("O2", "O0", "hand"))
        rows[ex] = {
            "O2_s": float(np.median(t2)),
            "O0_s": float(np.median(t0)),
            "hand_s": float(np.median(th)),
            "O2_hand": float(np.median(t2 / th)),
            "O2_O0": float(np.median(t2 / t0)),
            "O2_hand_range": [float((t2 / th).min()), float((t2 / th).max())],
            "checksums": sums,
            "times": times,
        }
    return {"blas_threads": blas_threads(), "rows": rows}


def _load(path: Path, name: str) -> Any:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def markdown(result: dict[str, Any]) -> str:
    ts = list(result["threads"])
    head = (
        f"Measured {result['date']}, load average {result['loadavg']}; {result['cpu']}; "
        f"{result['blas']}. One process per BLAS thread count; in it, per example, "
        f"{result['reps']} rounds of @main at -O2, @main at -O0 and the hand-optimised "
        "script (order rotated each round) after one warm-up round; ratios are medians "
        "of the per-round ratios (min-max in brackets). Targets: -O2 / hand-optimised "
        f"<= {TARGET:.2f}, -O2 / -O0 <= {O2_O0_TARGET:.2f}.\n\n"
    )
    cols = " | ".join(
        f"{t} thread(s): -O2 / hand s, ratio (range) | {t} thread(s): -O2 / -O0" for t in ts
    )
    lines = [
        head + f"| example | {cols} | results |",
        "|---|" + "---:|---:|" * len(ts) + "---|",
    ]
    for ex in result["threads"][ts[0]]["rows"]:
        cells, same = [], True
        for t in ts:
            r = result["threads"][t]["rows"][ex]
            lo, hi = r["O2_hand_range"]
            ok = "yes" if r["O2_hand"] <= TARGET else "**NO**"
            ok0 = "yes" if r["O2_O0"] <= O2_O0_TARGET else "**NO**"
            cells.append(
                f"{r['O2_s']:.3f} / {r['hand_s']:.3f}, {r['O2_hand']:.2f} ({lo:.2f}-{hi:.2f}) "
                f"{ok} | {r['O2_O0']:.2f} {ok0}"
            )
            same = same and not r["results_differ"]
        lines.append(f"| {ex} | " + " | ".join(cells) + f" | {'equal' if same else 'DIFFER'} |")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("examples", nargs="*", default=EXAMPLES)
    ap.add_argument("--reps", type=int, default=11)
    ap.add_argument("--threads", type=int, nargs="+", default=[2, 1])
    ap.add_argument("--readme", action="store_true")
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.child:
        json.dump(measure_here(args.examples, args.reps), sys.stdout)
        return 0
    sys.path.insert(0, str(BENCH))
    from _common import loadavg, per_thread_count, replace_section
    from run_examples import compare_checksums

    try:
        by_threads, head = per_thread_count(
            __file__, args.threads, ["--reps", str(args.reps), *args.examples]
        )
    except RuntimeError as e:
        print(e, file=sys.stderr)
        return 1
    for res in by_threads.values():
        for r in res["rows"].values():
            r["results_differ"] = compare_checksums(r["checksums"]["O2"], r["checksums"]["hand"])
    result: dict[str, Any] = {**head, "reps": args.reps, "threads": by_threads}
    result["loadavg_end"] = loadavg()
    (BENCH / "results").mkdir(exist_ok=True)
    (BENCH / "results" / "paired_handopt.json").write_text(json.dumps(result, indent=1) + "\n")
    text = markdown(result)
    print(text)
    if args.readme:
        replace_section("paired-handopt", text)
    differ = [
        ex for res in result["threads"].values() for ex, r in res["rows"].items()
        if r["results_differ"]
    ]  # fmt: skip
    for ex in differ:
        print(f"{ex}: results differ from the hand-optimised script's", file=sys.stderr)
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())

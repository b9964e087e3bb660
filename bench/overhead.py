"""The interpreter's per-op overhead on a straight-line scalar program (arith on f64).

    python bench/overhead.py                     # 1,000 and 10,000 ops, 5 runs each
    python bench/overhead.py --sizes 10000 --no-readme

The program comes from bench/gen_scalar.py (N ops: N-1 arith ops and func.return).
us/op = execute time / ops executed, median of --reps runs, measured four ways:

  cli      `amls-run prog.mlir --stats -O0 --arg a=1.5 --arg b=0.75`: the "execute"
           phase, which includes building the interpreter and the --stats listener
           (OpStats: two perf_counter calls and two dict updates per op);
  amls     in-process `run_function(module, "main", [1.5, 0.75])` without listeners,
           building the interpreter (make_interpreter) included, as amls-run does;
  amls+stats  the same with an OpStats listener, as `--stats` runs it;
  xdsl     xDSL's own Interpreter with only its ArithFunctions (plus a divf in the
           same style: xDSL 0.74 has none) and FuncFunctions registered (the
           reference: what xDSL itself costs per op).

The target (<= 8 us/op) is read on `amls` (the interpreter as users run it, without
--stats); the set-up (make_interpreter) is reported separately too.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from _common import (
    AMLS_RUN,
    BENCH,
    machine,
    median,
    replace_section,
    run_child,
    set_blas_threads,
    wait_for_quiet,
)

sys.path.insert(0, str(BENCH))
from gen_scalar import generate  # noqa: E402

TARGET_US = 8.0
ARGS = (1.5, 0.75)


def cli_runs(path: Path, reps: int) -> list[dict[str, float]]:
    out = []
    for _ in range(reps):
        wait_for_quiet(0.15, 60.0)
        c = run_child(
            [AMLS_RUN, str(path), "--stats", "-O0", f"--arg=a={ARGS[0]}", f"--arg=b={ARGS[1]}"]
        )
        if c.rc != 0:
            raise RuntimeError(f"amls-run {path} failed ({c.rc}):\n{c.stderr}")
        phases = dict(
            (m.group(1), float(m.group(2)))
            for m in re.finditer(r"^  (\S.*?)\s+([\d.]+) s$", c.stdout, re.M)
        )
        counts = [int(m.group(1)) for m in re.finditer(r"^  \S+\s+(\d+)\s+[\d.(]", c.stdout, re.M)]
        out.append(
            {
                "execute_s": phases["execute"],
                "parse_s": phases["parse and verify"],
                "ops": sum(counts),
                "wall_s": c.wall_s,
            }
        )
    return out


def xdsl_arith(base: type) -> type:
    """xDSL 0.74's ArithFunctions, plus divf (which it lacks) written in its style."""
    from xdsl.dialects import arith
    from xdsl.interpreter import impl, register_impls

    class WithDivf(base):  # type: ignore[misc, valid-type]
        @impl(arith.DivfOp)
        def run_divf(self: Any, interpreter: Any, op: Any, args: Any) -> Any:
            return (args[0] / args[1],)

    return register_impls(WithDivf)


def in_process(text: str, reps: int) -> dict[str, Any]:
    from xdsl.interpreter import Interpreter
    from xdsl.interpreters.arith import ArithFunctions
    from xdsl.interpreters.func import FuncFunctions

    XdslArith = xdsl_arith(ArithFunctions)

    from amls.interpreter.engine import OpStats, make_interpreter, run_function
    from amls.tools.common import make_context, parse_module, verify_located

    module = parse_module(make_context(), text, "<scalar>")
    verify_located(module)
    times: dict[str, list[float]] = {
        "amls": [],
        "amls+stats": [],
        "xdsl": [],
        "setup": [],
        "amls_cpu": [],  # thread CPU time: what other load on the machine disturbs least
        "xdsl_cpu": [],
    }
    results = set()
    ops_counted = 0
    for i in range(reps + 1):  # interleaved, as in run_examples; round 0 is a warm-up
        if i == 1:
            for v in times.values():
                v.clear()
        wait_for_quiet(0.15, 60.0)
        c0, t0 = time.thread_time(), time.perf_counter()
        results.add(run_function(module, "main", ARGS)[0])
        times["amls"].append(time.perf_counter() - t0)
        times["amls_cpu"].append(time.thread_time() - c0)

        stats = OpStats()
        t0 = time.perf_counter()
        results.add(run_function(module, "main", ARGS, [stats])[0])
        times["amls+stats"].append(time.perf_counter() - t0)
        ops_counted = sum(stats.counts.values())

        c0, t0 = time.thread_time(), time.perf_counter()
        interp = Interpreter(module)
        interp.register_implementations(XdslArith())
        interp.register_implementations(FuncFunctions())
        results.add(interp.call_op("main", ARGS)[0])
        times["xdsl"].append(time.perf_counter() - t0)
        times["xdsl_cpu"].append(time.thread_time() - c0)

        t0 = time.perf_counter()
        make_interpreter(module)
        times["setup"].append(time.perf_counter() - t0)
    return {"times": times, "ops": ops_counted, "results": sorted(map(repr, results))}


def measure(sizes: list[int], reps: int) -> dict[str, Any]:
    out: dict[str, Any] = {"reps": reps, "date": machine()["date"], "sizes": {}}
    with tempfile.TemporaryDirectory() as tmp:
        for n in sizes:
            text = generate(n)
            path = Path(tmp) / f"scalar_{n}.mlir"
            path.write_text(text)
            cli = cli_runs(path, reps)
            inp = in_process(text, reps)
            ops = inp["ops"]
            if any(r["ops"] != ops for r in cli):
                raise RuntimeError(
                    f"op counts differ: --stats {[r['ops'] for r in cli]}, in-process {ops}"
                )
            us = {k: 1e6 * median(v) / ops for k, v in inp["times"].items()}
            us["cli"] = 1e6 * median([r["execute_s"] for r in cli]) / ops
            us["amls_no_setup"] = us["amls"] - us["setup"]
            out["sizes"][n] = {
                "ops": ops,
                "us_per_op": us,
                "cli_parse_s": median([r["parse_s"] for r in cli]),
                "cli_wall_s": median([r["wall_s"] for r in cli]),
                "setup_s": median(inp["times"]["setup"]),
                "results_agree": len(inp["results"]) == 1,
                "raw": {"cli": cli, "in_process": inp["times"]},
            }
            print(
                f"{n} ops: " + ", ".join(f"{k} {v:.2f}" for k, v in us.items()) + " us/op",
                file=sys.stderr,
                flush=True,
            )
    return out


def markdown(result: dict[str, Any]) -> str:
    lines = [
        f"Measured {result['date']}. Medians of {result['reps']} runs (in-process: after one "
        "warm-up round). us/op = execute time / ops executed; wall time except the last "
        "column (thread CPU time of the in-process runs, less disturbed by other load).",
        "",
        f"| ops | amls in-process, no listener (target <= {TARGET_US:.0f}) | "
        "of which building the interpreter | amls in-process with OpStats | "
        "amls-run --stats -O0 execute | xDSL's own interpreter (arith+func only) | "
        "amls-run parse and verify s | amls-run wall s | CPU time: amls / xDSL |",
        "|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r in result["sizes"].values():
        u = r["us_per_op"]
        ok = "yes" if u["amls"] <= TARGET_US else "**NO**"
        lines.append(
            f"| {r['ops']} | {u['amls']:.2f} us/op {ok} | {1e3 * r['setup_s']:.1f} ms "
            f"({u['setup']:.2f} us/op) | {u['amls+stats']:.2f} | {u['cli']:.2f} | {u['xdsl']:.2f} "
            f"| {r['cli_parse_s']:.3f} | {r['cli_wall_s']:.2f} "
            f"| {u.get('amls_cpu', float('nan')):.2f} / {u.get('xdsl_cpu', float('nan')):.2f} |"
        )
    if not all(r["results_agree"] for r in result["sizes"].values()):
        lines += ["", "**The three interpreters returned different results.**"]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sizes", type=int, nargs="+", default=[1000, 10000])
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--blas-threads", type=int, help="BLAS threads for amls-run (default: as is)")
    ap.add_argument("--no-readme", action="store_true")
    args = ap.parse_args(argv)
    set_blas_threads(args.blas_threads)
    result = measure(args.sizes, args.reps)
    (BENCH / "results").mkdir(exist_ok=True)
    (BENCH / "results" / "overhead.json").write_text(json.dumps(result, indent=1) + "\n")
    text = markdown(result)
    print(text)
    if not args.no_readme:
        replace_section("overhead", text)
    return 0


if __name__ == "__main__":
    sys.exit(main())

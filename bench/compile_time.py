"""Compile time of `size-inference,ipa`: the examples and generated programs of N ops.

    python bench/compile_time.py                       # examples + 1,000 and 10,000 ops
    python bench/compile_time.py --sizes 1000 3000 10000 --reps 5
    python bench/compile_time.py --profile 10000       # + cProfile of the pipeline

In-process times (time.perf_counter), median of --reps runs each:
  parse     parse_module (amls's located parser) of the text, fresh context;
  pipeline  PassPipeline.parse_spec(all_passes(), "size-inference,ipa").apply on
            a freshly parsed module (parsing not included);
  us/op     pipeline time / ops, ops = every op of the parsed module except the
            module and func.func ops (arith.constant, scf.yield, func.return count).
The module is verified after the pipeline (not timed). Generated programs come
from bench/gen_programs.py (deterministic). Targets (issue): the pipeline grows
linearly with program size and takes under 5 s for 10,000 ops.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import platform
import pstats
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import PassPipeline

from amls.tools.common import all_passes, make_context, parse_module, verify_located

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
sys.path.insert(0, str(BENCH))
from gen_programs import generate  # noqa: E402

PIPELINE = "size-inference,ipa"
TARGET_OPS = 10_000
TARGET_S = 5.0


def count_ops(module: ModuleOp) -> int:
    return sum(1 for op in module.walk() if not isinstance(op, ModuleOp | func.FuncOp))


def median_time(
    fn: Callable[[], object], reps: int, setup: Callable[[], object] | None = None
) -> float:
    times = []
    for _ in range(reps):
        arg = setup() if setup is not None else None
        t0 = time.perf_counter()
        fn() if arg is None else fn(arg)  # type: ignore[call-arg]
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def parse(text: str, name: str) -> ModuleOp:
    return parse_module(make_context(), text, name)


def run_pipeline(module: ModuleOp) -> None:
    PassPipeline.parse_spec(all_passes(), PIPELINE).apply(make_context(), module)


@dataclass
class Result:
    name: str
    ops: int
    parse_s: float
    pipeline_s: float

    @property
    def us_per_op(self) -> float:
        return 1e6 * self.pipeline_s / self.ops

    def row(self) -> str:
        parse_us = 1e6 * self.parse_s / self.ops
        return (
            f"| {self.name} | {self.ops:,} | {self.parse_s:.3f} | {self.pipeline_s:.3f} "
            f"| {self.us_per_op:.0f} | {parse_us:.0f} |"
        )


def measure(name: str, text: str, reps: int) -> Result:
    ops = count_ops(parse(text, name))
    t_parse = median_time(lambda: parse(text, name), reps)
    t_pipe = median_time(run_pipeline, reps, setup=lambda: parse(text, name))  # type: ignore[arg-type]
    check = parse(text, name)
    run_pipeline(check)
    verify_located(check)  # the pipeline's output is valid IR
    return Result(name, ops, t_parse, t_pipe)


def profile(text: str, name: str, top: int) -> None:
    # Unprofiled wall time of each pass (applied in order to one module).
    module = parse(text, name)
    split = []
    for spec in PIPELINE.split(","):
        t0 = time.perf_counter()
        PassPipeline.parse_spec(all_passes(), spec).apply(make_context(), module)
        split.append(f"{spec} {time.perf_counter() - t0:.2f} s")
    print(f"\nWall time per pass on {name} (no profiler): {', '.join(split)}")

    module = parse(text, name)
    prof = cProfile.Profile()
    t0 = time.perf_counter()
    prof.enable()
    run_pipeline(module)
    prof.disable()
    total = time.perf_counter() - t0
    stats = pstats.Stats(prof).stats  # type: ignore[attr-defined]
    for title, key, n in (("cumulative", 3, top), ("own", 2, max(10, top // 2))):
        print(
            f"\ncProfile of `{PIPELINE}` on {name} ({total:.2f} s under the profiler), "
            f"top {n} by {title} time:\n"
        )
        print("| cumulative (s) | own (s) | calls | function |")
        print("|---:|---:|---:|---|")
        rows = sorted(stats.items(), key=lambda kv: -kv[1][key])
        for (file, line, fn), (_cc, nc, tt, ct, _callers) in rows[:n]:
            print(f"| {ct:.2f} | {tt:.2f} | {nc} | {_where(file)}:{fn} (line {line}) |")


def _where(file: str) -> str:
    p = Path(file)
    for base in (ROOT, *(Path(x) for x in sys.path if x.endswith("site-packages"))):
        try:
            return str(p.relative_to(base))
        except ValueError:
            continue
    return file


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", type=int, nargs="*", default=[1000, TARGET_OPS])
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--no-examples", action="store_true")
    ap.add_argument("--profile", type=int, metavar="N", help="cProfile the pipeline on N ops")
    ap.add_argument("--top", type=int, default=25)
    args = ap.parse_args()

    inputs: list[tuple[str, str]] = []
    if not args.no_examples:
        for path in sorted((ROOT / "examples").glob("*.mlir")):
            inputs.append((f"examples/{path.name}", path.read_text()))
    for n in args.sizes:
        inputs.append((f"generated {n:,} ops", generate(n)))

    cmd = " ".join(["python", "bench/compile_time.py", *sys.argv[1:]])
    print(f"`{cmd}` ({platform.python_implementation()} {platform.python_version()}, ", end="")
    print(f"{platform.machine()}, {os.cpu_count()} CPUs; median of {args.reps})\n")
    print(f"| program | ops | parse (s) | {PIPELINE} (s) | us/op (pipeline) | us/op (parse) |")
    print("|---|---:|---:|---:|---:|---:|")
    warm = parse(generate(100), "warm-up")  # lazy imports, kernel registry: not timed
    run_pipeline(warm)
    results = []
    for name, text in inputs:
        r = measure(name, text, args.reps)
        results.append(r)
        print(r.row(), flush=True)

    gen = [r for r in results if r.name.startswith("generated")]
    if len(gen) >= 2:
        a, b = gen[0], gen[-1]
        ratio = b.us_per_op / a.us_per_op
        print(f"\nGrowth: us/op at {b.ops:,} ops / at {a.ops:,} ops = {ratio:.2f} (1.0 = linear)")
    for r in gen:
        if r.ops == TARGET_OPS:
            verdict = "met" if r.pipeline_s < TARGET_S else "NOT met"
            print(f"Target: {PIPELINE} on {r.ops:,} ops in {r.pipeline_s:.2f} s ", end="")
            print(f"(< {TARGET_S:.0f} s: {verdict})")
    if args.profile:
        profile(generate(args.profile), f"generated {args.profile:,} ops", args.top)


if __name__ == "__main__":
    main()

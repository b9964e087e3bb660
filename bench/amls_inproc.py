"""amls-run's phases in one process, timed in wall and CPU time, without --stats.

    python bench/amls_inproc.py examples/kmeans.mlir -O2

The same steps as `amls-run FILE -O<level>` (parse and verify, compile with the
level's pipeline, run @main through run_function with no listener), each timed
with time.perf_counter and time.process_time (CPU time of the whole process, all
threads). CPU time is what a busy machine disturbs least, as long as BLAS runs
one thread (spinning BLAS threads count as CPU time): see run_examples.py --cpu.
Prints one JSON line: {"wall": {phase: s}, "cpu": {phase: s}, "checksums": [...]}.
"""

from __future__ import annotations

import gc
import json
import sys
import time
from pathlib import Path

from amls.interpreter.engine import run_function
from amls.lowering.pipeline import compile_module
from amls.tools.common import make_context, parse_module, read_source, verify_located

sys.path.insert(0, str(Path(__file__).resolve().parent / "naive"))
from _common import checksum  # noqa: E402


def main(argv: list[str]) -> None:
    path = argv[0]
    level = argv[1].lstrip("-") if len(argv) > 1 else "O2"
    wall: dict[str, float] = {}
    cpu: dict[str, float] = {}

    def phase(name: str, w0: float, c0: float) -> None:
        wall[name] = time.perf_counter() - w0
        cpu[name] = time.process_time() - c0

    w0, c0 = time.perf_counter(), time.process_time()
    ctx = make_context()
    text, name = read_source(path)
    module = parse_module(ctx, text, name)
    verify_located(module)
    phase("parse and verify", w0, c0)

    w0, c0 = time.perf_counter(), time.process_time()
    compile_module(module, ctx, level, "main")
    phase("compile", w0, c0)

    gc.freeze()  # as amls-run does before executing
    w0, c0 = time.perf_counter(), time.process_time()
    results = run_function(module, "main", [])
    phase("execute", w0, c0)

    print(json.dumps({"wall": wall, "cpu": cpu, "checksums": [checksum(v) for v in results]}))


if __name__ == "__main__":
    main(sys.argv[1:])

"""Start-up: wall time of fresh processes, amls's tools beside `python -c 'import numpy'`.

    python bench/startup.py [--reps 10] [--no-readme] [--baseline DIR]

--baseline DIR adds the amls-opt, amls-run and jit script of another installation (DIR
holds its bin/: e.g. a venv of an older commit) to every round, for before/after tables.
`python bench/startup_jit.py` is a user's tiny @amls.jit script, the whole process.

Each round runs the commands one after the other; one untimed warm-up round first (page
cache, and the bytecode cache: PYTHONDONTWRITEBYTECODE is dropped from the children's
environment, as in a normal installation, else amls's own modules are compiled from
source on every run). Medians and minima of the timed rounds, wall and CPU time (user +
system, from wait4: less disturbed by other load on this shared machine). Each round waits
(up to 30 s) for the machine to be at most 20% busy; the load is reported.
The run with AMLS_CODE_CACHE=off (and AMLS_PLAN_CACHE=off) is what a first run costs,
before amls/startup.py and the plan cache (amls.interpreter.plan_cache) have kept
anything; the one with AMLS_PLAN_CACHE=off alone compiles the program, as after an edit.
Updates the "startup" section of bench/README.md unless --no-readme.
"""

from __future__ import annotations

import argparse
import os
import shlex
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import (  # noqa: E402
    BENCH,
    PYTHON,
    ROOT,
    bench_env,
    loadavg,
    machine,
    median,
    replace_section,
    wait_for_quiet,
)

TINY = BENCH / "startup_tiny.mlir"
BIN = Path(PYTHON).parent
COMMANDS: dict[str, list[str]] = {
    "python -c 'import numpy'": [PYTHON, "-c", "import numpy"],
    "amls-opt --help": [str(BIN / "amls-opt"), "--help"],
    "amls-run bench/startup_tiny.mlir --arg n=2": [
        *(str(BIN / "amls-run"), str(TINY), "--arg", "n=2"),
    ],
}
JIT = "python bench/startup_jit.py"
COMMANDS[JIT] = [PYTHON, str(BENCH / "startup_jit.py")]  # a user's script: no target
TARGET_S = 0.4
# What a first run (nothing cached yet) costs: amls/startup.py's caches off.
COLD = "AMLS_CODE_CACHE=off amls-run bench/startup_tiny.mlir --arg n=2"
COMMANDS[COLD] = COMMANDS["amls-run bench/startup_tiny.mlir --arg n=2"]
# A run that compiles (the plan cache off), with the start-up caches on: what a second
# run costs after an edit of the program or on data of other sizes.
COMPILING = "AMLS_PLAN_CACHE=off amls-run bench/startup_tiny.mlir --arg n=2"
COMMANDS[COMPILING] = COMMANDS["amls-run bench/startup_tiny.mlir --arg n=2"]
ENV: dict[str, dict[str, str]] = {
    COLD: {"AMLS_CODE_CACHE": "off", "AMLS_PLAN_CACHE": "off"},
    COMPILING: {"AMLS_PLAN_CACHE": "off"},
}


def add_baseline(venv: Path) -> None:
    for name, cmd in list(COMMANDS.items()):
        if name.startswith("amls-") or name == JIT:
            tool = venv / "bin" / Path(cmd[0]).name
            COMMANDS[f"{name} (baseline)"] = [str(tool), *cmd[1:]]


def run(cmd: list[str], extra: dict[str, str] | None = None) -> tuple[float, float]:
    """(wall s, CPU s) of one fresh process."""
    env = {**bench_env(), **(extra or {})}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    t0 = time.perf_counter()
    p = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, ru = os.wait4(p.pid, 0)
    wall = time.perf_counter() - t0
    p.returncode = os.waitstatus_to_exitcode(status)
    err = p.stderr.read().decode() if p.stderr else ""
    if p.returncode != 0:
        sys.exit(f"{shlex.join(cmd)} failed ({p.returncode}):\n{err}")
    return wall, ru.ru_utime + ru.ru_stime


def measure(reps: int) -> tuple[dict[str, list[tuple[float, float]]], list[float]]:
    times: dict[str, list[tuple[float, float]]] = {name: [] for name in COMMANDS}
    busy: list[float] = []
    for r in range(reps + 1):
        b, _ = wait_for_quiet(0.2, 30.0)
        for name, cmd in COMMANDS.items():
            t = run(cmd, ENV.get(name))
            if r > 0:  # round 0 warms the caches
                times[name].append(t)
        if r > 0:
            busy.append(b)
    return times, busy


def table(times: dict[str, list[tuple[float, float]]]) -> str:
    base_wall = median([w for w, _ in times["python -c 'import numpy'"]])
    base_cpu = median([c for _, c in times["python -c 'import numpy'"]])
    rows = [
        "| command | wall s median | wall s min | CPU s median | wall / import numpy "
        "| CPU / import numpy | target: wall < 0.4 s |",
        "|---|---:|---:|---:|---:|---:|---|",
    ]
    for name, ts in times.items():
        wall, cpu = median([w for w, _ in ts]), median([c for _, c in ts])
        target = "yes" if wall < TARGET_S else "no"
        if name.startswith("python"):
            target = ""
        elif name.startswith(COLD):
            target = f"({target}: no target, the first run's cost)"
        elif name.startswith(COMPILING):
            target = f"({target}: the program compiled, as after an edit)"
        elif name.startswith(JIT):
            target = "(no target: a user's script, imports, compile and exit included)"
        rows.append(
            f"| `{name}` | {wall:.3f} | {min(w for w, _ in ts):.3f} | {cpu:.3f} "
            f"| {wall / base_wall:.2f} | {cpu / base_cpu:.2f} | {target} |"
        )
    return "\n".join(rows)


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    ap.add_argument("--reps", type=int, default=10)
    ap.add_argument("--no-readme", action="store_true")
    ap.add_argument("--baseline", type=Path, metavar="DIR", help="a venv to compare with")
    a = ap.parse_args()
    if a.baseline:
        add_baseline(a.baseline.resolve())
    info = machine()
    times, busy = measure(a.reps)
    body = (
        f"Measured {info['date']}: `python bench/startup.py --reps {a.reps}"
        + (f" --baseline {a.baseline}" if a.baseline else "")
        + "`, medians of "
        + f"{a.reps} fresh processes per command, interleaved, after one warm-up round. "
        f"Load average {info['loadavg']} at the start, {loadavg()} at the end; other "
        f"processes kept the CPUs {100 * median(busy):.0f}% busy (median over rounds, "
        f"max {100 * max(busy):.0f}%) just before a round. "
        f"Python {info['python']}, NumPy {info['numpy']}, {info['nproc']} CPUs.\n\n"
        + table(times)
        + "\n"
    )
    print(body)
    shown = [" ".join(f"{k}={v}" for k, v in ENV.get(n, {}).items()) for n in COMMANDS]
    cmds = [f"{e} {shlex.join(c)}".strip() for e, c in zip(shown, COMMANDS.values(), strict=True)]
    print("commands:", *cmds, sep="\n  ")
    if not a.no_readme:
        replace_section("startup", body)


if __name__ == "__main__":
    main()

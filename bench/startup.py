"""Start-up: wall time of fresh processes, amls's tools beside `python -c 'import numpy'`.

    python bench/startup.py [--reps 10] [--no-readme]

Each round runs the commands one after the other (one warm-up round first, so the page
cache holds every file); medians and minima of the timed rounds. Each round waits (up to
30 s) for the machine to be at most 20% busy; the load average is reported.
Updates the "startup" section of bench/README.md unless --no-readme.
"""

from __future__ import annotations

import argparse
import shlex
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import (  # noqa: E402
    BENCH,
    PYTHON,
    loadavg,
    machine,
    median,
    replace_section,
    run_child,
    wait_for_quiet,
)

TINY = BENCH / "startup_tiny.mlir"
BIN = Path(PYTHON).parent
COMMANDS: dict[str, list[str]] = {
    "python -c 'import numpy'": [PYTHON, "-c", "import numpy"],
    "amls-opt --help": [str(BIN / "amls-opt"), "--help"],
    "amls-run bench/startup_tiny.mlir": [str(BIN / "amls-run"), str(TINY)],
}
TARGET_S = 0.4


def measure(reps: int) -> tuple[dict[str, list[float]], list[float]]:
    times: dict[str, list[float]] = {name: [] for name in COMMANDS}
    busy: list[float] = []
    for r in range(reps + 1):
        b, _ = wait_for_quiet(0.2, 30.0)
        for name, cmd in COMMANDS.items():
            c = run_child(cmd)
            if c.rc != 0:
                sys.exit(f"{name} failed ({c.rc}):\n{c.stderr}")
            if r > 0:  # round 0 warms the page cache
                times[name].append(c.wall_s)
        if r > 0:
            busy.append(b)
    return times, busy


def table(times: dict[str, list[float]]) -> str:
    numpy_s = median(times["python -c 'import numpy'"])
    rows = [
        "| command | median s | min s | median / import numpy | target < 0.4 s |",
        "|---|---:|---:|---:|---|",
    ]
    for name, ts in times.items():
        m = median(ts)
        target = "" if name.startswith("python") else ("yes" if m < TARGET_S else "no")
        rows.append(f"| `{name}` | {m:.3f} | {min(ts):.3f} | {m / numpy_s:.2f} | {target} |")
    return "\n".join(rows)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--reps", type=int, default=10)
    ap.add_argument("--no-readme", action="store_true")
    a = ap.parse_args()
    info = machine()
    times, busy = measure(a.reps)
    body = (
        f"Measured {info['date']}: `python bench/startup.py --reps {a.reps}`, medians of "
        f"{a.reps} fresh processes per command, interleaved, after one warm-up round. "
        f"Load average {info['loadavg']} at the start, {loadavg()} at the end; other "
        f"processes kept the CPUs {100 * median(busy):.0f}% busy (median over rounds, "
        f"max {100 * max(busy):.0f}%) just before a round. "
        f"Python {info['python']}, NumPy {info['numpy']}.\n\n" + table(times) + "\n"
    )
    print(body)
    print("commands:", *(shlex.join(c) for c in COMMANDS.values()), sep="\n  ")
    if not a.no_readme:
        replace_section("startup", body)


if __name__ == "__main__":
    main()

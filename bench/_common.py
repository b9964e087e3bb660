"""Helpers shared by the bench scripts: child processes with their peak RSS, the
machine description, medians, and the README sections."""

from __future__ import annotations

import contextlib
import datetime
import json
import os
import platform
import re
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
README = BENCH / "README.md"
PYTHON = sys.executable
AMLS_RUN = str(Path(PYTHON).with_name("amls-run"))
HASHSEED = "0"


BLAS_THREADS: int | None = None
"""When set (--blas-threads), every child gets this many BLAS/OpenMP threads."""


def bench_env() -> dict[str, str]:
    """The environment of every child: a fixed PYTHONHASHSEED, and BLAS_THREADS if set."""
    env = dict(os.environ)
    env["PYTHONHASHSEED"] = HASHSEED
    if BLAS_THREADS is not None:
        for var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
            env[var] = str(BLAS_THREADS)
    return env


def set_blas_threads(n: int | None) -> None:
    global BLAS_THREADS
    BLAS_THREADS = n


def blas_threads_text() -> str:
    if BLAS_THREADS is None:
        return "BLAS threads: the default (OpenBLAS: one per core)"
    return f"BLAS threads: {BLAS_THREADS} (OPENBLAS_NUM_THREADS etc. set for every run)"


@dataclass
class Child:
    rc: int
    stdout: str
    stderr: str
    wall_s: float
    maxrss_mb: float  # peak resident set of this child alone (VmHWM polled), MiB
    others_busy: float  # fraction of all CPUs used by other processes meanwhile


def run_child(cmd: list[str], cwd: Path = ROOT, env: dict[str, str] | None = None) -> Child:
    """Run cmd; wall time and the child's own peak RSS.

    getrusage(RUSAGE_CHILDREN).ru_maxrss is the max over all children so far, not
    per child, so deltas of it are wrong; wait4 gives each child's rusage (CPU times).
    """
    with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:
        b0, j0 = _cpu_times()
        t0 = time.perf_counter()
        full = {**bench_env(), **(env or {})}
        p = subprocess.Popen(cmd, cwd=cwd, env=full, stdout=out, stderr=err)
        hwm = 0.0  # VmHWM of the child's own memory map, read while it runs (see below)
        own_cmd = Path("/proc/self/cmdline").read_bytes() if Path("/proc/self").exists() else b""
        while True:
            pid, status, ru = os.wait4(p.pid, os.WNOHANG)
            if pid:
                break
            hwm = max(hwm, _vm_hwm_mb(p.pid, own_cmd))
            time.sleep(0.002)
        wall = time.perf_counter() - t0
        b1, j1 = _cpu_times()
        p.returncode = os.waitstatus_to_exitcode(status)  # reaped: Popen must not wait again
        own = (ru.ru_utime + ru.ru_stime) * os.sysconf("SC_CLK_TCK")
        others = max(0.0, (b1 - b0 - own) / max(1, j1 - j0))
        out.seek(0)
        err.seek(0)
        # wait4's ru_maxrss starts from the parent's peak (exec records the vforked
        # parent's memory map), so a parent that grew past its children hides their peaks;
        # VmHWM is the child's own map's peak, polled every 2 ms (a later growth is
        # missed only within the last 2 ms; the wall time is late by at most as much).
        peak = hwm if hwm else ru.ru_maxrss / 1024.0
        return Child(p.returncode, out.read(), err.read(), wall, peak, others)


def _vm_hwm_mb(pid: int, own_cmdline: bytes) -> float:
    """The peak resident set of pid's current memory map (Linux), MiB; 0 where unknown or
    while pid has not exec'd yet (its map is then this process's, with our peak)."""
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            if f.read() == own_cmdline:
                return 0.0
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024.0
    except (OSError, ValueError):
        return 0.0
    return 0.0


def median(xs: list[float]) -> float:
    return statistics.median(xs) if xs else float("nan")


def cpu_model() -> str:
    with contextlib.suppress(OSError):  # no /proc: fall back to platform
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    return platform.processor() or "unknown"


def loadavg() -> str:
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "unknown"


def _child_blas_threads() -> int | str:
    """The BLAS threads a timed child sees (its environment, threadpoolctl's count)."""
    code = "import numpy; from amls.interpreter.phys.blas_threads import blas_threads; "
    code += "print(blas_threads())"
    try:
        out = subprocess.run(
            [PYTHON, "-c", code], env=bench_env(), capture_output=True, text=True, timeout=60
        )
        return int(out.stdout.strip())
    except (OSError, ValueError, subprocess.TimeoutExpired):
        return "unknown"


def machine_text() -> str:
    m = machine()
    return (
        f"CPU: {m['cpu']} ({m['nproc']} cores); BLAS: {m['blas']}, {m['blas_threads']} "
        f"thread(s) in the timed runs; NumPy {m['numpy']}, SciPy {m['scipy']}, "
        f"Python {m['python']}"
    )


def machine() -> dict[str, str]:
    import numpy as np
    import scipy

    try:
        cfg = np.show_config(mode="dicts")  # type: ignore[call-arg]
        blas = cfg["Build Dependencies"]["blas"]
        blas_s = f"{blas.get('name')} {blas.get('version')}"
    except Exception:  # older NumPy: no dict mode
        blas_s = "unknown"
    try:
        nproc = subprocess.run(["nproc"], capture_output=True, text=True).stdout.strip()
    except OSError:
        nproc = str(os.cpu_count())
    return {
        "date": datetime.datetime.now().astimezone().strftime("%Y-%m-%d %H:%M %Z"),
        "blas_threads": str(_child_blas_threads()),
        "nproc": nproc,
        "cpu": cpu_model(),
        "python": platform.python_version(),
        "numpy": np.__version__,
        "scipy": scipy.__version__,
        "blas": blas_s,
        "loadavg": loadavg(),
    }


def per_thread_count(
    script: str, threads: list[int], args: list[str]
) -> tuple[dict[str, Any], dict[str, str]]:
    """Run `script --child *args` once per BLAS thread count, in a child whose BLAS/OpenMP
    variables are set before NumPy loads. Returns (the machine and date, as one table's
    header needs them; {count: the child's JSON stdout}); a failing child raises
    RuntimeError with its stderr."""
    m = machine()
    head = {"date": m["date"], "cpu": cpu_model(), "blas": m["blas"], "loadavg": loadavg()}
    out: dict[str, Any] = {}
    for t in threads:
        env = dict(os.environ, PYTHONHASHSEED=HASHSEED)
        for var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
            env[var] = str(t)
        cmd = [PYTHON, script, "--child", *args]
        proc = subprocess.run(cmd, env=env, capture_output=True, text=True, cwd=ROOT)
        if proc.returncode != 0:
            raise RuntimeError(f"{Path(script).name} at {t} thread(s):\n{proc.stderr}")
        out[str(t)] = json.loads(proc.stdout)
    return out, head


# ---------------------------------------------------------------------------
# README sections: <!-- BEGIN name --> ... <!-- END name -->


def section(name: str, body: str) -> str:
    return f"<!-- BEGIN {name} -->\n{body.rstrip()}\n<!-- END {name} -->\n"


def read_section(text: str, name: str) -> str | None:
    m = re.search(rf"<!-- BEGIN {name} -->\n(.*?)<!-- END {name} -->", text, re.S)
    return m.group(1) if m else None


def replace_section(name: str, body: str) -> None:
    """Replace one section of README.md in place (append it if missing)."""
    text = README.read_text() if README.exists() else ""
    new = section(name, body)
    if read_section(text, name) is not None:
        text = re.sub(
            rf"<!-- BEGIN {name} -->\n.*?<!-- END {name} -->\n?", lambda _: new, text, flags=re.S
        )
    else:
        text = text.rstrip() + ("\n\n" if text else "") + new
    README.write_text(text)


# ---------------------------------------------------------------------------
# Noise: other processes on this (shared, 2-core) machine.


def _cpu_times() -> tuple[int, int]:
    """(busy, total) jiffies over all CPUs, from /proc/stat."""
    fields = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = fields[3] + (fields[4] if len(fields) > 4 else 0)  # idle + iowait
    return sum(fields) - idle, sum(fields)


def busy_fraction(window_s: float = 0.5) -> float:
    """Fraction of all CPUs busy over the next window_s seconds (0 where unknown)."""
    try:
        b0, t0 = _cpu_times()
        time.sleep(window_s)
        b1, t1 = _cpu_times()
        return (b1 - b0) / max(1, t1 - t0)
    except (OSError, ValueError, IndexError):
        return 0.0


def wait_for_quiet(max_busy: float, max_wait_s: float) -> tuple[float, float]:
    """Wait (at most max_wait_s) until the machine's other load is at most max_busy.

    Returns (busy fraction last seen, seconds waited). Only rounds started on a quiet
    machine are fair to both sides; the wait is bounded so a busy machine still ends.
    """
    t0 = time.perf_counter()
    while True:
        b = busy_fraction()
        waited = time.perf_counter() - t0
        if b <= max_busy or waited >= max_wait_s:
            return b, waited

"""The progress line: on a terminal (a pty) it shows the loop and its iterations and is
cleared at the end; into a pipe, and in --stats output, there is none."""

from __future__ import annotations

import os
import pty
import re
import subprocess
import sys
import time
from pathlib import Path

from amls.interpreter.progress import Progress, progress_for

PROG = Path(__file__).parent / "data" / "progress_loop.mlir"
AMLS_RUN = str(Path(sys.executable).parent / "amls-run")
ENV = {**os.environ, "AMLS_PROGRESS_AFTER": "0.1"}  # the loop runs ~0.7 s
LINE = re.compile(
    r"amls-run: @main > scf\.for \(progress_loop\.mlir:10\) iter (\d+)/20000 \| [\d.]+ s"
)


def _run_on_pty(*args: str) -> tuple[str, str, int]:
    """Run amls-run with stderr on a pty; (stdout, what the terminal got, exit code)."""
    master, slave = pty.openpty()
    proc = subprocess.Popen(
        [AMLS_RUN, str(PROG), *args], stdout=subprocess.PIPE, stderr=slave, env=ENV
    )
    os.close(slave)
    got = b""
    while True:
        try:
            chunk = os.read(master, 4096)
        except OSError:  # EIO: the child closed the pty
            break
        if not chunk:
            break
        got += chunk
    os.close(master)
    out = proc.stdout.read().decode() if proc.stdout else ""
    return out, got.decode(errors="replace"), proc.wait(timeout=120)


def test_progress_line_on_a_terminal() -> None:
    out, tty, rc = _run_on_pty("-O0")
    assert rc == 0, tty
    iters = [int(m.group(1)) for m in LINE.finditer(tty)]
    assert iters, f"no progress line in {tty!r}"
    assert iters == sorted(iters) and iters[-1] > 0
    assert "\r\x1b[K" in tty and tty.rstrip("\n").endswith("\x1b[K")  # cleared at the end
    assert "amls-run:" not in out and out.startswith("result_0 : f64 = ")


def test_no_progress_into_a_pipe_or_in_stats() -> None:
    proc = subprocess.run(
        [AMLS_RUN, str(PROG), "-O0", "--stats"], capture_output=True, text=True, env=ENV
    )
    assert proc.returncode == 0, proc.stderr
    assert "iter" not in proc.stderr and "\x1b" not in proc.stderr
    assert "\x1b" not in proc.stdout and "amls-run:" not in proc.stdout
    assert "== ops ==" in proc.stdout


def test_progress_only_for_a_terminal(tmp_path: Path) -> None:
    with open(tmp_path / "err", "w") as f:
        assert progress_for("main", f) is None


def test_line_names_calls_loops_and_dist_tasks() -> None:
    class Fut:
        def __init__(self, done: bool) -> None:
            self._done = done

        def done(self) -> bool:
            return self._done

    class Blocks:
        futures = {(0, 0): Fut(True), (1, 0): Fut(False), (2, 0): Fut(True)}

    with open(os.devnull, "w") as sink:
        p = Progress("main", sink, after=0.0)
    p.dist_op("phys.matmul dist cpmm", Blocks())
    line = p.line()
    assert line.startswith("amls-run: @main | phys.matmul dist cpmm 2/3 tasks | ")
    p.t0 = time.perf_counter() - 3.0
    assert p.line().endswith("3.0 s")
    # A narrow terminal cuts the middle of the location, never the tasks or the time.
    p.entry = "a_function_with_a_rather_long_name_for_the_line"
    narrow = p.line(60)
    assert len(narrow) <= 59 and "\u2026" in narrow
    assert narrow.endswith("| phys.matmul dist cpmm 2/3 tasks | 3.0 s")


def test_dashboard_needs_the_dask_backend() -> None:
    proc = subprocess.run([AMLS_RUN, str(PROG), "--dashboard"], capture_output=True, text=True)
    assert proc.returncode == 2 and not proc.stdout
    assert proc.stderr.strip() == "amls-run: error: --dashboard needs --backend dask"

"""A progress line on a terminal for runs longer than a couple of seconds.

    amls-run: @main > scf.for (prog.mlir:12) iter 37 | phys.matmul dist cpmm 3/8 tasks | 4.2 s

`Progress` is an interpreter listener that keeps the stack of functions and loops the run
is in and counts each loop's iterations (the scf.yield ops its body runs); a daemon thread
redraws one line on the stream (stderr) every `period` seconds once `after` seconds have
passed, and `stop` clears it. The tool adds it only when the stream is a terminal, so a
run into a pipe or a file (and --stats, which prints to stdout) pays nothing, not even
the listener call per op. The Dask session reports each dist op's output blocks
(`dist_op`), and the line shows how many of the latest ops' block tasks are done.
"""

from __future__ import annotations

import os
import threading
import time
from typing import Any, TextIO

from xdsl.dialects import func, scf
from xdsl.interpreter import Interpreter, PythonValues
from xdsl.ir import Operation

from amls.dialects.locations import file_line_col

AFTER_ENV = "AMLS_PROGRESS_AFTER"
"""Seconds before the line appears (default 2; tests set it lower)."""

_CONTAINERS = (scf.ForOp, scf.WhileOp, scf.IfOp, func.CallOp)
_LOOPS = (scf.ForOp, scf.WhileOp)


def _where(op: Operation) -> str:
    loc = file_line_col(op.location)
    if loc is not None:
        return f" ({os.path.basename(loc.filename.data)}:{loc.line.data})"
    return ""


def _trips(op: Operation, args: PythonValues) -> int | None:
    """How often an scf.for runs, from its lb, ub and step (its first operands)."""
    try:
        lb, ub, step = (int(a) for a in args[:3])
    except (TypeError, ValueError):
        return None
    return max(0, -(-(ub - lb) // step)) if step > 0 else None


class Progress(Interpreter.Listener):
    """The run's position (functions, loops and their iterations) and a line drawing it."""

    def __init__(
        self, entry: str, stream: TextIO, after: float | None = None, period: float = 0.25
    ) -> None:
        self.entry = entry
        self.stream = stream
        self.after = float(os.environ.get(AFTER_ENV, "2")) if after is None else after
        self.period = period
        self.stack: list[list[Any]] = []  # [op, iterations, trips if known]
        self.dist: list[tuple[str, list[Any]]] = []  # latest dist ops and their futures
        self.t0 = time.perf_counter()
        self.drawn = False
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._loop, name="amls-progress", daemon=True)

    # -- the listener (per op: one type test; containers push and pop)

    def will_interpret_op(self, op: Operation, args: PythonValues) -> None:
        t = type(op)
        if t in _CONTAINERS:
            self.stack.append([op, 0, _trips(op, args) if t is scf.ForOp else None])
        elif t is scf.YieldOp and self.stack:
            self.stack[-1][1] += 1

    def did_interpret_op(self, op: Operation, results: PythonValues) -> None:
        if type(op) in _CONTAINERS and self.stack:
            self.stack.pop()

    # -- the Dask session's hook

    def dist_op(self, label: str, value: Any) -> None:
        futures = getattr(value, "futures", None)
        if isinstance(futures, dict) and futures:
            self.dist = [*self.dist[-3:], (label, list(futures.values()))]

    # -- the line

    def start(self) -> Progress:
        self.t0 = time.perf_counter()
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        self._thread.join()
        if self.drawn:
            self.stream.write("\r\x1b[K")
            self.stream.flush()

    def line(self, width: int | None = None) -> str:
        """The progress line, at most `width` - 1 columns: what does not fit is cut from the
        middle of the location stack, so the dist tasks and the elapsed time stay."""
        head, tail = self._parts()
        if width is None or len(head) + len(tail) <= width - 1:
            return head + tail
        room = width - 1 - len(tail) - 1
        if room >= 12:
            keep = room // 2
            return head[: room - keep] + "\u2026" + head[len(head) - keep :] + tail
        return (head + tail)[: max(width - 1, 20)]

    def _parts(self) -> tuple[str, str]:
        parts = [f"@{self.entry}"]
        for op, n, total in list(self.stack):
            if isinstance(op, func.CallOp):
                parts.append(f"@{op.callee.root_reference.data}")
            elif isinstance(op, _LOOPS):
                of = f"/{total}" if total is not None else ""
                parts.append(f"{op.name}{_where(op)} iter {n}{of}")
        head = "amls-run: " + " > ".join(parts)
        tail = ""
        for label, futs in list(self.dist):
            done = sum(1 for f in futs if f.done())
            if done < len(futs):
                tail += f" | {label} {done}/{len(futs)} tasks"
        return head, f"{tail} | {time.perf_counter() - self.t0:.1f} s"

    def _loop(self) -> None:
        if self._stop.wait(self.after):
            return
        while True:
            width = _width(self.stream)
            try:
                self.stream.write("\r\x1b[K" + self.line(width))
                self.stream.flush()
                self.drawn = True
            except (OSError, ValueError):  # the terminal went away
                return
            if self._stop.wait(self.period):
                return


def _width(stream: TextIO) -> int:
    """Columns of the terminal the line is drawn on (100 where it does not say)."""
    try:
        cols = os.get_terminal_size(stream.fileno()).columns
    except (OSError, ValueError, AttributeError):
        cols = 0
    return cols or 100


def progress_for(entry: str, stream: TextIO) -> Progress | None:
    """A Progress on `stream` if it is a terminal (else None: nothing is added to the run)."""
    try:
        tty = stream.isatty()
    except (AttributeError, ValueError):
        tty = False
    return Progress(entry, stream) if tty else None

"""`--plan-dot / --plan-svg / --plan-png FILE` for amls-opt and amls-run (tools/plan_dot.py).

The flags, their check before anything runs (a missing `dot` is one line saying how to
install it, exit 2), the listener amls-run measures each op's time with, and the writing.
"""

from __future__ import annotations

import argparse
import shutil
import time
from collections.abc import Sequence
from typing import Any

from xdsl.interpreter import Interpreter, PythonValues
from xdsl.ir import Operation

from amls.tools.common import UserError, check_writable

FORMATS = ("dot", "svg", "png")


def add_plan_arguments(p: Any, what: str) -> None:
    """Register the flags on an argparse parser; `what` says which plan is drawn."""
    p.add_argument(
        "--plan-dot", metavar="FILE", help=f"write {what} as Graphviz DOT (one node per op)"
    )
    for fmt in ("svg", "png"):
        p.add_argument(
            f"--plan-{fmt}", metavar="FILE", help=f"render {what} to {fmt.upper()} (needs `dot`)"
        )


def requested(args: argparse.Namespace) -> dict[str, str]:
    """format -> file of the plan pictures asked for."""
    return {f: getattr(args, f"plan_{f}") for f in FORMATS if getattr(args, f"plan_{f}", None)}


def check_plan_arguments(args: argparse.Namespace, tool: str) -> None:
    """Before anything runs: each file can be written, and rendering needs Graphviz's dot."""
    wanted = requested(args)
    for path in wanted.values():
        check_writable(path)
    if any(f != "dot" for f in wanted) and shutil.which("dot") is None:
        from amls.tools.plan_dot import INSTALL_DOT  # its size analysis: only when used

        raise UserError(
            f"{tool}: error: --plan-{next(f for f in wanted if f != 'dot')}: {INSTALL_DOT}", 2
        )


def write_plans(
    args: argparse.Namespace, plans: Sequence[tuple[str, Any]], times: Any = None
) -> None:
    from amls.tools.plan_dot import plan_dot, render

    wanted = requested(args)
    if not wanted:
        return
    text = plan_dot(plans, times)
    for fmt, path in wanted.items():
        try:
            if fmt == "dot":
                with open(path, "w") as f:
                    f.write(text)
            else:
                render(text, path, fmt)
        except OSError as e:
            raise UserError(f"cannot write '{path}': {e.strerror or e}") from e
        except RuntimeError as e:
            raise UserError(f"--plan-{fmt} {path}: dot failed: {e}") from e


class OpTimer(Interpreter.Listener):
    """Seconds and runs per op (not per kind, as --stats): the plan picture's times."""

    def __init__(self) -> None:
        from amls.tools.plan_dot import OpTimes

        self.times = OpTimes()
        self._stack: list[float] = []

    def will_interpret_op(self, op: Operation, args: PythonValues) -> None:
        self._stack.append(time.perf_counter())

    def did_interpret_op(self, op: Operation, results: PythonValues) -> None:
        t = time.perf_counter() - self._stack.pop()
        self.times.seconds[op] = self.times.seconds.get(op, 0.0) + t
        self.times.runs[op] = self.times.runs.get(op, 0) + 1

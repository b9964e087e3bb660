"""amls-run's progress line and `--dashboard` (interpreter/progress.py draws the line)."""

from __future__ import annotations

import argparse
import contextlib
import importlib.util
import sys
from collections.abc import Iterator
from typing import Any

from amls.tools.common import UserError


def add_progress_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--dashboard",
        action="store_true",
        help="with --backend dask: serve Dask's dashboard and print its address to stderr "
        "(a LocalCluster's needs bokeh)",
    )


def check_progress_arguments(args: argparse.Namespace) -> None:
    """Before anything runs."""
    if not args.dashboard:
        return
    if args.backend != "dask":
        raise UserError("amls-run: error: --dashboard needs --backend dask", 2)
    if not args.scheduler and importlib.util.find_spec("bokeh") is None:
        raise UserError(
            "amls-run: error: --dashboard: Dask's dashboard needs bokeh: pip install 'bokeh>=3.1'",
            2,
        )


def announce_dashboard(args: argparse.Namespace, client: Any) -> None:
    if args.dashboard:
        link = getattr(client, "dashboard_link", None)
        print(
            f"amls-run: Dask dashboard at {link or '(none: the scheduler serves none)'}",
            file=sys.stderr,
            flush=True,
        )


@contextlib.contextmanager
def progress_line(entry: str, listeners: list[Any], session: Any) -> Iterator[None]:
    """Show the progress line on stderr while the body runs, if stderr is a terminal."""
    from amls.interpreter.progress import progress_for

    progress = progress_for(entry, sys.stderr)
    if progress is None:
        yield
        return
    listeners.append(progress)
    if session is not None:
        session.progress = progress
    progress.start()
    try:
        yield
    finally:
        progress.stop()

"""The naive script's data generator and report, so both time the same data the same way."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

NAIVE = Path(__file__).resolve().parent.parent / "naive"
sys.path.insert(0, str(NAIVE))  # naive scripts import their _common

from _common import report  # noqa: E402


def naive(example: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"naive_{example}", NAIVE / f"{example}.py")
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


__all__ = ["naive", "report"]

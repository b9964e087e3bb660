"""xDSL's interpreter functions for the upstream dialects amls runs: arith, builtin, func, scf.

xdsl/interpreters/__init__.py (0.74) imports every interpreter xDSL has (riscv, snitch,
linalg, pdl, ... and their dialects): most of amls-run's start-up, for ops amls never
runs. `import xdsl.interpreters.arith` executes that __init__ first, so here the package
is entered in sys.modules without running it, and the four modules load on their own.
The package's own names (`register_implementations`, `xdsl.interpreters.riscv`, ...)
stay available: the first access to one runs the real __init__ into the same module.
"""

from __future__ import annotations

import importlib.util
import sys
from types import ModuleType
from typing import Any

PACKAGE = "xdsl.interpreters"


def _enter_package() -> None:
    """Put xdsl.interpreters in sys.modules with its __path__ but without its __init__."""
    if PACKAGE in sys.modules:
        return
    spec = importlib.util.find_spec(PACKAGE)
    assert spec is not None and spec.loader is not None
    package = importlib.util.module_from_spec(spec)  # __path__ set, body not run
    loader = spec.loader

    def complete(name: str) -> Any:
        if name.startswith("__"):  # probes (__wrapped__, ...) need not load everything
            raise AttributeError(name)
        # Someone wants the package itself: run its __init__ now (it imports the rest).
        del package.__dict__["__getattr__"]
        loader.exec_module(package)
        try:
            return package.__dict__[name]
        except KeyError:
            raise AttributeError(f"module '{PACKAGE}' has no attribute '{name}'") from None

    package.__dict__["__getattr__"] = complete
    sys.modules[PACKAGE] = package
    parent: ModuleType = importlib.import_module("xdsl")
    parent.interpreters = package  # as the import system does for a submodule


_enter_package()

from xdsl.interpreters.arith import ArithFunctions  # noqa: E402
from xdsl.interpreters.builtin import BuiltinFunctions  # noqa: E402
from xdsl.interpreters.func import FuncFunctions  # noqa: E402
from xdsl.interpreters.scf import ScfFunctions  # noqa: E402

__all__ = ["ArithFunctions", "BuiltinFunctions", "FuncFunctions", "ScfFunctions"]

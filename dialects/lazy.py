"""Registrations for upstream ops whose dialect module may never be imported.

xDSL's `math` dialect costs ~15 ms to import (its ops' assembly formats are parsed at
class creation), and a program without a math op never needs it. Tables keyed by op class
(kernels, value rules, speculation) name such ops as "math.ExpOp" instead of the class:
`upstream_op` resolves the name and registers the entry when xdsl.dialects.math is
imported, by whom ever (the context's dialect factory, a frontend, a test), or at once if
it already is.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import sys
from collections.abc import Callable, Sequence
from types import ModuleType
from typing import Any

UPSTREAM_PACKAGE = "xdsl.dialects"

_PENDING: dict[str, list[Callable[[ModuleType], None]]] = {}


class _PostImportFinder(importlib.abc.MetaPathFinder):
    """Finds nothing itself: wraps the loader of a pending module so that its
    registrations run right after the module's body."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname not in _PENDING:
            return None
        for finder in sys.meta_path:
            find = getattr(finder, "find_spec", None)
            if finder is self or find is None:
                continue
            spec = find(fullname, path, target)
            if spec is not None:
                break
        else:
            return None
        loader = spec.loader
        if loader is None or not hasattr(loader, "exec_module"):
            return spec
        exec_body = loader.exec_module

        def exec_module(module: ModuleType) -> None:
            exec_body(module)
            for callback in _PENDING.pop(fullname, []):
                callback(module)

        loader.exec_module = exec_module  # type: ignore[method-assign]
        return spec


_FINDER = _PostImportFinder()


def when_imported(module_name: str, callback: Callable[[ModuleType], None]) -> None:
    """Call `callback(module)` once `module_name` is imported (now, if it is)."""
    module = sys.modules.get(module_name)
    if module is not None:
        callback(module)
        return
    _PENDING.setdefault(module_name, []).append(callback)
    if _FINDER not in sys.meta_path:
        sys.meta_path.insert(0, _FINDER)


def upstream_op(spec: str, register: Callable[[type[Any]], None]) -> None:
    """`register(cls)` for the op class `spec` ("math.ExpOp": xdsl.dialects.math.ExpOp)
    once its module is imported."""
    dialect, cls_name = spec.split(".", 1)
    when_imported(f"{UPSTREAM_PACKAGE}.{dialect}", lambda m: register(getattr(m, cls_name)))

"""Passes. `PASSES` maps a pass name (as used with `-p`) to a factory of its class.

One pass per file. amls's own passes are listed in `_BUILTIN` (imported only
when used, to keep start-up fast); plugins call `register_pass`.
"""

import importlib
from collections.abc import Callable

from xdsl.passes import ModulePass

PassFactory = Callable[[], type[ModulePass]]

_BUILTIN: dict[str, str] = {
    "size-inference": "amls.passes.size_inference:SizeInferencePass",
}


def _lazy(path: str) -> PassFactory:
    def load() -> type[ModulePass]:
        module, cls = path.split(":")
        return getattr(importlib.import_module(module), cls)

    return load


PASSES: dict[str, PassFactory] = {name: _lazy(path) for name, path in _BUILTIN.items()}


def register_pass(cls: type[ModulePass]) -> type[ModulePass]:
    """Class decorator (or call) that makes a pass available to amls-opt and amls-run."""
    PASSES[cls.name] = lambda: cls
    return cls


# Optimisation levels, as pipeline specs. Each level only names passes that exist.
PIPELINES: dict[str, str] = {
    "O0": "",
    "O1": "size-inference,cse",
    "O2": "size-inference,cse",
}

"""Passes. `PASSES` maps a pass name (as used with `-p`) to a factory of its class.

One pass per file; a new pass registers itself with `register_pass` and is
listed in `_BUILTIN` below so the tools find it without importing every pass
at start-up.
"""

from collections.abc import Callable

from xdsl.passes import ModulePass

PassFactory = Callable[[], type[ModulePass]]

PASSES: dict[str, PassFactory] = {}


def register_pass(cls: type[ModulePass]) -> type[ModulePass]:
    """Class decorator (or call) that makes a pass available to amls-opt and amls-run."""
    PASSES[cls.name] = lambda: cls
    return cls


# Optimisation levels, as pipeline specs. Each level only names passes that exist.
PIPELINES: dict[str, str] = {
    "O0": "",
    "O1": "cse",
    "O2": "cse",
}

"""Passes. `PASSES` maps a pass name (as used with `-p`) to a factory of its class.

One pass per file. amls's own passes are listed in `_BUILTIN` (imported only
when used, to keep start-up fast); plugins call `register_pass`. lower-to-phys is
lowering's, and the pipelines (-O levels) are amls.lowering.pipeline's.
"""

import importlib
from collections.abc import Callable

from xdsl.passes import ModulePass

PassFactory = Callable[[], type[ModulePass]]


class PassOptionError(ValueError):
    """A pass option with a value the pass cannot take: the user's error, raised when the
    pass is built from its spec (`-p NAME{opt=value}`), so before anything runs."""


def _option(field: str) -> str:
    return field.replace("_", "-")


def at_least(p: ModulePass, field: str, lo: int, meaning: str = "") -> None:
    """Check option `field` of pass p is >= lo (`meaning`: what the bound values mean)."""
    value = getattr(p, field)
    if value < lo:
        extra = f" ({meaning})" if meaning else ""
        raise PassOptionError(f"{p.name}: {_option(field)} must be >= {lo}{extra}, got {value}")


def one_of(p: ModulePass, field: str, choices: tuple[str, ...]) -> None:
    value = getattr(p, field)
    if value not in choices:
        shown = ", ".join(c or "''" for c in choices)
        raise PassOptionError(f"{p.name}: {_option(field)} must be one of {shown}, got '{value}'")


_BUILTIN: dict[str, str] = {
    "size-inference": "amls.passes.size_inference:SizeInferencePass",
    "ipa": "amls.passes.ipa:IpaPass",
    "simplify-static": "amls.passes.simplify:SimplifyStaticPass",
    "simplify-dynamic": "amls.passes.simplify:SimplifyDynamicPass",
    "constant-fold": "amls.passes.constant_fold:ConstantFoldPass",
    "cse": "amls.passes.cse:CsePass",
    "licm": "amls.passes.licm:LicmPass",
    "mmchain": "amls.passes.mmchain:MmchainPass",
    "rewrite-fixpoint": "amls.passes.rewrite_fixpoint:RewriteFixpointPass",
    "phys-opt": "amls.passes.phys_opt:PhysOptPass",
    "outline-loops": "amls.passes.outline_loops:OutlineLoopsPass",
    "annotate-value-facts": "amls.passes.value_facts:AnnotateValueFactsPass",
}


def lazy_pass(path: str) -> PassFactory:
    """A factory importing `module:Class` when first called (start-up stays fast)."""

    def load() -> type[ModulePass]:
        module, cls = path.split(":")
        return getattr(importlib.import_module(module), cls)

    return load


PASSES: dict[str, PassFactory] = {name: lazy_pass(path) for name, path in _BUILTIN.items()}


def register_pass(cls: type[ModulePass]) -> type[ModulePass]:
    """Class decorator (or call) that makes a pass available to amls-opt and amls-run."""
    PASSES[cls.name] = lambda: cls
    return cls

"""Passes. `PASSES` maps a pass name (as used with `-p`) to a factory of its class.

One pass per file. amls's own passes are listed in `_BUILTIN` (imported only
when used, to keep start-up fast); plugins call `register_pass`. lower-to-phys is
lowering's, and the pipelines (-O levels) are amls.lowering.pipeline's.
"""

import importlib
import re
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


_UNIT_SHIFT = {"K": 10, "M": 20, "G": 30, "T": 40}
_BYTES = re.compile(r"(\d+(?:\.\d*)?|\.\d+)(E[+-]?\d+)?\s*(?:([KMGT])I?B|B)?")
BYTES_HELP = "e.g. 1000, 1.5e9, 500KB, 1.5MB, 2GiB; KB = KiB = 1024 bytes"


def parse_bytes(text: str | float) -> int:
    """A byte count as users write it: 1000, 1.5e9, 500KB, 1.5MB, 2GiB (binary units: KB and
    KiB are both 1024 bytes, as amls-run --memory-budget); ValueError if it is none."""
    m = _BYTES.fullmatch(str(text).strip().upper())
    if m is None:
        raise ValueError(f"not a byte count: '{text}' ({BYTES_HELP})")
    value = float(m.group(1) + (m.group(2) or "")) * (1 << _UNIT_SHIFT.get(m.group(3) or "", 0))
    if value == float("inf"):
        raise ValueError(f"not a byte count: '{text}' ({BYTES_HELP})")
    return int(value)


def byte_size(p: ModulePass, field: str, lo: int = 0, meaning: str = "") -> None:
    """Option `field` of p as a byte count: an int, a float (`1.5e9`) or a string with a unit
    (`1.5MB`, `2GiB`: parse_bytes), stored back as an int; at least lo."""
    value = getattr(p, field)
    if isinstance(value, str | float):
        try:
            object.__setattr__(p, field, parse_bytes(value))  # the passes are frozen
        except ValueError as e:
            raise PassOptionError(f"{p.name}: {_option(field)}: {e}") from None
    at_least(p, field, lo, meaning)


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


_OWN_ELSEWHERE: dict[str, str] = {}  # amls's passes above this layer (reserve_pass)
_REGISTERED: dict[str, str] = {}  # plugin pass name -> "module.Class" that registered it


def reserve_pass(name: str, module_class: str) -> None:
    """A pass name of amls's own defined in a layer above (lowering's lower-to-phys):
    a plugin cannot take it."""
    _OWN_ELSEWHERE[name] = module_class


def register_pass(cls: type[ModulePass]) -> type[ModulePass]:
    """Class decorator (or call) that makes a pass available to amls-opt and amls-run.
    A name amls or another plugin already uses is an error (as in MLIR), never a silent
    replacement inside the -O pipelines; the same class registered again is fine."""
    name = getattr(cls, "name", None)
    if not isinstance(name, str) or not name:
        raise ValueError(f'register_pass: {cls.__qualname__} needs a `name = "..."`')
    who = f"{cls.__module__}.{cls.__qualname__}"
    own = _BUILTIN.get(name) or _OWN_ELSEWHERE.get(name)
    if own is not None and own != f"{cls.__module__}:{cls.__qualname__}":
        raise ValueError(f"pass '{name}' is already amls's own; give {who} another name")
    if _REGISTERED.get(name, who) != who:
        raise ValueError(f"pass '{name}' is already registered by {_REGISTERED[name]}")
    _REGISTERED[name] = who
    PASSES[name] = lambda: cls
    return cls

"""Value facts in the IR: what a function argument's values are known to satisfy.

Beside the size facts of the types (dims, nnz), an argument may state facts about its
values as MLIR argument attributes on func.func, and a module may carry the fast-math
licence:

    func.func @main(%X: !matrix.mat<?x?xf64> {matrix.finite},
                    %y: !matrix.mat<?x1xf64> {matrix.absmax = 1.0 : f64})
    builtin.module attributes {amls.assume_finite} { ... }

`matrix.finite` (unit): no NaN or Inf. `matrix.absmax = B : f64`: every |x| <= B, which
implies finite. `amls.assume_finite` (unit, on the module): every value may be taken as
finite (LLVM's nnan/ninf). A claim is stated by the user (amls-run checks it at entry) or
by amls-run from the data it loaded; the analysis reads them through `arg_facts`.
"""

from __future__ import annotations

import math
import sys
from dataclasses import dataclass

from xdsl.dialects import func
from xdsl.dialects.builtin import (
    ArrayAttr,
    DictionaryAttr,
    FloatAttr,
    IntegerAttr,
    ModuleOp,
    UnitAttr,
    f64,
)
from xdsl.ir import Attribute
from xdsl.utils.exceptions import VerifyException

FINITE_ATTR = "matrix.finite"
ABSMAX_ATTR = "matrix.absmax"
ASSUME_FINITE_ATTR = "amls.assume_finite"
CHECK_CLAIMS_ATTR = "amls.check_claims"
"""On a function that is not the entry: its arguments state value facts the user claimed,
which the interpreter checks on every call (the entry's are checked as its arguments
load), so that a false claim is an error, never a wrong answer (amls-run sets it)."""


@dataclass(frozen=True)
class ArgFacts:
    """Value facts of one argument: `finite`, and `absmax` (every |x| <= absmax)."""

    finite: bool = False
    absmax: float | None = None

    def __post_init__(self) -> None:
        if self.absmax is not None and not (math.isfinite(self.absmax) and self.absmax >= 0):
            raise ValueError(f"absmax must be a finite number >= 0, got {self.absmax}")

    @property
    def is_finite(self) -> bool:
        return self.finite or self.absmax is not None

    def meet(self, other: ArgFacts) -> ArgFacts:
        """Both sets of facts at once (the tighter bound)."""
        bounds = [b for b in (self.absmax, other.absmax) if b is not None]
        return ArgFacts(self.finite or other.finite, min(bounds) if bounds else None)

    def text(self) -> str:
        """As the argument attributes read: `{matrix.finite, matrix.absmax = 1.0}`."""
        parts = [FINITE_ATTR] if self.finite else []
        if self.absmax is not None:
            parts.append(f"{ABSMAX_ATTR} = {self.absmax!r}")
        return "{" + ", ".join(parts) + "}"


def facts_from_dict(attrs: dict[str, Attribute], where: str) -> ArgFacts:
    """The value facts in one argument's attribute dictionary; a malformed one raises
    VerifyException naming `where`."""
    finite = attrs.get(FINITE_ATTR)
    if finite is not None and not isinstance(finite, UnitAttr):
        raise VerifyException(f"{where}: {FINITE_ATTR} takes no value, got {finite}")
    bound = attrs.get(ABSMAX_ATTR)
    absmax: float | None = None
    if bound is not None:
        if isinstance(bound, FloatAttr | IntegerAttr):
            absmax = float(bound.value.data)
        if absmax is None or not math.isfinite(absmax) or absmax < 0:
            raise VerifyException(
                f"{where}: {ABSMAX_ATTR} must be a finite number >= 0 (e.g. "
                f"{{{ABSMAX_ATTR} = 1.0 : f64}}), got {bound}"
            )
    return ArgFacts(finite is not None, absmax)


def arg_facts(fn: func.FuncOp, index: int) -> ArgFacts:
    """The value facts stated on argument `index` of fn (none: ArgFacts())."""
    if fn.arg_attrs is None:
        return ArgFacts()
    attrs = fn.arg_attrs.data[index].data
    return facts_from_dict(dict(attrs), f"@{fn.sym_name.data} argument #{index}")


def set_arg_facts(fn: func.FuncOp, index: int, facts: ArgFacts) -> None:
    """State `facts` on argument `index` of fn (replacing any stated before); the
    argument's other attributes are kept."""
    n = len(fn.function_type.inputs.data)
    dicts = [dict(d.data) for d in fn.arg_attrs.data] if fn.arg_attrs else [{} for _ in range(n)]
    d = {k: v for k, v in dicts[index].items() if k not in (FINITE_ATTR, ABSMAX_ATTR)}
    if facts.finite:
        d[FINITE_ATTR] = UnitAttr()
    if facts.absmax is not None:
        d[ABSMAX_ATTR] = FloatAttr(facts.absmax, f64)
    dicts[index] = d
    fn.arg_attrs = ArrayAttr([DictionaryAttr(x) for x in dicts]) if any(dicts) else None


def pow2_ceil(m: float) -> float:
    """The least power of two >= m (0 for 0; the largest double at the top): a stable,
    sound bound on max |x| for signatures and stated facts."""
    if m <= 0:
        return 0.0
    frac, exp = math.frexp(m)
    if frac == 0.5:
        return m
    try:
        return math.ldexp(1.0, exp)
    except OverflowError:
        return sys.float_info.max


def assumes_finite(module: ModuleOp) -> bool:
    """Whether the module carries the fast-math licence (every value finite)."""
    return ASSUME_FINITE_ATTR in module.attributes


def set_assume_finite(module: ModuleOp) -> None:
    module.attributes[ASSUME_FINITE_ATTR] = UnitAttr()


def mark_claims(module: ModuleOp, entry: str) -> None:
    """Mark every function but `entry` whose arguments state value facts with
    CHECK_CLAIMS_ATTR: what the user claimed there is checked on each call."""
    for fn in module.walk():
        if not isinstance(fn, func.FuncOp) or fn.sym_name.data == entry:
            continue
        n = len(fn.function_type.inputs.data)
        if fn.arg_attrs is not None and any(arg_facts(fn, i).is_finite for i in range(n)):
            fn.attributes[CHECK_CLAIMS_ATTR] = UnitAttr()

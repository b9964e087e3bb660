"""Passes `simplify-static` and `simplify-dynamic`: a rule table applied to a fixpoint.

Both are one implementation, `SimplifyPass`, over a different table
(rewrite/rules_static.py: size-independent; rewrite/rules_dynamic.py: size-dependent).
rewrite-fixpoint's round runs both tables as one walker (`SimplifyBothPass`), so a static
rule enabled by a dynamic one (or the reverse) fires in the same round.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass

from amls.passes import at_least, register_pass
from amls.passes.rewrite.driver import Rule, apply_rules
from amls.passes.rewrite.registry import plugin_rules
from amls.passes.rewrite.rules_dynamic import DYNAMIC_RULES
from amls.passes.rewrite.rules_static import STATIC_RULES
from amls.passes.rewrite.trace import Traced


@dataclass(frozen=True)
class SimplifyPass(Traced, ModulePass):
    """Apply `rules` until none applies, at most `max_rewrites` times."""

    rules: ClassVar[Sequence[Rule]] = ()
    tables: ClassVar[tuple[str, ...]] = ()
    """The tables whose plugin rules (rewrite/registry.py) run after `rules`."""
    bound_warning: ClassVar[str] = "{name}: warning: stopped after {n} rewrites"

    max_rewrites: int = 10000
    """Stop after this many rewrites, with a warning (a bound against rules that cycle)."""

    def __post_init__(self) -> None:
        at_least(self, "max_rewrites", 1)

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        self.trace.clear()
        apply_rules(op, (*self.rules, *plugin_rules(*self.tables)), self.trace, self.max_rewrites)
        if self.trace.bound_hit:
            print(self.bound_warning.format(name=self.name, n=self.max_rewrites), file=sys.stderr)


@register_pass
@dataclass(frozen=True)
class SimplifyStaticPass(SimplifyPass):
    name = "simplify-static"
    rules = STATIC_RULES
    tables = ("static",)


@register_pass
@dataclass(frozen=True)
class SimplifyDynamicPass(SimplifyPass):
    name = "simplify-dynamic"
    rules = DYNAMIC_RULES
    tables = ("dynamic",)


@dataclass(frozen=True)
class SimplifyBothPass(SimplifyPass):
    """Both tables as one walker (static rules are tried first on each op, as when the
    passes run one after the other); rewrite-fixpoint's `simplify` step."""

    name = "simplify"
    rules = (*STATIC_RULES, *DYNAMIC_RULES)
    tables = ("static", "dynamic")
    bound_warning = "rewrite-fixpoint: warning: simplify stopped after {n} rewrites"

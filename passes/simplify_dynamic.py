"""Pass `simplify-dynamic`: the size-dependent rules of rules_dynamic.py."""

from __future__ import annotations

import sys
from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass

from amls.passes import at_least, register_pass
from amls.passes.rewrite_engine import RuleEngine
from amls.passes.rules_dynamic import DYNAMIC_RULES


@register_pass
@dataclass(frozen=True)
class SimplifyDynamicPass(ModulePass):
    name = "simplify-dynamic"

    max_rewrites: int = 10000

    def __post_init__(self) -> None:
        at_least(self, "max_rewrites", 1)

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        trace = RuleEngine(DYNAMIC_RULES, self.max_rewrites).apply(op)
        if trace.bound_hit:
            print(
                f"{self.name}: warning: stopped after {self.max_rewrites} rewrites", file=sys.stderr
            )

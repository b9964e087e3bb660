"""Pass `annotate-value-facts`: write each value's value facts on its op, for tests.

As MLIR's test passes print an analysis, this one shows what the value-fact rules
prove: every op with results gets `amls.value_facts = ["|x| <= 40", ...]`, one entry
per result (values.py ValueFacts.text). Loop-carried and function arguments are shown
on the op that owns them as `amls.arg_facts`. The attributes are discardable: nothing
reads them.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ArrayAttr, ModuleOp, StringAttr
from xdsl.passes import ModulePass

from amls.passes import register_pass
from amls.passes.sizes.values import analyze_values, of_type

VALUE_ATTR = "amls.value_facts"
ARG_ATTR = "amls.arg_facts"


@register_pass
@dataclass(frozen=True)
class AnnotateValueFactsPass(ModulePass):
    name = "annotate-value-facts"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        facts = analyze_values(op)

        def text(v: object) -> StringAttr:
            f = facts.get(v)  # type: ignore[call-overload]
            return StringAttr((f if f is not None else of_type(v.type)).text())  # type: ignore[attr-defined]

        for o in op.walk():
            if o is op:
                continue
            if o.results:
                o.attributes[VALUE_ATTR] = ArrayAttr([text(r) for r in o.results])
            args = [a for r in o.regions for b in r.blocks for a in b.args]
            if args:
                o.attributes[ARG_ATTR] = ArrayAttr([text(a) for a in args])

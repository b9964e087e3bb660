"""Rules and the RewritePattern that runs a table of them.

One `RuleTable` pattern dispatches on the op's class to the rules rooted there and tries
them in table order; the first whose pattern matches, whose condition holds and whose
replacement builds wins. The engine binds the matched op's result as "root", so rules and
conditions can ask about it without naming it in the pattern.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation
from xdsl.pattern_rewriter import (
    GreedyRewritePatternApplier,
    PatternRewriter,
    PatternRewriteWalker,
    RewritePattern,
)

from amls.passes.rewrite.build import Builder, replace_value
from amls.passes.rewrite.conditions import FACTS, Bindings, Cond
from amls.passes.rewrite.match import matches_op
from amls.passes.rewrite.pattern import Op, Pat
from amls.passes.rewrite.trace import RewriteTrace
from amls.passes.sizes.values import ModuleValueFacts


@dataclass
class Rule:
    """`name: pattern -> replacement [when condition]`, a row of the catalogue."""

    name: str
    pattern: Op
    replacement: Pat
    when: Cond | None = None

    def __post_init__(self) -> None:
        assert isinstance(self.pattern, Op), f"rule {self.name}: the pattern root must be an op"


class RuleTable(RewritePattern):
    """A table of rules, tried in order at the op classes they are rooted at; stops
    rewriting (and says so in the trace) after `max_rewrites`."""

    def __init__(self, rules: Sequence[Rule], trace: RewriteTrace, max_rewrites: int):
        self.by_root: dict[type[Operation], list[Rule]] = {}
        for r in rules:
            self.by_root.setdefault(r.pattern.cls, []).append(r)
        self.trace = trace
        self.max_rewrites = max_rewrites
        self.facts = ModuleValueFacts()
        """Value facts for the conditions, analysed on demand during this walk."""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        rules = self.by_root.get(type(op))
        if rules is None or self.exhausted():
            return
        root = {"root": op.results[0], FACTS: self.facts}
        for rule in rules:
            b = None
            held: Bindings | None = None
            for m in matches_op(rule.pattern, op, root):
                if rule.when is None or rule.when(m):
                    b = m
                    break
                held = held or m
            if b is None:
                why = rule.when.explain(held) if held is not None and rule.when else None
                if why is not None:
                    self.trace.hold(rule.name, op, why)
                continue
            builder = Builder(rewriter, op)
            new = builder.build(rule.replacement, b)
            if new is None or new is op.results[0]:
                for created in reversed(builder.created):
                    rewriter.erase(created)
                continue
            self.trace.record(rule.name, op)
            replace_value(rewriter, op, new)
            return

    def exhausted(self) -> bool:
        if len(self.trace.fired) >= self.max_rewrites:
            self.trace.bound_hit = True
            return True
        return False


def apply_rules(
    module: ModuleOp, rules: Sequence[Rule], trace: RewriteTrace, max_rewrites: int
) -> None:
    """Rewrite module with the table until no rule applies (or the bound is hit); the
    greedy applier also erases trivially dead ops on the way."""
    walker = PatternRewriteWalker(
        GreedyRewritePatternApplier([RuleTable(rules, trace, max_rewrites)]),
        apply_recursively=True,
    )
    walker.rewrite_module(module)

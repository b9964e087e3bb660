"""Pass `rewrite-fixpoint`: the -O2 rewrite loop, repeated until the IR stops changing.

One round is simplify-static and simplify-dynamic (one walker), mmchain, then
size-inference, constant-fold, licm and cse (new facts enable new rewrites). The round is repeated
until the IR's fingerprint (every op, operand, type, property and name, in
order) stops changing: printing the module each round cost as much as a pass.
That test needs passes not to re-create ops they leave as they were (size
inference keeps its casts for that reason). `max-rounds` bounds the loop and
hitting the bound is reported, never silent.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation
from xdsl.passes import ModulePass

from amls.passes import at_least, register_pass
from amls.passes.rewrite.trace import Traced, merged

ROUND = ("simplify", "mmchain", "size-inference", "constant-fold", "licm", "cse")
"""`simplify` is both rule tables in one walker: a static rule enabled by a dynamic
one (or the reverse) fires in the same round. licm after the rules (they build new ops
in loops, some over invariant values only) and after constant-fold (a trip count it
makes constant lets ops that can fail move). cse last: it merges the constants
folding creates and the twins licm moved before the loops in the same round."""


def fingerprint(root: Operation) -> list[tuple[object, ...]]:
    """What printing `root` shows, by identity: equal lists mean equal text."""
    fp: list[tuple[object, ...]] = []
    for op in root.walk():
        fp.append(
            (
                op,
                tuple(op.operands),  # a snapshot: op.operands is a live view
                tuple((r.type, r.name_hint) for r in op.results),
                tuple(op.properties.items()),
                tuple(op.attributes.items()),
                tuple(
                    tuple((a.type, a.name_hint) for a in b.args)
                    for region in op.regions
                    for b in region.blocks
                ),
            )
        )
    return fp


@register_pass
@dataclass(frozen=True)
class RewriteFixpointPass(Traced, ModulePass):
    name = "rewrite-fixpoint"

    max_rounds: int = 8
    """At most this many rounds; a warning when they end without a fixpoint."""
    report: bool = False
    """Print the number of rounds to the fixpoint on stderr."""
    fold_cells: int = -1
    """max-cells of the round's constant-fold (-1: constant-fold's default)."""
    fold_literal_cells: int = -1
    """max-literal-cells of the round's constant-fold (-1: constant-fold's default)."""

    def __post_init__(self) -> None:
        at_least(self, "max_rounds", 1)
        at_least(self, "fold_cells", -1, "-1: constant-fold's default")
        at_least(self, "fold_literal_cells", -1, "-1: constant-fold's default")

    def round(self) -> tuple[ModulePass, ...]:
        """One round, as pass instances (see ROUND)."""
        from amls.passes import PASSES
        from amls.passes.simplify import SimplifyBothPass

        def make(name: str) -> ModulePass:
            if name == "simplify":
                return SimplifyBothPass()
            options: dict[str, int] = {}
            if name == "constant-fold":
                if self.fold_cells >= 0:
                    options["max_cells"] = self.fold_cells
                if self.fold_literal_cells >= 0:
                    options["max_literal_cells"] = self.fold_literal_cells
            return PASSES[name]()(**options)

        return tuple(make(n) for n in ROUND)

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        passes = self.round()
        self.trace.clear()
        before = fingerprint(op)
        for rounds in range(1, self.max_rounds + 1):
            for p in passes:
                p.apply(ctx, op)
                self.trace.extend(merged([p]))
            after = fingerprint(op)
            if after == before:
                if self.report:
                    print(f"{self.name}: fixpoint after {rounds} round(s)", file=sys.stderr)
                return
            before = after
        print(
            f"{self.name}: warning: no fixpoint after {self.max_rounds} rounds (max-rounds)",
            file=sys.stderr,
        )

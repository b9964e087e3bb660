"""Pass `rewrite-fixpoint`: the -O2 rewrite loop, repeated until the IR stops changing.

One round is simplify-static, simplify-dynamic, mmchain, then size-inference,
cse and constant-fold (new facts enable new rewrites). The IR printed after a
round is the fixpoint test; `max-rounds` bounds it and hitting the bound is
reported, never silent.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass

from amls.passes import register_pass

ROUND = ("simplify-static", "simplify-dynamic", "mmchain", "size-inference", "cse", "constant-fold")


@register_pass
@dataclass(frozen=True)
class RewriteFixpointPass(ModulePass):
    name = "rewrite-fixpoint"

    max_rounds: int = 8
    report: bool = False

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        from amls.passes import PASSES

        passes = [PASSES[name]()() for name in ROUND]
        before = str(op)
        for rounds in range(1, self.max_rounds + 1):
            for p in passes:
                p.apply(ctx, op)
            after = str(op)
            if after == before:
                if self.report:
                    print(f"{self.name}: fixpoint after {rounds} round(s)", file=sys.stderr)
                return
            before = after
        print(
            f"{self.name}: warning: no fixpoint after {self.max_rounds} rounds (max-rounds)",
            file=sys.stderr,
        )

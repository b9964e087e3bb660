"""Pass `cse`: xDSL's common-subexpression elimination, after ordering commutative operands.

Upstream cse merges structurally equal Pure ops (ours are Pure; a seeded
matrix.rand is effect-free, an unseeded one is not, so only seeded ones with
equal attributes merge), but it does not know that a+b equals b+a. So first
every commutative op gets its operands in one canonical order: matrices before
scalars, then by where the operand is defined (and again after merging, which
moves definitions: the pass leaves the order canonical).
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import SSAValue
from xdsl.passes import ModulePass
from xdsl.transforms.common_subexpression_elimination import cse

from amls.dialects import matrix as mx
from amls.dialects.traits import is_commutative
from amls.passes import register_pass


def canonicalize_commutative(module: ModuleOp) -> int:
    """Order the operands of commutative ops; returns how many were swapped."""
    position: dict[SSAValue, int] = {}
    n = 0
    for op in module.walk():
        for region in op.regions:
            for block in region.blocks:
                for a in block.args:
                    position[a] = n
                    n += 1
        for r in op.results:
            position[r] = n
            n += 1
    swapped = 0
    for op in module.walk():
        if is_commutative(op) and len(op.operands) == 2:
            a, b = op.operands

            def key(v: SSAValue) -> tuple[int, int]:
                return (0 if isinstance(v.type, mx.MatrixType) else 1, position.get(v, -1))

            if key(a) > key(b):
                op.operands = [b, a]
                swapped += 1
    return swapped


MAX_ROUNDS = 4
"""Bound on cse + re-ordering repeats in one run (one or two are usual)."""


@register_pass
@dataclass(frozen=True)
class CsePass(ModulePass):
    name = "cse"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        # Merging moves where values are defined, which can change the canonical
        # order and so expose more equal ops: repeat until the order is stable.
        canonicalize_commutative(op)
        for _ in range(MAX_ROUNDS):
            cse(op)
            if not canonicalize_commutative(op):
                break

"""Pass `licm`: loop-invariant code motion out of scf.for and scf.while.

An op moves to just before its loop when it has no effects (Pure: an unseeded rand,
print, read, write and calls stay), is not a terminator, and every value it (or an
op nested in it) reads is defined outside the loop. Ops with regions move only if
they are scf.if (no effects inside). Moved ops make their users invariant in turn
(transitive), and loops are visited innermost first, so an invariant of a nested loop
leaves every level it does not depend on.

An op that can fail at run time (speculation.py: solve, inv, to_scalar, a matmul of
unknown inner dims, a division by a non-constant...) moves only where it is sure to
run: out of an scf.for with lb < ub known (it runs once at least), and out of an
scf.while's `before` region (the condition runs once at least); never out of a while's
`after` region (it may run zero times); and only from before the body's first op with
effects, so that what the loop prints before the failure is still printed. Moving it
earlier can change which of two errors is reported first.

Why not xDSL's `licm` (transforms/loop_invariant_code_motion.py): it handles scf.for
only, and takes xDSL's `Pure` (AlwaysSpeculatable) at its word, so it would hoist a
solve out of a loop that runs zero times. `invariant` below is its `can_be_hoisted`
taken from one region to the whole loop op (an scf.while has two).
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import scf
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Block, Operation
from xdsl.passes import ModulePass
from xdsl.traits import IsTerminator, is_side_effect_free

from amls.passes import register_pass
from amls.passes.speculation import can_fail, int_of

LOOPS = (scf.ForOp, scf.WhileOp)


def runs_once(loop: scf.ForOp) -> bool:
    """The for loop provably runs its body at least once."""
    lb, ub, step = int_of(loop.lb), int_of(loop.ub), int_of(loop.step)
    return lb is not None and ub is not None and step is not None and step > 0 and lb < ub


def invariant(op: Operation, loop: Operation) -> bool:
    """Every value op and its nested ops read is defined outside `loop` (or in op)."""
    for inner in op.walk():
        for v in inner.operands:
            owner = v.owner
            if loop.is_ancestor(owner) and not op.is_ancestor(owner):
                return False
    return True


def movable(op: Operation, loop: Operation, may_fail: bool) -> bool:
    if op.has_trait(IsTerminator) or not is_side_effect_free(op):
        return False
    if op.regions and not isinstance(op, scf.IfOp):
        return False
    if not invariant(op, loop):
        return False
    return may_fail or not can_fail(op)


def _bodies(loop: Operation) -> list[tuple[Block, bool]]:
    """The blocks to hoist from, each with whether ops that can fail may move."""
    if isinstance(loop, scf.ForOp):
        return [(loop.body.block, runs_once(loop))]
    assert isinstance(loop, scf.WhileOp)
    return [(loop.before_region.block, True), (loop.after_region.block, False)]


def _before_effects(block: Block) -> set[Operation]:
    """The ops of `block` before its first op with effects (a print, a write, a call):
    an op that can fail may move out of the loop only from there, so that output the
    loop printed before the failure is still printed."""
    quiet: set[Operation] = set()
    for op in block.ops:
        if not is_side_effect_free(op):
            break
        quiet.add(op)
    return quiet


def hoist(loop: Operation) -> int:
    """Move the invariant ops of `loop` before it; returns how many moved."""
    moved = 0
    for block, runs in _bodies(loop):
        quiet = _before_effects(block) if runs else set()
        work = deque(block.ops)
        while work:
            op = work.popleft()
            if op.parent_block() is not block or not movable(op, loop, op in quiet):
                continue
            op.detach()
            loop.parent_block().insert_op_before(op, loop)  # type: ignore[union-attr]
            moved += 1
            # Its users in this block (or nested in an op of it) may be invariant now.
            for r in op.results:
                for use in r.uses:
                    user = block.find_ancestor_op_in_block(use.operation)
                    if user is not None:
                        work.append(user)
    return moved


def licm(root: Operation) -> int:
    """Hoist out of every loop under root, innermost first; returns how many ops moved."""
    loops = [op for op in root.walk(region_first=True) if isinstance(op, LOOPS)]
    return sum(hoist(loop) for loop in loops if loop.parent_block() is not None)


@register_pass
@dataclass(frozen=True)
class LicmPass(ModulePass):
    name = "licm"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        licm(op)

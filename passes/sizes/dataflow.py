"""The forward dataflow analysis over func and scf that size facts and estimates share.

An analysis gives a lattice value per SSA value (`get`/`bind`), a transfer for
region-less ops, and the lattice's `join` and `widen`; this class walks a
function's blocks in order and gives them the scf semantics:

* scf.if: both branches are analysed; the results join the branches' yields, or
  take the yield of the branch a known condition selects (`constant`).
* scf.for / scf.while: the carried values iterate to a fixpoint, each round
  joining what the body yields with what it was given and widening the result;
  without a fixpoint in `max_loop_rounds`, `no_fixpoint` decides. A while loop's
  results join the values forwarded at every evaluation of its condition, the
  last one with the final carried values. A for loop known to run zero times
  yields its inits.
* other ops with regions: their blocks are analysed with the block arguments'
  initial values, then the op itself goes through `transfer` (calls do too).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from xdsl.dialects import scf
from xdsl.ir import Block, Operation, SSAValue

V = TypeVar("V")


@dataclass
class ForwardAnalysis(ABC, Generic[V]):
    max_loop_rounds = 20

    loop_rounds: dict[Operation, int] = field(default_factory=dict, kw_only=True)
    """Rounds each loop's fixpoint took (max_loop_rounds + 1: none was reached)."""

    # -- the lattice and the transfer, given by each analysis ----------------

    @abstractmethod
    def get(self, v: SSAValue) -> V:
        """v's value so far (what its type says if the analysis has not reached it)."""

    @abstractmethod
    def bind(self, v: SSAValue, x: V) -> None:
        """Record x as v's value (an analysis may reconcile it with v's type)."""

    @abstractmethod
    def initial(self, v: SSAValue) -> V:
        """What v's type alone says: the value of a block argument nothing flows into."""

    @abstractmethod
    def transfer(self, op: Operation) -> None:
        """Bind op's results from its operands' values (op's regions are analysed)."""

    @abstractmethod
    def join(self, a: V, b: V) -> V:
        """Either holds (branches, loop iterations)."""

    def widen(self, old: V, joined: V) -> V:
        """The next round's carried value; widening makes fixpoints arrive fast."""
        return joined

    @abstractmethod
    def top(self, x: V) -> V:
        """Nothing known, in x's kind: what a loop without a fixpoint carries."""

    def entry(self, arg: SSAValue, x: V) -> V:
        """x as it enters the loop-carried block argument `arg` from outside the loop."""
        return x

    def constant(self, v: SSAValue) -> object:
        """v's constant value where the analysis prunes control flow by it, else None."""
        return None

    def no_fixpoint(
        self, op: Operation, carried: list[V], body: Callable[[list[V]], list[V]]
    ) -> list[V]:
        """The carried values of a loop whose fixpoint did not arrive: nothing known."""
        carried = [self.top(c) for c in carried]
        body(carried)
        self.loop_rounds[op] = self.max_loop_rounds + 1
        return carried

    # -- the walk --------------------------------------------------------------

    def run_block(self, block: Block, arg_values: Sequence[V]) -> list[V]:
        """Analyse a block given its arguments' values; returns its terminator's operands'."""
        for a, x in zip(block.args, arg_values, strict=True):
            self.bind(a, x)
        for op in block.ops:
            self.visit(op)
        last = block.last_op
        return [self.get(v) for v in last.operands] if last is not None else []

    def visit(self, op: Operation) -> None:
        if isinstance(op, scf.IfOp):
            self._visit_if(op)
        elif isinstance(op, scf.ForOp):
            self._visit_for(op)
        elif isinstance(op, scf.WhileOp):
            self._visit_while(op)
        else:
            for region in op.regions:
                for block in region.blocks:
                    self.run_block(block, [self.initial(a) for a in block.args])
            self.transfer(op)

    def fixpoint(self, op: Operation, init: list[V], body: Callable[[list[V]], list[V]]) -> list[V]:
        """Carried values at the loop's fixpoint; body maps carried values to yielded ones."""
        carried = init
        for rounds in range(1, self.max_loop_rounds + 1):
            yielded = body(carried)
            joined = [self.join(c, y) for c, y in zip(carried, yielded, strict=True)]
            if joined == carried:
                self.loop_rounds[op] = rounds
                return carried
            carried = [self.widen(c, j) for c, j in zip(carried, joined, strict=True)]
        return self.no_fixpoint(op, carried, body)

    def _visit_if(self, op: scf.IfOp) -> None:
        # Both branches are analysed even when the condition is known: the values
        # inside the dead one are asked for too (its yields must still fit the types).
        then_values = self.run_block(op.true_region.block, [])
        else_values: list[V] = []
        if op.false_region.blocks:
            else_values = self.run_block(op.false_region.block, [])
        cond = self.constant(op.cond)
        for i, r in enumerate(op.results):
            t = then_values[i]
            e = else_values[i] if i < len(else_values) else self.initial(r)
            self.bind(r, self.join(t, e) if cond is None else t if cond else e)

    def _visit_for(self, op: scf.ForOp) -> None:
        block = op.body.block
        iv, args = block.args[0], block.args[1:]
        init = [self.entry(a, self.get(v)) for v, a in zip(op.iter_args, args, strict=True)]

        def body(carried: list[V]) -> list[V]:
            return self.run_block(block, [self.initial(iv), *carried])

        carried = self.fixpoint(op, init, body)
        lb, ub = self.constant(op.lb), self.constant(op.ub)
        if isinstance(lb, int) and isinstance(ub, int) and lb >= ub:
            carried = init  # never runs: the inits come out
        for r, x in zip(op.results, carried, strict=True):
            self.bind(r, x)

    def _visit_while(self, op: scf.WhileOp) -> None:
        before, after = op.before_region.block, op.after_region.block
        init = [self.entry(a, self.get(v)) for v, a in zip(op.arguments, before.args, strict=True)]
        exits: list[list[V]] = []
        evaluated: list[V] | None = None  # the carried values before's last run had

        def condition(carried: list[V]) -> list[V]:
            nonlocal evaluated
            evaluated = carried
            forwarded = self.run_block(before, carried)[1:]  # scf.condition(%c, forwarded...)
            exits.append(forwarded)
            return forwarded

        def body(carried: list[V]) -> list[V]:
            return self.run_block(after, condition(carried))

        carried = self.fixpoint(op, init, body)
        if evaluated is not carried:
            condition(carried)  # the exit with the final carried values
        results = exits[0]
        for forwarded in exits[1:]:
            results = [self.join(a, b) for a, b in zip(results, forwarded, strict=True)]
        for r, x in zip(op.results, results, strict=True):
            self.bind(r, x)

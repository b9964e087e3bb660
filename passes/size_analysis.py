"""Size analysis: facts for every value of a function, through scf.if and loops.

Bottom-up over each block; scf.if joins its branches (or takes the one a known
condition selects); scf.for / scf.while iterate to a fixpoint where what
changes in the body becomes unknown and growing bounds are widened away; calls
take their callee's summary. The analysis only reads the IR: `size_inference`
writes the facts into types, `--explain` prints them.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from xdsl.dialects import func, scf
from xdsl.ir import Attribute, Block, Operation, SSAValue

from amls.dialects.matrix import MatrixType
from amls.passes.size_rules import SIZE_RULES
from amls.passes.sizes import UNKNOWN_SCALAR, Facts, MatFacts, facts_of_type

MAX_LOOP_ROUNDS = 20

Memo = tuple[tuple[object, ...], list[Facts]]
"""An op's operand facts and result types (which its facts are met with), and its
results' facts, as last analysed."""

CallSummary = Callable[[func.CallOp, Sequence[Facts]], Sequence[Facts] | None]
"""Facts of a call's results from its argument facts, or None to use the declared types."""


def _refined_type(v: SSAValue, f: Facts) -> Attribute:
    return f.to_type() if isinstance(f, MatFacts) and isinstance(v.type, MatrixType) else v.type


def unknown_like(f: Facts) -> Facts:
    return MatFacts() if isinstance(f, MatFacts) else UNKNOWN_SCALAR


STRICT_FACTS = os.environ.get("AMLS_STRICT_FACTS") == "1"
"""For tests (the test suites set AMLS_STRICT_FACTS=1): a size rule's exact fact that
contradicts the value's declared type raises.
Between correct passes they never disagree: a contradiction means a pass gave a value a
type its op cannot have (a rewrite that kept a stale nnz), or a size rule is wrong."""


def _check_agree(v: SSAValue, rule: MatFacts, declared: MatFacts) -> None:
    for what, a, b in (
        ("rows", rule.rows, declared.rows),
        ("cols", rule.cols, declared.cols),
        ("nnz", rule.nnz, declared.nnz),
    ):
        if a is not None and b is not None and a != b:
            raise AssertionError(f"{what}: the size rule says {a}, the type {v.type} says {b}: {v}")


@dataclass
class SizeAnalysis:
    call_summary: CallSummary | None = None
    facts: dict[SSAValue, Facts] = field(default_factory=dict)
    loop_rounds: dict[Operation, int] = field(default_factory=dict)
    memo: dict[Operation, Memo] | None = None
    """What earlier runs over (mostly) the same IR saw and derived, per op: an op whose
    operands have the facts they had then keeps its results' facts without running its
    rule (a rule reads nothing but those and the op's own properties). For IR changed
    by adding, moving and re-pointing ops (ipa), not by changing an op's properties in
    place. Filled in as ops are visited."""

    def get(self, v: SSAValue) -> Facts:
        f = self.facts.get(v)
        return f if f is not None else facts_of_type(v.type)

    def set(self, v: SSAValue, f: Facts) -> None:
        declared = facts_of_type(v.type)
        if isinstance(f, MatFacts) and isinstance(declared, MatFacts):
            if STRICT_FACTS:
                _check_agree(v, f, declared)
            f = f.meet(declared)
        elif type(f) is not type(declared):
            f = declared
        self.facts[v] = f

    # -- functions and blocks ----------------------------------------------

    def run_function(
        self, fn: func.FuncOp, arg_facts: Sequence[Facts] | None = None
    ) -> list[Facts]:
        """Analyse fn; returns the facts of its returned values."""
        if not fn.body.blocks:
            return [facts_of_type(t) for t in fn.function_type.outputs.data]
        block = fn.body.blocks.first
        assert block is not None
        args = arg_facts if arg_facts is not None else [facts_of_type(a.type) for a in block.args]
        return self.run_block(block, args)

    def run_block(self, block: Block, arg_facts: Sequence[Facts]) -> list[Facts]:
        """Analyse a block with given argument facts; returns its terminator's operand facts."""
        for a, f in zip(block.args, arg_facts, strict=True):
            self.set(a, f)
        for op in block.ops:
            self.visit(op)
        last = block.last_op
        return [self.get(v) for v in last.operands] if last is not None else []

    # -- ops ----------------------------------------------------------------

    def visit(self, op: Operation) -> None:
        if isinstance(op, scf.IfOp):
            self._visit_if(op)
        elif isinstance(op, scf.ForOp):
            self._visit_for(op)
        elif isinstance(op, scf.WhileOp):
            self._visit_while(op)
        elif isinstance(op, func.CallOp):
            self._visit_call(op)
        else:
            for region in op.regions:  # unknown region ops: analyse inside, trust types
                for block in region.blocks:
                    self.run_block(block, [facts_of_type(a.type) for a in block.args])
            ins = [self.get(v) for v in op.operands]
            if self.memo is not None and not op.regions:
                seen = self.memo.get(op)
                if seen is not None and seen[0] == (*ins, *(r.type for r in op.results)):
                    for r, f in zip(op.results, seen[1], strict=True):
                        self.facts[r] = f
                    return
            rule = SIZE_RULES.get(type(op))
            if rule is None or len(op.results) != 1:
                for r in op.results:
                    self.set(r, facts_of_type(r.type))
            else:
                try:
                    out = rule(op, ins)
                except Exception:  # a rule must never break compilation: fall back to the type
                    out = facts_of_type(op.results[0].type)
                self.set(op.results[0], out)
            if self.memo is not None and not op.regions:
                # Keyed by the result types size-inference will write (refine_types).
                types = [_refined_type(r, self.facts[r]) for r in op.results]
                self.memo[op] = ((*ins, *types), [self.facts[r] for r in op.results])

    def _visit_call(self, op: func.CallOp) -> None:
        summary = None
        if self.call_summary is not None:
            summary = self.call_summary(op, [self.get(v) for v in op.arguments])
        for i, r in enumerate(op.results):
            self.set(r, summary[i] if summary is not None else facts_of_type(r.type))

    def _visit_if(self, op: scf.IfOp) -> None:
        # Both branches are joined even when the condition is known: the dead
        # branch's yields must still fit the result types (constant-fold removes
        # the branch, and a later size-inference then sees only the live one).
        then_f = self.run_block(op.true_region.block, [])
        else_f: list[Facts] = []
        if op.false_region.blocks:
            else_f = self.run_block(op.false_region.block, [])
        for i, r in enumerate(op.results):
            self.set(r, then_f[i].join(else_f[i]))  # type: ignore[arg-type]

    def _fixpoint(
        self, op: Operation, init: list[Facts], body: Callable[[list[Facts]], list[Facts]]
    ) -> list[Facts]:
        """Carried facts at the loop's fixpoint (never wrong: unknown if no convergence)."""
        carried = init
        for rounds in range(1, MAX_LOOP_ROUNDS + 1):
            yielded = body(carried)
            joined = [c.join(y) for c, y in zip(carried, yielded, strict=True)]  # type: ignore[arg-type]
            if joined == carried:
                self.loop_rounds[op] = rounds
                return carried
            carried = [c.widen(j) for c, j in zip(carried, joined, strict=True)]  # type: ignore[arg-type]
        carried = [unknown_like(c) for c in carried]
        body(carried)
        self.loop_rounds[op] = MAX_LOOP_ROUNDS + 1
        return carried

    def _visit_for(self, op: scf.ForOp) -> None:
        block = op.body.block
        init = [self.get(v) for v in op.iter_args]
        declared = [facts_of_type(a.type) for a in block.args[1:]]
        init = [_meet(f, d) for f, d in zip(init, declared, strict=True)]

        def body(carried: list[Facts]) -> list[Facts]:
            return self.run_block(block, [UNKNOWN_SCALAR, *carried])

        # A loop known to run zero times is analysed like any other: its body's
        # yields must fit the loop type (constant-fold removes it first at -O1+).
        carried = self._fixpoint(op, init, body)
        for r, f in zip(op.results, carried, strict=True):
            self.set(r, f)

    def _visit_while(self, op: scf.WhileOp) -> None:
        before, after = op.before_region.block, op.after_region.block
        init = [
            _meet(self.get(v), facts_of_type(a.type))
            for v, a in zip(op.arguments, before.args, strict=True)
        ]
        forwarded: list[Facts] = []

        def body(carried: list[Facts]) -> list[Facts]:
            nonlocal forwarded
            cond_operands = self.run_block(before, carried)
            forwarded = cond_operands[1:]
            return self.run_block(after, forwarded)

        self._fixpoint(op, init, body)
        for r, f in zip(op.results, forwarded, strict=True):
            self.set(r, f)


def _meet(f: Facts, declared: Facts) -> Facts:
    if isinstance(f, MatFacts) and isinstance(declared, MatFacts):
        return f.meet(declared)
    return f

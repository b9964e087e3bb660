"""Size analysis: facts for every value of a function, through scf.if and loops.

The size lattice (facts.py) on the forward dataflow analysis (dataflow.py): each
op's facts come from its size rule (rules.py), calls take their callee's summary,
and a value's facts are always met with what its declared type states. The
analysis only reads the IR: `size-inference` writes the facts into types,
`--explain` prints them.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Attribute, Operation, SSAValue

from amls.dialects.matrix import MatrixType
from amls.passes.sizes.callgraph import CallGraph
from amls.passes.sizes.dataflow import ForwardAnalysis
from amls.passes.sizes.facts import UNKNOWN_SCALAR, Facts, MatFacts, facts_of_type
from amls.passes.sizes.rules import SIZE_RULES

Memo = tuple[tuple[object, ...], list[Facts]]
"""An op's operand facts and result types (which its facts are met with), and its
results' facts, as last analysed."""

CallSummary = Callable[[func.CallOp, Sequence[Facts]], Sequence[Facts] | None]
"""Facts of a call's results from its argument facts, or None to use the declared types."""


def _refined_type(v: SSAValue, f: Facts) -> Attribute:
    return f.to_type() if isinstance(f, MatFacts) and isinstance(v.type, MatrixType) else v.type


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


_WARNED: set[object] = set()


def _warn_plugin_rule(rule: object, op: Operation, e: Exception) -> None:
    """A plugin's size rule that raises is ignored; its author hears of it once."""
    module = getattr(rule, "__module__", "") or ""
    if module.startswith("amls.") or rule in _WARNED:
        return
    _WARNED.add(rule)
    name = getattr(rule, "__qualname__", repr(rule))
    print(
        f"amls: warning: size rule {module}.{name} for {op.name} raised "
        f"{type(e).__name__}: {e}; {op.name} gets only its declared type's facts",
        file=sys.stderr,
    )


@dataclass
class SizeAnalysis(ForwardAnalysis[Facts]):
    call_summary: CallSummary | None = None
    facts: dict[SSAValue, Facts] = field(default_factory=dict)
    memo: dict[Operation, Memo] | None = None
    """What earlier runs over (mostly) the same IR saw and derived, per op: an op whose
    operands have the facts they had then keeps its results' facts without running its
    rule (a rule reads nothing but those and the op's own properties). For IR changed
    by adding, moving and re-pointing ops (ipa), not by changing an op's properties in
    place. Filled in as ops are visited."""

    # -- the lattice ------------------------------------------------------------

    def get(self, v: SSAValue) -> Facts:
        f = self.facts.get(v)
        return f if f is not None else facts_of_type(v.type)

    def bind(self, v: SSAValue, f: Facts) -> None:
        declared = facts_of_type(v.type)
        if isinstance(f, MatFacts) and isinstance(declared, MatFacts):
            if STRICT_FACTS:
                _check_agree(v, f, declared)
            f = f.meet(declared)
        elif type(f) is not type(declared):
            f = declared
        self.facts[v] = f

    def initial(self, v: SSAValue) -> Facts:
        return facts_of_type(v.type)

    def join(self, a: Facts, b: Facts) -> Facts:
        return a.join(b)  # type: ignore[arg-type]

    def widen(self, old: Facts, joined: Facts) -> Facts:
        return old.widen(joined)  # type: ignore[arg-type]

    def top(self, f: Facts) -> Facts:
        return MatFacts() if isinstance(f, MatFacts) else UNKNOWN_SCALAR

    def entry(self, arg: SSAValue, f: Facts) -> Facts:
        declared = facts_of_type(arg.type)
        if isinstance(f, MatFacts) and isinstance(declared, MatFacts):
            return f.meet(declared)
        return f

    # Both branches of an scf.if are joined even when the condition is known, and a
    # loop known to run zero times is analysed like any other (no `constant`): the dead
    # code's yields must still fit the result types (constant-fold removes it, and a
    # later size-inference then sees only the live code).

    # -- functions and ops --------------------------------------------------------

    def run_function(
        self, fn: func.FuncOp, arg_facts: Sequence[Facts] | None = None
    ) -> list[Facts]:
        """Analyse fn; returns the facts of its returned values."""
        if not fn.body.blocks:
            return [facts_of_type(t) for t in fn.function_type.outputs.data]
        block = fn.body.blocks.first
        assert block is not None
        args = arg_facts if arg_facts is not None else [self.initial(a) for a in block.args]
        return self.run_block(block, args)

    def transfer(self, op: Operation) -> None:
        if isinstance(op, func.CallOp):
            self._call(op)
            return
        ins = [self.get(v) for v in op.operands]
        if self.memo is not None and not op.regions:
            seen = self.memo.get(op)
            if seen is not None and seen[0] == (*ins, *(r.type for r in op.results)):
                for r, f in zip(op.results, seen[1], strict=True):
                    self.facts[r] = f
                return
        # A phys twin has its matrix op's operands and properties: the same rule, so a plan
        # keeps the facts its types cannot state (rand's bound on nnz) that selection used.
        rule = SIZE_RULES.get(type(op)) or SIZE_RULES.get(getattr(type(op), "MATRIX_OP", None))
        if rule is None or len(op.results) != 1:
            for r in op.results:
                self.bind(r, facts_of_type(r.type))
        else:
            try:
                out = rule(op, ins)
            except Exception as e:  # a rule must never break compilation: fall back to the type
                _warn_plugin_rule(rule, op, e)
                out = facts_of_type(op.results[0].type)
            self.bind(op.results[0], out)
        if self.memo is not None and not op.regions:
            # Keyed by the result types size-inference will write (refine_types).
            types = [_refined_type(r, self.facts[r]) for r in op.results]
            self.memo[op] = ((*ins, *types), [self.facts[r] for r in op.results])

    def _call(self, op: func.CallOp) -> None:
        summary = None
        if self.call_summary is not None:
            summary = self.call_summary(op, [self.get(v) for v in op.arguments])
        for i, r in enumerate(op.results):
            self.bind(r, summary[i] if summary is not None else facts_of_type(r.type))


def analyze_module(module: ModuleOp) -> dict[str, SizeAnalysis]:
    """The size analysis of every function (callees first), without changing the IR."""
    graph = CallGraph.build(module)
    summaries: dict[str, list[Facts]] = {}
    analyses: dict[str, SizeAnalysis] = {}

    def summary(call: func.CallOp, args: Sequence[Facts]) -> Sequence[Facts] | None:
        return summaries.get(call.callee.root_reference.data)

    for name in graph.post_order():
        analysis = SizeAnalysis(call_summary=summary)
        ret = analysis.run_function(graph.funcs[name])
        if name not in graph.recursive:
            summaries[name] = ret
        analyses[name] = analysis
    return analyses

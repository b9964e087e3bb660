"""Value facts: a sound bound on |x| and whether a value is finite, for every value.

Beside the size facts (dims, nnz), the rewrite conditions that are exact only on
finite data ask these: `finite` is proven when no NaN can arise and the bound on |x|
stays below the largest double. One rule per op class (value_rules.py), on the
same forward dataflow over func and scf as the size analysis (joined through
scf.if, widened through loops); calls analyse their callee with the call's
argument facts.

Facts enter from the program (constants, rand), from the user (func.func
argument attributes `matrix.finite`, `matrix.absmax = 1.0 : f64`, and the
module's `amls.assume_finite` licence) and from the data (amls-run writes those
attributes when it specialises the entry function for the loaded arguments).
"""

from __future__ import annotations

import math
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from xdsl.dialects import func, scf
from xdsl.dialects.builtin import (
    IndexType,
    IntegerType,
    ModuleOp,
)
from xdsl.ir import Attribute, BlockArgument, Operation, OpResult, SSAValue
from xdsl.utils.exceptions import VerifyException

from amls.dialects.matrix import MatrixType
from amls.dialects.value_facts import ArgFacts, pow2_ceil, set_arg_facts
from amls.dialects.value_facts import arg_facts as stated_arg_facts
from amls.dialects.value_facts import assumes_finite as module_assumes_finite
from amls.passes.sizes.dataflow import ForwardAnalysis

DBL_MAX = sys.float_info.max


@dataclass(frozen=True)
class ValueFacts:
    """What is known of the values a matrix or scalar holds.

    `absmax` bounds |x| of every element that is not NaN (inf: no bound); `nan_free`
    says no element is NaN; `finite` says no element is NaN or +-Inf; `nonneg` says
    no element is below zero. Build with `make`, which keeps them consistent."""

    absmax: float = math.inf
    finite: bool = False
    nan_free: bool = False
    nonneg: bool = False

    @staticmethod
    def make(
        absmax: float = math.inf,
        finite: bool = False,
        nan_free: bool = False,
        nonneg: bool = False,
    ) -> ValueFacts:
        if math.isnan(absmax):
            absmax = math.inf
        absmax = abs(absmax)
        if nan_free and absmax <= DBL_MAX:
            finite = True  # bounded and not NaN: no Inf either
        nan_free = nan_free or finite
        return ValueFacts(absmax, finite, nan_free, nonneg)

    @staticmethod
    def bounded(b: float, nonneg: bool = False) -> ValueFacts:
        """Every element a number with |x| <= b (finite when b is)."""
        return ValueFacts.make(b, nan_free=True, nonneg=nonneg)

    @property
    def bound(self) -> float | None:
        """The bound on |x| where the value is finite, else None."""
        return self.absmax if self.finite and self.absmax <= DBL_MAX else None

    def join(self, other: ValueFacts) -> ValueFacts:
        return ValueFacts(
            max(self.absmax, other.absmax),
            self.finite and other.finite,
            self.nan_free and other.nan_free,
            self.nonneg and other.nonneg,
        )

    def meet(self, other: ValueFacts) -> ValueFacts:
        """Both hold (a rule's result with what the user or the data state)."""
        return ValueFacts.make(
            min(self.absmax, other.absmax),
            self.finite or other.finite,
            self.nan_free or other.nan_free,
            self.nonneg or other.nonneg,
        )

    def widen(self, newer: ValueFacts) -> ValueFacts:
        """A bound that grew in a loop is dropped (the next round re-derives finiteness
        from the rules, so a growing value loses it unless an op bounds it)."""
        joined = self.join(newer)
        if joined.absmax > self.absmax:
            return ValueFacts(math.inf, joined.finite, joined.nan_free, joined.nonneg)
        return joined

    def text(self) -> str:
        """As the annotate-value-facts pass and the trace write it."""
        if self.bound is not None:
            return f"|x| <= {self.bound:.6g}"
        if self.finite:
            return "finite"
        return "no NaN" if self.nan_free else "unknown"


UNKNOWN = ValueFacts()
FINITE = ValueFacts.make(finite=True)
BOOLEAN = ValueFacts.bounded(1.0, nonneg=True)
"""A 0/1 matrix (comparisons, logic)."""
I1 = ValueFacts.bounded(1.0)
"""An i1: the interpreter may hold true as -1 (a signless 1-bit integer), or as 1."""


def of_type(t: Attribute) -> ValueFacts:
    """What a value's type alone says: integers are numbers, i1 is 0/1, an empty matrix
    holds nothing."""
    if isinstance(t, IntegerType):
        return I1 if t.width.data == 1 else FINITE
    if isinstance(t, MatrixType) and (t.rows == 0 or t.cols == 0):
        return ValueFacts.bounded(0.0, nonneg=True)
    return UNKNOWN


def of_stated(a: ArgFacts) -> ValueFacts:
    """ValueFacts of what a func.func argument's attributes state."""
    out = FINITE if a.finite else UNKNOWN
    return out if a.absmax is None else out.meet(ValueFacts.bounded(a.absmax))


def arg_facts(fn: func.FuncOp, i: int) -> ValueFacts:
    try:
        return of_stated(stated_arg_facts(fn, i))
    except VerifyException:  # malformed: the tools report it; a pass assumes nothing
        return UNKNOWN


def state(fn: func.FuncOp, i: int, f: ValueFacts) -> bool:
    """State f on argument i (met with what it states; the bound rounded up to a power
    of two, so it stays stable across rounds); True if that changed the attributes."""
    old = stated_arg_facts(fn, i)
    b = f.bound
    absmax = old.absmax
    if b is not None:
        absmax = pow2_ceil(b) if absmax is None else min(pow2_ceil(b), absmax)
    new = ArgFacts(old.finite or f.finite or absmax is not None, absmax)
    if new == old:
        return False
    set_arg_facts(fn, i, new)
    return True


def assumes_finite(op: Operation) -> bool:
    """The module holding op carries the `amls.assume_finite` licence."""
    top = op
    while (p := top.parent_op()) is not None:
        top = p
    return isinstance(top, ModuleOp) and module_assumes_finite(top)


ValueRule = Callable[[Operation, Sequence[ValueFacts]], ValueFacts]
CallSummary = Callable[[func.CallOp, Sequence[ValueFacts]], Sequence[ValueFacts] | None]


@dataclass
class ValueAnalysis(ForwardAnalysis[ValueFacts]):
    """Value facts of every value of a function."""

    max_loop_rounds = 8

    call_summary: CallSummary | None = None
    assume_finite: bool = False
    facts: dict[SSAValue, ValueFacts] = field(default_factory=dict)

    def get(self, v: SSAValue) -> ValueFacts:
        f = self.facts.get(v)
        return f if f is not None else self.initial(v)

    def bind(self, v: SSAValue, x: ValueFacts) -> None:
        self.facts[v] = x.meet(self.initial(v))

    def initial(self, v: SSAValue) -> ValueFacts:
        f = of_type(v.type)
        if isinstance(v, BlockArgument):
            owner = v.block.parent_op()
            if isinstance(owner, func.FuncOp) and v.block is owner.body.blocks.first:
                f = f.meet(arg_facts(owner, v.index))
            elif isinstance(owner, scf.ForOp) and v.index == 0:
                f = f.meet(self._induction(owner))
        return f.meet(FINITE) if self.assume_finite else f

    def _induction(self, op: scf.ForOp) -> ValueFacts:
        lb, ub = self.get(op.lb), self.get(op.ub)
        return ValueFacts.bounded(max(lb.absmax, ub.absmax))

    def join(self, a: ValueFacts, b: ValueFacts) -> ValueFacts:
        return a.join(b)

    def widen(self, old: ValueFacts, joined: ValueFacts) -> ValueFacts:
        return old.widen(joined)

    def top(self, x: ValueFacts) -> ValueFacts:
        return UNKNOWN

    def run_function(
        self, fn: func.FuncOp, args: Sequence[ValueFacts] | None = None
    ) -> list[ValueFacts]:
        block = fn.body.blocks.first
        if block is None:
            return [self.initial_of_type(t) for t in fn.function_type.outputs.data]
        given = [self.initial(a) for a in block.args]
        if args is not None:
            given = [g.meet(a) for g, a in zip(given, args, strict=True)]
        return self.run_block(block, given)

    def initial_of_type(self, t: Attribute) -> ValueFacts:
        f = of_type(t)
        return f.meet(FINITE) if self.assume_finite else f

    def transfer(self, op: Operation) -> None:
        if isinstance(op, func.CallOp):
            got = None
            if self.call_summary is not None:
                got = self.call_summary(op, [self.get(v) for v in op.arguments])
            for i, r in enumerate(op.results):
                self.bind(r, got[i] if got is not None else UNKNOWN)
            return
        self.bind_results(op)

    def bind_results(self, op: Operation) -> None:
        from amls.passes.sizes.value_rules import VALUE_RULES

        rule = VALUE_RULES.get(type(op))
        if rule is None:  # a phys twin runs its matrix op's semantics
            rule = VALUE_RULES.get(getattr(type(op), "MATRIX_OP", None))  # type: ignore[arg-type]
        if rule is None or len(op.results) != 1:
            for r in op.results:
                self.bind(r, UNKNOWN)
            return
        try:
            out = rule(op, [self.get(v) for v in op.operands])
        except Exception:  # a rule must never break compilation: nothing known
            out = UNKNOWN
        self.bind(op.results[0], out)


def enclosing_function(op: Operation) -> func.FuncOp | None:
    cur: Operation | None = op
    while cur is not None and not isinstance(cur, func.FuncOp):
        cur = cur.parent_op()
    return cur


class ModuleValueFacts:
    """Value facts on demand, for passes that ask about a few values (the rewrite
    conditions): a function is analysed the first time one of its values is asked
    about, a call's callee once per distinct argument facts. Values made after the
    analysis (by rewrites) get their facts from their operands' by the rules. Valid
    while the IR changes only by semantics-preserving rewrites (what a value holds
    never changes); make a new one for a new pass run."""

    MAX_CALL_DEPTH = 8

    def __init__(self) -> None:
        self.analyses: dict[func.FuncOp, ValueAnalysis] = {}
        self.summaries: dict[tuple[str, tuple[ValueFacts, ...]], list[ValueFacts]] = {}
        self._active: list[str] = []
        self._modules: dict[int, ModuleOp | None] = {}

    def of(self, v: SSAValue) -> ValueFacts:
        parent = v.owner if isinstance(v, OpResult) else v.block.parent_op()
        fn = enclosing_function(parent) if parent is not None else None
        if fn is None:
            return of_type(v.type)
        analysis = self.function(fn)
        f = analysis.facts.get(v)
        if f is not None:
            return f
        if isinstance(v, OpResult) and not v.op.regions:
            return self._derive(v, analysis)
        return analysis.initial(v)

    def _derive(self, v: OpResult, analysis: ValueAnalysis) -> ValueFacts:
        """Facts of a value made after its function was analysed: the rules over its
        operands', iteratively (a long chain of new ops must not recurse deeply)."""
        todo: list[Operation] = [v.op]
        while todo:
            op = todo[-1]
            missing = [
                o.op
                for o in op.operands
                if isinstance(o, OpResult) and o not in analysis.facts and not o.op.regions
            ]
            if missing:
                todo.extend(missing)
                continue
            todo.pop()
            if op.results[0] not in analysis.facts:
                analysis.transfer(op)
        return analysis.get(v)

    def function(self, fn: func.FuncOp) -> ValueAnalysis:
        """fn's analysis, run the first time it is asked for."""
        a = self.analyses.get(fn)
        if a is None:
            a = ValueAnalysis(call_summary=self._summary, assume_finite=assumes_finite(fn))
            self.analyses[fn] = a
            a.run_function(fn)
        return a

    def _summary(self, call: func.CallOp, args: Sequence[ValueFacts]) -> list[ValueFacts] | None:
        name = call.callee.root_reference.data
        if name in self._active or len(self._active) >= self.MAX_CALL_DEPTH:
            return None  # recursion: nothing known of the results
        key = (name, tuple(args))
        got = self.summaries.get(key)
        if got is not None:
            return got
        callee = _lookup(call, name)
        if callee is None or not callee.body.blocks:
            return None
        self._active.append(name)
        try:
            a = ValueAnalysis(call_summary=self._summary, assume_finite=assumes_finite(callee))
            got = a.run_function(callee, args)
        finally:
            self._active.pop()
        self.summaries[key] = got
        return got


def _lookup(op: Operation, name: str) -> func.FuncOp | None:
    from xdsl.traits import SymbolTable

    found = SymbolTable.lookup_symbol(op, name)
    return found if isinstance(found, func.FuncOp) else None


def analyze_values(module: ModuleOp) -> dict[SSAValue, ValueFacts]:
    """The value facts of every value of every function (for --check-sizes and tests)."""
    view = ModuleValueFacts()
    out: dict[SSAValue, ValueFacts] = {}
    for fn in module.ops:
        if isinstance(fn, func.FuncOp) and fn.body.blocks:
            out.update(view.function(fn).facts)
    return out


def carry_into_callees(
    module: ModuleOp, order: Sequence[str], sites: dict[str, list[func.CallOp]]
) -> bool:
    """State on each function's arguments what all its call sites pass (callers first,
    so facts flow down call chains). `order`: the functions that are only called from
    within the module (ipa's non-roots), callers before callees."""
    view = ModuleValueFacts()
    changed = False
    funcs = {f.sym_name.data: f for f in module.ops if isinstance(f, func.FuncOp)}
    for name in order:
        fn, calls = funcs.get(name), sites.get(name, [])
        if fn is None or not calls or not fn.body.blocks:
            continue
        for i, arg in enumerate(fn.body.blocks.first.args):
            if isinstance(arg.type, IntegerType | IndexType):
                continue  # integers are numbers: nothing worth stating
            joined: ValueFacts | None = None
            for call in calls:
                f = view.of(call.arguments[i])
                joined = f if joined is None else joined.join(f)
            if joined is not None and joined.finite:
                changed |= state(fn, i, joined)
    return changed

"""Declarative rewrite rules and the one engine that applies them.

A rule is a row: name, pattern, replacement, condition. Patterns and
replacements are expressions written with operator overloading, so a rule
reads like its line in REWRITES.md:

    Rule("trace-mm", trace(X @ Y), sum_(X * t(Y)))
    Rule("colsums-mv", colSums(X * v), t(v) @ X, when=is_col_vector("v"))

`Var("X")` binds any value (`Mat`/`Num` restrict it to matrices/scalars), a
float literal matches an `arith.constant` of that value, `Op(...)` nodes match
ops of a class (commutative ops in both operand orders) and `.as_("name")`
binds the matched intermediate so a condition can ask `one_use("name")`.
Replacements build new ops whose result types come from the size rules run
locally on the operand types (met with the replaced value's type, which
states facts about the same value), so sizes stay refined without re-running
size inference.

The engine is a thin layer on xDSL's PatternRewriteWalker: one RewritePattern
per root op class trying that class's rules in table order, a bound on the
number of rewrites, and a trace of which rule fired where.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from xdsl.dialects import arith, func, scf
from xdsl.dialects.builtin import FloatAttr, IntegerAttr, ModuleOp, StringAttr, f64, i64
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.irdl import VarOperandDef
from xdsl.pattern_rewriter import (
    GreedyRewritePatternApplier,
    PatternRewriter,
    PatternRewriteWalker,
    RewritePattern,
)
from xdsl.rewriter import InsertPoint

from amls.dialects import matrix as mx
from amls.passes.sizes.facts import MatFacts, ScalarFacts, facts_of_type
from amls.passes.sizes.rules import SIZE_RULES

Bindings = dict[str, Any]
"""Pattern variable name -> SSAValue (or a property value for PropVar)."""

Cond = Callable[[Bindings], bool]


# ---------------------------------------------------------------------------
# Pattern expressions.


class Pat:
    """A pattern / replacement expression. Operators build `Op` nodes."""

    def __add__(self, o: Any) -> Op:
        return Op(mx.AddOp, self, lift(o))

    def __radd__(self, o: Any) -> Op:
        return Op(mx.AddOp, lift(o), self)

    def __sub__(self, o: Any) -> Op:
        return Op(mx.SubOp, self, lift(o))

    def __rsub__(self, o: Any) -> Op:
        return Op(mx.SubOp, lift(o), self)

    def __mul__(self, o: Any) -> Op:
        return Op(mx.MulOp, self, lift(o))

    def __rmul__(self, o: Any) -> Op:
        return Op(mx.MulOp, lift(o), self)

    def __truediv__(self, o: Any) -> Op:
        return Op(mx.DivOp, self, lift(o))

    def __rtruediv__(self, o: Any) -> Op:
        return Op(mx.DivOp, lift(o), self)

    def __pow__(self, o: Any) -> Op:
        return Op(mx.PowOp, self, lift(o))

    def __matmul__(self, o: Any) -> Op:
        return Op(mx.MatmulOp, self, lift(o))

    def __neg__(self) -> Op:
        return Op(mx.NegOp, self)

    def __gt__(self, o: Any) -> Op:  # type: ignore[override]
        return Op(mx.GtOp, self, lift(o))

    def __lt__(self, o: Any) -> Op:  # type: ignore[override]
        return Op(mx.LtOp, self, lift(o))

    def __ge__(self, o: Any) -> Op:  # type: ignore[override]
        return Op(mx.GeOp, self, lift(o))

    def __le__(self, o: Any) -> Op:  # type: ignore[override]
        return Op(mx.LeOp, self, lift(o))


@dataclass(eq=False)
class Var(Pat):
    """Binds a value: kind "any", "mat" (a matrix) or "num" (an f64 scalar)."""

    name: str
    kind: str = "any"

    def __repr__(self) -> str:
        return self.name


def Mat(name: str) -> Var:  # noqa: N802 - reads as a type in rule tables
    return Var(name, "mat")


def Num(name: str) -> Var:  # noqa: N802
    return Var(name, "num")


@dataclass(eq=False)
class Lit(Pat):
    """An f64 literal: matches an arith.constant of this value; builds one."""

    value: float

    def __repr__(self) -> str:
        return repr(self.value)


@dataclass(eq=False)
class Computed(Pat):
    """Replacement-only: a scalar computed from the bindings (e.g. a + b of two literals)."""

    fn: Callable[[Bindings], float | int]
    type: Attribute = f64


@dataclass(eq=False)
class Rest(Pat):
    """Binds all operands of a variadic op (cbind/rbind) as a list."""

    name: str


@dataclass(eq=False)
class Custom(Pat):
    """Replacement-only: builds the result with code (returns None to decline)."""

    fn: Callable[[Builder, Bindings], SSAValue | None]


@dataclass(eq=False)
class PropVar:
    """Binds a string property (e.g. the reduce kind) so a replacement can reuse it."""

    name: str


@dataclass(eq=False)
class Op(Pat):
    cls: type[Operation]
    args: tuple[Pat, ...]
    props: dict[str, str | PropVar] = field(default_factory=dict)
    bind: str | None = None

    def __init__(
        self, cls: type[Operation], *args: Pat, props: dict[str, str | PropVar] | None = None
    ):
        self.cls = cls
        self.args = tuple(args)
        self.props = props or {}
        self.bind = None

    def as_(self, name: str) -> Op:
        self.bind = name
        return self

    def __repr__(self) -> str:
        return f"{self.cls.name}({', '.join(map(repr, self.args))})"


def lift(x: Any) -> Pat:
    if isinstance(x, Pat):
        return x
    if isinstance(x, int | float):
        return Lit(float(x))
    raise TypeError(f"cannot use {x!r} in a pattern")


# Builders that read like DML.
def t(x: Pat) -> Op:
    return Op(mx.TransposeOp, x)


def reduce(kind: str | PropVar, axis: str | PropVar, x: Pat) -> Op:
    return Op(mx.ReduceOp, x, props={"kind": kind, "axis": axis})


def sum_(x: Pat) -> Op:
    return reduce("sum", "all", x)


def rowSums(x: Pat) -> Op:  # noqa: N802
    return reduce("sum", "row", x)


def colSums(x: Pat) -> Op:  # noqa: N802
    return reduce("sum", "col", x)


def trace(x: Pat) -> Op:
    return Op(mx.TraceOp, x)


def diag(x: Pat) -> Op:
    return Op(mx.DiagOp, x)


def to_scalar(x: Pat) -> Op:
    return Op(mx.ToScalarOp, x)


def from_scalar(x: Pat) -> Op:
    return Op(mx.FromScalarOp, x)


def unary(cls: type[Operation], x: Pat) -> Op:
    return Op(cls, x)


def binary(cls: type[Operation], a: Pat, b: Pat) -> Op:
    return Op(cls, a, b)


# ---------------------------------------------------------------------------
# Conditions: small predicates on the bound values' facts (from their types).


def facts(v: Any) -> MatFacts | ScalarFacts:
    f = facts_of_type(v.type)
    return f


def shape(v: SSAValue) -> tuple[int | None, int | None] | None:
    return v.type.shape if isinstance(v.type, mx.MatrixType) else None


def is_mat(name: str) -> Cond:
    return lambda b: isinstance(b[name].type, mx.MatrixType)


def is_col_vector(name: str) -> Cond:
    return lambda b: isinstance(b[name].type, mx.MatrixType) and b[name].type.cols == 1


def is_row_vector(name: str) -> Cond:
    return lambda b: isinstance(b[name].type, mx.MatrixType) and b[name].type.rows == 1


def is_1x1(name: str) -> Cond:
    return lambda b: shape(b[name]) == (1, 1)


def is_empty(name: str) -> Cond:
    return lambda b: isinstance(b[name].type, mx.MatrixType) and b[name].type.nnz == 0


def dims_known(name: str) -> Cond:
    return lambda b: isinstance(b[name].type, mx.MatrixType) and None not in b[name].type.shape


def same_shape(a: str, c: str) -> Cond:
    def cond(b: Bindings) -> bool:
        sa, sc = shape(b[a]), shape(b[c])
        return sa is not None and sa == sc and None not in sa

    return cond


def one_use(name: str) -> Cond:
    return lambda b: len(list(b[name].uses)) == 1


def all_of(*conds: Cond) -> Cond:
    return lambda b: all(c(b) for c in conds)


def scalar_value(v: SSAValue) -> float | int | None:
    """The constant an scalar SSA value holds, if it is an arith.constant."""
    op = v.owner
    if isinstance(op, arith.ConstantOp):
        val = op.value
        if isinstance(val, FloatAttr | IntegerAttr):
            return val.value.data
    return None


# ---------------------------------------------------------------------------
# Rules and matching.


@dataclass
class Rule:
    name: str
    pattern: Op
    replacement: Pat
    when: Cond | None = None
    doc: str = ""

    def __post_init__(self) -> None:
        assert isinstance(self.pattern, Op), f"rule {self.name}: the pattern root must be an op"


COMMUTATIVE = (mx.AddOp, mx.MulOp, mx.MinOp, mx.MaxOp, mx.EqOp, mx.NeOp, mx.AndOp, mx.OrOp)


def matches(p: Pat, v: SSAValue, b: Bindings) -> Iterator[Bindings]:
    """Every way pattern p matches value v, each an extension of bindings b.

    Commutative ops are tried in both operand orders, so a condition that tells
    the operands apart (colSums(X * v) with v the vector) sees both bindings.
    """
    if isinstance(p, Var):
        if p.kind == "mat" and not isinstance(v.type, mx.MatrixType):
            return
        if p.kind == "num" and v.type != f64:
            return
        if p.name in b:
            if b[p.name] is v:
                yield b
            return
        yield {**b, p.name: v}
    elif isinstance(p, Lit):
        c = scalar_value(v)
        if c is not None and v.type == f64 and float(c) == p.value:
            if math.copysign(1.0, c) == math.copysign(1.0, p.value):
                yield b
    elif isinstance(p, Op):
        op = v.owner
        if isinstance(op, p.cls) and len(op.results) == 1:
            yield from matches_op(p, op, b)


def matches_op(p: Op, op: Operation, b: Bindings) -> Iterator[Bindings]:
    b = dict(b)
    for name, want in p.props.items():
        have = op.properties.get(name)
        have_s = have.data if isinstance(have, StringAttr) else None
        if isinstance(want, PropVar):
            if want.name in b and b[want.name] != have_s:
                return
            b[want.name] = have_s
        elif have_s != want:
            return
    operands = list(op.operands)
    bound = {p.bind: op.results[0]} if p.bind is not None else {}
    if len(p.args) == 1 and isinstance(p.args[0], Rest):
        yield {**b, p.args[0].name: operands, **bound}
        return
    if len(operands) != len(p.args):
        return
    orders = [operands]
    if isinstance(op, COMMUTATIVE) and len(operands) == 2 and operands[0] is not operands[1]:
        orders.append(operands[::-1])
    for ordered in orders:
        for found in _match_all(p.args, ordered, b):
            yield {**found, **bound}


def _match_all(pats: Sequence[Pat], vals: Sequence[SSAValue], b: Bindings) -> Iterator[Bindings]:
    if not pats:
        yield b
        return
    for b2 in matches(pats[0], vals[0], b):
        yield from _match_all(pats[1:], vals[1:], b2)


def match_op(p: Op, op: Operation, b: Bindings) -> bool:
    """The first match of p at op, written into b (for callers that want one)."""
    for found in matches_op(p, op, b):
        b.clear()
        b.update(found)
        return True
    return False


def match(p: Pat, v: SSAValue, b: Bindings) -> bool:
    for found in matches(p, v, b):
        b.clear()
        b.update(found)
        return True
    return False


# ---------------------------------------------------------------------------
# Building replacements with locally inferred types.


_SCALAR_RESULT: dict[type[Operation], Attribute] = {
    arith.AddfOp: f64,
    arith.SubfOp: f64,
    arith.MulfOp: f64,
    arith.DivfOp: f64,
    arith.NegfOp: f64,
    mx.TraceOp: f64,
    mx.ToScalarOp: f64,
    mx.NrowOp: i64,
    mx.NcolOp: i64,
    mx.NnzOp: i64,
}


def result_type(
    cls: type[Operation], operands: Sequence[SSAValue], props: dict[str, Attribute]
) -> Attribute:
    """The result type an op would get from its size rule on the operands' types."""
    if cls in _SCALAR_RESULT:
        return _SCALAR_RESULT[cls]
    if cls is mx.ReduceOp and props["axis"] == StringAttr("all"):
        return f64
    probe = cls.build(
        operands=_group(cls, list(operands)), result_types=[mx.MatrixType()], properties=props
    )
    rule = SIZE_RULES.get(cls)
    try:
        out = rule(probe, [facts_of_type(v.type) for v in operands]) if rule else MatFacts()
    except Exception:
        out = MatFacts()
    finally:
        probe.drop_all_references()
    return out.to_type() if isinstance(out, MatFacts) else mx.MatrixType()


def _group(cls: type[Operation], operands: list[SSAValue]) -> list[Any]:
    """Operands as IRDL's builder wants them: a variadic op (cbind) takes one list."""
    defs = cls.get_irdl_definition().operands  # type: ignore[attr-defined]
    if len(defs) == 1 and isinstance(defs[0][1], VarOperandDef):
        return [operands]
    return list(operands)


@dataclass
class Builder:
    rewriter: PatternRewriter
    at: Operation
    created: list[Operation] = field(default_factory=list)

    def insert(self, op: Operation) -> SSAValue:
        op.location = self.at.location
        self.rewriter.insert(op, InsertPoint.before(self.at))
        self.created.append(op)
        return op.results[0]

    def build(self, p: Pat, b: Bindings) -> SSAValue:
        if isinstance(p, Var):
            return b[p.name]
        if isinstance(p, Lit):
            return self.insert(arith.ConstantOp(FloatAttr(p.value, f64)))
        if isinstance(p, Computed):
            value = p.fn(b)
            attr = (
                FloatAttr(float(value), f64) if p.type == f64 else IntegerAttr(int(value), p.type)
            )
            return self.insert(arith.ConstantOp(attr))
        if isinstance(p, Custom):
            return p.fn(self, b)  # type: ignore[return-value]
        if isinstance(p, Op):
            operands = [self.build(a, b) for a in p.args]
            props: dict[str, Attribute] = {}
            for k, v in p.props.items():
                props[k] = StringAttr(b[v.name] if isinstance(v, PropVar) else v)
            rt = result_type(p.cls, operands, props)
            return self.insert(
                p.cls.build(operands=_group(p.cls, operands), result_types=[rt], properties=props)
            )
        raise TypeError(f"cannot build {p!r}")


_EXACT_TYPE_USERS = (
    scf.YieldOp, scf.ConditionOp, scf.ForOp, scf.WhileOp, scf.IfOp,
    func.ReturnOp, func.CallOp, mx.CastOp,
)  # fmt: skip


def replace_value(rewriter: PatternRewriter, op: Operation, new: SSAValue) -> None:
    """Replace op's result by `new`; keep exact-type users valid with a cast."""
    old = op.results[0]
    if isinstance(old.type, mx.MatrixType) and isinstance(new.type, mx.MatrixType):
        refined = MatFacts.of_type(new.type).meet(MatFacts.of_type(old.type)).to_type()
        if refined != new.type and isinstance(new.owner, Operation) and new.owner is not op:
            if new.owner.parent_block() is op.parent_block() and len(list(new.uses)) == 0:
                new = rewriter.replace_value_with_new_type(new, refined)
        if new.type != old.type:
            cast = mx.CastOp.build(operands=[new], result_types=[old.type])
            cast.location = op.location
            rewriter.insert(cast, InsertPoint.before(op))
            for use in list(old.uses):
                if isinstance(use.operation, _EXACT_TYPE_USERS):
                    use.operation.operands[use.index] = cast.result
            if not cast.result.uses:
                rewriter.erase(cast)
    rewriter.replace(op, [], [new])


# ---------------------------------------------------------------------------
# The engine.


@dataclass
class RewriteTrace:
    fired: list[tuple[str, str]] = field(default_factory=list)  # (rule, location)
    bound_hit: bool = False

    def counts(self) -> Counter[str]:
        return Counter(name for name, _ in self.fired)

    def report(self) -> str:
        lines = [f"rewrite: {name} at {loc}" for name, loc in self.fired]
        lines += [f"rewrite-count: {name} {n}" for name, n in sorted(self.counts().items())]
        if self.bound_hit:
            lines.append("rewrite: warning: rewrite bound hit before a fixpoint")
        return "\n".join(lines)


CURRENT_TRACE: list[RewriteTrace] = []
"""Traces of the passes run in this process; `amls-opt --rewrite-trace` prints them."""


def _loc(op: Operation) -> str:
    from xdsl.dialects.builtin import FileLineColLoc

    cur: Operation | None = op
    while cur is not None:
        if isinstance(cur.location, FileLineColLoc):
            loc = cur.location
            return f"{loc.filename.data}:{loc.line.data}:{loc.column.data}"
        cur = cur.parent_op()
    return "unknown"


class RulesPattern(RewritePattern):
    """All rules rooted at one op class, tried in table order."""

    def __init__(self, rules: Sequence[Rule], engine: RuleEngine):
        self.rules = list(rules)
        self.engine = engine

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if self.engine.exhausted():
            return
        for rule in self.rules:
            b = next(
                (m for m in matches_op(rule.pattern, op, {}) if rule.when is None or rule.when(m)),
                None,
            )
            if b is None:
                continue
            builder = Builder(rewriter, op)
            new = builder.build(rule.replacement, b)
            if new is None or new is op.results[0]:
                for created in reversed(builder.created):
                    rewriter.erase(created)
                continue
            self.engine.trace.fired.append((rule.name, _loc(op)))
            replace_value(rewriter, op, new)
            return


@dataclass
class RuleEngine:
    rules: Sequence[Rule]
    max_rewrites: int = 10000
    trace: RewriteTrace = field(default_factory=RewriteTrace)

    def exhausted(self) -> bool:
        if len(self.trace.fired) >= self.max_rewrites:
            self.trace.bound_hit = True
            return True
        return False

    def patterns(self) -> list[RewritePattern]:
        by_root: dict[type[Operation], list[Rule]] = {}
        for r in self.rules:
            by_root.setdefault(r.pattern.cls, []).append(r)
        return [_Rooted(cls, RulesPattern(rs, self)) for cls, rs in by_root.items()]

    def apply(self, module: ModuleOp) -> RewriteTrace:
        walker = PatternRewriteWalker(
            GreedyRewritePatternApplier(self.patterns()), apply_recursively=True
        )
        walker.rewrite_module(module)
        CURRENT_TRACE.append(self.trace)
        return self.trace


class _Rooted(RewritePattern):
    """Dispatch on the op class before trying any rule (cheap reject)."""

    def __init__(self, cls: type[Operation], inner: RulesPattern):
        self.cls = cls
        self.inner = inner

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if type(op) is self.cls:
            self.inner.match_and_rewrite(op, rewriter)

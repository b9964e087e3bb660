"""The pattern DSL: rule patterns and replacements written as the math reads.

    trace(X @ Y)          colSums(X * v)          1.0 / (1.0 + exp(-X))

`Var("X")` binds any value (`Mat`/`Num` restrict it to matrices/f64 scalars), a
float literal matches an `arith.constant` of that value, `Op(...)` nodes match ops of
a class and `.as_("name")` binds the matched intermediate for a condition. `str()` of
a pattern prints it back as math (the rewrite catalogue, docs/rewrites.md).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from xdsl.dialects import arith
from xdsl.ir import Operation, SSAValue

from amls.dialects import matrix as mx

if TYPE_CHECKING:
    from amls.passes.rewrite.build import Builder
    from amls.passes.rewrite.conditions import Bindings


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

    def __str__(self) -> str:
        return self.name


def Mat(name: str) -> Var:  # noqa: N802 - reads as a type in rule tables
    return Var(name, "mat")


def Num(name: str) -> Var:  # noqa: N802
    return Var(name, "num")


@dataclass(eq=False)
class Lit(Pat):
    """An f64 literal: matches an arith.constant of this value; builds one."""

    value: float

    def __str__(self) -> str:
        return f"{self.value:g}"


@dataclass(eq=False)
class Rest(Pat):
    """Binds all operands of a variadic op (cbind/rbind) as a list."""

    name: str

    def __str__(self) -> str:
        return f"{self.name}..."


@dataclass(eq=False)
class Native(Pat):
    """Replacement-only: the result built by code (PDLL's native rewrite), or None to
    decline. The function's name is what the catalogue shows."""

    fn: Callable[[Builder, Bindings], SSAValue | None]

    def __str__(self) -> str:
        return f"{self.fn.__name__}(...)"


@dataclass(eq=False)
class PropVar:
    """Binds a string property (e.g. the reduce kind) so a replacement can reuse it."""

    name: str

    def __str__(self) -> str:
        return self.name


@dataclass(eq=False)
class Op(Pat):
    """An op of class `cls` with these operand patterns and string properties.

    `commute=False` matches a commutative op in the written operand order only."""

    cls: type[Operation]
    args: tuple[Pat, ...]
    props: dict[str, str | PropVar] = field(default_factory=dict)
    bind: str | None = None
    commute: bool = True

    def __init__(
        self, cls: type[Operation], *args: Pat, props: dict[str, str | PropVar] | None = None
    ):
        self.cls = cls
        self.args = tuple(args)
        self.props = props or {}
        self.bind = None
        self.commute = True

    def as_(self, name: str) -> Op:
        self.bind = name
        return self

    def in_order(self) -> Op:
        self.commute = False
        return self

    def shows_bind(self) -> bool:
        """Printed with its name (names starting with _ are the engine's own)."""
        return self.bind is not None and not self.bind.startswith("_")

    def __str__(self) -> str:
        return show(self)


def lift(x: Any) -> Pat:
    if isinstance(x, Pat):
        return x
    if isinstance(x, int | float):
        return Lit(float(x))
    raise TypeError(f"cannot use {x!r} in a pattern")


# -- printing ---------------------------------------------------------------------

_INFIX: dict[type[Operation], str] = {
    mx.AddOp: "+", mx.SubOp: "-", mx.MulOp: "*", mx.DivOp: "/", mx.PowOp: "^",
    mx.MatmulOp: "@", mx.GtOp: ">", mx.LtOp: "<", mx.GeOp: ">=", mx.LeOp: "<=",
    mx.EqOp: "==", mx.NeOp: "!=", mx.AndOp: "&", mx.OrOp: "|",
    arith.AddfOp: "+", arith.SubfOp: "-", arith.MulfOp: "*", arith.DivfOp: "/",
}  # fmt: skip

_REDUCE_NAMES = {
    ("sum", "all"): "sum", ("sum", "row"): "rowSums", ("sum", "col"): "colSums",
    ("mean", "row"): "rowMeans", ("mean", "col"): "colMeans",
    ("min", "row"): "rowMins", ("min", "col"): "colMins",
    ("max", "row"): "rowMaxs", ("max", "col"): "colMaxs",
    ("var", "row"): "rowVars", ("var", "col"): "colVars",
    ("sd", "row"): "rowSds", ("sd", "col"): "colSds",
    ("prod", "row"): "rowProds", ("prod", "col"): "colProds",
}  # fmt: skip


def show(p: Pat, names: bool = True) -> str:
    """p as math; `names=False` leaves out the `as name` of bound intermediates."""
    if not isinstance(p, Op):
        return str(p)
    text = _show(p, names)
    return f"({text} as {p.bind})" if names and p.shows_bind() else text


def _operand(p: Pat, names: bool) -> str:
    """An operand of an infix op: nested infix/negation in parentheses."""
    text = show(p, names)
    named = names and isinstance(p, Op) and p.shows_bind()
    if isinstance(p, Op) and not named and (p.cls in _INFIX or p.cls is mx.NegOp):
        return f"({text})"
    return text


def _show(p: Op, names: bool) -> str:
    if p.cls in _INFIX and len(p.args) == 2:
        return f"{_operand(p.args[0], names)} {_INFIX[p.cls]} {_operand(p.args[1], names)}"
    if p.cls is mx.NegOp:
        return f"-{_operand(p.args[0], names)}"
    args = ", ".join(show(a, names) for a in p.args)
    if p.cls is mx.ReduceOp:
        kind, axis = p.props["kind"], p.props["axis"]
        if isinstance(kind, str) and isinstance(axis, str):
            if (kind, axis) in _REDUCE_NAMES:
                return f"{_REDUCE_NAMES[(kind, axis)]}({args})"
            if axis == "all":
                return f"{kind}({args})"
        return f"reduce[{kind}, {axis}]({args})"
    if p.cls is mx.TransposeOp:
        return f"t({args})"
    if p.cls is mx.CumAggOp:
        kind = p.props["kind"]
        return f"cum{kind}({args})" if isinstance(kind, str) else f"cumagg[{kind}]({args})"
    props = ", ".join(f"{k}={v}" for k, v in p.props.items())
    return f"{p.cls.name.split('.', 1)[1]}{f'[{props}]' if props else ''}({args})"


# -- builders that read like DML -----------------------------------------------------


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


def to_scalar(x: Pat) -> Op:
    return Op(mx.ToScalarOp, x)


def from_scalar(x: Pat) -> Op:
    return Op(mx.FromScalarOp, x)


def unary(cls: type[Operation], x: Pat) -> Op:
    return Op(cls, x)


def binary(cls: type[Operation], a: Pat, b: Pat) -> Op:
    return Op(cls, a, b)


def rev(x: Pat) -> Op:
    return Op(mx.RevOp, x)


def cumagg(kind: str | PropVar, x: Pat) -> Op:
    return Op(mx.CumAggOp, x, props={"kind": kind})

"""Value rules: one per op class, `rule(op, operand facts) -> result facts`.

Each states a sound bound on |x| of the result and whether it is finite, from its
operands' (values.py). A sum of n values is bounded by n times their bound, a
product of k-term dot products by k*a*b; division, log and solve can divide by
zero or leave the reals, so they bound nothing; comparisons are 0/1. Sizes are
read from the operands' types (size-inference has refined them): an unknown
count bounds nothing. Ops without a rule know nothing of their results.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

from xdsl.dialects import arith
from xdsl.ir import Operation, SSAValue

from amls.dialects import matrix as mx
from amls.dialects.lazy import upstream_op
from amls.dialects.traits import constant_value
from amls.passes.sizes.values import (
    BOOLEAN,
    DBL_MAX,
    FINITE,
    I1,
    UNKNOWN,
    ValueFacts,
    ValueRule,
)

VALUE_RULES: dict[type[Operation], ValueRule] = {}


def value_rule(*op_types: type[Operation] | str) -> Callable[[ValueRule], ValueRule]:
    """Register `fn` for each op class (or upstream op named "math.ExpOp": amls.dialects.lazy)."""

    def register(fn: ValueRule) -> ValueRule:
        for t in op_types:
            if isinstance(t, str):
                upstream_op(t, lambda cls: VALUE_RULES.__setitem__(cls, fn))
            else:
                VALUE_RULES[t] = fn
        return fn

    return register


def _mul(a: float, b: float) -> float:
    if a == 0 or b == 0:
        return 0.0  # 0 * inf: the bound of a product with a zero factor is 0
    return a * b


def _bounded(b: float, *ins: ValueFacts, nonneg: bool = False) -> ValueFacts:
    """Bound b on a result computed from finite operands only (else nothing known)."""
    if not all(f.finite for f in ins) or b > DBL_MAX:
        return UNKNOWN
    return ValueFacts.bounded(b, nonneg)


def _dim(v: SSAValue, i: int) -> int | None:
    t = v.type
    return t.shape[i] if isinstance(t, mx.MatrixType) else 1


def _cells(v: SSAValue) -> int | None:
    r, c = _dim(v, 0), _dim(v, 1)
    return None if r is None or c is None else r * c


def _const(v: SSAValue) -> float | None:
    c = constant_value(v)
    return None if c is None else float(c)


# ---------------------------------------------------------------------------
# Generators and data.


@value_rule(mx.RandOp)
def rand(op: mx.RandOp, ins: Sequence[ValueFacts]) -> ValueFacts:
    lo, hi = op.min.value.data, op.max.value.data
    if op.pdf.data == "normal":
        return FINITE  # finite draws, no bound
    return ValueFacts.bounded(max(abs(lo), abs(hi)), nonneg=lo >= 0)


@value_rule(mx.FillOp)
def fill(op: mx.FillOp, ins: Sequence[ValueFacts]) -> ValueFacts:
    v = ins[0]
    return ValueFacts.make(v.absmax, v.finite, v.nan_free, v.nonneg)


@value_rule(mx.SeqOp)
def seq(op: mx.SeqOp, ins: Sequence[ValueFacts]) -> ValueFacts:
    # Values lie between from and to (a step past `to` is never taken); a non-finite
    # seq fails at run time. |step| covers rounding of from + i*step.
    start, stop, step = ins
    return _bounded(max(start.absmax, stop.absmax) + step.absmax, *ins)


@value_rule(mx.ConstantOp)
def constant(op: mx.ConstantOp, ins: Sequence[ValueFacts]) -> ValueFacts:
    values = list(op.value.get_values())
    if not all(math.isfinite(x) for x in values):
        return ValueFacts.make(nan_free=not any(math.isnan(x) for x in values))
    return ValueFacts.bounded(
        max((abs(x) for x in values), default=0.0), all(x >= 0 for x in values)
    )


# ---------------------------------------------------------------------------
# Element-wise.


@value_rule(mx.AddOp, mx.SubOp, arith.AddfOp, arith.SubfOp, arith.AddiOp, arith.SubiOp)
def add(op: Operation, ins: Sequence[ValueFacts]) -> ValueFacts:
    a, b = ins
    nonneg = isinstance(op, mx.AddOp | arith.AddfOp | arith.AddiOp) and a.nonneg and b.nonneg
    return _bounded(a.absmax + b.absmax, a, b, nonneg=nonneg)


@value_rule(mx.MulOp, arith.MulfOp, arith.MuliOp)
def mul(op: Operation, ins: Sequence[ValueFacts]) -> ValueFacts:
    a, b = ins
    return _bounded(_mul(a.absmax, b.absmax), a, b, nonneg=a.nonneg and b.nonneg)


@value_rule(mx.DivOp, arith.DivfOp)
def div(op: Operation, ins: Sequence[ValueFacts]) -> ValueFacts:
    a, _ = ins
    c = _const(op.operands[1])  # only a constant divisor keeps a bound
    if c is None or c == 0 or not math.isfinite(c):
        return UNKNOWN
    return _bounded(a.absmax / abs(c), a, nonneg=a.nonneg and c > 0)


@value_rule(arith.DivSIOp, arith.FloorDivSIOp, arith.CeilDivSIOp)
def int_div(op: Operation, ins: Sequence[ValueFacts]) -> ValueFacts:
    return _bounded(ins[0].absmax + 1, ins[0])  # |x / y| <= |x| (y = 0 fails)


@value_rule(arith.RemSIOp)
def int_rem(op: Operation, ins: Sequence[ValueFacts]) -> ValueFacts:
    return _bounded(min(ins[0].absmax, ins[1].absmax), *ins)


@value_rule(mx.ModOp)
def mod(op: mx.ModOp, ins: Sequence[ValueFacts]) -> ValueFacts:
    # x - floor(x / y) * y lies between 0 and y; y = 0 gives NaN.
    c = _const(op.operands[1])
    if c is None or c == 0 or not math.isfinite(c):
        return UNKNOWN
    return _bounded(abs(c), ins[0], nonneg=c > 0)


@value_rule(mx.PowOp, "math.PowFOp")
def pow_(op: Operation, ins: Sequence[ValueFacts]) -> ValueFacts:
    a, _ = ins
    c = _const(op.operands[1])
    if c is None or not math.isfinite(c) or c < 0:
        return UNKNOWN  # 0 ^ -1 is Inf; a variable exponent bounds nothing
    integral = c == int(c)
    if not integral and not a.nonneg:
        return UNKNOWN  # (-1) ^ 0.5 is NaN
    try:
        b = 1.0 if c == 0 else a.absmax**c if a.absmax >= 1 else 1.0
    except OverflowError:
        return UNKNOWN
    return _bounded(b, a, nonneg=a.nonneg or (integral and int(c) % 2 == 0))


@value_rule(mx.MinOp, mx.MaxOp, arith.MaximumfOp, arith.MinimumfOp, arith.MaxSIOp, arith.MinSIOp)
def min_max(op: Operation, ins: Sequence[ValueFacts]) -> ValueFacts:
    a, b = ins
    nonneg = (a.nonneg and b.nonneg) or (
        isinstance(op, mx.MaxOp | arith.MaximumfOp | arith.MaxSIOp) and (a.nonneg or b.nonneg)
    )
    return ValueFacts.make(
        max(a.absmax, b.absmax), a.finite and b.finite, a.nan_free and b.nan_free, nonneg
    )


@value_rule(*mx.COMPARISONS, mx.AndOp, mx.OrOp, mx.NotOp)
def zero_one(op: Operation, ins: Sequence[ValueFacts]) -> ValueFacts:
    return BOOLEAN


@value_rule(arith.CmpfOp, arith.CmpiOp)
def scalar_compare(op: Operation, ins: Sequence[ValueFacts]) -> ValueFacts:
    return I1


def _same(f: ValueFacts, nonneg: bool | None = None) -> ValueFacts:
    return ValueFacts.make(f.absmax, f.finite, f.nan_free, f.nonneg if nonneg is None else nonneg)


@value_rule(mx.NegOp, arith.NegfOp)
def neg(op: Operation, ins: Sequence[ValueFacts]) -> ValueFacts:
    return _same(ins[0], nonneg=ins[0].absmax == 0)


@value_rule(mx.AbsOp, "math.AbsFOp")
def abs_(op: Operation, ins: Sequence[ValueFacts]) -> ValueFacts:
    return _same(ins[0], nonneg=True)


@value_rule(mx.SignOp)
def sign(op: Operation, ins: Sequence[ValueFacts]) -> ValueFacts:
    x = ins[0]
    return ValueFacts.make(1.0 if x.absmax > 0 else 0.0, nan_free=x.nan_free, nonneg=x.nonneg)


@value_rule(
    mx.RoundOp, mx.RintOp, mx.FloorOp, mx.CeilOp,
    "math.RoundOp", "math.RoundEvenOp", "math.FloorOp", "math.CeilOp",
)  # fmt: skip
def rounding(op: Operation, ins: Sequence[ValueFacts]) -> ValueFacts:
    x = ins[0]
    return ValueFacts.make(
        math.ceil(x.absmax) if x.absmax < math.inf else x.absmax, x.finite, x.nan_free, x.nonneg
    )


@value_rule(mx.SigmoidOp)
def sigmoid(op: Operation, ins: Sequence[ValueFacts]) -> ValueFacts:
    return ValueFacts.make(1.0, nan_free=ins[0].nan_free, nonneg=True)


@value_rule(mx.ExpOp, "math.ExpOp")
def exp(op: Operation, ins: Sequence[ValueFacts]) -> ValueFacts:
    x = ins[0]
    if not x.nan_free:
        return ValueFacts.make(nonneg=True)
    if x.absmax > 709.0:
        return ValueFacts.make(nan_free=True, nonneg=True)  # may overflow to Inf
    return ValueFacts.bounded(math.exp(x.absmax), nonneg=True)


@value_rule(mx.SinOp, mx.CosOp, "math.SinOp", "math.CosOp")
def sin_cos(op: Operation, ins: Sequence[ValueFacts]) -> ValueFacts:
    return ValueFacts.make(1.0, nan_free=ins[0].finite)  # sin(+-Inf) is NaN


@value_rule(mx.TanOp, "math.TanOp")
def tan(op: Operation, ins: Sequence[ValueFacts]) -> ValueFacts:
    return FINITE if ins[0].finite else UNKNOWN  # unbounded near pi/2, but never Inf


@value_rule(mx.IsNanOp, mx.IsInfOp)
def isnan_isinf(op: Operation, ins: Sequence[ValueFacts]) -> ValueFacts:
    return BOOLEAN


_HALF_PI = math.nextafter(math.pi / 2, math.inf)
_PI = math.nextafter(math.pi, math.inf)
"""pi/2 and pi rounded up: a libm's last-ulp error stays inside the bound."""
_HYPERBOLIC_MAX = 709.0
"""|x| up to which sinh and cosh are finite (they overflow past ~710.48), as exp's rule."""


@value_rule(mx.AsinOp, "math.AsinOp")
def asin(op: Operation, ins: Sequence[ValueFacts]) -> ValueFacts:
    # NaN outside [-1, 1] (Inf included): a number only where |x| <= 1 is proven.
    x = ins[0]
    return ValueFacts.make(_HALF_PI, nan_free=x.finite and x.absmax <= 1.0, nonneg=x.nonneg)


@value_rule(mx.AcosOp, "math.AcosOp")
def acos(op: Operation, ins: Sequence[ValueFacts]) -> ValueFacts:
    x = ins[0]
    return ValueFacts.make(_PI, nan_free=x.finite and x.absmax <= 1.0, nonneg=True)


@value_rule(mx.AtanOp, "math.AtanOp")
def atan(op: Operation, ins: Sequence[ValueFacts]) -> ValueFacts:
    x = ins[0]  # atan(+-Inf) = +-pi/2: NaN only from NaN
    return ValueFacts.make(_HALF_PI, nan_free=x.nan_free, nonneg=x.nonneg)


@value_rule(mx.TanhOp, "math.TanhOp")
def tanh(op: Operation, ins: Sequence[ValueFacts]) -> ValueFacts:
    x = ins[0]  # tanh(+-Inf) = +-1
    return ValueFacts.make(1.0, nan_free=x.nan_free, nonneg=x.nonneg)


@value_rule(mx.SinhOp, mx.CoshOp, "math.SinhOp", "math.CoshOp")
def sinh_cosh(op: Operation, ins: Sequence[ValueFacts]) -> ValueFacts:
    x, cosh = ins[0], op.name.endswith("cosh")
    nonneg = x.nonneg or cosh  # cosh >= 1; sinh has x's sign
    if not x.nan_free or x.absmax > _HYPERBOLIC_MAX:
        return ValueFacts.make(nan_free=x.nan_free, nonneg=nonneg)  # may overflow to Inf
    b = (math.cosh if cosh else math.sinh)(x.absmax)  # both grow with |x|
    return ValueFacts.bounded(math.nextafter(b, math.inf) if b else 0.0, nonneg=nonneg)


@value_rule(mx.SqrtOp, "math.SqrtOp")
def sqrt(op: Operation, ins: Sequence[ValueFacts]) -> ValueFacts:
    x = ins[0]
    if not x.nonneg:
        return ValueFacts.make(nonneg=True)  # sqrt(-1) is NaN
    return ValueFacts.make(math.sqrt(x.absmax), x.finite, x.nan_free, nonneg=True)


# ---------------------------------------------------------------------------
# Structure: the same values, moved.


@value_rule(
    mx.TransposeOp,
    mx.RevOp,
    mx.DiagOp,
    mx.ReshapeOp,
    mx.SliceOp,
    mx.CastOp,
    mx.ToScalarOp,
    mx.FromScalarOp,
    arith.SIToFPOp,
    arith.FPToSIOp,
    arith.IndexCastOp,
    arith.ExtFOp,
)
def same(op: Operation, ins: Sequence[ValueFacts]) -> ValueFacts:
    return _same(ins[0])


@value_rule(mx.CbindOp, mx.RbindOp, mx.UpdateOp)
def combine(op: Operation, ins: Sequence[ValueFacts]) -> ValueFacts:
    mats = [
        f for f, v in zip(ins, op.operands, strict=True) if isinstance(v.type, mx.MatrixLikeType)
    ]
    out = mats[0]
    for f in mats[1:]:
        out = out.join(f)
    return out


@value_rule(mx.SelectOp, arith.SelectOp)
def select(op: Operation, ins: Sequence[ValueFacts]) -> ValueFacts:
    return ins[1].join(ins[2])


# ---------------------------------------------------------------------------
# Products and aggregates: n terms of bounded values.


@value_rule(mx.MatmulOp)
def matmul(op: mx.MatmulOp, ins: Sequence[ValueFacts]) -> ValueFacts:
    a, b = ins
    k = _dim(op.operands[0], 1)
    if k is None:
        k = _dim(op.operands[1], 0)
    if k is None:
        return UNKNOWN
    nonneg = a.nonneg and b.nonneg
    return _bounded(k * _mul(a.absmax, b.absmax), a, b, nonneg=nonneg)


@value_rule(mx.ReduceOp)
def reduce(op: mx.ReduceOp, ins: Sequence[ValueFacts]) -> ValueFacts:
    x = ins[0]
    kind, axis = op.kind.data, op.axis.data
    src = op.operands[0]
    n = _cells(src) if axis == "all" else _dim(src, 1 if axis == "row" else 0)
    if kind in mx.INDEX_KINDS:
        if not n:
            return ValueFacts.make(finite=True, nonneg=True)
        return ValueFacts.bounded(float(n - 1), nonneg=True)
    if kind in ("min", "max"):
        if n is None or n == 0:
            return UNKNOWN  # the extremum of nothing is +-Inf
        return _same(x)
    if n is None:
        return UNKNOWN
    if kind == "mean":
        if n == 0:
            return UNKNOWN  # the mean of nothing is NaN
        # Computed as sum / n: within |x|'s bound only where the sum cannot overflow.
        if _mul(n, x.absmax) <= DBL_MAX:
            return _same(x)
        return ValueFacts.make(nonneg=x.nonneg)
    if kind == "sumsq":
        return _bounded(n * _mul(x.absmax, x.absmax), x, nonneg=True)
    if kind in ("var", "sd"):
        if n == 0:
            return UNKNOWN  # the variance of nothing is NaN
        # Sum of squared deviations <= n * absmax^2, over max(n - 1, 1).
        v = n * _mul(x.absmax, x.absmax) / max(n - 1, 1)
        return _bounded(v if kind == "var" else math.sqrt(v), x, nonneg=True)
    if kind == "prod":
        if x.absmax <= 1.0:
            return _bounded(1.0, x, nonneg=x.nonneg)  # 1 for no values
        try:
            return _bounded(x.absmax**n, x, nonneg=x.nonneg)
        except OverflowError:
            return UNKNOWN
    return _bounded(n * x.absmax, x, nonneg=x.nonneg)  # sum


@value_rule(mx.TraceOp)
def trace(op: mx.TraceOp, ins: Sequence[ValueFacts]) -> ValueFacts:
    n = _dim(op.operands[0], 0)
    return UNKNOWN if n is None else _bounded(n * ins[0].absmax, ins[0], nonneg=ins[0].nonneg)


@value_rule(mx.CumAggOp)
def cumagg(op: mx.CumAggOp, ins: Sequence[ValueFacts]) -> ValueFacts:
    x, kind = ins[0], op.kind.data
    if kind in ("min", "max"):
        return _same(x)  # running extremes are cells of X
    n = _dim(op.operands[0], 0)
    if n is None:
        return UNKNOWN
    if kind == "sum":
        return _bounded(n * x.absmax, x, nonneg=x.nonneg)
    if x.absmax <= 1.0:  # products of values in [-1, 1] stay there
        return _bounded(x.absmax, x, nonneg=x.nonneg)
    try:
        b = x.absmax**n
    except OverflowError:
        return UNKNOWN
    return _bounded(b, x, nonneg=x.nonneg)


@value_rule(mx.ReplaceOp)
def replace(op: mx.ReplaceOp, ins: Sequence[ValueFacts]) -> ValueFacts:
    x, _, r = ins
    p = _const(op.operands[1])
    if p is not None and math.isnan(p) and r.nan_free:
        # The NaN cells become r; X's bound on its numbers holds for the rest.
        return ValueFacts.make(max(x.absmax, r.absmax), nan_free=True, nonneg=x.nonneg and r.nonneg)
    return x.join(r)


@value_rule(mx.DetOp)
def det(op: mx.DetOp, ins: Sequence[ValueFacts]) -> ValueFacts:
    return UNKNOWN  # products of n values: no useful bound


@value_rule(mx.NrowOp, mx.NcolOp, mx.NnzOp)
def meta(op: Operation, ins: Sequence[ValueFacts]) -> ValueFacts:
    src = op.operands[0]
    r, c = _dim(src, 0), _dim(src, 1)
    n: Any = r if isinstance(op, mx.NrowOp) else c if isinstance(op, mx.NcolOp) else _cells(src)
    return (
        ValueFacts.bounded(float(n), nonneg=True)
        if n is not None
        else ValueFacts.make(finite=True, nonneg=True)
    )


# ---------------------------------------------------------------------------
# Data-dependent reorganisation.


@value_rule(mx.TableOp)
def table(op: mx.TableOp, ins: Sequence[ValueFacts]) -> ValueFacts:
    # A cell sums at most all the weights: n * max|w| over the n input cells.
    n = _cells(op.operands[0])
    w = ins[2]
    if n is None:
        return ValueFacts.make(nonneg=w.nonneg)
    return _bounded(n * w.absmax, w, nonneg=w.nonneg)


@value_rule(mx.RemoveEmptyOp)
def remove_empty(op: mx.RemoveEmptyOp, ins: Sequence[ValueFacts]) -> ValueFacts:
    return _same(ins[0])  # X's cells (or an added zero line)


@value_rule(mx.OuterOp)
def outer(op: mx.OuterOp, ins: Sequence[ValueFacts]) -> ValueFacts:
    # The element-wise op's rule: it reads constants of its operands only, and outer's
    # are vectors, so a rule that needs a constant divisor or exponent bounds nothing.
    rule = VALUE_RULES.get(mx.OUTER_OPS.get(op.op.data))  # type: ignore[arg-type]
    return UNKNOWN if rule is None else rule(op, ins)


@value_rule(mx.OrderOp)
def order(op: mx.OrderOp, ins: Sequence[ValueFacts]) -> ValueFacts:
    if mx.order_index_return(op):
        n = _dim(op.operands[0], 0)
        return (
            ValueFacts.make(finite=True, nonneg=True)
            if not n
            else ValueFacts.bounded(float(n - 1), nonneg=True)
        )
    return _same(ins[0])


@value_rule(arith.ConstantOp)
def scalar_constant(op: arith.ConstantOp, ins: Sequence[ValueFacts]) -> ValueFacts:
    c = constant_value(op.result)
    if c is None:
        return UNKNOWN
    c = float(c)
    if math.isnan(c):
        return UNKNOWN
    if math.isinf(c):
        return ValueFacts.make(nan_free=True, nonneg=c > 0)
    return ValueFacts.bounded(abs(c), nonneg=c >= 0)

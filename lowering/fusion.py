"""Fused physical operators (REWRITES.md "Fused physical operators"), one row per operator.

Each row names the fused op, the pattern it replaces (as the math reads), and a matcher
that, given the root matrix op, returns the fused op's operands and properties, or None.
Inner ops of a pattern must have one use (they disappear); lower-to-phys only fuses a
root it runs locally (dist tsmm aside, which it selects itself).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from xdsl.dialects.builtin import f64
from xdsl.ir import Operation, SSAValue

from amls.dialects import matrix as mx
from amls.dialects import phys
from amls.passes.sizes.memory import matrix_bytes


@dataclass(frozen=True)
class Match:
    op_type: type[phys.PhysOp]
    operands: list[SSAValue]
    props: dict[str, str]
    consumed: list[Operation]
    """Inner ops the fused op replaces (erased when they have no other use)."""
    decide_on: Operation | None = None
    """The op whose memory estimate picks local or dist (default: the root)."""


Matcher = Callable[[Operation], Match | None]


def _def(v: SSAValue, cls: type[Operation] | tuple[type[Operation], ...]) -> Operation | None:
    op = v.owner
    return op if isinstance(op, cls) and v.has_one_use() else None  # type: ignore[arg-type]


def _mt(v: SSAValue) -> mx.MatrixType | None:
    return v.type if isinstance(v.type, mx.MatrixType) else None


def _is_col(v: SSAValue) -> bool:
    t = _mt(v)
    return t is not None and t.cols == 1


def _same_shape(a: SSAValue, b: SSAValue) -> bool:
    ta, tb = _mt(a), _mt(b)
    return ta is not None and tb is not None and None not in ta.shape and ta.shape == tb.shape


def _bytes(v: SSAValue) -> int | None:
    t = _mt(v)
    if t is None or t.rows is None or t.cols is None:
        return None
    return matrix_bytes(t.rows, t.cols, t.nnz)[0]


def tsmm(root: Operation) -> Match | None:
    """t(X)%*%X (left), X%*%t(X) (right)."""
    assert isinstance(root, mx.MatmulOp)
    lt = root.lhs.owner
    if isinstance(lt, mx.TransposeOp) and lt.input is root.rhs:
        return Match(phys.TsmmOp, [root.rhs], {"side": "left"}, [lt])
    rt = root.rhs.owner
    if isinstance(rt, mx.TransposeOp) and rt.input is root.lhs:
        return Match(phys.TsmmOp, [root.lhs], {"side": "right"}, [rt])
    return None


def mmchain(root: Operation) -> Match | None:
    """t(X)%*%(X%*%v), t(X)%*%(w*(X%*%v)), t(X)%*%((X%*%v)-y); v one column."""
    assert isinstance(root, mx.MatmulOp)
    t = root.lhs.owner
    if not isinstance(t, mx.TransposeOp) or not _is_col(root.rhs):
        return None
    x = t.input
    inner = root.rhs.owner

    def xv(v: SSAValue) -> mx.MatmulOp | None:
        mm = _def(v, mx.MatmulOp)
        if isinstance(mm, mx.MatmulOp) and mm.lhs is x and _is_col(mm.rhs):
            return mm
        return None

    if (mm := xv(root.rhs)) is not None:
        return Match(phys.MmchainOp, [x, mm.rhs], {"kind": "xtxv"}, [mm, t])
    if isinstance(inner, mx.MulOp) and root.rhs.has_one_use():
        for w, p in ((inner.lhs, inner.rhs), (inner.rhs, inner.lhs)):
            if (mm := xv(p)) is not None and _same_shape(w, p):
                return Match(phys.MmchainOp, [x, mm.rhs, w], {"kind": "xtwxv"}, [inner, mm, t])
    if isinstance(inner, mx.SubOp) and root.rhs.has_one_use():
        if (mm := xv(inner.lhs)) is not None and _same_shape(inner.rhs, inner.lhs):
            return Match(phys.MmchainOp, [x, mm.rhs, inner.rhs], {"kind": "xtxvy"}, [inner, mm, t])
    return None


def tmm(root: Operation) -> Match | None:
    """t(X)%*%Y as t(t(Y)%*%X) when Y is smaller than X (no copy of X is made)."""
    assert isinstance(root, mx.MatmulOp)
    t = root.lhs.owner  # other users may keep t(X); once none is left it is erased
    if not isinstance(t, mx.TransposeOp):
        return None
    bx, by = _bytes(t.input), _bytes(root.rhs)
    if bx is None or by is None or by >= bx:
        return None
    return Match(phys.TmmOp, [t.input, root.rhs], {}, [t])


def tak(root: Operation) -> Match | None:
    """sum(X*Y*Z), sum(X*Y), colSums(X*Y) without materialising the product."""
    assert isinstance(root, mx.ReduceOp)
    axis = root.axis.data
    if root.kind.data != "sum" or axis not in ("all", "col"):
        return None
    mul = _def(root.input, mx.MulOp)
    if not isinstance(mul, mx.MulOp) or not _same_shape(mul.lhs, mul.rhs):
        return None
    if axis == "all":
        inner = _def(mul.lhs, mx.MulOp)
        if (
            isinstance(inner, mx.MulOp)
            and _same_shape(inner.lhs, inner.rhs)
            and _same_shape(inner.lhs, mul.rhs)
        ):
            return Match(phys.TakOp, [inner.lhs, inner.rhs, mul.rhs], {"axis": axis}, [mul, inner])
    return Match(phys.TakOp, [mul.lhs, mul.rhs], {"axis": axis}, [mul])


def dot(root: Operation) -> Match | None:
    """to_scalar(t(x)%*%y), x and y columns (dot-product-sum's output) as sum(x*y)."""
    assert isinstance(root, mx.ToScalarOp)
    mm = _def(root.input, mx.MatmulOp)
    if not isinstance(mm, mx.MatmulOp):
        return None
    t = _def(mm.lhs, mx.TransposeOp)
    if not isinstance(t, mx.TransposeOp) or not _is_col(mm.rhs) or not _same_shape(t.input, mm.rhs):
        return None
    return Match(phys.TakOp, [t.input, mm.rhs], {"axis": "all"}, [mm, t], decide_on=mm)


def axpy(root: Operation) -> Match | None:
    """X + s*Y, X - s*Y (s a scalar)."""
    assert isinstance(root, mx.AddOp | mx.SubOp)
    sign = "add" if isinstance(root, mx.AddOp) else "sub"
    pairs = [(root.lhs, root.rhs)]
    if sign == "add":
        pairs.append((root.rhs, root.lhs))
    for x, sy in pairs:
        mul = _def(sy, mx.MulOp)
        if not isinstance(mul, mx.MulOp):
            continue
        for s, y in ((mul.lhs, mul.rhs), (mul.rhs, mul.lhs)):
            if s.type == f64 and _same_shape(x, y):
                return Match(phys.AxpyOp, [x, s, y], {"sign": sign}, [mul])
    return None


def wsloss(root: Operation) -> Match | None:
    """sum(W*(X-U%*%t(V))^2) (post-weighting)."""
    assert isinstance(root, mx.ReduceOp)
    if root.kind.data != "sum" or root.axis.data != "all":
        return None
    mul = _def(root.input, mx.MulOp)
    if not isinstance(mul, mx.MulOp):
        return None
    for w, sq in ((mul.lhs, mul.rhs), (mul.rhs, mul.lhs)):
        pw = _def(sq, mx.PowOp)
        if not isinstance(pw, mx.PowOp):
            continue
        if _const_float(pw.rhs) != 2.0:
            continue
        sub = _def(pw.lhs, mx.SubOp)
        if not isinstance(sub, mx.SubOp):
            continue
        mm = _def(sub.rhs, mx.MatmulOp)
        if not isinstance(mm, mx.MatmulOp):
            continue
        tv = _def(mm.rhs, mx.TransposeOp)
        if not isinstance(tv, mx.TransposeOp) or not _same_shape(w, sub.lhs):
            continue
        if not _same_shape(sub.lhs, sub.rhs):  # X - U%*%t(V) broadcasting: no wsloss form
            continue
        return Match(phys.WslossOp, [w, sub.lhs, mm.lhs, tv.input], {}, [mul, pw, sub, mm, tv])
    return None


def _const_float(v: SSAValue) -> float | None:
    from xdsl.dialects import arith
    from xdsl.dialects.builtin import FloatAttr

    op = v.owner
    if isinstance(op, arith.ConstantOp) and isinstance(op.value, FloatAttr):
        return float(op.value.value.data)
    return None


@dataclass(frozen=True)
class FusedRule:
    name: str
    pattern: str
    root: type[Operation] | tuple[type[Operation], ...]
    match: Matcher


FUSED_RULES: tuple[FusedRule, ...] = (
    FusedRule("tsmm", "t(X)%*%X, X%*%t(X)", mx.MatmulOp, tsmm),
    FusedRule("mmchain", "t(X)%*%(X%*%v), t(X)%*%(w*(X%*%v)), t(X)%*%((X%*%v)-y)", mx.MatmulOp,
              mmchain),
    FusedRule("tmm", "t(X)%*%Y -> t(t(Y)%*%X) when Y is smaller", mx.MatmulOp, tmm),
    FusedRule("wsloss", "sum(W*(X-U%*%t(V))^2)", mx.ReduceOp, wsloss),
    FusedRule("tak+", "sum(X*Y*Z), sum(X*Y), colSums(X*Y)", mx.ReduceOp, tak),
    FusedRule("tak+ dot", "to_scalar(t(x)%*%y) as sum(x*y)", mx.ToScalarOp, dot),
    FusedRule("axpy", "X + s*Y, X - s*Y", (mx.AddOp, mx.SubOp), axpy),
)  # fmt: skip
"""In priority order: the first matching row wins at a root."""

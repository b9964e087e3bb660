"""NumPy functions @amls.jit builds from other matrix ops, each as NumPy defines it:
np.reciprocal, isclose, allclose, nan_to_num, diff, ptp, average, fmax, fmin, trunc, fix,
nansum, nanmean, float_power, exp2, inner, vdot, triu and tril. Registered in numpy_ops'
table.

They are exact where NumPy's own definition is the composition (reciprocal is 1 / x,
isclose is its formula with infinities compared by ==, fmax is maximum with NaN passed
over); exp2 is 2 ** x (pow; NumPy's exp2 may differ in the last bit), vdot of 2-D arrays
the dot product of the flattened arrays.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Callable
from typing import Any

from xdsl.dialects.builtin import StringAttr

from amls.dialects import matrix as mx
from amls.frontends.python import indexing
from amls.frontends.python.builder import ANY
from amls.frontends.python.values import Val, const, py

Handler = Callable[[Any, list[Val], dict[str, Val], ast.Call], Val]
_MAX = const(sys.float_info.max)
_NONE = py(None)


def _ops() -> Any:
    from amls.frontends.python import numpy_ops  # (it imports this module)

    return numpy_ops


def _args(tr: Any, args: list[Val], kw: dict[str, Val], node: ast.Call, what: str,
          names: tuple[str, ...], required: int) -> list[Any]:  # fmt: skip
    """args and keywords bound to `names` (None where not given), as NumPy's signature."""
    ops = _ops()
    ops._check_kw(tr, kw, names, what, node)  # noqa: SLF001
    if len(args) > len(names):
        raise tr.err(node, f"{what}: too many positional arguments")
    out = [ops._arg(tr, args, kw, i, n, node, None) for i, n in enumerate(names)]  # noqa: SLF001
    if any(v is None for v in out[:required]):
        raise tr.err(node, f"{what} takes {required} argument{'s' if required > 1 else ''}")
    return out


def _is_nan(tr: Any, x: Val, node: ast.AST) -> Val:
    return tr.compare("!=", x, x, node)


def _finite(tr: Any, x: Val, node: ast.AST) -> Val:
    return tr.compare("<=", tr.unary("abs", x, node), _MAX, node)


def _where(tr: Any, c: Val, a: Val, b: Val, node: ast.Call) -> Val:
    return _ops()._where(tr, [c, a, b], {}, node)  # noqa: SLF001


def _reciprocal(tr: Any, args: list[Val], kw: dict[str, Val], node: ast.Call) -> Val:
    (x,) = _args(tr, args, kw, node, "np.reciprocal", ("x",), 1)
    return tr.binop("/", const(1.0), tr.to_f64(x, node) if x.scalar else x, node)


def _isclose_of(tr: Any, args: list[Val], kw: dict[str, Val], node: ast.Call,
                what: str) -> Val:  # fmt: skip
    a, b, rtol, atol, equal_nan = _args(
        tr, args, kw, node, what, ("a", "b", "rtol", "atol", "equal_nan"), 2
    )
    rtol = rtol if rtol is not None else const(1e-05)
    atol = atol if atol is not None else const(1e-08)
    # NumPy: |a - b| <= atol + rtol * |b| where both are finite, a == b where not
    diff = tr.unary("abs", tr.binop("-", a, b, node), node)
    tol = tr.binop("+", atol, tr.binop("*", rtol, tr.unary("abs", b, node), node), node)
    near = tr.compare("<=", diff, tol, node)
    both = tr.binop("&", _finite(tr, a, node), _finite(tr, b, node), node)
    out = tr.binop("|", tr.compare("==", a, b, node), tr.binop("&", near, both, node), node)
    if equal_nan is not None and _ops()._pyconst(tr, equal_nan, node, "equal_nan", bool):  # noqa: SLF001
        nans = tr.binop("&", _is_nan(tr, a, node), _is_nan(tr, b, node), node)
        out = tr.binop("|", out, nans, node)
    return out


def _isclose(tr: Any, args: list[Val], kw: dict[str, Val], node: ast.Call) -> Val:
    return _isclose_of(tr, args, kw, node, "np.isclose")


def _allclose(tr: Any, args: list[Val], kw: dict[str, Val], node: ast.Call) -> Val:
    close = _isclose_of(tr, args, kw, node, "np.allclose")
    if not close.is_mat:
        return close
    return _ops()._any_all("all")(tr, [close], {}, node)  # noqa: SLF001


def _nan_to_num(tr: Any, args: list[Val], kw: dict[str, Val], node: ast.Call) -> Val:
    x, copy, nan, posinf, neginf = _args(
        tr, args, kw, node, "np.nan_to_num", ("x", "copy", "nan", "posinf", "neginf"), 1
    )
    if copy is not None and not _ops()._pyconst(tr, copy, node, "copy", bool):  # noqa: SLF001
        raise tr.err(node, "np.nan_to_num(copy=False) updates in place: not supported")
    x = tr.to_f64(x, node) if x.scalar else x
    hi = posinf if posinf is not None else _MAX
    lo = neginf if neginf is not None else const(-sys.float_info.max)
    inf = const(float("inf"))
    out = _where(tr, tr.compare("==", x, inf, node), hi, x, node)
    out = _where(tr, tr.compare("==", x, tr.unary("neg", inf, node), node), lo, out, node)
    return _where(tr, _is_nan(tr, x, node), nan if nan is not None else const(0.0), out, node)


def _diff(tr: Any, args: list[Val], kw: dict[str, Val], node: ast.Call) -> Val:
    a, n, axis = _args(tr, args, kw, node, "np.diff", ("a", "n", "axis"), 1)
    ops = _ops()
    a = ops._mat(tr, a, node, "np.diff")  # noqa: SLF001
    times = 1 if n is None else ops._pyconst(tr, n, node, "n", int)  # noqa: SLF001
    ax = -1 if axis is None else ops._pyconst(tr, axis, node, "axis", int)  # noqa: SLF001
    if ax not in range(-a.ndim, a.ndim):
        raise tr.err(node, f"np.diff: axis {ax} is out of bounds for a {a.ndim}-D array")
    ax %= a.ndim
    if times < 0:
        raise tr.err(node, f"np.diff: order must be non-negative, got {times}")
    for _ in range(times):
        a = tr.binop("-", _part(tr, a, ax, 1, None, node), _part(tr, a, ax, None, -1, node),
                     node)  # fmt: skip
    return a


def _part(tr: Any, a: Val, axis: int, lo: int | None, hi: int | None, node: ast.Call) -> Val:
    """a[lo:hi] along axis."""
    bound = [None if b is None else ast.Constant(b) for b in (lo, hi)]
    part: ast.expr = ast.Slice(bound[0], bound[1], None)
    if a.ndim == 2:
        full = ast.Slice(None, None, None)
        part = ast.Tuple([part, full] if axis == 0 else [full, part], ast.Load())
    return indexing.getitem(tr, a, part, node)


def _ptp(tr: Any, args: list[Val], kw: dict[str, Val], node: ast.Call) -> Val:
    ops = _ops()
    hi = ops._reduction("max")(tr, args, kw, node)  # noqa: SLF001
    return tr.binop("-", hi, ops._reduction("min")(tr, args, kw, node), node)  # noqa: SLF001


def _average(tr: Any, args: list[Val], kw: dict[str, Val], node: ast.Call) -> Val:
    a, axis, weights = _args(tr, args, kw, node, "np.average", ("a", "axis", "weights"), 1)
    ops = _ops()
    by = [] if axis is None else [axis]
    if weights is None or weights.kind == "py" and weights.const is None:
        return ops._reduction("mean")(tr, [a, *by], {}, node)  # noqa: SLF001
    if not (a.is_mat and weights.is_mat and a.ndim == weights.ndim):
        raise tr.err(node, "np.average: weights must be an array of a's shape")
    total = ops._reduction("sum")  # noqa: SLF001
    num = total(tr, [tr.binop("*", a, weights, node), *by], {}, node)
    return tr.binop("/", num, total(tr, [weights, *by], {}, node), node)


def _fmax_fmin(which: str) -> Handler:
    """np.fmax / np.fmin: maximum / minimum, where one side is NaN the other."""

    def h(tr: Any, args: list[Val], kw: dict[str, Val], node: ast.Call) -> Val:
        a, b = _args(tr, args, kw, node, f"np.f{which}", ("x1", "x2"), 2)
        m = tr.binop(which, a, b, node)  # np.maximum / np.minimum: NaN if either is
        m = _where(tr, _is_nan(tr, a, node), b, m, node)
        return _where(tr, _is_nan(tr, b, node), a, m, node)

    return h


def _trunc(tr: Any, args: list[Val], kw: dict[str, Val], node: ast.Call) -> Val:
    (x,) = _args(tr, args, kw, node, "np.trunc", ("x",), 1)
    x = tr.to_f64(x, node) if x.scalar else x
    neg = tr.compare("<", x, const(0.0), node)
    return _where(tr, neg, tr.unary("ceil", x, node), tr.unary("floor", x, node), node)


def _nan_reduction(kind: str) -> Handler:
    """np.nansum / np.nanmean: NaN counted as absent (nansum of all-NaN is 0, nanmean
    NaN, as NumPy's)."""

    def h(tr: Any, args: list[Val], kw: dict[str, Val], node: ast.Call) -> Val:
        a, axis, keepdims = _args(tr, args, kw, node, f"np.nan{kind}",
                                  ("a", "axis", "keepdims"), 1)  # fmt: skip
        ops = _ops()
        a = ops._mat(tr, a, node, f"np.nan{kind}")  # noqa: SLF001
        rest = {k: v for k, v in (("axis", axis), ("keepdims", keepdims)) if v is not None}
        nan = _is_nan(tr, a, node)
        total = ops._reduction("sum")(tr, [_where(tr, nan, const(0.0), a, node)], rest, node)  # noqa: SLF001
        if kind == "sum":
            return total
        count = ops._reduction("sum")(tr, [tr.unary("not", nan, node)], rest, node)  # noqa: SLF001
        return tr.binop("/", total, count, node)

    return h


def _float_power(tr: Any, args: list[Val], kw: dict[str, Val], node: ast.Call) -> Val:
    a, b = _args(tr, args, kw, node, "np.float_power", ("x1", "x2"), 2)
    a = tr.to_f64(a, node) if a.scalar else a
    return tr.binop("**", a, tr.to_f64(b, node) if b.scalar else b, node)


def _exp2(tr: Any, args: list[Val], kw: dict[str, Val], node: ast.Call) -> Val:
    (x,) = _args(tr, args, kw, node, "np.exp2", ("x",), 1)
    return tr.binop("**", const(2.0), tr.to_f64(x, node) if x.scalar else x, node)


def _inner(tr: Any, args: list[Val], kw: dict[str, Val], node: ast.Call) -> Val:
    a, b = _args(tr, args, kw, node, "np.inner", ("a", "b"), 2)
    if a.scalar or b.scalar:
        return tr.binop("*", a, b, node)
    if b.ndim == 2:  # sums over the last axes: a @ b.T
        b = tr.attribute(b, "T", node)
    return tr.matmul(a, b, node)


def _vdot(tr: Any, args: list[Val], kw: dict[str, Val], node: ast.Call) -> Val:
    a, b = _args(tr, args, kw, node, "np.vdot", ("a", "b"), 2)
    ops = _ops()
    flat = [ops._reshape_to(tr, ops._mat(tr, v, node, "np.vdot"), const(-1), node)  # noqa: SLF001
            for v in (a, b)]  # fmt: skip
    return tr.matmul(flat[0], flat[1], node)


def _counting(tr: Any, n: Val, node: ast.AST) -> Any:
    """The column 0, 1, ..., n - 1 (a cumsum of ones, minus one: empty where n is 0)."""
    one = tr.materialize(const(1.0), node)
    ones = tr.mop(mx.FillOp, [one, tr.materialize(n, node), tr.materialize(const(1), node)],
                  node)  # fmt: skip
    total = tr.mop(mx.CumAggOp, [ones], node, ANY, {"kind": StringAttr("sum")})
    return tr.mop(mx.SubOp, [total, one], node)


def _triangle(upper: bool) -> Handler:
    """np.triu / np.tril: m where j - i >= k (triu) or j - i <= k (tril), 0 elsewhere
    (NaN too, as NumPy's where)."""
    name = "np.triu" if upper else "np.tril"

    def h(tr: Any, args: list[Val], kw: dict[str, Val], node: ast.Call) -> Val:
        m, k = _args(tr, args, kw, node, name, ("m", "k"), 1)
        m = _ops()._mat(tr, m, node, name)  # noqa: SLF001
        if m.ndim != 2 or m.sparse:
            raise tr.err(node, f"{name} of a 1-D or scipy.sparse array is not supported")
        k = const(0) if k is None else k
        if not k.scalar or k.kind == "f64":
            raise tr.err(node, f"{name}: k must be an int, got {k.describe()}")
        rows = _counting(tr, tr.nrow(m, node), node)  # i + k against j
        shifted = tr.mop(mx.AddOp, [rows, tr.materialize(tr.to_f64(k, node), node)], node)
        cols = tr.mop(mx.TransposeOp, [_counting(tr, tr.ncol(m, node), node)], node)
        keep = tr.mop(mx.OuterOp, [shifted, cols], node, ANY,
                      {"op": StringAttr("le" if upper else "ge")})  # fmt: skip
        zero = tr.materialize(const(0.0), node)
        return tr.mat(tr.mop(mx.SelectOp, [keep, m.ssa, zero], node), m, mask=m.mask)

    return h


def entries(np: Any) -> list[tuple[Any, Handler]]:
    return [
        (np.reciprocal, _reciprocal), (np.isclose, _isclose), (np.allclose, _allclose),
        (np.nan_to_num, _nan_to_num), (np.diff, _diff), (np.ptp, _ptp),
        (np.average, _average), (np.fmax, _fmax_fmin("max")), (np.fmin, _fmax_fmin("min")),
        (np.trunc, _trunc), (np.fix, _trunc), (np.nansum, _nan_reduction("sum")),
        (np.nanmean, _nan_reduction("mean")), (np.float_power, _float_power),
        (np.exp2, _exp2), (np.inner, _inner), (np.vdot, _vdot),
        (np.triu, _triangle(True)), (np.tril, _triangle(False)),
    ]  # fmt: skip

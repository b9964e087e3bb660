"""The NumPy / SciPy / builtin functions @amls.jit knows, one handler each, keyed by the
function object (so `np.exp`, `from numpy import exp` and `numpy.exp` are one entry), and
the array methods. A handler emits the matrix op(s) of its construct at the call's line.
"""

from __future__ import annotations

import ast
import builtins
import sys
from collections.abc import Callable
from typing import Any

import numpy as np
from xdsl.dialects.builtin import FloatAttr, IntegerAttr, StringAttr, f64, i64

from amls.dialects import matrix as mx
from amls.frontends.python import numpy_composed
from amls.frontends.python.builder import ANY
from amls.frontends.python.values import Generator, Val, const, py

Handler = Callable[[Any, list[Val], dict[str, Val], ast.Call], Val]
_MISSING = object()

NOT_YET = {
    "np.sort", "np.argsort", "np.median",
    "np.log1p", "np.expm1", "np.log2", "np.log10", "np.cov",
    "np.corrcoef", "np.percentile", "np.quantile",
    "np.linalg.eig", "np.linalg.eigh", "np.linalg.svd", "np.linalg.qr", "np.linalg.cholesky",
    "np.linalg.lstsq", "np.unique", "np.outer.reduce", "np.kron",
    ".sort", ".argsort",
}  # fmt: skip
"""Constructs the matrix dialect has no op for yet: 'not supported yet' (not 'unknown')."""


def _arg(
    tr: Any, args: list[Val], kw: dict[str, Val], i: int, name: str, node: ast.AST,
    default: Any = _MISSING,
) -> Any:  # fmt: skip
    if i < len(args):
        if name in kw:
            raise tr.err(node, f"argument '{name}' given twice")
        return args[i]
    if name in kw:
        return kw[name]
    if default is _MISSING:
        raise tr.err(node, f"missing argument '{name}'")
    return default


def _check_kw(tr: Any, kw: dict[str, Val], allowed: tuple[str, ...], what: str,
              node: ast.AST) -> None:  # fmt: skip
    for k in kw:
        if k not in allowed:
            raise tr.err(node, f"{what}: keyword '{k}' is not supported")


def _pyconst(tr: Any, v: Any, node: ast.AST, what: str, types: type | tuple[type, ...]) -> Any:
    if isinstance(v, Val):
        if v.kind == "py" and v.const is None:
            return None
        if (
            v.const is None
            or not isinstance(v.const, types)
            or v.kind == "py"
            and not isinstance(v.const, types)
        ):
            raise tr.err(node, f"{what} must be a constant {_tname(types)}")
        return v.const
    return v


def _tname(types: Any) -> str:
    if isinstance(types, tuple):
        return " or ".join(t.__name__ for t in types)
    return types.__name__


def _mat(tr: Any, v: Val, node: ast.AST, what: str) -> Val:
    if not v.is_mat:
        raise tr.err(node, f"{what} needs an array, got {v.describe()}")
    return v


def _dims(tr: Any, v: Val, node: ast.AST) -> list[Val]:
    """A shape argument: an int or a tuple of one or two ints."""
    if v.kind == "py" and isinstance(v.const, tuple | list):
        items = list(v.const)
    else:
        items = [v]
    if not 1 <= len(items) <= 2:
        raise tr.err(node, f"only 1-D and 2-D arrays are supported (shape of {len(items)} dims)")
    out = []
    for x in items:
        if not (x.scalar and x.kind != "f64"):
            raise tr.err(node, f"a shape holds ints, got {x.describe()}")
        out.append(tr.to_i64(x, node))
    return out


# -- reductions ---------------------------------------------------------------------------


def _reduction(kind: str) -> Handler:
    def h(tr: Any, args: list[Val], kw: dict[str, Val], node: ast.Call) -> Val:
        _check_kw(tr, kw, ("a", "axis", "keepdims"), f"np.{kind}", node)
        a = _arg(tr, args, kw, 0, "a", node)
        axis = _pyconst(tr, _arg(tr, args, kw, 1, "axis", node, None), node, "axis", int)
        keep = _pyconst(tr, kw.get("keepdims", False), node, "keepdims", bool)
        if len(args) > 2:
            raise tr.err(node, f"np.{kind}: too many positional arguments")
        if a.scalar and kind in ("sum", "mean", "min", "max", "prod"):
            return a
        return tr.reduce(kind, _mat(tr, a, node, f"np.{kind}"), axis, bool(keep), node)

    return h


def _moment(name: str) -> Handler:
    """np.var / np.std (and the methods) as NumPy computes them: the mean along the axis,
    the squared deviations summed, divided by n - ddof (default ddof 0: the population
    variance; DML's var/sd divide by n - 1, hence no matrix.reduce var here)."""

    def h(tr: Any, args: list[Val], kw: dict[str, Val], node: ast.Call) -> Val:
        _check_kw(tr, kw, ("a", "axis", "ddof", "keepdims"), f"np.{name}", node)
        if len(args) > 2:
            raise tr.err(node, f"np.{name}: too many positional arguments")
        x = _mat(tr, _arg(tr, args, kw, 0, "a", node), node, f"np.{name}")
        axis = _pyconst(tr, _arg(tr, args, kw, 1, "axis", node, None), node, "axis", int)
        ddof = _pyconst(tr, kw.get("ddof", 0), node, "ddof", (int, float))
        keep = bool(_pyconst(tr, kw.get("keepdims", False), node, "keepdims", bool))
        along = axis is not None and x.ndim == 2  # a row or column of results
        mu = tr.reduce("mean", x, axis, along, node)
        d = tr.binop("-", x, mu, node)
        ss = tr.reduce("sum", tr.binop("*", d, d, node), axis, keep, node)
        if x.ndim == 1 or axis is None:
            n = tr.attribute(x, "size", node)
        else:
            n = tr.nrow(x, node) if axis in (0, -2) else tr.ncol(x, node)
        dof = _minmax("max")(tr, [tr.binop("-", n, const(ddof), node), const(0)], {}, node)
        v = tr.binop("/", ss, dof, node)  # NumPy's max(n - ddof, 0): 0/0 is nan
        return tr.unary("sqrt", v, node) if name == "std" else v

    return h


def _unary(name: str) -> Handler:
    def h(tr: Any, args: list[Val], kw: dict[str, Val], node: ast.Call) -> Val:
        if len(args) != 1 or kw:
            raise tr.err(node, f"{name} takes one argument")
        return tr.unary(name, args[0], node)

    return h


def _round(tr: Any, args: list[Val], kw: dict[str, Val], node: ast.Call) -> Val:
    """np.round / np.around / .round(decimals): NumPy's way, halves to even after scaling
    by 10**decimals (x * 10**d, rint, / 10**d; for d < 0 divide, rint, multiply), so the
    numbers are NumPy's own (np.round(2.675, 2) is 2.67 there too)."""
    _check_kw(tr, kw, ("a", "decimals"), "np.round", node)
    x = _arg(tr, args, kw, 0, "a", node)
    d = _arg(tr, args, kw, 1, "decimals", node, const(0))
    if d.const is None or isinstance(d.const, bool) or not isinstance(d.const, int):
        raise tr.err(node, "np.round: decimals must be an integer known when compiling")
    if d.const == 0:
        return tr.unary("rint", x, node)
    scale = const(10.0 ** abs(d.const))
    up, down = ("*", "/") if d.const > 0 else ("/", "*")
    return tr.binop(down, tr.unary("rint", tr.binop(up, x, scale, node), node), scale, node)


def _builtin_round(tr: Any, args: list[Val], kw: dict[str, Val], node: ast.Call) -> Val:
    """Python's round(x): the nearest int, halves to even."""
    if len(args) != 1 or kw:
        raise tr.err(node, "round(x, ndigits) is not supported yet (np.round(x, decimals) "
                     "is: NumPy's rounding, not Python's decimal one)")  # fmt: skip
    x = args[0]
    if x.is_mat:
        raise tr.err(node, "round() of an array (NumPy: TypeError); use np.round")
    if x.kind in ("i64", "i1") or (x.kind == "py" and isinstance(x.const, int)):
        return tr.to_i64(x, node)
    return tr.to_i64(tr.unary("rint", x, node), node)


def _finite_test(finite: bool) -> Handler:
    """np.isfinite as |x| <= DBL_MAX (false for Inf and NaN alike: one comparison, where
    not(isnan | isinf) takes three ops); np.isinf of an array is matrix.isinf, of a scalar
    |x| > DBL_MAX (NaN compares false), a bool as NumPy's."""

    def h(tr: Any, args: list[Val], kw: dict[str, Val], node: ast.Call) -> Val:
        if len(args) != 1 or kw:
            raise tr.err(node, f"np.{'isfinite' if finite else 'isinf'} takes one argument")
        if not finite and args[0].is_mat:
            return tr.unary("isinf", args[0], node)
        big = const(sys.float_info.max)
        return tr.compare("<=" if finite else ">", tr.unary("abs", args[0], node), big, node)

    return h


def _binary(op: str, compare: bool = False) -> Handler:
    """A two-argument NumPy function as the operator `op` (np.greater & co. with
    compare=True: the comparison operators)."""

    def h(tr: Any, args: list[Val], kw: dict[str, Val], node: ast.Call) -> Val:
        if len(args) != 2 or kw:
            raise tr.err(node, "takes two arguments")
        return (tr.compare if compare else tr.binop)(op, args[0], args[1], node)

    return h


def _compare(op: str) -> Handler:
    return _binary(op, compare=True)


def _logical_xor(tr: Any, args: list[Val], kw: dict[str, Val], node: ast.Call) -> Val:
    """np.logical_xor: truthy (non-zero, NaN too) on one side only."""
    if len(args) != 2 or kw:
        raise tr.err(node, "np.logical_xor takes two arguments")
    x, y = (tr.compare("!=", v, const(0.0), node) if v.is_mat else tr.to_i1(v, node)
            for v in args)  # fmt: skip
    return tr.compare("!=", x, y, node)


def _where(tr: Any, args: list[Val], kw: dict[str, Val], node: ast.Call) -> Val:
    if len(args) != 3 or kw:
        raise tr.err(node, "np.where takes (condition, x, y) (the one-argument form is not "
                     "supported)")  # fmt: skip
    out = _where_value(tr, *args, node)
    if out.is_mat:  # a choice between boolean arrays (or bools) is a boolean array
        out.mask = all(v.mask if v.is_mat else v.kind == "i1" for v in args[1:])
    return out


def _where_value(tr: Any, c: Val, a: Val, b: Val, node: ast.Call) -> Val:
    if not c.is_mat:
        if not (a.is_mat or b.is_mat):
            return tr.select(tr.to_i1(c, node), a, b, node)
        # a scalar condition chooses a whole operand, broadcast as NumPy does: make it a
        # matrix of the operands' broadcast shape (-0.0 + c is c)
        shape: Val | None = None
        for v in (a, b):
            if v.is_mat:
                z = tr.binop("*", tr.compare("==", v, v, node), const(-0.0), node)
                shape = z if shape is None else tr.binop("+", shape, z, node)
        assert shape is not None
        c = tr.binop("+", shape, tr.to_f64(tr.to_i1(c, node), node), node)
        return _where_broadcast(tr, c, a, b, node)
    mats = [v for v in (c, a, b) if v.is_mat]
    if len({v.ndim for v in mats}) > 1 or any(v.rows1 or v.cols1 for v in mats):
        return _where_broadcast(tr, c, a, b, node)
    row = c.row if c.ndim == 1 else True

    def side(v: Val) -> Any:
        return tr.oriented(v, row, node) if v.is_mat and v.ndim == 1 else tr.operand(v, node)

    cond = c.ssa
    r = tr.mop(mx.SelectOp, [cond, side(a), side(b)], node)
    return tr.mat(r, c)


def _where_broadcast(tr: Any, c: Val, a: Val, b: Val, node: ast.Call) -> Val:
    """np.where over operands of different shapes: each brought to the broadcast shape
    by adding a matrix of -0.0 of that shape (exact: x + -0.0 is x, NaN and Inf
    included), built from (x == x) * -0.0 of each operand as NumPy broadcasts them."""
    zeros = [
        tr.binop("*", tr.compare("==", v, v, node), const(-0.0), node)
        for v in (c, a, b)
        if v.is_mat
    ]
    shape = zeros[0]
    for z in zeros[1:]:
        shape = tr.binop("+", shape, z, node)
    full = [tr.binop("+", v, shape, node) if v.is_mat else v for v in (c, a, b)]
    ops = [full[0].ssa, *(tr.operand(v, node) for v in full[1:])]
    return tr.mat(tr.mop(mx.SelectOp, ops, node), shape)


def _clip(tr: Any, args: list[Val], kw: dict[str, Val], node: ast.Call) -> Val:
    a = _arg(tr, args, kw, 0, "a", node)
    lo = _arg(tr, args, kw, 1, "a_min", node)
    hi = _arg(tr, args, kw, 2, "a_max", node)
    return _clip3(tr, a, lo, hi, node)


def _clip3(tr: Any, a: Val, lo: Val, hi: Val, node: ast.AST) -> Val:
    out = a
    if not (lo.kind == "py" and lo.const is None):
        out = tr.binop("max", out, lo, node)
    if not (hi.kind == "py" and hi.const is None):
        out = tr.binop("min", out, hi, node)
    return out


# -- constructors ---------------------------------------------------------------------------


def _full_of(value: float | None) -> Handler:
    def h(tr: Any, args: list[Val], kw: dict[str, Val], node: ast.Call) -> Val:
        _check_kw(tr, kw, ("shape", "fill_value", "dtype"), "np.full", node)
        shape = _arg(tr, args, kw, 0, "shape", node)
        if value is None:
            v = _arg(tr, args, kw, 1, "fill_value", node)
        else:
            v = const(value)
        _dtype(tr, kw.get("dtype"), node)
        return tr.fill(v, _dims(tr, shape, node), node)

    return h


def _like_of(value: float | None) -> Handler:
    def h(tr: Any, args: list[Val], kw: dict[str, Val], node: ast.Call) -> Val:
        _check_kw(tr, kw, ("a", "fill_value", "dtype"), "np.*_like", node)
        a = _mat(tr, _arg(tr, args, kw, 0, "a", node), node, "np.*_like")
        v = _arg(tr, args, kw, 1, "fill_value", node) if value is None else const(value)
        _dtype(tr, kw.get("dtype"), node)
        return tr.fill(v, tr.shape(a, node), node) if a.ndim == 2 else _fill_like1(tr, v, a, node)

    return h


def _fill_like1(tr: Any, v: Val, a: Val, node: ast.AST) -> Val:
    out = tr.fill(v, tr.shape(a, node), node)
    return out if not a.row else tr.mat(tr.transpose(out, node), out)


def _dtype(tr: Any, d: Val | None, node: ast.AST) -> None:
    if d is None:
        return
    if d.kind == "py" and d.const in (float, np.float64, "float64", "f8", "float"):
        return
    raise tr.err(node, "only dtype=float (float64) is supported")


def _asarray(copy: bool, what: str) -> Handler:
    """np.asarray(a) is a itself (an in-place update is seen through both); np.array(a)
    and np.copy(a) are a new array object."""

    def h(tr: Any, args: list[Val], kw: dict[str, Val], node: ast.Call) -> Val:
        _check_kw(tr, kw, ("a", "object", "dtype"), what, node)
        a = _arg(tr, args, kw, 0, "a" if "a" in kw else "object", node)
        dtype = _arg(tr, args, kw, 1, "dtype", node, None)
        _dtype(tr, dtype, node)
        if a.kind == "py":
            raise tr.err(node, f"{what} of a list or tuple is not supported (of an array or "
                         "a number only)")  # fmt: skip
        if a.sparse:  # NumPy makes a 0-d object array of it
            raise tr.err(node, f"{what} of a scipy.sparse array: use .toarray()")
        if a.scalar or not copy:
            return a
        return tr.mat(a.ssa, a, sparse=a.sparse, mask=a.mask and dtype is None)

    return h


def _square(tr: Any, args: list[Val], kw: dict[str, Val], node: ast.Call) -> Val:
    if len(args) != 1 or kw:
        raise tr.err(node, "np.square takes one argument")
    return tr.binop("*", args[0], args[0], node)


def _eye(tr: Any, args: list[Val], kw: dict[str, Val], node: ast.Call) -> Val:
    _check_kw(tr, kw, ("N", "n", "dtype"), "np.eye", node)
    if len(args) > 1:
        raise tr.err(node, "np.eye(N, M) with M is not supported (square only)")
    n = args[0] if args else kw.get("N") or kw["n"]
    if not (n.scalar and n.kind != "f64"):  # NumPy's TypeError for np.eye(n / 2)
        raise tr.err(node, f"np.eye takes an int, got {n.describe()}")
    ones = tr.fill(const(1.0), [tr.to_i64(n, node)], node)
    return tr.mat(tr.mop(mx.DiagOp, [ones.ssa], node))


def _diag(tr: Any, args: list[Val], kw: dict[str, Val], node: ast.Call) -> Val:
    if len(args) != 1 or kw:
        raise tr.err(node, "np.diag(v) with k= is not supported")
    a = _mat(tr, args[0], node, "np.diag")
    if a.ndim == 1:
        return tr.mat(tr.mop(mx.DiagOp, [tr.oriented(a, False, node)], node))
    return tr.mat(tr.mop(mx.DiagOp, [a.ssa], node), ndim=1, row=False)


def _trace(tr: Any, args: list[Val], kw: dict[str, Val], node: ast.Call) -> Val:
    if len(args) != 1 or kw:
        raise tr.err(node, "np.trace takes one array")
    a = _mat(tr, args[0], node, "np.trace")
    return Val("f64", tr.mop(mx.TraceOp, [a.ssa], node, f64))


def _matmul(tr: Any, args: list[Val], kw: dict[str, Val], node: ast.Call) -> Val:
    if len(args) != 2 or kw:
        raise tr.err(node, "takes two arrays")
    a, b = args
    if a.scalar or b.scalar:
        return tr.binop("*", a, b, node)  # np.dot with a scalar multiplies
    return tr.matmul(a, b, node)


def _outer(tr: Any, args: list[Val], kw: dict[str, Val], node: ast.Call) -> Val:
    a, b = (_mat(tr, x, node, "np.outer") for x in args)
    if a.ndim != 1 or b.ndim != 1:
        raise tr.err(node, "np.outer of 2-D arrays is not supported")
    r = tr.mop(mx.MatmulOp, [tr.oriented(a, False, node), tr.oriented(b, True, node)], node)
    return tr.mat(r)


def _transpose(tr: Any, args: list[Val], kw: dict[str, Val], node: ast.Call) -> Val:
    a = _mat(tr, args[0], node, "np.transpose")
    return tr.attribute(a, "T", node)


def _items(tr: Any, args: list[Val], kw: dict[str, Val], node: ast.Call, what: str) -> list[Val]:
    seq = args[0] if args else kw.get("tup") or kw.get("arrays")
    if seq is None or not (seq.kind == "py" and isinstance(seq.const, tuple | list)):
        raise tr.err(node, f"{what} takes a list or tuple of arrays")
    items = [_mat(tr, v, node, what) for v in seq.const]
    if not items:
        raise tr.err(node, f"{what} needs at least one array")
    return items


def _bind(tr: Any, items: list[Any], op: type, node: ast.AST) -> Any:
    """One variadic cbind / rbind (a single array is itself)."""
    if len(items) == 1:
        return items[0]
    return tr.mop(op, [items], node)


def _concatenate(tr: Any, args: list[Val], kw: dict[str, Val], node: ast.Call) -> Val:
    items = _items(tr, args, kw, node, "np.concatenate")
    axis = _pyconst(tr, args[1] if len(args) > 1 else kw.get("axis", const(0)), node, "axis", int)
    if all(v.ndim == 1 for v in items):
        if axis not in (0, -1):
            raise tr.err(node, f"axis {axis} is out of bounds for 1-D arrays")
        return tr.mat(_bind(tr, [tr.oriented(v, False, node) for v in items], mx.RbindOp, node),
                      ndim=1, mask=all(v.mask for v in items))  # fmt: skip
    if any(v.ndim == 1 for v in items):
        raise tr.err(node, "np.concatenate of 1-D and 2-D arrays (NumPy rejects it too)")
    if axis not in (0, 1, -1, -2):
        raise tr.err(node, f"axis {axis} is out of bounds for 2-D arrays")
    op = mx.RbindOp if axis in (0, -2) else mx.CbindOp
    return tr.mat(_bind(tr, [v.ssa for v in items], op, node), mask=all(v.mask for v in items))


def _hstack(tr: Any, args: list[Val], kw: dict[str, Val], node: ast.Call) -> Val:
    items = _items(tr, args, kw, node, "np.hstack")
    if all(v.ndim == 1 for v in items):
        return tr.mat(_bind(tr, [tr.oriented(v, False, node) for v in items], mx.RbindOp, node),
                      ndim=1, mask=all(v.mask for v in items))  # fmt: skip
    if any(v.ndim == 1 for v in items):
        raise tr.err(node, "np.hstack of 1-D and 2-D arrays (NumPy rejects it too)")
    return tr.mat(
        _bind(tr, [v.ssa for v in items], mx.CbindOp, node), mask=all(v.mask for v in items)
    )


def _vstack(tr: Any, args: list[Val], kw: dict[str, Val], node: ast.Call) -> Val:
    items = _items(tr, args, kw, node, "np.vstack")
    parts = [tr.oriented(v, True, node) if v.ndim == 1 else v.ssa for v in items]
    return tr.mat(_bind(tr, parts, mx.RbindOp, node), mask=all(v.mask for v in items))


def _column_stack(tr: Any, args: list[Val], kw: dict[str, Val], node: ast.Call) -> Val:
    items = _items(tr, args, kw, node, "np.column_stack")
    parts = [tr.oriented(v, False, node) if v.ndim == 1 else v.ssa for v in items]
    return tr.mat(_bind(tr, parts, mx.CbindOp, node), mask=all(v.mask for v in items))


def _reshape_to(tr: Any, a: Val, shape: Val, node: ast.AST) -> Val:
    a = _mat(tr, a, node, "reshape")
    if shape.kind == "py" and isinstance(shape.const, tuple | list):
        items = list(shape.const)
    else:
        items = [shape]
    if not 1 <= len(items) <= 2:
        raise tr.err(node, "reshape to 1-D or 2-D only")
    for x in items:  # NumPy's TypeError: reshape(n / 2) is no shape
        if not (x.scalar and x.kind != "f64"):
            raise tr.err(node, f"a shape holds ints, got {x.describe()}")
    dims = tr.shape(a, node)
    total = dims[0] if len(dims) == 1 else tr.scalar_binop("*", dims[0], dims[1], node)
    src = tr.oriented(a, True, node) if a.ndim == 1 else a.ssa  # row-major order either way
    if len(items) == 1:
        n = tr.to_i64(items[0], node)
        if n.const is not None and n.const == -1:
            n = total
        r = tr.mop(mx.ReshapeOp, [src, tr.materialize(n, node), tr.i64(1, node)], node)
        return tr.mat(r, ndim=1, row=False)
    r_, c_ = (tr.to_i64(x, node) for x in items)
    if r_.const == -1:
        r_ = tr.scalar_binop("//", total, c_, node)
    elif c_.const == -1:
        c_ = tr.scalar_binop("//", total, r_, node)
    r = tr.mop(mx.ReshapeOp, [src, tr.materialize(r_, node), tr.materialize(c_, node)], node)
    return tr.mat(r, rows1=r_.const == 1, cols1=c_.const == 1)


def _reshape(tr: Any, args: list[Val], kw: dict[str, Val], node: ast.Call) -> Val:
    a = _arg(tr, args, kw, 0, "a", node)
    shape = _arg(tr, args, kw, 1, "newshape", node, None) or kw.get("shape")
    if shape is None:
        raise tr.err(node, "np.reshape needs a shape")
    return tr.view(_reshape_to(tr, a, shape, node), a)


def _ravel(tr: Any, args: list[Val], kw: dict[str, Val], node: ast.Call) -> Val:
    return tr.view(_reshape_to(tr, args[0], const(-1), node), args[0])


def _arange(tr: Any, args: list[Val], kw: dict[str, Val], node: ast.Call) -> Val:
    """np.arange over ints with a constant positive step: matrix.seq (inclusive) of the
    last element; a 1-D column. An empty range is not supported (seq has >= 1 element)."""
    if kw or not 1 <= len(args) <= 3 or any(a.kind not in ("i64", "i1") for a in args):
        raise tr.err(node, "np.arange of ints only: arange(stop), arange(start, stop[, step])")
    start, stop = (const(0), args[0]) if len(args) == 1 else (args[0], args[1])
    step = args[2] if len(args) == 3 else const(1)
    if step.const is None or step.const <= 0:
        raise tr.err(node, "np.arange's step must be a positive constant")
    span = tr.scalar_binop("-", stop, start, node)
    count = tr.scalar_binop("//", tr.scalar_binop("+", span, const(step.const - 1), node),
                            step, node)  # fmt: skip
    last = tr.scalar_binop("+", start, tr.scalar_binop(
        "*", tr.scalar_binop("-", count, const(1), node), step, node), node)  # fmt: skip
    ops = [tr.materialize(tr.to_f64(v, node), node) for v in (start, last, step)]
    return tr.mat(tr.mop(mx.SeqOp, ops, node), ndim=1)


def _solve(tr: Any, args: list[Val], kw: dict[str, Val], node: ast.Call) -> Val:
    if len(args) != 2 or kw:
        raise tr.err(node, "np.linalg.solve takes (a, b)")
    a, b = (_mat(tr, x, node, "np.linalg.solve") for x in args)
    if b.ndim == 1:
        r = tr.mop(mx.SolveOp, [a.ssa, tr.oriented(b, False, node)], node)
        return tr.mat(r, ndim=1, row=False)
    return tr.mat(tr.mop(mx.SolveOp, [a.ssa, b.ssa], node))


def _det(tr: Any, args: list[Val], kw: dict[str, Val], node: ast.Call) -> Val:
    a = _mat(tr, args[0], node, "np.linalg.det")
    return Val("f64", tr.mop(mx.DetOp, [a.ssa], node, f64))


def _along(tr: Any, a: Val, axis: Any, what: str, node: ast.AST, build: Any) -> Val:
    """build(X) works down the columns of X; NumPy's axis picks rows or columns."""
    if a.ndim == 1:
        if axis not in (None, 0, -1):
            raise tr.err(node, f"{what}: axis {axis} is out of bounds for a 1-D array")
        if a.row:
            t1 = tr.mop(mx.TransposeOp, [a.ssa], node)
            return tr.mat(tr.mop(mx.TransposeOp, [build(t1)], node), a)
        return tr.mat(build(a.ssa), a)
    if axis is None:
        raise tr.err(node, f"{what} of a 2-D array needs axis= (0 or 1): axis=None flattens "
                     "it, which is not supported")  # fmt: skip
    if axis in (0, -2):
        return tr.mat(build(a.ssa), a)
    if axis in (1, -1):
        t1 = tr.mop(mx.TransposeOp, [a.ssa], node)
        return tr.mat(tr.mop(mx.TransposeOp, [build(t1)], node), a)
    raise tr.err(node, f"{what}: axis {axis} is out of bounds for a 2-D array")


def _cumagg(kind: str) -> Handler:
    what = f"np.cum{kind}"

    def h(tr: Any, args: list[Val], kw: dict[str, Val], node: ast.Call) -> Val:
        _check_kw(tr, kw, ("a", "axis"), what, node)
        a = _mat(tr, _arg(tr, args, kw, 0, "a", node), node, what)
        axis = _pyconst(tr, _arg(tr, args, kw, 1, "axis", node, None), node, "axis", int)
        props = {"kind": StringAttr(kind)}
        return _along(tr, a, axis, what, node,
                      lambda x: tr.mop(mx.CumAggOp, [x], node, ANY, props))  # fmt: skip

    return h


def _flip(default_axis: Any, what: str) -> Handler:
    def h(tr: Any, args: list[Val], kw: dict[str, Val], node: ast.Call) -> Val:
        _check_kw(tr, kw, ("m", "axis"), what, node)
        a = _mat(tr, _arg(tr, args, kw, 0, "m", node), node, what)
        axis = default_axis
        if what == "np.flip":
            axis = _pyconst(tr, _arg(tr, args, kw, 1, "axis", node, None), node, "axis", int)
            if axis is None and a.ndim == 2:
                raise tr.err(node, "np.flip of a 2-D array without axis= (both axes) is not "
                             "supported: give axis=0 or axis=1")  # fmt: skip
        return _along(tr, a, axis, what, node, lambda x: tr.mop(mx.RevOp, [x], node))

    return h


def _inv(tr: Any, args: list[Val], kw: dict[str, Val], node: ast.Call) -> Val:
    a = _mat(tr, args[0], node, "np.linalg.inv")
    return tr.mat(tr.mop(mx.InvOp, [a.ssa], node))


def _norm(tr: Any, args: list[Val], kw: dict[str, Val], node: ast.Call) -> Val:
    """The 2-norm (Frobenius for a matrix), of all or along axis=, as NumPy's
    sqrt(sum(x * x))."""
    _check_kw(tr, kw, ("x", "ord", "axis", "keepdims"), "np.linalg.norm", node)
    if len(args) > 4:
        raise tr.err(node, "np.linalg.norm: too many positional arguments")
    a = _mat(tr, _arg(tr, args, kw, 0, "x", node), node, "np.linalg.norm")
    order = _arg(tr, args, kw, 1, "ord", node, py(None))
    axis = _pyconst(tr, _arg(tr, args, kw, 2, "axis", node, None), node, "axis", int)
    keep = _pyconst(tr, _arg(tr, args, kw, 3, "keepdims", node, False), node, "keepdims", bool)
    two = order.const == 2 and order.kind != "py" and (a.ndim == 1 or axis is not None)
    if not (order.kind == "py" and order.const in (None, "fro") or two):
        raise tr.err(node, "np.linalg.norm: only the 2-norm (ord=None, 'fro', or 2 of "
                     "vectors) is supported")  # fmt: skip
    if order.const == "fro" and (a.ndim != 2 or axis is not None):
        raise tr.err(node, "np.linalg.norm: ord='fro' is for a whole 2-D array")
    if axis is not None or keep:
        sq = tr.reduce("sum", tr.binop("*", a, a, node), axis, bool(keep), node)
        return tr.unary("sqrt", sq, node)
    props = {"kind": StringAttr("sumsq"), "axis": StringAttr("all")}
    s = Val("f64", tr.mop(mx.ReduceOp, [a.ssa], node, f64, props))
    return tr.scalar_unary("sqrt", s, node)


def _count_nonzero(tr: Any, args: list[Val], kw: dict[str, Val], node: ast.Call) -> Val:
    _check_kw(tr, kw, ("a", "axis", "keepdims"), "np.count_nonzero", node)
    if len(args) > 2:
        raise tr.err(node, "np.count_nonzero: too many positional arguments")
    a = _mat(tr, _arg(tr, args, kw, 0, "a", node), node, "np.count_nonzero")
    axis = _pyconst(tr, _arg(tr, args, kw, 1, "axis", node, None), node, "axis", int)
    keep = _pyconst(tr, kw.get("keepdims", False), node, "keepdims", bool)
    if axis is not None or keep:
        return tr.reduce("sum", tr.compare("!=", a, const(0.0), node), axis, bool(keep), node)
    return Val("i64", tr.mop(mx.NnzOp, [a.ssa], node, i64))


def _any_all(which: str) -> Handler:
    """np.any / np.all, by counting non-zeros (NaN is truthy in both, as in NumPy): any
    is nnz(a) > 0, all is nnz(a == 0) == 0."""

    def h(tr: Any, args: list[Val], kw: dict[str, Val], node: ast.Call) -> Val:
        _check_kw(tr, kw, ("a", "axis", "keepdims"), f"np.{which}", node)
        if len(args) > 2:
            raise tr.err(node, f"np.{which}: too many positional arguments")
        a = _mat(tr, _arg(tr, args, kw, 0, "a", node), node, f"np.{which}")
        axis = _pyconst(tr, _arg(tr, args, kw, 1, "axis", node, None), node, "axis", int)
        keep = _pyconst(tr, kw.get("keepdims", False), node, "keepdims", bool)
        if axis is not None or keep:  # counts along the axis: truthy (NaN too) or zero
            hit = tr.compare("!=" if which == "any" else "==", a, const(0.0), node)
            n = tr.reduce("sum", hit, axis, bool(keep), node)
            return tr.compare(">" if which == "any" else "==", n, const(0.0), node)
        if which == "all":
            a = tr.compare("==", a, const(0.0), node)
        n = _count_nonzero(tr, [a], {}, node)
        return tr.compare(">" if which == "any" else "==", n, const(0), node)

    return h


def _default_rng(tr: Any, args: list[Val], kw: dict[str, Val], node: ast.Call) -> Val:
    seed = _arg(tr, args, kw, 0, "seed", node, None)
    if seed is None or seed.const is None or seed.kind != "i64":
        raise tr.err(node, "np.random.default_rng needs a constant int seed (an unseeded "
                     "generator cannot be compared with NumPy)")  # fmt: skip
    return py(Generator(int(seed.const), None, tr.loop_depth))


def _draw(tr: Any, gen: Generator, method: str, args: list[Val], kw: dict[str, Val],
          node: ast.Call) -> Val:  # fmt: skip
    line = getattr(node, "lineno", 0) + tr.line_offset
    if gen.drawn_at is not None:
        raise tr.err(node, f"a second draw from the generator drawn at line {gen.drawn_at} is "
                     "not supported yet (matrix.rand is seeded per draw: use one "
                     "np.random.default_rng(seed) per draw)")  # fmt: skip
    if tr.loop_depth > gen.loop_depth:
        raise tr.err(node, "drawing inside a loop from a generator made outside it is not "
                     "supported yet (each iteration would repeat the same numbers)")  # fmt: skip
    if method == "uniform":
        lo = _arg(tr, args, kw, 0, "low", node, const(0.0))
        hi = _arg(tr, args, kw, 1, "high", node, const(1.0))
        size = _arg(tr, args, kw, 2, "size", node, py(None))
        pdf, shift, scale = "uniform", None, None
    elif method == "normal":
        shift = _arg(tr, args, kw, 0, "loc", node, const(0.0))
        scale = _arg(tr, args, kw, 1, "scale", node, const(1.0))
        size = _arg(tr, args, kw, 2, "size", node, py(None))
        lo, hi, pdf = const(0.0), const(1.0), "normal"
    elif method in ("random", "standard_normal"):
        size = _arg(tr, args, kw, 0, "size", node, py(None))
        lo, hi, shift, scale = const(0.0), const(1.0), None, None
        pdf = "uniform" if method == "random" else "normal"
    else:
        raise tr.err(node, f"Generator.{method} is not supported (uniform, normal, random, "
                     "standard_normal)")  # fmt: skip
    bounds = [_pyconst(tr, v, node, "a uniform bound", (int, float)) for v in (lo, hi)]
    gen.drawn_at = line
    scalar = size.kind == "py" and size.const is None
    dims = [const(1), const(1)] if scalar else _dims(tr, size, node)
    one_d = len(dims) == 1
    if one_d:
        dims = [dims[0], const(1)]
    props = {
        "min": FloatAttr(float(bounds[0]), f64), "max": FloatAttr(float(bounds[1]), f64),
        "sparsity": FloatAttr(1.0, f64), "pdf": StringAttr(pdf),
        "seed": IntegerAttr(gen.seed, i64),
    }  # fmt: skip
    ops = [tr.materialize(d, node) for d in dims]
    out = tr.mat(tr.mop(mx.RandOp, ops, node, ANY, props), ndim=1 if one_d else 2)
    if scale is not None and not (scale.const == 1.0):  # NumPy: loc + scale * z
        out = tr.binop("*", scale, out, node)
    if shift is not None and not (shift.const == 0.0 and shift.ssa is None):
        out = tr.binop("+", shift, out, node)
    return tr.item(out, node) if scalar else out


# -- builtins -------------------------------------------------------------------------------


def _len(tr: Any, args: list[Val], kw: dict[str, Val], node: ast.Call) -> Val:
    a = args[0]
    if a.kind == "py" and isinstance(a.const, tuple | list):
        return const(len(a.const))
    return tr.shape(_mat(tr, a, node, "len"), node)[0]


def _float(tr: Any, args: list[Val], kw: dict[str, Val], node: ast.Call) -> Val:
    if len(args) != 1:
        raise tr.err(node, "float() takes one argument")
    return tr.to_f64(args[0], node)


def _int(tr: Any, args: list[Val], kw: dict[str, Val], node: ast.Call) -> Val:
    if len(args) != 1:
        raise tr.err(node, "int() takes one argument")
    v = args[0]
    return tr.to_i64(tr.to_f64(v, node) if v.is_mat else v, node)


def _bool(tr: Any, args: list[Val], kw: dict[str, Val], node: ast.Call) -> Val:
    return tr.to_i1(args[0], node)


def _minmax(which: str) -> Handler:
    def h(tr: Any, args: list[Val], kw: dict[str, Val], node: ast.Call) -> Val:
        if len(args) < 2 or kw or any(not a.scalar for a in args):
            full = "maximum" if which == "max" else "minimum"
            raise tr.err(node, f"{which}() of two or more numbers only (np.{full} or "
                         f"np.{which} for arrays)")  # fmt: skip
        out = args[0]
        for b in args[1:]:  # Python: max(a, b) is b only if b > a (min: if b < a)
            c = tr.compare(">" if which == "max" else "<", b, out, node)
            out = tr.select(c, b, out, node)
        return out

    return h


def _builtin_sum(tr: Any, args: list[Val], kw: dict[str, Val], node: ast.Call) -> Val:
    """sum(v) of an array adds its items (the rows of a 2-D one) to start."""
    if not 1 <= len(args) <= 2 or set(kw) - {"start"} or not args[0].is_mat:
        raise tr.err(node, "sum() of an array (and a start number) only")
    a = args[0]
    total = tr.reduce("sum", a, 0 if a.ndim == 2 else None, False, node)
    start = args[1] if len(args) == 2 else kw.get("start")
    return total if start is None else tr.binop("+", start, total, node)


def _abs(tr: Any, args: list[Val], kw: dict[str, Val], node: ast.Call) -> Val:
    return tr.unary("abs", args[0], node)


def _range(tr: Any, args: list[Val], kw: dict[str, Val], node: ast.Call) -> Val:
    raise tr.err(node, "range() is supported as the iterable of a for loop only")


_TABLE: dict[int, tuple[Any, Handler]] | None = None


def _build() -> dict[int, tuple[Any, Handler]]:
    entries: list[tuple[Any, Handler]] = [
        (np.sum, _reduction("sum")), (np.mean, _reduction("mean")),
        (np.min, _reduction("min")), (np.max, _reduction("max")),
        (np.amin, _reduction("min")), (np.amax, _reduction("max")),
        (np.argmin, _reduction("argmin")), (np.argmax, _reduction("argmax")),
        (np.var, _moment("var")), (np.std, _moment("std")),
        (np.exp, _unary("exp")), (np.log, _unary("log")), (np.sqrt, _unary("sqrt")),
        (np.abs, _unary("abs")), (np.absolute, _unary("abs")), (np.sign, _unary("sign")),
        (np.floor, _unary("floor")), (np.ceil, _unary("ceil")), (np.negative, _unary("neg")),
        (np.rint, _unary("rint")), (np.round, _round), (np.around, _round),
        (np.logical_not, _unary("not")),
        (np.maximum, _binary("max")), (np.minimum, _binary("min")),
        (np.add, _binary("+")), (np.subtract, _binary("-")), (np.multiply, _binary("*")),
        (np.divide, _binary("/")), (np.true_divide, _binary("/")), (np.power, _binary("**")),
        (np.logical_and, _binary("&")), (np.logical_or, _binary("|")),
        (np.logical_xor, _logical_xor),
        (np.equal, _compare("==")), (np.not_equal, _compare("!=")),
        (np.less, _compare("<")), (np.less_equal, _compare("<=")),
        (np.greater, _compare(">")), (np.greater_equal, _compare(">=")),
        (np.mod, _binary("%")), (np.remainder, _binary("%")),
        (np.floor_divide, _binary("//")), (np.square, _square),
        (np.asarray, _asarray(False, "np.asarray")), (np.array, _asarray(True, "np.array")),
        (np.copy, _asarray(True, "np.copy")),
        (np.where, _where), (np.clip, _clip),
        (np.zeros, _full_of(0.0)), (np.ones, _full_of(1.0)), (np.full, _full_of(None)),
        (np.empty, _full_of(0.0)),
        (np.zeros_like, _like_of(0.0)), (np.ones_like, _like_of(1.0)),
        (np.full_like, _like_of(None)),
        (np.eye, _eye), (np.identity, _eye), (np.diag, _diag), (np.trace, _trace),
        (np.dot, _matmul), (np.matmul, _matmul), (np.outer, _outer), (np.transpose, _transpose),
        (np.concatenate, _concatenate), (np.hstack, _hstack), (np.vstack, _vstack),
        (np.column_stack, _column_stack), (np.reshape, _reshape), (np.ravel, _ravel),
        (np.linalg.solve, _solve), (np.linalg.inv, _inv), (np.linalg.norm, _norm),
        (np.linalg.det, _det), (np.prod, _reduction("prod")),
        (np.cumsum, _cumagg("sum")), (np.cumprod, _cumagg("prod")),
        (np.flip, _flip(None, "np.flip")), (np.flipud, _flip(0, "np.flipud")),
        (np.fliplr, _flip(1, "np.fliplr")),
        (np.sin, _unary("sin")), (np.cos, _unary("cos")), (np.tan, _unary("tan")),
        (np.arcsin, _unary("arcsin")), (np.arccos, _unary("arccos")),
        (np.arctan, _unary("arctan")), (np.sinh, _unary("sinh")), (np.cosh, _unary("cosh")),
        (np.tanh, _unary("tanh")),
        (np.isnan, _unary("isnan")), (np.isfinite, _finite_test(True)),
        (np.isinf, _finite_test(False)),
        (np.count_nonzero, _count_nonzero), (np.any, _any_all("any")),
        (np.all, _any_all("all")), (np.arange, _arange),
        (np.random.default_rng, _default_rng),
        (builtins.len, _len), (builtins.float, _float), (builtins.int, _int),
        (builtins.bool, _bool), (builtins.abs, _abs), (builtins.min, _minmax("min")),
        (builtins.round, _builtin_round), (builtins.sum, _builtin_sum),
        (builtins.max, _minmax("max")), (builtins.range, _range), (np.float64, _float),
        (np.int64, _int), (np.bool_, _bool),
    ]  # fmt: skip
    import scipy.special  # a dependency; imported here so `import amls` stays cheap

    entries.append((scipy.special.expit, _unary("sigmoid")))
    entries += numpy_composed.entries(np)
    return {id(obj): (obj, h) for obj, h in entries}


def handler(obj: Any) -> Handler | None:
    global _TABLE
    if _TABLE is None:
        _TABLE = _build()
    hit = _TABLE.get(id(obj))
    return hit[1] if hit is not None and hit[0] is obj else None


_NAMES: dict[int, str] | None = None


def name_of(obj: Any) -> str:
    """How the user spells a NumPy function (np.linalg.det), else its own name."""
    global _NAMES
    if _NAMES is None:
        _NAMES = {}
        for prefix, mod in (("np.", np), ("np.linalg.", np.linalg), ("np.random.", np.random)):
            for n in dir(mod):
                if not n.startswith("_"):
                    _NAMES.setdefault(id(getattr(mod, n)), prefix + n)
    hit = _NAMES.get(id(obj))
    if hit is not None:
        return hit
    mod = getattr(obj, "__module__", None) or ""
    name = getattr(obj, "__qualname__", None) or getattr(obj, "__name__", None) or repr(obj)
    return f"{mod}.{name}" if mod and mod != "builtins" else f"{name}"


# -- methods ----------------------------------------------------------------------------------


def method(tr: Any, base: Val, name: str, args: list[Val], kw: dict[str, Val],
           node: ast.Call) -> Val:  # fmt: skip
    if base.kind == "py" and isinstance(base.const, Generator):
        return _draw(tr, base.const, name, args, kw, node)
    if base.scalar and name == "item" and not args and not kw:
        return base
    if name in ("sum", "mean", "min", "max", "argmin", "argmax", "prod"):
        return _reduction(name)(tr, [base, *args], kw, node)
    if name in ("any", "all"):
        return _any_all(name)(tr, [base, *args], kw, node)
    if name in ("var", "std"):
        return _moment(name)(tr, [base, *args], kw, node)
    if name in ("cumsum", "cumprod"):
        return _cumagg(name[3:])(tr, [base, *args], kw, node)
    if name == "reshape":
        shape = args[0] if len(args) == 1 else py(tuple(args))
        return tr.view(_reshape_to(tr, base, shape, node), base)
    if name == "ravel":
        return tr.view(_reshape_to(tr, base, const(-1), node), base)
    if name == "flatten":  # a copy
        return _reshape_to(tr, base, const(-1), node)
    if name == "copy":  # a new array object, same value
        return tr.mat(base.ssa, base, sparse=base.sparse, mask=base.mask)
    if name in ("dot", "__matmul__"):
        return _matmul(tr, [base, *args], kw, node)
    if name == "transpose" and not args:
        return tr.attribute(base, "T", node)
    if name == "astype":
        _dtype(tr, args[0] if args else kw.get("dtype"), node)
        return tr.mat(base.ssa, base, sparse=base.sparse)  # a copy, as NumPy's default
    if name == "item" and not args:
        return tr.item(base, node)
    if name == "round":
        return _round(tr, [base, *args], kw, node)
    if name == "clip":
        lo = _arg(tr, args, kw, 0, "min", node, py(None))
        hi = _arg(tr, args, kw, 1, "max", node, py(None))
        return _clip3(tr, base, lo, hi, node)
    if name in ("multiply", "power") and base.sparse:  # scipy.sparse's element-wise * and **
        if len(args) != 1 or kw:
            raise tr.err(node, f".{name}() takes one argument")
        return tr.binop("*" if name == "multiply" else "**", base, args[0], node)
    if name in ("toarray", "todense"):
        return tr.mat(base.ssa, base, sparse=False)
    if name == "tocsr":
        return tr.mat(base.ssa, base, sparse=True)
    if f".{name}" in NOT_YET:
        raise tr.err(node, f"the array method .{name}() is not supported yet (no matrix op "
                     "for it yet)")  # fmt: skip
    raise tr.err(node, f"the array method .{name}() is not supported")

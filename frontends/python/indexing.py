"""NumPy basic indexing over matrix.slice / matrix.update: 0-based, half-open, negative
indices counted from the end, slice bounds clipped to the size as NumPy clips them.

An int index drops its axis (X[i] is row i as a 1-D array, X[:, j] column j, X[i, j] a
number); steps other than 1, boolean masks and integer arrays are not supported.
"""

from __future__ import annotations

import ast
from typing import Any

from xdsl.dialects import arith
from xdsl.dialects.builtin import StringAttr, f64, i64

from amls.dialects import matrix as mx
from amls.frontends.python.values import Val


def _parts(tr: Any, index: ast.expr) -> list[ast.expr]:
    if isinstance(index, ast.Tuple):
        return list(index.elts)
    return [index]


def _axes(tr: Any, base: Val, index: ast.expr, node: ast.AST) -> list[tuple[Any, Any, bool]]:
    """(start, stop, keeps_axis) per axis of base, as i64 SSA values."""
    parts = _parts(tr, index)
    if any(isinstance(p, ast.Constant) and p.value is Ellipsis for p in parts):
        raise tr.err(node, "... in an index is not supported")
    if len(parts) > base.ndim:
        raise tr.err(node, f"too many indices for a {base.ndim}-D array")
    dims = tr.shape(base, node)
    out = []
    for k, dim in enumerate(dims):
        p = parts[k] if k < len(parts) else ast.Slice(None, None, None)
        out.append(_axis(tr, p, dim, node))
    return out


def _axis(tr: Any, p: ast.expr, dim: Val, node: ast.AST) -> tuple[Any, Any, bool]:
    if isinstance(p, ast.Slice):
        if p.step is not None:
            step = tr.expr(p.step)
            if step.const != 1:
                if step.const == -1:
                    raise tr.err(
                        node, "a reversing slice ([::-1]) is not supported yet; np.flip(X, axis) is"
                    )
                raise tr.err(node, "slices with a step are not supported")
        lo = _bound(tr, p.lower, dim, Val("i64", None, 0), node)
        hi = _bound(tr, p.upper, dim, dim, node)
        hi = tr.imax(hi, lo, node)  # an empty range when stop < start
        return tr.materialize(lo, node), tr.materialize(hi, node), True
    v = tr.expr(p)
    if v.is_mat:
        raise tr.err(node, "indexing with an array (a mask or indices) is not supported "
                     "(X[mask] = v can be X = np.where(mask, v, X))")  # fmt: skip
    if v.kind == "py":
        raise tr.err(node, f"an index must be an int or a slice, got {v.describe()}")
    if v.kind == "f64":
        raise tr.err(node, "an index must be an int, got a float")
    if v.kind == "i1":  # NumPy: X[True] is a 0-d mask (a new axis), not X[1]
        raise tr.err(node, "an index must be an int, got a bool")
    i = _from_end(tr, tr.to_i64(v, node), dim, node)
    lo = tr.materialize(i, node)
    hi = tr.materialize(tr.scalar_binop("+", i, Val("i64", None, 1), node), node)
    return lo, hi, False


def _bound(tr: Any, e: ast.expr | None, dim: Val, default: Val, node: ast.AST) -> Val:
    """A slice bound clipped to [0, dim]; a negative one counts from the end."""
    if e is None:
        return default
    v = tr.expr(e)
    if not v.scalar or v.kind == "f64":
        raise tr.err(node, f"a slice bound must be an int, got {v.describe()}")
    v = _from_end(tr, tr.to_i64(v, node), dim, node)
    return tr.imin(tr.imax(v, Val("i64", None, 0), node), dim, node)


def _from_end(tr: Any, i: Val, dim: Val, node: ast.AST) -> Val:
    """A negative index counted from the end (dim + i), also when it is known only when
    the function runs (an argument)."""
    if i.const is not None:
        return tr.scalar_binop("+", dim, i, node) if i.const < 0 else i
    negative = tr.compare("<", i, Val("i64", None, 0), node)
    return tr.select(negative, tr.scalar_binop("+", dim, i, node), i, node)


def _mark_int_axes(op: Any, base: Val, axes: list[tuple[Any, Any, bool]]) -> None:
    """Mark the IR axes an int index came from (mx.NUMPY_INDEX), so that one out of range
    is NumPy's `index 9 is out of bounds for axis 0 with size 4`."""
    if base.ndim == 2:
        marks = "".join("-" if keep else str(k) for k, (_, _, keep) in enumerate(axes))
    else:
        marks = "-" if axes[0][2] else "-0" if base.row else "0-"
    if marks.strip("-"):
        op.attributes[mx.NUMPY_INDEX] = StringAttr(marks)


def _ranges(tr: Any, base: Val, axes: list[tuple[Any, Any, bool]]) -> list[Any]:
    """r0, r1, c0, c1 in the IR's 2-D terms."""
    if base.ndim == 2:
        (r0, r1, _), (c0, c1, _) = axes
        return [r0, r1, c0, c1]
    lo, hi, _ = axes[0]
    zero, one = tr.i64(0, None), tr.i64(1, None)
    return [zero, one, lo, hi] if base.row else [lo, hi, zero, one]


def _is_none(e: ast.expr) -> bool:
    """None, or np.newaxis / numpy.newaxis (NumPy's alias of None)."""
    if isinstance(e, ast.Constant):
        return e.value is None
    return isinstance(e, ast.Attribute) and e.attr == "newaxis" and isinstance(e.value, ast.Name)


def _is_full(e: ast.expr) -> bool:
    return isinstance(e, ast.Slice) and e.lower is None and e.upper is None and e.step is None


def getitem(tr: Any, base: Val, index: ast.expr, node: ast.AST) -> Val:
    if not base.is_mat:
        raise tr.err(node, f"{base.describe()} cannot be indexed")
    parts = _parts(tr, index)
    if base.ndim == 1 and len(parts) == 1 and _is_none(parts[0]):
        parts = [parts[0], ast.Slice(None, None, None)]  # v[None] is v[None, :]
    if any(_is_none(p) for p in parts):  # v[:, None] / v[None, :]: a 1-D array made 2-D
        if base.ndim == 1 and len(parts) == 2 and _is_full(parts[1 - _none_at(parts)]):
            col = _none_at(parts) == 1
            out = tr.mat(tr.oriented(base, not col, node), ndim=2, cols1=col, rows1=not col)
            return tr.view(out, base)
        raise tr.err(node, "np.newaxis (None) is supported as v[:, None] and v[None, :] of a "
                     "1-D array only")  # fmt: skip
    axes = _axes(tr, base, index, node)
    r = tr.mop(mx.SliceOp, [base.ssa, *_ranges(tr, base, axes)], node)
    _mark_int_axes(r.owner, base, axes)
    kept = [k for _, _, k in axes]
    if not any(kept):
        return Val("f64", tr.mop(mx.ToScalarOp, [r], node, f64))
    if base.ndim == 2 and kept == [True, True]:
        out = tr.mat(r, sparse=base.sparse)
    elif base.ndim == 1:
        out = tr.mat(r, base)
    else:
        out = tr.mat(r, ndim=1, row=kept == [False, True])  # X[i, :] is a row
    return tr.view(out, base)


def _none_at(parts: list[ast.expr]) -> int:
    return 0 if _is_none(parts[0]) else 1


def setitem(tr: Any, base: Val, index: ast.expr, value: Val, node: ast.AST) -> Val:
    axes = _axes(tr, base, index, node)
    r0, r1, c0, c1 = _ranges(tr, base, axes)
    kept = [k for _, _, k in axes]
    nr = tr.emit(arith.SubiOp(r1, r0), node).results[0]
    nc = tr.emit(arith.SubiOp(c1, c0), node).results[0]
    if value.is_mat:
        if value.ndim == 2:
            b = value.ssa
        elif base.ndim == 1:
            b = tr.oriented(value, base.row, node)
        elif kept == [True, True]:  # a 1-D value broadcasts as a row
            b = tr.oriented(value, True, node)
        else:
            b = tr.oriented(value, kept == [False, True], node)
        b = _broadcast_into(tr, b, nr, nc, node)
    elif value.scalar:
        b = tr.mop(mx.FillOp, [tr.materialize(tr.to_f64(value, node), node), nr, nc], node)
    else:
        raise tr.err(node, f"cannot assign {value.describe()} into an array")
    out = tr.mop(mx.UpdateOp, [base.ssa, b, r0, c0], node)
    _mark_int_axes(out.owner, base, axes)
    return tr.mat(out, base, mask=base.mask and (value.mask or value.kind == "i1"))


def _broadcast_into(tr: Any, b: Any, nr: Any, nc: Any, node: ast.AST) -> Any:
    """b as NumPy writes it into an nr x nc region: each of its dims equal to the region's
    or 1 (repeated), else a run-time error at the assignment, as NumPy's ValueError.

    The repeat is b + fill(-0.0, nr, nc): adding -0.0 keeps every value (signed zeros,
    NaN and Inf included), and where b already has the region's shape (known once sizes
    are) fill-to-scalar and add-zero remove it."""

    def cmp(x: Any, y: Any, pred: str) -> Any:
        return tr.emit(arith.CmpiOp(x, y, pred), node).results[0]

    one = tr.i64(1, node)
    ok = None
    for dim_op, n in ((mx.NrowOp, nr), (mx.NcolOp, nc)):
        d = tr.mop(dim_op, [b], node, i64)
        fits = tr.emit(arith.OrIOp(cmp(d, n, "eq"), cmp(d, one, "eq")), node).results[0]
        ok = fits if ok is None else tr.emit(arith.AndIOp(ok, fits), node).results[0]
    bad = tr.emit(arith.XOrIOp(ok, tr.materialize(Val("i1", None, True), node)), node)
    text = "could not broadcast the assigned array into the indexed region"
    tr.block.add_ops(mx.stop_if(bad.results[0], text, tr.loc(node)))
    zero = tr.materialize(Val("f64", None, -0.0), node)
    region = tr.mop(mx.FillOp, [zero, nr, nc], node)
    return tr.mop(mx.AddOp, [b, region], node)

"""DML builtin functions onto matrix ops: one small function per builtin, in a table."""

from __future__ import annotations

import math
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from xdsl.dialects import arith, scf
from xdsl.dialects import math as xmath
from xdsl.dialects.builtin import (
    BoolAttr,
    DictionaryAttr,
    FloatAttr,
    IntegerAttr,
    StringAttr,
    UnitAttr,
    f64,
    i64,
)
from xdsl.ir import Block, Region, SSAValue

from amls.dialects import matrix as mx
from amls.frontends.dml import syntax as S
from amls.frontends.dml.printf import Choice, Formatted, printf_parts
from amls.frontends.dml.translate import ANY, Translator, Val, fmt_scalar, read_mtd
from amls.interpreter.kernels.files import mm_header

Builtin = Callable[[Translator, S.Call], Val]
BUILTINS: dict[str, Builtin] = {}


def builtin(*names: str) -> Callable[[Builtin], Builtin]:
    def reg(fn: Builtin) -> Builtin:
        for n in names:
            BUILTINS[n] = fn
        return fn

    return reg


def _args(tr: Translator, c: S.Call, params: list[str], required: int) -> dict[str, Any]:
    bound = tr.bind_args(c, params)
    for p in params[:required]:
        if p not in bound:
            raise tr.err(c, f"{c.name}: missing argument '{p}'")
    return bound


def _const(tr: Translator, node: Any, what: str, c: S.Call) -> Any:
    v = tr.expr(node)
    if v.const is None or v.kind == "fmt":
        raise tr.err(node, f"{c.name}: {what} must be known at compile time")
    return v.const


# -- aggregates -------------------------------------------------------------------


def _reduce(tr: Translator, c: S.Call, kind: str, axis: str) -> Val:
    a = _args(tr, c, ["target"], 1)
    v = tr.expr(a["target"])
    if axis == "all" and v.scalar:
        return v if kind != "mean" else tr.to_f64(v, c)
    X = tr.need_matrix(v, c, c.name)
    props = {"kind": StringAttr(kind), "axis": StringAttr(axis)}
    if axis == "all":
        return Val("f64", tr.mop(mx.ReduceOp, [X], c, f64, props))
    if kind == "sum":  # 0 over an empty axis in SystemDS and NumPy alike
        return Val("matrix", tr.mop(mx.ReduceOp, [X], c, ANY, props))
    return Val(
        "matrix", _zero_if_empty(tr, c, X, axis, lambda: tr.mop(mx.ReduceOp, [X], c, ANY, props))
    )


def _zero_if_empty(
    tr: Translator, c: S.Call, X: SSAValue, axis: str, aggregate: Callable[[], SSAValue]
) -> SSAValue:
    """A row or column aggregate as SystemDS defines it where the axis it aggregates over
    is empty (X has 0 columns for a row aggregate, 0 rows for a column one): 0s, where
    the matrix ops follow NumPy (a mean is NaN, a max -Inf, an index max an error).
    Known sizes decide now; otherwise an scf.if, which -O1/-O2 fold once sizes are known."""
    t = X.type
    n = (t.cols if axis == "row" else t.rows) if isinstance(t, mx.MatrixType) else None
    if n is not None and n > 0:
        return aggregate()

    def zeros() -> SSAValue:
        zero = tr.const(0.0, "f64", c).ssa
        one = tr.const(1, "i64", c).ssa
        keep = tr.mop(mx.NrowOp if axis == "row" else mx.NcolOp, [X], c, i64)
        rc = [keep, one] if axis == "row" else [one, keep]
        return tr.mop(mx.FillOp, [zero, *rc], c)

    if n == 0:
        return zeros()
    size = tr.mop(mx.NcolOp if axis == "row" else mx.NrowOp, [X], c, i64)
    zero = tr.const(0, "i64", c).ssa
    empty = tr.emit(arith.CmpiOp(size, zero, "eq"), c).results[0]
    blocks = (Block(), Block())
    for block, make in zip(blocks, (zeros, aggregate), strict=True):
        out = tr._in_block(block, make)  # noqa: SLF001 (the translator's block scope)
        y = scf.YieldOp(out)
        y.location = tr._loc(c)  # noqa: SLF001
        block.add_op(y)
    op = tr.emit(scf.IfOp(empty, [ANY], Region(blocks[0]), Region(blocks[1])), c)
    return op.results[0]


for _name, _kind, _axis in [
    ("sum", "sum", "all"), ("mean", "mean", "all"), ("avg", "mean", "all"),
    ("rowSums", "sum", "row"), ("colSums", "sum", "col"), ("rowMeans", "mean", "row"),
    ("colMeans", "mean", "col"), ("rowMins", "min", "row"), ("rowMaxs", "max", "row"),
    ("colMins", "min", "col"), ("colMaxs", "max", "col"),
]:  # fmt: skip
    BUILTINS[_name] = lambda tr, c, k=_kind, ax=_axis: _reduce(tr, c, k, ax)


@builtin("rowVars", "colVars", "rowSds", "colSds")
def _row_col_var(tr: Translator, c: S.Call) -> Val:
    """Sample variance (n - 1) per row or column, from existing ops: sum((X - mean)^2)."""
    a = _args(tr, c, ["target"], 1)
    X = Val("matrix", tr.need_matrix(tr.expr(a["target"]), c, c.name))
    axis = "row" if c.name.startswith("row") else "col"

    def reduce(kind: str, v: Val) -> Val:
        props = {"kind": StringAttr(kind), "axis": StringAttr(axis)}
        return Val("matrix", tr.mop(mx.ReduceOp, [v.ssa], c, ANY, props))

    d = tr.binop("-", X, reduce("mean", X), c)
    ss = reduce("sum", tr.binop("*", d, d, c))
    n = Val("i64", tr.mop(mx.NcolOp if axis == "row" else mx.NrowOp, [X.ssa], c, i64))
    var = tr.binop("/", ss, tr.binop("-", n, tr.const(1, "i64", c), c), c)
    if c.name.endswith("Sds"):
        return Val("matrix", tr.mop(mx.SqrtOp, [var.ssa], c))
    return var


@builtin("rowIndexMax", "rowIndexMin")
def _row_index(tr: Translator, c: S.Call) -> Val:
    a = _args(tr, c, ["target"], 1)
    X = tr.need_matrix(tr.expr(a["target"]), c, c.name)
    kind = "maxindex" if c.name == "rowIndexMax" else "minindex"  # SystemDS's ties, NaN
    props = {"kind": StringAttr(kind), "axis": StringAttr("row")}

    def index() -> SSAValue:
        idx = tr.mop(mx.ReduceOp, [X], c, ANY, props)
        one = tr.const(1.0, "f64", c).ssa
        return tr.mop(mx.AddOp, [idx, one], c)  # 1-based, as DML

    return Val("matrix", _zero_if_empty(tr, c, X, "row", index))


@builtin("min", "max")
def _minmax(tr: Translator, c: S.Call) -> Val:
    if any(a.name is not None for a in c.args):
        raise tr.err(c, f"{c.name} takes positional arguments only")
    if not c.args:
        raise tr.err(c, f"{c.name}: missing argument")
    vals = [tr.expr(a.value) for a in c.args]
    if len(vals) == 1:
        v = vals[0]
        if v.scalar:
            return v
        X = tr.need_matrix(v, c, c.name)
        props = {"kind": StringAttr(c.name), "axis": StringAttr("all")}
        return Val("f64", tr.mop(mx.ReduceOp, [X], c, f64, props))
    acc = vals[0]
    for v in vals[1:]:
        if acc.kind == "matrix" or v.kind == "matrix":
            cls = mx.MinOp if c.name == "min" else mx.MaxOp
            acc = Val("matrix", tr.mop(cls, [tr.operand(acc, c), tr.operand(v, c)], c))
        elif acc.kind == v.kind == "i1":  # SystemDS: of two booleans, a double
            acc = tr.minmax(c.name, tr.to_f64(acc, c), tr.to_f64(v, c), c)
        else:
            acc = tr.minmax(c.name, acc, v, c)
    return acc


@builtin("pmin", "pmax")
def _pminmax(tr: Translator, c: S.Call) -> Val:
    """SystemDS's other names for min and max (n-ary, element-wise on matrices)."""
    return _minmax(tr, S.Call(c.name[1:], c.args, line=c.line, col=c.col))


@builtin("xor")
def _xor(tr: Translator, c: S.Call) -> Val:
    """Element-wise on matrices (0/1, NaN counts as true); of two booleans a boolean, of
    numbers the double 1.0/0.0 (SystemDS fails on two ints; amls computes them alike)."""
    if len(c.args) != 2 or any(a.name is not None for a in c.args):
        raise tr.err(c, "xor takes two positional arguments")
    a, b = (tr.expr(x.value) for x in c.args)
    if a.kind == "matrix" or b.kind == "matrix":
        zero = tr.const(0.0, "f64", c).ssa

        def truth(v: Val) -> SSAValue:  # 0/1: a matrix per cell, a scalar as a double
            if v.kind == "matrix":
                return tr.mop(mx.NeOp, [v.ssa, zero], c)
            return tr.operand(tr.to_f64(tr.to_i1(v, c), c), c)

        return Val("matrix", tr.mop(mx.NeOp, [truth(a), truth(b)], c))
    x, y = tr.to_i1(a, c), tr.to_i1(b, c)
    if x.const is not None and y.const is not None:
        r = Val("i1", None, bool(x.const) != bool(y.const))
    else:
        x, y = tr.materialize(x, c), tr.materialize(y, c)
        r = Val("i1", tr.emit(arith.XOrIOp(x.ssa, y.ssa), c).results[0])
    return r if a.kind == b.kind == "i1" else tr.to_f64(r, c)


# var, sd, prod and their row/column forms: matrix.reduce kinds (sample variance, n-1).


def _moment(tr: Translator, c: S.Call, kind: str, axis: str) -> Val:
    a = _args(tr, c, ["target"], 1)
    v = tr.expr(a["target"])
    if v.scalar:  # a scalar is a 1x1 matrix here (var 0, prod itself)
        v = Val("matrix", tr.mop(mx.FromScalarOp, [tr.operand(v, c)], c, mx.MatrixType(1, 1)))
    X = tr.need_matrix(v, c, c.name)
    props = {"kind": StringAttr(kind), "axis": StringAttr(axis)}
    if axis == "all":
        return Val("f64", tr.mop(mx.ReduceOp, [X], c, f64, props))
    return Val(
        "matrix", _zero_if_empty(tr, c, X, axis, lambda: tr.mop(mx.ReduceOp, [X], c, ANY, props))
    )


for _name, _kind, _axis in [
    ("var", "var", "all"), ("sd", "sd", "all"), ("prod", "prod", "all"),
    ("rowVars", "var", "row"), ("colVars", "var", "col"), ("rowSds", "sd", "row"),
    ("colSds", "sd", "col"), ("rowProds", "prod", "row"), ("colProds", "prod", "col"),
]:  # fmt: skip
    BUILTINS[_name] = lambda tr, c, k=_kind, ax=_axis: _moment(tr, c, k, ax)


@builtin("cumsum", "cumprod", "cummin", "cummax")
def _cumagg(tr: Translator, c: S.Call) -> Val:
    a = _args(tr, c, ["target"], 1)
    X = tr.need_matrix(tr.expr(a["target"]), c, c.name)
    props = {"kind": StringAttr(c.name[3:])}
    return Val("matrix", tr.mop(mx.CumAggOp, [X], c, ANY, props))


@builtin("replace")
def _replace(tr: Translator, c: S.Call) -> Val:
    a = _args(tr, c, ["target", "pattern", "replacement"], 3)
    X = tr.need_matrix(tr.expr(a["target"]), c, "replace")
    p = tr.materialize(tr.to_f64(tr.expr(a["pattern"]), c), c)
    r = tr.materialize(tr.to_f64(tr.expr(a["replacement"]), c), c)
    return Val("matrix", tr.mop(mx.ReplaceOp, [X, p.ssa, r.ssa], c))


_TESTS = {"is.nan": mx.IsNanOp, "isNaN": mx.IsNanOp, "is.na": mx.IsNanOp, "isNA": mx.IsNanOp,
          "is.infinite": mx.IsInfOp, "isInf": mx.IsInfOp}  # fmt: skip
"""0/1 tests; NA is NaN in SystemDS (is.na(NaN) is 1, is.na(Inf) 0), Inf is not NaN."""


@builtin(*_TESTS)
def _nan_inf_test(tr: Translator, c: S.Call) -> Val:
    """A 0/1 matrix of a matrix; of a scalar a double 0/1, as SystemDS (prints 1.0)."""
    cls = _TESTS[c.name]
    a = _args(tr, c, ["target"], 1)
    v = tr.expr(a["target"])
    if v.kind == "matrix":
        return Val("matrix", tr.mop(cls, [v.ssa], c))
    x = tr.to_f64(v, c)
    test = math.isnan if cls is mx.IsNanOp else math.isinf
    if x.const is not None:
        return Val("f64", None, 1.0 if test(x.const) else 0.0)
    x = tr.materialize(x, c)
    if cls is mx.IsNanOp:
        hit = tr.emit(arith.CmpfOp(x.ssa, x.ssa, "uno"), c).results[0]
    else:
        mag = tr.emit(xmath.AbsFOp(x.ssa), c).results[0]
        inf = tr.materialize(tr.const(math.inf, "f64", c), c)
        hit = tr.emit(arith.CmpfOp(mag, inf.ssa, "oeq"), c).results[0]
    return tr.to_f64(Val("i1", hit), c)


def _real(fn: Callable[[float], float]) -> Callable[[float], float]:
    """fn folded as the kernels compute it: NaN outside its domain (asin(2), sin(Inf)),
    +-Inf on overflow (sinh(1000)), as NumPy, C and Java."""

    def fold(x: float) -> float:
        try:
            return fn(x)
        except ValueError:
            return math.nan
        except OverflowError:
            return math.copysign(math.inf, x) if fn is math.sinh else math.inf

    return fold


_TRIG = {
    "sin": (mx.SinOp, xmath.SinOp, math.sin), "cos": (mx.CosOp, xmath.CosOp, math.cos),
    "tan": (mx.TanOp, xmath.TanOp, math.tan), "asin": (mx.AsinOp, xmath.AsinOp, math.asin),
    "acos": (mx.AcosOp, xmath.AcosOp, math.acos), "atan": (mx.AtanOp, xmath.AtanOp, math.atan),
    "sinh": (mx.SinhOp, xmath.SinhOp, math.sinh), "cosh": (mx.CoshOp, xmath.CoshOp, math.cosh),
    "tanh": (mx.TanhOp, xmath.TanhOp, math.tanh),
}  # fmt: skip


@builtin(*_TRIG)
def _trig(tr: Translator, c: S.Call) -> Val:
    mcls, scls, fn = _TRIG[c.name]
    a = _args(tr, c, ["target"], 1)
    v = tr.expr(a["target"])
    if v.kind == "matrix":
        return Val("matrix", tr.mop(mcls, [v.ssa], c))
    x = tr.to_f64(v, c)
    if x.const is not None:
        return Val("f64", None, _real(fn)(x.const))
    x = tr.materialize(x, c)
    return Val("f64", tr.emit(scls(x.ssa), c).results[0])


# -- matrix functions ---------------------------------------------------------------


def _unary_matrix(cls: type[Any]) -> Builtin:
    def fn(tr: Translator, c: S.Call) -> Val:
        a = _args(tr, c, ["target"], 1)
        X = tr.need_matrix(tr.expr(a["target"]), c, c.name)
        return Val("matrix", tr.mop(cls, [X], c))

    return fn


BUILTINS["t"] = _unary_matrix(mx.TransposeOp)
BUILTINS["diag"] = _unary_matrix(mx.DiagOp)
BUILTINS["inv"] = _unary_matrix(mx.InvOp)
BUILTINS["rev"] = _unary_matrix(mx.RevOp)


@builtin("det")
def _det(tr: Translator, c: S.Call) -> Val:
    a = _args(tr, c, ["target"], 1)
    X = tr.need_matrix(tr.expr(a["target"]), c, c.name)
    return Val("f64", tr.mop(mx.DetOp, [X], c, f64))


@builtin("trace")
def _trace(tr: Translator, c: S.Call) -> Val:
    a = _args(tr, c, ["target"], 1)
    X = tr.need_matrix(tr.expr(a["target"]), c, c.name)
    return Val("f64", tr.mop(mx.TraceOp, [X], c, f64))


@builtin("solve")
def _solve(tr: Translator, c: S.Call) -> Val:
    a = _args(tr, c, ["A", "b"], 2)
    A = tr.need_matrix(tr.expr(a["A"]), c, "solve")
    b = tr.need_matrix(tr.expr(a["b"]), c, "solve")
    return Val("matrix", tr.mop(mx.SolveOp, [A, b], c))


@builtin("nrow", "ncol", "length")
def _dims(tr: Translator, c: S.Call) -> Val:
    a = _args(tr, c, ["target"], 1)
    X = tr.need_matrix(tr.expr(a["target"]), c, c.name)
    t = X.type if isinstance(X.type, mx.MatrixType) else mx.MatrixType(None, None)

    # A dim the type states is a constant now, so `if (ncol(X) >= 6)` over a matrix of
    # known size keeps only the branch that runs (SystemDS never checks the other's
    # indices either).
    def dim(op: type[mx.MetaOp], known: int | None) -> Val:
        return Val("i64", None, known) if known is not None else Val("i64", tr.mop(op, [X], c, i64))

    if c.name == "nrow":
        return dim(mx.NrowOp, t.rows)
    if c.name == "ncol":
        return dim(mx.NcolOp, t.cols)
    return tr.binop("*", dim(mx.NrowOp, t.rows), dim(mx.NcolOp, t.cols), c)


@builtin("cbind", "rbind", "append")
def _bind(tr: Translator, c: S.Call) -> Val:
    if len(c.args) < 2 or any(a.name is not None for a in c.args):
        raise tr.err(c, f"{c.name} takes two or more positional matrix arguments")
    ms = []
    for a in c.args:
        v = tr.expr(a.value)
        if v.scalar:
            v = Val("matrix", tr.mop(mx.FromScalarOp, [tr.operand(v, c)], c))
        ms.append(tr.need_matrix(v, a, c.name))
    cls = mx.RbindOp if c.name == "rbind" else mx.CbindOp
    return Val("matrix", tr.mop(cls, [ms], c))


@builtin("matrix")
def _matrix(tr: Translator, c: S.Call) -> Val:
    a = _args(tr, c, ["data", "rows", "cols", "byrow"], 1)
    data = tr.expr(a["data"])
    if data.kind == "str":
        return _matrix_from_string(tr, c, a, data.const)
    if "rows" not in a and "cols" not in a:
        raise tr.err(c, "matrix: rows and cols are required")
    if data.kind == "matrix":
        X = data.ssa
        nr = tr.to_i64(tr.expr(a["rows"]), c) if "rows" in a else None
        nc = tr.to_i64(tr.expr(a["cols"]), c) if "cols" in a else None
        cells = tr.binop(
            "*",
            Val("i64", tr.mop(mx.NrowOp, [X], c, i64)),
            Val("i64", tr.mop(mx.NcolOp, [X], c, i64)),
            c,
        )
        if nr is None:
            nr = tr.binop("%/%", cells, nc, c)  # type: ignore[arg-type]
        if nc is None:
            nc = tr.binop("%/%", cells, nr, c)
        byrow = True if "byrow" not in a else bool(_const(tr, a["byrow"], "byrow", c))
        nr, nc = tr.materialize(nr, c), tr.materialize(nc, c)
        if byrow:
            return Val("matrix", tr.mop(mx.ReshapeOp, [X, nr.ssa, nc.ssa], c))
        Xt = tr.mop(mx.TransposeOp, [X], c)
        Y = tr.mop(mx.ReshapeOp, [Xt, nc.ssa, nr.ssa], c)
        return Val("matrix", tr.mop(mx.TransposeOp, [Y], c))
    if "rows" not in a or "cols" not in a:
        raise tr.err(c, "matrix: rows and cols are required")
    v = tr.materialize(tr.to_f64(data, c), c)
    nr = tr.materialize(tr.to_i64(tr.expr(a["rows"]), c), c)
    nc = tr.materialize(tr.to_i64(tr.expr(a["cols"]), c), c)
    rt = _shape(tr, c, nr.const, nc.const)
    return Val("matrix", tr.mop(mx.FillOp, [v.ssa, nr.ssa, nc.ssa], c, rt))


def _shape(tr: Translator, c: S.Call, rows: Any, cols: Any) -> Any:
    """The result type for dimensions known now (a located error if one is negative)."""
    for what, n in (("rows", rows), ("cols", cols)):
        if n is not None and n < 0:
            raise tr.err(c, f"{c.name}: {what} must be >= 0, got {n}")
    return mx.MatrixType(rows, cols) if rows is not None and cols is not None else ANY


def _matrix_from_string(tr: Translator, c: S.Call, a: dict[str, Any], text: str) -> Val:
    from xdsl.dialects.builtin import DenseIntOrFPElementsAttr, TensorType

    try:
        cells = [float(x) for x in text.replace(",", " ").split()]
    except ValueError:
        raise tr.err(c, "matrix: the string must hold numbers separated by spaces") from None
    nr = int(_const(tr, a["rows"], "rows", c)) if "rows" in a else None
    nc = int(_const(tr, a["cols"], "cols", c)) if "cols" in a else None
    if nr is None and nc is None:
        raise tr.err(c, "matrix: rows or cols is required")
    _shape(tr, c, nr, nc)
    if 0 in (nr, nc) and None in (nr, nc):
        raise tr.err(c, "matrix: rows and cols are both required for an empty matrix")
    nr = nr if nr is not None else len(cells) // nc  # type: ignore[operator]
    nc = nc if nc is not None else len(cells) // nr
    if nr * nc != len(cells):
        raise tr.err(c, f"matrix: {len(cells)} values do not fill {nr}x{nc}")
    rows = [cells[i * nc : (i + 1) * nc] for i in range(nr)]
    attr = DenseIntOrFPElementsAttr.from_list(
        TensorType(f64, [nr, nc]), [x for r in rows for x in r]
    )
    return Val("matrix", tr.mop(mx.ConstantOp, [], c, mx.MatrixType(nr, nc), {"value": attr}))


@builtin("rand")
def _rand(tr: Translator, c: S.Call) -> Val:
    a = _args(tr, c, ["rows", "cols", "min", "max", "sparsity", "pdf", "seed", "lambda"], 2)
    nr = tr.materialize(tr.to_i64(tr.expr(a["rows"]), c), c)
    nc = tr.materialize(tr.to_i64(tr.expr(a["cols"]), c), c)
    props: dict[str, Any] = {}
    for k in ("min", "max", "sparsity"):
        if k in a:
            props[k] = FloatAttr(float(_const(tr, a[k], k, c)), f64)
    if "pdf" in a:
        pdf = str(_const(tr, a["pdf"], "pdf", c))
        if pdf not in ("uniform", "normal"):
            raise tr.err(c, f"rand: pdf '{pdf}' not supported yet (uniform, normal)")
        props["pdf"] = StringAttr(pdf)
    if "seed" in a:
        seed = int(_const(tr, a["seed"], "seed", c))
        if seed != -1:
            props["seed"] = IntegerAttr(seed, i64)
    rt = _shape(tr, c, nr.const, nc.const)
    return Val("matrix", tr.mop(mx.RandOp, [nr.ssa, nc.ssa], c, rt, props))


@builtin("seq")
def _seq(tr: Translator, c: S.Call) -> Val:
    a = _args(tr, c, ["from", "to", "incr"], 2)
    lo = tr.to_f64(tr.expr(a["from"]), c)
    hi = tr.to_f64(tr.expr(a["to"]), c)
    if "incr" in a:
        step = tr.to_f64(tr.expr(a["incr"]), c)
    elif lo.const is not None and hi.const is not None:
        step = Val("f64", None, 1.0 if lo.const <= hi.const else -1.0)
    else:
        step = tr.select(tr.cmp("<=", lo, hi, c), Val("f64", None, 1.0), Val("f64", None, -1.0), c)
    ops = [tr.materialize(v, c).ssa for v in (lo, hi, step)]
    return Val("matrix", tr.mop(mx.SeqOp, ops, c))


_ELEMENTWISE = {
    "abs": mx.AbsOp, "exp": mx.ExpOp, "sqrt": mx.SqrtOp, "round": mx.RoundOp,
    "floor": mx.FloorOp, "ceil": mx.CeilOp, "sign": mx.SignOp, "sigmoid": mx.SigmoidOp,
    "log": mx.LogOp,
}  # fmt: skip


def _round_half_up(tr: Translator, X: Any, c: S.Call) -> Any:
    """DML's round is Java's Math.round: halves up (round(-2.5) is -2), NaN to 0, and
    saturated at the long range (+-2^63). matrix.round rounds halves away from zero, so
    this is floor(x) + (x - floor(x) >= 0.5) (exact: no x + 0.5 rounding), clamped."""
    f = tr.mop(mx.FloorOp, [X], c)
    up = tr.mop(mx.GeOp, [tr.mop(mx.SubOp, [X, f], c), tr.const(0.5, "f64", c).ssa], c)
    r = tr.mop(mx.AddOp, [f, up], c)
    r = tr.mop(mx.MaxOp, [r, tr.const(-(2.0**63), "f64", c).ssa], c)
    r = tr.mop(mx.MinOp, [r, tr.const(2.0**63, "f64", c).ssa], c)
    nan, zero = tr.const(math.nan, "f64", c).ssa, tr.const(0.0, "f64", c).ssa
    return tr.mop(mx.ReplaceOp, [r, nan, zero], c)


def _elementwise(name: str) -> Builtin:
    def fn(tr: Translator, c: S.Call) -> Val:
        params = ["target", "base"] if name == "log" else ["target"]
        a = _args(tr, c, params, 1)
        v = tr.expr(a["target"])
        if v.kind == "matrix" and name == "round":
            out = Val("matrix", _round_half_up(tr, v.ssa, c))
        elif v.kind == "matrix":
            out = Val("matrix", tr.mop(_ELEMENTWISE[name], [v.ssa], c))
        else:
            tr.need_scalar(v, c)
            out = tr.scalar_unary(name, v, c)
        if "base" in a:
            base = tr.expr(a["base"])
            lb = tr.scalar_unary("log", base, c)
            out = tr.binop("/", out, lb, c)
        return out

    return fn


for _n in _ELEMENTWISE:
    BUILTINS[_n] = _elementwise(_n)


@builtin("ifelse")
def _ifelse(tr: Translator, c: S.Call) -> Val:
    a = _args(tr, c, ["test", "yes", "no"], 3)
    cond, yes, no = tr.expr(a["test"]), tr.expr(a["yes"]), tr.expr(a["no"])
    text = any(v.kind in ("str", "fmt") for v in (yes, no))
    if cond.kind == "matrix" and text:
        raise tr.err(c, "ifelse with a matrix condition takes numbers, not strings")
    if cond.kind == "matrix":
        return Val(
            "matrix", tr.mop(mx.SelectOp, [cond.ssa, tr.operand(yes, c), tr.operand(no, c)], c)
        )
    if yes.kind == "matrix" or no.kind == "matrix":
        raise tr.err(c, "ifelse with a scalar condition takes scalar branches")
    test = tr.to_i1(cond, c)
    if text and test.const is None:
        return _text_choice(tr, c, test, yes, no)
    return tr.select(test, yes, no, c)


def _text_choice(tr: Translator, c: S.Call, test: Val, yes: Val, no: Val) -> Val:
    """A string picked at run time: strings are compile-time values in amls, so the pick
    is kept as a `Choice` that print (and string concatenation) can use; elsewhere it is
    an error naming that limitation."""
    if yes.kind == no.kind == "str" and yes.const == no.const:
        return yes

    def parts(v: Val) -> list[Any]:
        return list(v.const) if v.kind == "fmt" else [v]

    return Val("fmt", None, [Choice(test.ssa, parts(yes), parts(no))])


@builtin("as.scalar", "castAsScalar")
def _as_scalar(tr: Translator, c: S.Call) -> Val:
    a = _args(tr, c, ["target"], 1)
    v = tr.expr(a["target"])
    if v.kind != "matrix" and c.name == "castAsScalar":  # as SystemDS's (as.scalar too)
        raise tr.err(c, "castAsScalar expects a matrix, got a scalar")
    if v.kind != "matrix":
        return v
    return Val("f64", tr.mop(mx.ToScalarOp, [v.ssa], c, f64))


@builtin("as.matrix")
def _as_matrix(tr: Translator, c: S.Call) -> Val:
    a = _args(tr, c, ["target"], 1)
    v = tr.expr(a["target"])
    if v.kind == "matrix":
        return v
    return Val("matrix", tr.mop(mx.FromScalarOp, [tr.operand(v, c)], c, mx.MatrixType(1, 1)))


def _scalar_cast(kind: str) -> Builtin:
    def fn(tr: Translator, c: S.Call) -> Val:
        a = _args(tr, c, ["target"], 1)
        v = tr.expr(a["target"])
        if v.kind == "matrix":
            v = Val("f64", tr.mop(mx.ToScalarOp, [v.ssa], c, f64))
        if v.kind == "str" and kind == "i1":  # Java's parseBoolean: "true" in any case
            return tr.literal(str(v.const).lower() == "true")
        if v.kind == "str":
            from amls.frontends.dml.translate import arg_value

            v = tr.literal(arg_value(v.const))
        tr.need_scalar(v, c)
        if kind == "f64":
            return tr.to_f64(v, c)
        if kind == "i64":
            return _java_long(tr, v, c) if v.kind == "f64" else tr.to_i64(v, c)
        return tr.to_i1(v, c)

    return fn


_I64_MIN, _I64_MAX = -(1 << 63), (1 << 63) - 1


def _java_long(tr: Translator, v: Val, c: S.Call) -> Val:
    """as.integer of a double as Java's (long) cast: toward zero, NaN to 0, clamped to
    the long range (arith.fptosi fails out of range: the clamp comes first)."""
    if v.const is not None:
        x = float(v.const)
        n = 0 if math.isnan(x) else min(max(x, -(2.0**63)), 2.0**63)
        n = _I64_MAX if n == 2.0**63 else int(n)
        return tr.const(n, "i64", c)
    x = v.ssa
    lim, neg = tr.const(2.0**63, "f64", c), tr.const(-(2.0**63), "f64", c)
    cmp = lambda a, b, pred: tr.emit(arith.CmpfOp(a, b, pred), c).results[0]  # noqa: E731
    nan, hi, lo = cmp(x, x, "uno"), cmp(x, lim.ssa, "oge"), cmp(x, neg.ssa, "ole")
    bad = tr.emit(arith.OrIOp(tr.emit(arith.OrIOp(nan, hi), c).results[0], lo), c).results[0]
    zero = tr.const(0.0, "f64", c)
    safe = tr.emit(arith.SelectOp(bad, zero.ssa, x), c).results[0]
    n = tr.emit(arith.FPToSIOp(safe, i64), c).results[0]
    big, small = tr.const(_I64_MAX, "i64", c), tr.const(_I64_MIN, "i64", c)
    n = tr.emit(arith.SelectOp(hi, big.ssa, n), c).results[0]
    return Val("i64", tr.emit(arith.SelectOp(lo, small.ssa, n), c).results[0])


BUILTINS["as.double"] = _scalar_cast("f64")
BUILTINS["as.integer"] = _scalar_cast("i64")
BUILTINS["as.logical"] = BUILTINS["as.boolean"] = _scalar_cast("i1")


@builtin("ifdef")
def _ifdef(tr: Translator, c: S.Call) -> Val:
    if len(c.args) != 2 or not isinstance(c.args[0].value, S.CmdArg):
        raise tr.err(c, "ifdef takes a $parameter and a default value")
    name = c.args[0].value.name
    if name in tr.cmd:
        return tr.literal(tr.cmd[name])
    return tr.expr(c.args[1].value)


# -- data-dependent reorganisation: table, removeEmpty, outer, order ---------------


def _const_bool(tr: Translator, node: Any, what: str, c: S.Call) -> bool:
    v = _const(tr, node, what, c)
    if not isinstance(v, bool | int | float):
        raise tr.err(node, f"{c.name}: {what} must be TRUE or FALSE")
    return bool(v)


@builtin("table", "ctable")
def _table(tr: Translator, c: S.Call) -> Val:
    if any(a.name is not None for a in c.args):
        raise tr.err(c, f"{c.name} takes positional arguments only")
    if not 2 <= len(c.args) <= 5:
        raise tr.err(c, f"{c.name} takes 2 to 5 arguments (A, B[, W][, rows, cols]), got "
                     f"{len(c.args)}")  # fmt: skip
    vals = [tr.expr(a.value) for a in c.args]
    A = tr.need_matrix(vals[0], c.args[0], c.name)
    B = tr.operand(vals[1], c)
    if len(vals) in (3, 5):
        W = tr.operand(vals[2], c)
    else:
        W = tr.materialize(Val("f64", None, 1.0), c).ssa
    dims: list[Any] = []
    rt: Any = ANY
    if len(vals) >= 4:
        r, k = (tr.materialize(tr.to_i64(v, c), c) for v in vals[-2:])
        dims = [r.ssa, k.ssa]
        rt = _shape(tr, c, r.const, k.const)
    return Val("matrix", tr.mop(mx.TableOp, [A, B, W, dims], c, rt))


@builtin("removeEmpty")
def _remove_empty(tr: Translator, c: S.Call) -> Val:
    a = _args(tr, c, ["target", "margin", "select", "empty.return"], 2)
    X = tr.need_matrix(tr.expr(a["target"]), c, c.name)
    margin = _const(tr, a["margin"], "margin", c)
    if margin not in mx.REMOVE_EMPTY_MARGINS:
        raise tr.err(a["margin"], f'removeEmpty: margin must be "rows" or "cols", got {margin!r}')
    sel = [tr.need_matrix(tr.expr(a["select"]), c, "removeEmpty select")] if "select" in a else []
    props: dict[str, Any] = {"margin": StringAttr(margin)}
    if "empty.return" in a and not _const_bool(tr, a["empty.return"], "empty.return", c):
        props["empty_return"] = IntegerAttr(0, 1)
    return Val("matrix", tr.mop(mx.RemoveEmptyOp, [X, sel], c, ANY, props))


_OUTER = {
    "+": "add", "-": "sub", "*": "mul", "/": "div", "^": "pow", "min": "min", "max": "max",
    "==": "eq", "!=": "ne", "<": "lt", "<=": "le", ">": "gt", ">=": "ge",
}  # fmt: skip


@builtin("outer")
def _outer(tr: Translator, c: S.Call) -> Val:
    if any(a.name is not None for a in c.args) or len(c.args) != 3:
        raise tr.err(c, "outer takes three positional arguments (X, Y, op)")
    X = tr.need_matrix(tr.expr(c.args[0].value), c.args[0], "outer")
    Y = tr.need_matrix(tr.expr(c.args[1].value), c.args[1], "outer")
    op = _const(tr, c.args[2].value, "op", c)
    if op in ("%/%", "%%"):  # as the binary operators: truncating, sign of the dividend
        q = tr.mop(mx.OuterOp, [X, Y], c, ANY, {"op": StringAttr("div")})
        aq = tr.mop(mx.FloorOp, [tr.mop(mx.AbsOp, [q], c)], c)
        t = tr.mop(mx.MulOp, [tr.mop(mx.SignOp, [q], c), aq], c)
        if op == "%/%":
            return Val("matrix", t)
        return Val("matrix", tr.mop(mx.SubOp, [X, tr.mop(mx.MulOp, [t, Y], c)], c))
    if op not in _OUTER:
        raise tr.err(c.args[2], f"outer: unknown operator {op!r} ({', '.join(_OUTER)}, %%, %/%)")
    return Val("matrix", tr.mop(mx.OuterOp, [X, Y], c, ANY, {"op": StringAttr(_OUTER[op])}))


@builtin("order")
def _order(tr: Translator, c: S.Call) -> Val:
    a = _args(tr, c, ["target", "by", "decreasing", "index.return"], 1)
    X = tr.need_matrix(tr.expr(a["target"]), c, c.name)
    by = tr.to_i64(tr.expr(a["by"]), c) if "by" in a else Val("i64", None, 1)
    cols = X.type.cols if isinstance(X.type, mx.MatrixType) else None
    if by.const is not None and (by.const < 1 or (cols is not None and by.const > cols)):
        raise tr.err(c, f"order: by={by.const} is not a column of a matrix with {cols} columns")
    by0 = tr.materialize(tr.binop("-", by, Val("i64", None, 1), c), c)  # 1-based in DML
    props: dict[str, Any] = {}
    if "decreasing" in a and _const_bool(tr, a["decreasing"], "decreasing", c):
        props["decreasing"] = IntegerAttr(1, 1)
    index = "index.return" in a and _const_bool(tr, a["index.return"], "index.return", c)
    if index:
        props["index_return"] = IntegerAttr(1, 1)
    out = tr.mop(mx.OrderOp, [X, by0.ssa], c, ANY, props)
    if index:  # 1-based row numbers, as DML
        out = tr.mop(mx.AddOp, [out, tr.const(1.0, "f64", c).ssa], c)
    return Val("matrix", out)


# -- I/O ---------------------------------------------------------------------------

_FORMATS = {"csv": "csv", "mm": "mtx", "npy": "npy", "mtx": "mtx", "text": "text"}
_EXTENSIONS = {"csv": "csv", "mm": "mm", "mtx": "mm", "npy": "npy"}  # without format= or .mtd


@builtin("read")
def _read(tr: Translator, c: S.Call) -> Val:
    params = ["target", "format", "header", "sep", "rows", "cols", "nnz", "data_type",
              "value_type", "fill", "default", "naStrings"]  # fmt: skip
    a = _args(tr, c, params, 1)
    path = str(_const(tr, a["target"], "the file name", c))
    # A file the script writes before: what that write says, not what is on disk now
    # (a .mtd left by an earlier run may describe other dims).
    if path not in tr.written:
        tr.consulted.add(path + ".mtd")
    mtd = tr.written[path] if path in tr.written else (read_mtd(path) or {})
    dt = (
        str(_const(tr, a["data_type"], "data_type", c))
        if "data_type" in a
        else mtd.get("data_type", "matrix")
    )
    if dt not in ("matrix", "scalar"):
        raise tr.err(
            c,
            f"read: data_type '{dt}' not supported"
            + (
                " (frames, lists and tensors are not supported)"
                if dt in ("frame", "list", "tensor")
                else ""
            ),
        )
    fmt = str(_const(tr, a["format"], "format", c)) if "format" in a else mtd.get("format")
    if fmt is None:
        ext = os.path.splitext(path)[1].lstrip(".").lower()
        if ext in _EXTENSIONS:
            fmt = _EXTENSIONS[ext]
        else:
            raise tr.err(c, f"read: no format= and no metadata file '{path}.mtd'")
    if fmt not in _FORMATS:
        raise tr.err(c, f"read: format '{fmt}' not supported (csv, text, mm, npy)")
    if dt == "scalar":  # a scalar file holds its value as text: a 1x1 matrix, then the value
        op = mx.ReadOp.build(
            result_types=[mx.MatrixType(1, 1)],
            properties={"path": StringAttr(path), "format": StringAttr("csv")},
        )
        tr.emit(op, c)
        v = Val("f64", tr.mop(mx.ToScalarOp, [op.results[0]], c, f64))
        vt = str(_const(tr, a["value_type"], "value_type", c)) if "value_type" in a else None
        vt = vt or mtd.get("value_type", "double")
        if vt == "boolean":
            return tr.to_i1(v, c)
        return tr.to_i64(v, c) if vt == "int" else v
    header = (
        bool(_const(tr, a["header"], "header", c))
        if "header" in a
        else bool(mtd.get("header", False))
    )
    sep = str(_const(tr, a["sep"], "sep", c)) if "sep" in a else str(mtd.get("sep", ","))
    head = mm_header(path) if _FORMATS[fmt] == "mtx" else None  # its size, as the reference

    def dim(key: str, i: int) -> int | None:
        v = _const(tr, a[key], key, c) if key in a else mtd.get(key)
        if v is None and head is not None:
            v = head[i]
        return int(v) if v is not None and int(v) >= 0 else None

    rows, cols, nnz = dim("rows", 0), dim("cols", 1), dim("nnz", 2)
    if rows is None or cols is None:
        nnz = None
    rt = mx.MatrixType(rows, cols, nnz)
    op = mx.ReadOp.build(
        result_types=[rt],
        properties={"path": StringAttr(path), "format": StringAttr(_FORMATS[fmt])},
    )
    if _FORMATS[fmt] == "csv":
        if header:
            op.attributes["header"] = BoolAttr(True, None) if False else IntegerAttr(1, 1)
        if sep != ",":
            op.attributes["sep"] = StringAttr(sep)
    tr.emit(op, c)
    return Val("matrix", op.results[0])


@builtin("write")
def _write(tr: Translator, c: S.Call) -> Val:
    a = _args(
        tr,
        c,
        [
            "target",
            "file",
            "format",
            "header",
            "sep",
            "description",
            "rows_in_block",
            "cols_in_block",
        ],
        2,
    )
    v = tr.expr(a["target"])
    if v.kind in ("str", "fmt"):
        raise tr.err(c, "write: writing strings is not supported yet")
    X = (
        v.ssa
        if v.kind == "matrix"
        else tr.mop(mx.FromScalarOp, [tr.operand(v, c)], c, mx.MatrixType(1, 1))
    )
    path = str(_const(tr, a["file"], "the file name", c))
    # SystemDS's default format is text (`i j v` lines), for matrices as for scalars
    fmt = str(_const(tr, a["format"], "format", c)) if "format" in a else "text"
    if fmt not in _FORMATS:
        raise tr.err(c, f"write: format '{fmt}' not supported (csv, text, mm, npy)")
    op = mx.WriteOp.build(
        operands=[X], properties={"path": StringAttr(path), "format": StringAttr(_FORMATS[fmt])}
    )
    op.attributes["mtd"] = UnitAttr()
    if v.kind != "matrix":  # its .mtd says so, as SystemDS's
        op.attributes["scalar"] = StringAttr({"i64": "int", "i1": "boolean"}.get(v.kind, "double"))
    if "header" in a and bool(_const(tr, a["header"], "header", c)):
        op.attributes["header"] = IntegerAttr(1, 1)
    if "sep" in a:
        op.attributes["sep"] = StringAttr(str(_const(tr, a["sep"], "sep", c)))
    tr.written[path] = {
        "format": fmt,
        "data_type": "matrix" if v.kind == "matrix" else "scalar",
        "header": "header" in op.attributes,
        "sep": op.attributes["sep"].data if "sep" in op.attributes else ",",  # type: ignore[attr-defined]
    }
    if v.kind != "matrix":
        tr.written[path]["value_type"] = op.attributes["scalar"].data  # type: ignore[attr-defined]
    tr.emit(op, c)
    return Val("str", None, "")


@dataclass
class MatrixText:
    """A matrix in a string, as toString formats it (its non-default options)."""

    ssa: Any
    opts: dict[str, Any] = field(default_factory=dict)


_TOSTRING = {"rows": int, "cols": int, "decimal": int, "sparse": bool, "sep": str,
             "linesep": str}  # fmt: skip


@builtin("toString")
def _tostring(tr: Translator, c: S.Call) -> Val:
    a = _args(tr, c, ["target", *_TOSTRING], 1)
    v = tr.expr(a["target"])
    if v.kind in ("str", "fmt"):
        return v
    if v.scalar:  # a scalar as print shows it
        return (
            Val("str", None, fmt_scalar(v.const)) if v.const is not None else Val("fmt", None, [v])
        )
    opts: dict[str, Any] = {}
    for k, typ in _TOSTRING.items():
        if k in a:
            x = _const(tr, a[k], k, c)
            if typ is str and not isinstance(x, str) or typ is not str and isinstance(x, str):
                raise tr.err(
                    a[k], f"toString: {k} must be {'a string' if typ is str else 'a number'}"
                )
            opts[k] = typ(x)
    return Val("fmt", None, [MatrixText(tr.need_matrix(v, c, c.name), opts)])


def _tostring_attr(opts: dict[str, Any]) -> DictionaryAttr:
    return DictionaryAttr(
        {
            k: StringAttr(v) if isinstance(v, str) else IntegerAttr(int(v), i64)
            for k, v in opts.items()
        }
    )


@builtin("print", "stop")
def _print(tr: Translator, c: S.Call) -> Val:
    """print(x), and stop(message): the same text ops, marked `stop` to end the program;
    print(format, args...) is SystemDS's printf-style print."""
    if c.name == "print" and len(c.args) > 1:
        parts = printf_parts(tr, c)
    elif len(c.args) != 1:
        raise tr.err(c, f"{c.name} takes one argument")
    else:
        v = tr.expr(c.args[0].value)
        parts = v.const if v.kind == "fmt" else [v]
    text = "stop: " if c.name == "stop" else ""  # the error reads `file:line:col: error: stop: ...`
    if any(isinstance(p, Choice) for p in parts):
        _print_segments(tr, c, [text, *parts])
        _print_op(tr, c, None, "", cont=False)  # ends the line (or raises the stop)
        return Val("str", None, "")
    pending: list[tuple[str, Any]] = []
    for p in parts:
        if isinstance(p, str):
            text += p
        elif isinstance(p, Val) and p.const is not None:
            text += p.const if isinstance(p.const, str) else fmt_scalar(p.const)
        else:
            pending.append((text, p))
            text = ""
    if not pending:
        _print_op(tr, c, None, text, cont=False)
    for i, (prefix, p) in enumerate(pending):
        last = i == len(pending) - 1
        _print_op(tr, c, p, prefix, cont=not last, suffix=text if last else "")
    return Val("str", None, "")


def _print_segments(tr: Translator, c: S.Call, parts: list[Any]) -> None:
    """Print ops for parts, each continuing the line; a Choice as an scf.if."""
    text = ""
    for p in parts:
        if isinstance(p, str):
            text += p
        elif isinstance(p, Val) and p.const is not None:
            text += p.const if isinstance(p.const, str) else fmt_scalar(p.const)
        elif isinstance(p, Choice):
            if text:
                _print_op(tr, c, None, text, cont=True)
            text = ""
            blocks = (Block(), Block())
            for block, branch in zip(blocks, (p.yes, p.no), strict=True):
                tr._in_block(block, lambda b=branch: _print_segments(tr, c, b))  # noqa: SLF001
                block.add_op(scf.YieldOp())
            tr.emit(scf.IfOp(p.cond, [], Region(blocks[0]), Region(blocks[1])), c)
        else:
            _print_op(tr, c, p, text, cont=True)
            text = ""
    if text:
        _print_op(tr, c, None, text, cont=True)


def _print_op(tr: Translator, c: S.Call, p: Any, prefix: str, cont: bool, suffix: str = "") -> None:
    """One print op: prefix, p's value (if any), suffix; `at` says where the value goes,
    so a `{}` in the script's own text stays as written."""
    operand = p.ssa if p is not None else tr.const(0, "i64", c).ssa
    op = mx.PrintOp.build(operands=[operand], properties={})
    op.attributes["text"] = StringAttr(prefix + ("{}" if p is not None else "") + suffix)
    op.attributes["at"] = IntegerAttr(len(prefix) if p is not None else -1, i64)
    if isinstance(p, MatrixText) and p.opts:
        op.attributes["tostring"] = _tostring_attr(p.opts)
    if isinstance(p, Formatted):
        op.attributes["format"] = StringAttr(p.spec)
    if cont:
        op.attributes["cont"] = UnitAttr()
    _mark_stop(op, c)
    tr.emit(op, c)


def _mark_stop(op: mx.PrintOp, c: S.Call) -> None:
    if c.name == "stop":
        op.attributes["stop"] = UnitAttr()


@builtin("assert")
def _assert(tr: Translator, c: S.Call) -> Val:
    """assert(cond): a false condition ends the run with `assertion failed`, as SystemDS
    (a number is true where non-zero, a string only where it reads "true")."""
    if len(c.args) != 1 or c.args[0].name is not None:
        raise tr.err(c, "assert takes one argument (the condition)")
    v = tr.expr(c.args[0].value)
    if v.kind == "matrix":
        raise tr.err(c, "assert expects a scalar condition, got a matrix")
    if v.kind == "str":
        v = Val("i1", None, str(v.const).lower() == "true")
    ok = tr.to_i1(v, c)
    if ok.const is not None and ok.const:
        return Val("str", None, "")
    failed = tr.binop("==", ok, Val("i1", None, False), c)
    tr.block.add_ops(mx.stop_if(tr.materialize(failed, c).ssa, "assertion failed", tr._loc(c)))  # noqa: SLF001
    return Val("str", None, "")


from amls.frontends.dml import builtins_stats  # noqa: E402, F401  (registers its builtins)

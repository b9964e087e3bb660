"""DML's statistics and triangle builtins (cov, moment, median, quantile, lower.tri,
upper.tri), desugared onto existing matrix ops with SystemDS 3.4's semantics."""

from __future__ import annotations

from collections.abc import Callable

from xdsl.dialects import scf
from xdsl.dialects.builtin import IntegerAttr, StringAttr, f64, i64
from xdsl.ir import Block, Region, SSAValue

from amls.dialects import matrix as mx
from amls.frontends.dml import syntax as S
from amls.frontends.dml.builtins import builtin
from amls.frontends.dml.translate import ANY, Translator, Val

# -- helpers -------------------------------------------------------------------------


def _positional(tr: Translator, c: S.Call, lo: int, hi: int, shape: str) -> list[Val]:
    if any(a.name is not None for a in c.args) or not lo <= len(c.args) <= hi:
        raise tr.err(c, f"{c.name} takes positional arguments {shape}")
    return [tr.expr(a.value) for a in c.args]


def _check(tr: Translator, c: S.Call, bad: Val, message: str) -> None:
    """Stop the run with `message` where `bad` holds: a located error now where it is
    known true at the top of the script, else a run-time check (SystemDS fails when run)."""
    if bad.const is not None and not bad.const:
        return
    if bad.const is not None and tr.block is tr.main_block:
        raise tr.err(c, message)
    cond = tr.materialize(bad, c).ssa
    assert cond is not None
    tr.block.add_ops(mx.stop_if(cond, message, tr._loc(c)))  # noqa: SLF001


def _dim(tr: Translator, c: S.Call, X: SSAValue, axis: int) -> Val:
    t = X.type
    known = (t.rows, t.cols)[axis] if isinstance(t, mx.MatrixType) else None
    if isinstance(known, int):
        return Val("i64", None, known)
    return Val("i64", tr.mop(mx.NrowOp if axis == 0 else mx.NcolOp, [X], c, i64))


def _column(tr: Translator, c: S.Call, v: Val, what: str) -> SSAValue:
    """The matrix of `v`, checked to be a column vector (as SystemDS checks)."""
    X = tr.need_matrix(v, c, what)
    cols = _dim(tr, c, X, 1)
    shown = f" got {cols.const} columns" if cols.const is not None else ""
    _check(tr, c, tr.binop("!=", cols, Val("i64", None, 1), c), f"{what} expects a column "
           f"vector (one column),{shown or ' got another shape'}")  # fmt: skip
    return X


def _same_rows(tr: Translator, c: S.Call, A: SSAValue, B: SSAValue, what: str) -> None:
    ne = tr.binop("!=", _dim(tr, c, A, 0), _dim(tr, c, B, 0), c)
    _check(tr, c, ne, f"{what}: its vectors differ in length")


def _sum(tr: Translator, c: S.Call, v: Val) -> Val:
    props = {"kind": StringAttr("sum"), "axis": StringAttr("all")}
    return Val("f64", tr.mop(mx.ReduceOp, [v.ssa], c, f64, props))


def _f64(x: float) -> Val:
    return Val("f64", None, x)


def _if_matrix(
    tr: Translator,
    c: S.Call,
    cond: Val,
    then: Callable[[], SSAValue],
    orelse: Callable[[], SSAValue],
) -> SSAValue:
    """A matrix chosen by a scalar i1: the branch now where it is known, else an scf.if."""
    if cond.const is not None:
        return then() if cond.const else orelse()
    blocks = (Block(), Block())
    for block, make in zip(blocks, (then, orelse), strict=True):
        out = tr._in_block(block, make)  # noqa: SLF001 (the translator's block scope)
        y = scf.YieldOp(out)
        y.location = tr._loc(c)  # noqa: SLF001
        block.add_op(y)
    return tr.emit(scf.IfOp(cond.ssa, [ANY], Region(blocks[0]), Region(blocks[1])), c).results[0]


def _weights(tr: Translator, c: S.Call, v: Val, X: SSAValue) -> Val:
    W = _column(tr, c, v, f"{c.name} weights")
    _same_rows(tr, c, X, W, c.name)
    # SystemDS's running update divides by the weight so far: negative weights give
    # Infinity or noise there, so amls refuses them rather than answer differently
    neg = _sum(tr, c, Val("matrix", tr.mop(mx.LtOp, [W, tr.const(0.0, "f64", c).ssa], c)))
    _check(tr, c, tr.binop(">", neg, _f64(0.0), c), f"{c.name}: weights must be >= 0")
    return Val("matrix", W)


# -- cov and moment --------------------------------------------------------------------


def _centered(tr: Translator, c: S.Call, X: Val, W: Val | None) -> tuple[Val, Val]:
    """(X - its mean, the total weight): weighted by W where given (SystemDS's weights
    are frequencies: the mean is sum(W * X) / sum(W))."""
    if W is None:
        total, mean_of = tr.to_f64(_dim(tr, c, X.ssa, 0), c), X  # type: ignore[arg-type]
    else:
        total, mean_of = _sum(tr, c, W), tr.binop("*", W, X, c)
    mean = tr.binop("/", _sum(tr, c, mean_of), total, c)  # sum / n: NaN when empty, as there
    return tr.binop("-", X, mean, c), total


@builtin("cov")
def _cov(tr: Translator, c: S.Call) -> Val:
    """cov(X, Y[, W]): sum(W (x - mx)(y - my)) / (sum(W) - 1), 0 where the total weight
    is exactly 1 (SystemDS's CmCovObject)."""
    args = _positional(tr, c, 2, 3, "(X, Y[, W]), all column vectors")
    X = Val("matrix", _column(tr, c, args[0], "cov"))
    Y = Val("matrix", _column(tr, c, args[1], "cov"))
    _same_rows(tr, c, X.ssa, Y.ssa, "cov")  # type: ignore[arg-type]
    W = _weights(tr, c, args[2], X.ssa) if len(args) == 3 else None  # type: ignore[arg-type]
    dx, total = _centered(tr, c, X, W)
    dy, _ = _centered(tr, c, Y, W)
    prod = tr.binop("*", dx, dy, c)
    c2 = _sum(tr, c, tr.binop("*", W, prod, c) if W is not None else prod)
    cov = tr.binop("/", c2, tr.binop("-", total, _f64(1.0), c), c)
    return tr.select(tr.cmp("==", total, _f64(1.0), c), _f64(0.0), cov, c)


@builtin("moment", "centralMoment")
def _central_moment(tr: Translator, c: S.Call) -> Val:
    """moment(X[, W], k): sum(W (x - mean)^k) / sum(W), k a literal 2, 3 or 4 (SystemDS
    fails on any other order, and on one known only at run time)."""
    args = _positional(tr, c, 2, 3, "(X[, W], order)")
    X = Val("matrix", _column(tr, c, args[0], c.name))
    order = args[-1]
    if order.kind != "i64" or order.const not in (2, 3, 4):
        raise tr.err(c, f"{c.name}: the order must be the integer 2, 3 or 4, known when "
                     "the script is translated")  # fmt: skip
    W = _weights(tr, c, args[1], X.ssa) if len(args) == 3 else None  # type: ignore[arg-type]
    d, total = _centered(tr, c, X, W)
    p = d
    for _ in range(order.const - 1):  # products, not pow: exact as SystemDS's
        p = tr.binop("*", p, d, c)
    return tr.binop("/", _sum(tr, c, tr.binop("*", W, p, c) if W is not None else p), total, c)


# -- median and quantile -----------------------------------------------------------------


def _sorted_padded(tr: Translator, c: S.Call, X: SSAValue) -> SSAValue:
    """X sorted ascending with a 0 appended: every index the pick reads is in range,
    and an empty X picks 0, as SystemDS's."""
    zero_i = tr.const(0, "i64", c).ssa
    s = tr.mop(mx.OrderOp, [X, zero_i], c)
    pad = tr.mop(mx.FromScalarOp, [tr.const(0.0, "f64", c).ssa], c, mx.MatrixType(1, 1))
    return tr.mop(mx.RbindOp, [[s, pad]], c)


def _cell(tr: Translator, c: S.Call, S_: SSAValue, i: Val, col: int = 0) -> Val:
    i0 = tr.materialize(i, c).ssa
    i1 = tr.materialize(tr.binop("+", i, Val("i64", None, 1), c), c).ssa
    c0, c1 = tr.const(col, "i64", c).ssa, tr.const(col + 1, "i64", c).ssa
    cell = tr.mop(mx.SliceOp, [S_, i0, i1, c0, c1], c, mx.MatrixType(1, 1))
    return Val("f64", tr.mop(mx.ToScalarOp, [cell], c, f64))


def _too_high(tr: Translator, c: S.Call, above: Val) -> None:
    _check(tr, c, above, f"{c.name}: p must be at most 1 (SystemDS fails on it too)")


@builtin("median")
def _median(tr: Translator, c: S.Call) -> Val:
    args = _positional(tr, c, 1, 2, "(X[, W])")
    X = _column(tr, c, args[0], c.name)
    if len(args) == 2:
        return _weighted_pick(tr, c, X, _column(tr, c, args[1], "median weights"), _f64(0.5))
    return _quantile_at(tr, c, X, _f64(0.5))


@builtin("quantile")
def _quantile(tr: Translator, c: S.Call) -> Val:
    args = _positional(tr, c, 2, 3, "(X[, W], p)")
    X = _column(tr, c, args[0], c.name)
    if len(args) == 3:
        W = _column(tr, c, args[1], "quantile weights")
        if args[2].kind == "matrix":
            return _weighted_picks(tr, c, X, W, _column(tr, c, args[2], "quantile p"))
        return _weighted_pick(tr, c, X, W, tr.to_f64(args[2], c))
    if args[1].kind == "matrix":
        return _quantiles(tr, c, X, _column(tr, c, args[1], "quantile p"))
    return _quantile_at(tr, c, X, tr.to_f64(args[1], c))


def _quantile_at(tr: Translator, c: S.Call, X: SSAValue, p: Val) -> Val:
    """SystemDS's pick on the sorted values: the ceil(p n)-th (clamped to 1..n), and for
    an even n the mean with the next one where that position is > 0 and below n - z, z
    the count of zeros (SystemDS keeps the zeros as one row of its sorted table and
    compares against the table's length: median(0, 0, 0, 1, 2, 3) is 0 there)."""
    S_ = _sorted_padded(tr, c, X)
    n = _dim(tr, c, X, 0)
    pos = tr.to_i64(tr.scalar_unary("ceil", tr.binop("*", p, tr.to_f64(n, c), c), c), c)
    _too_high(tr, c, tr.binop(">", pos, n, c))
    one = Val("i64", None, 1)
    i = tr.binop("-", tr.minmax("max", tr.minmax("min", pos, n, c), one, c), one, c)
    a, b = _cell(tr, c, S_, i), _cell(tr, c, S_, tr.binop("+", i, one, c))
    nnz = Val("i64", tr.mop(mx.NnzOp, [X], c, i64))  # n - z
    even = tr.binop("==", tr.binop("%%", n, Val("i64", None, 2), c), Val("i64", None, 0), c)
    inside = tr.binop(
        "&", tr.binop(">", pos, Val("i64", None, 0), c), tr.binop("<", pos, nnz, c), c
    )
    mean = tr.binop("/", tr.binop("+", a, b, c), _f64(2.0), c)
    return tr.select(tr.binop("&", even, inside, c), mean, a, c)


def _quantiles(tr: Translator, c: S.Call, X: SSAValue, P: SSAValue) -> Val:
    """quantile(X, P) for a column P: each the ceil(p n)-th sorted value, never averaged
    (SystemDS's pickValues)."""
    S_ = _sorted_padded(tr, c, X)
    n = tr.materialize(tr.to_f64(_dim(tr, c, X, 0), c), c).ssa
    pos = tr.mop(mx.CeilOp, [tr.mop(mx.MulOp, [P, n], c)], c)
    above = _sum(tr, c, Val("matrix", tr.mop(mx.GtOp, [pos, n], c)))
    _too_high(tr, c, tr.binop(">", above, _f64(0.0), c))
    one = tr.const(1.0, "f64", c).ssa
    idx = tr.mop(mx.MaxOp, [tr.mop(mx.MinOp, [pos, n], c), one], c)  # 1-based, in S_
    return Val("matrix", _gather(tr, c, S_, idx))


def _gather(tr: Translator, c: S.Call, col: SSAValue, idx: SSAValue) -> SSAValue:
    """col[idx] for a column of 1-based indices, by an equality mask rather than a
    product (0 * Inf would be NaN)."""
    zero = tr.const(0.0, "f64", c).ssa
    cols = tr.mop(mx.TransposeOp, [_counting(tr, c, col)], c)
    hit = tr.mop(mx.OuterOp, [idx, cols], c, ANY, {"op": StringAttr("eq")})
    rows = tr.mop(mx.FillOp, [zero, _dim_ssa(tr, c, idx), tr.const(1, "i64", c).ssa], c)
    row = tr.mop(mx.TransposeOp, [col], c)
    vals = tr.mop(mx.OuterOp, [rows, row], c, ANY, {"op": StringAttr("add")})
    picked = tr.mop(mx.SelectOp, [hit, vals, zero], c)
    props = {"kind": StringAttr("sum"), "axis": StringAttr("row")}
    return tr.mop(mx.ReduceOp, [picked], c, ANY, props)


def _dim_ssa(tr: Translator, c: S.Call, X: SSAValue) -> SSAValue:
    out = tr.materialize(_dim(tr, c, X, 0), c).ssa
    assert out is not None
    return out


def _counting(tr: Translator, c: S.Call, X: SSAValue) -> SSAValue:
    """The column 1, 2, ..., nrow(X) (a cumsum of ones: seq(1, 0) would count down)."""
    ones = tr.mop(mx.FillOp, [tr.const(1.0, "f64", c).ssa, _dim_ssa(tr, c, X),
                              tr.const(1, "i64", c).ssa], c)  # fmt: skip
    return tr.mop(mx.CumAggOp, [ones], c, ANY, {"kind": StringAttr("sum")})


# -- lower.tri and upper.tri -------------------------------------------------------------


def _flag(tr: Translator, c: S.Call, node: S.Node | None, what: str) -> Val:
    """A boolean argument (SystemDS refuses a number here), FALSE when absent."""
    if node is None:
        return Val("i1", None, False)
    v = tr.expr(node)
    if v.kind != "i1":
        raise tr.err(node, f"{c.name}: {what} must be TRUE or FALSE (a boolean)")
    return v


@builtin("lower.tri", "upper.tri")
def _triangle(tr: Translator, c: S.Call) -> Val:
    """The cells below (lower) or above (upper) the diagonal, with it where diag=TRUE:
    1s, or X's values where values=TRUE; 0 elsewhere (NaN too). Any shape."""
    if any(a.name is None for a in c.args):
        raise tr.err(c, f"{c.name} takes named arguments only (target=X, diag=, values=)")
    a = tr.bind_args(c, ["target", "diag", "values"])
    if "target" not in a:
        raise tr.err(c, f"{c.name}: missing argument 'target'")
    X = tr.need_matrix(tr.expr(a["target"]), c, c.name)
    diag = tr.operand(tr.to_f64(_flag(tr, c, a.get("diag"), "diag"), c), c)
    values = _flag(tr, c, a.get("values"), "values")
    rows = _counting(tr, c, X)
    cols = tr.mop(mx.TransposeOp, [_counting(tr, c, tr.mop(mx.TransposeOp, [X], c))], c)
    # lower: i > j, or i >= j with the diagonal: i + diag > j (upper: i - diag < j)
    lower = c.name == "lower.tri"
    shifted = tr.mop(mx.AddOp if lower else mx.SubOp, [rows, diag], c)
    mask = tr.mop(mx.OuterOp, [shifted, cols], c, ANY, {"op": StringAttr("gt" if lower else "lt")})
    zero = tr.const(0.0, "f64", c).ssa
    return Val(
        "matrix",
        _if_matrix(tr, c, values, lambda: tr.mop(mx.SelectOp, [mask, X, zero], c), lambda: mask),
    )


# -- weighted median and quantile ----------------------------------------------------------


def _weighted_table(tr: Translator, c: S.Call, X: SSAValue, W: SSAValue) -> tuple[SSAValue, Val]:
    """SystemDS's sorted (value, weight) table: the non-zero values in order with their
    weights, and one row (0, total weight of the zeros) between the negative and the
    positive ones; then two zero rows, so the pick's reads past its end stay in range.
    Also the table's length. SystemDS's weights must be integers (checked here)."""
    _same_rows(tr, c, X, W, c.name)
    frac = Val("matrix", tr.mop(mx.NeOp, [W, tr.mop(mx.FloorOp, [W], c)], c))
    _check(tr, c, tr.binop(">", _sum(tr, c, frac), _f64(0.0), c),
           f"{c.name}: weights must be integers, as in SystemDS")  # fmt: skip
    zero_i, one_i, two_i = (tr.const(k, "i64", c).ssa for k in (0, 1, 2))
    zero = tr.const(0.0, "f64", c).ssa
    both = tr.mop(mx.CbindOp, [[X, W]], c)
    srt = tr.mop(mx.OrderOp, [both, zero_i], c)
    keys = tr.mop(mx.SliceOp, [srt, zero_i, _dim_ssa(tr, c, srt), zero_i, one_i], c)
    kept = tr.mop(mx.NeOp, [keys, zero], c)
    props = {"margin": StringAttr("rows"), "empty_return": IntegerAttr(0, 1)}
    nz = tr.mop(mx.RemoveEmptyOp, [srt, [kept]], c, ANY, props)
    m = Val("i64", tr.mop(mx.NrowOp, [nz], c, i64))
    neg = tr.materialize(tr.to_i64(_sum(tr, c, Val("matrix", tr.mop(mx.LtOp, [X, zero], c))), c), c)
    zw = _sum(tr, c, Val("matrix", tr.mop(mx.MulOp, [W, tr.mop(mx.EqOp, [X, zero], c)], c)))
    cell = [tr.mop(mx.FromScalarOp, [v], c, mx.MatrixType(1, 1)) for v in (zero, zw.ssa)]
    zrow = tr.mop(mx.CbindOp, [cell], c)
    m_ssa = tr.materialize(m, c).ssa
    top = tr.mop(mx.SliceOp, [nz, zero_i, neg.ssa, zero_i, two_i], c)
    bottom = tr.mop(mx.SliceOp, [nz, neg.ssa, m_ssa, zero_i, two_i], c)
    pad = tr.mop(mx.FillOp, [zero, two_i, two_i], c)
    table = tr.mop(mx.RbindOp, [[top, zrow, bottom, pad]], c)
    return table, tr.binop("+", m, Val("i64", None, 1), c)


def _weighted_pick(tr: Translator, c: S.Call, X: SSAValue, W: SSAValue, p: Val) -> Val:
    """SystemDS's pickWeightedValue: walk the table's running weight to the first row
    reaching ceil(p sum(W)); for an even total weight and a position below the table's
    length - 1 that the row's weight reaches exactly, the mean with the next row (the
    one after where that has weight 0); a row of weight 0 gives the next row's value.
    Where SystemDS reads past its table, a run-time error."""
    T, R = _weighted_table(tr, c, X, W)
    sw = _sum(tr, c, Val("matrix", W))
    pos = tr.to_i64(tr.scalar_unary("ceil", tr.binop("*", p, sw, c), c), c)
    posf = tr.to_f64(pos, c)
    zero_i, one_i, two_i = (tr.const(k, "i64", c).ssa for k in (0, 1, 2))
    r = tr.materialize(R, c).ssa
    cw = tr.mop(mx.CumAggOp, [tr.mop(mx.SliceOp, [T, zero_i, r, one_i, two_i], c)], c, ANY,
                {"kind": StringAttr("sum")})  # fmt: skip
    below = tr.mop(mx.LtOp, [cw, tr.materialize(posf, c).ssa], c)
    lead = tr.mop(mx.CumAggOp, [below], c, ANY, {"kind": StringAttr("prod")})
    i = tr.to_i64(_sum(tr, c, Val("matrix", lead)), c)  # the first row reaching pos
    one = Val("i64", None, 1)
    last = tr.binop("-", R, one, c)
    ic = tr.minmax("min", i, last, c)
    vi, wi, t = _cell(tr, c, T, ic), _cell(tr, c, T, ic, 1), _cell(tr, c, cw, ic)
    nxt = tr.binop("+", ic, one, c)
    v1, w1 = _cell(tr, c, T, nxt), _cell(tr, c, T, nxt, 1)
    v2 = _cell(tr, c, T, tr.binop("+", ic, Val("i64", None, 2), c))
    vm = _cell(tr, c, T, tr.minmax("max", tr.binop("-", ic, one, c), Val("i64", None, 0), c))
    even = tr.binop("==", tr.binop("%%", sw, _f64(2.0), c), _f64(0.0), c)
    use_avg = tr.binop("&", even, tr.binop("<", pos, last, c), c)
    nonzero = tr.binop("!=", wi, _f64(0.0), c)
    w1zero = tr.binop("==", w1, _f64(0.0), c)
    half = lambda a, b: tr.binop("/", tr.binop("+", a, b, c), _f64(2.0), c)  # noqa: E731
    exact = tr.binop(">=", posf, t, c)
    avg = tr.select(exact, tr.select(w1zero, half(vi, v2), half(vi, v1), c), vi, c)
    value = tr.select(nonzero, tr.select(use_avg, avg, vi, c),
                      tr.select(tr.binop("<", nxt, R, c), v1, vm, c), c)  # fmt: skip
    past = tr.binop("&", tr.binop("&", use_avg, exact, c), tr.binop("&", w1zero, tr.binop(
        ">=", tr.binop("+", ic, Val("i64", None, 2), c), R, c), c), c)  # fmt: skip
    # (a weight-0 row with none after: the one before, or the zero row itself, 0 as there)
    bad = tr.binop("|", tr.binop(">=", i, R, c), tr.binop("&", nonzero, past, c), c)
    _check(tr, c, bad, f"{c.name}: SystemDS's pick reads past the end of its sorted table "
           "here (p above 1, or weight 0 on the last values)")  # fmt: skip
    return value


def _weighted_picks(tr: Translator, c: S.Call, X: SSAValue, W: SSAValue, P: SSAValue) -> Val:
    """quantile(X, W, P): _weighted_pick for each p of the column P, never averaged
    (SystemDS's pickValues): the first row whose running weight reaches ceil(p sum(W)),
    or the next one where that row's weight is 0."""
    T, R = _weighted_table(tr, c, X, W)
    zero_i, one_i, two_i = (tr.const(k, "i64", c).ssa for k in (0, 1, 2))
    full = _dim_ssa(tr, c, T)
    v = tr.mop(mx.SliceOp, [T, zero_i, full, zero_i, one_i], c)
    w = tr.mop(mx.SliceOp, [T, zero_i, full, one_i, two_i], c)
    r = tr.materialize(R, c).ssa
    cw = tr.mop(mx.CumAggOp, [tr.mop(mx.SliceOp, [w, zero_i, r, zero_i, one_i], c)], c, ANY,
                {"kind": StringAttr("sum")})  # fmt: skip
    sw = _sum(tr, c, Val("matrix", W))
    pos = tr.mop(mx.CeilOp, [tr.mop(mx.MulOp, [P, tr.materialize(sw, c).ssa], c)], c)
    # per p, the rows before the first whose running weight reaches pos: a leading run
    below = tr.mop(mx.OuterOp, [pos, tr.mop(mx.TransposeOp, [cw], c)], c, ANY,
                   {"op": StringAttr("gt")})  # fmt: skip
    run = tr.mop(mx.CumAggOp, [tr.mop(mx.TransposeOp, [below], c)], c, ANY,
                 {"kind": StringAttr("prod")})  # fmt: skip
    props = {"kind": StringAttr("sum"), "axis": StringAttr("col")}
    i = tr.mop(mx.TransposeOp, [tr.mop(mx.ReduceOp, [run], c, ANY, props)], c)  # 0-based
    rf = tr.materialize(tr.to_f64(R, c), c).ssa
    one = tr.const(1.0, "f64", c).ssa
    ic1 = tr.mop(mx.MinOp, [tr.mop(mx.AddOp, [i, one], c), rf], c)  # 1-based, clamped
    vi, wi = _gather(tr, c, v, ic1), _gather(tr, c, w, ic1)
    v1 = _gather(tr, c, v, tr.mop(mx.AddOp, [ic1, one], c))
    vm = _gather(tr, c, v, tr.mop(mx.MaxOp, [tr.mop(mx.SubOp, [ic1, one], c), one], c))
    zero = tr.const(0.0, "f64", c).ssa
    has_next, nonzero = tr.mop(mx.LtOp, [ic1, rf], c), tr.mop(mx.NeOp, [wi, zero], c)
    skip = tr.mop(mx.SelectOp, [has_next, v1, vm], c)
    value = tr.mop(mx.SelectOp, [nonzero, vi, skip], c)
    past = _sum(tr, c, Val("matrix", tr.mop(mx.GeOp, [i, rf], c)))  # no row reaches pos
    _check(tr, c, tr.binop(">", past, _f64(0.0), c), f"{c.name}: SystemDS's pick reads "
           "past the end of its sorted table here (p above 1)")  # fmt: skip
    return Val("matrix", value)

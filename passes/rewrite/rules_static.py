"""Static (size-independent) ML simplifications: one rule per row (docs/rewrites.md).

Read a row as `name: pattern -> replacement [when condition]`. Conditions
guard soundness where NaN/Inf would otherwise change results (docs/rewrites.md:
"soundness comes first"): rules that are exact only on NaN-free or 0/1 data
ask `finite` / `is_boolean`, which hold for values built by ops that cannot
produce NaN or Inf (comparisons, rand, finite fills, ...). Rules need not keep
the sign of a zero (README "Numerics"): -0.0 == 0.0, as under LLVM's `nsz`.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from xdsl.dialects import arith
from xdsl.dialects.builtin import FloatAttr, IntegerAttr, f64, i64
from xdsl.ir import SSAValue

from amls.dialects import matrix as mx
from amls.dialects.traits import constant_value, is_commutative
from amls.passes.rewrite.build import Builder
from amls.passes.rewrite.conditions import (
    Bindings,
    all_of,
    finite,
    is_1x1,
    is_boolean,
    is_col_vector,
    is_nan_const,
    is_row_vector,
    nan_free,
    nonzero_const,
    one_of,
    one_use,
    read_only_by_tmm,
    rows_are,
    same_known_cols,
    same_shape,
    scaling_in_range,
    square_product,
)
from amls.passes.rewrite.driver import Rule
from amls.passes.rewrite.pattern import (
    Lit,
    Mat,
    Native,
    Num,
    Op,
    PropVar,
    Rest,
    Var,
    binary,
    reduce,
    rev,
    sum_,
    t,
    to_scalar,
    trace,
    unary,
)

X, Y, Z, A, B, C = Mat("X"), Mat("Y"), Mat("Z"), Mat("A"), Mat("B"), Mat("C")
_CB = Op(mx.CbindOp, A, B).as_("C")
s, s1, s2, a, b = Num("s"), Num("s1"), Num("s2"), Num("a"), Num("b")
K = PropVar("kind")

# -- replacements written with code ------------------------------------------


def flatten_append(builder: Builder, bd: Bindings) -> SSAValue | None:
    """cbind(X, cbind(Y, Z)) -> cbind(X, Y, Z) when the inner one has no other use."""
    root = bd["root"]
    cls = type(root.owner)
    flat: list[SSAValue] = []
    changed = False
    for v in bd["xs"]:
        if isinstance(v.owner, cls) and len(list(v.uses)) == 1:
            flat.extend(v.owner.operands)
            changed = True
        else:
            flat.append(v)
    if not changed:
        return None
    return builder.insert(cls.build(operands=[flat], result_types=[root.type]))


def rand_scaled(how: str) -> Callable[[Builder, Bindings], SSAValue | None]:
    """rand(...) * c, + c, - c as one rand with scaled / shifted bounds (`how`)."""

    def build(builder: Builder, bd: Bindings) -> SSAValue | None:
        return _rand_scaled(builder, bd, how)

    build.__name__ = f"rand_{how}"
    return build


def _rand_scaled(builder: Builder, bd: Bindings, how: str) -> SSAValue | None:
    rand = bd["R"].owner
    assert isinstance(rand, mx.RandOp)
    c = constant_value(bd["c"])
    if c is None or not math.isfinite(c) or rand.pdf.data != "uniform" or rand.seed is None:
        return None  # an unseeded rand is not pure: it would stay and draw twice
    lo, hi = rand.min.value.data, rand.max.value.data
    if how == "mul":
        if c <= 0:
            return None  # min/max would swap: the same draws would give other values
        lo, hi = lo * c, hi * c
    else:
        if rand.sparsity.value.data != 1.0:
            return None  # shifting would move the zeros of a sparse rand
        lo, hi = (lo + c, hi + c) if how == "add" else (lo - c, hi - c)
    if not (math.isfinite(lo) and math.isfinite(hi)):
        return None  # rand(max=1e308)*2 would need max=inf
    props = dict(rand.properties)
    props["min"], props["max"] = FloatAttr(lo, f64), FloatAttr(hi, f64)
    # The dims stay; the nnz need not (rand(0, 0) + 2 has no zeros left): size-inference
    # re-derives it. Keeping the old type claimed nnz=0 for a matrix of 2.0s.
    old = mx.mat_type(rand.result)
    new = mx.RandOp.build(
        operands=list(rand.operands),
        result_types=[mx.MatrixType(old.rows, old.cols)],
        properties=props,
    )
    return builder.insert(new)


# -- replacements for table, remove_empty and order --------------------------------


def _i64(builder: Builder, n: int) -> SSAValue:
    return builder.insert(arith.ConstantOp(IntegerAttr(n, i64)))


def table_cells(builder: Builder, bd: Bindings) -> SSAValue | None:
    """sum(table(A, B)) with unit weights: one count per cell of A, as f64."""
    a = bd["A"]
    r = builder.insert(mx.NrowOp.build(operands=[a], result_types=[i64]))
    c = builder.insert(mx.NcolOp.build(operands=[a], result_types=[i64]))
    n = builder.insert(arith.MuliOp(r, c))
    return builder.insert(arith.SIToFPOp(n, f64))


def kept_of_select(builder: Builder, bd: Bindings) -> SSAValue:
    """nrow (ncol) of removeEmpty(X, select=s): the selected lines, or the one zero line
    that empty_return gives when none is (SystemDS's rewrite says 0 there, while its
    kernel returns that line)."""
    n = builder.insert(mx.NnzOp.build(operands=[bd["s"]], result_types=[i64]))
    if not mx.empty_return(bd["R"].owner):
        return n
    return builder.insert(arith.MaxSIOp(n, _i64(builder, 1)))


def kept_of_vector(builder: Builder, bd: Bindings) -> SSAValue | None:
    """nrow(removeEmpty(v, rows)) of a column vector: its non-zeros, or the one zero row."""
    if not mx.empty_return(bd["R"].owner):
        return None
    n = builder.insert(mx.NnzOp.build(operands=[bd["v"]], result_types=[i64]))
    return builder.insert(arith.MaxSIOp(n, _i64(builder, 1)))


def _seq_rows(builder: Builder, n: SSAValue, descending: bool) -> SSAValue:
    """seq(0, n-1) (or n-1 down to 0) as f64: the 0-based rows of an n-row input."""
    last = builder.insert(arith.SIToFPOp(builder.insert(arith.SubiOp(n, _i64(builder, 1))), f64))
    zero = builder.insert(arith.ConstantOp(FloatAttr(0.0, f64)))
    step = builder.insert(arith.ConstantOp(FloatAttr(-1.0 if descending else 1.0, f64)))
    args = [last, zero, step] if descending else [zero, last, step]
    return builder.insert(mx.SeqOp.build(operands=args, result_types=[mx.MatrixType(None, 1)]))


def order_of_sorted(builder: Builder, bd: Bindings) -> SSAValue | None:
    """order of an input already in order: a seq with a positive step (strictly
    increasing) or a fill (all rows equal, so the stable order keeps them)."""
    q, order = bd["Q"], bd["root"].owner
    is_fill = isinstance(q.owner, mx.FillOp)
    if not is_fill:
        step = constant_value(q.owner.step)
        if not isinstance(step, int | float) or not step > 0:
            return None
    descending = mx.order_decreasing(order) and not is_fill
    if not mx.order_index_return(order):
        return None if descending else q
    if is_fill:
        rows = constant_value(q.owner.rows)
        if not isinstance(rows, int) or rows < 1:
            return None  # seq(0, -1) would fail where order gives 0 rows
    n = builder.insert(mx.NrowOp.build(operands=[q], result_types=[i64]))
    return _seq_rows(builder, n, descending)


# -- the table ------------------------------------------------------------------

_CMP_NEGATION = {
    mx.LtOp: mx.GeOp, mx.LeOp: mx.GtOp, mx.GtOp: mx.LeOp,
    mx.GeOp: mx.LtOp, mx.EqOp: mx.NeOp, mx.NeOp: mx.EqOp,
}  # fmt: skip
_AGG_KINDS = ("sum", "mean", "min", "max", "sumsq")
_REV_AGG_KINDS = ("sum", "mean", "min", "max", "sumsq", "var", "sd")


_TABLE_DIMS: tuple[tuple[Var, ...], ...] = ((), (Var("d0"), Var("d1")))
"""table without and with output dims."""


def _fill(c: float, like: Var) -> Op:
    return Op(mx.FillOp, Lit(c), Op(mx.NrowOp, like), Op(mx.NcolOp, like))


STATIC_RULES: list[Rule] = [
    Rule("transpose-transpose", t(t(X)), X),
    Rule("neg-neg", unary(mx.NegOp, -X), X),
    Rule("mul-one", X * 1.0, X),
    Rule("div-one", X / 1.0, X),
    Rule("add-zero", X + 0.0, X),
    Rule("add-zero", X + -0.0, X),  # exact, signed zeros included (x + -0.0 is x)
    Rule("sub-zero", X - 0.0, X),
    Rule("mul-minus-one", X * -1.0, -X),
    *(
        Rule("fill-to-scalar", binary(cls, X, Op(mx.FillOp, s, Var("r"), Var("k")).as_("F")),
             binary(cls, X, s), when=same_shape("F", "X"))
        for cls in mx.BINARY_OPS
    ),
    *(
        Rule("fill-to-scalar", binary(cls, Op(mx.FillOp, s, Var("r"), Var("k")).as_("F"), X),
             binary(cls, s, X), when=same_shape("F", "X"))
        for cls in mx.BINARY_OPS
        if not is_commutative(cls)
    ),
    # A fill times or over a scalar is a fill of the product: the same operation per cell
    # (so exact, NaN and Inf included), without a matrix op; the teleport vector of
    # PageRank, (1 - alpha) * (e %*% u %*% p) with e a column of ones, then folds into a
    # scalar by fill-to-scalar.
    Rule("fill-scale", Op(mx.FillOp, Lit(1.0), Var("r"), Var("k")) * s,
         Op(mx.FillOp, s, Var("r"), Var("k"))),
    Rule("fill-scale", Op(mx.FillOp, a, Var("r"), Var("k")) * s,
         Op(mx.FillOp, Op(arith.MulfOp, a, s), Var("r"), Var("k"))),
    Rule("fill-scale", Op(mx.FillOp, a, Var("r"), Var("k")) / s,
         Op(mx.FillOp, Op(arith.DivfOp, a, s), Var("r"), Var("k"))),
    Rule("add-self", X + X, X * 2.0),
    Rule("mul-self", X * X, X**2.0),
    Rule("sign-from-compare", (X > 0.0) - (X < 0.0), unary(mx.SignOp, X), when=finite("X")),
    Rule("neg-sub", -(B - A).as_("d"), A - B, when=one_use("d")),
    # X finite: with X = Inf, Y = 0, X - Y*X is NaN but (1-Y)*X is Inf.
    Rule("distribute-sub", X - Y * X, (1.0 - Y) * X, when=finite("X")),
    Rule("distribute-sub", Y * X - X, (Y - 1.0) * X, when=finite("X")),
    Rule("distribute-add", X + Y * X, (1.0 + Y) * X, when=finite("X")),
    Rule("scalar-pm-fold", (a + X) + b, Op(arith.AddfOp, a, b) + X),
    Rule("scalar-pm-fold", (a - X) + b, Op(arith.AddfOp, a, b) - X),
    Rule("scalar-pm-fold", (a + X) - b, Op(arith.SubfOp, a, b) + X),
    Rule("scalar-pm-fold", (a - X) - b, Op(arith.SubfOp, a, b) - X),
    Rule("transpose-add-fold", t(A + s1) + s2, t(A) + Op(arith.AddfOp, s1, s2)),
    Rule("agg-of-transpose", reduce(K, "all", t(X)), reduce(K, "all", X),
         when=one_of("kind", *_AGG_KINDS)),
    *(
        Rule("rowsums-of-transpose", reduce(K, axis, t(X)), t(reduce(K, other, X)),
             when=one_of("kind", *_AGG_KINDS))
        for axis, other in (("row", "col"), ("col", "row"))
    ),
    Rule("agg-of-agg", sum_(reduce("sum", PropVar("ax"), X)), sum_(X),
         when=one_of("ax", "row", "col")),
    *(
        Rule("agg-of-agg", reduce(k, "all", reduce(k, PropVar("ax"), X)), reduce(k, "all", X),
             when=one_of("ax", "row", "col"))
        for k in ("min", "max")
    ),
    Rule("agg-of-agg", sum_(reduce("sumsq", PropVar("ax"), X)), reduce("sumsq", "all", X),
         when=one_of("ax", "row", "col")),
    Rule("sum-scalar-mult", sum_(s * X), Op(arith.MulfOp, s, sum_(X)),
         when=all_of(nonzero_const("s"), scaling_in_range("s", "X"))),
    *(
        Rule("sum-scalar-mult", reduce("sum", ax, s * X), s * reduce("sum", ax, X),
             when=all_of(nonzero_const("s"), scaling_in_range("s", "X")))
        for ax in ("row", "col")
    ),
    Rule("to-scalar-from-scalar", to_scalar(Op(mx.FromScalarOp, s)), s),  # a 1x1 round trip
    Rule("to-scalar-push", to_scalar(X * Y), Op(arith.MulfOp, to_scalar(X), to_scalar(Y)),
         when=all_of(is_1x1("X"), is_1x1("Y"))),
    *(
        Rule("to-scalar-push", to_scalar(binary(cls, X, s)), Op(acls, to_scalar(X), s),
             when=is_1x1("X"))
        for cls, acls in ((mx.AddOp, arith.AddfOp), (mx.SubOp, arith.SubfOp),
                          (mx.MulOp, arith.MulfOp), (mx.DivOp, arith.DivfOp))
    ),
    Rule("abs-pullup", unary(mx.AbsOp, X) * unary(mx.AbsOp, Y), unary(mx.AbsOp, X * Y)),
    *(
        Rule("unary-of-predicate", unary(u, X), X, when=is_boolean("X"))
        for u in (mx.AbsOp, mx.SignOp, mx.CeilOp, mx.FloorOp, mx.RoundOp, mx.RintOp)
    ),
    Rule("transpose-of-append", t(Op(mx.CbindOp, t(A), t(B))), Op(mx.RbindOp, A, B)),
    Rule("transpose-of-append", t(Op(mx.RbindOp, t(A), t(B))), Op(mx.CbindOp, A, B)),
    Rule("sigmoid-fusion", 1.0 / (1.0 + unary(mx.ExpOp, -X)), unary(mx.SigmoidOp, X)),
    Rule("trace-mm", trace(X @ Y), sum_(X * t(Y)), when=square_product("X", "Y")),
    Rule("trace-add", trace(A + B), Op(arith.AddfOp, trace(A), trace(B)),
         when=same_shape("A", "B")),
    Rule("trace-transpose", trace(t(A)), trace(A)),
    Rule("transpose-mm-chain", t(t(A) @ t(B) + C), B @ A + t(C)),
    *(
        Rule("compare-chain", binary(mx.EqOp, binary(cmp, A, B), Lit(1.0)), binary(cmp, A, B))
        for cmp in mx.COMPARISONS
    ),
    *(
        Rule("compare-chain", binary(mx.NeOp, binary(cmp, A, B), Lit(0.0)), binary(cmp, A, B))
        for cmp in mx.COMPARISONS
    ),
    *(
        Rule("compare-chain", binary(mx.EqOp, binary(cmp, A, B), Lit(0.0)),
             binary(_CMP_NEGATION[cmp], A, B), when=finite("A", "B"))
        for cmp in mx.COMPARISONS
    ),
    *(
        Rule("not-over-compare", unary(mx.NotOp, binary(cmp, Var("A"), Var("B"))),
             binary(_CMP_NEGATION[cmp], Var("A"), Var("B")), when=finite("A", "B"))
        for cmp in (mx.GtOp, mx.LtOp, mx.EqOp, mx.GeOp, mx.LeOp, mx.NeOp)
    ),
    Rule("and-not-self", binary(mx.AndOp, A, unary(mx.NotOp, A)), _fill(0.0, A),
         when=is_boolean("A")),
    Rule("and-not-self", binary(mx.OrOp, A, unary(mx.NotOp, A)), _fill(1.0, A),
         when=is_boolean("A")),
    *(
        Rule("nested-append", Op(cls, Rest("xs")), Native(flatten_append))
        for cls in (mx.CbindOp, mx.RbindOp)
    ),
    Rule("rand-scale", Op(mx.RandOp, Var("r"), Var("k")).as_("R") * Num("c"),
         Native(rand_scaled("mul")), when=one_use("R")),
    Rule("rand-scale", Op(mx.RandOp, Var("r"), Var("k")).as_("R") + Num("c"),
         Native(rand_scaled("add")), when=one_use("R")),
    Rule("rand-scale", Op(mx.RandOp, Var("r"), Var("k")).as_("R") - Num("c"),
         Native(rand_scaled("sub")), when=one_use("R")),
    # t([A, B]) %*% [A, B] and t([A, B]) %*% Y by blocks, when nothing else reads [A, B]:
    # the same dot products, without copying A into the appended matrix (the intercept
    # column of a regression's normal equations).
    Rule("tmm-of-cbind", t(_CB) @ Mat("C"),
         Op(mx.RbindOp, Op(mx.CbindOp, t(A) @ A, t(A) @ B),
            Op(mx.CbindOp, t(t(A) @ B), t(B) @ B)),
         when=read_only_by_tmm("C")),
    Rule("tmm-of-cbind", t(_CB) @ Y, Op(mx.RbindOp, t(A) @ Y, t(B) @ Y),
         when=read_only_by_tmm("C")),
    # -- rev, replace, is.nan (the DML frontend's ops) --------------------------------
    Rule("rev-rev", rev(rev(X)), X),
    # Full and column aggregates do not see the row order (reassociation, as
    # agg-of-transpose). Not prod: a reordered product under/overflows elsewhere.
    Rule("agg-of-rev", reduce(K, "all", rev(X)), reduce(K, "all", X),
         when=one_of("kind", *_REV_AGG_KINDS)),
    Rule("agg-of-rev", reduce(K, "col", rev(X)), reduce(K, "col", X),
         when=one_of("kind", *_REV_AGG_KINDS)),
    # A row aggregate of reversed rows is the reversed row aggregates: exact, any kind.
    Rule("rowagg-of-rev", reduce(K, "row", rev(X)), rev(reduce(K, "row", X))),
    # s finite: where X != 0, X + 0*s is X (0 * Inf would be NaN).
    Rule("replace-zero", X + binary(mx.EqOp, X, Lit(0.0)) * s,
         Op(mx.ReplaceOp, X, Lit(0.0), s), when=finite("s")),
    Rule("replace-zero", X + binary(mx.EqOp, X, Lit(0.0)), Op(mx.ReplaceOp, X, Lit(0.0), Lit(1.0))),
    Rule("replace-same", Op(mx.ReplaceOp, X, Var("p"), Var("p")), X),
    Rule("replace-nan-free", Op(mx.ReplaceOp, X, Num("p"), Num("r")), X,
         when=all_of(is_nan_const("p"), nan_free("X"))),
    Rule("isnan-nan-free", unary(mx.IsNanOp, X), _fill(0.0, X), when=nan_free("X")),
    Rule("isinf-finite", unary(mx.IsInfOp, X), _fill(0.0, X), when=finite("X")),
    # -- table, remove_empty, order (RewriteAlgebraicSimplificationStatic #8, #9, #38,
    # #40, #43): the rows a removeEmpty drops are zeros, so sums do not see them.
    *(
        Rule("remove-empty-agg", reduce(K, "all", Op(mx.RemoveEmptyOp, X, props={"margin": m})),
             reduce(K, "all", X), when=one_of("kind", "sum", "sumsq"))
        for m in mx.REMOVE_EMPTY_MARGINS
    ),
    Rule("remove-empty-agg", reduce(K, "col", Op(mx.RemoveEmptyOp, X, props={"margin": "rows"})),
         reduce(K, "col", X), when=one_of("kind", "sum", "sumsq")),
    Rule("remove-empty-agg", reduce(K, "row", Op(mx.RemoveEmptyOp, X, props={"margin": "cols"})),
         reduce(K, "row", X), when=one_of("kind", "sum", "sumsq")),
    Rule("remove-empty-nrow", Op(mx.NrowOp, Op(mx.RemoveEmptyOp, X, Mat("s"),
                                               props={"margin": "rows"}).as_("R")),
         Native(kept_of_select)),
    Rule("remove-empty-nrow", Op(mx.NcolOp, Op(mx.RemoveEmptyOp, X, Mat("s"),
                                               props={"margin": "cols"}).as_("R")),
         Native(kept_of_select)),
    Rule("remove-empty-nrow",
         Op(mx.NrowOp, Op(mx.RemoveEmptyOp, Mat("v"), props={"margin": "rows"}).as_("R")),
         Native(kept_of_vector), when=is_col_vector("v")),
    Rule("table-sum", sum_(Op(mx.TableOp, A, Var("B"), Lit(1.0))), Native(table_cells)),
    *(
        Rule("table-const-inputs",
             Op(mx.TableOp, A, Op(mx.FillOp, Num("c"), Var("r"), Var("k")).as_("F"), Var("W"),
                *dims),
             Op(mx.TableOp, A, Num("c"), Var("W"), *dims), when=same_shape("F", "A"))
        for dims in _TABLE_DIMS
    ),
    *(
        Rule("table-const-inputs",
             Op(mx.TableOp, A, Var("B"), Op(mx.FillOp, Num("w"), Var("r"), Var("k")).as_("F"),
                *dims),
             Op(mx.TableOp, A, Var("B"), Num("w"), *dims), when=same_shape("F", "A"))
        for dims in _TABLE_DIMS
    ),
    # a %*% matrix(1, 1, k) repeats the column a k times (one exact product a[i] * 1 per
    # cell), so an element-wise op of it with a 1 x k row is outer(a, row, op): the n x k
    # product is never formed (k-means' one-hot matrix, SystemDS's outer-product idiom).
    *(
        Rule("outer-of-ones",
             binary(cls, Op(mx.MatmulOp, Mat("a"), Op(mx.FillOp, Lit(1.0), Var("r"), Var("k"))
                            .as_("F")), Mat("R")),
             Op(mx.OuterOp, Mat("a"), Mat("R"), props={"op": name}),
             when=all_of(is_col_vector("a"), rows_are("F", 1), is_row_vector("R"),
                         same_known_cols("F", "R")))
        for name, cls in mx.OUTER_OPS.items()
    ),
    Rule("order-sorted", Op(mx.OrderOp, Op(mx.SeqOp, Num("a"), Num("z"), Num("st")).as_("Q"),
                            Var("by")), Native(order_of_sorted)),
    Rule("order-sorted", Op(mx.OrderOp, Op(mx.FillOp, Num("c"), Var("r"), Var("k")).as_("Q"),
                            Var("by")), Native(order_of_sorted)),
]  # fmt: skip

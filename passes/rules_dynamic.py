"""Dynamic (size-dependent) ML simplifications: one rule per row (REWRITES.md).

Conditions read the exact facts in types (dims, nnz); "empty" means nnz = 0.
Rules that would turn an Inf of the other operand into a different result
(0 * Inf is NaN) ask `finite(...)` of it, as the static table does.
"""

from __future__ import annotations

from xdsl.dialects import arith
from xdsl.dialects.builtin import FloatAttr, IntegerAttr, f64, i64
from xdsl.ir import SSAValue

from amls.dialects import matrix as mx
from amls.dialects.traits import constant_value, is_commutative
from amls.passes.rewrite_engine import (
    Bindings,
    Builder,
    Cond,
    Custom,
    Lit,
    Mat,
    Num,
    Op,
    PropVar,
    Rule,
    Var,
    all_of,
    binary,
    from_scalar,
    is_1x1,
    is_col_vector,
    is_empty,
    is_row_vector,
    one_use,
    reduce,
    result_type,
    same_shape,
    shape,
    sum_,
    t,
    to_scalar,
    trace,
)
from amls.passes.rules_static import finite

X, Y, A, B, C = Mat("X"), Mat("Y"), Mat("A"), Mat("B"), Mat("C")
v, v1, v2, u = Mat("v"), Mat("v1"), Mat("v2"), Mat("u")
K = PropVar("kind")

# -- conditions -----------------------------------------------------------------


def dims(name: str) -> Cond:
    return lambda b: (s := shape(b[name])) is not None and None not in s


def rows_are(name: str, n: int) -> Cond:
    return lambda b: (s := shape(b[name])) is not None and s[0] == n


def cols_are(name: str, n: int) -> Cond:
    return lambda b: (s := shape(b[name])) is not None and s[1] == n


def non_empty_cells(name: str) -> Cond:
    return lambda b: (s := shape(b[name])) is not None and None not in s and s[0] * s[1] > 0


def no_inner_dim(name: str) -> Cond:
    """The left factor of a matmul has 0 columns (known)."""
    return lambda b: (s := shape(b[name])) is not None and s[1] == 0


def const_is(name: str, value: int) -> Cond:
    return lambda b: constant_value(b[name]) == value


def root_dims(b: Bindings) -> bool:
    r = b["root"]
    return isinstance(r.type, mx.MatrixType) and None not in r.type.shape


def either(*conds: Cond) -> Cond:
    return lambda b: any(c(b) for c in conds)


def square(name: str) -> Cond:
    return lambda b: (s := shape(b[name])) is not None and s[0] is not None and s[0] == s[1]


# -- replacements with code -------------------------------------------------------


def _int_const(builder: Builder, n: int) -> SSAValue:
    return builder.insert(arith.ConstantOp(IntegerAttr(n, i64)))


def zeros_of_root(builder: Builder, b: Bindings) -> SSAValue | None:
    """fill(0, rows, cols) with the literal dims of the replaced value."""
    t_ = b["root"].type
    if not isinstance(t_, mx.MatrixType) or None in t_.shape:
        return None
    zero = builder.insert(arith.ConstantOp(FloatAttr(0.0, f64)))
    r, c = _int_const(builder, t_.rows), _int_const(builder, t_.cols)  # type: ignore[arg-type]
    return builder.insert(
        mx.FillOp.build(operands=[zero, r, c], result_types=[mx.MatrixType(t_.rows, t_.cols, 0)])
    )


def zero_scalar(builder: Builder, b: Bindings) -> SSAValue:
    return builder.insert(arith.ConstantOp(FloatAttr(0.0, f64)))


def meta_literal(kind: str):  # noqa: ANN201
    def build(builder: Builder, b: Bindings) -> SSAValue | None:
        t_ = b["X"].type
        n = {"nrow": t_.rows, "ncol": t_.cols, "nnz": t_.nnz}[kind]
        return None if n is None else _int_const(builder, n)

    return build


def sum_fill(builder: Builder, b: Bindings) -> SSAValue | None:
    t_ = b["root_fill"].type
    if None in t_.shape:
        return None
    cells = builder.insert(arith.ConstantOp(FloatAttr(float(t_.rows * t_.cols), f64)))
    return builder.insert(arith.MulfOp(b["a"], cells))


def nnz_literal(builder: Builder, b: Bindings) -> SSAValue | None:
    n = b["X"].type.nnz
    if n is None:
        return None
    return builder.insert(arith.ConstantOp(FloatAttr(float(n), f64)))


def select_known(builder: Builder, b: Bindings) -> SSAValue | None:
    c, on_t, on_f, root = b["c"], b["T"], b["F"], b["root"]
    pick = None
    if on_t is on_f:
        pick = on_t
    elif c.type.nnz is not None and c.type.cells is not None:
        if c.type.nnz == c.type.cells:
            pick = on_t
        elif c.type.nnz == 0:
            pick = on_f
    if pick is None or not isinstance(pick.type, mx.MatrixType):
        return None
    if pick.type.shape != root.type.shape or None in pick.type.shape:
        return None
    return pick


def sliced_mm(builder: Builder, b: Bindings) -> SSAValue | None:
    """(X %*% Y)[r0:r1, c0:c1] -> X[r0:r1, 0:k] %*% Y[0:k, c0:c1], k = ncol(X).

    A slice that would cover its operand (all rows of X, all columns of Y) is left out.
    """
    x, y, root = b["X"], b["Y"], b["root"]
    r0, r1, c0, c1 = b["r0"], b["r1"], b["c0"], b["c1"]
    k = x.type.cols if x.type.cols is not None else y.type.rows
    zero = _int_const(builder, 0)
    if k is not None:
        k_v = _int_const(builder, k)
    else:
        k_v = builder.insert(
            mx.NcolOp.build(operands=[x], result_types=[result_type(mx.NcolOp, [x], {})])
        )

    def covers(lo: SSAValue, hi: SSAValue, n: int | None) -> bool:
        return n is not None and constant_value(lo) == 0 and constant_value(hi) == n

    def piece(v: SSAValue, bounds: list[SSAValue], rows: int | None, cols: int | None) -> SSAValue:
        t_ = mx.MatrixType(rows, cols)
        return builder.insert(mx.SliceOp.build(operands=[v, *bounds], result_types=[t_]))

    rows, cols = root.type.shape
    xs = x if covers(r0, r1, x.type.rows) else piece(x, [r0, r1, zero, k_v], rows, k)
    ys = y if covers(c0, c1, y.type.cols) else piece(y, [zero, k_v, c0, c1], k, cols)
    rt = result_type(mx.MatmulOp, [xs, ys], {})
    return builder.insert(mx.MatmulOp.build(operands=[xs, ys], result_types=[rt]))


def smaller_than(part: str, whole: str) -> Cond:
    """`part` has known dims and fewer cells than `whole` (known dims too)."""

    def cond(b: Bindings) -> bool:
        p, w = _cells(b[part]), _cells(b[whole])
        return p is not None and w is not None and p < w

    return cond


def mean_from_sum(axis: str, count: str):  # noqa: ANN201
    """colSums(X)/nrow(X) -> colMeans(X): the divisor must be X's row count."""

    def cond(b: Bindings) -> bool:
        n = b["n"]
        owner = n.owner
        meta = mx.NrowOp if count == "rows" else mx.NcolOp
        if isinstance(owner, arith.SIToFPOp):
            src = owner.input.owner
            if isinstance(src, meta) and src.input is b["X"]:
                return True  # divides by nrow(X) itself: any size
            n = owner.input
        want = shape(b["X"])
        expected = None if want is None else want[0] if count == "rows" else want[1]
        c = constant_value(n)
        return expected is not None and c is not None and float(c) == float(expected)

    return cond


# -- the table ---------------------------------------------------------------------

_COL_AGGS = ("sum", "mean", "min", "max")
_ALL_AGGS = ("sum", "mean", "min", "max", "sumsq")

DYNAMIC_RULES: list[Rule] = [
    Rule("nrow-ncol-literal", Op(mx.NrowOp, Var("X")), Custom(meta_literal("nrow"))),
    Rule("nrow-ncol-literal", Op(mx.NcolOp, Var("X")), Custom(meta_literal("ncol"))),
    Rule("nrow-ncol-literal", Op(mx.NnzOp, Var("X")), Custom(meta_literal("nnz"))),
    Rule("unnecessary-slice", Op(mx.SliceOp, X, Var("r0"), Var("r1"), Var("c0"), Var("c1")), X,
         when=lambda b: dims("X")(b) and constant_value(b["r0"]) == 0
         and constant_value(b["c0"]) == 0 and constant_value(b["r1"]) == b["X"].type.rows
         and constant_value(b["c1"]) == b["X"].type.cols),
    Rule("unnecessary-update", Op(mx.UpdateOp, X, Y, Var("r0"), Var("c0")), Y,
         when=all_of(same_shape("X", "Y"), const_is("r0", 0), const_is("c0", 0))),
    Rule("empty-slice", Op(mx.SliceOp, X, Var("r0"), Var("r1"), Var("c0"), Var("c1")).as_("root"),
         Custom(zeros_of_root), when=is_empty("X")),
    Rule("sliced-mm",
         Op(mx.SliceOp, (X @ Y).as_("P"), Var("r0"), Var("r1"), Var("c0"), Var("c1")).as_("root"),
         Custom(sliced_mm), when=all_of(one_use("P"), smaller_than("root", "P"))),
    Rule("empty-update", Op(mx.UpdateOp, X, Y, Var("r0"), Var("c0")).as_("root"),
         Custom(zeros_of_root), when=all_of(is_empty("X"), is_empty("Y"))),
    Rule("reshape-same", Op(mx.ReshapeOp, X, Var("r"), Var("c")).as_("root"), X,
         when=lambda b: dims("X")(b) and b["root"].type.shape == b["X"].type.shape),
    *(Rule("reorg-1x1", Op(cls, X), X, when=is_1x1("X"))
      for cls in (mx.TransposeOp, mx.DiagOp)),
    Rule("reorg-1x1", Op(mx.ReshapeOp, X, Var("r"), Var("c")).as_("root"), X,
         when=all_of(is_1x1("X"), is_1x1("root"))),
    *(Rule("colagg-single-row", reduce(k, "col", X), X, when=rows_are("X", 1)) for k in _COL_AGGS),
    *(Rule("colagg-single-col", reduce(k, "col", X), from_scalar(reduce(k, "all", X)),
           when=all_of(cols_are("X", 1), non_empty_cells("X"))) for k in _ALL_AGGS),
    *(Rule("rowagg-single-col", reduce(k, "row", X), X, when=cols_are("X", 1)) for k in _COL_AGGS),
    *(Rule("rowagg-single-row", reduce(k, "row", X), from_scalar(reduce(k, "all", X)),
           when=all_of(rows_are("X", 1), non_empty_cells("X"))) for k in _ALL_AGGS),
    Rule("mean-from-sum", reduce("sum", "col", X).as_("S") / Num("n"), reduce("mean", "col", X),
         when=all_of(one_use("S"), mean_from_sum("col", "rows"))),
    Rule("mean-from-sum", reduce("sum", "row", X).as_("S") / Num("n"), reduce("mean", "row", X),
         when=all_of(one_use("S"), mean_from_sum("row", "cols"))),
    Rule("colsums-mv", reduce("sum", "col", X * v), t(v) @ X,
         when=lambda b: is_col_vector("v")(b) and shape(b["X"]) is not None
         and shape(b["X"])[0] == shape(b["v"])[0] and shape(b["X"])[1] != 1),  # type: ignore[index]
    Rule("rowsums-mv", reduce("sum", "row", X * u), X @ t(u),
         when=lambda b: is_row_vector("u")(b) and shape(b["X"]) is not None
         and shape(b["X"])[1] == shape(b["u"])[1] and shape(b["X"])[0] != 1),  # type: ignore[index]
    *(Rule("agg-1x1", reduce(k, "all", X), to_scalar(X), when=is_1x1("X"))
      for k in ("sum", "min", "max", "mean")),
    Rule("agg-1x1", trace(X), to_scalar(X), when=is_1x1("X")),
    *(Rule("empty-agg", reduce(k, "all", X), Custom(zero_scalar),
           when=all_of(is_empty("X"), non_empty_cells("X")))
      for k in ("sum", "sumsq", "min", "max")),
    Rule("empty-agg", trace(X), Custom(zero_scalar), when=is_empty("X")),
    *(Rule("empty-agg", reduce(k, ax, X).as_("root"), Custom(zeros_of_root),
           when=all_of(is_empty("X"), non_empty_cells("X")))
      for k in ("sum", "sumsq", "min", "max") for ax in ("row", "col")),
    *(Rule("empty-unary", Op(cls, X).as_("root"), Custom(zeros_of_root), when=is_empty("X"))
      for cls in (mx.AbsOp, mx.SqrtOp, mx.RoundOp, mx.FloorOp, mx.CeilOp, mx.SignOp, mx.NegOp)),
    *(Rule("empty-reorg", Op(cls, X).as_("root"), Custom(zeros_of_root), when=is_empty("X"))
      for cls in (mx.TransposeOp, mx.DiagOp)),
    Rule("empty-reorg", Op(mx.ReshapeOp, X, Var("r"), Var("c")).as_("root"), Custom(zeros_of_root),
         when=is_empty("X")),
    # A 0-wide inner dim multiplies nothing: zeros even when the other factor is NaN.
    Rule("empty-mm", (X @ Y).as_("root"), Custom(zeros_of_root),
         when=either(all_of(is_empty("X"), finite("Y")), all_of(is_empty("Y"), finite("X")),
                     no_inner_dim("X"))),
    Rule("empty-binary", (X * Y).as_("root"), Custom(zeros_of_root),
         when=all_of(same_shape("X", "Y"), either(all_of(is_empty("X"), finite("Y")),
                                                  all_of(is_empty("Y"), finite("X"))))),
    Rule("empty-binary", X + Y, X, when=all_of(same_shape("X", "Y"), is_empty("Y"))),
    Rule("empty-binary", X - Y, X, when=all_of(same_shape("X", "Y"), is_empty("Y"))),
    Rule("empty-binary", X - Y, -Y, when=all_of(same_shape("X", "Y"), is_empty("X"))),
    Rule("identity-mm", X @ Op(mx.FillOp, Lit(1.0), Var("r"), Var("c")).as_("y"), X,
         when=is_1x1("y")),
    Rule("scalar-mm", X @ Var("y"), X * to_scalar(Var("y")),
         when=lambda b: is_1x1("y")(b) and shape(b["X"]) is not None and not is_1x1("X")(b)),
    Rule("scalar-mm", Var("y") @ X, to_scalar(Var("y")) * X,
         when=lambda b: is_1x1("y")(b) and shape(b["X"]) is not None and not is_1x1("X")(b)),
    Rule("diag-mm", Op(mx.DiagOp, v) @ Y, v * Y,
         when=all_of(is_col_vector("v"), finite("Y"))),
    Rule("diag-of-mm", Op(mx.DiagOp, X @ Y).as_("root"), reduce("sum", "row", X * t(Y)),
         when=lambda b: shape(b["root"]) is not None and shape(b["root"])[1] == 1  # type: ignore[index]
         and not is_1x1("root")(b)),
    # Finite only: Inf in A%*%B and -Inf in A%*%C add to NaN; A%*%(B+C) may be +-Inf.
    Rule("distributive-mm", (A @ B).as_("AB") + (A @ C).as_("AC"), A @ (B + C),
         when=all_of(same_shape("B", "C"), one_use("AB"), one_use("AC"),
                     finite("A", "B", "C"))),
    Rule("sum-diag", sum_(Op(mx.DiagOp, X)), trace(X),
         when=lambda b: square("X")(b) and shape(b["X"])[0] != 1),  # type: ignore[index]
    Rule("sum-fill", sum_(Op(mx.FillOp, Num("a"), Var("r"), Var("c")).as_("root_fill")),
         Custom(sum_fill), when=all_of(non_empty_cells("root_fill"), finite("a"))),
    Rule("diag-scalar", Op(mx.DiagOp, v) * Num("s"), Op(mx.DiagOp, v * Num("s")),
         when=all_of(is_col_vector("v"), finite("s"))),
    Rule("sum-add", sum_(A + B), Op(arith.AddfOp, sum_(A), sum_(B)), when=same_shape("A", "B")),
    Rule("sum-add", sum_(A - B), Op(arith.SubfOp, sum_(A), sum_(B)), when=same_shape("A", "B")),
    Rule("dot-product-sum", sum_(v ** 2.0), to_scalar(t(v) @ v), when=is_col_vector("v")),
    Rule("dot-product-sum", sum_(v1 * v2), to_scalar(t(v1) @ v2),
         when=all_of(is_col_vector("v1"), same_shape("v1", "v2"))),
    *(Rule("sum-squared", reduce("sum", ax, X ** 2.0), reduce("sumsq", ax, X))
      for ax in ("all", "row", "col")),
    Rule("minus-mm", (-X).as_("n") @ Y, -(X @ Y),
         when=lambda b: _cells(b["root_mm"]) is not None and _cells(b["n"]) is not None
         and _cells(b["root_mm"]) < _cells(b["n"])),
    Rule("minus-mm", X @ (-Y).as_("n"), -(X @ Y),
         when=lambda b: _cells(b["root_mm"]) is not None and _cells(b["n"]) is not None
         and _cells(b["root_mm"]) < _cells(b["n"])),
    # Finite only: an Inf meeting a zero is NaN in A%*%B but not in the sums.
    Rule("sum-mm", sum_(A @ B), sum_(t(reduce("sum", "col", A)) * reduce("sum", "row", B)),
         when=finite("A", "B")),
    Rule("sum-mm", reduce("sum", "col", A @ B), reduce("sum", "col", A) @ B,
         when=finite("A", "B")),
    Rule("sum-mm", reduce("sum", "row", A @ B), A @ reduce("sum", "row", B),
         when=finite("A", "B")),
    *(Rule("scalar-mv-binary", binary(cls, X, Mat("y")), binary(cls, X, to_scalar(Mat("y"))),
           when=lambda b: is_1x1("y")(b) and not is_1x1("X")(b) and shape(b["X"]) is not None)
      for cls in mx.BINARY_OPS),
    *(Rule("scalar-mv-binary", binary(cls, Mat("y"), X), binary(cls, to_scalar(Mat("y")), X),
           when=lambda b: is_1x1("y")(b) and not is_1x1("X")(b) and shape(b["X"]) is not None)
      for cls in mx.BINARY_OPS
      if not is_commutative(cls)),
    Rule("nnz-of-compare", sum_(binary(mx.NeOp, X, Lit(0.0))), Custom(nnz_literal)),
    Rule("select-constant", Op(mx.SelectOp, Mat("c"), Var("T"), Var("F")).as_("root"),
         Custom(select_known)),
]  # fmt: skip


def _cells(v: SSAValue) -> int | None:
    s = shape(v)
    return None if s is None or None in s else s[0] * s[1]  # type: ignore[operator]


# minus-mm compares the product's size with the negated input's: bind the root.
for _r in DYNAMIC_RULES:
    if _r.name == "minus-mm":
        _r.pattern.as_("root_mm")

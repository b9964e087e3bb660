"""Dynamic (size-dependent) ML simplifications: one rule per row (docs/rewrites.md).

Conditions read the exact facts in types (dims, nnz); "empty" means nnz = 0.
Rules that would turn an Inf of the other operand into a different result
(0 * Inf is NaN) ask `finite(...)` of it, as the static table does.
"""

from __future__ import annotations

from collections.abc import Callable

from xdsl.dialects import arith
from xdsl.dialects.builtin import FloatAttr, IntegerAttr, f64, i64
from xdsl.ir import SSAValue

from amls.dialects import matrix as mx
from amls.dialects.traits import constant_value, is_commutative
from amls.passes.rewrite.build import Builder, result_type
from amls.passes.rewrite.conditions import (
    Bindings,
    all_of,
    cols_are,
    conformable,
    const_is,
    either,
    finite,
    is_1x1,
    is_col_vector,
    is_count_of,
    is_empty,
    is_row_vector,
    no_inner_dim,
    non_empty_cells,
    not_,
    one_use,
    rows_are,
    rows_at_least,
    same_cols,
    same_rows,
    same_shape,
    smaller_than,
    square,
    whole_slice,
)
from amls.passes.rewrite.driver import Rule
from amls.passes.rewrite.pattern import (
    Lit,
    Mat,
    Native,
    Num,
    Op,
    PropVar,
    Var,
    binary,
    colSums,
    cumagg,
    from_scalar,
    reduce,
    rowSums,
    sum_,
    t,
    to_scalar,
    trace,
)

X, Y, A, B, C = Mat("X"), Mat("Y"), Mat("A"), Mat("B"), Mat("C")
v, v1, v2, u = Mat("v"), Mat("v1"), Mat("v2"), Mat("u")
K = PropVar("kind")
a = Num("a")

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


def meta_literal(kind: str) -> Callable[[Builder, Bindings], SSAValue | None]:
    """nrow/ncol/nnz(X) as the literal its type states."""

    def build(builder: Builder, b: Bindings) -> SSAValue | None:
        t_ = b["X"].type
        n = {"nrow": t_.rows, "ncol": t_.cols, "nnz": t_.nnz}[kind]
        return None if n is None else _int_const(builder, n)

    build.__name__ = f"{kind}_literal"
    return build


def sum_fill(builder: Builder, b: Bindings) -> SSAValue | None:
    t_ = b["F"].type
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
        k_v = builder.insert(mx.NcolOp.build(operands=[x], result_types=[i64]))

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


def reverse_row_numbers(builder: Builder, b: Bindings) -> SSAValue | None:
    """seq(n, 1, -1) for n = nrow(X) known: the weights of sum(cumsum(X))."""
    n = b["X"].type.rows
    if n is None or n < 1:
        return None
    ends = [builder.insert(arith.ConstantOp(FloatAttr(x, f64))) for x in (float(n), 1.0, -1.0)]
    return builder.insert(mx.SeqOp.build(operands=ends, result_types=[mx.MatrixType(n, 1, n)]))


# -- replacements for remove_empty and order ----------------------------------------


def _keeps_every_line(x: SSAValue, by_rows: bool, keep_one: bool) -> bool:
    """removeEmpty(x) without select is x itself: no line is empty (nnz = cells > 0), or
    x has one line, which stays or becomes the one zero line (`keep_one`)."""
    t_ = x.type
    if not isinstance(t_, mx.MatrixType):
        return False
    if t_.cells is not None and t_.cells > 0 and t_.nnz == t_.cells:
        return True
    return keep_one and (t_.rows if by_rows else t_.cols) == 1


def remove_empty_noop(builder: Builder, b: Bindings) -> SSAValue | None:
    op = b["root"].owner
    by_rows = op.margin.data == "rows"
    return b["X"] if _keeps_every_line(b["X"], by_rows, mx.empty_return(op)) else None


def remove_empty_of_empty(builder: Builder, b: Bindings) -> SSAValue | None:
    """removeEmpty(X) of an empty X: the one zero row (col) it keeps."""
    op, x = b["root"].owner, b["X"]
    if not mx.empty_return(op):
        return None
    t_ = x.type
    zero = builder.insert(arith.ConstantOp(FloatAttr(0.0, f64)))
    one = _int_const(builder, 1)
    if op.margin.data == "rows":
        n = t_.cols
        other = (
            _int_const(builder, n)
            if n is not None
            else builder.insert(mx.NcolOp.build(operands=[x], result_types=[i64]))
        )
        dims, rt = [one, other], mx.MatrixType(1, n, 0)
    else:
        n = t_.rows
        other = (
            _int_const(builder, n)
            if n is not None
            else builder.insert(mx.NrowOp.build(operands=[x], result_types=[i64]))
        )
        dims, rt = [other, one], mx.MatrixType(n, 1, 0)
    return builder.insert(mx.FillOp.build(operands=[zero, *dims], result_types=[rt]))


def _row_numbers(builder: Builder, n: int) -> SSAValue:
    """seq(0, n-1) as a column: the 0-based rows in their input order."""
    vals = [builder.insert(arith.ConstantOp(FloatAttr(v, f64))) for v in (0.0, n - 1.0, 1.0)]
    return builder.insert(mx.SeqOp.build(operands=vals, result_types=[mx.MatrixType(n, 1)]))


def order_of_empty(builder: Builder, b: Bindings) -> SSAValue | None:
    """order of an all-zero X: X's zeros, or the rows in input order (stable)."""
    op = b["root"].owner
    if not mx.order_index_return(op):
        return zeros_of_root(builder, b)
    n = b["X"].type.rows
    return _row_numbers(builder, n) if isinstance(n, int) and n > 0 else None


def order_of_one_row(builder: Builder, b: Bindings) -> SSAValue | None:
    if not mx.order_index_return(b["root"].owner):
        return b["X"]
    return _row_numbers(builder, 1)


# -- the table ---------------------------------------------------------------------

_COL_AGGS = ("sum", "mean", "min", "max")
_ALL_AGGS = ("sum", "mean", "min", "max", "sumsq")
_SLICE = Op(mx.SliceOp, X, Var("r0"), Var("r1"), Var("c0"), Var("c1"))
_UPDATE = Op(mx.UpdateOp, X, Y, Var("r0"), Var("c0"))
_RESHAPE = Op(mx.ReshapeOp, X, Var("r"), Var("c"))
_NOT_SCALAR_MAT = not_(is_1x1("X"))

DYNAMIC_RULES: list[Rule] = [
    Rule("nrow-ncol-literal", Op(mx.NrowOp, Var("X")), Native(meta_literal("nrow"))),
    Rule("nrow-ncol-literal", Op(mx.NcolOp, Var("X")), Native(meta_literal("ncol"))),
    Rule("nrow-ncol-literal", Op(mx.NnzOp, Var("X")), Native(meta_literal("nnz"))),
    Rule("unnecessary-slice", _SLICE, X, when=whole_slice("X", "r0", "r1", "c0", "c1")),
    Rule("unnecessary-update", _UPDATE, Y,
         when=all_of(same_shape("X", "Y"), const_is("r0", 0), const_is("c0", 0))),
    Rule("empty-slice", _SLICE, Native(zeros_of_root), when=is_empty("X")),
    Rule("sliced-mm", Op(mx.SliceOp, (X @ Y).as_("P"), Var("r0"), Var("r1"), Var("c0"), Var("c1")),
         Native(sliced_mm), when=all_of(one_use("P"), smaller_than("root", "P"))),
    Rule("empty-update", _UPDATE, Native(zeros_of_root),
         when=all_of(is_empty("X"), is_empty("Y"))),
    Rule("reshape-same", _RESHAPE, X, when=same_shape("X", "root")),
    *(Rule("reorg-1x1", Op(cls, X), X, when=is_1x1("X"))
      for cls in (mx.TransposeOp, mx.DiagOp)),
    Rule("reorg-1x1", _RESHAPE, X, when=all_of(is_1x1("X"), is_1x1("root"))),
    *(Rule("colagg-single-row", reduce(k, "col", X), X, when=rows_are("X", 1)) for k in _COL_AGGS),
    *(Rule("colagg-single-col", reduce(k, "col", X), from_scalar(reduce(k, "all", X)),
           when=all_of(cols_are("X", 1), non_empty_cells("X"))) for k in _ALL_AGGS),
    *(Rule("rowagg-single-col", reduce(k, "row", X), X, when=cols_are("X", 1)) for k in _COL_AGGS),
    *(Rule("rowagg-single-row", reduce(k, "row", X), from_scalar(reduce(k, "all", X)),
           when=all_of(rows_are("X", 1), non_empty_cells("X"))) for k in _ALL_AGGS),
    Rule("mean-from-sum", colSums(X).as_("S") / Num("n"), reduce("mean", "col", X),
         when=all_of(one_use("S"), is_count_of("n", "X", "rows"))),
    Rule("mean-from-sum", rowSums(X).as_("S") / Num("n"), reduce("mean", "row", X),
         when=all_of(one_use("S"), is_count_of("n", "X", "cols"))),
    Rule("colsums-mv", colSums(X * v), t(v) @ X,
         when=all_of(is_col_vector("v"), same_rows("X", "v"), not_(cols_are("X", 1)))),
    Rule("rowsums-mv", rowSums(X * u), X @ t(u),
         when=all_of(is_row_vector("u"), same_cols("X", "u"), not_(rows_are("X", 1)))),
    *(Rule("agg-1x1", reduce(k, "all", X), to_scalar(X), when=is_1x1("X"))
      for k in ("sum", "min", "max", "mean")),
    Rule("agg-1x1", trace(X), to_scalar(X), when=is_1x1("X")),
    *(Rule("empty-agg", reduce(k, "all", X), Native(zero_scalar),
           when=all_of(is_empty("X"), non_empty_cells("X")))
      for k in ("sum", "sumsq", "min", "max")),
    Rule("empty-agg", trace(X), Native(zero_scalar), when=is_empty("X")),
    *(Rule("empty-agg", reduce(k, ax, X), Native(zeros_of_root),
           when=all_of(is_empty("X"), non_empty_cells("X")))
      for k in ("sum", "sumsq", "min", "max") for ax in ("row", "col")),
    *(Rule("empty-unary", Op(cls, X), Native(zeros_of_root), when=is_empty("X"))
      for cls in (mx.AbsOp, mx.SqrtOp, mx.RoundOp, mx.RintOp, mx.FloorOp, mx.CeilOp, mx.SignOp,
                  mx.NegOp)),
    *(Rule("empty-reorg", Op(cls, X), Native(zeros_of_root), when=is_empty("X"))
      for cls in (mx.TransposeOp, mx.DiagOp)),
    Rule("empty-reorg", _RESHAPE, Native(zeros_of_root), when=is_empty("X")),
    # A 0-wide inner dim multiplies nothing: zeros even when the other factor is NaN.
    Rule("empty-mm", X @ Y, Native(zeros_of_root),
         when=all_of(conformable("root"),
                     either(all_of(is_empty("X"), finite("Y")), all_of(is_empty("Y"), finite("X")),
                            no_inner_dim("X")))),
    Rule("empty-binary", X * Y, Native(zeros_of_root),
         when=all_of(same_shape("X", "Y"), either(all_of(is_empty("X"), finite("Y")),
                                                  all_of(is_empty("Y"), finite("X"))))),
    Rule("empty-binary", X + Y, X, when=all_of(same_shape("X", "Y"), is_empty("Y"))),
    Rule("empty-binary", X - Y, X, when=all_of(same_shape("X", "Y"), is_empty("Y"))),
    Rule("empty-binary", X - Y, -Y, when=all_of(same_shape("X", "Y"), is_empty("X"))),
    Rule("identity-mm", X @ Op(mx.FillOp, Lit(1.0), Var("r"), Var("c")).as_("y"), X,
         when=all_of(is_1x1("y"), conformable("root"))),
    # A row of one value times Y is that value times Y's column sums (and Y times such a
    # column its row sums): PageRank's teleport u %*% p with u = matrix(1/n, 1, n). The
    # factor leaves the sum (distribution, docs/numerics.md); a finite one keeps Inf/NaN.
    Rule("fill-mm", Op(mx.FillOp, a, Var("r"), Var("k")).as_("F") @ Y, a * colSums(Y),
         when=all_of(rows_are("F", 1), not_(is_1x1("F")), finite("a"), conformable("root"))),
    Rule("fill-mm", X @ Op(mx.FillOp, a, Var("r"), Var("k")).as_("F"), a * rowSums(X),
         when=all_of(cols_are("F", 1), not_(is_1x1("F")), finite("a"), conformable("root"))),
    Rule("scalar-mm", X @ Var("y"), X * to_scalar(Var("y")),
         when=all_of(is_1x1("y"), _NOT_SCALAR_MAT, conformable("root"))),
    Rule("scalar-mm", Var("y") @ X, to_scalar(Var("y")) * X,
         when=all_of(is_1x1("y"), _NOT_SCALAR_MAT, conformable("root"))),
    Rule("diag-mm", Op(mx.DiagOp, v) @ Y, v * Y,
         when=all_of(is_col_vector("v"), finite("Y"))),
    Rule("diag-of-mm", Op(mx.DiagOp, (X @ Y).as_("P")), rowSums(X * t(Y)),
         when=all_of(cols_are("root", 1), not_(is_1x1("root")), conformable("P"))),
    # Finite only: Inf in A%*%B and -Inf in A%*%C add to NaN; A%*%(B+C) may be +-Inf.
    Rule("distributive-mm", (A @ B).as_("AB") + (A @ C).as_("AC"), A @ (B + C),
         when=all_of(same_shape("B", "C"), one_use("AB"), one_use("AC"),
                     finite("A", "B", "C"))),
    Rule("sum-diag", sum_(Op(mx.DiagOp, X)), trace(X),
         when=all_of(square("X"), not_(rows_are("X", 1)))),
    Rule("sum-fill", sum_(Op(mx.FillOp, Num("a"), Var("r"), Var("c")).as_("F")),
         Native(sum_fill), when=all_of(non_empty_cells("F"), finite("a"))),
    Rule("diag-scalar", Op(mx.DiagOp, v) * Num("s"), Op(mx.DiagOp, v * Num("s")),
         when=all_of(is_col_vector("v"), finite("s"))),
    Rule("sum-add", sum_(A + B), Op(arith.AddfOp, sum_(A), sum_(B)), when=same_shape("A", "B")),
    Rule("sum-add", sum_(A - B), Op(arith.SubfOp, sum_(A), sum_(B)), when=same_shape("A", "B")),
    Rule("dot-product-sum", sum_(v ** 2.0), to_scalar(t(v) @ v), when=is_col_vector("v")),
    Rule("dot-product-sum", sum_(v1 * v2), to_scalar(t(v1) @ v2),
         when=all_of(is_col_vector("v1"), same_shape("v1", "v2"))),
    *(Rule("sum-squared", reduce("sum", ax, X ** 2.0), reduce("sumsq", ax, X))
      for ax in ("all", "row", "col")),
    Rule("minus-mm", (-X).as_("n") @ Y, -(X @ Y), when=smaller_than("root", "n")),
    Rule("minus-mm", X @ (-Y).as_("n"), -(X @ Y), when=smaller_than("root", "n")),
    # Finite only: an Inf meeting a zero is NaN in A%*%B but not in the sums.
    Rule("sum-mm", sum_((A @ B).as_("P")), sum_(t(colSums(A)) * rowSums(B)),
         when=all_of(finite("A", "B", "root"), conformable("P"))),
    Rule("sum-mm", colSums(A @ B), colSums(A) @ B, when=finite("A", "B", "root")),
    Rule("sum-mm", rowSums(A @ B), A @ rowSums(B), when=finite("A", "B", "root")),
    *(Rule("scalar-mv-binary", binary(cls, X, Mat("y")), binary(cls, X, to_scalar(Mat("y"))),
           when=all_of(is_1x1("y"), _NOT_SCALAR_MAT))
      for cls in mx.BINARY_OPS),
    *(Rule("scalar-mv-binary", binary(cls, Mat("y"), X), binary(cls, to_scalar(Mat("y")), X),
           when=all_of(is_1x1("y"), _NOT_SCALAR_MAT))
      for cls in mx.BINARY_OPS if not is_commutative(cls)),
    Rule("nnz-of-compare", sum_(binary(mx.NeOp, X, Lit(0.0))), Native(nnz_literal)),
    Rule("select-constant", Op(mx.SelectOp, Mat("c"), Var("T"), Var("F")), Native(select_known)),
    # -- cumulative aggregates, rev and the element-wise ops of the DML frontend --------
    Rule("cumagg-single-row", cumagg(K, X), X, when=rows_are("X", 1)),
    # sum(cumsum(X)) weighs row i by the n-i partial sums holding it. finite(root): no
    # partial sum overflows, so the reassociation changes only rounding.
    *(Rule("sum-of-cumsum", reduce("sum", ax, cumagg("sum", X)),
           reduce("sum", ax, X * Native(reverse_row_numbers)),
           when=all_of(rows_at_least("X", 2), finite("root")))
      for ax in ("all", "col")),
    *(Rule("empty-unary", Op(cls, X), Native(zeros_of_root), when=is_empty("X"))
      for cls in (mx.SinOp, mx.TanOp, mx.IsNanOp, mx.AsinOp, mx.AtanOp, mx.SinhOp, mx.TanhOp,
                  mx.IsInfOp)),
    Rule("empty-reorg", Op(mx.RevOp, X), Native(zeros_of_root), when=is_empty("X")),
    Rule("empty-cumagg", cumagg(K, X), Native(zeros_of_root), when=is_empty("X")),
    # -- remove_empty and order (RewriteAlgebraicSimplificationDynamic #22; removeEmpty
    # of a matrix without empty lines, as SystemDS's size-based removeEmpty pruning)
    *(Rule("remove-empty-unnecessary", Op(mx.RemoveEmptyOp, X, props={"margin": m}),
           Native(remove_empty_noop)) for m in mx.REMOVE_EMPTY_MARGINS),
    *(Rule("empty-remove-empty", Op(mx.RemoveEmptyOp, X, props={"margin": m}),
           Native(remove_empty_of_empty), when=is_empty("X")) for m in mx.REMOVE_EMPTY_MARGINS),
    Rule("empty-order", Op(mx.OrderOp, X, Var("by")), Native(order_of_empty),
         when=is_empty("X")),
    Rule("order-single-row", Op(mx.OrderOp, X, Var("by")), Native(order_of_one_row),
         when=rows_are("X", 1)),
]  # fmt: skip

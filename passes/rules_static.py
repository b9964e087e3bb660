"""Static (size-independent) ML simplifications: one rule per row (REWRITES.md).

Read a row as `name: pattern -> replacement [when condition]`. Conditions
guard soundness where NaN/Inf would otherwise change results (REWRITES.md:
"soundness comes first"): rules that are exact only on NaN-free or 0/1 data
ask `finite` / `predicate`, which hold for values built by ops that cannot
produce NaN or Inf (comparisons, rand, finite fills, ...). Rules need not keep
the sign of a zero (README "Numerics"): -0.0 == 0.0, as under LLVM's `nsz`.
"""

from __future__ import annotations

import math

from xdsl.dialects import arith
from xdsl.dialects.builtin import FloatAttr, f64
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
    Rest,
    Rule,
    Var,
    all_of,
    binary,
    is_1x1,
    one_use,
    reduce,
    same_shape,
    shape,
    sum_,
    t,
    to_scalar,
    trace,
    unary,
)

X, Y, Z, A, B, C = Mat("X"), Mat("Y"), Mat("Z"), Mat("A"), Mat("B"), Mat("C")
s, s1, s2, a, b = Num("s"), Num("s1"), Num("s2"), Num("a"), Num("b")
K = PropVar("kind")

# -- conditions ---------------------------------------------------------------

_PREDICATE_OPS = (*mx.COMPARISONS, mx.AndOp, mx.OrOp, mx.NotOp)


def _predicate(v: SSAValue) -> bool:
    """v holds only 0/1 (a comparison or logic result)."""
    return isinstance(v.owner, _PREDICATE_OPS)


def _finite(v: SSAValue) -> bool:
    """v provably holds no NaN or Inf (a conservative, local check of its producer)."""
    op = v.owner
    if isinstance(op, (*_PREDICATE_OPS, mx.RandOp, mx.SeqOp)):
        return True
    if isinstance(op, mx.FillOp):
        c = constant_value(op.value)
        return c is not None and math.isfinite(c)
    if isinstance(op, mx.ConstantOp):
        return all(math.isfinite(x) for x in op.value.get_values())
    if isinstance(op, arith.ConstantOp):
        c = constant_value(v)
        return c is not None and math.isfinite(c)
    if isinstance(op, mx.NegOp | mx.AbsOp | mx.SignOp | mx.TransposeOp | mx.CastOp):
        return _finite(op.operands[0])
    return False


def predicate(name: str) -> Cond:
    return lambda bd: _predicate(bd[name])


def finite(*names: str) -> Cond:
    return lambda bd: all(_finite(bd[n]) for n in names)


def finite_const(name: str) -> Cond:
    def cond(bd: Bindings) -> bool:
        c = constant_value(bd[name])
        return c is not None and math.isfinite(c)

    return cond


def nonzero_const(name: str) -> Cond:
    """A finite non-zero constant (0 * sum(X) is NaN where sum(X) overflows; sum(0*X) is 0)."""

    def cond(bd: Bindings) -> bool:
        c = constant_value(bd[name])
        return c is not None and math.isfinite(c) and c != 0

    return cond


def square_product(x: str, y: str) -> Cond:
    """X %*% Y known square: the rewrite must not hide trace's shape error."""

    def cond(bd: Bindings) -> bool:
        sx, sy = shape(bd[x]), shape(bd[y])
        return sx is not None and sy is not None and None not in (*sx, *sy) and sx == sy[::-1]

    return cond


def fill_has_shape_of(fill: str, x: str) -> Cond:
    return same_shape(fill, x)


# -- replacements written with code ------------------------------------------


def _flatten_append(builder: Builder, bd: Bindings) -> SSAValue | None:
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


# -- the table ------------------------------------------------------------------

_CMP_NEGATION = {
    mx.LtOp: mx.GeOp, mx.LeOp: mx.GtOp, mx.GtOp: mx.LeOp,
    mx.GeOp: mx.LtOp, mx.EqOp: mx.NeOp, mx.NeOp: mx.EqOp,
}  # fmt: skip
_AGG_KINDS = ("sum", "mean", "min", "max", "sumsq")


def _fill(c: float, like: Var) -> Op:
    return Op(mx.FillOp, Lit(c), Op(mx.NrowOp, like), Op(mx.NcolOp, like))


STATIC_RULES: list[Rule] = [
    Rule("transpose-transpose", t(t(X)), X),
    Rule("neg-neg", unary(mx.NegOp, -X), X),
    Rule("mul-one", X * 1.0, X),
    Rule("div-one", X / 1.0, X),
    Rule("add-zero", X + 0.0, X),
    Rule("sub-zero", X - 0.0, X),
    Rule("mul-minus-one", X * -1.0, -X),
    *(
        Rule("fill-to-scalar", binary(cls, X, Op(mx.FillOp, s, Var("r"), Var("k")).as_("F")),
             binary(cls, X, s), when=fill_has_shape_of("F", "X"))
        for cls in mx.BINARY_OPS
    ),
    *(
        Rule("fill-to-scalar", binary(cls, Op(mx.FillOp, s, Var("r"), Var("k")).as_("F"), X),
             binary(cls, s, X), when=fill_has_shape_of("F", "X"))
        for cls in mx.BINARY_OPS
        if not is_commutative(cls)
    ),
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
         when=lambda bd: bd["kind"] in _AGG_KINDS),
    *(
        Rule("rowsums-of-transpose", reduce(K, axis, t(X)), t(reduce(K, other, X)),
             when=lambda bd: bd["kind"] in _AGG_KINDS)
        for axis, other in (("row", "col"), ("col", "row"))
    ),
    Rule("agg-of-agg", sum_(reduce("sum", PropVar("ax"), X)), sum_(X),
         when=lambda bd: bd["ax"] in ("row", "col")),
    *(
        Rule("agg-of-agg", reduce(k, "all", reduce(k, PropVar("ax"), X)), reduce(k, "all", X),
             when=lambda bd: bd["ax"] in ("row", "col"))
        for k in ("min", "max")
    ),
    Rule("agg-of-agg", sum_(reduce("sumsq", PropVar("ax"), X)), reduce("sumsq", "all", X),
         when=lambda bd: bd["ax"] in ("row", "col")),
    Rule("sum-scalar-mult", sum_(s * X), Op(arith.MulfOp, s, sum_(X)), when=nonzero_const("s")),
    *(
        Rule("sum-scalar-mult", reduce("sum", ax, s * X), s * reduce("sum", ax, X),
             when=nonzero_const("s"))
        for ax in ("row", "col")
    ),
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
        Rule("unary-of-predicate", unary(u, X), X, when=predicate("X"))
        for u in (mx.AbsOp, mx.SignOp, mx.CeilOp, mx.FloorOp, mx.RoundOp)
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
         when=predicate("A")),
    Rule("and-not-self", binary(mx.OrOp, A, unary(mx.NotOp, A)), _fill(1.0, A),
         when=predicate("A")),
    *(
        Rule("nested-append", Op(cls, Rest("xs")).as_("root"), Custom(_flatten_append))
        for cls in (mx.CbindOp, mx.RbindOp)
    ),
    Rule("rand-scale", Op(mx.RandOp, Var("r"), Var("k")).as_("R") * Num("c"),
         Custom(lambda bd_, bd: _rand_scaled(bd_, bd, "mul")), when=one_use("R")),
    Rule("rand-scale", Op(mx.RandOp, Var("r"), Var("k")).as_("R") + Num("c"),
         Custom(lambda bd_, bd: _rand_scaled(bd_, bd, "add")), when=one_use("R")),
    Rule("rand-scale", Op(mx.RandOp, Var("r"), Var("k")).as_("R") - Num("c"),
         Custom(lambda bd_, bd: _rand_scaled(bd_, bd, "sub")), when=one_use("R")),
]  # fmt: skip

"""Rewrite-rule property cases: one small program per rule, with admissible inputs.

Each `Case` names a rule as it appears in the rewrite trace (`rule`), the pass
that owns it (`pass_`) and a hypothesis strategy drawing an `Instance`: the
text of `func.func @f(...)` holding the rule's pattern, typed exactly from the
drawn inputs (dims and nnz of every argument), and the arguments to call it
with. tests/unit/test_rewrite_properties.py runs @f before and after the pass
and compares the results.

Values: dense float64 in [-10, 10], integer-valued in [-3, 3], dense with many
exact zeros, CSR at ~10% density, all-zero, or (for rules with no finiteness
condition) dense with NaN/Inf/-0.0 cells. Operands a rule asks to be finite are
built inside @f (matrix.constant of the drawn values, a seeded matrix.rand or a
finite fill), which is what its condition recognises.

Shapes are drawn per rule from the classes it admits (1x1, row and column
vectors, tall, wide, square, 0-row/0-col), and kept out of the shapes where an
earlier rule of the same pass would rewrite the pattern away first (noted at
each case).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import scipy.sparse as sp
from hypothesis import strategies as st

Shape = tuple[int, int]
Draw = Callable[[st.SearchStrategy[Any]], Any]

STATIC, DYNAMIC, MMCHAIN, FOLD = "simplify-static", "simplify-dynamic", "mmchain", "constant-fold"

# ---------------------------------------------------------------------------
# Values.

ALL_KINDS = ("dense", "int", "zeros", "sparse", "allzero", "special")
FINITE_KINDS = ("dense", "int", "zeros", "sparse")


def nnz_of(a: Any) -> int:
    return int(a.count_nonzero()) if sp.issparse(a) else int(np.count_nonzero(a))


def dense(a: Any) -> np.ndarray:
    return a.toarray() if sp.issparse(a) else np.asarray(a, dtype=np.float64)


def make_values(kind: str, seed: int, shape: Shape, nonempty: bool) -> Any:
    """A matrix of `shape` of the given kind; `nonempty` forces nnz > 0 if it has cells."""
    rng = np.random.default_rng(seed)
    r, c = shape
    if kind == "int":
        a = rng.integers(-3, 4, (r, c)).astype(np.float64)
    elif kind == "allzero":
        a = np.zeros((r, c))
    else:
        a = rng.uniform(-10.0, 10.0, (r, c))
        if kind == "zeros":
            a[rng.random((r, c)) < 0.5] = 0.0
        elif kind == "sparse":
            a[rng.random((r, c)) >= 0.1] = 0.0
        elif kind == "special":
            specials = np.array([np.nan, np.inf, -np.inf, -0.0, 0.0])
            mask = rng.random((r, c)) < 0.3
            a[mask] = rng.choice(specials, int(mask.sum()))
    if nonempty and r * c and not np.count_nonzero(a):
        a[rng.integers(r), rng.integers(c)] = float(rng.choice([-2.5, 1.0, 3.0]))
    if kind == "sparse":
        m = sp.csr_array(a)
        m.eliminate_zeros()
        m.sort_indices()
        return m
    return a


@st.composite
def matrices(
    draw: Draw, shape: Shape, kinds: Sequence[str] = ALL_KINDS, nonempty: bool = False
) -> Any:
    kind = draw(st.sampled_from(list(kinds)))
    seed = draw(st.integers(0, 2**20))
    return make_values(kind, seed, shape, nonempty)


# Moderate scalars, with exact zeros and small integers now and then.
finite_scalars = st.one_of(
    st.sampled_from([2.0, -1.5, 0.0, 1.0, -1.0, 3.0, 0.5]),
    st.floats(-10.0, 10.0, allow_nan=False, allow_infinity=False),
)
any_scalars = st.one_of(finite_scalars, st.sampled_from([math.nan, math.inf, -math.inf, -0.0]))
nonzero_signed_scalars = any_scalars.filter(lambda x: not (x == 0 and math.copysign(1, x) < 0))
positive_scalars = st.one_of(
    st.sampled_from([2.0, 0.5, 1.0, 3.0]), st.floats(0.01, 10.0, allow_nan=False)
)


# ---------------------------------------------------------------------------
# Shapes.

SHAPE_CLASSES = ("1x1", "row", "col", "tall", "wide", "square", "empty")


@st.composite
def shapes(draw: Draw, classes: Sequence[str] = SHAPE_CLASSES) -> Shape:
    cls = draw(st.sampled_from(list(classes)))
    if cls == "1x1":
        return (1, 1)
    if cls == "row":
        return (1, draw(st.integers(2, 5)))
    if cls == "col":
        return (draw(st.integers(2, 5)), 1)
    if cls == "square":
        n = draw(st.integers(2, 4))
        return (n, n)
    if cls in ("tall", "wide"):
        m = draw(st.integers(2, 4))
        n = draw(st.integers(m + 1, 6))
        return (n, m) if cls == "tall" else (m, n)
    # empty: 0 rows and/or 0 cols
    n = draw(st.integers(0, 3))
    return draw(st.sampled_from([(0, n), (n, 0), (0, 0)]))


def dims(lo: int = 0, hi: int = 5) -> st.SearchStrategy[int]:
    """A dimension, small first (shrinks to lo)."""
    return st.integers(lo, hi)


@st.composite
def broadcast_pair(draw: Draw, shape: Shape) -> tuple[Shape, Shape]:
    """(a, b) shapes that broadcast without outer broadcasting; one of them is `shape`."""
    r, c = shape
    other = draw(st.sampled_from(["same", "row", "col"]))
    small = {"same": (r, c), "row": (1, c), "col": (r, 1)}[other]
    return draw(st.sampled_from([(shape, small), (small, shape)]))


def bshape(a: Shape | None, b: Shape | None) -> Shape:
    """Broadcast result shape (None = scalar)."""
    if a is None:
        assert b is not None
        return b
    if b is None:
        return a
    return (b[0] if a[0] == 1 else a[0], b[1] if a[1] == 1 else a[1])


# ---------------------------------------------------------------------------
# Building @f.


def mat_t(shape: Shape | None, nnz: int | None = None) -> str:
    if shape is None:
        return "f64"
    r, c = shape
    return f"!matrix.mat<{r}x{c}xf64>" if nnz is None else f"!matrix.mat<{r}x{c}xf64, nnz={nnz}>"


def flit(x: float) -> str:
    """An MLIR float literal that reads back exactly (finite x)."""
    assert math.isfinite(x), x
    s = repr(float(x))
    if "e" in s and "." not in s.split("e")[0]:
        m, e = s.split("e")
        s = f"{m}.0e{e}"
    elif "." not in s and "e" not in s:
        s += ".0"
    return s


@dataclass(frozen=True)
class V:
    name: str
    type: str
    shape: Shape | None  # None for f64 / i64 scalars


class F:
    """Builds the text of `func.func @f` and its argument list."""

    def __init__(self) -> None:
        self.params: list[str] = []
        self.args: list[Any] = []
        self.body: list[str] = []
        self.n = 0

    def _fresh(self) -> str:
        self.n += 1
        return f"%v{self.n}"

    # -- arguments and constants
    def arg(self, value: Any) -> V:
        """A matrix argument with its exact type (dims and nnz)."""
        name = f"%a{len(self.params)}"
        t = mat_t(value.shape, nnz_of(value))
        self.params.append(f"{name}: {t}")
        self.args.append(value)
        return V(name, t, tuple(value.shape))

    def num(self, x: float) -> V:
        """An f64 argument."""
        name = f"%a{len(self.params)}"
        self.params.append(f"{name}: f64")
        self.args.append(float(x))
        return V(name, "f64", None)

    def fconst(self, x: float) -> V:
        name = self._fresh()
        self.body.append(f"{name} = arith.constant {flit(x)} : f64")
        return V(name, "f64", None)

    def iconst(self, n: int) -> V:
        name = self._fresh()
        self.body.append(f"{name} = arith.constant {n} : i64")
        return V(name, "i64", None)

    def const_mat(self, value: Any) -> V:
        """matrix.constant of finite values (exact type)."""
        a = dense(value)
        assert np.isfinite(a).all()
        r, c = a.shape
        if a.size == 0:
            lit = "dense<>"
        else:
            rows = ", ".join("[" + ", ".join(flit(float(x)) for x in row) + "]" for row in a)
            lit = f"dense<[{rows}]>"
        t = mat_t((r, c), int(np.count_nonzero(a)))
        name = self._fresh()
        self.body.append(
            f"{name} = matrix.constant {{value = {lit} : tensor<{r}x{c}xf64>}} : () -> {t}"
        )
        return V(name, t, (r, c))

    def rand(
        self, shape: Shape, lo: float, hi: float, sparsity: float, seed: int, pdf: str = "uniform"
    ) -> V:
        r, c = self.iconst(shape[0]), self.iconst(shape[1])
        props = (
            f"{{min = {flit(lo)}, max = {flit(hi)}, sparsity = {flit(sparsity)}, "
            f'pdf = "{pdf}", seed = {seed}}}'
        )
        return self.op("matrix.rand", [r, c], shape, props=props)

    def fill(self, value: V | float, shape: Shape) -> V:
        v = value if isinstance(value, V) else self.fconst(value)
        r, c = self.iconst(shape[0]), self.iconst(shape[1])
        return self.op("matrix.fill", [v, r, c], shape)

    def finite(self, value: Any, how: str = "const") -> V:
        """A finite operand built inside @f, which `finite(...)` conditions recognise."""
        return self.const_mat(value) if how == "const" else self.arg(value)

    # -- ops
    def op(
        self,
        name: str,
        operands: Sequence[V],
        shape: Shape | None,
        kw: str = "",
        props: str = "",
        rtype: str | None = None,
    ) -> V:
        res = self._fresh()
        t = rtype or mat_t(shape)
        ops = ", ".join(o.name for o in operands)
        sig = f"({', '.join(o.type for o in operands)}) -> {t}"
        parts = [f"{res} = {name}"]
        if kw:
            parts.append(kw)
        if ops:
            parts.append(ops)
        if props:
            parts.append(props)
        self.body.append(" ".join(parts) + f" : {sig}")
        return V(res, t, shape)

    def bin(self, name: str, a: V, b: V) -> V:
        return self.op(f"matrix.{name}", [a, b], bshape(a.shape, b.shape))

    def un(self, name: str, a: V) -> V:
        return self.op(f"matrix.{name}", [a], a.shape)

    def t(self, a: V) -> V:
        assert a.shape is not None
        return self.op("matrix.transpose", [a], (a.shape[1], a.shape[0]))

    def mm(self, a: V, b: V) -> V:
        assert a.shape is not None and b.shape is not None and a.shape[1] == b.shape[0]
        return self.op("matrix.matmul", [a, b], (a.shape[0], b.shape[1]))

    def reduce(self, kind: str, axis: str, a: V) -> V:
        assert a.shape is not None
        r, c = a.shape
        if axis == "all":
            return self.op("matrix.reduce", [a], None, kw=f"{kind} all", rtype="f64")
        return self.op(
            "matrix.reduce", [a], (r, 1) if axis == "row" else (1, c), kw=f"{kind} {axis}"
        )

    def trace(self, a: V) -> V:
        return self.op("matrix.trace", [a], None, rtype="f64")

    def diag(self, a: V) -> V:
        assert a.shape is not None
        r, c = a.shape
        return self.op("matrix.diag", [a], (r, r) if c == 1 else (r, 1))

    def reshape(self, a: V, shape: Shape) -> V:
        r, c = self.iconst(shape[0]), self.iconst(shape[1])
        return self.op("matrix.reshape", [a, r, c], shape)

    def slice(self, a: V, r0: int, r1: int, c0: int, c1: int) -> V:
        bounds = [self.iconst(x) for x in (r0, r1, c0, c1)]
        return self.op("matrix.slice", [a, *bounds], (r1 - r0, c1 - c0))

    def update(self, a: V, b: V, r0: int, c0: int) -> V:
        return self.op("matrix.update", [a, b, self.iconst(r0), self.iconst(c0)], a.shape)

    def cbind(self, *xs: V) -> V:
        shapes_ = [x.shape for x in xs]
        assert all(s is not None for s in shapes_)
        return self.op("matrix.cbind", list(xs), (shapes_[0][0], sum(s[1] for s in shapes_)))  # type: ignore[index,misc]

    def rbind(self, *xs: V) -> V:
        shapes_ = [x.shape for x in xs]
        return self.op("matrix.rbind", list(xs), (sum(s[0] for s in shapes_), shapes_[0][1]))  # type: ignore[index,misc]

    def select(self, c: V, a: V, b: V) -> V:
        return self.op("matrix.select", [c, a, b], c.shape)

    def to_scalar(self, a: V) -> V:
        return self.op("matrix.to_scalar", [a], None, rtype="f64")

    def meta(self, name: str, a: V) -> V:
        return self.op(f"matrix.{name}", [a], None, rtype="i64")

    def arith(self, name: str, *xs: V, rtype: str = "f64") -> V:
        res = self._fresh()
        self.body.append(f"{res} = arith.{name} {', '.join(x.name for x in xs)} : {rtype}")
        return V(res, rtype, None)

    def text(self, *results: V) -> str:
        rtypes = ", ".join(r.type for r in results)
        body = "\n".join(f"  {line}" for line in self.body)
        return (
            f"func.func @f({', '.join(self.params)}) -> ({rtypes}) {{\n{body}\n"
            f"  func.return {', '.join(r.name for r in results)} : {rtypes}\n}}\n"
        )


@dataclass
class Instance:
    text: str
    args: list[Any]
    exact: bool  # no arithmetic changes: results must be bit-equal (NaN-aware)
    deg: int = 2  # results are of magnitude max|input|**deg at most (scales atol)


def done(f: F, *results: V, exact: bool, deg: int = 2) -> Instance:
    return Instance(f.text(*results), f.args, exact, deg)


# ---------------------------------------------------------------------------
# Cases.


@dataclass
class Case:
    id: str  # test id: the rule, or rule/variant for a split-off case
    rule: str  # name in the rewrite trace
    pass_: str
    strategy: st.SearchStrategy[Instance]
    examples: int = 40
    declines: str | None = None
    """Why the rule must NOT fire on this form (its condition guards a former bug); the
    property test then asserts it did not fire and that the results still agree."""
    may_decline: bool = False  # a cost model decides: examples where it declines are skipped


CASES: list[Case] = []


def case(rule: str, pass_: str, examples: int = 40, **kw: Any):  # noqa: ANN201
    """Register a composite strategy fn(draw) -> Instance as the case of `rule`."""

    def register(fn: Callable[..., Instance]) -> Callable[..., Instance]:
        CASES.append(Case(rule, rule, pass_, st.composite(fn)(), examples, **kw))
        return fn

    return register


def variant(
    id: str,  # noqa: A002
    fn: Callable[..., Instance],
    *,
    examples: int = 20,
    declines: str | None = None,
    **kwargs: Any,
) -> None:
    """A variant of a registered case, split off (one form of the rule, or a form the
    rule must decline, on its own)."""
    main = next(c for c in CASES if c.rule == id.split("/")[0])
    strategy = st.composite(fn)(**kwargs)
    CASES.append(Case(id, main.rule, main.pass_, strategy, examples, declines))


# Forms a rule must decline: each was a bug (the rule fired and broke the IR or the
# numbers); its condition now guards it, and the variant checks the guard holds.
GUARD_DISTRIBUTE_SCALAR = (
    "%s with Y an f64 scalar would build matrix.%s(1.0, Y) of two scalars (invalid IR)"
)
GUARD_NONFINITE = (
    "%s is unsound on non-finite values: %s -> %s with %s gives %s before and %s after; "
    "it fires only on provably finite operands"
)
GUARD_OUTER = (
    "product-chain must not put u (1xC) and v (Rx1) together first: u * v is an outer "
    "broadcast the dialect rejects, and its unknown cost made mmchain loop forever"
)

BINARY = ("add", "sub", "mul", "div", "pow", "min", "max", "mod",
          "eq", "ne", "lt", "le", "gt", "ge", "and", "or")  # fmt: skip
COMMUTATIVE = ("add", "mul", "min", "max", "eq", "ne", "and", "or")
CMPS = ("eq", "ne", "lt", "le", "gt", "ge")
AGG_KINDS = ("sum", "mean", "min", "max", "sumsq")


def _order(draw: Draw, a: V, b: V, commutative: bool = True) -> tuple[V, V]:
    """(a, b), or (b, a) when the op is commutative and the draw says so."""
    return (b, a) if commutative and draw(st.booleans()) else (a, b)


# == Static rules =============================================================


@case("transpose-transpose", STATIC)
def _transpose_transpose(draw: Draw) -> Instance:
    f = F()
    x = f.arg(draw(matrices(draw(shapes()))))
    return done(f, f.t(f.t(x)), exact=True)


@case("neg-neg", STATIC)
def _neg_neg(draw: Draw) -> Instance:
    f = F()
    x = f.arg(draw(matrices(draw(shapes()))))
    return done(f, f.un("neg", f.un("neg", x)), exact=True)


def _unit(draw: Draw, op: str, lit: float, commutative: bool) -> Instance:
    f = F()
    x = f.arg(draw(matrices(draw(shapes()))))
    one = f.fconst(lit)
    a, b = _order(draw, x, one, commutative)
    return done(f, f.bin(op, a, b), exact=True)


@case("mul-one", STATIC)
def _mul_one(draw: Draw) -> Instance:
    return _unit(draw, "mul", 1.0, True)


@case("div-one", STATIC)
def _div_one(draw: Draw) -> Instance:
    return _unit(draw, "div", 1.0, False)


@case("add-zero", STATIC)
def _add_zero(draw: Draw) -> Instance:
    return _unit(draw, "add", draw(st.sampled_from([0.0, -0.0])), True)


@case("sub-zero", STATIC)
def _sub_zero(draw: Draw) -> Instance:
    return _unit(draw, "sub", 0.0, False)


@case("mul-minus-one", STATIC)
def _mul_minus_one(draw: Draw) -> Instance:
    return _unit(draw, "mul", -1.0, True)


@case("fill-to-scalar", STATIC, examples=60)
def _fill_to_scalar(draw: Draw, negative_zero: bool = False) -> Instance:
    f = F()
    if negative_zero:  # X / fill(-0.0): -inf where X > 0
        shape = draw(shapes(["1x1", "tall"]))
        x = f.arg(np.abs(draw(matrices(shape, ["dense"]))) + 1.0)
        op, s = "div", f.num(-0.0)
    else:
        shape = draw(shapes())
        x = f.arg(draw(matrices(shape)))
        op = draw(st.sampled_from(BINARY))
        s = f.num(draw(nonzero_signed_scalars))
    fl = f.fill(s, shape)
    a, b = draw(st.sampled_from([(x, fl), (fl, x)]))
    # NumPy squares for a scalar exponent 2 but calls pow() for an array one: 1 ulp apart
    return done(f, f.bin(op, a, b), exact=op != "pow")


@case("fill-scale", STATIC, examples=60)
def _fill_scale(draw: Draw) -> Instance:
    f = F()
    shape = draw(shapes())
    ones = draw(st.booleans())  # fill(1, r, k) * s: the variant without a product
    fl = f.fill(1.0 if ones else f.num(draw(any_scalars)), shape)
    s = f.num(draw(any_scalars))
    op = "mul" if ones else draw(st.sampled_from(["mul", "div"]))
    a, b = _order(draw, fl, s, commutative=op == "mul")
    return done(f, f.bin(op, a, b), exact=True)


@case("add-self", STATIC)
def _add_self(draw: Draw) -> Instance:
    f = F()
    x = f.arg(draw(matrices(draw(shapes()))))
    return done(f, f.bin("add", x, x), exact=True)


@case("mul-self", STATIC)
def _mul_self(draw: Draw) -> Instance:
    f = F()
    x = f.arg(draw(matrices(draw(shapes()))))
    return done(f, f.bin("mul", x, x), exact=True)


NONEMPTY_KINDS = ("dense", "int", "zeros", "sparse", "special")


def _mat(draw: Draw, f: F, shape: Shape, empty: bool) -> V:
    """A matrix argument; unless `empty`, with non-zeros (nnz = 0 sets off the empty-* rules
    on the pattern or the replacement: the variants /empty test that)."""
    if empty:
        return f.arg(draw(matrices(shape)))
    return f.arg(draw(matrices(shape, NONEMPTY_KINDS, nonempty=True)))


def _finite_operand(draw: Draw, f: F, shape: Shape) -> V:
    """A finite matrix built inside @f: a constant of drawn values or a seeded rand."""
    how = draw(st.sampled_from(["const", "const", "rand"]))
    if how == "rand" and shape[0] * shape[1]:
        sparsity = draw(st.sampled_from([1.0, 0.5, 0.2]))
        return f.rand(shape, -2.0, 2.0, sparsity, draw(st.integers(0, 1000)))
    return f.const_mat(draw(matrices(shape, FINITE_KINDS + ("allzero",))))


@case("sign-from-compare", STATIC)
def _sign_from_compare(draw: Draw) -> Instance:
    f = F()
    x = _finite_operand(draw, f, draw(shapes()))
    zero = f.fconst(0.0)
    return done(f, f.bin("sub", f.bin("gt", x, zero), f.bin("lt", x, zero)), exact=True)


@case("neg-sub", STATIC)
def _neg_sub(draw: Draw) -> Instance:
    f = F()
    sb, sa = draw(broadcast_pair(draw(shapes())))
    b, a = f.arg(draw(matrices(sb))), f.arg(draw(matrices(sa)))
    return done(f, f.un("neg", f.bin("sub", b, a)), exact=True)


def _y_operand(draw: Draw, f: F, xshape: Shape, scalar: bool) -> V:
    """Y of distribute-*: an f64 argument, or a matrix of X's shape or a vector of it."""
    if scalar:
        return f.num(draw(any_scalars))
    sx, sy = draw(broadcast_pair(xshape))
    return f.arg(draw(matrices(sy)))


@case("distribute-sub", STATIC, examples=50)
def _distribute_sub(draw: Draw, scalar_y: bool = False, form: str = "") -> Instance:
    # X finite: with X = Inf, X - Y*X is NaN where (1-Y)*X is not (variant /non-finite).
    f = F()
    shape = draw(shapes())
    x = f.finite(draw(matrices(shape, FINITE_KINDS + ("allzero",))))
    y = _y_operand(draw, f, shape, scalar_y)
    form = form or draw(st.sampled_from(["X - Y*X", "X - X*Y", "Y*X - X"]))
    if form == "X - Y*X":
        out = f.bin("sub", x, f.bin("mul", y, x))
    elif form == "X - X*Y":
        out = f.bin("sub", x, f.bin("mul", x, y))
    elif form == "Y*X - X":
        out = f.bin("sub", f.bin("mul", y, x), x)
    else:  # X*Y - X: see variant /x-times-y-minus-x
        out = f.bin("sub", f.bin("mul", x, y), x)
    return done(f, out, exact=False)


@st.composite
def _distribute_nonfinite(draw: Draw, op: str) -> Instance:
    """X all +-Inf, Y < -1 (add) or Y > 1 (sub): X (+-) Y*X is NaN, (1 (+-) Y)*X is +-Inf."""
    f = F()
    shape = draw(shapes(["1x1", "row", "col", "square"]))
    sign = draw(st.sampled_from([1.0, -1.0]))
    x = f.arg(np.full(shape, sign * np.inf))
    lo, hi = (-10.0, -1.5) if op == "add" else (1.5, 10.0)
    y = f.arg(np.random.default_rng(draw(st.integers(0, 99))).uniform(lo, hi, shape))
    return done(f, f.bin(op, x, f.bin("mul", y, x)), exact=False)


@case("distribute-add", STATIC, examples=50)
def _distribute_add(draw: Draw, scalar_y: bool = False) -> Instance:
    # X finite: with X = Inf, X + Y*X is NaN where (1+Y)*X is not (variant /non-finite).
    f = F()
    shape = draw(shapes())
    x = f.finite(draw(matrices(shape, FINITE_KINDS + ("allzero",))))
    y = _y_operand(draw, f, shape, scalar_y)
    yx = f.bin("mul", *_order(draw, y, x))
    return done(f, f.bin("add", *_order(draw, x, yx)), exact=False)


@case("scalar-pm-fold", STATIC, examples=50)
def _scalar_pm_fold(draw: Draw) -> Instance:
    f = F()
    x = f.arg(draw(matrices(draw(shapes()))))
    a, b = f.num(draw(any_scalars)), f.num(draw(any_scalars))
    inner = draw(st.sampled_from(["add", "sub"]))
    ax = f.bin("add", *_order(draw, a, x)) if inner == "add" else f.bin("sub", a, x)
    outer = draw(st.sampled_from(["add", "sub"]))
    out = f.bin("add", *_order(draw, ax, b)) if outer == "add" else f.bin("sub", ax, b)
    return done(f, out, exact=False, deg=1)


@case("transpose-add-fold", STATIC)
def _transpose_add_fold(draw: Draw) -> Instance:
    f = F()
    a = f.arg(draw(matrices(draw(shapes()))))
    s1, s2 = f.num(draw(any_scalars)), f.num(draw(any_scalars))
    inner = f.t(f.bin("add", *_order(draw, a, s1)))
    return done(f, f.bin("add", *_order(draw, inner, s2)), exact=False, deg=1)


@case("agg-of-transpose", STATIC, examples=50)
def _agg_of_transpose(draw: Draw) -> Instance:
    f = F()
    x = f.arg(draw(matrices(draw(shapes()))))
    kind = draw(st.sampled_from(AGG_KINDS))
    return done(f, f.reduce(kind, "all", f.t(x)), exact=kind in ("min", "max"))


@case("rowsums-of-transpose", STATIC, examples=50)
def _rowsums_of_transpose(draw: Draw) -> Instance:
    f = F()
    x = f.arg(draw(matrices(draw(shapes()))))
    kind = draw(st.sampled_from(AGG_KINDS))
    axis = draw(st.sampled_from(["row", "col"]))
    return done(f, f.reduce(kind, axis, f.t(x)), exact=kind in ("min", "max"))


@case("agg-of-agg", STATIC, examples=50)
def _agg_of_agg(draw: Draw) -> Instance:
    f = F()
    x = f.arg(draw(matrices(draw(shapes()))))
    inner, outer = draw(st.sampled_from([("sum", "sum"), ("min", "min"), ("max", "max"),
                                         ("sumsq", "sum")]))  # fmt: skip
    axis = draw(st.sampled_from(["row", "col"]))
    out = f.reduce(outer, "all", f.reduce(inner, axis, x))
    return done(f, out, exact=inner in ("min", "max"))


@case("sum-scalar-mult", STATIC, examples=50)
def _sum_scalar_mult(draw: Draw) -> Instance:
    f = F()
    shape = draw(shapes())
    nonzero = finite_scalars.filter(lambda x: abs(x) != 1.0 and x != 0.0)  # not mul-one, 0
    c = draw(nonzero)
    if abs(c) <= max(1, shape[0] * shape[1]):
        x = f.arg(draw(matrices(shape)))
    else:  # |s| beyond the cell count: X needs a bound (scaling_in_range)
        x = f.finite(draw(matrices(shape, FINITE_KINDS)))
    s = f.fconst(c)
    axis = draw(st.sampled_from(["all", "row", "col"]))
    return done(f, f.reduce("sum", axis, f.bin("mul", *_order(draw, s, x))), exact=False)


def _sum_scalar_mult_overflow(draw: Draw) -> Instance:
    f = F()
    x = f.arg(draw(matrices(draw(shapes()))))
    s = f.fconst(draw(st.sampled_from([1e300, -1e300, 1e200])))
    axis = draw(st.sampled_from(["all", "row", "col"]))
    return done(f, f.reduce("sum", axis, f.bin("mul", *_order(draw, s, x))), exact=False)


@case("to-scalar-push", STATIC, examples=50)
def _to_scalar_push(draw: Draw) -> Instance:
    f = F()
    x = f.arg(draw(matrices((1, 1))))
    op = draw(st.sampled_from(["mul-mat", "add", "sub", "mul", "div"]))
    if op == "mul-mat":
        y = f.arg(draw(matrices((1, 1))))
        inner = f.bin("mul", x, y)
    else:
        s = f.num(draw(any_scalars))
        inner = f.bin(op, *_order(draw, x, s, op in COMMUTATIVE))
    return done(f, f.to_scalar(inner), exact=True)


@case("abs-pullup", STATIC)
def _abs_pullup(draw: Draw) -> Instance:
    f = F()
    sa, sb = draw(broadcast_pair(draw(shapes())))
    x, y = f.arg(draw(matrices(sa))), f.arg(draw(matrices(sb)))
    return done(f, f.bin("mul", f.un("abs", x), f.un("abs", y)), exact=True)


def _predicate(draw: Draw, f: F, shape: Shape) -> V:
    """A 0/1 matrix: a comparison (or logic op) of arguments of `shape`."""
    x = f.arg(draw(matrices(shape)))
    how = draw(st.sampled_from([*CMPS, "and", "or", "not"]))
    if how == "not":
        return f.un("not", x)
    y = f.num(draw(any_scalars)) if draw(st.booleans()) else f.arg(draw(matrices(shape)))
    return f.bin(how, x, y)


@case("unary-of-predicate", STATIC)
def _unary_of_predicate(draw: Draw) -> Instance:
    f = F()
    p = _predicate(draw, f, draw(shapes()))
    u = draw(st.sampled_from(["abs", "sign", "ceil", "floor", "round", "rint"]))
    return done(f, f.un(u, p), exact=True)


@case("transpose-of-append", STATIC)
def _transpose_of_append(draw: Draw) -> Instance:
    f = F()
    n, k1, k2 = draw(dims(0, 4)), draw(dims(0, 4)), draw(dims(0, 4))
    if draw(st.booleans()):  # t(cbind(t(A), t(B))) -> rbind(A, B)
        a, b = f.arg(draw(matrices((k1, n)))), f.arg(draw(matrices((k2, n))))
        out = f.t(f.cbind(f.t(a), f.t(b)))
    else:  # t(rbind(t(A), t(B))) -> cbind(A, B)
        a, b = f.arg(draw(matrices((n, k1)))), f.arg(draw(matrices((n, k2))))
        out = f.t(f.rbind(f.t(a), f.t(b)))
    return done(f, out, exact=True)


@case("sigmoid-fusion", STATIC)
def _sigmoid_fusion(draw: Draw) -> Instance:
    f = F()
    x = f.arg(draw(matrices(draw(shapes()))))
    one = f.fconst(1.0)
    e = f.un("exp", f.un("neg", x))
    # sigmoid computes 1 / (1 + exp(-x)) as written: the rewrite keeps every bit
    return done(f, f.bin("div", one, f.bin("add", *_order(draw, one, e))), exact=True, deg=0)


@case("trace-mm", STATIC)
def _trace_mm(draw: Draw) -> Instance:
    f = F()
    r, k = draw(dims(0, 4)), draw(dims(0, 4))
    x, y = f.arg(draw(matrices((r, k)))), f.arg(draw(matrices((k, r))))
    return done(f, f.trace(f.mm(x, y)), exact=False)


@case("trace-add", STATIC)
def _trace_add(draw: Draw) -> Instance:
    f = F()
    n = draw(dims(0, 4))
    a, b = f.arg(draw(matrices((n, n)))), f.arg(draw(matrices((n, n))))
    return done(f, f.trace(f.bin("add", a, b)), exact=False, deg=1)


@case("trace-transpose", STATIC)
def _trace_transpose(draw: Draw) -> Instance:
    f = F()
    n = draw(dims(0, 4))
    a = f.arg(draw(matrices((n, n))))
    return done(f, f.trace(f.t(a)), exact=True)


@case("transpose-mm-chain", STATIC)
def _transpose_mm_chain(draw: Draw) -> Instance:
    f = F()
    k, r, n = draw(dims(0, 4)), draw(dims(0, 4)), draw(dims(0, 4))
    a, b = f.arg(draw(matrices((k, r)))), f.arg(draw(matrices((n, k))))
    cshape = draw(st.sampled_from([(r, n), (1, n), (r, 1)]))
    c = f.arg(draw(matrices(cshape)))
    prod = f.mm(f.t(a), f.t(b))
    return done(f, f.t(f.bin("add", *_order(draw, prod, c))), exact=False)


@case("compare-chain", STATIC, examples=60)
def _compare_chain(draw: Draw) -> Instance:
    f = F()
    sa, sb = draw(broadcast_pair(draw(shapes())))
    form = draw(st.sampled_from(["eq1", "ne0", "eq0"]))
    if form == "eq0":  # negating the comparison needs finite operands
        a, b = _finite_operand(draw, f, sa), _finite_operand(draw, f, sb)
    else:
        a, b = f.arg(draw(matrices(sa))), f.arg(draw(matrices(sb)))
    p = f.bin(draw(st.sampled_from(CMPS)), a, b)
    lit = f.fconst(1.0 if form == "eq1" else 0.0)
    return done(f, f.bin("ne" if form == "ne0" else "eq", *_order(draw, p, lit)), exact=True)


@case("not-over-compare", STATIC)
def _not_over_compare(draw: Draw) -> Instance:
    f = F()
    shape = draw(shapes())
    a = _finite_operand(draw, f, shape)
    b = f.fconst(draw(finite_scalars)) if draw(st.booleans()) else _finite_operand(draw, f, shape)
    a, b = _order(draw, a, b)
    return done(f, f.un("not", f.bin(draw(st.sampled_from(CMPS)), a, b)), exact=True)


@case("and-not-self", STATIC)
def _and_not_self(draw: Draw) -> Instance:
    f = F()
    p = _predicate(draw, f, draw(shapes()))
    op = draw(st.sampled_from(["and", "or"]))
    return done(f, f.bin(op, *_order(draw, p, f.un("not", p))), exact=True)


@case("nested-append", STATIC)
def _nested_append(draw: Draw) -> Instance:
    f = F()
    n = draw(dims(0, 3))
    ks = [draw(dims(0, 3)) for _ in range(4)]
    cb = draw(st.booleans())
    xs = [f.arg(draw(matrices((n, k) if cb else (k, n)))) for k in ks]
    bind = f.cbind if cb else f.rbind
    shape = draw(st.sampled_from(["right", "left", "both", "deep"]))
    if shape == "right":
        out = bind(xs[0], bind(xs[1], xs[2]))
    elif shape == "left":
        out = bind(bind(xs[0], xs[1]), xs[2])
    elif shape == "both":
        out = bind(bind(xs[0], xs[1]), bind(xs[2], xs[3]))
    else:
        out = bind(xs[0], bind(xs[1], bind(xs[2], xs[3])))
    return done(f, out, exact=True)


@case("tmm-of-cbind", STATIC)
def _tmm_of_cbind(draw: Draw) -> Instance:
    # Every reader of cbind(A, B) is a t(.)-product (else the rule holds back): the Gram
    # form t(C) %*% C, the cross form t(C) %*% Y, or both on one C.
    f = F()
    n = draw(dims(0, 4))
    a = f.arg(draw(matrices((n, draw(dims(0, 3))))))
    b = f.arg(draw(matrices((n, draw(dims(0, 3))))))
    c = f.cbind(a, b)
    tc = f.t(c)
    form = draw(st.sampled_from(["gram", "cross", "both"]))
    outs = []
    if form in ("gram", "both"):
        outs.append(f.mm(tc, c))
    if form in ("cross", "both"):
        outs.append(f.mm(tc, f.arg(draw(matrices((n, draw(dims(1, 3))))))))
    return done(f, *outs, exact=False)


@case("rand-scale", STATIC, examples=50)
def _rand_scale(draw: Draw) -> Instance:
    f = F()
    shape = draw(shapes())
    lo = draw(st.floats(-5.0, 5.0))
    hi = lo + draw(st.floats(0.0, 5.0))
    how = draw(st.sampled_from(["mul", "add", "sub"]))
    sparsity = 1.0 if how != "mul" else draw(st.sampled_from([1.0, 0.5, 0.1]))
    r = f.rand(shape, lo, hi, sparsity, draw(st.integers(0, 10**6)))
    if how == "mul":
        c = draw(positive_scalars.filter(lambda x: x != 1.0))  # mul-one's
        out = f.bin("mul", *_order(draw, r, f.fconst(c)))
    elif how == "add":
        c = draw(finite_scalars.filter(lambda x: x != 0.0))  # add-zero's
        out = f.bin("add", *_order(draw, r, f.fconst(c)))
    else:
        out = f.bin("sub", r, f.fconst(draw(finite_scalars.filter(lambda x: x != 0.0))))
    return done(f, out, exact=False, deg=1)


# == Dynamic rules ============================================================


@case("nrow-ncol-literal", DYNAMIC)
def _nrow_ncol_literal(draw: Draw) -> Instance:
    f = F()
    x = f.arg(draw(matrices(draw(shapes()))))
    return done(f, f.meta("nrow", x), f.meta("ncol", x), f.meta("nnz", x), exact=True)


@case("unnecessary-slice", DYNAMIC)
def _unnecessary_slice(draw: Draw) -> Instance:
    f = F()
    r, c = draw(shapes())
    x = f.arg(draw(matrices((r, c))))
    return done(f, f.slice(x, 0, r, 0, c), exact=True)


@case("unnecessary-update", DYNAMIC)
def _unnecessary_update(draw: Draw) -> Instance:
    f = F()
    shape = draw(shapes())
    x, y = f.arg(draw(matrices(shape))), f.arg(draw(matrices(shape)))
    return done(f, f.update(x, y, 0, 0), exact=True)


def _partial_slice(draw: Draw, r: int, c: int, trim: str) -> tuple[int, int, int, int]:
    """Bounds r0:r1, c0:c1 of a slice of an r x c matrix that does not cover all of it
    (a covering slice is unnecessary-slice's); `trim` ("rows" or "cols") says which end
    moves in when the draw covers it."""
    r0 = draw(st.integers(0, r))
    r1 = draw(st.integers(r0, r))
    c0 = draw(st.integers(0, c))
    c1 = draw(st.integers(c0, c))
    if (r0, r1, c0, c1) == (0, r, 0, c):
        r1, c1 = (r1 - 1, c1) if trim == "rows" else (r1, c1 - 1)
    return r0, r1, c0, c1


@case("empty-slice", DYNAMIC)
def _empty_slice(draw: Draw) -> Instance:
    f = F()
    # Not a slice covering X: unnecessary-slice comes first in the table.
    r, c = draw(shapes([c for c in SHAPE_CLASSES if c != "empty"]))
    x = f.arg(np.zeros((r, c)))
    return done(f, f.slice(x, *_partial_slice(draw, r, c, "rows")), exact=True)


@case("sliced-mm", DYNAMIC, examples=60)
def _sliced_mm(draw: Draw) -> Instance:
    # Any values (NaN/Inf included: each cell of a product reads one row and one column),
    # single cells, single rows or columns and empty slices. A slice covering the product
    # is unnecessary-slice's; an empty product (0 cells) is never cheaper to slice; an
    # inner dim 0 is empty-mm's first. With k = 1 a 1x1 factor beside a vector is
    # scalar-mm's first.
    f = F()
    k = draw(dims(1, 4))
    if k == 1:
        r, c = draw(st.sampled_from([(1, 1), (2, 2), (3, 2), (2, 4)]))
    else:
        r, c = draw(dims(1, 4)), draw(dims(1, 4))
    x, y = f.arg(draw(matrices((r, k)))), f.arg(draw(matrices((k, c))))
    product = f.mm(x, y)
    return done(f, f.slice(product, *_partial_slice(draw, r, c, "cols")), exact=False)


@case("empty-update", DYNAMIC)
def _empty_update(draw: Draw) -> Instance:
    f = F()
    r, c = draw(shapes([c for c in SHAPE_CLASSES if c != "1x1"]))
    # Y smaller than X in some dim: same dims (at 0, 0) is unnecessary-update's.
    yr = draw(st.integers(0, r))
    yc = draw(st.integers(0, c))
    if (yr, yc) == (r, c):
        if r:
            yr -= 1
        elif c:
            yc -= 1
    r0, c0 = draw(st.integers(0, r - yr)), draw(st.integers(0, c - yc))
    if (yr, yc) == (r, c):  # 0x0 into 0x0: only unnecessary-update applies
        r, c, yr, yc, r0, c0 = 2, 2, 1, 2, 1, 0
    x, y = f.arg(np.zeros((r, c))), f.arg(np.zeros((yr, yc)))
    return done(f, f.update(x, y, r0, c0), exact=True)


@case("reshape-same", DYNAMIC)
def _reshape_same(draw: Draw) -> Instance:
    f = F()
    shape = draw(shapes())
    x = f.arg(draw(matrices(shape)))
    return done(f, f.reshape(x, shape), exact=True)


@case("reorg-1x1", DYNAMIC)
def _reorg_1x1(draw: Draw) -> Instance:
    # reshape(X, 1, 1) of a 1x1 X is reshape-same's (earlier in the table).
    f = F()
    x = f.arg(draw(matrices((1, 1), nonempty=True)))
    out = f.t(x) if draw(st.booleans()) else f.diag(x)
    return done(f, out, exact=True)


@case("colagg-single-row", DYNAMIC)
def _colagg_single_row(draw: Draw) -> Instance:
    f = F()
    x = f.arg(draw(matrices((1, draw(dims(0, 5))), nonempty=True)))
    kind = draw(st.sampled_from(["sum", "mean", "min", "max"]))
    return done(f, f.reduce(kind, "col", x), exact=True)


@case("colagg-single-col", DYNAMIC)
def _colagg_single_col(draw: Draw) -> Instance:
    f = F()
    kind = draw(st.sampled_from(AGG_KINDS))
    # one row: colagg-single-row comes first (except for sumsq, which it leaves)
    r = draw(dims(1 if kind == "sumsq" else 2, 5))
    x = f.arg(draw(matrices((r, 1), nonempty=True)))
    return done(f, f.reduce(kind, "col", x), exact=kind in ("min", "max"))


@case("rowagg-single-col", DYNAMIC)
def _rowagg_single_col(draw: Draw) -> Instance:
    f = F()
    x = f.arg(draw(matrices((draw(dims(0, 5)), 1), nonempty=True)))
    kind = draw(st.sampled_from(["sum", "mean", "min", "max"]))
    return done(f, f.reduce(kind, "row", x), exact=True)


@case("rowagg-single-row", DYNAMIC)
def _rowagg_single_row(draw: Draw) -> Instance:
    f = F()
    kind = draw(st.sampled_from(AGG_KINDS))
    c = draw(dims(1 if kind == "sumsq" else 2, 5))
    x = f.arg(draw(matrices((1, c), nonempty=True)))
    return done(f, f.reduce(kind, "row", x), exact=kind in ("min", "max"))


@case("mean-from-sum", DYNAMIC)
def _mean_from_sum(draw: Draw) -> Instance:
    # Single-row/col X is colagg/rowagg-single-*'s; empty X with cells is empty-agg's.
    f = F()
    r, c = draw(st.sampled_from([0, 2, 3, 4])), draw(st.sampled_from([0, 2, 3, 5]))
    x = f.arg(draw(matrices((r, c), nonempty=True)))
    axis = draw(st.sampled_from(["row", "col"]))
    if draw(st.booleans()):  # the literal count
        n = f.fconst(float(c if axis == "row" else r))
    else:  # sitofp(ncol(X)) / sitofp(nrow(X))
        n = f.arith("sitofp", f.meta("ncol" if axis == "row" else "nrow", x), rtype="i64 to f64")
        n = V(n.name, "f64", None)
    return done(f, f.bin("div", f.reduce("sum", axis, x), n), exact=False, deg=1)


@case("colsums-mv", DYNAMIC)
def _colsums_mv(draw: Draw, commuted: bool = False, empty: bool = False) -> Instance:
    f = F()
    r = draw(st.sampled_from([2, 3, 5]))  # one row: X*v is scalar-mv-binary's
    c = draw(st.sampled_from([2, 3, 4]))
    if empty:
        r, c = draw(st.sampled_from([(0, c), (r, 0), (0, 0)]))
    x, v = _mat(draw, f, (r, c), empty), _mat(draw, f, (r, 1), empty)
    prod = f.bin("mul", v, x) if commuted else f.bin("mul", x, v)
    return done(f, f.reduce("sum", "col", prod), exact=False)


@case("rowsums-mv", DYNAMIC)
def _rowsums_mv(draw: Draw, commuted: bool = False, empty: bool = False) -> Instance:
    f = F()
    r = draw(st.sampled_from([2, 3, 4]))
    c = draw(st.sampled_from([2, 3, 5]))
    if empty:
        r, c = draw(st.sampled_from([(0, c), (r, 0), (0, 0)]))
    x, u = _mat(draw, f, (r, c), empty), _mat(draw, f, (1, c), empty)
    prod = f.bin("mul", u, x) if commuted else f.bin("mul", x, u)
    return done(f, f.reduce("sum", "row", prod), exact=False)


@case("agg-1x1", DYNAMIC)
def _agg_1x1(draw: Draw) -> Instance:
    f = F()
    x = f.arg(draw(matrices((1, 1), nonempty=True)))
    kind = draw(st.sampled_from(["sum", "min", "max", "mean", "trace"]))
    out = f.trace(x) if kind == "trace" else f.reduce(kind, "all", x)
    return done(f, out, exact=True)


@case("empty-agg", DYNAMIC)
def _empty_agg(draw: Draw) -> Instance:
    f = F()
    what = draw(st.sampled_from(["all", "row", "col", "trace"]))
    if what == "trace":
        n = draw(st.sampled_from([0, 2, 3]))  # 1x1 is agg-1x1's
        return done(f, f.trace(f.arg(np.zeros((n, n)))), exact=True)
    if what == "all":
        shape = draw(shapes(["row", "col", "tall", "wide", "square"]))
    else:  # single rows / cols are colagg/rowagg-single-*'s
        shape = (draw(dims(2, 4)), draw(dims(2, 4)))
    x = f.arg(np.zeros(shape))
    kind = draw(st.sampled_from(["sum", "sumsq", "min", "max"]))
    return done(f, f.reduce(kind, what, x), exact=True)


@case("empty-unary", DYNAMIC)
def _empty_unary(draw: Draw) -> Instance:
    f = F()
    x = f.arg(np.zeros(draw(shapes())))
    u = draw(st.sampled_from(["abs", "sqrt", "round", "rint", "floor", "ceil", "sign", "neg"]))
    return done(f, f.un(u, x), exact=True)


@case("empty-reorg", DYNAMIC)
def _empty_reorg(draw: Draw) -> Instance:
    f = F()
    what = draw(st.sampled_from(["t", "diag-v", "diag-m", "reshape"]))
    if what == "t":  # 1x1 is reorg-1x1's
        out = f.t(f.arg(np.zeros(draw(shapes([c for c in SHAPE_CLASSES if c != "1x1"])))))
    elif what == "diag-v":
        out = f.diag(f.arg(np.zeros((draw(dims(2, 4)), 1))))
    elif what == "diag-m":
        n = draw(st.sampled_from([0, 2, 3]))
        out = f.diag(f.arg(np.zeros((n, n))))
    else:  # same dims is reshape-same's
        r, c = draw(st.sampled_from([(2, 3), (3, 2), (1, 6), (6, 1), (0, 4), (4, 0), (2, 0)]))
        nr, nc = draw(
            st.sampled_from([(c, r), (r * c, 1), (1, r * c)]).filter(lambda s: s != (r, c))
        )
        out = f.reshape(f.arg(np.zeros((r, c))), (nr, nc))
    return done(f, out, exact=True)


@case("empty-mm", DYNAMIC)
def _empty_mm(draw: Draw, inner0: bool = False) -> Instance:
    f = F()
    r, k, c = draw(dims(0, 4)), draw(dims(0, 4)), draw(dims(0, 4))
    if inner0:  # no products: fires on arguments, which need not be provably finite
        return done(f, f.mm(f.arg(np.zeros((r, 0))), f.arg(np.zeros((0, c)))), exact=True)
    if draw(st.booleans()):
        x, y = f.arg(np.zeros((r, k))), _finite_operand(draw, f, (k, c))
    else:
        x, y = _finite_operand(draw, f, (r, k)), f.arg(np.zeros((k, c)))
    return done(f, f.mm(x, y), exact=True)


@case("empty-binary", DYNAMIC, examples=50)
def _empty_binary(draw: Draw, ops: Sequence[str] = ("add", "sub-x", "sub-y")) -> Instance:
    f = F()
    shape = draw(shapes())
    z = f.arg(np.zeros(shape))
    op = draw(st.sampled_from(list(ops)))
    if op == "mul":
        other = _finite_operand(draw, f, shape)
        out = f.bin("mul", *_order(draw, z, other))
    else:
        other = f.arg(draw(matrices(shape)))
        if op == "add":  # X + Y, Y empty
            out = f.bin("add", other, z)
        elif op == "add-left":  # X + Y, X empty
            out = f.bin("add", z, other)
        elif op == "sub-x":
            out = f.bin("sub", other, z)
        else:
            out = f.bin("sub", z, other)
    return done(f, out, exact=True)


@case("identity-mm", DYNAMIC)
def _identity_mm(draw: Draw) -> Instance:
    f = F()
    x = f.arg(draw(matrices((draw(dims(1, 5)), 1), nonempty=True)))  # empty X: empty-mm's
    return done(f, f.mm(x, f.fill(1.0, (1, 1))), exact=True)


@case("to-scalar-from-scalar", STATIC)
def _to_scalar_from_scalar(draw: Draw) -> Instance:
    f = F()
    x = f.num(draw(st.one_of(finite_scalars, st.sampled_from([math.inf, -math.inf, math.nan]))))
    one = f.op("matrix.from_scalar", [x], (1, 1))
    return done(f, f.to_scalar(one), exact=True)


@case("scalar-mm", DYNAMIC)
def _scalar_mm(draw: Draw) -> Instance:
    f = F()
    n = draw(st.sampled_from([2, 3, 5]))  # an empty operand is empty-mm's (it is finite)
    y = f.arg(draw(matrices((1, 1))))
    if draw(st.booleans()):
        out = f.mm(f.arg(draw(matrices((n, 1)))), y)
    else:
        out = f.mm(y, f.arg(draw(matrices((1, n)))))
    return done(f, out, exact=True)


@case("fill-mm", DYNAMIC)
def _fill_mm(draw: Draw) -> Instance:
    f = F()
    # a 1x1 fill is scalar-mm's; k = 0, or an operand without non-zeros, empty-mm's
    k, m = draw(dims(2, 5)), draw(dims(1, 4))
    a = draw(finite_scalars)
    if draw(st.booleans()):
        out = f.mm(f.fill(a, (1, k)), f.arg(draw(matrices((k, m), nonempty=True))))
    else:
        out = f.mm(f.arg(draw(matrices((m, k), nonempty=True))), f.fill(a, (k, 1)))
    return done(f, out, exact=False)


@case("diag-mm", DYNAMIC)
def _diag_mm(draw: Draw) -> Instance:
    f = F()
    r, c = draw(dims(2, 4)), draw(dims(0, 4))  # 1x1 v is reorg-1x1's, empty v empty-reorg's
    v = f.arg(draw(matrices((r, 1), nonempty=True)))
    y = _finite_operand(draw, f, (r, c))
    return done(f, f.mm(f.diag(v), y), exact=False)


@case("diag-of-mm", DYNAMIC)
def _diag_of_mm(draw: Draw, empty: bool = False) -> Instance:
    f = F()
    r, k = draw(dims(2, 4)), draw(dims(1, 4))  # (inner dim 0 is empty-mm's first)
    x, y = _mat(draw, f, (r, k), empty), _mat(draw, f, (k, r), empty)
    return done(f, f.diag(f.mm(x, y)), exact=False)


@case("distributive-mm", DYNAMIC)
def _distributive_mm(draw: Draw, nonfinite: bool = False) -> Instance:
    # Finite operands (the rule's condition): variant /non-finite checks it declines.
    f = F()
    # k=1 invites scalar-mm; empty finite products are empty-mm's first
    lo = 0 if nonfinite else 1
    r, k, n = draw(dims(lo, 4)), draw(dims(2, 4)), draw(dims(lo, 4))
    if nonfinite:
        a = f.arg(draw(matrices((r, k), ["special"])))
        b, c = f.arg(draw(matrices((k, n)))), f.arg(draw(matrices((k, n))))
    else:
        kinds = ["dense"]  # (a factor with no non-zero is empty-mm's first)
        a = f.finite(draw(matrices((r, k), kinds)))
        b, c = f.finite(draw(matrices((k, n), kinds))), f.finite(draw(matrices((k, n), kinds)))
    return done(f, f.bin("add", *_order(draw, f.mm(a, b), f.mm(a, c))), exact=False)


@case("sum-diag", DYNAMIC)
def _sum_diag(draw: Draw) -> Instance:
    f = F()
    n = draw(dims(2, 5))
    x = f.arg(draw(matrices((n, n), nonempty=True)))
    return done(f, f.reduce("sum", "all", f.diag(x)), exact=False, deg=1)


@case("sum-fill", DYNAMIC)
def _sum_fill(draw: Draw) -> Instance:
    f = F()
    shape = draw(shapes(["row", "col", "tall", "wide", "square"]))  # 1x1 is agg-1x1's
    return done(f, f.reduce("sum", "all", f.fill(draw(finite_scalars), shape)), exact=False)


@case("diag-scalar", DYNAMIC)
def _diag_scalar(draw: Draw) -> Instance:
    f = F()
    v = f.arg(draw(matrices((draw(dims(2, 4)), 1), nonempty=True)))
    s = f.fconst(draw(finite_scalars))
    return done(f, f.bin("mul", *_order(draw, f.diag(v), s)), exact=True)


@case("sum-add", DYNAMIC)
def _sum_add(draw: Draw) -> Instance:
    f = F()
    shape = draw(shapes(["row", "col", "tall", "wide", "square"]))
    a = f.arg(draw(matrices(shape, nonempty=True)))
    b = f.arg(draw(matrices(shape, nonempty=True)))
    op = draw(st.sampled_from(["add", "sub"]))
    return done(f, f.reduce("sum", "all", f.bin(op, a, b)), exact=False, deg=1)


@case("dot-product-sum", DYNAMIC)
def _dot_product_sum(draw: Draw, empty: bool = False) -> Instance:
    f = F()
    n = 0 if empty else draw(st.sampled_from([2, 3, 5]))  # 1x1 is agg-1x1's
    v = _mat(draw, f, (n, 1), empty)
    if draw(st.booleans()):
        inner = f.bin("pow", v, f.fconst(2.0))
    else:
        inner = f.bin("mul", v, _mat(draw, f, (n, 1), empty))
    return done(f, f.reduce("sum", "all", inner), exact=False)


@case("sum-squared", DYNAMIC)
def _sum_squared(draw: Draw, empty: bool = False) -> Instance:
    f = F()
    axis = draw(st.sampled_from(["all", "row", "col"]))
    if axis == "all":  # column vectors are dot-product-sum's, 1x1 agg-1x1's
        shape = draw(shapes(["row", "tall", "wide", "square"] + ([] if empty else ["empty"])))
        if shape[1] == 1:  # an empty column (0x1) is a column vector too
            shape = (shape[0], 2)
    else:  # single rows / columns are rowagg/colagg-single-*'s
        zero = [] if empty else [0]
        shape = (draw(st.sampled_from([*zero, 2, 3])), draw(st.sampled_from([*zero, 2, 4])))
    # all-zero X with cells: sum(X^2) -> sumsq(X) -> 0 by empty-agg (variant /empty)
    x = f.arg(np.zeros(shape) if empty else draw(matrices(shape, NONEMPTY_KINDS, nonempty=True)))
    return done(f, f.reduce("sum", axis, f.bin("pow", x, f.fconst(2.0))), exact=False)


@case("minus-mm", DYNAMIC)
def _minus_mm(draw: Draw, empty: bool = False) -> Instance:
    f = F()
    k = draw(dims(2, 5))
    # m: the product's other dim (smaller than k); n: the negated one's (an empty -X is
    # empty-unary's)
    m, n = 0 if empty else draw(dims(1, k - 1)), draw(dims(1, 5))
    if draw(st.booleans()):  # (-X) %*% Y, Y has fewer cols than X
        x = f.arg(draw(matrices((n, k), NONEMPTY_KINDS, nonempty=True)))
        y = _mat(draw, f, (k, m), empty)
        out = f.mm(f.un("neg", x), y)
    else:
        x = _mat(draw, f, (m, k), empty)
        y = f.arg(draw(matrices((k, n), NONEMPTY_KINDS, nonempty=True)))
        out = f.mm(x, f.un("neg", y))
    return done(f, out, exact=False)


@case("sum-mm", DYNAMIC)
def _sum_mm(draw: Draw, empty: bool = False) -> Instance:
    # Finite data: with Inf, sum(A %*% B) and rowSums(A %*% B) can be NaN where the
    # replacement is Inf, and empty products give NaN (0 * Inf): variant /non-finite.
    f = F()
    k = draw(dims(2, 4))
    axis = draw(st.sampled_from(["all", "row", "col"]))
    if axis == "all":  # a 1x1 product is agg-1x1's
        r, c = draw(st.sampled_from([(2, 3), (3, 1), (1, 4), (2, 2)]))
    else:  # single rows / columns are rowagg/colagg-single-*'s
        r, c = draw(st.sampled_from([2, 3])), draw(st.sampled_from([2, 4]))
    if empty:
        r, c = draw(st.sampled_from([(0, c), (r, 0)]))
    kinds = FINITE_KINDS if empty else ("dense", "int", "zeros", "sparse")
    a = f.finite(draw(matrices((r, k), kinds, nonempty=not empty)))
    b = f.finite(draw(matrices((k, c), kinds, nonempty=not empty)))
    return done(f, f.reduce("sum", axis, f.mm(a, b)), exact=False)


@st.composite
def _sum_mm_nonfinite(draw: Draw) -> Instance:
    """A = [[Inf, 1], [1, 1]], B = [[-1, 2], [0, 0]]: sum(A %*% B) and rowSums(A %*% B) are NaN,
    the replacements Inf; or an empty product (0 rows/cols) and Inf in the other factor: 0
    before, NaN after."""
    f = F()
    form = draw(st.sampled_from(["all", "row", "empty-all", "empty-col", "empty-row"]))
    if form in ("all", "row"):
        a, b = np.array([[np.inf, 1.0], [1.0, 1.0]]), np.array([[-1.0, 2.0], [0.0, 0.0]])
        axis = form
    else:
        axis = form.split("-")[1]
        r, c = {"all": (0, 2), "col": (0, 3), "row": (2, 0)}[axis]
        a, b = np.full((r, 2), np.inf), np.full((2, c), np.inf)
    return done(f, f.reduce("sum", axis, f.mm(f.arg(a), f.arg(b))), exact=False)


@case("scalar-mv-binary", DYNAMIC, examples=60)
def _scalar_mv_binary(draw: Draw, commuted: bool = False) -> Instance:
    f = F()
    x = f.arg(draw(matrices(draw(shapes([c for c in SHAPE_CLASSES if c != "1x1"])))))
    y = f.arg(draw(matrices((1, 1))))
    if commuted:  # y (op) X for a commutative op
        op = draw(st.sampled_from(COMMUTATIVE))
        a, b = y, x
    else:
        op = draw(st.sampled_from(BINARY))
        a, b = draw(st.sampled_from([(x, y), (y, x)])) if op not in COMMUTATIVE else (x, y)
    return done(f, f.bin(op, a, b), exact=True)


@case("nnz-of-compare", DYNAMIC)
def _nnz_of_compare(draw: Draw) -> Instance:
    f = F()
    x = f.arg(draw(matrices(draw(shapes([c for c in SHAPE_CLASSES if c != "1x1"])))))
    ne = f.bin("ne", *_order(draw, x, f.fconst(0.0)))
    return done(f, f.reduce("sum", "all", ne), exact=True)


@case("select-constant", DYNAMIC)
def _select_constant(draw: Draw) -> Instance:
    f = F()
    shape = draw(shapes())
    how = draw(st.sampled_from(["all-true", "all-false", "same"]))
    if how == "all-true":
        cv = make_values("dense", draw(st.integers(0, 99)), shape, False)
        cv[cv == 0] = 1.0
    elif how == "all-false":
        cv = np.zeros(shape)
    else:
        cv = draw(matrices(shape))
    c = f.arg(cv)
    a = f.arg(draw(matrices(shape)))
    b = a if how == "same" else f.arg(draw(matrices(shape)))
    return done(f, f.select(c, a, b), exact=True)


# == mmchain ===================================================================


@case("mmchain", MMCHAIN, examples=40, may_decline=True)
def _mmchain(draw: Draw) -> Instance:
    """Chains written in a bad order (a vector at the far end), so a better one exists."""
    f = F()
    form = draw(st.sampled_from(["left", "right", "transposed", "four"]))
    big = st.integers(3, 6)
    if form == "left":  # ((A B) C) v-shaped: C has one column
        d = [draw(big), draw(big), draw(big), 1]
        xs = [f.arg(draw(matrices((d[i], d[i + 1]), FINITE_KINDS))) for i in range(3)]
        out = f.mm(f.mm(xs[0], xs[1]), xs[2])
    elif form == "right":  # u (A (B C)): u has one row
        d = [1, draw(big), draw(big), draw(big)]
        xs = [f.arg(draw(matrices((d[i], d[i + 1]), FINITE_KINDS))) for i in range(3)]
        out = f.mm(xs[0], f.mm(xs[1], xs[2]))
    elif form == "transposed":  # (X %*% t(A %*% B)) %*% v: t(A B) opens as t(B) t(A)
        n, m, p, k = draw(big), draw(big), draw(big), draw(big)
        x = f.arg(draw(matrices((n, m), FINITE_KINDS)))
        a = f.arg(draw(matrices((p, k), FINITE_KINDS)))
        b = f.arg(draw(matrices((k, m), FINITE_KINDS)))
        v = f.arg(draw(matrices((p, 1), FINITE_KINDS)))
        out = f.mm(f.mm(x, f.t(f.mm(a, b))), v)
    else:  # (((A B) C) D) with D a column
        d = [draw(big), draw(big), draw(big), draw(big), 1]
        xs = [f.arg(draw(matrices((d[i], d[i + 1]), FINITE_KINDS))) for i in range(4)]
        out = f.mm(f.mm(f.mm(xs[0], xs[1]), xs[2]), xs[3])
    return done(f, out, exact=False)


@case("product-chain", MMCHAIN, examples=40)
def _product_chain(draw: Draw, forms: Sequence[str] = ()) -> Instance:
    f = F()
    shape = draw(shapes(["tall", "wide", "square"]))
    x = f.arg(draw(matrices(shape)))
    forms = forms or ("repeat", "scalars", "vector-scalar", "repeat-scalar", "repeat-vector",
                      "same-vectors")  # fmt: skip
    form = draw(st.sampled_from(list(forms)))
    if form == "row-col":  # (X * u) * v, u a row and v a column vector: see the variant
        u = f.arg(draw(matrices((1, shape[1]))))
        v = f.arg(draw(matrices((shape[0], 1))))
        out = f.bin("mul", f.bin("mul", x, u), v)
    elif form == "same-vectors":  # (X * u1) * u2 -> (u1 * u2) * X, both rows (or columns)
        vshape = draw(st.sampled_from([(shape[0], 1), (1, shape[1])]))
        u1, u2 = f.arg(draw(matrices(vshape))), f.arg(draw(matrices(vshape)))
        out = f.bin("mul", f.bin("mul", *_order(draw, x, u1)), u2)
    elif form == "repeat-vector":  # (v * X) * v -> v^2 * X
        v = f.arg(draw(matrices(draw(st.sampled_from([(shape[0], 1), (1, shape[1])])))))
        out = f.bin("mul", f.bin("mul", *_order(draw, v, x)), v)
    elif form == "repeat":  # (B * A) * B -> A * B^2
        y = f.arg(draw(matrices(shape)))
        out = f.bin("mul", f.bin("mul", *_order(draw, y, x)), y)
    elif form == "scalars":  # (X * s1) * s2 -> (s1 * s2) * X
        s1, s2 = f.num(draw(any_scalars)), f.num(draw(any_scalars))
        out = f.bin("mul", *_order(draw, f.bin("mul", *_order(draw, x, s1)), s2))
    elif form == "vector-scalar":  # (X * v) * s
        vshape = draw(st.sampled_from([(shape[0], 1), (1, shape[1])]))
        v = f.arg(draw(matrices(vshape)))
        s = f.num(draw(any_scalars))
        out = f.bin("mul", *_order(draw, f.bin("mul", *_order(draw, x, v)), s))
    else:  # (s * X) * s
        s = f.num(draw(any_scalars))
        out = f.bin("mul", f.bin("mul", *_order(draw, s, x)), s)
    return done(f, out, exact=False)


# == constant-fold ===========================================================

FOLD_UNARY = ("neg", "exp", "abs", "sign", "round", "floor", "ceil", "sigmoid", "not")


@case("constant-fold", FOLD, examples=50)
def _constant_fold(draw: Draw) -> Instance:
    """An op over compile-time constants (matrix.constant, fill, seq, seeded rand)."""
    f = F()
    shape = draw(shapes())

    def source(s: Shape) -> V:
        how = draw(st.sampled_from(["const", "const", "fill", "rand"]))
        if how == "fill":
            return f.fill(draw(finite_scalars), s)
        if how == "rand":
            return f.rand(s, -3.0, 3.0, draw(st.sampled_from([1.0, 0.3])), draw(st.integers(0, 99)))
        return f.const_mat(draw(matrices(s, FINITE_KINDS + ("allzero",))))

    x = source(shape)
    r, c = shape
    what = draw(st.sampled_from(["binary", "scalar-binary", "unary", "t", "mm", "reduce",
                                 "trace", "bind", "slice", "meta", "arith"]))  # fmt: skip
    if what == "binary":
        out = f.bin(draw(st.sampled_from(BINARY)), x, source(shape))
    elif what == "scalar-binary":
        s = f.fconst(draw(finite_scalars))
        out = f.bin(draw(st.sampled_from(BINARY)), *draw(st.sampled_from([(x, s), (s, x)])))
    elif what == "unary":
        out = f.un(draw(st.sampled_from(FOLD_UNARY)), x)
    elif what == "t":
        out = f.t(x)
    elif what == "mm":
        out = f.mm(x, source((c, draw(dims(0, 3)))))
    elif what == "reduce":
        kind = draw(st.sampled_from(AGG_KINDS))
        out = f.reduce(kind, draw(st.sampled_from(["all", "row", "col"])), x)
    elif what == "trace":
        out = f.trace(source((r, r)))
    elif what == "bind":
        out = f.cbind(x, source((r, draw(dims(0, 3)))))
    elif what == "slice":
        r0, c0 = draw(st.integers(0, r)), draw(st.integers(0, c))
        out = f.slice(x, r0, draw(st.integers(r0, r)), c0, draw(st.integers(c0, c)))
    elif what == "meta":  # nnz folds when the type knows it: a constant's
        meta = draw(st.sampled_from(["nrow", "ncol", "nnz"]))
        if meta == "nnz":
            x = f.const_mat(draw(matrices(shape, FINITE_KINDS)))
        out = f.arith("sitofp", f.meta(meta, x), rtype="i64 to f64")
        out = V(out.name, "f64", None)
    else:
        a, b = f.fconst(draw(finite_scalars)), f.fconst(draw(finite_scalars))
        out = f.arith(draw(st.sampled_from(["addf", "subf", "mulf", "divf"])), a, b)
    return done(f, out, exact=True)


# == Variants split off a rule's case ========================================
# Each covers one form of its rule on its own, so a failure names the form it breaks.

for _rule, _fn in (
    ("colsums-mv", _colsums_mv),
    ("rowsums-mv", _rowsums_mv),
    ("diag-of-mm", _diag_of_mm),
    ("sum-squared", _sum_squared),
    ("minus-mm", _minus_mm),
):
    # empty operands: the empty-* rules also fire, on the pattern or on the replacement
    # (not sum-mm: with finite empty operands, empty-mm rewrites its product first; not
    # dot-product-sum: empty operands are finite, so empty-binary rewrites X*Y first)
    variant(f"{_rule}/empty", _fn, empty=True)
# commutative ops with the operands the other way round (the engine tries both orders)
variant("distribute-sub/x-times-y-minus-x", _distribute_sub, form="X*Y - X")
variant("colsums-mv/commuted", _colsums_mv, commuted=True)
variant("empty-mm/inner0", _empty_mm, inner0=True)
variant("rowsums-mv/commuted", _rowsums_mv, commuted=True)
variant("scalar-mv-binary/commuted", _scalar_mv_binary, commuted=True)
variant("empty-binary/add-left", _empty_binary, ops=("add-left",))
variant("empty-binary/mul", _empty_binary, ops=("mul",))

# Forms that were bugs, now declined or fixed.
variant(
    "sum-scalar-mult/large-scale",
    _sum_scalar_mult_overflow,
    declines="sum(1e300 * X) -> 1e300 * sum(X) moves an overflow for |x| > 1.8e8, far from "
    "1e308 (NaN before, 0 after with X = [1e10, -1e10]): it needs a bound on X",
)
variant("fill-to-scalar/negative-zero", _fill_to_scalar, negative_zero=True)
variant(
    "distribute-sub/scalar-y",
    _distribute_sub,
    declines=GUARD_DISTRIBUTE_SCALAR % ("distribute-sub", "sub"),
    scalar_y=True,
)
variant(
    "distribute-add/scalar-y",
    _distribute_add,
    declines=GUARD_DISTRIBUTE_SCALAR % ("distribute-add", "add"),
    scalar_y=True,
)
variant(
    "distribute-add/non-finite",
    lambda draw: draw(_distribute_nonfinite("add")),
    declines=GUARD_NONFINITE
    % ("distribute-add", "X + Y*X", "(1+Y)*X", "X = Inf, Y = -2", "NaN", "-Inf"),
)
variant(
    "distribute-sub/non-finite",
    lambda draw: draw(_distribute_nonfinite("sub")),
    declines=GUARD_NONFINITE
    % ("distribute-sub", "X - Y*X", "(1-Y)*X", "X = Inf, Y = 2", "NaN", "-Inf"),
)
variant(
    "sum-mm/non-finite",
    lambda draw: draw(_sum_mm_nonfinite()),
    declines=GUARD_NONFINITE
    % (
        "sum-mm",
        "sum(A %*% B)",
        "sum(t(colSums(A)) * rowSums(B))",
        "A = [[Inf, 1], [1, 1]], B = [[-1, 2], [0, 0]]",
        "NaN",
        "Inf",
    ),
)
variant("product-chain/row-col", _product_chain, declines=GUARD_OUTER, forms=("row-col",))
variant(
    "distributive-mm/non-finite",
    _distributive_mm,
    declines=GUARD_NONFINITE
    % ("distributive-mm", "A%*%B + A%*%C", "A%*%(B+C)", "A%*%B = Inf, A%*%C = -Inf", "NaN", "Inf"),
    nonfinite=True,
)


# == rev, cumulative aggregates, replace, is.nan (the DML frontend's ops) =========

REV_AGG_KINDS = ("sum", "mean", "min", "max", "sumsq", "var", "sd")
ROW_KINDS = ("sum", "mean", "min", "max", "sumsq", "var", "sd", "prod", "argmin", "argmax")


def _nan_const(f: F) -> V:
    name = f._fresh()
    f.body.append(f"{name} = arith.constant 0x7FF8000000000000 : f64")
    return V(name, "f64", None)


@case("rev-rev", STATIC)
def _rev_rev(draw: Draw) -> Instance:
    f = F()
    x = f.arg(draw(matrices(draw(shapes()))))
    return done(f, f.un("rev", f.un("rev", x)), exact=True)


@case("agg-of-rev", STATIC, examples=50)
def _agg_of_rev(draw: Draw) -> Instance:
    f = F()
    x = f.arg(draw(matrices(draw(shapes()))))
    kind = draw(st.sampled_from(REV_AGG_KINDS))
    axis = draw(st.sampled_from(["all", "col"]))
    return done(f, f.reduce(kind, axis, f.un("rev", x)), exact=kind in ("min", "max"))


@case("rowagg-of-rev", STATIC, examples=50)
def _rowagg_of_rev(draw: Draw) -> Instance:
    f = F()
    shape = draw(shapes())
    x = f.arg(draw(matrices(shape)))
    kinds = [k for k in ROW_KINDS if shape[1] or not k.startswith("arg")]  # argmax of nothing
    kind = draw(st.sampled_from(kinds))
    return done(f, f.reduce(kind, "row", f.un("rev", x)), exact=True)


@case("replace-zero", STATIC)
def _replace_zero(draw: Draw) -> Instance:
    f = F()
    x = f.arg(draw(matrices(draw(shapes()))))
    e = f.bin("eq", *_order(draw, x, f.fconst(0.0)))
    # s = -1 is mul-minus-one's first (s = 1: mul-one, then the X + (X==0) form)
    m = f.bin("mul", *_order(draw, e, f.fconst(draw(finite_scalars.filter(lambda v: v != -1)))))
    return done(f, f.bin("add", *_order(draw, x, m)), exact=True)


@case("replace-same", STATIC)
def _replace_same(draw: Draw) -> Instance:
    f = F()
    shape = draw(shapes())
    x = f.arg(draw(matrices(shape)))
    p = f.num(draw(any_scalars))
    return done(f, f.op("matrix.replace", [x, p, p], shape), exact=True)


@case("replace-nan-free", STATIC)
def _replace_nan_free(draw: Draw) -> Instance:
    f = F()
    shape = draw(shapes())
    x = _finite_operand(draw, f, shape)
    r = f.num(draw(any_scalars))
    return done(f, f.op("matrix.replace", [x, _nan_const(f), r], shape), exact=True)


@case("isnan-nan-free", STATIC)
def _isnan_nan_free(draw: Draw) -> Instance:
    f = F()
    shape = draw(shapes())
    if draw(st.booleans()):
        x = _finite_operand(draw, f, shape)
    else:  # a comparison of any data is 0/1
        x = f.bin("gt", f.arg(draw(matrices(shape))), f.fconst(0.0))
    return done(f, f.un("isnan", x), exact=True)


@case("isinf-finite", STATIC)
def _isinf_finite(draw: Draw) -> Instance:
    f = F()
    shape = draw(shapes())
    kind = draw(st.sampled_from(["finite", "compare", "tanh"]))
    if kind == "finite":
        x = _finite_operand(draw, f, shape)
    elif kind == "compare":  # a comparison of any data is 0/1
        x = f.bin("gt", f.arg(draw(matrices(shape))), f.fconst(0.0))
    else:  # tanh of finite data is in [-1, 1]
        x = f.un("tanh", _finite_operand(draw, f, shape))
    return done(f, f.un("isinf", x), exact=True)


def _cumagg(f: F, kind: str, x: V) -> V:
    return f.op("matrix.cumagg", [x], x.shape, kw=kind)


@case("cumagg-single-row", DYNAMIC)
def _cumagg_single_row(draw: Draw) -> Instance:
    f = F()
    x = _mat(draw, f, (1, draw(dims(0, 5))), empty=False)
    return done(f, _cumagg(f, draw(st.sampled_from(["sum", "prod", "min", "max"])), x), exact=True)


@case("sum-of-cumsum", DYNAMIC, examples=50)
def _sum_of_cumsum(draw: Draw) -> Instance:
    f = F()
    shape = (draw(dims(2, 5)), draw(dims(1, 4)))
    # finite data with non-zeros (all-zero is empty-cumagg's)
    if draw(st.booleans()):
        x = f.const_mat(draw(matrices(shape, FINITE_KINDS, nonempty=True)))
    else:
        x = f.rand(shape, -2.0, 2.0, 1.0, draw(st.integers(0, 1000)))
    c = _cumagg(f, "sum", x)
    return done(f, f.reduce("sum", draw(st.sampled_from(["all", "col"])), c), exact=False, deg=1)


@case("empty-cumagg", DYNAMIC)
def _empty_cumagg(draw: Draw) -> Instance:
    f = F()
    shape = draw(shapes([c for c in SHAPE_CLASSES if c not in ("1x1", "row")]))  # single-row's
    x = f.arg(np.zeros(shape))
    return done(f, _cumagg(f, draw(st.sampled_from(["sum", "prod", "min", "max"])), x), exact=True)


def _empty_trig(draw: Draw) -> Instance:
    f = F()
    x = f.arg(np.zeros(draw(shapes())))
    ops = ["sin", "tan", "isnan", "asin", "atan", "sinh", "tanh", "isinf"]
    return done(f, f.un(draw(st.sampled_from(ops)), x), exact=True)


def _empty_rev(draw: Draw) -> Instance:
    f = F()
    return done(f, f.un("rev", f.arg(np.zeros(draw(shapes())))), exact=True)


variant("empty-unary/trig", _empty_trig)
variant("empty-reorg/rev", _empty_rev)
# == table, remove_empty, order ================================================
# Result dims of table / remove_empty are data dependent: their types keep `?` there.


def _dim_s(d: int | None) -> str:
    return "?" if d is None else str(d)


def _remove_empty(f: F, x: V, margin: str, select: V | None = None, keep: bool = True) -> V:
    assert x.shape is not None
    r, c = x.shape
    shape_t = f"!matrix.mat<{_dim_s(None if margin == 'rows' else r)}x" \
              f"{_dim_s(c if margin == 'rows' else None)}xf64>"  # fmt: skip
    props = "" if keep else "{empty_return = false}"
    ops = [x] if select is None else [x, select]
    return f.op("matrix.remove_empty", ops, None, kw=margin, props=props, rtype=shape_t)


def _reduce_q(f: F, kind: str, axis: str, x: V, n: int) -> V:
    """A reduce of a value whose other dim is `?` (n: its known dim)."""
    rt = {"all": "f64", "row": f"!matrix.mat<{n}x1xf64>", "col": f"!matrix.mat<1x{n}xf64>"}
    return f.op("matrix.reduce", [x], None, kw=f"{kind} {axis}", rtype=rt[axis])


def _categories(draw: Draw, shape: Shape, hi: int = 4) -> Any:
    """Integer-valued category codes in 1..hi (what table counts), dense or CSR."""
    a = np.random.default_rng(draw(st.integers(0, 2**20))).integers(1, hi + 1, shape)
    a = a.astype(np.float64)
    return sp.csr_array(a) if draw(st.booleans()) and a.size else a


def _table(f: F, a: V, b: V, w: V, dims: tuple[int, int] | None = None) -> V:
    ops = [a, b, w]
    rt = "!matrix.mat<?x?xf64>"
    if dims is not None:
        ops += [f.iconst(dims[0]), f.iconst(dims[1])]
        rt = f"!matrix.mat<{dims[0]}x{dims[1]}xf64>"
    return f.op("matrix.table", ops, None, rtype=rt)


def _order_op(f: F, x: V, by: int, decreasing: bool, index: bool, rows: int | None) -> V:
    assert x.shape is not None
    props = ", ".join(
        p for p, on in (("decreasing = true", decreasing), ("index_return = true", index)) if on
    )
    shape = (rows, 1) if index else (rows, x.shape[1])
    rt = f"!matrix.mat<{_dim_s(shape[0])}x{_dim_s(shape[1])}xf64>"
    return f.op("matrix.order", [x, f.iconst(by)], None, props=f"{{{props}}}" if props else "",
                rtype=rt)  # fmt: skip


@case("remove-empty-agg", STATIC)
def _remove_empty_agg(draw: Draw) -> Instance:
    f = F()
    shape = draw(shapes())
    x = f.arg(draw(matrices(shape)))
    r, c = shape
    form = draw(st.sampled_from(["all-rows", "all-cols", "col", "row"]))
    kind = draw(st.sampled_from(["sum", "sumsq"]))
    keep = draw(st.booleans())
    if form.startswith("all"):
        R = _remove_empty(f, x, form[4:], keep=keep)
        out = _reduce_q(f, kind, "all", R, 0)
    elif form == "col":
        out = _reduce_q(f, kind, "col", _remove_empty(f, x, "rows", keep=keep), c)
    else:
        out = _reduce_q(f, kind, "row", _remove_empty(f, x, "cols", keep=keep), r)
    return done(f, out, exact=False)


@case("remove-empty-nrow", STATIC)
def _remove_empty_nrow(draw: Draw) -> Instance:
    f = F()
    form = draw(st.sampled_from(["select-rows", "select-cols", "vector"]))
    if form == "vector":
        v = f.arg(draw(matrices((draw(dims(0, 5)), 1))))
        R = _remove_empty(f, v, "rows")
        return done(f, f.meta("nrow", R), exact=True)
    shape = draw(shapes())
    x = f.arg(draw(matrices(shape)))
    n = shape[0] if form == "select-rows" else shape[1]
    sel_shape = draw(st.sampled_from([(n, 1), (1, n)]))
    s = f.arg(draw(matrices(sel_shape)))
    margin = "rows" if form == "select-rows" else "cols"
    R = _remove_empty(f, x, margin, s, keep=draw(st.booleans()))
    return done(f, f.meta("nrow" if margin == "rows" else "ncol", R), exact=True)


@case("table-sum", STATIC)
def _table_sum(draw: Draw) -> Instance:
    f = F()
    shape = draw(shapes())
    a = f.arg(_categories(draw, shape))
    b = (
        f.arg(_categories(draw, shape, 3))
        if draw(st.booleans())
        else f.fconst(float(draw(st.integers(1, 3))))
    )
    T = _table(f, a, b, f.fconst(1.0))
    return done(f, _reduce_q(f, "sum", "all", T, 0), exact=True)


@case("table-const-inputs", STATIC)
def _table_const_inputs(draw: Draw) -> Instance:
    f = F()
    shape = draw(shapes())
    a = f.arg(_categories(draw, shape))
    if draw(st.booleans()):  # B constant
        b = f.fill(float(draw(st.integers(1, 3))), shape)
        w = (
            f.arg(draw(matrices(shape, FINITE_KINDS)))
            if draw(st.booleans())
            else f.fconst(draw(finite_scalars))
        )
    else:  # W constant
        b = f.arg(_categories(draw, shape, 3))
        w = f.fill(draw(finite_scalars), shape)
    dims_ = (draw(dims(0, 5)), draw(dims(0, 4))) if draw(st.booleans()) else None
    return done(f, _table(f, a, b, w, dims_), exact=True)


@case("order-sorted", STATIC)
def _order_sorted(draw: Draw) -> Instance:
    f = F()
    if draw(st.booleans()):
        start = draw(st.sampled_from([0.0, 1.0, -2.5, 3.0]))
        step = draw(st.sampled_from([1.0, 0.5, 2.0, 3.0]))
        n = draw(dims(1, 6))
        q = f.op("matrix.seq", [f.fconst(start), f.fconst(start + (n - 1) * step),
                                f.fconst(step)], (n, 1))  # fmt: skip
        index = draw(st.booleans())
        decreasing = index and draw(st.booleans())  # descending values are not sorted
    else:
        shape = (draw(dims(1, 5)), draw(dims(1, 3)))
        q = f.fill(draw(finite_scalars), shape)
        n = shape[0]
        index, decreasing = draw(st.booleans()), draw(st.booleans())
    return done(f, _order_op(f, q, 0, decreasing, index, n), exact=True)


@case("remove-empty-unnecessary", DYNAMIC)
def _remove_empty_unnecessary(draw: Draw) -> Instance:
    f = F()
    margin = draw(st.sampled_from(["rows", "cols"]))
    if draw(st.booleans()):  # no empty line: every cell non-zero
        shape = draw(shapes([c for c in SHAPE_CLASSES if c != "empty"]))
        a = make_values("dense", draw(st.integers(0, 2**20)), shape, False)
        a[a == 0] = 1.0
        if draw(st.booleans()):
            a = sp.csr_array(a)
    else:  # one line along the margin, any values (an empty one becomes the zero line)
        n = draw(dims(0, 5))
        shape = (1, n) if margin == "rows" else (n, 1)
        a = draw(matrices(shape))
    x = f.arg(a)
    return done(f, _remove_empty(f, x, margin), exact=True)


@case("empty-remove-empty", DYNAMIC)
def _empty_remove_empty(draw: Draw) -> Instance:
    f = F()
    shape = draw(shapes())
    if shape in ((1, 1),) or 1 in shape:
        shape = (shape[0] + 1, shape[1] + 1)  # one line is remove-empty-unnecessary's
    x = f.arg(np.zeros(shape))
    return done(f, _remove_empty(f, x, draw(st.sampled_from(["rows", "cols"]))), exact=True)


@case("empty-order", DYNAMIC)
def _empty_order(draw: Draw) -> Instance:
    f = F()
    r, c = draw(dims(2, 5)), draw(dims(1, 3))  # one row is order-single-row's
    x = f.arg(sp.csr_array((r, c)) if draw(st.booleans()) else np.zeros((r, c)))
    by = draw(st.integers(0, c - 1))
    return done(f, _order_op(f, x, by, draw(st.booleans()), draw(st.booleans()), r), exact=True)


@case("order-single-row", DYNAMIC)
def _order_single_row(draw: Draw) -> Instance:
    f = F()
    c = draw(dims(1, 5))
    x = f.arg(draw(matrices((1, c), nonempty=True)))
    by = draw(st.integers(0, c - 1))
    return done(f, _order_op(f, x, by, draw(st.booleans()), draw(st.booleans()), 1), exact=True)


@case("outer-of-ones", STATIC)
def _outer_of_ones(draw: Draw, one_hot: bool = False) -> Instance:
    """op(a %*% matrix(1, 1, k), R) with R a 1 x k row: every binary op, every kind of
    value (NaN and Inf included: a[i] * 1 is exact); one-hot codes against a seq row
    (distinct values: the kernel's CSR path) now and then."""
    f = F()
    n, k = draw(dims(0, 6)), draw(dims(1, 6))
    if one_hot:
        codes = np.random.default_rng(draw(st.integers(0, 2**20))).integers(0, k + 1, (n, 1))
        a = f.arg(codes.astype(np.float64))
        row = f.arg(np.arange(k, dtype=np.float64).reshape(1, k))
        op = "eq"
    else:
        a = f.arg(draw(matrices((n, 1))))
        row = f.arg(draw(matrices((1, k))))
        op = draw(st.sampled_from(BINARY))
    A = f.mm(a, f.fill(1.0, (1, k)))
    return done(f, f.bin(op, A, row), exact=True)


variant("outer-of-ones/one-hot", _outer_of_ones, one_hot=True)

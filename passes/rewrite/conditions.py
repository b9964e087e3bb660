"""Rule conditions: small named predicates on the bound values (PDLL's native constraints).

Each predicate is made by a function decorated with `@condition`, which names it after
the call that made it (`is_col_vector(v)`), so the rewrite catalogue prints conditions as
the tables write them. Facts come from the values' types (dims, nnz) and, for `finite`
and `is_boolean`, from a conservative look at the producing op.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from xdsl.dialects import arith
from xdsl.ir import OpResult, SSAValue

from amls.dialects import matrix as mx
from amls.dialects.locations import file_line_col, format_location, source_name
from amls.dialects.traits import constant_value
from amls.passes.sizes.values import DBL_MAX, ModuleValueFacts, ValueFacts

Bindings = dict[str, Any]
"""Pattern variable name -> SSAValue (a list for Rest, a string for PropVar). The
engine binds the matched op's result as "root"."""

Test = Callable[[Bindings], bool]


@dataclass(frozen=True)
class Cond:
    """A named test on the bindings."""

    text: str
    test: Test
    why: Callable[[Bindings], str | None] | None = None
    """Which value fact it lacks, in words, where a missing fact (not the shape of
    the match) is why it fails: the trace's "held back" lines."""

    def __call__(self, b: Bindings) -> bool:
        return self.test(b)

    def explain(self, b: Bindings) -> str | None:
        """The missing fact that makes the condition fail on b, or None where the
        condition fails for another reason (a size, a property)."""
        return self.why(b) if self.why is not None else None

    def __str__(self) -> str:
        return self.text


def condition(factory: Callable[..., Test]) -> Callable[..., Cond]:
    """Turn a factory of tests into a factory of named conditions."""

    @functools.wraps(factory)
    def make(*args: Any) -> Cond:
        return Cond(f"{factory.__name__}({', '.join(map(str, args))})", factory(*args))

    return make


def all_of(*conds: Cond) -> Cond:
    def why(b: Bindings) -> str | None:
        failing = next((c for c in conds if not c(b)), None)
        return failing.explain(b) if failing is not None else None

    return Cond(" and ".join(map(str, conds)), lambda b: all(c(b) for c in conds), why)


def either(*conds: Cond) -> Cond:
    def why(b: Bindings) -> str | None:
        return next((w for c in conds if (w := c.explain(b)) is not None), None)

    return Cond(f"({' or '.join(map(str, conds))})", lambda b: any(c(b) for c in conds), why)


def not_(cond: Cond) -> Cond:
    return Cond(f"not {cond}", lambda b: not cond(b))


# -- facts of a value ----------------------------------------------------------------


def shape(v: SSAValue) -> tuple[int | None, int | None] | None:
    return v.type.shape if isinstance(v.type, mx.MatrixType) else None


def cells(v: SSAValue) -> int | None:
    s = shape(v)
    return None if s is None or None in s else s[0] * s[1]  # type: ignore[operator]


_BOOLEAN_OPS = (*mx.COMPARISONS, mx.AndOp, mx.OrOp, mx.NotOp, mx.IsNanOp, mx.IsInfOp)


def holds_boolean(v: SSAValue) -> bool:
    """v holds only 0/1 (a comparison or logic result)."""
    return isinstance(v.owner, _BOOLEAN_OPS)


FACTS = "@facts"
"""Bindings key of the pass run's value facts (a ModuleValueFacts), set by the engine."""


def value_facts(b: Bindings, v: SSAValue) -> ValueFacts:
    """v's value facts, from the run's analysis (a fresh one where a caller set none)."""
    view = b.get(FACTS)
    if view is None:
        view = b[FACTS] = ModuleValueFacts()
    return view.of(v)


def holds_finite(b: Bindings, v: SSAValue) -> bool:
    """v provably holds no NaN or Inf (its value facts: see passes/sizes/values.py)."""
    return value_facts(b, v).finite


def shown_value(v: SSAValue, pattern_name: str) -> str:
    """How a held-back line names a value: `%name` as the program spells it; an unnamed
    op result as its op and source location (the pattern's own name for it, `A`, means
    nothing to the user); else the pattern name."""
    if v.name_hint:
        return f"%{v.name_hint}"
    if isinstance(v, OpResult):
        loc = file_line_col(v.op.location)
        where = f" at {format_location(loc)}" if loc is not None else ""
        return f"the {source_name(v.op) or v.op.name} result{where}"
    return pattern_name


# -- the predicates the rule tables use ------------------------------------------------


def finite(*names: str) -> Cond:
    """Every named value provably holds no NaN or Inf ("root": the matched op's result,
    so a rule can ask that nothing on the way overflows either)."""

    def test(b: Bindings) -> bool:
        return all(holds_finite(b, b[n]) for n in names)

    def why(b: Bindings) -> str | None:
        for n in names:
            v = b[n]
            if not holds_finite(b, v):
                shown = "the result" if n == "root" and not v.name_hint else shown_value(v, n)
                return f"{shown} not provably finite ({value_facts(b, v).text()})"
        return None

    return Cond(f"finite({', '.join(names)})", test, why)


def nan_free(*names: str) -> Cond:
    """Every named value provably holds no NaN (Inf allowed): replace(X, NaN, r) and
    is.nan(X) leave such a value alone."""

    def test(b: Bindings) -> bool:
        return all(value_facts(b, b[n]).nan_free for n in names)

    def why(b: Bindings) -> str | None:
        for n in names:
            v = b[n]
            if not value_facts(b, v).nan_free:
                shown = shown_value(v, n)
                return f"{shown} not provably NaN-free ({value_facts(b, v).text()})"
        return None

    return Cond(f"nan_free({', '.join(names)})", test, why)


@condition
def is_nan_const(name: str) -> Test:
    """The scalar is the constant NaN (a float literal cannot match NaN: NaN != NaN)."""

    def test(b: Bindings) -> bool:
        c = constant_value(b[name])
        return isinstance(c, float) and math.isnan(c)

    return test


@condition
def rows_at_least(name: str, n: int) -> Test:
    return lambda b: (s := shape(b[name])) is not None and s[0] is not None and s[0] >= n


@condition
def is_boolean(name: str) -> Test:
    """The value holds only 0/1."""
    return lambda b: holds_boolean(b[name])


@condition
def one_use(name: str) -> Test:
    return lambda b: len(list(b[name].uses)) == 1


@condition
def read_only_by_tmm(name: str) -> Test:
    """Every use of the value is t(value) %*% ... (through a transpose whose every use is
    a matmul's left operand) or the right operand of such a product: rewriting each of
    them leaves the value unused, so it is never built."""

    def lhs_transpose(v: SSAValue) -> bool:
        return isinstance(v.owner, mx.TransposeOp) and all(
            isinstance(u.operation, mx.MatmulOp) and u.index == 0 for u in v.uses
        )

    def test(b: Bindings) -> bool:
        v = b[name]
        for u in v.uses:
            op = u.operation
            if isinstance(op, mx.TransposeOp):
                if not lhs_transpose(op.results[0]):
                    return False
            elif not (
                isinstance(op, mx.MatmulOp)
                and u.index == 1
                and lhs_transpose(op.operands[0])
                and op.operands[0].owner.operands[0] is v  # type: ignore[union-attr]
            ):
                return False
        return True

    return test


@condition
def one_of(prop: str, *values: str) -> Test:
    """A bound property (PropVar) is one of these strings."""
    return lambda b: b[prop] in values


@condition
def is_col_vector(name: str) -> Test:
    return lambda b: isinstance(b[name].type, mx.MatrixType) and b[name].type.cols == 1


@condition
def is_row_vector(name: str) -> Test:
    return lambda b: isinstance(b[name].type, mx.MatrixType) and b[name].type.rows == 1


@condition
def is_1x1(name: str) -> Test:
    return lambda b: shape(b[name]) == (1, 1)


@condition
def is_empty(name: str) -> Test:
    """nnz = 0 (known)."""
    return lambda b: isinstance(b[name].type, mx.MatrixType) and b[name].type.nnz == 0


@condition
def rows_are(name: str, n: int) -> Test:
    return lambda b: (s := shape(b[name])) is not None and s[0] == n


@condition
def cols_are(name: str, n: int) -> Test:
    return lambda b: (s := shape(b[name])) is not None and s[1] == n


@condition
def square(name: str) -> Test:
    return lambda b: (s := shape(b[name])) is not None and s[0] is not None and s[0] == s[1]


@condition
def non_empty_cells(name: str) -> Test:
    """Known dims, at least one cell."""
    return lambda b: (c := cells(b[name])) is not None and c > 0


@condition
def no_inner_dim(name: str) -> Test:
    """The left factor of a matmul has 0 columns (known)."""
    return lambda b: (s := shape(b[name])) is not None and s[1] == 0


@condition
def same_shape(*names: str) -> Test:
    """Equal known dims."""

    def test(b: Bindings) -> bool:
        first = shape(b[names[0]])
        return first is not None and None not in first and all(shape(b[n]) == first for n in names)

    return test


@condition
def same_rows(a: str, c: str) -> Test:
    """The types state the same row count (both unknown counts as the same: the op that
    combined them verified that they broadcast)."""
    return lambda b: (
        (sa := shape(b[a])) is not None and (sc := shape(b[c])) is not None and (sa[0] == sc[0])
    )


@condition
def same_known_cols(a: str, c: str) -> Test:
    """Both types state the same, known, column count."""
    return lambda b: (
        (sa := shape(b[a])) is not None
        and (sc := shape(b[c])) is not None
        and sa[1] is not None
        and sa[1] == sc[1]
    )


@condition
def same_cols(a: str, c: str) -> Test:
    """As same_rows, for columns."""
    return lambda b: (
        (sa := shape(b[a])) is not None and (sc := shape(b[c])) is not None and (sa[1] == sc[1])
    )


@condition
def smaller_than(part: str, whole: str) -> Test:
    """`part` has known dims and fewer cells than `whole` (known dims too)."""
    return lambda b: (
        (p := cells(b[part])) is not None and (w := cells(b[whole])) is not None and (p < w)
    )


@condition
def square_product(x: str, y: str) -> Test:
    """X %*% Y known square: a rewrite must not hide trace's shape error."""

    def test(b: Bindings) -> bool:
        sx, sy = shape(b[x]), shape(b[y])
        return sx is not None and sy is not None and None not in (*sx, *sy) and sx == sy[::-1]

    return test


@condition
def conformable(name: str) -> Test:
    """The product bound to name has inner dims known or provably equal (the same
    symbol, as in t(X) %*% X): a rewrite that drops the product must not turn its shape
    error into a result (X %*% y with y 1x1 is X * y only where X has one column)."""
    from amls.passes.speculation import dim

    def test(b: Bindings) -> bool:
        op = b[name].owner
        return isinstance(op, mx.MatmulOp) and dim(op.lhs, 1) == dim(op.rhs, 0)

    return test


@condition
def const_is(name: str, value: int) -> Test:
    return lambda b: constant_value(b[name]) == value


@condition
def nonzero_const(name: str) -> Test:
    """A finite non-zero constant (0 * sum(X) is NaN where sum(X) overflows; sum(0*X) is 0)."""

    def test(b: Bindings) -> bool:
        c = constant_value(b[name])
        return c is not None and math.isfinite(c) and c != 0

    return test


def scaling_in_range(s: str, x: str) -> Cond:
    """The constant s times any cell of X cannot overflow where s * sum(X) does not, beyond
    the re-association licence (docs/numerics.md): |s| <= 1, or |s| at most X's cell
    count (then s*x overflows only for |x| within that factor of the largest double), or
    |s| times X's proven bound on |x| stays below the largest double. sum(1e300 * X)
    with X = [1e10, -1e10] is NaN, 1e300 * sum(X) is 0."""

    def scale(b: Bindings) -> float | None:
        c = constant_value(b[s])
        return abs(c) if isinstance(c, float | int) else None

    def test(b: Bindings) -> bool:
        c = scale(b)
        if c is None:
            return False
        if c <= max(1, cells(b[x]) or 0):
            return True
        bound = value_facts(b, b[x]).absmax
        return bound * c <= DBL_MAX

    def why(b: Bindings) -> str | None:
        c, v = scale(b), b[x]
        if c is None or test(b):
            return None
        shown = shown_value(v, x)
        return f"{shown} times {c!r} may overflow ({value_facts(b, v).text()})"

    return Cond(f"scaling_in_range({s}, {x})", test, why)


@condition
def whole_slice(x: str, r0: str, r1: str, c0: str, c1: str) -> Test:
    """The slice bounds are constants covering all of X (known dims)."""

    def test(b: Bindings) -> bool:
        s = shape(b[x])
        if s is None or None in s:
            return False
        return (
            constant_value(b[r0]) == 0
            and constant_value(b[c0]) == 0
            and constant_value(b[r1]) == s[0]
            and constant_value(b[c1]) == s[1]
        )

    return test


@condition
def is_count_of(n: str, x: str, axis: str) -> Test:
    """n is X's row (axis "rows") or column count: nrow(X) itself, or its known value."""
    meta = mx.NrowOp if axis == "rows" else mx.NcolOp

    def test(b: Bindings) -> bool:
        v = b[n]
        owner = v.owner
        if isinstance(owner, arith.SIToFPOp):
            src = owner.input.owner
            if isinstance(src, meta) and src.input is b[x]:
                return True  # divides by nrow(X) itself: any size
            v = owner.input
        want = shape(b[x])
        expected = None if want is None else want[0] if axis == "rows" else want[1]
        c = constant_value(v)
        return expected is not None and c is not None and float(c) == float(expected)

    return test

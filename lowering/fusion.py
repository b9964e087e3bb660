"""Fused physical operators (docs/rewrites.md "Fused physical operators"), one row per form.

A row is written in the rewrite pattern DSL: the fused op, the pattern it replaces (as
the math reads), the bound values that become the fused op's operands, its properties and
a condition. Every inner op of the pattern is consumed: erased once it has no other use,
so the ones that must disappear ask `one_use`. lower-to-phys only fuses a root it runs
locally (dist tsmm aside, which it selects itself).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from xdsl.dialects import scf
from xdsl.ir import Operation, SSAValue

from amls.dialects import matrix as mx
from amls.dialects import phys
from amls.passes.rewrite.conditions import (
    Bindings,
    Cond,
    Test,
    all_of,
    condition,
    either,
    is_col_vector,
    same_shape,
)
from amls.passes.rewrite.match import matches_op
from amls.passes.rewrite.pattern import (
    Mat,
    Num,
    Op,
    colSums,
    rowSums,
    show,
    sum_,
    t,
    to_scalar,
)
from amls.passes.sizes.memory import matrix_bytes


@dataclass(frozen=True)
class Match:
    op_type: type[phys.PhysOp]
    operands: list[SSAValue]
    props: dict[str, str]
    consumed: list[Operation]
    """Inner ops the fused op replaces (erased when they have no other use)."""
    decide_on: Operation | None = None
    """The op whose memory estimate picks local or dist (default: the root)."""


@dataclass
class Fused:
    """One form of a fused op: `pattern -> op_type(operands) {props} [when condition]`.

    Every inner op of the pattern must have one use, except those named in `shared`
    (a transpose another user may keep)."""

    op_type: type[phys.PhysOp]
    pattern: Op
    operands: tuple[str, ...]
    props: dict[str, str] = field(default_factory=dict)
    when: Cond | None = None
    shared: tuple[str, ...] = ()
    decide_on: str | None = None
    """A bound inner op whose memory estimate decides local or dist."""
    inner: list[str] = field(init=False)
    """The bound names of the pattern's inner ops, outer first (the consumed ops)."""

    def __post_init__(self) -> None:
        self.inner = list(_inner_names(self.pattern))

    def match(self, root: Operation) -> Match | None:
        for b in matches_op(self.pattern, root, {"root": root.results[0]}):
            if self._single_uses(b) and (self.when is None or self.when(b)):
                return Match(
                    self.op_type,
                    [b[n] for n in self.operands],
                    dict(self.props),
                    [b[n].owner for n in self.inner],
                    b[self.decide_on].owner if self.decide_on else None,
                )
        return None

    def _single_uses(self, b: Bindings) -> bool:
        return all(b[n].has_one_use() for n in self.inner if n not in self.shared)


def _inner_names(p: Op) -> Iterator[str]:
    """The bound names of the Op nodes below p, outer first; an unnamed node is given
    a name (`_1`, `_2`, ...; the catalogue does not print those)."""
    stack = [a for a in reversed(p.args) if isinstance(a, Op)]
    count = 0
    while stack:
        node = stack.pop()
        count += 1
        if node.bind is None:
            node.as_(f"_{count}")
        yield node.bind  # type: ignore[misc]
        stack.extend(a for a in reversed(node.args) if isinstance(a, Op))


@dataclass(frozen=True)
class FusedRule:
    """A fused operator: its forms, tried in order at a root of their pattern's class."""

    name: str
    forms: tuple[Fused, ...]

    @property
    def root(self) -> tuple[type[Operation], ...]:
        return tuple({f.pattern.cls: None for f in self.forms})

    @property
    def pattern(self) -> str:
        """The forms as math (the reason --explain gives for a fused op)."""
        return ", ".join(show(f.pattern, names=False) for f in self.forms)

    def match(self, root: Operation) -> Match | None:
        for form in self.forms:
            if isinstance(root, form.pattern.cls) and (m := form.match(root)) is not None:
                return m
        return None


# -- conditions ------------------------------------------------------------------------


def _bytes(v: SSAValue) -> int | None:
    ty = v.type
    if not isinstance(ty, mx.MatrixType) or ty.rows is None or ty.cols is None:
        return None
    return matrix_bytes(ty.rows, ty.cols, ty.nnz)[0]


@condition
def fewer_bytes(small: str, large: str) -> Test:
    """`small` takes fewer bytes than `large` (both known)."""

    def test(b: Bindings) -> bool:
        sb, lb = _bytes(b[small]), _bytes(b[large])
        return sb is not None and lb is not None and sb < lb

    return test


@condition
def maybe_sparse(name: str) -> Test:
    """`name` is a matrix (not a column) that is not provably dense (its nnz is unknown or
    under the CSR threshold): held as CSR, t(X) %*% Y then reads X's CSC view, where
    transposing X first costs a copy and a slower CSR product (kmeans's t(P) %*% X on its
    one-hot P: 0.55 ms against 3.5). A column's transpose is a view either way."""

    def test(b: Bindings) -> bool:
        ty = b[name].type
        if not isinstance(ty, mx.MatrixType) or ty.cols is None or ty.cols <= 1:
            return False
        if ty.nnz is None or ty.rows is None:
            return True
        return matrix_bytes(ty.rows, ty.cols, ty.nnz)[1] == "sparse"

    return test


@condition
def not_sparse(name: str) -> Test:
    """`name` is not known to be held as CSR (its non-zeros unknown, or dense enough): a
    row-blocked dense kernel pays there (a CSR value at run time takes the unfused
    product in the kernel)."""

    def test(b: Bindings) -> bool:
        ty = b[name].type
        if not isinstance(ty, mx.MatrixType):
            return False
        if None in (ty.rows, ty.cols, ty.nnz):
            return True
        return matrix_bytes(ty.rows, ty.cols, ty.nnz)[1] == "dense"  # type: ignore[arg-type]

    return test


def _innermost_loop(op: Operation) -> Operation | None:
    p = op.parent_op()
    while p is not None and not isinstance(p, scf.ForOp | scf.WhileOp):
        p = p.parent_op()
    return p


@condition
def same_loop(name: str) -> Test:
    """`name` is computed inside the root's innermost loop (or neither is in a loop): a
    t(X) that licm hoisted out of the loop is paid once, and the plain product on it then
    beats the fused one every iteration (a sparse X: CSR of t(X) once, not X's CSC view
    per iteration; PageRank's t(P)%*%p 12 -> 7 ms)."""

    def test(b: Bindings) -> bool:
        loop = _innermost_loop(b["root"].owner)
        return loop is None or loop.is_ancestor(b[name].owner)

    return test


TMM_VIEW_CELLS = 65536
"""Largest t(X) %*% Y (in cells, 512 KB) that reads a sparse X's CSC view even where a
hoisted t(X) exists: the view's product scatters into the result, which at this size
stays in cache, and leaves one copy of X in the loop's working set instead of two.
Measured here (100,000 x 1,000, 1M non-zeros, beside X %*% w): 2.42 ms per iteration on
the view against 2.71 on the CSR copy, and no 30 ms transpose; at 300,000 columns the
two are even."""


@condition
def small_product(x: str, y: str) -> Test:
    """t(x) %*% y has at most TMM_VIEW_CELLS cells (both sizes known)."""

    def test(b: Bindings) -> bool:
        tx, ty = b[x].type, b[y].type
        if not isinstance(tx, mx.MatrixType) or not isinstance(ty, mx.MatrixType):
            return False
        return tx.cols is not None and ty.cols is not None and tx.cols * ty.cols <= TMM_VIEW_CELLS

    return test


# -- the table -------------------------------------------------------------------------

X, Y, Z, U, V, W = Mat("X"), Mat("Y"), Mat("Z"), Mat("U"), Mat("V"), Mat("W")
v, w, y = Mat("v"), Mat("w"), Mat("y")
s = Num("s")


def _xv() -> Op:
    """X %*% v, the inner product of an mmchain (a fresh node per pattern)."""
    return (X @ v).as_("Xv")


def _mmchain(inner: Op, operands: tuple[str, ...], kind: str, *also: Cond) -> Fused:
    """t(X) %*% inner, inner a column; t(X) may have other users."""
    pattern = t(X).as_("tX") @ inner.as_("r")
    when = all_of(is_col_vector("r"), is_col_vector("v"), *also)
    return Fused(phys.MmchainOp, pattern, operands, {"kind": kind}, when, shared=("tX",))


FUSED_RULES: tuple[FusedRule, ...] = (
    FusedRule("tsmm", (
        Fused(phys.TsmmOp, t(X).as_("tX") @ X, ("X",), {"side": "left"}, shared=("tX",)),
        Fused(phys.TsmmOp, X @ t(X).as_("tX"), ("X",), {"side": "right"}, shared=("tX",)),
    )),
    FusedRule("mmchain", (
        _mmchain(_xv(), ("X", "v"), "xtxv"),
        _mmchain(w * _xv(), ("X", "v", "w"), "xtwxv", same_shape("w", "Xv")),
        _mmchain(_xv() - y, ("X", "v", "y"), "xtxvy", same_shape("y", "Xv")),
    )),
    FusedRule("wtsmm", (
        Fused(phys.WtsmmOp, t(X).as_("tX") @ (w * X).as_("wX"), ("X", "w"),
              when=all_of(is_col_vector("w"), not_sparse("X")), shared=("tX",)),
    )),
    FusedRule("tmm", (
        Fused(phys.TmmOp, t(X).as_("tX") @ Y, ("X", "Y"),
              when=all_of(either(fewer_bytes("Y", "X"), maybe_sparse("X")),
                          either(same_loop("tX"), small_product("X", "Y"))),
              shared=("tX",)),
    )),
    FusedRule("wsloss", (
        Fused(phys.WslossOp, sum_(W * (X - (U @ t(V)).as_("UV")) ** 2.0), ("W", "X", "U", "V"),
              when=all_of(same_shape("W", "X"), same_shape("X", "UV"))),
    )),
    FusedRule("tak+", (
        Fused(phys.TakOp, sum_(((X * Y).as_("XY") * Z).in_order()), ("X", "Y", "Z"),
              {"axis": "all"}, when=all_of(same_shape("XY", "Z"), same_shape("X", "Y", "Z"))),
        Fused(phys.TakOp, sum_(X * Y), ("X", "Y"), {"axis": "all"}, when=same_shape("X", "Y")),
        Fused(phys.TakOp, colSums(X * Y), ("X", "Y"), {"axis": "col"}, when=same_shape("X", "Y")),
        Fused(phys.TakOp, rowSums(X * Y), ("X", "Y"), {"axis": "row"}, when=same_shape("X", "Y")),
    )),
    FusedRule("tak+ dot", (
        Fused(phys.TakOp, to_scalar((t(X) @ y).as_("XTy")), ("X", "y"), {"axis": "all"},
              when=all_of(is_col_vector("y"), same_shape("X", "y")), decide_on="XTy"),
    )),
    FusedRule("axpy", (
        Fused(phys.AxpyOp, X + s * Y, ("X", "s", "Y"), {"sign": "add"}, when=same_shape("X", "Y")),
        Fused(phys.AxpyOp, X - s * Y, ("X", "s", "Y"), {"sign": "sub"}, when=same_shape("X", "Y")),
    )),
)  # fmt: skip
"""In priority order: the first matching row wins at a root."""

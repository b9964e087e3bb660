"""Pass `mmchain`: optimal order of matrix-multiply chains and element-wise product chains.

Matmul chains of >= 3 operands, linked through one-use intermediates, are
re-parenthesised by dynamic programming over the known dims. Beyond the
classic d_i*d_k*d_j cost: with known nnz the cost of a product is the
sparse flop count nnz(A) * nnz(B) / k (the dense formula when both are dense),
with the intermediate's nnz estimated by the metadata formula; and a one-use
t(A %*% B) inside a chain is opened as t(B) %*% t(A) so its factors join the
search. A chain is rebuilt only when the new order is strictly cheaper, and
never through a 0-wide inner dimension (the order decides there whether a
NaN/Inf factor reaches the result).

Element-wise product chains put scalars first, then vectors, then matrices, and
repeated factors become powers ((B*A)*B -> A*B^2); floating-point
reassociation is allowed here (docs/rewrites.md).
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import arith
from xdsl.dialects.builtin import FloatAttr, ModuleOp, f64
from xdsl.ir import Operation, SSAValue
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import (
    GreedyRewritePatternApplier,
    PatternRewriter,
    PatternRewriteWalker,
    RewritePattern,
)
from xdsl.rewriter import InsertPoint

from amls.dialects import matrix as mx
from amls.passes import register_pass
from amls.passes.rewrite.build import replace_value, result_type
from amls.passes.rewrite.trace import RewriteTrace, Traced


def _one_use(v: SSAValue) -> bool:
    return len(list(v.uses)) == 1


@dataclass(frozen=True)
class Leaf:
    value: SSAValue
    transposed: bool  # the chain uses t(value)

    @property
    def shape(self) -> tuple[int | None, int | None]:
        r, c = self.value.type.shape  # type: ignore[attr-defined]
        return (c, r) if self.transposed else (r, c)

    @property
    def nnz(self) -> float:
        t = self.value.type
        assert isinstance(t, mx.MatrixType)
        if t.nnz is not None:
            return float(t.nnz)
        return float(t.rows * t.cols)  # type: ignore[operator]


def collect(
    v: SSAValue, transposed: bool, root: bool, out: list[Leaf], inner: list[Operation]
) -> None:
    """Flatten the matmul tree behind v (seen through one-use links) into leaves."""
    op = v.owner
    if isinstance(op, mx.MatmulOp) and (root or _one_use(v)):
        inner.append(op)
        a, b = op.lhs, op.rhs
        if transposed:  # t(A @ B) = t(B) @ t(A)
            collect(b, True, False, out, inner)
            collect(a, True, False, out, inner)
        else:
            collect(a, False, False, out, inner)
            collect(b, False, False, out, inner)
        return
    if isinstance(op, mx.TransposeOp) and not root and _one_use(v):
        inner_op = op.input.owner
        if isinstance(inner_op, mx.MatmulOp) and _one_use(op.input):
            inner.append(op)
            collect(op.input, not transposed, False, out, inner)
            return
    out.append(Leaf(v, transposed))


@dataclass
class Plan:
    cost: float
    rows: int
    cols: int
    nnz: float
    split: int | None  # None for a leaf


def _product(a: Plan, b: Plan, k: int) -> tuple[float, float]:
    """(flops, result nnz estimate) of a (rows x k) @ (k x cols)."""
    flops = a.nnz * b.nnz / max(k, 1)
    sa = a.nnz / max(a.rows * k, 1)
    sb = b.nnz / max(k * b.cols, 1)
    dens = 1.0 - (1.0 - min(1.0, sa * sb)) ** k
    return flops, dens * a.rows * b.cols


def optimal(leaves: list[Leaf]) -> tuple[dict[tuple[int, int], Plan], float]:
    n = len(leaves)
    best: dict[tuple[int, int], Plan] = {}
    for i, leaf in enumerate(leaves):
        r, c = leaf.shape
        best[(i, i)] = Plan(0.0, r, c, leaf.nnz, None)  # type: ignore[arg-type]
    for length in range(2, n + 1):
        for i in range(n - length + 1):
            j = i + length - 1
            choice: Plan | None = None
            for k in range(i, j):
                a, b = best[(i, k)], best[(k + 1, j)]
                flops, nnz = _product(a, b, a.cols)
                cost = a.cost + b.cost + flops
                if choice is None or cost < choice.cost:
                    choice = Plan(cost, a.rows, b.cols, nnz, k)
            assert choice is not None
            best[(i, j)] = choice
    return best, best[(0, n - 1)].cost


def current_cost(v: SSAValue, leaves: list[Leaf]) -> float:
    """The cost of the chain as written (same model), by replaying its tree."""

    def plan(x: SSAValue, transposed: bool) -> Plan:
        op = x.owner
        if isinstance(op, mx.MatmulOp) and not _is_leaf(x, transposed, leaves):
            a, b = (op.rhs, op.lhs) if transposed else (op.lhs, op.rhs)
            pa, pb = plan(a, transposed), plan(b, transposed)
            flops, nnz = _product(pa, pb, pa.cols)
            return Plan(pa.cost + pb.cost + flops, pa.rows, pb.cols, nnz, 0)
        if isinstance(op, mx.TransposeOp) and not _is_leaf(x, transposed, leaves):
            return plan(op.input, not transposed)
        leaf = Leaf(x, transposed)
        r, c = leaf.shape
        return Plan(0.0, r, c, leaf.nnz, None)  # type: ignore[arg-type]

    return plan(v, False).cost


def _is_leaf(x: SSAValue, transposed: bool, leaves: list[Leaf]) -> bool:
    return any(lf.value is x and lf.transposed == transposed for lf in leaves)


class MatmulChain(RewritePattern):
    def __init__(self, trace: RewriteTrace):
        self.trace = trace

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, mx.MatmulOp):
            return
        # Only the root of a chain: its result is not itself a one-use link of a matmul.
        uses = list(op.result.uses)
        if len(uses) == 1 and isinstance(uses[0].operation, mx.MatmulOp | mx.TransposeOp):
            return
        leaves: list[Leaf] = []
        inner: list[Operation] = []
        collect(op.result, False, True, leaves, inner)
        if len(leaves) < 3 or any(None in lf.shape for lf in leaves):
            return
        if any(lf.shape[1] == 0 for lf in leaves[:-1]):
            # Through a 0-wide inner dim the chain is zeros in the orders that contract
            # it last and NaN in others when a factor holds NaN/Inf: keep the user's.
            return
        best, cost = optimal(leaves)
        if cost >= current_cost(op.result, leaves) * (1 - 1e-9):
            return
        transposed: dict[tuple[int, bool], SSAValue] = {}

        def leaf_value(i: int) -> SSAValue:
            lf = leaves[i]
            if not lf.transposed:
                return lf.value
            key = (id(lf.value), True)
            if key not in transposed:  # type: ignore[comparison-overlap]
                t = mx.TransposeOp.build(
                    operands=[lf.value],
                    result_types=[result_type(mx.TransposeOp, [lf.value], {})],
                )
                t.location = op.location
                rewriter.insert(t, InsertPoint.before(op))
                transposed[key] = t.result  # type: ignore[index]
            return transposed[key]  # type: ignore[index]

        def build(i: int, j: int) -> SSAValue:
            if i == j:
                return leaf_value(i)
            k = best[(i, j)].split
            assert k is not None
            a, b = build(i, k), build(k + 1, j)
            mm = mx.MatmulOp.build(
                operands=[a, b], result_types=[result_type(mx.MatmulOp, [a, b], {})]
            )
            mm.location = op.location
            rewriter.insert(mm, InsertPoint.before(op))
            return mm.result

        new = build(0, len(leaves) - 1)
        self.trace.record("mmchain", op)
        replace_value(rewriter, op, new)


def _rank(v: SSAValue) -> int:
    """Scalars first, then vectors, then matrices."""
    t = v.type
    if not isinstance(t, mx.MatrixType):
        return 0
    if t.rows == 1 or t.cols == 1:
        return 1 if t.shape != (1, 1) else 1
    return 2


def collect_product(v: SSAValue, root: bool, out: list[SSAValue]) -> None:
    op = v.owner
    if isinstance(op, mx.MulOp) and (root or _one_use(v)):
        collect_product(op.lhs, False, out)
        collect_product(op.rhs, False, out)
        return
    out.append(v)


def _cells(v: SSAValue) -> float:
    t = v.type
    if not isinstance(t, mx.MatrixType):
        return 1.0
    return float(t.cells) if t.cells is not None else float("inf")


def _tree_cells(v: SSAValue, root: bool = True) -> float:
    """Cells computed by the mul nodes of the chain as written."""
    op = v.owner
    if isinstance(op, mx.MulOp) and (root or _one_use(v)):
        return _cells(v) + _tree_cells(op.lhs, False) + _tree_cells(op.rhs, False)
    return 0.0


def _broadcasts(order: list[SSAValue]) -> bool:
    """Every step of the left-deep product of `order` is a valid, known broadcast."""
    acc: tuple[int | None, int | None] | None = None
    for f in order:
        s = f.type.shape if isinstance(f.type, mx.MatrixType) else None
        if acc is None:
            acc = s
            continue
        if s is None:
            continue
        out = mx.broadcast_shape(acc, s)
        if isinstance(out, str) or None in out:
            return False
        acc = out
    return True


def _chain_cells_cheap_first(order: list[SSAValue]) -> float:
    """Cells computed by a left-deep product of `order` (broadcast: the larger shape)."""
    total, acc = 0.0, _cells(order[0])
    for f in order[1:]:
        acc = max(acc, _cells(f))
        total += acc
    return total


class ProductChain(RewritePattern):
    def __init__(self, trace: RewriteTrace):
        self.trace = trace

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, mx.MulOp):
            return
        uses = list(op.result.uses)
        if len(uses) == 1 and isinstance(uses[0].operation, mx.MulOp):
            return  # not the root
        factors: list[SSAValue] = []
        collect_product(op.result, True, factors)
        counts: dict[int, int] = {}
        order: list[SSAValue] = []
        for f in factors:
            if id(f) not in counts:
                counts[id(f)] = 0
                order.append(f)
            counts[id(f)] += 1
        order.sort(key=_rank)  # stable: ties keep their first-seen order
        repeated = any(n > 1 for n in counts.values())
        if not _broadcasts(order):
            return  # e.g. a row and a column vector: reordering would broadcast outer
        if len(factors) < 3 and not repeated:
            return
        if len(factors) == 2:
            return  # X*X is mul-self's (simplify-static)
        # Reorder only if cheaper: the cells of the intermediate products.
        if not repeated and _chain_cells_cheap_first(order) >= _tree_cells(op.result):
            return

        def ins(new_op: Operation) -> SSAValue:
            new_op.location = op.location
            rewriter.insert(new_op, InsertPoint.before(op))
            return new_op.results[0]

        terms: list[SSAValue] = []
        for f in order:
            n = counts[id(f)]
            if n == 1:
                terms.append(f)
            elif isinstance(f.type, mx.MatrixType):
                e = ins(arith.ConstantOp(FloatAttr(float(n), f64)))
                terms.append(
                    ins(
                        mx.PowOp.build(
                            operands=[f, e], result_types=[result_type(mx.PowOp, [f, e], {})]
                        )
                    )
                )
            else:
                acc = f
                for _ in range(n - 1):
                    acc = ins(arith.MulfOp(acc, f))
                terms.append(acc)
        acc = terms[0]
        for term in terms[1:]:
            if not isinstance(acc.type, mx.MatrixType) and not isinstance(term.type, mx.MatrixType):
                acc = ins(arith.MulfOp(acc, term))
            else:
                acc = ins(
                    mx.MulOp.build(
                        operands=[acc, term], result_types=[result_type(mx.MulOp, [acc, term], {})]
                    )
                )
        if acc is op.result:
            return
        self.trace.record("product-chain", op)
        replace_value(rewriter, op, acc)


@register_pass
@dataclass(frozen=True)
class MmchainPass(Traced, ModulePass):
    name = "mmchain"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        self.trace.clear()
        PatternRewriteWalker(
            GreedyRewritePatternApplier([MatmulChain(self.trace), ProductChain(self.trace)]),
            apply_recursively=True,
        ).rewrite_module(op)

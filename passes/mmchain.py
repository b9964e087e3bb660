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

Inside an scf.for with a known trip count T >= 2, a sub-chain whose factors are all
loop-invariant is computed once: licm hoists it (the rewrite round runs licm after this
pass). There the chain is planned by time, a product of invariant factors counting 1/T
per iteration, with BLAS-3 products (matrix times matrix) at GEMM_RATE and the rest
(matrix-vector, memory-bound) at MATVEC_RATE: flops alone would keep PCA's
t(X)%*%(X%*%v) per iteration (4 Mflop) over forming t(X)%*%X once (500 Mflop / 50),
which measured 3x slower. A chain keeps the flops plan unless the timed plan hoists.
SystemDS plans chains by flops and its code motion is off by default.

Element-wise product chains put scalars first, then vectors, then matrices, and
repeated factors become powers ((B*A)*B -> A*B^2); floating-point
reassociation is allowed here (docs/rewrites.md).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import arith, scf
from xdsl.dialects.builtin import FloatAttr, ModuleOp, f64
from xdsl.dialects.func import FuncOp
from xdsl.ir import Block, Operation, SSAValue
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import (
    GreedyRewritePatternApplier,
    PatternRewriter,
    PatternRewriteWalker,
    RewritePattern,
)
from xdsl.rewriter import InsertPoint
from xdsl.traits import IsTerminator, is_side_effect_free

from amls.dialects import matrix as mx
from amls.passes import register_pass
from amls.passes.licm import runs_once
from amls.passes.rewrite.build import replace_value, result_type
from amls.passes.rewrite.trace import RewriteTrace, Traced
from amls.passes.speculation import can_fail, int_of


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


StepCost = Callable[[Plan, Plan, int, float, int, int], float]
"""The cost of one product in a plan: (a, b, k, flops, i, j) for leaves i..j."""


def _flops(a: Plan, b: Plan, k: int, flops: float, i: int, j: int) -> float:
    return flops


def optimal(
    leaves: list[Leaf], step: StepCost = _flops
) -> tuple[dict[tuple[int, int], Plan], float]:
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
                cost = a.cost + b.cost + step(a, b, a.cols, flops, i, j)
                if choice is None or cost < choice.cost:
                    choice = Plan(cost, a.rows, b.cols, nnz, k)
            assert choice is not None
            best[(i, j)] = choice
    return best, best[(0, n - 1)].cost


def current_cost(v: SSAValue, leaves: list[Leaf], step: StepCost = _flops) -> float:
    """The cost of the chain as written (same model), by replaying its tree. The leaves
    are consumed left to right, so each node knows the leaf range i..j it spans."""
    nxt = 0

    def plan(x: SSAValue, transposed: bool) -> tuple[Plan, int]:
        nonlocal nxt
        op = x.owner
        if isinstance(op, mx.MatmulOp) and not _is_leaf(x, transposed, leaves):
            a, b = (op.rhs, op.lhs) if transposed else (op.lhs, op.rhs)
            (pa, i), (pb, _) = plan(a, transposed), plan(b, transposed)
            flops, nnz = _product(pa, pb, pa.cols)
            cost = pa.cost + pb.cost + step(pa, pb, pa.cols, flops, i, nxt - 1)
            return Plan(cost, pa.rows, pb.cols, nnz, 0), i
        if isinstance(op, mx.TransposeOp) and not _is_leaf(x, transposed, leaves):
            return plan(op.input, not transposed)
        leaf = Leaf(x, transposed)
        r, c = leaf.shape
        nxt += 1
        return Plan(0.0, r, c, leaf.nnz, None), nxt - 1  # type: ignore[arg-type]

    return plan(v, False)[0].cost


def _is_leaf(x: SSAValue, transposed: bool, leaves: list[Leaf]) -> bool:
    return any(lf.value is x and lf.transposed == transposed for lf in leaves)


# -- chains in loops ----------------------------------------------------------------

GEMM_RATE = 20e9
"""Multiply-adds per second of a dense matrix-matrix product (BLAS-3, both cores)."""
MATVEC_RATE = 2e9
"""... of a matrix-vector (or sparse) product: memory-bound (X%*%v on PCA's 8000x250 X)."""


def _seconds(a: Plan, b: Plan, k: int, flops: float) -> float:
    dense = a.nnz >= 0.5 * a.rows * k and b.nnz >= 0.5 * k * b.cols
    blas3 = dense and min(a.rows, k, b.cols) > 1
    return flops / (GEMM_RATE if blas3 else MATVEC_RATE)


def enclosing_for(op: Operation) -> tuple[scf.ForOp, int] | None:
    """The innermost scf.for around op and its trip count, if constant."""
    p = op.parent_op()
    while p is not None and not isinstance(p, scf.ForOp):
        if isinstance(p, scf.WhileOp | FuncOp):
            return None  # a while's trip count is unknown
        p = p.parent_op()
    if p is None:
        return None
    lb, ub, step = int_of(p.lb), int_of(p.ub), int_of(p.step)
    if lb is None or ub is None or step is None or step <= 0:
        return None
    return p, max(0, -(-(ub - lb) // step))


def timed_step(trips: int, invariant: list[bool]) -> StepCost:
    """Seconds per iteration: a product of invariant leaves only runs once in `trips`."""

    def step(a: Plan, b: Plan, k: int, flops: float, i: int, j: int) -> float:
        once = all(invariant[i : j + 1])
        return _seconds(a, b, k, flops) / (trips if once else 1)

    return step


def _hoists(best: dict[tuple[int, int], Plan], invariant: list[bool], i: int, j: int) -> bool:
    """The plan for leaves i..j contains a product of invariant leaves only."""
    if i == j:
        return False
    if all(invariant[i : j + 1]):
        return True
    k = best[(i, j)].split
    assert k is not None
    return _hoists(best, invariant, i, k) or _hoists(best, invariant, k + 1, j)


def loop_invariant(v: SSAValue, loop: scf.ForOp, memo: dict[SSAValue, bool]) -> bool:
    """v is computed outside `loop`, or by ops licm moves out of it (pure, all operands
    invariant; one that can fail only since the loop runs at least once)."""
    if v in memo:
        return memo[v]
    owner = v.owner
    if isinstance(owner, Block):
        parent = owner.parent_op()
        out = parent is None or not loop.is_ancestor(parent)
    elif not loop.is_ancestor(owner) or owner is loop:
        out = owner is not loop
    else:
        out = (
            owner.parent_block() is loop.body.block
            and not owner.regions
            and is_side_effect_free(owner)
            and not owner.has_trait(IsTerminator)
            and (runs_once(loop) or not can_fail(owner))
            and all(loop_invariant(o, loop, memo) for o in owner.operands)
        )
    memo[v] = out
    return out


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
        best, cost, current = self._plan(op, leaves)
        if cost >= current * (1 - 1e-9):
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

    @staticmethod
    def _plan(
        op: Operation, leaves: list[Leaf]
    ) -> tuple[dict[tuple[int, int], Plan], float, float]:
        """The best plan, its cost and the cost as written: timed in a loop where hoisting
        an invariant sub-chain pays (module docstring), else by flops."""
        loop = enclosing_for(op)
        if loop is not None and loop[1] >= 2:
            memo: dict[SSAValue, bool] = {}
            inv = [loop_invariant(lf.value, loop[0], memo) for lf in leaves]
            if not all(inv) and any(a and b for a, b in zip(inv, inv[1:], strict=False)):
                step = timed_step(loop[1], inv)
                best, cost = optimal(leaves, step)
                if _hoists(best, inv, 0, len(leaves) - 1):
                    return best, cost, current_cost(op.result, leaves, step)
        best, cost = optimal(leaves)
        return best, cost, current_cost(op.result, leaves)


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

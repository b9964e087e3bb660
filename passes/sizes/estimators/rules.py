"""Estimate rules: one per op class, written against the estimator primitives.

`@estimate_rule(OpClass)` registers a rule for a class and its subclasses (unless
they have their own); a plugin op needs one rule for every estimator. Ops without
a rule are dense if their dims are known, unknown otherwise. Element-wise ops ask
zeros.py what they do to zero (f(0, 0), f(0, c)), as the size rules do. The same
Sketch object on both sides of a binary op means the same value: X * X keeps X's
pattern, X - X is empty.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import numpy as np
from xdsl.ir import Operation

from amls.dialects import matrix as mx
from amls.passes.sizes.estimators.sketch import Sketch
from amls.passes.sizes.rules import seq_length
from amls.passes.sizes.zeros import (
    NNZ_EXACT_UNARY,
    PROBE_VALUES,
    ZERO,
    ZERO_SAFE_UNARY,
    kernel_value,
    zero_kept,
)

if TYPE_CHECKING:  # the estimator calls the rules: only its type is needed here
    from amls.passes.sizes.estimators.estimator import SparsityEstimator

EstimateRule = Callable[["SparsityEstimator", Any, list[Any]], Sketch | None]

ESTIMATE_RULES: dict[type[Operation], EstimateRule] = {}


def estimate_rule(*op_types: type[Operation]) -> Callable[[EstimateRule], EstimateRule]:
    """Register a rule for op classes (and their subclasses, unless they have their own)."""

    def register(fn: EstimateRule) -> EstimateRule:
        for t in op_types:
            ESTIMATE_RULES[t] = fn
        return fn

    return register


def find_rule(op_type: type[Operation]) -> EstimateRule | None:
    for t in op_type.__mro__:
        rule = ESTIMATE_RULES.get(t)
        if rule is not None:
            return rule
    return None


def result_dims(op: Operation) -> tuple[int | None, int | None]:
    if len(op.results) == 1 and isinstance(op.results[0].type, mx.MatrixType):
        t = op.results[0].type
        return t.rows, t.cols
    return None, None


def _sk(x: Any) -> Sketch:
    if not isinstance(x, Sketch):
        raise TypeError(f"expected a matrix sketch, got {x!r}")
    return x


def _int(x: Any) -> int | None:
    return int(x) if isinstance(x, int | float) and float(x).is_integer() else None


def _num(x: Any) -> float | None:
    return float(x) if isinstance(x, int | float) else None


@estimate_rule(mx.MatmulOp)
def _matmul(est: SparsityEstimator, op: mx.MatmulOp, ins: list[Any]) -> Sketch:
    return est.matmul(_sk(ins[0]), _sk(ins[1]))


def _keeps_every_nonzero(op: Operation, c: float, matrix_left: bool) -> bool:
    """Does x (op) c map every non-zero x to a non-zero? (f(0, c) == 0 is checked already.)"""
    finite_nonzero = c != 0 and math.isfinite(c)
    if isinstance(op, mx.MulOp):
        return finite_nonzero
    if isinstance(op, mx.DivOp):
        return finite_nonzero and matrix_left
    if isinstance(op, mx.AddOp | mx.SubOp | mx.NeOp | mx.OrOp):
        return c == 0
    if isinstance(op, mx.AndOp):
        return c != 0
    return False


@estimate_rule(mx.ElementwiseBinaryOp)
def _binary(est: SparsityEstimator, op: mx.ElementwiseBinaryOp, ins: list[Any]) -> Sketch:
    a, b = ins
    product_like = isinstance(op, mx.MulOp | mx.AndOp)
    if isinstance(a, Sketch) and a is b:
        return _binary_self(est, op, a)
    if isinstance(a, Sketch) and isinstance(b, Sketch):
        shape = mx.broadcast_shape((a.rows, a.cols), (b.rows, b.cols))
        if isinstance(shape, str):
            raise ValueError(shape)
        rows, cols = shape
        a2, b2 = est.broadcast(a, rows, cols), est.broadcast(b, rows, cols)
        if product_like:
            return est.product(a2, b2)
        f00 = kernel_value(op, (ZERO, ZERO))
        if f00 == 0:  # zeros stay zeros: non-zero only where an operand is
            return est.union(a2, b2)
        # A dense operand that keeps the other's zeros (X / rowSums(X), X %% Y):
        # non-zero at most where the other is.
        if b2.is_dense and zero_kept(op, zero_left=True):
            return est.keep(a2, exact=False)
        if a2.is_dense and zero_kept(op, zero_left=False):
            return est.keep(b2, exact=False)
        return est.dense(rows, cols)  # e.g. a == b: zeros meet zeros and give 1
    x, c, matrix_left = (a, b, True) if isinstance(a, Sketch) else (b, a, False)
    x = _sk(x)
    if c is None:  # unknown scalar: a product cannot add non-zeros, anything else may
        return est.keep(x, exact=False) if product_like else est.dense(x.rows, x.cols)
    c = float(c)
    fz = kernel_value(op, (ZERO, c) if matrix_left else (c, ZERO))
    if fz is None or fz != 0:  # zeros become non-zeros (NaN included)
        return est.dense(x.rows, x.cols)
    if product_like and c == 0:
        return est.empty(x.rows, x.cols, exact=isinstance(op, mx.AndOp))
    return est.keep(x, exact=_keeps_every_nonzero(op, c, matrix_left))


def _binary_self(est: SparsityEstimator, op: Operation, x: Sketch) -> Sketch:
    """x (op) x, one value on both sides (X * X, X - X): the patterns coincide."""
    f00 = kernel_value(op, (ZERO, ZERO))
    same = [kernel_value(op, (np.full((1, 1), y), np.full((1, 1), y))) for y in PROBE_VALUES]
    if f00 != 0:
        return est.dense(x.rows, x.cols)
    if all(v == 0 for v in same):
        return est.empty(x.rows, x.cols)  # x - x, x != x, x < x
    exact = all(v is not None and v != 0 for v in same)
    return est.keep(x, exact=exact)


@estimate_rule(mx.ElementwiseUnaryOp)
def _unary(est: SparsityEstimator, op: mx.ElementwiseUnaryOp, ins: list[Any]) -> Sketch:
    x = _sk(ins[0])
    if isinstance(op, NNZ_EXACT_UNARY):
        return est.keep(x, exact=True)
    if isinstance(op, ZERO_SAFE_UNARY):
        return est.keep(x, exact=False)
    if isinstance(op, mx.NotOp):
        return est.complement(x)
    return est.dense(x.rows, x.cols)  # exp(0) = 1, log(0) = -inf, sigmoid(0) = 0.5


@estimate_rule(mx.SelectOp)
def _select(est: SparsityEstimator, op: mx.SelectOp, ins: list[Any]) -> Sketch:
    cond = _sk(ins[0])

    def branch(v: Any) -> Sketch:
        if isinstance(v, Sketch):
            return v
        if v is not None and float(v) == 0.0:
            return est.empty(cond.rows, cond.cols, exact=True)
        return est.dense(cond.rows, cond.cols, exact=v is not None)

    taken = est.product(cond, branch(ins[1]))
    other = est.product(est.complement(cond), branch(ins[2]))
    return est.disjoint_sum(taken, other)


@estimate_rule(mx.TransposeOp)
def _transpose(est: SparsityEstimator, op: mx.TransposeOp, ins: list[Any]) -> Sketch:
    return est.transpose(_sk(ins[0]))


@estimate_rule(mx.DiagOp)
def _diag(est: SparsityEstimator, op: mx.DiagOp, ins: list[Any]) -> Sketch:
    return est.diag(_sk(ins[0]))


@estimate_rule(mx.ReshapeOp)
def _reshape(est: SparsityEstimator, op: mx.ReshapeOp, ins: list[Any]) -> Sketch:
    x = _sk(ins[0])
    r, c = _int(ins[1]), _int(ins[2])
    cells = x.cells
    if cells is not None and r is None and c:
        r = cells // c
    if cells is not None and c is None and r:
        c = cells // r
    return est.reshape(x, r, c)


@estimate_rule(mx.AppendOp)
def _bind(est: SparsityEstimator, op: mx.AppendOp, ins: list[Any]) -> Sketch:
    return est.bind([_sk(x) for x in ins], op.AXIS)


@estimate_rule(mx.SliceOp)
def _slice(est: SparsityEstimator, op: mx.SliceOp, ins: list[Any]) -> Sketch:
    x = _sk(ins[0])
    r0, r1, c0, c1 = (_int(v) for v in ins[1:])
    return est.slice(x, r0, r1, c0, c1)


@estimate_rule(mx.UpdateOp)
def _update(est: SparsityEstimator, op: mx.UpdateOp, ins: list[Any]) -> Sketch:
    return est.update(_sk(ins[0]), _sk(ins[1]), _int(ins[2]), _int(ins[3]))


@estimate_rule(mx.ReduceOp)
def _reduce(est: SparsityEstimator, op: mx.ReduceOp, ins: list[Any]) -> Sketch:
    # var, sd and prod: zero where the line is, and non-zero (NaN, 1) over an empty
    # axis -- the pattern of mean.
    kind = "mean" if op.kind.data in ("var", "sd", "prod") else op.kind.data
    return est.reduce(_sk(ins[0]), kind, op.axis.data)


@estimate_rule(mx.RandOp)
def _rand(est: SparsityEstimator, op: mx.RandOp, ins: list[Any]) -> Sketch:
    r, c = _int(ins[0]), _int(ins[1])
    s = op.sparsity.value.data
    lo, hi = op.min.value.data, op.max.value.data
    uniform = op.pdf.data == "uniform"
    if uniform and lo == hi == 0:
        return est.empty(r, c, exact=r is not None and c is not None)
    if r is None or c is None:
        return est.empty(r, c, exact=True) if s == 0 else Sketch(r, c, None)
    placed = float(min(r * c, round(s * r * c)))  # the kernel places exactly this many
    if placed == 0:
        return est.empty(r, c, exact=True)
    if placed == r * c:
        return est.dense(r, c, exact=uniform and (lo > 0 or hi <= 0))
    out = est.uniform(r, c, placed)
    return replace(out, exact=uniform and (lo > 0 or hi <= 0))


@estimate_rule(mx.FillOp)
def _fill(est: SparsityEstimator, op: mx.FillOp, ins: list[Any]) -> Sketch:
    v, r, c = _num(ins[0]), _int(ins[1]), _int(ins[2])
    if v == 0:
        return est.empty(r, c, exact=True)
    return est.dense(r, c, exact=v is not None)


@estimate_rule(mx.SeqOp)
def _seq(est: SparsityEstimator, op: mx.SeqOp, ins: list[Any]) -> Sketch:
    a, b, s = (_num(v) for v in ins)
    n = seq_length(a, b, s) if a is not None and b is not None and s is not None else None
    return est.dense(n, 1)  # at most one element of a sequence is 0


@estimate_rule(mx.ConstantOp)
def _constant(est: SparsityEstimator, op: mx.ConstantOp, ins: list[Any]) -> Sketch:
    shape = tuple(op.value.get_shape())
    values = np.asarray(op.value.get_values(), dtype=np.float64)
    if values.size == 1 and math.prod(shape) != 1:
        values = np.full(shape, values[0])  # splat
    return est.from_data(values.reshape(shape))


@estimate_rule(mx.CastOp)
def _cast(est: SparsityEstimator, op: mx.CastOp, ins: list[Any]) -> Sketch:
    return _sk(ins[0])  # the same runtime value


@estimate_rule(mx.FromScalarOp)
def _from_scalar(est: SparsityEstimator, op: mx.FromScalarOp, ins: list[Any]) -> Sketch:
    v = _num(ins[0])
    if v is None:
        return est.dense(1, 1)
    return est.dense(1, 1, exact=True) if v != 0 else est.empty(1, 1, exact=True)


@estimate_rule(mx.SolveOp)
def _solve(est: SparsityEstimator, op: mx.SolveOp, ins: list[Any]) -> Sketch:
    return est.dense(_sk(ins[0]).cols, _sk(ins[1]).cols)


@estimate_rule(mx.InvOp)
def _inv(est: SparsityEstimator, op: mx.InvOp, ins: list[Any]) -> Sketch:
    x = _sk(ins[0])
    return est.dense(x.rows, x.cols)

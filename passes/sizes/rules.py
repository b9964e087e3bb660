"""Size rules: one per op class, `rule(op, input facts) -> result facts`.

Exact facts (dims, nnz) are stated only where exactly derivable; worst-case
bounds (rows_ub, cols_ub, nnz_ub) are safe upper bounds. Scalar rules evaluate
the integer and float expressions that sizes are written with (nrow(X) + 1,
slice bounds, ...). A new op gets its rule here with `@size_rule(OpClass)`;
ops without a rule get facts from their declared result type only.

The element-wise rules ask zeros.py what an op does to zero (f(0, c) == 0?).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

from xdsl.dialects import arith
from xdsl.ir import Operation

from amls.dialects import matrix as mx
from amls.dialects import phys
from amls.dialects.traits import constant_value
from amls.interpreter.kernels.scalar import extended
from amls.passes.sizes.facts import UNKNOWN_SCALAR, Facts, MatFacts, ScalarFacts
from amls.passes.sizes.zeros import NNZ_EXACT_UNARY, ZERO, ZERO_SAFE_UNARY, Probe, kernel_value

SizeRule = Callable[[Any, Sequence[Facts]], Facts]

SIZE_RULES: dict[type[Operation], SizeRule] = {}


def size_rule(*op_types: type[Operation]) -> Callable[[SizeRule], SizeRule]:
    def register(fn: SizeRule) -> SizeRule:
        for t in op_types:
            SIZE_RULES[t] = fn
        return fn

    return register


def _mat(f: Facts) -> MatFacts:
    assert isinstance(f, MatFacts)
    return f


def _int(f: Facts) -> int | None:
    if isinstance(f, ScalarFacts) and isinstance(f.value, int) and not isinstance(f.value, bool):
        return f.value
    return None


def _num(f: Facts) -> float | None:
    if isinstance(f, ScalarFacts) and isinstance(f.value, int | float):
        return float(f.value)
    return None


def _ub(*xs: float | None) -> float | None:
    """Sum of bounds, None if any is unbounded."""
    if any(x is None for x in xs):
        return None
    return float(sum(xs))  # type: ignore[arg-type]


def _lo(*xs: float | None) -> float | None:
    known = [x for x in xs if x is not None]
    return min(known) if known else None


# ---------------------------------------------------------------------------
# Generators and data.


@size_rule(mx.RandOp)
def rand(op: mx.RandOp, ins: Sequence[Facts]) -> Facts:
    """rows x cols (the operand values); nnz = the cells placed, exact when 0 is outside [min,
    max).
    """
    r, c = _int(ins[0]), _int(ins[1])
    s = op.sparsity.value.data
    lo, hi = op.min.value.data, op.max.value.data
    finite = op.pdf.data == "normal" or (math.isfinite(lo) and math.isfinite(hi))
    if r is None or c is None:
        return MatFacts.make(r, c, 0 if s == 0 else None, finite=finite)
    placed = min(r * c, round(s * (r * c)))  # exactly what the kernel places
    # Placed values are non-zero for sure only if 0 is outside [min, max).
    nonzero_values = op.pdf.data == "uniform" and (lo > 0 or hi <= 0)
    zero_values = op.pdf.data == "uniform" and lo == hi == 0
    nnz = 0 if placed == 0 or zero_values else placed if nonzero_values else None
    return MatFacts.make(r, c, nnz, nnz_ub=placed, finite=finite)


@size_rule(*(t for t in phys.MOVE_OPS if t is not phys.UnpersistOp))
def move(op: Operation, ins: Sequence[Facts]) -> Facts:
    """Moving a value (driver <-> cluster, blocked, broadcast or column-major) keeps every
    fact of it."""
    return ins[0]


@size_rule(mx.FillOp)
def fill(op: mx.FillOp, ins: Sequence[Facts]) -> Facts:
    """rows x cols; nnz 0 for a zero value, else every cell."""
    v, r, c = _num(ins[0]), _int(ins[1]), _int(ins[2])
    cells = r * c if r is not None and c is not None else None
    nnz = None if v is None else 0 if v == 0 else cells
    return MatFacts.make(r, c, nnz, finite=v is not None and math.isfinite(v))


def seq_length(start: float, stop: float, step: float) -> int | None:
    """Rows of seq(start, stop, step), as the kernel computes it; None if it fails."""
    if not all(math.isfinite(v) for v in (start, stop, step)):
        return None
    if start == stop:
        return 1
    if step == 0 or (stop - start) * step < 0:
        return None
    return math.floor((stop - start) / step) + 1  # SystemDS's count: no tolerance


@size_rule(mx.SeqOp)
def seq(op: mx.SeqOp, ins: Sequence[Facts]) -> Facts:
    """n x 1 with n = floor((to - from) / step) + 1 when the operands are constants."""
    a, b, s = (_num(f) for f in ins)
    n = seq_length(a, b, s) if a is not None and b is not None and s is not None else None
    return MatFacts.make(n, 1, nnz_ub=n, finite=True)  # a non-finite seq fails at run time


@size_rule(mx.ConstantOp)
def constant(op: mx.ConstantOp, ins: Sequence[Facts]) -> Facts:
    """the value's shape and its exact count of non-zeros."""
    shape = op.value.get_shape()
    values = op.value.get_values()
    nnz = sum(1 for v in values if v != 0)
    return MatFacts.make(shape[0], shape[1], nnz, finite=all(math.isfinite(v) for v in values))


@size_rule(mx.ReadOp)
def read(op: mx.ReadOp, ins: Sequence[Facts]) -> Facts:
    """nothing beyond the declared type (the .mtd metadata or the file at run time)."""
    return MatFacts()  # only the declared type says anything


# ---------------------------------------------------------------------------
# Element-wise.


def _operand_probe(f: Facts) -> Probe | None:
    """What to feed the kernel for this operand when probing f(0, .)."""
    if isinstance(f, MatFacts):
        return ZERO
    return _num(f)


def _nnz_bound_of_broadcast(f: Facts, out: MatFacts) -> float | None:
    """Upper bound on the cells of the output an operand's non-zeros can reach."""
    if not isinstance(f, MatFacts):
        return out.cells_ub
    if f.nnz_ub is None:
        return None
    stretch_r = out.rows_ub if f.rows == 1 and out.rows != 1 else 1.0
    stretch_c = out.cols_ub if f.cols == 1 and out.cols != 1 else 1.0
    if stretch_r is None or stretch_c is None:
        return None
    return f.nnz_ub * stretch_r * stretch_c


@size_rule(*mx.BINARY_OPS)
def elementwise_binary(op: mx.ElementwiseBinaryOp, ins: Sequence[Facts]) -> Facts:
    """the broadcast shape; nnz bounded by the operands' where f(0, 0) == 0 (both for finite *),
    else dense.
    """
    shapes = [f.shape if isinstance(f, MatFacts) else None for f in ins]
    shape = mx.broadcast_shape(shapes[0], shapes[1])
    if isinstance(shape, str):
        return MatFacts()
    mats = [f for f in ins if isinstance(f, MatFacts)]
    rows_ub = _lo(*(m.rows_ub for m in mats if m.rows != 1)) if shape[0] is None else None
    cols_ub = _lo(*(m.cols_ub for m in mats if m.cols != 1)) if shape[1] is None else None
    scalars = [_num(f) for f in ins if not isinstance(f, MatFacts)]
    all_finite = all(m.finite for m in mats) and all(
        v is not None and math.isfinite(v) for v in scalars
    )
    finite = isinstance(op, _ZERO_ONE_OPS) or (isinstance(op, mx.MinOp | mx.MaxOp) and all_finite)
    out = MatFacts.make(shape[0], shape[1], rows_ub=rows_ub, cols_ub=cols_ub, finite=finite)

    # Scalar operands must be known to probe; a matrix operand probes as 0.
    probe = tuple(_operand_probe(f) for f in ins)
    if any(p is None for p in probe):
        return out
    f00 = kernel_value(op, probe)
    if f00 is None or f00 != 0:
        return out  # zeros map to non-zeros: dense in the worst case
    reach = [_nnz_bound_of_broadcast(f, out) for f in ins if isinstance(f, MatFacts)]
    if isinstance(op, mx.AndOp) and len(mats) == 2:
        # Non-zero only where both are (`and` tests != 0: NaN is just "true").
        empty = any(m.nnz == 0 for m in mats)
        nnz_ub = _lo(*reach)
        return MatFacts.make(
            out.rows, out.cols, 0 if empty else None, nnz_ub, rows_ub, cols_ub, True
        )
    if isinstance(op, mx.MulOp) and len(mats) == 2:
        # Non-zero only where both are (SystemDS's min(s1, s2)) -- unless an Inf
        # or NaN meets a zero (0 * Inf = NaN): so only for finite operands.
        if not all_finite:
            return MatFacts.make(out.rows, out.cols, None, _ub(*reach), rows_ub, cols_ub)
        empty = any(m.nnz == 0 for m in mats)
        nnz_ub = _lo(*reach)
        return MatFacts.make(out.rows, out.cols, 0 if empty else None, nnz_ub, rows_ub, cols_ub)
    # f(0, 0) == 0: non-zeros only where some input has one (union bound). Not
    # exact even for X*c: tiny values can underflow to 0 (5e-324 * 0.5).
    nnz_ub = _ub(*reach)
    if len(mats) > 1 and all(m.nnz == 0 for m in mats):
        return MatFacts.make(out.rows, out.cols, 0, 0.0, rows_ub, cols_ub, finite)
    return MatFacts.make(out.rows, out.cols, None, nnz_ub, rows_ub, cols_ub, finite)


_ZERO_ONE_OPS = (*mx.COMPARISONS, mx.AndOp, mx.OrOp)
# Unary ops whose result is finite when the input is.
_FINITE_UNARY = (
    mx.NegOp, mx.AbsOp, mx.SignOp, mx.RoundOp, mx.RintOp, mx.FloorOp, mx.CeilOp, mx.SigmoidOp,
    mx.SinOp, mx.CosOp, mx.TanOp, mx.AtanOp, mx.TanhOp,
)  # fmt: skip
# 0/1 tests: finite whatever the input.
_TEST_UNARY = (mx.IsNanOp, mx.IsInfOp)


@size_rule(*mx.UNARY_OPS)
def elementwise_unary(op: mx.ElementwiseUnaryOp, ins: Sequence[Facts]) -> Facts:
    """the input's shape; nnz kept where f(0) == 0 (exact if f(x) != 0 for x != 0), else dense."""
    x = _mat(ins[0])
    fin = (x.finite and isinstance(op, _FINITE_UNARY)) or isinstance(op, _TEST_UNARY)
    if isinstance(op, NNZ_EXACT_UNARY):
        return MatFacts.make(x.rows, x.cols, x.nnz, x.nnz_ub, x.rows_ub, x.cols_ub, fin)
    if isinstance(op, ZERO_SAFE_UNARY):
        nnz = 0 if x.nnz == 0 else None
        return MatFacts.make(x.rows, x.cols, nnz, x.nnz_ub, x.rows_ub, x.cols_ub, fin)
    if isinstance(op, mx.CoshOp):  # cosh >= 1 (NaN for NaN): never zero
        return MatFacts.make(x.rows, x.cols, x.cells, None, x.rows_ub, x.cols_ub, False)
    if isinstance(op, mx.NotOp):
        cells = x.cells
        nnz = cells - x.nnz if cells is not None and x.nnz is not None else None
        return MatFacts.make(x.rows, x.cols, nnz, None, x.rows_ub, x.cols_ub, True)
    return MatFacts.make(x.rows, x.cols, None, None, x.rows_ub, x.cols_ub, fin)


@size_rule(mx.SelectOp)
def select(op: mx.SelectOp, ins: Sequence[Facts]) -> Facts:
    """the condition's shape; nnz <= nnz(a) + nnz(b)."""
    c = _mat(ins[0])
    # The result has the condition's shape, which matrix branches must share.
    mats = [f for f in ins if isinstance(f, MatFacts)]
    rows = next((m.rows for m in mats if m.rows is not None), None)
    cols = next((m.cols for m in mats if m.cols is not None), None)
    out = MatFacts.make(rows, cols, rows_ub=c.rows_ub, cols_ub=c.cols_ub)

    def reach(f: Facts) -> float | None:
        if isinstance(f, MatFacts):
            return f.nnz_ub
        v = _num(f)
        return 0.0 if v == 0 else out.cells_ub

    def fin(f: Facts) -> bool:
        if isinstance(f, MatFacts):
            return f.finite
        v = _num(f)
        return v is not None and math.isfinite(v)

    nnz_ub = _ub(reach(ins[1]), reach(ins[2]))
    finite = fin(ins[1]) and fin(ins[2])
    return MatFacts.make(out.rows, out.cols, None, nnz_ub, out.rows_ub, out.cols_ub, finite)


# ---------------------------------------------------------------------------
# Linear algebra and reorganisation.


@size_rule(mx.MatmulOp)
def matmul(op: mx.MatmulOp, ins: Sequence[Facts]) -> Facts:
    """rows(A) x cols(B); nnz <= nonempty rows of A x nonempty columns of B (finite operands)."""
    a, b = _mat(ins[0]), _mat(ins[1])
    if not (a.finite and b.finite):  # 0 * Inf = NaN: zeros bound nothing
        return MatFacts.make(a.rows, b.cols, None, None, a.rows_ub, b.cols_ub)
    empty = a.nnz == 0 or b.nnz == 0
    # Non-empty rows of C <= non-empty rows of A <= min(m, nnz(A)); columns likewise.
    rows_nz = _lo(a.rows_ub, a.nnz_ub)
    cols_nz = _lo(b.cols_ub, b.nnz_ub)
    nnz_ub = rows_nz * cols_nz if rows_nz is not None and cols_nz is not None else None
    return MatFacts.make(a.rows, b.cols, 0 if empty else None, nnz_ub, a.rows_ub, b.cols_ub)


@size_rule(mx.TransposeOp)
def transpose(op: mx.TransposeOp, ins: Sequence[Facts]) -> Facts:
    """cols x rows, the same nnz."""
    x = _mat(ins[0])
    return MatFacts.make(x.cols, x.rows, x.nnz, x.nnz_ub, x.cols_ub, x.rows_ub, x.finite)


@size_rule(mx.DiagOp)
def diag(op: mx.DiagOp, ins: Sequence[Facts]) -> Facts:
    """column vector n x 1 -> n x n with the same nnz; square n x n -> n x 1."""
    x = _mat(ins[0])
    if x.cols == 1:  # vector -> diagonal matrix (1x1 -> 1x1 either way)
        return MatFacts.make(x.rows, x.rows, x.nnz, x.nnz_ub, x.rows_ub, x.rows_ub, x.finite)
    nnz = 0 if x.nnz == 0 else None
    if x.cols is not None:  # not a column vector: square, its diagonal is n x 1
        n = x.cols
        return MatFacts.make(n, 1, nnz, _lo(x.nnz_ub, float(n)), finite=x.finite)
    # cols unknown: a column vector gives rows x rows, a square matrix rows x 1; only
    # the rows agree (and a 1-row input is 1x1 either way). Was: rows x 1, wrong for an
    # n x 1 input (0x1 -> 0x0, found by the progen fuzz at -O2).
    cols_ub = None if x.rows_ub is None else max(x.rows_ub, 1.0)
    cols = 1 if x.rows == 1 else None
    return MatFacts.make(x.rows, cols, nnz, x.nnz_ub, x.rows_ub, cols_ub, finite=x.finite)


@size_rule(mx.ReshapeOp)
def reshape(op: mx.ReshapeOp, ins: Sequence[Facts]) -> Facts:
    """rows x cols (one inferred from the cell count), the same nnz."""
    x = _mat(ins[0])
    r, c = _int(ins[1]), _int(ins[2])
    cells = x.cells
    if cells is not None and r is None and c not in (None, 0):
        r = cells // c  # type: ignore[operator]
    if cells is not None and c is None and r not in (None, 0):
        c = cells // r  # type: ignore[operator]
    return MatFacts.make(r, c, x.nnz, x.nnz_ub, finite=x.finite)


@size_rule(mx.ReduceOp)
def reduce(op: mx.ReduceOp, ins: Sequence[Facts]) -> Facts:
    """all: a scalar; row: rows x 1; col: 1 x cols; nnz <= the input's (sum, sumsq, or a non-empty
    axis).
    """
    x = _mat(ins[0])
    axis, kind = op.axis.data, op.kind.data
    if axis == "all":
        return UNKNOWN_SCALAR
    if axis == "row":
        n_ub = x.rows_ub
        shape = (x.rows, 1)
        ub = (x.rows_ub, 1.0)
    else:
        n_ub = x.cols_ub
        shape = (1, x.cols)
        ub = (1.0, x.cols_ub)
    if kind in mx.INDEX_KINDS:
        nnz_ub = n_ub  # index 0 is a zero, but any index can occur
        nnz = None
    else:
        # A row (column) aggregate is non-zero only if the row has a non-zero --
        # except over an empty axis, where mean is NaN and min/max are +-inf.
        reduced = x.cols if axis == "row" else x.rows
        safe = kind in ("sum", "sumsq") or (reduced is not None and reduced > 0)
        nnz_ub = _lo(n_ub, x.nnz_ub) if safe else n_ub
        nnz = 0 if x.nnz == 0 and safe else None
    reduced = x.cols if axis == "row" else x.rows
    reduced_ok = reduced not in (None, 0)
    if kind in ("var", "sd") and reduced == 1:
        nnz = 0 if x.finite else None  # one value: a variance of 0 (NaN for Inf/NaN)
    finite = kind in mx.INDEX_KINDS or (kind in ("min", "max") and x.finite and reduced_ok)
    return MatFacts.make(shape[0], shape[1], nnz, nnz_ub, ub[0], ub[1], finite)


@size_rule(mx.RevOp)
def rev(op: mx.RevOp, ins: Sequence[Facts]) -> Facts:
    """the input's shape and nnz (the rows reversed)."""
    x = _mat(ins[0])
    return MatFacts.make(x.rows, x.cols, x.nnz, x.nnz_ub, x.rows_ub, x.cols_ub, x.finite)


@size_rule(mx.CumAggOp)
def cumagg(op: mx.CumAggOp, ins: Sequence[Facts]) -> Facts:
    """the input's shape; nnz 0 for a zero input, the input's for one row, else unknown."""
    x = _mat(ins[0])
    kind = op.kind.data
    # All kinds keep a zero column zero; below a non-zero any cell may be non-zero.
    # cumprod can overflow to Inf, and Inf * 0 below it is NaN: no bound from X's nnz.
    one_row = x.rows == 1  # then the result is X
    nnz = 0 if x.nnz == 0 else x.nnz if one_row else None
    nnz_ub = x.nnz_ub if one_row or x.nnz == 0 else None
    fin = x.finite and kind in ("min", "max")  # sums and products may overflow
    return MatFacts.make(x.rows, x.cols, nnz, nnz_ub, x.rows_ub, x.cols_ub, fin)


@size_rule(mx.ReplaceOp)
def replace(op: mx.ReplaceOp, ins: Sequence[Facts]) -> Facts:
    """the input's shape; for constant pattern and replacement, nnz the input's when they
    are equal, every cell for pattern 0, at most the input's otherwise."""
    x = _mat(ins[0])
    p, r = _num(ins[1]), _num(ins[2])
    fin = x.finite and r is not None and math.isfinite(r)
    if p is None or r is None:
        return MatFacts.make(x.rows, x.cols, None, None, x.rows_ub, x.cols_ub, fin)
    if p == r or (math.isnan(p) and math.isnan(r)):
        return MatFacts.make(x.rows, x.cols, x.nnz, x.nnz_ub, x.rows_ub, x.cols_ub, x.finite)
    if p == 0:  # the zeros become r != 0
        cells = x.cells
        return MatFacts.make(x.rows, x.cols, cells, None, x.rows_ub, x.cols_ub, fin)
    # p != 0: zeros stay; non-zeros equal to p become r (possibly 0)
    nnz = x.nnz if r != 0 else 0 if x.nnz == 0 else None
    return MatFacts.make(x.rows, x.cols, nnz, x.nnz_ub, x.rows_ub, x.cols_ub, fin)


@size_rule(mx.TraceOp, mx.ToScalarOp, mx.DetOp)
def to_scalar(op: Operation, ins: Sequence[Facts]) -> Facts:
    """a scalar."""
    return UNKNOWN_SCALAR


@size_rule(mx.SliceOp)
def slice_(op: mx.SliceOp, ins: Sequence[Facts]) -> Facts:
    """(r1 - r0) x (c1 - c0); the input's nnz when the slice is the whole matrix."""
    x = _mat(ins[0])
    r0, r1, c0, c1 = (_int(f) for f in ins[1:])
    rows = r1 - r0 if r0 is not None and r1 is not None else None
    cols = c1 - c0 if c0 is not None and c1 is not None else None
    whole = r0 == 0 and c0 == 0 and r1 == x.rows and c1 == x.cols and x.rows is not None
    nnz = x.nnz if whole else 0 if x.nnz == 0 else None
    rows_ub = x.rows_ub if rows is None else None
    cols_ub = x.cols_ub if cols is None else None
    return MatFacts.make(rows, cols, nnz, x.nnz_ub, rows_ub, cols_ub, x.finite)


@size_rule(mx.UpdateOp)
def update(op: mx.UpdateOp, ins: Sequence[Facts]) -> Facts:
    """the shape of A; nnz <= nnz(A) + nnz(B)."""
    a, b = _mat(ins[0]), _mat(ins[1])
    nnz = b.nnz if a.nnz == 0 else None
    nnz_ub = _ub(a.nnz_ub, b.nnz_ub)
    return MatFacts.make(a.rows, a.cols, nnz, nnz_ub, a.rows_ub, a.cols_ub, a.finite and b.finite)


def _append(ins: Sequence[Facts], axis: int) -> Facts:
    ms = [_mat(f) for f in ins]
    keep = 1 - axis
    shared = next((m.shape[keep] for m in ms if m.shape[keep] is not None), None)
    shared_ub = _lo(*((m.rows_ub if keep == 0 else m.cols_ub) for m in ms))
    along = [m.shape[axis] for m in ms]
    total = sum(along) if all(d is not None for d in along) else None  # type: ignore[arg-type]
    total_ub = _ub(*((m.rows_ub if axis == 0 else m.cols_ub) for m in ms))
    nnzs = [m.nnz for m in ms]
    nnz = sum(nnzs) if all(n is not None for n in nnzs) else None  # type: ignore[arg-type]
    nnz_ub = _ub(*(m.nnz_ub for m in ms))
    fin = all(m.finite for m in ms)
    if axis == 1:
        return MatFacts.make(shared, total, nnz, nnz_ub, shared_ub, total_ub, fin)
    return MatFacts.make(total, shared, nnz, nnz_ub, total_ub, shared_ub, fin)


@size_rule(mx.CbindOp)
def cbind(op: mx.CbindOp, ins: Sequence[Facts]) -> Facts:
    """the shared rows x the sum of the cols; nnz the sum."""
    return _append(ins, 1)


@size_rule(mx.RbindOp)
def rbind(op: mx.RbindOp, ins: Sequence[Facts]) -> Facts:
    """the sum of the rows x the shared cols; nnz the sum."""
    return _append(ins, 0)


@size_rule(mx.SolveOp)
def solve(op: mx.SolveOp, ins: Sequence[Facts]) -> Facts:
    """cols(A) x cols(b)."""
    a, b = _mat(ins[0]), _mat(ins[1])
    n = next((d for d in (a.cols, a.rows, b.rows) if d is not None), None)  # A is square
    return MatFacts.make(n, b.cols, rows_ub=a.cols_ub, cols_ub=b.cols_ub)


@size_rule(mx.InvOp)
def inv(op: mx.InvOp, ins: Sequence[Facts]) -> Facts:
    """the shape of the square A."""
    a = _mat(ins[0])
    n = a.rows if a.rows is not None else a.cols  # square
    return MatFacts.make(n, n, rows_ub=a.rows_ub, cols_ub=a.cols_ub)


@size_rule(mx.NrowOp)
def nrow(op: mx.NrowOp, ins: Sequence[Facts]) -> Facts:
    """the i64 rows, a constant once known."""
    return ScalarFacts(_mat(ins[0]).rows)


@size_rule(mx.NcolOp)
def ncol(op: mx.NcolOp, ins: Sequence[Facts]) -> Facts:
    """the i64 cols, a constant once known."""
    return ScalarFacts(_mat(ins[0]).cols)


@size_rule(mx.NnzOp)
def nnz(op: mx.NnzOp, ins: Sequence[Facts]) -> Facts:
    """the i64 nnz, a constant once known."""
    return ScalarFacts(_mat(ins[0]).nnz)


@size_rule(mx.FromScalarOp)
def from_scalar(op: mx.FromScalarOp, ins: Sequence[Facts]) -> Facts:
    """1x1; nnz 1 or 0 once the value is known."""
    v = _num(ins[0])
    fin = v is not None and math.isfinite(v)
    return MatFacts.make(1, 1, None if v is None else int(v != 0), finite=fin)


@size_rule(mx.CastOp)
def cast(op: mx.CastOp, ins: Sequence[Facts]) -> Facts:
    """the input's facts (the declared type may refine them)."""
    return ins[0]  # the same runtime value; the driver meets it with the declared type


# ---------------------------------------------------------------------------
# Data-dependent reorganisation: result dims come from the values (worst-case bounds).


@size_rule(mx.TableOp)
def table(op: mx.TableOp, ins: Sequence[Facts]) -> Facts:
    """the given dims (else unknown); nnz <= the input's cells, 0 for an empty input or
    weight 0."""
    a = _mat(ins[0])
    # Every input cell lands in at most one output cell.
    entries = next((m.cells_ub for m in map(_as_mat_facts, ins[:3]) if m is not None), None)
    w = ins[2]
    # A count times a scalar weight: < 2^63 * 1e280, finite.
    finite = not isinstance(w, MatFacts) and (v := _num(w)) is not None and abs(v) <= 1e280
    empty = a.cells == 0 or (not isinstance(w, MatFacts) and _num(w) == 0)
    if len(ins) > 3:
        r, c = _int(ins[3]), _int(ins[4])
        return MatFacts.make(r, c, 0 if empty else None, entries, finite=finite)
    return MatFacts.make(None, None, 0 if empty else None, entries, finite=finite)


def _as_mat_facts(f: Facts) -> MatFacts | None:
    return f if isinstance(f, MatFacts) else None


@size_rule(mx.RemoveEmptyOp)
def remove_empty(op: mx.RemoveEmptyOp, ins: Sequence[Facts]) -> Facts:
    """the kept margin (rows or cols) <= the input's, exact when X or the select is all zero or
    has no zero; the other dim kept; nnz the input's without a select, else <= it."""
    x = _mat(ins[0])
    by_rows = op.margin.data == "rows"
    n, n_ub = (x.rows, x.rows_ub) if by_rows else (x.cols, x.cols_ub)
    other = x.cols if by_rows else x.rows
    keep_ub = None if n_ub is None else max(n_ub, 1.0)  # one zero line when nothing is kept
    kept: int | None = None
    if len(ins) == 1:
        nnz = x.nnz  # no select: every non-zero stays
        cells = x.cells
        if cells and x.nnz == cells:
            kept = n  # no empty line
        elif x.nnz == 0:
            kept = 1 if mx.empty_return(op) else 0
        elif n == 1 and mx.empty_return(op):
            kept = 1  # the line is kept, or replaced by one zero line
    else:
        nnz = 0 if x.nnz == 0 else None
        sel = _mat(ins[1])
        if sel.nnz == 0:
            kept = 1 if mx.empty_return(op) else 0  # nothing selected: one zero line
            nnz = 0
        else:
            kept = sel.cells if sel.nnz == sel.cells else None
    if by_rows:
        return MatFacts.make(kept, other, nnz, x.nnz_ub, keep_ub, x.cols_ub, x.finite)
    return MatFacts.make(other, kept, nnz, x.nnz_ub, x.rows_ub, keep_ub, x.finite)


@size_rule(mx.OuterOp)
def outer(op: mx.OuterOp, ins: Sequence[Facts]) -> Facts:
    """rows(x) x cols(y); nnz <= nnz(x) * nnz(y) for and, and for * of finite operands."""
    x, y = _mat(ins[0]), _mat(ins[1])
    cls = mx.OUTER_OPS.get(op.op.data)
    both_finite = x.finite and y.finite
    finite = cls in _ZERO_ONE_OPS or (cls in (mx.MinOp, mx.MaxOp) and both_finite)
    nnz_ub = None
    if (cls is mx.MulOp and both_finite) or cls is mx.AndOp:
        nnz_ub = None if x.nnz_ub is None or y.nnz_ub is None else x.nnz_ub * y.nnz_ub
    return MatFacts.make(x.rows, y.cols, None, nnz_ub, x.rows_ub, y.cols_ub, finite)


@size_rule(mx.OrderOp)
def order(op: mx.OrderOp, ins: Sequence[Facts]) -> Facts:
    """the input's shape and nnz; with index_return rows x 1, nnz rows - 1."""
    x = _mat(ins[0])
    if mx.order_index_return(op):  # 0-based source rows: one of them is 0
        nnz = None if x.rows is None else max(x.rows - 1, 0)
        return MatFacts.make(x.rows, 1, nnz, x.rows_ub, x.rows_ub, 1.0, True)
    return MatFacts.make(x.rows, x.cols, x.nnz, x.nnz_ub, x.rows_ub, x.cols_ub, x.finite)


# ---------------------------------------------------------------------------
# Scalars: the expressions sizes are written with.


@size_rule(arith.ConstantOp)
def arith_constant(op: arith.ConstantOp, ins: Sequence[Facts]) -> Facts:
    v = constant_value(op.result)
    return UNKNOWN_SCALAR if v is None else ScalarFacts(v)


def _int_rule(fn: Callable[[int, int], int | None]) -> SizeRule:
    def rule(op: Operation, ins: Sequence[Facts]) -> Facts:
        a, b = _int(ins[0]), _int(ins[1])
        if a is None or b is None:
            return UNKNOWN_SCALAR
        try:
            r = fn(a, b)
        except (ZeroDivisionError, OverflowError, ValueError):
            return UNKNOWN_SCALAR
        return ScalarFacts(r) if r is None or -(2**63) <= r < 2**63 else UNKNOWN_SCALAR

    return rule


def _float_rule(fn: Callable[[float, float], float]) -> SizeRule:
    def rule(op: Operation, ins: Sequence[Facts]) -> Facts:
        a, b = ins[0], ins[1]
        if not (isinstance(a, ScalarFacts) and isinstance(a.value, float)):
            return UNKNOWN_SCALAR
        if not (isinstance(b, ScalarFacts) and isinstance(b.value, float)):
            return UNKNOWN_SCALAR
        try:
            return ScalarFacts(float(fn(a.value, b.value)))
        except (ZeroDivisionError, OverflowError, ValueError):
            return UNKNOWN_SCALAR

    return rule


def _trunc_div(a: int, b: int) -> int:
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b >= 0) else -q


SCALAR_RULES: dict[type[Operation], SizeRule] = {
    arith.AddiOp: _int_rule(lambda a, b: a + b),
    arith.SubiOp: _int_rule(lambda a, b: a - b),
    arith.MuliOp: _int_rule(lambda a, b: a * b),
    arith.DivSIOp: _int_rule(_trunc_div),
    arith.FloorDivSIOp: _int_rule(lambda a, b: a // b),
    arith.CeilDivSIOp: _int_rule(lambda a, b: -((-a) // b)),
    arith.RemSIOp: _int_rule(lambda a, b: a - _trunc_div(a, b) * b),
    arith.MaxSIOp: _int_rule(max),
    arith.MinSIOp: _int_rule(min),
    arith.AddfOp: _float_rule(lambda a, b: a + b),
    arith.SubfOp: _float_rule(lambda a, b: a - b),
    arith.MulfOp: _float_rule(lambda a, b: a * b),
    arith.DivfOp: _float_rule(lambda a, b: a / b),
}
for _op, _rule in SCALAR_RULES.items():
    SIZE_RULES[_op] = _rule


@size_rule(arith.IndexCastOp, arith.ExtSIOp, arith.ExtUIOp)
def int_cast(op: Operation, ins: Sequence[Facts]) -> Facts:
    v = _int(ins[0])
    # an i1 true may be held as -1 or 1: extui of it is 1 (folding -1 made True + 1 be 0)
    return ScalarFacts(None if v is None else extended(type(op), v, op.operands[0].type))


@size_rule(arith.SIToFPOp)
def sitofp(op: Operation, ins: Sequence[Facts]) -> Facts:
    v = _int(ins[0])
    return ScalarFacts(None if v is None else float(v))


@size_rule(arith.FPToSIOp)
def fptosi(op: Operation, ins: Sequence[Facts]) -> Facts:
    v = ins[0]
    if isinstance(v, ScalarFacts) and isinstance(v.value, float) and math.isfinite(v.value):
        return ScalarFacts(int(v.value))
    return UNKNOWN_SCALAR


@size_rule(arith.NegfOp)
def negf(op: Operation, ins: Sequence[Facts]) -> Facts:
    v = ins[0]
    if isinstance(v, ScalarFacts) and isinstance(v.value, float):
        return ScalarFacts(-v.value)
    return UNKNOWN_SCALAR


_CMPI = {
    "eq": lambda a, b: a == b, "ne": lambda a, b: a != b,
    "slt": lambda a, b: a < b, "sle": lambda a, b: a <= b,
    "sgt": lambda a, b: a > b, "sge": lambda a, b: a >= b,
}  # fmt: skip


@size_rule(arith.CmpiOp)
def cmpi(op: arith.CmpiOp, ins: Sequence[Facts]) -> Facts:
    a, b = _int(ins[0]), _int(ins[1])
    names = ["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"]
    pred = names[op.predicate.value.data]
    if a is None or b is None or pred not in _CMPI:
        return UNKNOWN_SCALAR
    return ScalarFacts(int(_CMPI[pred](a, b)))


@size_rule(arith.SelectOp)
def arith_select(op: arith.SelectOp, ins: Sequence[Facts]) -> Facts:
    c = _int(ins[0])
    if c is None:
        a, b = ins[1], ins[2]
        return a.join(b) if type(a) is type(b) else UNKNOWN_SCALAR  # type: ignore[arg-type]
    return ins[1] if c else ins[2]

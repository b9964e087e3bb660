"""Can an op fail at run time? `can_fail(op)`, for code motion (the `licm` pass).

A Pure op may still raise when it runs: its kernel (interpreter/kernels/) rejects the
values it gets. Moving such an op to where it would not have run (out of a loop that
runs zero times) turns a working program into a failing one, so it may move only where
it is sure to run anyway. MLIR calls the others speculatable.

An op cannot fail when its class never raises (transpose, exp, nrow, arith.addf, ...)
or when its operands' facts rule the failure out (a matmul whose inner dims are equal,
a slice whose constant bounds are inside known dims, a division by a non-zero
constant, a cast whose stated dims the operand provably has, a fill of known dims up to
SPECULATE_BYTES). Everything else may fail: solve and inv (singular), to_scalar of a
matrix not known to be 1x1, a cast to dims the operand may not have, a fill of unknown
or huge dims (MemoryError), ops of other dialects, ops with regions other than scf.if.

Dims are compared symbolically: t(X) has X's rows as its columns, so t(X) %*% X has
equal inner dims even when X is ?x?.
"""

from __future__ import annotations

import math as pymath

from xdsl.dialects import arith, scf
from xdsl.dialects.arith import IntegerOverflowFlag
from xdsl.ir import Operation, SSAValue

from amls.dialects import matrix as mx
from amls.dialects.lazy import upstream_op
from amls.dialects.traits import constant_value

Sym = int | tuple[SSAValue, int]
"""A dim or count: known (int), or the unknown value of (SSA value, axis); axis -1 is
the i64 value itself."""

_NEVER_FAIL: tuple[type[Operation], ...] = (
    mx.ConstantOp, mx.TransposeOp, mx.ElementwiseUnaryOp, mx.NrowOp, mx.NcolOp, mx.NnzOp,
    mx.FromScalarOp,
    arith.ConstantOp, arith.AddfOp, arith.SubfOp, arith.MulfOp, arith.DivfOp, arith.NegfOp,
    arith.MaximumfOp, arith.MinimumfOp, arith.MaxnumfOp, arith.MinnumfOp,
    arith.AndIOp, arith.OrIOp, arith.XOrIOp,
    arith.MaxSIOp, arith.MinSIOp, arith.CmpiOp, arith.CmpfOp, arith.SelectOp,
    arith.SIToFPOp, arith.ExtSIOp, arith.ExtUIOp, arith.IndexCastOp, arith.TruncIOp,
    scf.YieldOp,
)  # fmt: skip
"""IEEE results or a value that always exists (the scalar kernels return NaN/Inf, never
raise). The math ops below join once xDSL's math dialect is imported
(amls.dialects.lazy)."""

SPECULATE_BYTES = 1 << 30
"""A matrix an op creates from scalar dims (fill, rand, seq) may be made where it would
not have been only if it provably takes at most this much: a 2e6 x 2e6 fill out of a
loop that runs zero times would fail (MemoryError) where the program did not."""


def _never_fail(cls: type[Operation]) -> None:
    global _NEVER_FAIL
    _NEVER_FAIL = (*_NEVER_FAIL, cls)


for _name in (
    "ExpOp", "LogOp", "SqrtOp", "AbsFOp", "CeilOp", "FloorOp", "RoundOp", "RoundEvenOp",
    "TruncOp",
    "Log10Op", "Log2Op", "Log1pOp", "ExpM1Op", "TanhOp", "SinOp", "CosOp", "TanOp", "AtanOp",
    "ErfOp", "RsqrtOp", "PowFOp", "FPowIOp", "AsinOp", "AcosOp", "SinhOp", "CoshOp",
):  # fmt: skip
    upstream_op(f"math.{_name}", _never_fail)

_INT_DIVISIONS = (arith.DivSIOp, arith.RemSIOp, arith.FloorDivSIOp, arith.CeilDivSIOp)


def int_of(v: SSAValue) -> int | None:
    """The integer v holds when the IR determines it: a constant, nrow/ncol/nnz of a
    known type, or + - * of those."""
    c = constant_value(v)
    if isinstance(c, int):
        return c
    s = count(v)
    return s if isinstance(s, int) else None


def count(v: SSAValue) -> Sym:
    """An i64 value, known or symbolic (nrow(X) is X's rows)."""
    c = constant_value(v)
    if isinstance(c, int):
        return c
    op = v.owner
    if isinstance(op, mx.NrowOp | mx.NcolOp):
        return dim(op.input, 0 if isinstance(op, mx.NrowOp) else 1)
    if isinstance(op, mx.NnzOp):
        t = op.input.type
        if isinstance(t, mx.MatrixLikeType) and t.nnz is not None:
            return t.nnz
    if isinstance(op, arith.AddiOp | arith.SubiOp | arith.MuliOp):
        a, b = count(op.lhs), count(op.rhs)
        if isinstance(a, int) and isinstance(b, int):
            if isinstance(op, arith.AddiOp):
                r = a + b
            else:
                r = a - b if isinstance(op, arith.SubiOp) else a * b
            if -(2**63) <= r < 2**63:  # else it wraps at run time: not worth modelling
                return r
    return (v, -1)


def dim(v: SSAValue, axis: int) -> Sym:
    """Rows (axis 0) or cols (axis 1) of the matrix v, known or symbolic."""
    t = v.type
    if isinstance(t, mx.MatrixLikeType) and t.shape[axis] is not None:
        return t.shape[axis]  # type: ignore[return-value]
    op = v.owner
    if isinstance(op, mx.TransposeOp):
        return dim(op.input, 1 - axis)
    if isinstance(op, mx.CastOp | mx.ElementwiseUnaryOp):
        return dim(op.input, axis)
    if isinstance(op, mx.MatmulOp):
        return dim(op.lhs if axis == 0 else op.rhs, axis)
    if isinstance(op, mx.ElementwiseBinaryOp):
        mats = [x for x in (op.lhs, op.rhs) if isinstance(x.type, mx.MatrixLikeType)]
        if len(mats) == 1:  # matrix (+) scalar: the matrix's shape
            return dim(mats[0], axis)
        a, b = dim(op.lhs, axis), dim(op.rhs, axis)
        if a == b or b == 1:  # the result is the larger side (when the op succeeded)
            return a
        if a == 1:
            return b
    if isinstance(op, mx.FillOp | mx.RandOp | mx.ReshapeOp):
        return count(op.rows if axis == 0 else op.cols)
    return (v, axis)


def _shape(v: SSAValue) -> tuple[Sym, Sym] | None:
    """None for a scalar operand."""
    return (dim(v, 0), dim(v, 1)) if isinstance(v.type, mx.MatrixLikeType) else None


def _broadcasts(a: SSAValue, b: SSAValue) -> bool:
    """Element-wise a (+) b provably has compatible shapes: a scalar side, or one side's
    every dim equals the other's or is 1 (that side stretches; the result is the other)."""
    sa, sb = _shape(a), _shape(b)
    if sa is None or sb is None:
        return True

    def fits(small: tuple[Sym, Sym], big: tuple[Sym, Sym]) -> bool:
        return all(s == g or s == 1 for s, g in zip(small, big, strict=True))

    return fits(sa, sb) or fits(sb, sa)


def _non_negative(s: Sym) -> bool:
    """A count known >= 0: a constant, or the dims / nnz of a matrix."""
    if isinstance(s, int):
        return s >= 0
    return s[1] >= 0 or isinstance(s[0].owner, mx.NnzOp)  # count() made nrow/ncol dims


def _small(rc: tuple[Sym, Sym] | None) -> bool:
    """Dims proven >= 0 whose known part is at most SPECULATE_BYTES of float64 cells (a
    dim of an existing matrix, nrow(X), is taken as one the data already have)."""
    if rc is None:
        return False
    return pymath.prod(d for d in rc if isinstance(d, int)) * 8 <= SPECULATE_BYTES


def _cast_ok(op: mx.CastOp) -> bool:
    """The cast's stated dims and nnz provably hold (the kernel checks them)."""
    want = mx.mat_type(op.results[0])
    for axis in (0, 1):
        if want.shape[axis] is not None and dim(op.input, axis) != want.shape[axis]:
            return False
    have = op.input.type
    return want.nnz is None or (isinstance(have, mx.MatrixLikeType) and have.nnz == want.nnz)


def _dims(op: mx.FillOp | mx.RandOp | mx.ReshapeOp) -> tuple[Sym, Sym] | None:
    """rows and cols, when both are provably >= 0 (the kernels' _dims): from the
    operands, else from the result type (a type states facts)."""
    t = mx.mat_type(op.results[0])
    out: list[Sym] = []
    for axis, v in enumerate((op.rows, op.cols)):
        n, known = count(v), t.shape[axis]
        if not _non_negative(n) and known is None:
            return None
        out.append(known if known is not None else n)
    return (out[0], out[1])


def _seq_ok(op: mx.SeqOp) -> bool:
    start, stop, step = (constant_value(v) for v in (op.start, op.stop, op.step))
    if not all(isinstance(x, float | int) for x in (start, stop, step)):
        return False
    start, stop, step = float(start), float(stop), float(step)  # type: ignore[arg-type]
    if not all(pymath.isfinite(x) for x in (start, stop, step)):
        return False
    return start == stop or (step != 0.0 and (stop - start) * step >= 0)


def _seq_small(op: mx.SeqOp) -> bool:
    """seq(start, stop, step) of at most SPECULATE_BYTES (its constants are finite)."""
    start, stop, step = (float(constant_value(v)) for v in (op.start, op.stop, op.step))  # type: ignore[arg-type]
    n = 1 if start == stop else int(abs((stop - start) / step)) + 1
    return n * 8 <= SPECULATE_BYTES


def _in_range(lo: Sym, hi: Sym, size: Sym) -> bool:
    """0 <= lo <= hi <= size: known, or the whole extent (0 to the dim itself)."""
    if isinstance(lo, int) and isinstance(hi, int) and isinstance(size, int):
        return 0 <= lo <= hi <= size
    return lo == 0 and hi == size


def _matrix_op_ok(op: Operation) -> bool:
    """The matrix op's kernel cannot raise on operands with these facts."""
    if isinstance(op, mx.ElementwiseBinaryOp):
        return _broadcasts(op.lhs, op.rhs)
    if isinstance(op, mx.SelectOp):
        cond = _shape(op.cond)
        return all(_shape(v) in (None, cond) for v in (op.on_true, op.on_false))
    if isinstance(op, mx.MatmulOp):
        return dim(op.lhs, 1) == dim(op.rhs, 0)
    if isinstance(op, mx.AppendOp):
        keep = 1 - op.AXIS
        first = dim(op.inputs[0], keep)
        return len(op.inputs) >= 2 and all(dim(v, keep) == first for v in op.inputs[1:])
    if isinstance(op, mx.DiagOp | mx.TraceOp | mx.DetOp):
        r, c = dim(op.input, 0), dim(op.input, 1)
        return r == c or (isinstance(op, mx.DiagOp) and c == 1)
    if isinstance(op, mx.RevOp | mx.CumAggOp | mx.ReplaceOp):
        return True
    if isinstance(op, mx.ReduceOp):
        if op.kind.data not in mx.INDEX_KINDS:
            return True
        along = dim(op.input, 1 if op.axis.data == "row" else 0)
        other = dim(op.input, 0 if op.axis.data == "row" else 1)
        return (isinstance(along, int) and along > 0) or other == 0
    if isinstance(op, mx.ToScalarOp):
        return dim(op.input, 0) == 1 and dim(op.input, 1) == 1
    if isinstance(op, mx.CastOp):
        return _cast_ok(op)
    if isinstance(op, mx.FillOp | mx.RandOp):
        return _small(_dims(op))
    if isinstance(op, mx.ReshapeOp):
        rc, cells = _dims(op), mx.mat_type(op.input).cells
        if rc is None or not isinstance(rc[0], int) or not isinstance(rc[1], int):
            return False
        return cells is not None and rc[0] * rc[1] == cells
    if isinstance(op, mx.SeqOp):
        return _seq_ok(op) and _seq_small(op)
    if isinstance(op, mx.SliceOp):
        rows = _in_range(count(op.r0), count(op.r1), dim(op.input, 0))
        return rows and _in_range(count(op.c0), count(op.c1), dim(op.input, 1))
    if isinstance(op, mx.UpdateOp):
        r0, c0 = count(op.r0), count(op.c0)
        m, n = dim(op.value, 0), dim(op.value, 1)
        if r0 == 0 and c0 == 0 and (m, n) == (dim(op.input, 0), dim(op.input, 1)):
            return True  # the whole matrix
        if not all(isinstance(x, int) for x in (r0, c0, m, n)):
            return False
        return _in_range(r0, r0 + m, dim(op.input, 0)) and _in_range(c0, c0 + n, dim(op.input, 1))  # type: ignore[operator]
    return False  # solve, inv (singular at run time), read/write/print, unknown ops


def can_fail(op: Operation) -> bool:
    """Whether running `op` (and what its regions hold) may raise at run time."""
    if isinstance(op, _NEVER_FAIL):
        return False
    if isinstance(op, _INT_DIVISIONS):
        d = int_of(op.rhs)
        return d is None or d == 0
    if isinstance(op, arith.AddiOp | arith.SubiOp | arith.MuliOp):
        # overflow<nsw> traps on a signed wrap (the scalar kernels); without it, it wraps
        if IntegerOverflowFlag.NSW not in op.overflow_flags.data:
            return False
        a, b = int_of(op.lhs), int_of(op.rhs)
        if a is None or b is None:
            return True
        r = {arith.AddiOp: a + b, arith.SubiOp: a - b}.get(type(op), a * b)
        return not -(1 << 63) <= r < 1 << 63
    if isinstance(op, arith.FPToSIOp):
        x = constant_value(op.input)
        return not (isinstance(x, float | int) and -(2.0**63) <= x < 2.0**63)
    if isinstance(op, scf.IfOp):
        return any(can_fail(inner) for region in op.regions for inner in region.walk())
    if isinstance(op, mx.MatrixOp):
        return not _matrix_op_ok(op)
    return True

"""Scalar arith/math kernels with IEEE semantics, shared by the interpreter and folding.

xDSL 0.74's interpreter lacks divf, negf, maxnumf and most casts, and its math
impls use Python's `math`, which raises on log(0) or sqrt(-1) where MLIR gives
-inf / nan. amls registers these kernels for every scalar op it supports (they
override xDSL's), so a value folded at compile time and the value computed at
run time come from the same function. Booleans (i1) are Python ints 0/1.
"""

from __future__ import annotations

import math as pymath
from collections.abc import Callable
from typing import Any

from xdsl.dialects import arith
from xdsl.dialects.arith import IntegerOverflowFlag
from xdsl.dialects.builtin import FloatAttr, IndexType, IntegerAttr, IntegerType

from amls.interpreter.kernels import KernelError, kernel

INF = float("inf")
NAN = float("nan")
Args = tuple[Any, ...]


def fdiv(x: float, y: float) -> float:
    """x / y with IEEE results for y == 0 (Python raises ZeroDivisionError)."""
    try:
        return x / y
    except ZeroDivisionError:
        if x == 0 or pymath.isnan(x):
            return NAN
        return pymath.copysign(INF, x) * pymath.copysign(1.0, y)


def fpow(x: float, y: float) -> float:
    try:
        r = x**y
    except ZeroDivisionError:  # 0 ** negative
        return INF
    except OverflowError:
        return INF if x > 0 or (float(y).is_integer() and int(y) % 2 == 0) else -INF
    return NAN if isinstance(r, complex) else float(r)


def flog(x: float) -> float:
    if x > 0:
        return pymath.log(x)
    return -INF if x == 0 else NAN


def fsqrt(x: float) -> float:
    return pymath.sqrt(x) if x >= 0 else NAN


def fexp(x: float) -> float:
    try:
        return pymath.exp(x)
    except OverflowError:
        return INF


def _guard(fn: Callable[[float], float]) -> Callable[[float], float]:
    def safe(x: float) -> float:
        try:
            return fn(x)
        except (ValueError, OverflowError):
            return NAN

    return safe


def _overflow_inf(fn: Callable[[float], float], x: float) -> float:
    """sinh / cosh: +-Inf where Python's raises OverflowError (as NumPy and C)."""
    try:
        return fn(x)
    except OverflowError:
        return pymath.copysign(INF, x) if fn is pymath.sinh else INF


def round_half_away(x: float) -> float:
    if not pymath.isfinite(x):
        return x
    return pymath.copysign(pymath.floor(abs(x) + 0.5), x)


def _finite_or_same(fn: Callable[[float], Any]) -> Callable[[float], float]:
    """An int-valued rounding as IEEE's: Inf and NaN as they are, and a zero result with
    x's sign (math.ceil(-0.5) is the int 0; IEEE's ceil is -0.0, as NumPy's and Java's)."""
    return lambda x: pymath.copysign(float(fn(x)), x) if pymath.isfinite(x) else x


def _width(op: Any) -> int:
    t = op.results[0].type
    return t.width.data if isinstance(t, IntegerType) else 64


def _wrap(v: int, op: Any) -> int:
    """Two's-complement wrap to the result's bit width (MLIR integer semantics)."""
    width = _width(op)
    if width == 1:
        return v & 1
    v &= (1 << width) - 1
    return v - (1 << width) if v >> (width - 1) else v


def _trunc_div(a: int, b: int) -> int:
    if b == 0:
        raise KernelError("integer division by zero")
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b >= 0) else -q


# -- float binary ---------------------------------------------------------------

_FLOAT_BINARY: dict[type[Any] | str, Callable[[float, float], float]] = {
    arith.AddfOp: lambda a, b: a + b,
    arith.SubfOp: lambda a, b: a - b,
    arith.MulfOp: lambda a, b: a * b,
    arith.DivfOp: fdiv,
    arith.MaximumfOp: lambda a, b: NAN if pymath.isnan(a) or pymath.isnan(b) else max(a, b),
    arith.MinimumfOp: lambda a, b: NAN if pymath.isnan(a) or pymath.isnan(b) else min(a, b),
    arith.MaxnumfOp: lambda a, b: b if pymath.isnan(a) else a if pymath.isnan(b) else max(a, b),
    arith.MinnumfOp: lambda a, b: b if pymath.isnan(a) else a if pymath.isnan(b) else min(a, b),
    "math.PowFOp": fpow,
}

_INT_BINARY: dict[type[Any], Callable[[int, int], int]] = {
    arith.AddiOp: lambda a, b: a + b,
    arith.SubiOp: lambda a, b: a - b,
    arith.MuliOp: lambda a, b: a * b,
    arith.DivSIOp: _trunc_div,
    arith.RemSIOp: lambda a, b: a - _trunc_div(a, b) * b,
    arith.FloorDivSIOp: lambda a, b: a // b if b else _trunc_div(a, b),
    arith.CeilDivSIOp: lambda a, b: -((-a) // b) if b else _trunc_div(a, b),
    arith.MaxSIOp: max,
    arith.MinSIOp: min,
    arith.AndIOp: lambda a, b: a & b,
    arith.OrIOp: lambda a, b: a | b,
    arith.XOrIOp: lambda a, b: a ^ b,
}

_FLOAT_UNARY: dict[type[Any] | str, Callable[[float], float]] = {
    arith.NegfOp: lambda x: -x,
    "math.ExpOp": fexp,
    "math.LogOp": flog,
    "math.SqrtOp": fsqrt,
    "math.AbsFOp": abs,
    "math.CeilOp": _finite_or_same(pymath.ceil),
    "math.FloorOp": _finite_or_same(pymath.floor),
    "math.RoundOp": round_half_away,
    "math.RoundEvenOp": _finite_or_same(lambda x: float(round(x))),  # Python rounds to even
    "math.TruncOp": _finite_or_same(pymath.trunc),
    "math.Log10Op": lambda x: fdiv(flog(x), pymath.log(10.0)),
    "math.Log2Op": lambda x: fdiv(flog(x), pymath.log(2.0)),
    "math.Log1pOp": lambda x: flog(1.0 + x) if x != 0 else x,
    "math.ExpM1Op": _guard(pymath.expm1),
    "math.TanhOp": pymath.tanh,
    "math.SinOp": _guard(pymath.sin),
    "math.CosOp": _guard(pymath.cos),
    "math.TanOp": _guard(pymath.tan),
    "math.AtanOp": pymath.atan,
    "math.AsinOp": _guard(pymath.asin),  # NaN outside [-1, 1]
    "math.AcosOp": _guard(pymath.acos),
    "math.SinhOp": lambda x: _overflow_inf(pymath.sinh, x),
    "math.CoshOp": lambda x: _overflow_inf(pymath.cosh, x),
    "math.ErfOp": pymath.erf,
    "math.RsqrtOp": lambda x: fdiv(1.0, fsqrt(x)),
}


def _register_float_binary(cls: type[Any] | str, fn: Callable[[float, float], float]) -> None:
    kernel(cls)(lambda op, args: fn(float(args[0]), float(args[1])))


_SYMBOL = {arith.AddiOp: "sum", arith.SubiOp: "difference", arith.MuliOp: "product"}


def _register_int_binary(cls: type[Any], fn: Callable[[int, int], int]) -> None:
    if cls not in _SYMBOL:
        kernel(cls)(lambda op, args: _wrap(fn(int(args[0]), int(args[1])), op))
        return

    def run(op: Any, args: Args) -> int:
        a, b = int(args[0]), int(args[1])
        v = fn(a, b)
        w = _wrap(v, op)
        if w != v and IntegerOverflowFlag.NSW in op.overflow_flags.data:
            # `overflow<nsw>`: a signed wrap is poison in MLIR; amls traps instead of
            # returning a wrapped number (DML fails here, Python ints never wrap).
            what = _SYMBOL[cls]  # not the operands: canonical forms may swap them
            raise KernelError(f"integer overflow: the {what} does not fit in {_width(op)} bits")
        return w

    kernel(cls)(run)


def _register_float_unary(cls: type[Any] | str, fn: Callable[[float], float]) -> None:
    kernel(cls)(lambda op, args: fn(float(args[0])))


for _c, _f in _FLOAT_BINARY.items():
    _register_float_binary(_c, _f)
for _c, _g in _INT_BINARY.items():
    _register_int_binary(_c, _g)
for _c, _h in _FLOAT_UNARY.items():
    _register_float_unary(_c, _h)


@kernel("math.FPowIOp")
def fpowi(op: Any, args: Args) -> float:
    return fpow(float(args[0]), float(args[1]))


@kernel(arith.SIToFPOp)
def sitofp(op: Any, args: Args) -> float:
    return float(args[0])


@kernel(arith.FPToSIOp)
def fptosi(op: Any, args: Args) -> int:
    x = float(args[0])
    width = _width(op)
    # Out of range (NaN, Inf, |x| >= 2^(width-1)) is poison in MLIR: amls fails rather
    # than return a wrapped number. DML's as.integer clamps first, as Java's cast does.
    if not pymath.isfinite(x) or not -(2.0 ** (width - 1)) <= x < 2.0 ** (width - 1):
        raise KernelError(f"cannot convert {x!r} to a {width}-bit integer")
    return int(x)


@kernel(arith.ExtUIOp, arith.ExtSIOp, arith.IndexCastOp)
def int_extend(op: Any, args: Args) -> int:
    return extended(type(op), int(args[0]), op.operands[0].type)


def extended(cls: type, v: int, source: Any) -> int:
    """v (an integer of type source) extended: extui zero-extends, so an i1 true held
    as -1 (xDSL's signless i1) is 1; extsi and index_cast sign-extend (true is -1)."""
    width = source.width.data if isinstance(source, IntegerType) else 64
    if width >= 64:
        return v
    v &= (1 << width) - 1
    if cls is arith.ExtUIOp:
        return v
    return v - (1 << width) if v >> (width - 1) else v


@kernel(arith.TruncIOp)
def trunci(op: Any, args: Args) -> int:
    return _wrap(int(args[0]), op)


_CMPI: dict[int, Callable[[int, int], bool]] = {
    0: lambda a, b: a == b, 1: lambda a, b: a != b,
    2: lambda a, b: a < b, 3: lambda a, b: a <= b,
    4: lambda a, b: a > b, 5: lambda a, b: a >= b,
}  # fmt: skip


@kernel(arith.CmpiOp)
def cmpi(op: arith.CmpiOp, args: Args) -> int:
    p = op.predicate.value.data
    a, b = int(args[0]), int(args[1])
    if p >= 6:  # unsigned: compare as 64-bit unsigned
        a, b = a % 2**64, b % 2**64
        p -= 4
    return int(_CMPI[p](a, b))


@kernel(arith.CmpfOp)
def cmpf(op: arith.CmpfOp, args: Args) -> int:
    x, y = float(args[0]), float(args[1])
    ordered = not (pymath.isnan(x) or pymath.isnan(y))
    p = op.predicate.value.data
    if p in (0, 15):
        return int(p == 15)
    if p == 7:
        return int(ordered)
    if p == 14:
        return int(not ordered)
    base = {1: x == y, 2: x > y, 3: x >= y, 4: x < y, 5: x <= y, 6: x != y}
    if p <= 6:
        return int(ordered and base[p])
    return int(not ordered or base[p - 7])


@kernel(arith.SelectOp)
def select(op: arith.SelectOp, args: Args) -> Any:
    return args[1] if args[0] else args[2]


@kernel(arith.ConstantOp)
def constant(op: Any, args: Args) -> float | int:
    """xDSL's arith.constant semantics, without its generic attribute checks (~0.2 ms)."""
    value = op.value
    if isinstance(value, FloatAttr):
        return value.value.data
    if isinstance(value, IntegerAttr):
        data = value.value.data
        if isinstance(value.type, IndexType) and data >= 1 << 63:
            return data - (1 << 64)  # index is 64-bit and signed here
        return data
    raise KernelError(f"arith.constant of {value} is not a scalar")

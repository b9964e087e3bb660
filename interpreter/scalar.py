"""Scalar arith/math kernels that xDSL 0.74's interpreter lacks, with IEEE semantics.

xDSL ships addf/mulf/cmpf/...; it has no divf, negf, maxnumf, casts, and its
math impls use Python's `math`, which raises on log(0) or sqrt(-1) where MLIR
gives -inf / nan. These override or add them.
"""

from __future__ import annotations

import math as pymath
from collections.abc import Callable
from typing import Any

from xdsl.dialects import arith, math
from xdsl.interpreter import Interpreter, InterpreterFunctions, PythonValues, impl, register_impls

INF = float("inf")
NAN = float("nan")


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
        return INF if x > 0 or float(y).is_integer() and int(y) % 2 == 0 else -INF
    return NAN if isinstance(r, complex) else r


def flog(x: float) -> float:
    if x > 0:
        return pymath.log(x)
    if x == 0:
        return -INF
    return NAN


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


def _round_half_away(x: float) -> float:
    if pymath.isnan(x) or pymath.isinf(x):
        return x
    return pymath.copysign(pymath.floor(abs(x) + 0.5), x)


def _fptosi(x: float) -> int:
    if pymath.isnan(x) or pymath.isinf(x):
        raise ValueError(f"arith.fptosi of {x}")
    return int(x)


_UNARY_MATH: dict[type[Any], Callable[[float], float]] = {
    math.ExpOp: fexp,
    math.LogOp: flog,
    math.SqrtOp: fsqrt,
    math.AbsFOp: abs,
    math.CeilOp: lambda x: float(pymath.ceil(x)) if pymath.isfinite(x) else x,
    math.FloorOp: lambda x: float(pymath.floor(x)) if pymath.isfinite(x) else x,
    math.RoundOp: _round_half_away,
    math.TruncOp: lambda x: float(pymath.trunc(x)) if pymath.isfinite(x) else x,
    math.Log10Op: lambda x: fdiv(flog(x), pymath.log(10.0)),
    math.Log2Op: lambda x: fdiv(flog(x), pymath.log(2.0)),
    math.Log1pOp: lambda x: flog(1.0 + x) if x != 0 else x,
    math.ExpM1Op: _guard(pymath.expm1),
    math.TanhOp: pymath.tanh,
    math.SinOp: _guard(pymath.sin),
    math.CosOp: _guard(pymath.cos),
    math.TanOp: _guard(pymath.tan),
    math.AtanOp: pymath.atan,
    math.ErfOp: pymath.erf,
    math.RsqrtOp: lambda x: fdiv(1.0, fsqrt(x)),
}


@register_impls
class ScalarFunctions(InterpreterFunctions):
    @impl(arith.DivfOp)
    def run_divf(self, interp: Interpreter, op: arith.DivfOp, args: PythonValues) -> PythonValues:
        return (fdiv(args[0], args[1]),)

    @impl(arith.NegfOp)
    def run_negf(self, interp: Interpreter, op: arith.NegfOp, args: PythonValues) -> PythonValues:
        return (-args[0],)

    @impl(arith.MaxnumfOp)
    def run_maxnumf(self, interp: Interpreter, op: Any, args: PythonValues) -> PythonValues:
        a, b = args
        return (b if pymath.isnan(a) else a if pymath.isnan(b) else max(a, b),)

    @impl(arith.MinnumfOp)
    def run_minnumf(self, interp: Interpreter, op: Any, args: PythonValues) -> PythonValues:
        a, b = args
        return (b if pymath.isnan(a) else a if pymath.isnan(b) else min(a, b),)

    @impl(arith.MaxSIOp)
    def run_maxsi(self, interp: Interpreter, op: Any, args: PythonValues) -> PythonValues:
        return (max(args[0], args[1]),)

    @impl(arith.MinSIOp)
    def run_minsi(self, interp: Interpreter, op: Any, args: PythonValues) -> PythonValues:
        return (min(args[0], args[1]),)

    @impl(arith.CeilDivSIOp)
    def run_ceildivsi(self, interp: Interpreter, op: Any, args: PythonValues) -> PythonValues:
        return (-((-args[0]) // args[1]),)

    @impl(arith.SIToFPOp)
    def run_sitofp(self, interp: Interpreter, op: Any, args: PythonValues) -> PythonValues:
        return (float(args[0]),)

    @impl(arith.FPToSIOp)
    def run_fptosi(self, interp: Interpreter, op: Any, args: PythonValues) -> PythonValues:
        return (_fptosi(args[0]),)

    @impl(arith.ExtUIOp)
    def run_extui(self, interp: Interpreter, op: Any, args: PythonValues) -> PythonValues:
        return (int(args[0]),)

    @impl(arith.ExtSIOp)
    def run_extsi(self, interp: Interpreter, op: Any, args: PythonValues) -> PythonValues:
        return (int(args[0]),)

    @impl(arith.TruncIOp)
    def run_trunci(self, interp: Interpreter, op: Any, args: PythonValues) -> PythonValues:
        return (int(args[0]) & 1 if op.result.type.width.data == 1 else int(args[0]),)

    @impl(math.PowFOp)
    def run_powf(self, interp: Interpreter, op: Any, args: PythonValues) -> PythonValues:
        return (fpow(args[0], args[1]),)

    @impl(math.FPowIOp)
    def run_fpowi(self, interp: Interpreter, op: Any, args: PythonValues) -> PythonValues:
        return (fpow(args[0], float(args[1])),)


def _unary_impl(fn: Callable[[float], float]) -> Callable[..., PythonValues]:
    def run(self: Any, interp: Interpreter, op: Any, args: PythonValues) -> PythonValues:
        return (fn(args[0]),)

    return run


def math_functions() -> InterpreterFunctions:
    """Unary math ops with IEEE results (override xDSL's, which raise on log(0))."""
    ns = {
        f"run_{t.name.replace('.', '_')}": impl(t)(_unary_impl(fn)) for t, fn in _UNARY_MATH.items()
    }
    cls = register_impls(type("MathFunctions", (InterpreterFunctions,), ns))
    return cls()

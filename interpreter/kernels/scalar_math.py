"""Kernels of the math dialect's scalar ops (same semantics as amls.interpreter.kernels.scalar).

Apart from scalar because defining xDSL's math dialect costs more than a tiny program's
whole compile: load_builtin_kernels imports this module once xdsl.dialects.math is loaded,
which it is before any math op exists (parsing one loads its dialect).
"""

from __future__ import annotations

import math as pymath
from collections.abc import Callable
from typing import Any

from xdsl.dialects import math

from amls.interpreter.kernels import kernel
from amls.interpreter.kernels.scalar import (
    Args,
    _finite_or_same,
    _guard,
    _register_float_binary,
    _register_float_unary,
    fdiv,
    fexp,
    flog,
    fpow,
    fsqrt,
    round_half_away,
)

_FLOAT_UNARY: dict[type[Any], Callable[[float], float]] = {
    math.ExpOp: fexp,
    math.LogOp: flog,
    math.SqrtOp: fsqrt,
    math.AbsFOp: abs,
    math.CeilOp: _finite_or_same(pymath.ceil),
    math.FloorOp: _finite_or_same(pymath.floor),
    math.RoundOp: round_half_away,
    math.TruncOp: _finite_or_same(pymath.trunc),
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

_register_float_binary(math.PowFOp, fpow)
for _c, _h in _FLOAT_UNARY.items():
    _register_float_unary(_c, _h)


@kernel(math.FPowIOp)
def fpowi(op: Any, args: Args) -> float:
    return fpow(float(args[0]), float(args[1]))

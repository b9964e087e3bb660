"""What element-wise ops do to zeros, the one question sparsity depends on.

Binary ops are asked of their own kernel (f(0, c), f(0, 0), f(y, y)), so
sparsity-safety is never listed by hand and can never disagree with execution;
unary ops are few and listed. Size rules and estimators both read this.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from xdsl.ir import Operation

from amls.dialects import matrix as mx
from amls.interpreter.kernels import KERNELS, load_builtin_kernels

ZERO = np.zeros((1, 1))
"""A matrix operand that probes as the 1x1 matrix [[y]] for y = 0."""

PROBE_VALUES = (1.0, -1.0, 0.5, -3.0)
"""Typical non-zero values to probe with."""

Probe = float | np.ndarray
"""A probe operand: a scalar, or a 1x1 matrix."""

# Unary ops that map 0 -> 0 and non-zero -> non-zero (NaN counts as non-zero).
NNZ_EXACT_UNARY = (mx.NegOp, mx.AbsOp, mx.SignOp, mx.SqrtOp)
# Unary ops that map 0 -> 0 but may create zeros.
# asin, atan, sinh and tanh are zero only at 0, but listed here (nnz not kept exactly):
# an exact count would rest on every libm keeping the tiniest subnormals non-zero.
ZERO_SAFE_UNARY = (
    mx.RoundOp, mx.RintOp, mx.FloorOp, mx.CeilOp, mx.SinOp, mx.TanOp, mx.IsNanOp,
    mx.AsinOp, mx.AtanOp, mx.SinhOp, mx.TanhOp, mx.IsInfOp,
)  # fmt: skip


def kernel_value(op: Operation, args: tuple[Probe, ...]) -> float | None:
    """op's own kernel on 1x1-matrix and scalar operands; None if it fails.

    Element-wise kernels read nothing of their op but its class: memoised per class."""
    key = (type(op), *(("M", float(a[0, 0])) if isinstance(a, np.ndarray) else a for a in args))
    if key not in _SEEN:
        _SEEN[key] = _run_kernel(op, args)
    return _SEEN[key]


_SEEN: dict[tuple[Any, ...], float | None] = {}


def _run_kernel(op: Operation, args: tuple[Probe, ...]) -> float | None:
    k = KERNELS.get(type(op)) or load_builtin_kernels().get(type(op))
    if k is None:
        return None
    try:
        with np.errstate(all="ignore"):
            out = k(op, args)
    except Exception:
        return None
    arr = out.toarray() if hasattr(out, "toarray") else np.asarray(out)
    return float(arr.reshape(-1)[0]) if arr.size else None


def zero_kept(op: Operation, zero_left: bool) -> bool:
    """f(0, y) == 0 (or f(y, 0) == 0) for typical non-zero y."""
    for y in PROBE_VALUES:
        v = kernel_value(op, (ZERO, y) if zero_left else (y, ZERO))
        if v is None or v != 0:
            return False
    return True

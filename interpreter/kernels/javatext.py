"""Scalars as SystemDS (Java) prints them: TRUE/FALSE, 3, 2.5, 1.0E-5, 1.23456789E8, NaN."""

from __future__ import annotations

import math
from decimal import Decimal


def java_double(v: float) -> str:
    """Java's Double.toString: plain in [1e-3, 1e7), else d.dddE<exp>; shortest digits."""
    if math.isnan(v):
        return "NaN"
    if math.isinf(v):
        return "Infinity" if v > 0 else "-Infinity"
    if v == 0 or 1e-3 <= abs(v) < 1e7:
        return repr(float(v))  # repr is plain here and keeps ".0"
    sign, digits, exp = Decimal(repr(float(v))).as_tuple()
    ds = "".join(map(str, digits)).rstrip("0") or "0"
    e = len(digits) + int(exp) - 1
    return f"{'-' if sign else ''}{ds[0]}.{ds[1:] or '0'}E{e}"

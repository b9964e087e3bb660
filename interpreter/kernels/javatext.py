"""Scalars as SystemDS (Java) prints them: TRUE/FALSE, 3, 2.5, 1.0E-5, 1.23456789E8, NaN."""

from __future__ import annotations

import math
from decimal import ROUND_DOWN, Decimal, localcontext
from typing import Any


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


def java_decimal(v: float, decimal: int) -> str:
    """`v` with `decimal` fraction digits as Java's DecimalFormat("0.000") (SystemDS's
    toString): half-even on Double.toString's shortest digits, where a last digit 5 is a
    tie only when those digits are exact (else the exact binary value decides); a value
    printed as d.0E-n keeps its ".0" as a digit, so 5.0E-4 at 3 digits is 0.000; a
    negative value that rounds to zero keeps its sign (-0.000), -0.0 itself does not."""
    if math.isnan(v):
        return "NaN"
    if math.isinf(v):
        return "Infinity" if v > 0 else "-Infinity"
    if v == 0:
        return "0" + ("." + "0" * decimal if decimal > 0 else "")
    with localcontext() as ctx:
        ctx.prec = 800  # exact: 1e308 with its fraction digits
        shortest, exact = Decimal(repr(abs(v))), Decimal(abs(v))
        q = Decimal(1).scaleb(-decimal)
        down = shortest.quantize(q, rounding=ROUND_DOWN)
        rest = shortest - down
        half = q / 2
        if rest > half:
            up = True
        elif rest < half:
            up = False
        elif shortest < Decimal("1e-3") and shortest.adjusted() == -decimal - 1:
            up = False  # DecimalFormat's digits of "5.0E-4": the tie is followed by a 0
        elif exact == shortest:
            up = int(down.scaleb(decimal)) % 2 == 1
        else:
            up = exact > shortest
        out = down + q if up else down
        return ("-" if v < 0 else "") + f"{out:f}"


def dml_tostring(
    a: Any,
    rows: int = 100,
    cols: int = 100,
    decimal: int = 3,
    sparse: bool = False,
    sep: str = " ",
    linesep: str = "\n",
) -> str:
    """A matrix as SystemDS's toString (and print of a matrix): its first `rows` x `cols`
    cells, each with `decimal` digits, `sep` between cells and `linesep` after each row;
    sparse: one `i j v` line (1-based) per non-zero cell."""
    block = a[: max(rows, 0), : max(cols, 0)]
    block = block.toarray() if hasattr(block, "toarray") else block
    if sparse:
        return "".join(
            f"{i + 1}{sep}{j + 1}{sep}{java_decimal(float(block[i, j]), decimal)}{linesep}"
            for i in range(block.shape[0])
            for j in range(block.shape[1])
            if block[i, j] != 0
        )
    return "".join(
        sep.join(java_decimal(float(x), decimal) for x in row) + linesep for row in block
    )

"""Java's String.format for DML's printf-style print (print("x=%d", 5)): the format
split into text and specifiers, and one value formatted by a specifier as Java does
(long, double, boolean and string arguments, as SystemDS passes them)."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal, localcontext

from amls.interpreter.kernels.javatext import java_double

_SPEC = re.compile(r"%(\d+\$|<)?([-#+ 0,(]*)(\d+)?(\.\d+)?([a-zA-Z%])")

INTEGRAL, FLOATING, GENERAL = "doxX", "eEfgG", "sSbB"
"""The conversions amls formats: Java's for a Long, for a Double, and for any value."""


class FormatError(ValueError):
    """A format Java's Formatter rejects (or one amls does not format)."""


@dataclass(frozen=True)
class Spec:
    """One `%[index$][flags][width][.precision]conversion`; index: 1-based explicit
    argument, 0 the next ordinary one, -1 the previous one (`%<s`)."""

    text: str
    index: int
    flags: str
    width: int | None
    precision: int | None
    conv: str


def parse_format(fmt: str) -> list[str | Spec]:
    """The format as literal text and specifiers (`%%` and `%n` become text)."""
    out: list[str | Spec] = []
    pos = 0
    while (i := fmt.find("%", pos)) >= 0:
        out.append(fmt[pos:i])
        m = _SPEC.match(fmt, i)
        if m is None:
            raise FormatError(f"unknown format conversion at '{fmt[i:]}'")
        idx, flags, width, prec, conv = m.groups()
        if conv in "%n":
            out.append("%" if conv == "%" else "\n")
        else:
            index = -1 if idx == "<" else int(idx[:-1]) if idx else 0
            w, p = int(width) if width else None, int(prec[1:]) if prec else None
            out.append(Spec(m.group(0), index, flags, w, p, conv))
        pos = m.end()
    out.append(fmt[pos:])
    return [p for p in out if p != ""]


def kind_error(spec: Spec, kind: str) -> str | None:
    """Why Java refuses this argument kind (i64, f64, i1, str) for spec, or None."""
    if spec.conv in GENERAL:
        return None
    if spec.conv not in INTEGRAL + FLOATING:
        return f"the format conversion %{spec.conv} is not supported"
    want = "i64" if spec.conv in INTEGRAL else "f64"
    if kind != want:
        names = {"i64": "an integer", "f64": "a double", "i1": "a boolean", "str": "a string"}
        return f"{spec.text} cannot format {names[kind]} (Java's IllegalFormatConversion)"
    if spec.conv in INTEGRAL and spec.precision is not None:
        return f"{spec.text}: an integer takes no precision"
    return None


def java_format(spec: Spec, value: bool | int | float | str) -> str:
    """`value` as Java's Formatter writes it for `spec` (its kind already checked)."""
    c = spec.conv
    if c in "sS":
        text = _as_string(value)
    elif c in "bB":
        text = ("true" if value else "false") if isinstance(value, bool) else "true"
    elif c in INTEGRAL:
        return _pad(spec, *_integral(spec, int(value)))
    else:
        return _pad(spec, *_floating(spec, float(value)))
    if spec.precision is not None:
        text = text[: spec.precision]
    return _pad(spec, "", text.upper() if c in "SB" else text, numeric=False)


def _as_string(value: bool | int | float | str) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return java_double(value)
    return str(value)


def _pad(spec: Spec, sign: str, digits: str, numeric: bool = True) -> str:
    """Sign and digits to the width: zeros after the sign with `0`, else spaces."""
    width = spec.width or 0
    if numeric and "0" in spec.flags and digits not in ("NaN", "Infinity"):
        digits = digits.rjust(width - len(sign), "0")
    text = sign + digits
    if "(" in spec.flags and sign == "(":
        text += ")"
    return text.ljust(width) if "-" in spec.flags else text.rjust(width)


def _sign(spec: Spec, negative: bool) -> str:
    if negative:
        return "(" if "(" in spec.flags else "-"
    return "+" if "+" in spec.flags else " " if " " in spec.flags else ""


def _group(spec: Spec, digits: str) -> str:
    if "," not in spec.flags:
        return digits
    head, dot, tail = digits.partition(".")
    return f"{int(head):,}" + dot + tail


def _integral(spec: Spec, v: int) -> tuple[str, str]:
    if spec.conv == "d":
        return _sign(spec, v < 0), _group(spec, str(abs(v)))
    u = v & (2**64 - 1)  # Java prints a negative long's two's complement
    text = format(u, "o" if spec.conv == "o" else "x")
    if "#" in spec.flags:
        text = ("0" if spec.conv == "o" else "0x") + text
    return "", text.upper() if spec.conv == "X" else text


def _floating(spec: Spec, v: float) -> tuple[str, str]:
    if math.isnan(v):
        return "", "NaN"
    sign = _sign(spec, math.copysign(1.0, v) < 0)
    if math.isinf(v):
        return sign, "Infinity"
    # Java rounds Double.toString's shortest digits half up (1.005 at 2 digits is
    # 1.01), not the exact binary value
    d = Decimal(repr(abs(v)))
    prec = 6 if spec.precision is None else spec.precision
    with localcontext() as ctx:
        ctx.prec = 1000
        if spec.conv == "f":
            return sign, _group(spec, _fixed(d, prec))
        if spec.conv in "eE":
            text = _sci(d, prec)
        else:  # g: %e or %f by the rounded value's size, precision significant digits
            prec = max(prec, 1)
            r = _round_sig(d, prec)
            if r != 0 and not Decimal("1e-4") <= r < Decimal(10) ** prec:
                text = _sci(d, prec - 1)
            else:
                text = _group(spec, _fixed(d, prec - 1 - (r.adjusted() if r != 0 else 0)))
        return sign, text.upper() if spec.conv in "EG" else text


def _fixed(d: Decimal, places: int) -> str:
    return f"{d.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP):f}"


def _round_sig(d: Decimal, digits: int) -> Decimal:
    if d == 0:
        return d
    return d.quantize(Decimal(1).scaleb(d.adjusted() - digits + 1), rounding=ROUND_HALF_UP)


def _sci(d: Decimal, places: int) -> str:
    """d.ddde+XX: `places` fraction digits, an exponent of at least two digits."""
    r = _round_sig(d, places + 1)
    exp = r.adjusted() if r != 0 else 0
    mant = _fixed(r.scaleb(-exp), places)
    return f"{mant}e{'-' if exp < 0 else '+'}{abs(exp):02d}"

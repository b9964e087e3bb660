"""DML's printf-style print (print("x=%d y=%.2f", i, loss)): SystemDS hands the format
and the values (Long, Double, Boolean, String) to Java's String.format."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from amls.dialects import matrix as mx
from amls.frontends.dml import syntax as S
from amls.frontends.dml.translate import Choice, Translator, Val

__all__ = ["Choice", "Formatted", "printf_parts"]
from amls.interpreter.kernels.javaformat import (
    FormatError,
    Spec,
    java_format,
    kind_error,
    parse_format,
)


@dataclass
class Formatted:
    """A value known at run time, printed by its Java specifier (the print op's `format`)."""

    ssa: Any
    spec: str


def printf_parts(tr: Translator, c: S.Call) -> list[Any]:
    """The text of print(format, args...) as print's parts: strings now, run-time values
    as `Formatted`. A format Java would reject fails as SystemDS does: when it runs."""
    first = c.args[0].value
    if not isinstance(first, S.Str):  # SystemDS's validation: a literal, not an expression
        raise tr.err(c, "print: printf-style functionality requires the first argument "
                     "to be a string literal")  # fmt: skip
    try:
        pieces = parse_format(first.value)
    except FormatError as e:
        raise tr.err(first, f"print: {e}") from None
    args = [tr.expr(a.value) for a in c.args[1:]]
    parts: list[Any] = []
    ordinary, last = 0, None
    for p in pieces:
        if isinstance(p, str):
            parts.append(p)
            continue
        if p.index == 0:
            k, ordinary = ordinary, ordinary + 1
        else:
            k = last if p.index < 0 else p.index - 1
        if k is None or k >= len(args):
            _fail(tr, c, f"print: {p.text} has no argument (Java's MissingFormatArgument)")
            continue
        last = k
        parts.extend(_formatted(tr, c, p, args[k]))
    return parts


def _fail(tr: Translator, c: S.Call, message: str) -> None:
    """A located error where the print surely runs, else a stop if it runs."""
    if tr.block is tr.main_block:
        raise tr.err(c, message)
    tr.block.add_ops(mx.stop_if(tr.const(True, "i1", c).ssa, message, tr._loc(c)))  # type: ignore[arg-type]  # noqa: SLF001


def _formatted(tr: Translator, c: S.Call, spec: Spec, v: Val) -> list[Any]:
    if v.kind == "matrix":
        _fail(tr, c, f"print: {spec.text} cannot format a matrix (use toString)")
        return []
    kind = "str" if v.kind in ("str", "fmt") else v.kind
    why = kind_error(spec, kind)
    if why is not None:
        _fail(tr, c, f"print: {why}")
        return []
    if spec.conv in "bB" and kind != "i1":  # Java: any value but null is true
        return ["TRUE" if spec.conv == "B" else "true"]
    if v.kind == "fmt":  # a string known at run time (toString of a matrix, ...)
        if spec.conv == "s" and spec.width is None and spec.precision is None:
            return list(v.const)
        _fail(tr, c, f"print: {spec.text} of a string known only at run time is not supported")
        return []
    if v.const is not None:
        cast = {"i1": bool, "i64": int, "f64": float}.get(v.kind, str)
        return [java_format(spec, cast(v.const))]
    return [Formatted(v.ssa, spec.text)]

"""`amls-opt --arg-type NAME=TYPE [{FACTS}]`: plan a function for argument types (and value
facts) given on the command line, as amls-run plans it for the data it loads.

    --arg-type 'X=!matrix.mat<1000x50xf64, nnz=40000>'
    --arg-type X=1000x50                       # shorthand for !matrix.mat<1000x50xf64>
    --arg-type 'y=1000x1,nnz=? {matrix.finite}'
    --arg-type 'y=?x1 {absmax = 1.0}'          # finite / absmax: matrix.finite / matrix.absmax

NAME is an argument of the entry function (with or without `%`); TYPE refines its
declared type (a `?` stays what was declared); FACTS are the argument attributes of
amls.dialects.value_facts, in MLIR's attribute-dictionary syntax.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Attribute
from xdsl.parser import Parser
from xdsl.utils.exceptions import ParseError, VerifyException

from amls.dialects.matrix import MatrixType
from amls.dialects.value_facts import ABSMAX_ATTR, FINITE_ATTR, ArgFacts, facts_from_dict
from amls.lowering.diagnostics import UserError
from amls.lowering.specialise import ArgSpec, refine_type, specialise_function
from amls.tools.common import exponent_without_point

_SHORT = re.compile(r"(\d+|\?)\s*x\s*(\d+|\?)(?:\s*,\s*nnz\s*=\s*(\d+|\?))?")
_SHORT_FACTS = {"finite": FINITE_ATTR, "absmax": ABSMAX_ATTR}


class UsageError(UserError):
    """A bad --arg-type: exit 2, also under --verify-diagnostics."""

    def __init__(self, message: str):
        super().__init__(f"amls-opt: error: {message}", 2)


@dataclass(frozen=True)
class ArgType:
    name: str
    type: Attribute
    facts: ArgFacts | None
    text: str


def parse_arg_type(ctx: Context, text: str) -> ArgType:
    name, sep, rest = text.partition("=")
    name = name.strip().removeprefix("%")
    if not sep or not name or not rest.strip():
        raise UsageError(f"malformed --arg-type '{text}': expected NAME=TYPE [{{FACTS}}]")
    type_text, brace, facts_text = rest.partition("{")
    type_text = type_text.strip()
    where = f"--arg-type {name}"
    short = _SHORT.fullmatch(type_text)
    if short:
        r, c, nnz = (None if g in (None, "?") else int(g) for g in short.groups())
        try:
            t: Attribute = MatrixType(r, c, nnz)
        except VerifyException as e:
            raise UsageError(f"{where}: bad type '{type_text}': {e}") from None
    else:
        t = _parse(ctx, type_text, where, "type", lambda p: p.parse_type())
    facts = None
    if brace:
        attrs = _parse(ctx, brace + facts_text, where, "facts", _attr_dict)
        named: dict[str, Attribute] = {}
        for key, value in attrs.items():
            full = _SHORT_FACTS.get(key, key)
            if full not in (FINITE_ATTR, ABSMAX_ATTR):
                raise UsageError(
                    f"{where}: unknown fact '{key}' (facts: {FINITE_ATTR}, {ABSMAX_ATTR} = B)"
                )
            named[full] = value
        try:
            facts = facts_from_dict(named, where)
        except VerifyException as e:
            raise UsageError(str(e)) from None
    return ArgType(name, t, facts, text)


def _attr_dict(p: Parser) -> dict[str, Attribute]:
    return p.parse_optional_attr_dict()


def _parse(ctx: Context, text: str, where: str, what: str, fn):  # type: ignore[no-untyped-def]
    try:
        p = Parser(ctx, text, "<--arg-type>")
        out = fn(p)
        msg = "unexpected text after it" if p.pos < len(text.rstrip()) else None
    except (ParseError, VerifyException) as e:
        msg = getattr(e, "msg", None) or str(e).splitlines()[-1]
        span = getattr(e, "span", None)
        exponent = exponent_without_point(text, span.start) if span is not None else None
        if exponent is not None:  # as in program text (amls.tools.common.parse_module)
            msg = f"a float literal needs a '.' before its exponent: write {exponent}"
    if msg is not None:
        raise UsageError(f"{where}: cannot parse {what} '{text.strip()}': {msg}")
    return out


def apply_arg_types(module: ModuleOp, entry: str, given: list[ArgType]) -> None:
    """Specialise @entry of module for the given argument types and facts."""
    fn = next(
        (f for f in module.ops if isinstance(f, func.FuncOp) and f.sym_name.data == entry), None
    )
    if fn is None or not fn.body.blocks:
        raise UsageError(f"--arg-type: no function @{entry} with a body (choose one with --entry)")
    args = list(fn.body.block.args)
    names = [a.name_hint or f"arg{i}" for i, a in enumerate(args)]
    specs: list[ArgSpec | None] = [None] * len(args)
    for g in given:
        if g.name not in names:
            listed = ", ".join(f"%{n}" for n in names) or "none"
            raise UsageError(
                f"--arg-type {g.name}: @{entry} has no argument %{g.name} (arguments: {listed})"
            )
        i = names.index(g.name)
        if specs[i] is not None:
            raise UsageError(f"--arg-type {g.name} given twice")
        t = refine_type(args[i].type, g.type)
        if isinstance(t, str):
            raise UsageError(f"--arg-type {g.name}: {t}")
        specs[i] = ArgSpec(type=t, facts=g.facts)
    specialise_function(module, entry, specs)

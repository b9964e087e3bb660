"""The op reference of a dialect (docs/dialects/*.md), generated from the op definitions.

Everything is read from the code, as MLIR's mlir-tblgen -gen-dialect-doc reads ODS:
operands, results and properties from each op's IRDL definition, keywords from
`KEYWORD_PROPS`, the description from the docstring, traits from the trait set, what
the verifier rejects and the allowed property values from the verifier's source
(tools/docgen_verify.py), the size rule from `passes/sizes/rules.py` (its docstring's
first line), and the distributed implementation from the phys twin (`DIST_OK`, `METHODS`).
"""

from __future__ import annotations

import inspect
from collections.abc import Iterable
from typing import Any

from xdsl.dialects.builtin import (
    DenseIntOrFPElementsAttr,
    FloatAttr,
    IntegerAttr,
    IntegerType,
    StringAttr,
)
from xdsl.ir import Dialect
from xdsl.irdl import (
    AnyOf,
    BaseAttr,
    EqAttrConstraint,
    OptPropertyDef,
    ParamAttrConstraint,
    RangeLengthConstraint,
    RangeOf,
    VarOperandDef,
)

from amls.dialects import matrix as mx
from amls.dialects import phys
from amls.passes.sizes.rules import SIZE_RULES
from amls.tools.docgen_verify import verifier_info

_ATTR_KINDS: dict[type, str] = {
    StringAttr: "string",
    FloatAttr: "f64",
    IntegerAttr: "i64",
    DenseIntOrFPElementsAttr: "dense<...> : tensor<RxCxf64>",
}


def constraint_text(c: Any) -> str:
    """A type or property constraint as the user writes it (`!matrix.mat | f64`)."""
    if isinstance(c, RangeLengthConstraint):
        return constraint_text(c.constraint)
    if isinstance(c, RangeOf):
        return constraint_text(c.constr)
    if isinstance(c, AnyOf):
        return " | ".join(constraint_text(x) for x in c.attr_constrs)
    if isinstance(c, EqAttrConstraint):
        return str(c.attr)
    if isinstance(c, ParamAttrConstraint):
        return _ATTR_KINDS.get(c.base_attr, c.base_attr.__name__)
    if isinstance(c, BaseAttr):
        t = c.attr
        if t in _ATTR_KINDS:
            return _ATTR_KINDS[t]
        if t is IntegerType:
            return "integer"
        name = getattr(t, "name", None)
        if isinstance(name, str):
            return name if name[0].isalpha() and "." not in name else f"!{name}"
        subs = [s for s in _subclasses(t) if isinstance(getattr(s, "name", None), str)]
        if subs:
            return " | ".join(f"!{s.name}" for s in subs)
        return t.__name__
    return str(c)


def _subclasses(t: type) -> Iterable[type]:
    for s in t.__subclasses__():
        yield s
        yield from _subclasses(s)


def doc_lines(obj: Any) -> list[str]:
    """The docstring of a class or function, dedented, as lines ([] if it has none of its
    own)."""
    doc = obj.__dict__.get("__doc__") if isinstance(obj, type) else obj.__doc__
    return inspect.cleandoc(doc).splitlines() if doc else []


def _code(text: str) -> str:
    return "`" + text.replace("|", "\\|") + "`"


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def syntax(cls: Any) -> str:
    """The custom syntax of an op (MatrixOp's shared one), spelled for this op."""
    d = cls.get_irdl_definition()
    parts = [f"%{d.results[0][0]} = " if d.results else "", cls.name]
    parts += [f" {k.upper()}" for k in cls.KEYWORD_PROPS]
    ops = []
    for name, od in d.operands:
        ops.append(f"%{name}..." if isinstance(od, VarOperandDef) else f"%{name}")
    if ops:
        parts.append(" " + ", ".join(ops))
    rest = [n for n in d.properties if n not in cls.KEYWORD_PROPS]
    if rest:
        parts.append(" {" + ", ".join(f"{n} = ..." for n in rest) + "}")
    ins = ", ".join(constraint_text(od.constr) for _, od in d.operands)
    outs = " -> " + constraint_text(d.results[0][1].constr) if d.results else ""
    parts.append(f" : ({ins}){outs}")
    return "".join(parts)


def size_rule_text(cls: Any) -> str:
    rule = SIZE_RULES.get(cls)
    if rule is None:
        return "none: the result's facts are its declared type's"
    lines = doc_lines(rule)
    first = " ".join(lines[: lines.index("")] if "" in lines else lines)
    return first or f"`{rule.__module__}.{rule.__name__}`"


def _properties(cls: Any, allowed: dict[str, tuple[str, ...]]) -> list[str]:
    d = cls.get_irdl_definition()
    if not d.properties:
        return []
    lines = ["| property | kind | default | allowed values |", "|---|---|---|---|"]
    for name, pd in d.properties.items():
        kw = " (keyword)" if name in cls.KEYWORD_PROPS else ""
        if isinstance(pd, OptPropertyDef):
            default = "optional"
        elif pd.default_value is not None:
            default = _code(_attr_text(pd.default_value))
        else:
            default = "required"
        values = ", ".join(allowed.get(name, ())) or ""
        kind = _cell(constraint_text(pd.constr))
        lines.append(f"| `{name}`{kw} | {kind} | {default} | {values} |")
    return lines


def _attr_text(a: Any) -> str:
    if isinstance(a, StringAttr):
        return f'"{a.data}"'
    if isinstance(a, FloatAttr):
        return repr(a.value.data)
    if isinstance(a, IntegerAttr):
        return str(a.value.data)
    return str(a)


def _values(kind: str, defs: list[tuple[str, Any]]) -> list[str]:
    if not defs:
        return []
    lines = [f"| # | {kind} | type |", "|---|---|---|"]
    for i, (name, od) in enumerate(defs):
        var = " (variadic)" if isinstance(od, VarOperandDef) else ""
        lines.append(f"| {i} | `{name}`{var} | {_cell(constraint_text(od.constr))} |")
    return lines


def _traits(cls: Any) -> str:
    names = [type(t).__name__ for t in cls.get_irdl_definition().traits]
    return ", ".join(names) if names else "none (has side effects)"


def _dist_text(cls: Any) -> str:
    twin = phys.TWINS.get(cls)
    if twin is None:
        return ""
    if not twin.DIST_OK:
        return f"local only (`{twin.name} local`)"
    methods = twin.METHODS.get("dist")
    how = f", methods {', '.join(methods)}" if methods else ""
    return f"yes (`{twin.name} dist`{how})"


def op_section(cls: Any, skip: tuple[type, ...]) -> list[str]:
    info = verifier_info(cls, skip)
    if issubclass(cls, phys.PhysOp) and "exec" not in info.allowed:
        # PhysOp.verify_ (documented once for the dialect) checks exec for every op
        info.allowed["exec"] = phys.EXEC_TYPES if cls.DIST_OK else ("local",)
    out = [f"### `{cls.name}`", ""]
    out += doc_lines(cls) + ([""] if doc_lines(cls) else [])
    out += ["```", syntax(cls), "```", ""]
    d = cls.get_irdl_definition()
    for block in (
        _values("operand", list(d.operands)),
        _properties(cls, info.allowed),
        _values("result", list(d.results)),
    ):
        if block:
            out += [*block, ""]
    out.append(f"- traits: {_traits(cls)}")
    if issubclass(cls, phys.PhysOp):
        out.append(f"- distributed: {'yes' if cls.DIST_OK else 'no (local only)'}")
    elif not issubclass(cls, phys.MoveOp):
        if d.results:
            out.append(f"- size rule: {size_rule_text(cls)}")
        if dist := _dist_text(cls):
            out.append(f"- distributed: {dist}")
    if info.rejects:
        out.append("- the verifier rejects:")
        out += [f"  - {_code(m)}" for m in info.rejects]
    return [*out, ""]


def _index(ops: Iterable[Any]) -> list[str]:
    return [", ".join(f"[`{o.name}`](#{o.name.replace('.', '')})" for o in ops), ""]


HEADER = """\
<!-- Generated by `python -m amls.tools.gendocs` from the op definitions; do not edit. -->
"""


def matrix_reference(dialect: Dialect = mx.Matrix) -> str:
    ops = list(dialect.operations)
    out = [
        HEADER,
        f"# The `{dialect.name}` dialect",
        "",
        *doc_lines(mx)[:1],
        "",
        "Every op has the shared syntax `%r = matrix.NAME [KEYWORDS] %a, %b [{props}] : "
        "(T1, T2) -> T3` (or `: T` when all types are equal); the generic form "
        '(`"matrix.NAME"(%a, %b) <{props}> : (T1, T2) -> T3`) takes the operands in the '
        "order listed and the properties by the names listed. Keyword properties are "
        "written bare before the operands. Types: `!matrix.mat<RxCxf64[, nnz=N]>`, "
        "`?` for an unknown dim.",
        "",
        "Ops:",
        "",
        *_index(ops),
    ]
    for cls in ops:
        out += op_section(cls, skip=(mx.MatrixOp,))
    return "\n".join(out).rstrip() + "\n"


def phys_reference(dialect: Dialect = phys.Phys) -> str:
    twins = [c for c in dialect.operations if getattr(c, "MATRIX_OP", None) is not None]
    others = [c for c in dialect.operations if c not in twins]
    common = verifier_info(phys.PhysOp).rejects
    out = [
        HEADER,
        f"# The `{dialect.name}` dialect",
        "",
        *doc_lines(phys),
        "",
        "## Twins of matrix ops",
        "",
        "`phys.NAME EXEC [METHOD] [KEYWORDS] %operands...`: the operands, results and "
        "properties of the matrix op (see [matrix.md](matrix.md)) plus `exec` "
        f"({', '.join(phys.EXEC_TYPES)}) and, where listed, `method`.",
        "",
        "| op | implements | dist | methods (local / dist) | dist reads broadcast operands |",
        "|---|---|---|---|---|",
    ]
    for c in twins:
        m = c.METHODS
        methods = " / ".join(", ".join(m.get(e, ())) or "-" for e in phys.EXEC_TYPES) if m else ""
        base = c.MATRIX_OP.name
        link = f"[`{base}`](matrix.md#{base.replace('.', '')})"
        dist = "yes" if c.DIST_OK else "no"
        bcast = "yes" if c.BCAST_OPERANDS else ""
        out.append(f"| `{c.name}` | {link} | {dist} | {methods} | {bcast} |")
    out += ["", "Every phys compute op (twins and fused) is rejected when:", ""]
    out += [f"- {_code(m)}" for m in common]
    out += ["", "## Fused operators and data movement", "", *_index(others)]
    for cls in others:
        out += op_section(cls, skip=(mx.MatrixOp, phys.PhysOp))
    return "\n".join(out).rstrip() + "\n"

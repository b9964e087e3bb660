"""The pass reference (docs/passes.md), generated from the pass classes.

A pass is an xDSL `ModulePass` dataclass: its options are the dataclass fields (name,
type, default; `max_rounds` is `max-rounds=` in `-p NAME{...}`), documented by the string
under a field, and checked in `__post_init__` with `at_least` / `one_of` (amls.passes),
whose arguments are read from the source as the allowed values. The -O levels come from
lowering/pipeline.py.
"""

from __future__ import annotations

import ast
import dataclasses
import inspect
import sys
import textwrap
from typing import Any

from xdsl.passes import ModulePass

from amls.lowering.pipeline import LEVELS, UPSTREAM_PASSES, all_passes, amls_passes, level_passes
from amls.tools.docgen_ops import HEADER, doc_lines


def _option(field: str) -> str:
    return field.replace("_", "-")


def field_docs(cls: type) -> dict[str, str]:
    """field name -> the docstring written under it (PEP 257 attribute docstrings)."""
    out: dict[str, str] = {}
    for k in reversed(cls.__mro__):
        try:
            tree = ast.parse(textwrap.dedent(inspect.getsource(k)))
        except (OSError, TypeError, SyntaxError):
            continue
        body = tree.body[0].body if tree.body and isinstance(tree.body[0], ast.ClassDef) else []
        for prev, node in zip(body, body[1:], strict=False):
            if (
                isinstance(prev, ast.AnnAssign)
                and isinstance(prev.target, ast.Name)
                and isinstance(node, ast.Expr)
                and isinstance(node.value, ast.Constant)
                and isinstance(node.value.value, str)
            ):
                out[prev.target.id] = " ".join(inspect.cleandoc(node.value.value).split())
    return out


def option_checks(cls: type) -> dict[str, str]:
    """field name -> what `__post_init__` requires of it (`>= 1`, `one of a, b`)."""
    post = cls.__dict__.get("__post_init__")
    if post is None:
        return {}
    try:
        tree = ast.parse(textwrap.dedent(inspect.getsource(post)))
    except (OSError, TypeError):
        return {}
    env = {**post.__globals__}
    out: dict[str, str] = {}
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
            continue
        if node.func.id not in ("at_least", "one_of") or len(node.args) < 3:
            continue
        names = _field_names(node.args[1], tree)
        try:
            bound = ast.literal_eval(node.args[2])
        except ValueError:
            bound = _eval_choices(node.args[2], env)
        if bound is None:
            continue
        if node.func.id == "at_least":
            meaning = node.args[3].value if len(node.args) > 3 else ""  # type: ignore[attr-defined]
            text = f">= {bound}" + (f" ({meaning})" if meaning else "")
        else:
            text = "one of " + ", ".join(f"`{c}`" if c else "`''`" for c in bound)
        for n in names:
            out[n] = text
    return out


def _field_names(arg: ast.expr, tree: ast.AST) -> list[str]:
    """The field a check names: a string, or the loop variable over a tuple of strings."""
    if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
        return [arg.value]
    if isinstance(arg, ast.Name):
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.For)
                and isinstance(node.target, ast.Name)
                and node.target.id == arg.id
            ):
                try:
                    return list(ast.literal_eval(node.iter))
                except ValueError:
                    return []
    return []


def _eval_choices(node: ast.expr, env: dict[str, Any]) -> tuple[Any, ...] | None:
    """`("", *phys.DIST_MM_METHODS)`: a tuple of literals and starred module constants."""
    if not isinstance(node, ast.Tuple):
        return None
    out: list[Any] = []
    for e in node.elts:
        if isinstance(e, ast.Constant):
            out.append(e.value)
        elif isinstance(e, ast.Starred):
            value = _lookup(ast.unparse(e.value), env)
            if not isinstance(value, tuple | list):
                return None
            out.extend(value)
        else:
            return None
    return tuple(out)


def _lookup(dotted: str, env: dict[str, Any]) -> Any:
    head, *rest = dotted.split(".")
    value = env.get(head)
    for part in rest:
        value = getattr(value, part, None)
    return value


def _paragraph(lines: list[str]) -> list[str]:
    """The first paragraph of a docstring."""
    end = lines.index("") if "" in lines else len(lines)
    return lines[:end]


def _type_text(t: Any) -> str:
    text = t if isinstance(t, str) else t.__name__ if isinstance(t, type) else str(t)
    return text.replace("typing.", "").replace("|", "\\|")


def _default_text(v: Any) -> str:
    if v is dataclasses.MISSING:
        return "required"
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, str):
        return f'"{v}"'
    return str(v)


def pass_section(name: str, cls: type[ModulePass]) -> list[str]:
    mod = sys.modules.get(cls.__module__)
    where = cls.__module__.removeprefix("amls.").replace(".", "/") + ".py"
    out = [f"### `{name}`", "", f"`{cls.__name__}` in `{where}`", ""]
    lines = doc_lines(cls)
    if not lines or lines[0].startswith(f"{cls.__name__}("):  # dataclass's made-up doc
        lines = _paragraph(doc_lines(mod)) if mod is not None else []
    if not cls.__module__.startswith("amls."):
        lines = _paragraph(lines)  # xDSL's own: its first paragraph, the rest is theirs
    if lines:
        out += [*lines, ""]
    fields = [f for f in dataclasses.fields(cls) if f.init] if dataclasses.is_dataclass(cls) else []
    if not fields:
        return [*out, "No options.", ""]
    docs, checks = field_docs(cls), option_checks(cls)
    out += ["| option | type | default | accepts | meaning |", "|---|---|---|---|---|"]
    for f in fields:
        default = f.default
        if default is dataclasses.MISSING and f.default_factory is not dataclasses.MISSING:
            default = f.default_factory()
        meaning = docs.get(f.name, "").replace("|", "\\|")
        accepts = checks.get(f.name, "")
        out.append(
            f"| `{_option(f.name)}` | {_type_text(f.type)} | `{_default_text(default)}` "
            f"| {accepts} | {meaning} |"
        )
    return [*out, ""]


def passes_reference() -> str:
    ours = amls_passes()
    upstream = all_passes()
    out = [
        HEADER,
        "# Passes",
        "",
        "Run with `amls-opt FILE -p NAME{option=value option=value},NAME2`; options are "
        "written with dashes. Bad option values are one `bad pass pipeline` message before "
        "anything runs.",
        "",
        "## Optimisation levels",
        "",
        "| level | passes |",
        "|---|---|",
    ]
    for level in LEVELS:
        names = ", ".join(f"`{p.name}`" for p in level_passes(level)) or "none"
        out.append(f"| `-{level}` | {names} |")
    out += ["", "## amls passes", ""]
    for name in sorted(ours):
        out += pass_section(name, ours[name]())
    out += [
        "## xDSL passes that work on amls's IR",
        "",
        "From `UPSTREAM_PASSES` in lowering/pipeline.py; the other xDSL passes do not apply.",
        "",
    ]
    for name in UPSTREAM_PASSES:
        if name not in ours:
            out += pass_section(name, upstream[name]())
    return "\n".join(out).rstrip() + "\n"

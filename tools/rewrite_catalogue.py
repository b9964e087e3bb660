"""The rewrite catalogue, docs/rewrites.md, generated from the rule tables.

    python -m amls.tools.gendocs      # rewrites docs/ (this file among the references)

Every row is printed from the table objects themselves (patterns, conditions and
replacements have a readable `str`), so the catalogue cannot drift from the code;
tests/unit/test_gendocs.py and tests/unit/test_rewrite_catalogue.py fail when the file is
stale.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from amls.lowering.fusion import FUSED_RULES, Fused
from amls.passes.rewrite.driver import Rule
from amls.passes.rewrite.rules_dynamic import DYNAMIC_RULES
from amls.passes.rewrite.rules_static import STATIC_RULES

PREAMBLE = """\
# Rewrite catalogue

Generated from the rule tables by `python -m amls.tools.gendocs` (do not edit by hand;
`tests/unit/test_gendocs.py` and `tests/unit/test_rewrite_catalogue.py` fail while it is
stale).

## How to read a row

`pattern -> replacement when condition`. Capital letters bind matrices (`X`, `A`, `v` for
a vector the condition names), `s`, `a`, `b`, `c` bind f64 scalars, a number matches an
f64 constant of that value, `@` is the matrix product, `t(X)` the transpose,
`reduce[kind, axis]` an aggregate whose kind or axis the rule binds, `name[prop=value](...)`
an op whose property the rule fixes (`remove_empty[margin=rows](X)` matches that margin
only). `(P as n)` names a matched intermediate so the condition can ask about it; the
engine names the matched op's own result `root`. A replacement written `name(...)` is
built by code (a native rewrite in `passes/rewrite/rules_*.py`). Several rows may share a
name: they are the forms of one rule, tried in order.

## The contract

Every rule keeps the numerics contract (docs/numerics.md): values stay IEEE-equal,
NaN and Inf included, with three licences (the sign of a zero; re-associated sums at
-O2, as in `sum-add`, `sum-mm`, `trace-mm`, `scalar-pm-fold` and `mmchain`, which on
data near the largest double can move where an intermediate overflows; an unused value
is not computed, nor its error raised). So a rule
exact only on finite data asks `finite(...)` of the operands where an Inf or NaN would
change the result (`0 * Inf` is NaN); `finite` holds only where the producing op cannot
make one (comparisons, `rand`, finite fills and constants, and negation, transpose, abs
or sign of those). Size-dependent rules read the facts in the types (dims, nnz;
"empty" is nnz = 0), and a condition on an unknown fact is false.

## How each rule is checked

1. A FileCheck test that it fires and one that it does not
   (`tests/filecheck/rewrite_static/`, `rewrite_dynamic/`, `mmchain/`, `phys/fused.mlir`).
2. A property case (`tests/unit/rewrite_cases.py`): random inputs of the rule's pattern
   give the same results before and after the pass.
3. The differential fuzzer (`tests/unit/test_rewrite_fuzz.py`): random expressions give
   the -O0 results at -O1 and -O2, with every rule in play.
4. For fused operators, `amls-run --stats` shows the operator that ran
   (`tests/filecheck/phys/stats.mlir`).
"""


def _cell(text: str) -> str:
    """A markdown table cell holding code."""
    return "`" + text.replace("|", "\\|") + "`"


def _rule_rows(rules: Sequence[Rule]) -> Iterable[str]:
    yield "| rule | pattern | replacement | when |"
    yield "|---|---|---|---|"
    for r in rules:
        when = _cell(str(r.when)) if r.when is not None else ""
        yield f"| {r.name} | {_cell(str(r.pattern))} | {_cell(str(r.replacement))} | {when} |"


def _fused_result(f: Fused) -> str:
    props = "".join(f" {{{k}={v}}}" for k, v in f.props.items())
    return f"{f.op_type.name}({', '.join(f.operands)}){props}"


def _fused_rows() -> Iterable[str]:
    yield "| operator | pattern | fused op | when |"
    yield "|---|---|---|---|"
    for rule in FUSED_RULES:
        for f in rule.forms:
            when = _cell(str(f.when)) if f.when is not None else ""
            result = _cell(_fused_result(f))
            yield f"| {rule.name} | {_cell(str(f.pattern))} | {result} | {when} |"


def other_tables() -> list[tuple[str, str, Sequence[Rule]]]:
    """Rule tables of passes/rewrite/rules_*.py other than the static and dynamic ones:
    (module, table name, rules), so a new table is catalogued without an edit here."""
    import importlib
    import pkgutil

    from amls.passes import rewrite

    known = (STATIC_RULES, DYNAMIC_RULES)
    out = []
    for info in pkgutil.iter_modules(rewrite.__path__):
        if not info.name.startswith("rules_"):
            continue
        mod = importlib.import_module(f"{rewrite.__name__}.{info.name}")
        for name, value in vars(mod).items():
            if (
                isinstance(value, list | tuple)
                and value
                and all(isinstance(r, Rule) for r in value)
                and not any(value is k for k in known)
            ):
                out.append((info.name, name, value))
    return out


def _other_sections() -> list[str]:
    parts: list[str] = []
    for module, name, rules in other_tables():
        parts += [f"## {name} (`passes/rewrite/{module}.py`)\n", *_rule_rows(rules), ""]
    return parts


def render() -> str:
    parts = [
        PREAMBLE,
        "## simplify-static (`passes/rewrite/rules_static.py`)\n",
        "Size-independent rules.\n",
        *_rule_rows(STATIC_RULES),
        "",
        "## simplify-dynamic (`passes/rewrite/rules_dynamic.py`)\n",
        "Rules that read sizes (dims, nnz) from the types.\n",
        *_rule_rows(DYNAMIC_RULES),
        "",
        *_other_sections(),
        "## mmchain (`passes/mmchain.py`)\n",
        "Not table rules: `mmchain` re-parenthesises a chain of three or more matrix products",
        "(linked through one-use intermediates, opening one-use `t(A @ B)` as `t(B) @ t(A)`)",
        "by dynamic programming over the known dims and nnz, when strictly cheaper and never",
        "through a 0-wide inner dim; `product-chain` puts the factors of an element-wise",
        "product chain scalars first, then vectors, then matrices, repeated factors as powers",
        "(`(B * A) * B -> A * B ^ 2`).",
        "",
        "## Fused physical operators (`lowering/fusion.py`)\n",
        "Chosen by lower-to-phys for a root it runs locally (tsmm also distributed), first",
        "matching row first. Every inner op of a pattern must have one use (it disappears)",
        "except the transpose named `tX`, which stays while another user needs it.\n",
        *_fused_rows(),
    ]
    return "\n".join(parts) + "\n"


def main() -> None:
    print(render(), end="")


if __name__ == "__main__":
    main()

"""docs/rewrites.md is the catalogue generated from the rule tables, and is up to date."""

from __future__ import annotations

from pathlib import Path

from amls.lowering.fusion import FUSED_RULES
from amls.passes.rewrite.rules_dynamic import DYNAMIC_RULES
from amls.passes.rewrite.rules_static import STATIC_RULES
from amls.tools.rewrite_catalogue import render

DOC = Path(__file__).resolve().parents[2] / "docs" / "rewrites.md"


def test_catalogue_is_up_to_date() -> None:
    assert DOC.read_text() == render(), (
        "docs/rewrites.md is stale: regenerate with python -m amls.tools.gendocs"
    )


def test_every_rule_and_fused_operator_is_listed() -> None:
    text = DOC.read_text()
    for name in {r.name for r in (*STATIC_RULES, *DYNAMIC_RULES)} | {r.name for r in FUSED_RULES}:
        assert f"| {name} |" in text, name


def test_patterns_print_as_math() -> None:
    from amls.passes.rewrite.pattern import Mat, t, trace

    x, y = Mat("X"), Mat("Y")
    assert str(trace(x @ y)) == "trace(X @ Y)"
    assert str(-(x - y).as_("d") * 2.0) == "(-(X - Y as d)) * 2"
    assert str(t(x + 1.0) @ y) == "t(X + 1) @ Y"


def test_no_two_rows_are_the_same() -> None:
    """Two forms of a rule differ in what they match (a fixed property prints as
    `remove_empty[margin=rows](X)`), so no two rows of a table read the same."""
    rows = [line for line in DOC.read_text().splitlines() if line.startswith("| ")]
    rows = [r for r in rows if not r.startswith(("| rule |", "| operator |"))]  # headers
    seen: set[str] = set()
    dups = [r for r in rows if r in seen or seen.add(r)]  # type: ignore[func-returns-value]
    assert not dups, "\n".join(dups)


def test_fixed_properties_are_printed() -> None:
    from amls.dialects import matrix as mx
    from amls.passes.rewrite.pattern import Mat, Op, PropVar, reduce

    x = Mat("X")
    assert str(Op(mx.RemoveEmptyOp, x, props={"margin": "rows"})) == "remove_empty[margin=rows](X)"
    assert str(Op(mx.OuterOp, x, x, props={"op": PropVar("o")})) == "outer[op=o](X, X)"
    assert str(reduce("sum", "col", x)) == "colSums(X)"
    assert str(Op(mx.TableOp, x, x)) == "table(X, X)"

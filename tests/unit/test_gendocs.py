"""docs/ (op, pass and rewrite reference) is generated from the code and up to date."""

from __future__ import annotations

import re
from typing import ClassVar

from xdsl.dialects.builtin import StringAttr
from xdsl.irdl import irdl_op_definition, operand_def, prop_def, result_def
from xdsl.utils.exceptions import VerifyException

from amls.dialects import matrix as mx
from amls.dialects import phys
from amls.lowering.pipeline import amls_passes
from amls.tools.docgen_ops import op_section
from amls.tools.gendocs import ROOT, generators, stale


def test_docs_are_up_to_date() -> None:
    bad = stale()
    assert not bad, f"stale: {', '.join(bad)}; regenerate with python -m amls.tools.gendocs"


def test_every_op_and_pass_has_its_entry() -> None:
    matrix = (ROOT / "docs/dialects/matrix.md").read_text()
    physical = (ROOT / "docs/dialects/phys.md").read_text()
    for op in mx.Matrix.operations:
        assert f"### `{op.name}`" in matrix, op.name
    for op in phys.Phys.operations:
        assert f"`{op.name}`" in physical, op.name
    passes = (ROOT / "docs/passes.md").read_text()
    for name in amls_passes():
        assert f"### `{name}`" in passes, name


def test_reduce_entry_reads_the_verifier() -> None:
    text = "\n".join(op_section(mx.ReduceOp, skip=(mx.MatrixOp,)))
    assert "| `kind` (keyword) | string | required | " + ", ".join(mx.REDUCE_KINDS) in text
    assert "%result = matrix.reduce KIND AXIS %input : (!matrix.mat)" in text
    assert "argmin/argmax" not in text and "needs axis row or col" in text
    assert "- distributed: yes (`phys.reduce dist`)" in text


_MODES = ("fast", "exact")


@irdl_op_definition
class _ToyOp(mx.MatrixOp):
    """A toy op no list names: its docs come from its definition alone."""

    name = "matrix.toy"
    KEYWORD_PROPS: ClassVar[tuple[str, ...]] = ("mode",)
    input = operand_def(mx.Mat)
    mode = prop_def(StringAttr)
    result = result_def(mx.F64)

    def verify_facts(self) -> None:
        m = self.mode.data
        if m not in _MODES:
            raise VerifyException(f"toy mode must be {', '.join(_MODES)}, got {m}")


def test_a_new_op_is_documented_without_a_list() -> None:
    text = "\n".join(op_section(_ToyOp, skip=(mx.MatrixOp,)))
    assert "A toy op no list names" in text
    assert "%result = matrix.toy MODE %input : (!matrix.mat) -> f64" in text
    assert "| `mode` (keyword) | string | required | fast, exact |" in text
    assert "`toy mode must be fast, exact, got {m}`" in text
    assert "| 0 | `input` | !matrix.mat |" in text


def test_generators_cover_the_rewrite_catalogue() -> None:
    assert "rewrites.md" in generators()


def test_every_rule_table_of_rules_modules_is_catalogued() -> None:
    import importlib
    import pkgutil

    from amls.passes import rewrite
    from amls.passes.rewrite.driver import Rule

    text = (ROOT / "docs/rewrites.md").read_text()
    seen = 0
    for info in pkgutil.iter_modules(rewrite.__path__):
        if info.name.startswith("rules_"):
            mod = importlib.import_module(f"amls.passes.rewrite.{info.name}")
            for value in vars(mod).values():
                if (
                    isinstance(value, list | tuple)
                    and value
                    and all(isinstance(r, Rule) for r in value)
                ):
                    for r in value:
                        seen += 1
                        assert f"| {r.name} |" in text, r.name
    assert seen > 50


_OP_DOCS = ("docs/dialects/matrix.md", "docs/dialects/phys.md")
FREE_TEXT_PROPS = {"path", "label", "message", "op"}
"""String properties any text is valid for (a file name, a print label, matrix.fail's
error text and the op it names)."""


def _op_doc_lines() -> list[tuple[str, str]]:
    return [(rel, line) for rel in _OP_DOCS for line in (ROOT / rel).read_text().splitlines()]


def test_every_size_rule_is_said_in_words() -> None:
    paths = [line for _, line in _op_doc_lines() if line.startswith("- size rule: `amls.")]
    assert not paths, "size rules without a docstring (give the function one):\n" + "\n".join(paths)


def test_restricted_properties_list_their_values() -> None:
    """A string property is a choice among values (kind, axis, exec, op...) unless it is
    free text: its row lists them."""
    bare = [
        f"{rel}: {line}"
        for rel, line in _op_doc_lines()
        if (m := re.match(r"\| `(\w+)`(?: \(keyword\))? \| string \| [^|]+ \|  \|$", line))
        and m.group(1) not in FREE_TEXT_PROPS
    ]
    assert not bare, "properties with no allowed values:\n" + "\n".join(bare)


def test_outer_and_exec_values() -> None:
    outer = "\n".join(op_section(mx.OuterOp, skip=(mx.MatrixOp,)))
    assert "| `op` (keyword) | string | required | " + ", ".join(mx.OUTER_OPS) + " |" in outer
    tsmm = "\n".join(op_section(phys.TsmmOp, skip=(mx.MatrixOp, phys.PhysOp)))
    assert "| `exec` (keyword) | string | required | local, dist |" in tsmm


def test_no_placeholder_in_verifier_lines() -> None:
    """A verifier message names the values, never the constant holding them
    (`({OUTER_OPS})`)."""
    bad = [
        f"{rel}: {line}"
        for rel, line in _op_doc_lines()
        if line.lstrip().startswith("- `") and re.search(r"\{[A-Z][A-Z0-9_]*\}", line)
    ]
    assert not bad, "\n".join(bad)


def test_pass_options_have_meanings_and_a_true_header() -> None:
    text = (ROOT / "docs/passes.md").read_text()
    assert text.startswith("<!-- Generated by `python -m amls.tools.gendocs` from the pass")
    rows = [
        line
        for line in text.split("## xDSL passes")[0].splitlines()
        if line.startswith("| `") and line.count("|") >= 6
    ]
    assert rows
    empty = [line for line in rows if line.rstrip().endswith("|  |")]
    assert not empty, "options with no meaning (document the field):\n" + "\n".join(empty)

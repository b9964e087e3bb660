"""The shortcuts the compile-time work relies on give what the slow way gives.

- `ipa` re-infers only the functions a round touched (and callers whose callees'
  results changed), and there an op whose operand facts (and refined result types)
  are as before keeps its results' facts: its output equals
  `ipa{incremental=false}`, which re-infers the whole module every round.
- `rewrite-fixpoint` stops when the IR's fingerprint (ops, operands, types,
  properties, names, by identity) stops changing. That is only a fixpoint if the
  passes of its round leave their own output as it is, op for op: no pass may
  erase and re-create ops it does not change (size-inference once re-created its
  casts each run, which made every round look changed). Checked pass by pass on
  the -O2 output, and against printing: one more round prints the same text.

Programs: the examples and generated ones (bench/gen_programs.py: helpers called
three times, loops, branches; one with seeded, foldable data; one of several
independent programs in one module).
"""

from __future__ import annotations

import functools
import sys
from pathlib import Path

import pytest
from xdsl.passes import PassPipeline

from amls.lowering.pipeline import PHYSICAL, level_passes, spec_of
from amls.passes import PASSES
from amls.passes.rewrite_fixpoint import ROUND, fingerprint
from amls.passes.simplify import SimplifyBothPass as SimplifyBoth
from amls.tools.common import all_passes, make_context, parse_module, verify_located

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))
from gen_programs import generate, generate_chunks  # noqa: E402


def _programs() -> dict[str, str]:
    progs = {p.stem: p.read_text() for p in sorted((ROOT / "examples").glob("*.mlir"))}
    progs["generated-1000"] = generate(1000)
    progs["generated-1000-seed1"] = generate(1000, seed=1)
    progs["generated-1000-seeded-data"] = generate(1000, seed=2, seeded_data=True)
    progs["generated-3x400"] = generate_chunks(3, 400)
    return progs


PROGRAMS = _programs()

# The ipa FileCheck inputs (clones, in-place specialisation, recursion, inlining, cleanup)
IPA_CASES = {
    f"{p.stem}-{i}": chunk
    for p in sorted((ROOT / "tests" / "filecheck" / "ipa").glob("*.mlir"))
    for i, chunk in enumerate(p.read_text().split("// -----"))
    if "func.func" in chunk
}


def _compile(name: str, spec: str):  # noqa: ANN202
    ctx = make_context()
    module = parse_module(ctx, {**PROGRAMS, **IPA_CASES}[name], name)
    PassPipeline.parse_spec(all_passes(), spec).apply(ctx, module)
    verify_located(module)
    return ctx, module


@pytest.mark.parametrize("name", [*PROGRAMS, *IPA_CASES])
def test_ipa_incremental_equals_whole_module(name: str) -> None:
    _, fast = _compile(name, "size-inference,ipa{entry=main}")
    _, full = _compile(name, "size-inference,ipa{entry=main incremental=false}")
    assert str(fast) == str(full)


@functools.cache
def _before_lowering(name: str):  # noqa: ANN202
    spec = spec_of(tuple(p for p in level_passes("O2") if p.name not in PHYSICAL))
    return _compile(name, spec)


@pytest.mark.parametrize("name", list(PROGRAMS))
@pytest.mark.parametrize("pass_name", ROUND)
def test_round_passes_leave_fixpoint_unchanged(name: str, pass_name: str) -> None:
    ctx, module = _before_lowering(name)
    before = fingerprint(module)
    text = str(module)
    p = SimplifyBoth() if pass_name == "simplify" else PASSES[pass_name]()()
    p.apply(ctx, module)
    assert fingerprint(module) == before, f"{pass_name} re-created or changed ops"
    assert str(module) == text


def test_fingerprint_sees_an_operand_swap() -> None:
    """Operands are compared as they were, not through the op's live operand view."""
    ctx = make_context()
    module = parse_module(ctx, PROGRAMS["lm_ds"], "lm_ds")
    before = fingerprint(module)
    op = next(o for o in module.walk() if len(o.operands) == 2 and o.operands[0] != o.operands[1])
    op.operands = [op.operands[1], op.operands[0]]
    assert fingerprint(module) != before


@pytest.mark.parametrize("name", ["generated-1000", "generated-3x400"])
def test_round_passes_do_change_a_module_before_the_fixpoint(name: str) -> None:
    """The fingerprint does see changes (the test above could not fail otherwise)."""
    ctx = make_context()
    module = parse_module(ctx, PROGRAMS[name], name)
    PassPipeline(level_passes("O1")).apply(ctx, module)
    before = fingerprint(module)
    SimplifyBoth().apply(ctx, module)
    assert fingerprint(module) != before

"""--explain's columns agree with lower-to-phys's decisions: on every example at -O2, with
the default budget and with one small enough that ops run dist, each op's TOTAL memory is
the `mem` of its bracketed decision (a scalar-valued op's too: `reduce sum all`), and
LOCAL/DIST start in one column (scalar rows too)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from xdsl.passes import PassPipeline

from amls.lowering.pipeline import level_passes, make_pass
from amls.tools.common import make_context, parse_module
from amls.tools.explain import explain_module

EXAMPLES = sorted((Path(__file__).resolve().parents[2] / "examples").glob("*.mlir"))
ROW = re.compile(
    r"/ (\S+ [KMGT]?B|unknown)\s+\w+\s+\| (?:LOCAL|DIST).*\[mem (\S+ [KMGT]?B|unknown)"
)


@pytest.mark.parametrize("budget", [-1, 1 << 20])
@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_memory_column_is_the_decisions(path: Path, budget: int) -> None:
    ctx = make_context()
    module = parse_module(ctx, path.read_text(), str(path))
    lowering = make_pass("lower-to-phys", memory_budget=budget, explain=True)
    PassPipeline(level_passes("O2", "main", lowering)).apply(ctx, module)
    text = explain_module(module)
    rows = [line for line in text.splitlines() if " | " in line]
    assert rows
    checked = scalars = 0
    for line in rows:
        m = ROW.search(line)
        if "[mem " in line:  # a decision: the row shows the memory it states, scalars too
            assert m is not None, f"no memory column on a row with a decision: {line}"
        if m is not None:
            assert m.group(1) == m.group(2), line
            checked += 1
            scalars += " scalar " in line
    assert checked
    if budget == -1 and path.stem == "pagerank":  # its sum and max over all cells
        assert scalars >= 2, rows
    # From the OP column (nested ops are indented); a row whose INPUTS overflow is shifted.
    starts = [re.search(r"\d  \S", line).start() + 3 for line in rows]  # type: ignore[union-attr]
    columns = {
        line.index(" | ") - start
        for line, start in zip(rows, starts, strict=True)
        if len(line[start + 23 :].split(" ", 1)[0]) <= 16
    }
    assert len(columns) == 1, rows

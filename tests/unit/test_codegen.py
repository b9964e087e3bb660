"""Blocks compiled to Python functions (interpreter/codegen.py) run exactly as the step loop
does: the same results, listener calls, op counts, donation and located errors."""

from __future__ import annotations

import glob
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from xdsl.interpreter import Interpreter

from amls.interpreter import engine
from amls.interpreter.engine import OpFailure, OpStats, make_interpreter, run_function
from amls.lowering.pipeline import compile_module
from amls.tools.common import make_context, parse_module, read_source

ROOT = Path(__file__).resolve().parents[2]
V = "!matrix.mat<?x1xf64>"

# A loop whose body reads outer values, defines a value a nested scf.if reads, nests an
# scf.for, and carries a matrix and a scalar.
NESTED = f"""
func.func @main(%x0: {V}, %n: i64) -> ({V}, f64) {{
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %c2 = arith.constant 2 : i64
  %half = arith.constant 0.5 : f64
  %zr = arith.constant 0.0 : f64
  %x, %acc = scf.for %i = %c0 to %n step %c1 iter_args(%xi = %x0, %ai = %zr) -> ({V}, f64) : i64 {{
    %y = matrix.mul %xi, %half : ({V}, f64) -> {V}
    %s = matrix.reduce sum all %y : ({V}) -> f64
    %r = arith.remsi %i, %c2 : i64
    %even = arith.cmpi eq, %r, %c0 : i64
    %z = scf.if %even -> ({V}) {{
      %w = matrix.add %y, %s : ({V}, f64) -> {V}
      scf.yield %w : {V}
    }} else {{
      %w2 = scf.for %j = %c0 to %c2 step %c1 iter_args(%q = %y) -> ({V}) : i64 {{
        %q2 = matrix.sub %q, %half : ({V}, f64) -> {V}
        scf.yield %q2 : {V}
      }}
      scf.yield %w2 : {V}
    }}
    %a2 = arith.addf %ai, %s : f64
    scf.yield %z, %a2 : {V}, f64
  }}
  func.return %x, %acc : {V}, f64
}}
"""


def _codegen(monkeypatch: pytest.MonkeyPatch, on: bool) -> None:
    """Compile every block from its second run (the default waits for long loops), or
    never."""
    monkeypatch.setattr(engine, "CODEGEN", on)
    monkeypatch.setattr(engine, "CODEGEN_AFTER", 2)


@pytest.fixture(params=[True, False], ids=["codegen", "steps"])
def codegen(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> bool:
    _codegen(monkeypatch, request.param)
    return bool(request.param)


def _module(text: str) -> Any:
    return parse_module(make_context(), text, "codegen.mlir")


def test_nested_loops_give_the_step_loops_numbers(codegen: bool) -> None:
    x0 = np.linspace(-1.0, 2.0, 5).reshape(-1, 1)
    x, acc = run_function(_module(NESTED), "main", [x0.copy(), 7])
    want, total = x0.copy(), 0.0
    for i in range(7):
        y = want * 0.5
        s = float(y.sum())
        want = y + s if i % 2 == 0 else (y - 0.5) - 0.5
        total += s
    np.testing.assert_array_equal(x, want)
    assert acc == total


def test_prepare_translates_every_block_before_the_run() -> None:
    interp = make_interpreter(_module(NESTED))
    # @main's body, the loop body, both branches of the scf.if, the inner loop's body
    assert interp.prepare() == 5
    assert interp.prepare() == 0
    x, acc = interp.call_op("main", (np.ones((3, 1)), 5))
    y, acc2 = run_function(_module(NESTED), "main", [np.ones((3, 1)), 5])
    np.testing.assert_array_equal(x, y)
    assert acc == acc2


def test_prepare_compiles_loop_bodies_up_front(monkeypatch: pytest.MonkeyPatch) -> None:
    # amls-run prepares in its compile phase: the loop bodies (the outer and the inner
    # scf.for) are functions before the first iteration; @main and the scf.if branches
    # are not (they run once, or once per iteration of a compiled body).
    interp = make_interpreter(_module(NESTED))
    interp.prepare()
    loops = {id(b) for b, c in interp._code.items() if c.fn is not None}  # noqa: SLF001
    bodies = {id(op.body.block) for op in interp.module.walk() if op.name == "scf.for"}
    assert loops == bodies and len(bodies) == 2
    x, acc = interp.call_op("main", (np.ones((3, 1)), 5))
    monkeypatch.setattr(engine, "CODEGEN", False)
    interp2 = make_interpreter(_module(NESTED))
    assert interp2.prepare() == 5
    assert not any(c.fn for c in interp2._code.values())  # noqa: SLF001
    y, acc2 = interp2.call_op("main", (np.ones((3, 1)), 5))
    np.testing.assert_array_equal(x, y)
    assert acc == acc2


def test_a_failure_in_a_prepared_loop_names_its_op() -> None:
    # The scf.for fast path calls the compiled body directly: the same located error.
    interp = make_interpreter(_module(SLICING))
    interp.prepare()
    with pytest.raises(OpFailure) as info:
        interp.call_op("main", (np.ones((3, 1)), 6, 1))
    assert info.value.op.name == "matrix.slice"
    assert str(info.value) == "row slice end 4 is out of range for 3x1"
    assert interp.call_op("main", (np.arange(3.0).reshape(-1, 1), 2, 1)) == (3.0,)


def test_a_loop_that_compiles_mid_way_keeps_its_values(monkeypatch: pytest.MonkeyPatch) -> None:
    # Without prepare the body compiles at its CODEGEN_AFTER-th run, inside the loop:
    # the remaining iterations switch to the function with the carried values.
    monkeypatch.setattr(engine, "CODEGEN_AFTER", 3)
    for n in (0, 1, 2, 3, 4, 9):
        x, acc = run_function(_module(NESTED), "main", [np.ones((3, 1)), n])
        monkeypatch.setattr(engine, "CODEGEN", False)
        y, acc2 = run_function(_module(NESTED), "main", [np.ones((3, 1)), n])
        monkeypatch.setattr(engine, "CODEGEN", True)
        np.testing.assert_array_equal(x, y)
        assert acc == acc2


def test_by_default_only_long_loops_are_compiled() -> None:
    interp = make_interpreter(_module(NESTED))
    interp.call_op("main", (np.ones((3, 1)), engine.CODEGEN_AFTER - 1))
    assert not any(c.fn for c in interp._code.values())  # noqa: SLF001
    interp.call_op("main", (np.ones((3, 1)), engine.CODEGEN_AFTER + 1))
    assert any(c.fn for c in interp._code.values())  # noqa: SLF001


def test_the_loop_body_is_compiled_from_its_second_run(codegen: bool) -> None:
    interp = make_interpreter(_module(NESTED))
    interp.call_op("main", (np.ones((3, 1)), 4))
    compiled = [c for c in interp._code.values() if c.fn is not None]  # noqa: SLF001
    if not codegen:
        assert not compiled
        return
    # the outer body (4 runs), the inner loop's body (2 runs per odd i), and the
    # branches that ran twice; @main itself ran once: not compiled.
    assert len(compiled) >= 2
    src = "\n".join(c.fn.__amls_source__ for c in compiled)  # type: ignore[union-attr]
    assert "return a" in src


class Calls(Interpreter.Listener):
    def __init__(self) -> None:
        self.seen: list[tuple[str, str]] = []

    def will_interpret_op(self, op: Any, args: Any) -> None:
        self.seen.append(("will", op.name))

    def did_interpret_op(self, op: Any, results: Any) -> None:
        self.seen.append(("did", op.name))


def test_listeners_and_stats_see_every_op_either_way(monkeypatch: pytest.MonkeyPatch) -> None:
    got: dict[bool, tuple[list[tuple[str, str]], dict[str, int], set[str]]] = {}
    for on in (True, False):
        _codegen(monkeypatch, on)
        calls, stats = Calls(), OpStats()
        run_function(_module(NESTED), "main", [np.ones((4, 1)), 6], [calls, stats])
        got[on] = (calls.seen, dict(stats.counts), set(stats.times))
    assert got[True] == got[False]
    assert got[True][1]["scf.yield"] > 6


# Sums x[k, 0] for k = step * i + 1: past the end of a 3x1 x in the third iteration (by
# then the body is compiled).
SLICING = f"""func.func @main(%x: {V}, %n: i64, %step: i64) -> f64 {{
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %zero = arith.constant 0.0 : f64
  %t = scf.for %i = %c0 to %n step %c1 iter_args(%a = %zero) -> (f64) : i64 {{
    %j = arith.muli %i, %step : i64
    %k = arith.addi %j, %c1 : i64
    %k1 = arith.addi %k, %c1 : i64
    %r = matrix.slice %x, %k, %k1, %c0, %c1 : ({V}, i64, i64, i64, i64) -> !matrix.mat<1x1xf64>
    %v = matrix.to_scalar %r : (!matrix.mat<1x1xf64>) -> f64
    %a2 = arith.addf %a, %v : f64
    scf.yield %a2 : f64
  }}
  func.return %t : f64
}}
"""


def test_a_kernel_failing_in_a_compiled_body_names_its_op(codegen: bool) -> None:
    with pytest.raises(OpFailure) as info:
        run_function(_module(SLICING), "main", [np.ones((3, 1)), 6, 1])
    assert info.value.op.name == "matrix.slice"
    # the kernel's own words, not wrapped ("KernelError: ...")
    assert str(info.value) == "row slice end 4 is out of range for 3x1"


def test_donation_inside_a_compiled_body(monkeypatch: pytest.MonkeyPatch) -> None:
    # %y dies at the add: from the second iteration the compiled body must still let the
    # add write into %y's buffer (the same reference counts as the step loop).
    text = f"""
    func.func @main(%x0: {V}, %n: i64) -> {V} {{
      %c0 = arith.constant 0 : i64
      %c1 = arith.constant 1 : i64
      %two = arith.constant 2.0 : f64
      %x = scf.for %i = %c0 to %n step %c1 iter_args(%xi = %x0) -> ({V}) : i64 {{
        %y = matrix.mul %xi, %two : ({V}, f64) -> {V}
        %z = matrix.add %y, %two : ({V}, f64) -> {V}
        scf.yield %z : {V}
      }}
      func.return %x : {V}
    }}"""

    class Same(Interpreter.Listener):
        def __init__(self) -> None:
            self.last: int | None = None
            self.shared = 0

        def did_interpret_op(self, op: Any, results: Any) -> None:
            if not results or not isinstance(results[0], np.ndarray):
                return
            at = results[0].__array_interface__["data"][0]
            if op.name == "matrix.mul":
                self.last = at
            elif op.name == "matrix.add" and at == self.last:
                self.shared += 1

    for on in (True, False):
        _codegen(monkeypatch, on)
        same = Same()
        (x,) = run_function(_module(text), "main", [np.ones((1000, 1)), 5], [same])
        np.testing.assert_array_equal(x, np.full((1000, 1), 94.0))
        if engine._DONATION:  # noqa: SLF001
            assert same.shared == 5, on


@pytest.mark.parametrize(
    "path", sorted(glob.glob(str(ROOT / "examples" / "*.mlir"))), ids=lambda p: Path(p).stem
)
def test_examples_are_bit_identical_with_and_without_codegen(
    path: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    ctx = make_context()
    text, name = read_source(path)
    module = parse_module(ctx, text, name)
    compile_module(module, ctx, "O2", "main")
    out = {}
    for on in (True, False):
        _codegen(monkeypatch, on)
        out[on] = run_function(module, "main", [])
    for a, b in zip(out[True], out[False], strict=True):
        a = a.toarray() if hasattr(a, "toarray") else a
        b = b.toarray() if hasattr(b, "toarray") else b
        np.testing.assert_array_equal(a, b)


def test_a_located_error_from_a_compiled_body_on_the_command_line(tmp_path: Path) -> None:
    prog = tmp_path / "bad.mlir"
    prog.write_text(SLICING)
    x = tmp_path / "x.npy"
    np.save(x, np.ones((3, 1)))
    got = subprocess.run(
        [
            sys.executable,
            "-m",
            "amls.tools.run",
            str(prog),
            "-O0",
            f"--arg=x={x}",
            "--arg=n=6",
            "--arg=step=1",
        ],  # fmt: skip
        capture_output=True,
        text=True,
        check=False,
    )
    assert got.returncode != 0
    assert "bad.mlir:9:5:" in got.stderr, got.stderr
    assert "Traceback" not in got.stderr

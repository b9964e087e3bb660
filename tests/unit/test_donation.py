"""Buffer donation: a kernel writes its result into an operand at its last use only when
nothing else can see that operand's buffer (another SSA value of the same object, a view,
the caller's array, a loop's carried value)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from xdsl.interpreter import Interpreter

from amls.interpreter import engine
from amls.interpreter.engine import run_function
from amls.tools.common import make_context, parse_module

M = "!matrix.mat<4x3xf64>"


class Buffers(Interpreter.Listener):
    """The data address of each op's matrix result, by result name (holds no reference)."""

    def __init__(self) -> None:
        self.at: dict[str, int] = {}

    def did_interpret_op(self, op: Any, results: Any) -> None:
        for r, v in zip(op.results, results, strict=True):
            if isinstance(v, np.ndarray) and r.name_hint:
                self.at[r.name_hint] = v.__array_interface__["data"][0]


def _run(text: str, *args: Any, listener: Buffers | None = None) -> tuple[Any, ...]:
    module = parse_module(make_context(), text, "donation.mlir")
    return run_function(module, "main", list(args), [listener] if listener else [])


def _fresh() -> np.ndarray:
    return np.arange(12, dtype=np.float64).reshape(4, 3) + 1.0


@pytest.fixture(params=[True, False], ids=["donation", "no-donation"])
def donation(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> bool:
    monkeypatch.setattr(engine, "_DONATION", request.param)
    return bool(request.param)


def test_a_temporary_at_its_last_use_lends_its_buffer(donation: bool) -> None:
    # %t dies at the add: with donation the add's result is %t's buffer.
    text = f"""
    func.func @main(%a: {M}) -> {M} {{
      %two = arith.constant 2.0 : f64
      %t = matrix.mul %a, %two : ({M}, f64) -> {M}
      %u = matrix.add %t, %a : {M}
      func.return %u : {M}
    }}"""
    a = _fresh()
    buffers = Buffers()
    (u,) = _run(text, a, listener=buffers)
    np.testing.assert_array_equal(u, 3 * _fresh())
    np.testing.assert_array_equal(a, _fresh())  # the caller's array is never written
    assert (buffers.at["u"] == buffers.at["t"]) is donation


def test_the_same_object_under_two_values_is_not_donated(donation: bool) -> None:
    # matrix.cast returns its operand itself: %t and %c are one array; %t dies at the
    # mul, %c lives on and must keep its values.
    text = f"""
    func.func @main(%a: {M}) -> ({M}, {M}) {{
      %two = arith.constant 2.0 : f64
      %t = matrix.mul %a, %two : ({M}, f64) -> {M}
      %c = matrix.cast %t : ({M}) -> !matrix.mat<?x?xf64>
      %u = matrix.mul %t, %two : ({M}, f64) -> {M}
      %d = matrix.cast %c : (!matrix.mat<?x?xf64>) -> {M}
      func.return %u, %d : {M}, {M}
    }}"""
    u, d = _run(text, _fresh())
    np.testing.assert_array_equal(u, 4 * _fresh())
    np.testing.assert_array_equal(d, 2 * _fresh())


def test_an_operand_with_a_live_view_is_not_donated(donation: bool) -> None:
    # t(%t) is a view of %t's buffer: writing the add into %t would change %v.
    text = f"""
    func.func @main(%a: {M}) -> ({M}, !matrix.mat<3x4xf64>) {{
      %two = arith.constant 2.0 : f64
      %t = matrix.mul %a, %two : ({M}, f64) -> {M}
      %v = matrix.transpose %t : ({M}) -> !matrix.mat<3x4xf64>
      %u = matrix.add %t, %a : {M}
      func.return %u, %v : {M}, !matrix.mat<3x4xf64>
    }}"""
    u, v = _run(text, _fresh())
    np.testing.assert_array_equal(u, 3 * _fresh())
    np.testing.assert_array_equal(v, 2 * _fresh().T)


def test_loop_carried_values_and_results_stay_intact(donation: bool) -> None:
    # %x is carried: the loop's own tuple holds it, so it is never written in place;
    # each iteration's temporaries are.
    text = f"""
    func.func @main(%a: {M}) -> ({M}, {M}) {{
      %c0 = arith.constant 0 : i64
      %c1 = arith.constant 1 : i64
      %c3 = arith.constant 3 : i64
      %half = arith.constant 0.5 : f64
      %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%x = %a) -> ({M}) : i64 {{
        %t = matrix.mul %x, %half : ({M}, f64) -> {M}
        %s = matrix.add %t, %a : {M}
        scf.yield %s : {M}
      }}
      func.return %r, %a : {M}, {M}
    }}"""
    a = _fresh()
    r, a2 = _run(text, a)
    x = _fresh()
    for _ in range(3):
        x = x * 0.5 + _fresh()
    np.testing.assert_array_equal(r, x)
    np.testing.assert_array_equal(a2, _fresh())
    np.testing.assert_array_equal(a, _fresh())


def test_axpy_takes_y_at_its_last_use() -> None:
    v = "!matrix.mat<5x1xf64>"
    text = f"""
    func.func @main(%x: {v}, %y: {v}) -> {v} {{
      %two = arith.constant 2.0 : f64
      %y2 = phys.mul local %y, %two : ({v}, f64) -> {v}
      %r = phys.axpy local add %x, %two, %y2 : ({v}, f64, {v}) -> {v}
      func.return %r : {v}
    }}"""
    x, y = np.ones((5, 1)), np.arange(5.0).reshape(5, 1)
    (r,) = _run(text, x, y)
    np.testing.assert_array_equal(r, 1.0 + 4.0 * np.arange(5.0).reshape(5, 1))
    np.testing.assert_array_equal(y, np.arange(5.0).reshape(5, 1))


def test_unary_ops_write_into_a_donated_operand(donation: bool) -> None:
    text = f"""
    func.func @main(%a: {M}) -> {M} {{
      %two = arith.constant -2.0 : f64
      %t = matrix.mul %a, %two : ({M}, f64) -> {M}
      %s = matrix.sigmoid %t : {M}
      %e = matrix.exp %s : {M}
      func.return %e : {M}
    }}"""
    buffers = Buffers()
    (e,) = _run(text, _fresh(), listener=buffers)
    x = -2.0 * _fresh()
    z = np.exp(-np.abs(x))
    np.testing.assert_array_equal(e, np.exp(np.where(x >= 0, 1 / (1 + z), z / (1 + z))))
    assert (buffers.at["s"] == buffers.at["t"] == buffers.at["e"]) is donation

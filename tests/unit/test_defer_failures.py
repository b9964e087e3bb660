"""dialects/matrix.py `defer_failures`: which provably failing ops become matrix.fail.

An op whose verifier fails becomes a matrix.fail (with the verifier's message, the name
of the op the user wrote and its location) where it may not run: inside scf, or in a
function the module calls. At the top of a function nothing calls it stays, so the
verifier reports it; so does one whose result is a distributed value (lowered IR)."""

from __future__ import annotations

from xdsl.ir import Operation

from amls.dialects import matrix as mx
from amls.dialects import phys
from amls.passes.sizes.callgraph import CallGraph
from amls.tools.common import LocatedParser, make_context

IR = """
func.func @main(%A: !matrix.mat<2x2xf64>, %c: i1) -> f64 {
  %c0 = arith.constant 0 : i64
  %c5 = arith.constant 5 : i64
  %r = scf.if %c -> (f64) {
    %S = phys.slice local %A, %c0, %c5, %c0, %c5 : (M22, i64, i64, i64, i64) -> MQ
    %s = matrix.reduce sum all %S : (!matrix.mat<?x?xf64>) -> f64
    scf.yield %s : f64
  } else {
    %t = func.call @callee(%A) : (!matrix.mat<2x2xf64>) -> f64
    scf.yield %t : f64
  }
  func.return %r : f64
}
func.func @callee(%X: !matrix.mat<2x2xf64>) -> f64 {
  %v = matrix.to_scalar %X : (!matrix.mat<2x2xf64>) -> f64
  func.return %v : f64
}
func.func @root(%X: !matrix.mat<2x3xf64>) -> !matrix.mat<?x?xf64> {
  %P = matrix.matmul %X, %X : (!matrix.mat<2x3xf64>, !matrix.mat<2x3xf64>) -> !matrix.mat<?x?xf64>
  func.return %P : !matrix.mat<?x?xf64>
}
""".replace("M22", "!matrix.mat<2x2xf64>").replace("MQ", "!matrix.mat<?x?xf64>")


def _parsed(text: str = IR) -> Operation:
    # The verifier would reject the module as written: built unverified.
    return LocatedParser(make_context(), text, "defer.mlir").parse_module()


def test_deferred_where_it_may_not_run_kept_where_it_surely_runs() -> None:
    module = _parsed()
    assert defer(module) == 2
    fails = [op for op in module.walk() if isinstance(op, mx.FailOp)]
    assert [(f.op.data, f.message.data) for f in fails] == [
        ("matrix.slice", "row slice end 5 is out of range for 2x2"),
        ("matrix.to_scalar", _message_of(mx.ToScalarOp)),
    ]
    assert [(f.location.line.data, f.location.column.data) for f in fails] == [(6, 5), (16, 3)]
    kept = [op for op in module.walk() if isinstance(op, mx.MatmulOp)]
    assert len(kept) == 1  # @root is called by no one: its op surely runs when it does


def _message_of(cls: type[mx.MatrixOp]) -> str:
    module = _parsed()
    op = next(o for o in module.walk() if isinstance(o, cls))
    try:
        op.verify_facts()
    except Exception as e:  # noqa: BLE001 - the verifier's text is the point
        return str(e)
    raise AssertionError("verifies")


def defer(module: Operation) -> int:
    return mx.defer_failures(module, CallGraph.build(module).called())  # type: ignore[arg-type]


def test_a_distributed_result_is_left_to_the_verifier() -> None:
    text = (
        IR.replace(
            "phys.slice local %A, %c0, %c5, %c0, %c5 : (!matrix.mat<2x2xf64>, i64, i64, i64, i64)"
            " -> !matrix.mat<?x?xf64>",
            "phys.slice dist %D, %c0, %c5, %c0, %c5 : (!phys.dmat<2x2xf64>, i64, i64, i64, i64)"
            " -> !phys.dmat<?x?xf64>",
        )
        .replace(
            "%s = matrix.reduce sum all %S : (!matrix.mat<?x?xf64>) -> f64",
            "%s = phys.reduce dist sum all %S : (!phys.dmat<?x?xf64>) -> f64",
        )
        .replace(
            "%c5 = arith.constant 5 : i64",
            "%c5 = arith.constant 5 : i64\n  %D = phys.distribute %A {block = 1000} : "
            "(!matrix.mat<2x2xf64>) -> !phys.dmat<2x2xf64>",
        )
    )
    module = _parsed(text)
    assert defer(module) == 1  # the to_scalar in @callee only
    assert any(isinstance(op, phys.TWINS[mx.SliceOp]) for op in module.walk())

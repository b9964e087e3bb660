"""Run a module's function on the xDSL interpreter with amls's kernels."""

from __future__ import annotations

import time
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp
from xdsl.interpreter import (
    Interpreter,
    InterpreterFunctions,
    PythonValues,
    impl,
    register_impls,
)
from xdsl.interpreters.arith import ArithFunctions
from xdsl.interpreters.builtin import BuiltinFunctions
from xdsl.interpreters.func import FuncFunctions
from xdsl.interpreters.scf import ScfFunctions
from xdsl.ir import Operation

from amls.interpreter.kernels import KERNELS, Kernel, KernelError, load_builtin_kernels


class OpFailure(Exception):
    """A kernel failed on `op`; carries the op so the tool can point at its source."""

    def __init__(self, op: Operation, message: str):
        super().__init__(message)
        self.op = op


def _wrap(k: Kernel, has_result: bool) -> Any:
    if has_result:

        def run(self: Any, interp: Interpreter, op: Operation, args: PythonValues) -> PythonValues:
            try:
                return (k(op, args),)
            except KernelError as e:
                raise OpFailure(op, str(e)) from e

    else:

        def run(self: Any, interp: Interpreter, op: Operation, args: PythonValues) -> PythonValues:
            try:
                k(op, args)
            except KernelError as e:
                raise OpFailure(op, str(e)) from e
            return ()

    return run


def kernel_functions(kernels: dict[type[Operation], Kernel]) -> InterpreterFunctions:
    """An xDSL InterpreterFunctions object dispatching to the kernel registry."""
    ns: dict[str, Any] = {}
    for i, (op_type, k) in enumerate(kernels.items()):
        has_result = bool(op_type.get_irdl_definition().results)  # type: ignore[attr-defined]
        # (scalar kernels override xDSL's arith/math impls: one semantics for run and fold)
        ns[f"run_{i}"] = impl(op_type)(_wrap(k, has_result))
    cls = register_impls(type("KernelFunctions", (InterpreterFunctions,), ns))
    return cls()


@dataclass
class OpStats(Interpreter.Listener):
    """Count and time per op kind. Calls and region ops are counted; their bodies are timed."""

    counts: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    times: dict[str, float] = field(default_factory=lambda: defaultdict(float))
    _stack: list[float] = field(default_factory=list)

    def will_interpret_op(self, op: Operation, args: PythonValues) -> None:
        self._stack.append(time.perf_counter())

    def did_interpret_op(self, op: Operation, results: PythonValues) -> None:
        t = time.perf_counter() - self._stack.pop()
        self.counts[op.name] += 1
        if not op.regions and not isinstance(op, func.CallOp):  # containers: body is timed
            self.times[op.name] += t


def make_interpreter(
    module: ModuleOp, listeners: Sequence[Interpreter.Listener] = ()
) -> Interpreter:
    interp = Interpreter(module, listeners=tuple(listeners))
    interp.register_implementations(ArithFunctions())
    interp.register_implementations(BuiltinFunctions())
    interp.register_implementations(FuncFunctions())
    interp.register_implementations(ScfFunctions())
    interp.register_implementations(kernel_functions(load_builtin_kernels()), override=True)
    return interp


def find_entry(module: ModuleOp, name: str) -> func.FuncOp:
    for op in module.ops:
        if isinstance(op, func.FuncOp) and op.sym_name.data == name:
            return op
    raise LookupError(name)


def run_function(
    module: ModuleOp,
    entry: str,
    args: Sequence[Any],
    listeners: Sequence[Interpreter.Listener] = (),
) -> tuple[Any, ...]:
    """Interpret `entry(*args)` and return its results.

    Raises OpFailure (with the op) when a kernel or an interpreted op fails.
    """
    interp = make_interpreter(module, listeners)
    try:
        return tuple(interp.call_op(entry, tuple(args)))
    except OpFailure:
        raise
    except Exception as e:
        op = _failing_op(e)
        if op is not None:
            raise OpFailure(op, f"{type(e).__name__}: {e}") from e
        raise


def _failing_op(e: Exception) -> Operation | None:
    """xDSL's interpreter reports failures through emit_error, which loses the op.

    The traceback still holds it: find the innermost frame with an `op` local.
    """
    tb = e.__traceback__
    found: Operation | None = None
    while tb is not None:
        cand = tb.tb_frame.f_locals.get("op")
        if isinstance(cand, Operation):
            found = cand
        tb = tb.tb_next
    return found


__all__ = ["KERNELS", "OpFailure", "OpStats", "find_entry", "make_interpreter", "run_function"]

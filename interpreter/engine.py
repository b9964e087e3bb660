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
    ReturnedValues,
    Successor,
    impl,
    register_impls,
)
from xdsl.ir import Block, Operation, Region, SSAValue

from amls.dialects.matrix import MatrixLikeType
from amls.interpreter.kernels import KERNELS, Kernel, KernelError, load_builtin_kernels
from amls.interpreter.kernels import sparse as _sparse
from amls.interpreter.phys import local as _local  # noqa: F401  (registers the phys kernels)
from amls.interpreter.phys.dist import DIST_KERNELS, runs_dist
from amls.interpreter.phys.session import DistKernel, DistSession
from amls.interpreter.phys.stats import op_label
from amls.interpreter.upstream import (
    ArithFunctions,
    BuiltinFunctions,
    FuncFunctions,
    ScfFunctions,
)
from amls.lowering import RECOMPILE_ATTR


class OpFailure(Exception):
    """A kernel failed on `op`; carries the op so the tool can point at its source."""

    def __init__(self, op: Operation, message: str):
        super().__init__(message)
        self.op = op


def _impl(local: Kernel | None, dist: DistKernel | None, has_result: bool) -> Any:
    """An xDSL impl running `op` locally, or on the functions' Dask session when it is dist."""

    def run(self: Any, interp: Interpreter, op: Operation, args: PythonValues) -> PythonValues:
        try:
            if dist is not None and (local is None or runs_dist(op)):
                value = dist(self.session, op, args)
            else:
                value = local(op, args)  # type: ignore[misc]
        except KernelError as e:
            raise OpFailure(op, str(e)) from e
        return (value,) if has_result else ()

    return run


def kernel_functions(
    kernels: dict[type[Operation], Kernel], session: DistSession | None = None
) -> InterpreterFunctions:
    """An xDSL InterpreterFunctions object dispatching to the kernel registry; dist ops run
    on its `session` (None: the plan must have no dist ops)."""
    key = (tuple(kernels.items()), tuple(DIST_KERNELS.items()))
    cls = _FUNCTIONS_CLASSES.get(key)
    if cls is None:  # once per registry (plugins add kernels): ~2 ms, a run's fixed cost
        ns: dict[str, Any] = {}
        for i, op_type in enumerate({**kernels, **DIST_KERNELS}):
            has_result = bool(op_type.get_irdl_definition().results)  # type: ignore[attr-defined]
            # (scalar kernels override xDSL's arith/math impls: one semantics for run and fold)
            ns[f"run_{i}"] = impl(op_type)(
                _impl(kernels.get(op_type), DIST_KERNELS.get(op_type), has_result)
            )
        cls = register_impls(type("KernelFunctions", (SessionFunctions,), ns))
        _FUNCTIONS_CLASSES[key] = cls
    return cls(session)


_FUNCTIONS_CLASSES: dict[Any, type[SessionFunctions]] = {}
"""The InterpreterFunctions class built for a registry state (its kernels and dist
kernels), reused by every interpreter made while the registry is unchanged."""


class SessionFunctions(InterpreterFunctions):
    """Interpreter functions that carry the Dask session their dist ops run on."""

    def __init__(self, session: DistSession | None) -> None:
        self.session = session


@dataclass
class OpStats(Interpreter.Listener):
    """Count and time per op kind. Calls and region ops are counted; their bodies are timed."""

    counts: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    times: dict[str, float] = field(default_factory=lambda: defaultdict(float))
    _stack: list[float] = field(default_factory=list)

    def will_interpret_op(self, op: Operation, args: PythonValues) -> None:
        self._stack.append(time.perf_counter() - _sparse.import_seconds())

    def did_interpret_op(self, op: Operation, results: PythonValues) -> None:
        # (not the one-time import of scipy.sparse: amls-run reports it as its own phase)
        t = time.perf_counter() - _sparse.import_seconds() - self._stack.pop()
        name = op_label(op)
        self.counts[name] += 1
        if not op.regions and not isinstance(op, func.CallOp):  # containers: body is timed
            self.times[name] += t


def _dead_after(block: Block) -> dict[int, tuple[SSAValue, ...]]:
    """Op index -> the matrix values defined in `block` whose last use is that op.

    A use nested in a region counts at its ancestor op in `block`. A value used in
    another block of the region is never listed (kept until the region ends). Only
    matrices are worth freeing early; scalars cost nothing to keep.
    """
    ops = list(block.ops)
    mats: list[tuple[int, SSAValue]] = [
        (0, a) for a in block.args if isinstance(a.type, MatrixLikeType)
    ]
    for i, op in enumerate(ops):
        for r in op.results:
            if isinstance(r.type, MatrixLikeType):
                mats.append((i, r))
    if not mats:
        return {}
    index: dict[Operation, int] = {op: i for i, op in enumerate(ops)}
    dead: dict[int, list[SSAValue]] = {}
    for start, value in mats:
        last: int | None = start
        for use in value.uses:
            user: Operation | None = use.operation
            i = index.get(user)  # type: ignore[arg-type]
            while i is None and user is not None:  # nested in one of the block's ops?
                user = user.parent_op()
                i = index.get(user) if user is not None else None
            if i is None:  # used outside this block: keep to the end
                last = None
                break
            last = max(last, i)  # type: ignore[type-var]
        if last is not None:
            dead.setdefault(last, []).append(value)
    return {i: tuple(vs) for i, vs in dead.items()}


class AmlsInterpreter(Interpreter):
    """xDSL's interpreter, freeing each value after its last use.

    xDSL keeps every value of a region until the region ends; for matrix programs
    that holds dead intermediates (hundreds of MB) alive across a whole loop body.
    """

    def __init__(
        self, *a: Any, recompiler: Any = None, session: DistSession | None = None, **kw: Any
    ) -> None:
        super().__init__(*a, **kw)
        self.session = session
        """The Dask session dist ops run on (None: local backend)."""
        self._dead: dict[Block, dict[int, tuple[SSAValue, ...]]] = {}
        self.recompiler = recompiler
        """An amls.interpreter.recompile.Recompiler, or None (no dynamic recompilation)."""

    def call_op(self, op: Any, inputs: PythonValues = ()) -> PythonValues:
        if self.recompiler is not None:
            fn = op if isinstance(op, Operation) else self.get_op_for_symbol(op)
            if isinstance(fn, func.FuncOp) and RECOMPILE_ATTR in fn.attributes:
                got = self.recompiler.variant(fn, inputs)
                if got is not None:
                    module, name = got
                    sub = make_interpreter(module, self.listeners, self.recompiler, self.session)
                    return sub.call_op(name, inputs)
        return super().call_op(op, inputs)

    def _run_op(self, op: Operation, inputs: PythonValues) -> Any:
        # A failure is reported with the op that raised it (the innermost: an enclosing
        # scf.for or call passes its body's OpFailure through).
        try:
            return super()._run_op(op, inputs)
        except OpFailure:
            raise
        except Exception as e:
            raise OpFailure(op, f"{type(e).__name__}: {e}") from e

    def run_ssacfg_region(
        self, region: Region, args: PythonValues, name: str = "unknown"
    ) -> PythonValues:
        results: PythonValues = ()
        if not region.blocks:
            return results
        initial_scope = self._ctx
        block: Block | None = region.blocks.first
        while block is not None:
            dead = self._dead.get(block)
            if dead is None:
                dead = self._dead[block] = _dead_after(block)
            self.push_scope(name)
            scope = self._ctx._local_scope  # noqa: SLF001 (values of this block)
            self.set_values(zip(block.args, args, strict=True))
            args = ()
            op: Operation | None = block.first_op
            block = None
            i = 0
            while op is not None:
                result = self._run_op(op, self.get_values(op.operands))
                self.set_values(zip(op.results, result.values, strict=True))
                term = result.terminator_value
                del result
                if i in dead:
                    for v in dead[i]:
                        scope.pop(v, None)
                if term is not None:
                    if isinstance(term, ReturnedValues):
                        results = term.values
                        break
                    if isinstance(term, Successor):
                        block, args = term
                        break
                op = op.next_op
                i += 1
        self._ctx = initial_scope
        return results


def make_interpreter(
    module: ModuleOp,
    listeners: Sequence[Interpreter.Listener] = (),
    recompiler: Any = None,
    session: DistSession | None = None,
) -> Interpreter:
    interp = AmlsInterpreter(
        module, listeners=tuple(listeners), recompiler=recompiler, session=session
    )
    interp.register_implementations(ArithFunctions())
    interp.register_implementations(BuiltinFunctions())
    interp.register_implementations(FuncFunctions())
    interp.register_implementations(ScfFunctions())
    interp.register_implementations(
        kernel_functions(load_builtin_kernels(), session), override=True
    )
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
    recompiler: Any = None,
    session: DistSession | None = None,
) -> tuple[Any, ...]:
    """Interpret `entry(*args)` and return its results; dist ops run on `session`.

    Raises OpFailure (with the op) when a kernel or an interpreted op fails.
    """
    interp = make_interpreter(module, listeners, recompiler, session)
    return tuple(interp.call_op(entry, tuple(args)))


__all__ = ["KERNELS", "OpFailure", "OpStats", "find_entry", "make_interpreter", "run_function"]

"""A block that runs again and again (a long loop's body, a function called in one) as one
Python function.

The engine's step loop (engine.py) spends ~0.75-1.25 us of dispatch per op: per op it
unpacks a step, looks its operands up in the frame dict, builds the operand tuple and
branches on what kind of op it is. Here the same steps become straight-line Python source,
compiled once per block (~0.3-0.45 us per op on a scalar loop): operands defined in the
block are local variables, kernels and ops are constants of the function, and dead values
are deleted where the step loop would pop them, so buffer donation sees the same
reference counts. Values that a nested region or another block reads still go through the
frame, as in the step loop. CPython's compiler costs ~0.2 ms for a 7-op body: amls-run
compiles loop bodies in its compile phase (AmlsInterpreter.prepare), and the engine
compiles any other block once it has run CODEGEN_AFTER times.

Semantics are the step loop's, op for op: the same kernel or xDSL impl calls, the
interpreter's listeners called around every op, --stats slots updated inline, and the
same OpFailure for a failing op. Only single-block regions ending in scf.yield,
scf.condition or func.return (run by xDSL's own impls) are compiled; anything else keeps
the step loop.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from sys import getrefcount
from time import perf_counter
from typing import Any

from xdsl.dialects import func, scf
from xdsl.interpreter import InterpretationError
from xdsl.ir import Block, SSAValue

from amls.interpreter.kernels import KernelError, lazy
from amls.interpreter.upstream import FuncFunctions, ScfFunctions

BlockFn = Callable[[dict[int, Any], Any, tuple[Any, ...]], tuple[Any, ...]]
"""fn(frame, interpreter, block arguments) -> the values the block's terminator returns."""

_RETURNS = (scf.YieldOp, scf.ConditionOp, func.ReturnOp)
_UPSTREAM = (ScfFunctions, FuncFunctions)


class OpError(Exception):
    """Raised by generated code: op index `at` failed with `cause` (the engine wraps it)."""

    def __init__(self, at: int, cause: BaseException, kernel: bool) -> None:
        super().__init__(str(cause))
        self.at = at
        self.cause = cause
        self.kernel = kernel


def compile_block(
    block: Block,
    steps: Sequence[tuple[Any, ...]],
    kernel_mode: int,
    listeners: Sequence[Any],
    interpreter: Any,
) -> BlockFn | None:
    """The block's steps (engine._Step tuples) as one function, or None where this does
    not apply (several blocks, an unknown terminator, a successor)."""
    region = block.parent
    if region is None or len(region.blocks) != 1 or not steps:
        return None
    last = steps[-1]
    if not (isinstance(last[0], _RETURNS) and isinstance(last[3], _UPSTREAM)):
        return None
    return _Gen(block, steps, kernel_mode, listeners, interpreter).build()


def _in_frame(value: SSAValue, block: Block) -> bool:
    """Whether a value of `block` is read somewhere other than by an op of `block`."""
    return any(use.operation.parent_block() is not block for use in value.uses)


@dataclass
class _Gen:
    block: Block
    steps: Sequence[tuple[Any, ...]]
    kernel_mode: int
    listeners: Sequence[Any]
    interpreter: Any

    def __post_init__(self) -> None:
        self.ns: dict[str, Any] = {
            "getrefcount": getrefcount,
            "OpError": OpError,
            "KernelError": KernelError,
            "InterpretationError": InterpretationError,
            "interp": self.interpreter,
            "L": tuple(self.listeners),
            "pc": perf_counter,
            "IMP": lazy.IMPORT_SECONDS,
        }
        self.local: dict[int, str] = {}  # key -> local variable name
        self.framed: set[int] = set()  # keys (of this block) also stored in the frame
        self.lines: list[str] = []

    def const(self, prefix: str, i: int, value: Any) -> str:
        name = f"{prefix}{i}"
        self.ns[name] = value
        return name

    def define(self, value: SSAValue, name: str) -> None:
        key = id(value)
        self.local[key] = name
        if _in_frame(value, self.block):
            self.framed.add(key)
            self.emit(f"F[{key}] = {name}")

    def ref(self, key: int) -> str:
        return self.local.get(key, f"F[{key}]")

    def emit(self, line: str, depth: int = 2) -> None:
        self.lines.append("    " * depth + line)

    def drop(self, keys: Sequence[int]) -> None:
        for key in keys:
            name = self.local.pop(key, None)
            if name is not None:
                self.emit(f"del {name}")
                if key in self.framed:
                    self.emit(f"F.pop({key}, None)")
            else:
                self.emit(f"F.pop({key}, None)")

    def start(self, i: int, slot: list[Any] | None) -> None:
        """Before op i: the listeners' will_interpret_op, and the clock for its OpStats
        slot (the step's, as the step loop uses it)."""
        if self.listeners:
            self.emit(f"for l in L: l.will_interpret_op(O{i}, a)")
        if slot is not None and slot[3]:
            self.emit("t0 = pc(); z0 = IMP[0]")

    def finish(self, i: int, slot: list[Any] | None, results: str) -> None:
        """After op i: its OpStats slot updated inline (count, and seconds without one-time
        imports where the op is timed), then the listeners' did_interpret_op."""
        if slot is not None:
            name = self.const("S", i, slot)
            self.emit(f"{name}[0] += 1")
            if slot[3]:
                self.emit(f"{name}[1] += pc() - t0 - (IMP[0] - z0)")
        if self.listeners:
            self.emit(f"for l in L: l.did_interpret_op(O{i}, {results})")

    def build(self) -> BlockFn:
        args = self.block.args
        names = [f"b{i}" for i in range(len(args))]
        self.lines.append("def block(F, interp, args):")
        self.emit("at = -1", 1)
        self.emit("try:", 1)
        if names:
            self.emit(f"({', '.join(names)},) = args")
        else:
            self.emit("if args: raise ValueError('a block without arguments')")
        for value, name in zip(args, names, strict=True):
            self.define(value, name)
        kernel_ops = []
        n = len(self.steps)
        for i, (op, mode, fn, ft, ins, outs, dead, donors, slot) in enumerate(self.steps):
            self.emit(f"at = {i}")
            o = self.const("O", i, op)
            operands = ", ".join(self.ref(k) for k in ins)
            self.emit(f"a = ({operands},)" if ins else "a = ()")
            self.start(i, slot)
            if i == n - 1:  # the terminator: yield / condition / return
                self.finish(i, slot, "()")
                self.drop(dead)
                self.emit("return a")
                break
            if mode == self.kernel_mode:
                kernel_ops.append(i)
                k = self.const("K", i, fn)
                self.drop(dead)  # a kernel has no region: its dead operands go first
                if donors:
                    checks = " + ".join(
                        f"(({j},) if getrefcount(a[{j}]) == 2 else ())" for j in donors
                    )
                    self.emit(f"g = {checks}")
                    call = f"({k}(O{i}, a, g) if g else {k}(O{i}, a))"
                else:
                    call = f"{k}(O{i}, a)"
                if outs:
                    name = f"v{i}"
                    self.emit(f"{name} = {call}")
                    self.finish(i, slot, f"({name},)")
                    self.define(op.results[0], name)
                else:
                    self.emit(call)
                    self.finish(i, slot, "()")
            else:
                f = self.const("I", i, fn)
                t = self.const("T", i, ft)
                self.emit(f"r = {f}({t}, interp, {o}, a).values")
                self.emit(f"if len(r) != {len(outs)}:")
                self.emit(
                    f"    raise InterpretationError('{op.name} gave ' + str(len(r)) + "
                    f"' results, it has {len(outs)}')"
                )
                results = [f"v{i}_{j}" for j in range(len(outs))]
                if results:
                    self.emit(f"({', '.join(results)},) = r")
                self.finish(i, slot, "r")
                for value, name in zip(op.results, results, strict=True):
                    self.define(value, name)
                self.emit("del r")
                self.drop(dead)
        self.emit("except (OpError, BrokenPipeError): raise", 1)
        kinds = "(" + ", ".join(str(i) for i in kernel_ops) + ",)" if kernel_ops else "()"
        self.emit("except Exception as e:", 1)
        self.emit(f"raise OpError(at, e, at in {kinds}) from e")
        source = "\n".join(self.lines) + "\n"
        parent = self.block.parent_op()
        code = compile(source, f"<amls block of {parent.name if parent else '?'}>", "exec")
        exec(code, self.ns)  # noqa: S102 (source built above from op indices and ids)
        fn: BlockFn = self.ns["block"]
        fn.__amls_source__ = source  # type: ignore[attr-defined]  (for tests and debugging)
        return fn


__all__ = ["BlockFn", "OpError", "compile_block"]

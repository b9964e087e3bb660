"""Run a module's function on the xDSL interpreter with amls's kernels."""

from __future__ import annotations

import sys
import time
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from sys import getrefcount
from typing import Any, NoReturn

import numpy as np
from xdsl.dialects import func, scf
from xdsl.dialects.builtin import ModuleOp
from xdsl.interpreter import (
    InterpretationError,
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
from amls.dialects.value_facts import CHECK_CLAIMS_ATTR
from amls.interpreter.codegen import BlockFn, OpError, compile_block
from amls.interpreter.kernels import (
    DONATES,
    IEEE_BODY,
    KERNELS,
    TWIN_OF,
    Kernel,
    KernelError,
    StopError,
    lazy,
    load_builtin_kernels,
)
from amls.interpreter.kernels.lazy import IMPORT_SECONDS
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
from amls.lowering.diagnostics import library_note, location_of, op_error, source_op_name

CALL_DEPTH_FRAMES = 20_000
"""Python's recursion limit while amls interprets: a program's call (func.call) costs
~15 interpreter frames, so the default 1,000 stopped DML recursion at a depth under 100
(SystemDS goes deeper); 20,000 allows ~1,300 (measured fine at 1,000)."""


class OpFailure(Exception):
    """A kernel failed on `op`; carries the op so the tool can point at its source.
    `stop`: the program stopped itself (StopError), its message needs no op name."""

    def __init__(self, op: Operation, message: str, stop: bool = False):
        super().__init__(message)
        self.op = op
        self.stop = stop

    @classmethod
    def of(cls, op: Operation, e: KernelError) -> OpFailure:
        return cls(op, str(e), isinstance(e, StopError))

    def located(self) -> str:
        """`file:line:col: error: matrix.add: message` for the user (the matrix op a
        phys op stands for); a stop's message as it is."""
        if self.stop:
            where = location_of(self.op)
            text = f"{self}{library_note(self.op)}"
            return f"{where}: error: {text}" if where else f"error: {text}"
        return op_error(self.op, str(self), source_op_name(self.op))


def _impl(local: Kernel | None, dist: DistKernel | None, has_result: bool) -> Any:
    """An xDSL impl running `op` locally, or on the functions' Dask session when it is dist."""

    def run(self: Any, interp: Interpreter, op: Operation, args: PythonValues) -> PythonValues:
        try:
            if dist is not None and (local is None or runs_dist(op)):
                value = dist(self.session, op, args)
            else:
                value = local(op, args)  # type: ignore[misc]
        except KernelError as e:
            raise OpFailure.of(op, e) from e
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


class OpStats(Interpreter.Listener):
    """Count and time per op kind. Calls and region ops are counted; their bodies are timed.

    Per op it keeps a slot [count, seconds, op, timed]; `counts` and `times` add them up
    by label. AmlsInterpreter updates the slots inline (two clock reads per op, ~0.3 us);
    as a plain listener (another interpreter) it costs ~1 us per op."""

    def __init__(self) -> None:
        self.slots: dict[int, list[Any]] = {}
        """id(op) -> [times run, seconds (not one-time imports), the op, timed]."""
        self._stack: list[float] = []

    def slot(self, op: Operation) -> list[Any]:
        """[times run, seconds, the op, whether its own time counts] for `op`."""
        got = self.slots.get(id(op))
        if got is None:
            timed = not op.regions and not isinstance(op, func.CallOp)  # containers: bodies
            got = self.slots[id(op)] = [0, 0.0, op, timed]
        return got

    def will_interpret_op(self, op: Operation, args: PythonValues) -> None:
        self._stack.append(time.perf_counter() - lazy.import_seconds())

    def did_interpret_op(self, op: Operation, results: PythonValues) -> None:
        # (not one-time imports, e.g. scipy.sparse: amls-run reports them as their own phase)
        t = time.perf_counter() - lazy.import_seconds() - self._stack.pop()
        got = self.slot(op)
        got[0] += 1
        got[1] += t

    @property
    def counts(self) -> dict[str, int]:
        """Label -> how often ops of that label ran."""
        out: dict[str, int] = defaultdict(int)
        for n, _, op, _ in self.slots.values():
            if n:
                out[op_label(op)] += n
        return out

    @property
    def times(self) -> dict[str, float]:
        """Label -> seconds spent in ops of that label; containers (region ops, calls)
        are left out: their bodies' ops are timed."""
        out: dict[str, float] = defaultdict(float)
        for n, t, op, timed in self.slots.values():
            if n and timed:
                out[op_label(op)] += t
        return out


def _dead_after(block: Block, ops: list[Operation]) -> dict[int, tuple[SSAValue, ...]]:
    """Op index -> the matrix values defined in `block` (its ops `ops`) whose last use is
    that op.

    A use nested in a region counts at its ancestor op in `block`. A value used in
    another block of the region is never listed (kept until the region ends). Only
    matrices are worth freeing early; scalars cost nothing to keep.
    """
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
    """xDSL's interpreter with a faster inner loop, freeing each value after its last use.

    Each block is translated once into a list of steps (the op, its kernel or xDSL impl,
    and its operand and result slots), and values live in one dict per function call,
    keyed by id(SSAValue). xDSL's loop (a scope per block, values hashed through
    SSAValue.__hash__, the impl looked up per op) costs ~7 us per op; this one ~2.
    Ops without an amls kernel still run through xDSL's registered impls (scf, func,
    plugins), which call back into run_ssacfg_region for their regions.

    xDSL keeps every value of a region until the region ends; for matrix programs
    that holds dead intermediates (hundreds of MB) alive across a whole loop body.
    """

    def __init__(
        self,
        *a: Any,
        recompiler: Any = None,
        session: DistSession | None = None,
        kernels: dict[type[Operation], Kernel] | None = None,
        **kw: Any,
    ) -> None:
        super().__init__(*a, **kw)
        self.session = session
        """The Dask session dist ops run on (None: local backend)."""
        self.recompiler = recompiler
        """An amls.interpreter.recompile.Recompiler, or None (no dynamic recompilation)."""
        self._kernels = kernels if kernels is not None else {}
        self._code: dict[Block, _BlockCode] = {}
        self._kinds: dict[type[Operation], tuple[int, Any, Any, bool]] = {}
        self._frame: dict[int, Any] = {}
        stats = [x for x in self.listeners if type(x) is OpStats]
        self._stats: OpStats | None = stats[0] if stats else None
        """The run's OpStats, updated inline by the steps (two clock reads per op)."""
        self._others = tuple(x for x in self.listeners if x is not self._stats)
        """The other listeners, called per op."""
        self._checks_claims = any(CHECK_CLAIMS_ATTR in f.attributes for f in self.module.ops)
        """Whether a function checks claims on its arguments (a lookup per call then)."""
        self._claims: dict[func.FuncOp, list[tuple[int, str, Any]]] = {}
        """Per function marked CHECK_CLAIMS_ATTR: (index, name, claimed facts) to check."""

    def call_op(self, op: Any, inputs: PythonValues = ()) -> PythonValues:
        if sys.getrecursionlimit() < CALL_DEPTH_FRAMES:
            sys.setrecursionlimit(CALL_DEPTH_FRAMES)
        if isinstance(op, str):
            # (xDSL's call_op asks isinstance(op, Operation) first: for a str that walks
            # every op class ever defined, ~1 ms once per process)
            op = self.get_op_for_symbol(op)
        if self._checks_claims:
            fn = op if isinstance(op, Operation) else self.get_op_for_symbol(op)
            if isinstance(fn, func.FuncOp) and CHECK_CLAIMS_ATTR in fn.attributes:
                self._check_claims(fn, inputs)
        if self.recompiler is not None:
            fn = op if isinstance(op, Operation) else self.get_op_for_symbol(op)
            if isinstance(fn, func.FuncOp) and RECOMPILE_ATTR in fn.attributes:
                got = self.recompiler.variant(fn, inputs)
                if got is not None:
                    module, name = got
                    sub = make_interpreter(module, self.listeners, self.recompiler, self.session)
                    return sub.call_op(name, inputs)
        return super().call_op(op, inputs)

    def _check_claims(self, fn: func.FuncOp, inputs: PythonValues) -> None:
        """The value facts the user claimed on fn's arguments hold for this call's values
        (the passes relied on them): else an error naming the argument."""
        from amls.dialects.value_facts import arg_facts
        from amls.interpreter.values import check_claim

        claims = self._claims.get(fn)
        if claims is None:
            args = fn.body.blocks.first.args if fn.body.blocks else ()
            claims = self._claims[fn] = [
                (i, a.name_hint or f"arg{i}", facts)
                for i, a in enumerate(args)
                if (facts := arg_facts(fn, i)).is_finite
            ]
        for i, name, facts in claims:
            why = check_claim(inputs[i], facts)
            if why is not None:
                raise OpFailure(fn, f"argument %{name} of @{fn.sym_name.data} {why}", stop=True)

    def _run_op(self, op: Operation, inputs: PythonValues) -> Any:
        # (xDSL's entry for single ops, e.g. Interpreter.run_op; blocks use _run_region)
        try:
            return super()._run_op(op, inputs)
        except (OpFailure, BrokenPipeError):  # a closed stdout (| head) is not the op's
            raise
        except Exception as e:
            raise OpFailure(op, f"{type(e).__name__}: {e}") from e

    def run_ssacfg_region(
        self, region: Region, args: PythonValues, name: str = "unknown"
    ) -> PythonValues:
        if not region.blocks:
            return ()
        if not isinstance(region.parent, func.FuncOp):  # scf bodies share the call's frame
            return self._run_region(region, args)
        saved, self._frame = self._frame, {}  # a call: its own frame (recursion)
        try:
            with np.errstate(all="ignore"):  # once per call, not once per kernel
                return self._run_region(region, args)
        finally:
            self._frame = saved

    def _run_region(self, region: Region, args: PythonValues) -> PythonValues:
        frame = self._frame
        listeners = self._others
        pc, imported = time.perf_counter, IMPORT_SECONDS
        t0 = z0 = 0.0
        block: Block | None = region.blocks.first
        while block is not None:
            code = self._code.get(block)
            if code is None:
                code = self._code[block] = self._compile(block)
            if code.fn is not None:
                return self._run_compiled(code, frame, args)
            code.runs += 1
            if code.runs == CODEGEN_AFTER and CODEGEN:
                # A block that runs again and again (a long loop's body, a function called
                # in one): from now on as one Python function (codegen.py).
                code.fn = compile_block(block, code.steps, _KERNEL, listeners, self)
                if code.fn is not None:
                    return self._run_compiled(code, frame, args)
            if len(args) != len(code.arg_keys):
                raise InterpretationError(
                    f"block takes {len(code.arg_keys)} arguments, given {len(args)}"
                )
            for key, value in zip(code.arg_keys, args, strict=True):
                frame[key] = value
            args = ()
            block = None
            op: Operation | None = None
            try:
                for op, mode, fn, ft, ins, outs, dead, donors, slot in code.steps:
                    inputs = tuple([frame[k] for k in ins]) if ins else ()
                    if listeners:
                        for listener in listeners:
                            listener.will_interpret_op(op, inputs)
                    if slot is not None:  # --stats, inline (OpStats.slots)
                        t0, z0 = pc(), imported[0]
                    if mode == _KERNEL:
                        if dead:  # a kernel has no region: its dead operands go first
                            for key in dead:
                                frame.pop(key, None)
                            dead = ()
                        try:
                            if donors:
                                # Held only by `inputs` (and getrefcount's argument): no
                                # other value, view or caller holds the buffer.
                                given = tuple(i for i in donors if getrefcount(inputs[i]) == 2)
                                value = fn(op, inputs, given) if given else fn(op, inputs)
                            else:
                                value = fn(op, inputs)
                        except KernelError as e:
                            raise OpFailure.of(op, e) from e
                        if outs:
                            frame[outs[0]] = value
                            values: PythonValues = (value,)
                        else:
                            values = ()
                        value = None  # (a live reference would stop the next op's donation)
                        term = None
                    else:
                        result = fn(ft, self, op, inputs)
                        values, term = result.values, result.terminator_value
                        if len(values) != len(outs):
                            raise InterpretationError(
                                f"{op.name} gave {len(values)} results, it has {len(outs)}"
                            )
                        for key, value in zip(outs, values, strict=True):
                            frame[key] = value
                    if slot is not None:
                        slot[0] += 1
                        if slot[3]:  # (not containers: their bodies' ops are timed)
                            slot[1] += pc() - t0 - (imported[0] - z0)
                    if listeners:
                        for listener in listeners:
                            listener.did_interpret_op(op, values)
                    del values
                    if dead:
                        for key in dead:
                            frame.pop(key, None)
                    if term is not None:
                        if isinstance(term, ReturnedValues):
                            return term.values
                        if isinstance(term, Successor):
                            block, args = term
                            break
            except (OpFailure, BrokenPipeError):
                raise
            except Exception as e:
                assert op is not None
                raise OpFailure(op, f"{type(e).__name__}: {e}") from e
        return ()

    def prepare(self) -> int:
        """Translate every block of the module into steps now, not at its first run, and
        loop bodies into Python functions (codegen.py); returns how many blocks.

        amls-run does this in its compile phase, as Python compiles a script's functions
        to bytecode before they run: ~3-15 us per op, and ~0.2 ms per loop body for
        CPython's compiler, which a loop body pays back within ~100 iterations (and
        otherwise costs compile time, not run time)."""
        stack = [r for op in self.module.ops for r in op.regions]
        done = 0
        while stack:
            region = stack.pop()
            for block in region.blocks:
                if block not in self._code:
                    code = self._code[block] = self._compile(block)
                    if CODEGEN and isinstance(region.parent, _LOOPS):
                        code.fn = compile_block(block, code.steps, _KERNEL, self._others, self)
                    done += 1
                for op in block.ops:
                    stack.extend(op.regions)
        return done

    def run_for(self, op: scf.ForOp, args: PythonValues) -> PythonValues:
        """scf.for: xDSL's loop, but a compiled body is called directly (xDSL goes through
        run_ssacfg_region and the block lookup per iteration, ~1.5 us)."""
        lb, ub, step, *rest = args
        if step == 0:  # (MLIR: the step must be positive; range() would say "arg 3")
            raise OpFailure(op, "the step is 0 (it must be positive)")
        loop_args = tuple(rest)
        body = op.body
        iterations = iter(range(lb, ub, step))
        code = self._code.get(body.block)
        while code is None or code.fn is None:  # the step loop, until the body is compiled
            i = next(iterations, None)
            if i is None:
                return loop_args
            loop_args = self._run_region(body, (i, *loop_args))
            code = self._code[body.block]
        fn, frame = code.fn, self._frame
        try:
            for i in iterations:
                loop_args = fn(frame, self, (i, *loop_args))
        except OpError as e:
            self._op_failure(code, e, 1 + len(loop_args))
        return loop_args

    def _run_compiled(
        self, code: _BlockCode, frame: dict[int, Any], args: PythonValues
    ) -> PythonValues:
        try:
            return code.fn(frame, self, args)  # type: ignore[misc]
        except OpError as e:
            self._op_failure(code, e, len(args))

    @staticmethod
    def _op_failure(code: _BlockCode, e: OpError, given: int) -> NoReturn:
        """The step loop's error for what generated code raised (op index e.at)."""
        cause = e.cause
        if isinstance(cause, OpFailure):  # from a nested region: already located
            raise cause from None
        if e.at < 0:
            raise InterpretationError(
                f"block takes {len(code.arg_keys)} arguments, given {given}"
            ) from None
        op = code.steps[e.at][0]
        if e.kernel and isinstance(cause, KernelError):
            raise OpFailure.of(op, cause) from cause
        raise OpFailure(op, f"{type(cause).__name__}: {cause}") from cause

    def _compile(self, block: Block) -> _BlockCode:
        """The block's steps: per op its kernel (run directly) or xDSL impl, operand and
        result slots, and the matrix values whose last use it is (freed after it).

        Runs once per block and interpreter (amls-run: all of them in its compile phase,
        `prepare`): ~3 us per op warm, 15-30 us cold (first isinstance checks per class).
        """
        ops = list(block.ops)
        dead = _dead_after(block, ops)
        kinds = self._kinds
        steps: list[_Step] = []
        for i, op in enumerate(ops):
            kind = kinds.get(type(op))
            if kind is None:
                kind = self._kind(op)
            ins = tuple(map(id, op._operands))  # noqa: SLF001 (the tuple behind op.operands)
            outs = tuple(map(id, op.results))
            drop = tuple(map(id, dead[i])) if i in dead else ()
            # Operands at their last use may lend their buffers to a donating kernel's result.
            donors = tuple(j for j, k in enumerate(ins) if k in drop) if kind[3] else ()
            slot = self._stats.slot(op) if self._stats is not None else None
            steps.append((op, kind[0], kind[1], kind[2], ins, outs, drop, donors, slot))
        return _BlockCode(tuple(map(id, block.args)), tuple(steps))

    def _kind(self, op: Operation) -> tuple[int, Any, Any, bool]:
        """How `op` runs: (_KERNEL, kernel body, None, donates) or (_IMPL, xDSL impl,
        functions, False). Cached per op class, except for classes with a dist kernel
        (decided per op)."""
        t = type(op)
        local = self._kernels.get(t)
        twin = getattr(local, TWIN_OF, None)
        if twin is not None:  # a phys op's local twin: its matrix op's kernel, directly
            local = self._kernels.get(twin, local)
        if local is not None and len(op.results) <= 1 and not (t in DIST_KERNELS and runs_dist(op)):
            body = getattr(local, IEEE_BODY, local)
            kind: tuple[int, Any, Any, bool] = (
                _KERNEL,
                body,
                None,
                _DONATION and hasattr(local, DONATES),
            )
        else:
            impls = self._impls._impl_dict  # noqa: SLF001 (the registry xDSL dispatches on)
            if t not in impls and (t in DIST_KERNELS or t in self._kernels):
                # a phys twin defined after this interpreter was made (phys.TWINS defines
                # them on first use: a recompilation can lower to a new one)
                self.register_implementations(
                    kernel_functions(self._kernels, self.session), override=True
                )
                impls = self._impls._impl_dict  # noqa: SLF001
            ft, fn = impls[t] if t in impls else (None, _no_impl)
            kind = (_IMPL, fn, ft, False)
        if t not in DIST_KERNELS:
            self._kinds[t] = kind
        return kind


def _no_impl(ft: Any, interp: Interpreter, op: Operation, args: PythonValues) -> Any:
    raise InterpretationError(f"Could not find interpretation function for op {op.name}")


_KERNEL, _IMPL = 0, 1
_LOOPS = (scf.ForOp, scf.WhileOp)
"""Ops whose bodies prepare() compiles to Python functions up front."""


@register_impls
class LoopFunctions(InterpreterFunctions):
    """scf.for through AmlsInterpreter.run_for (registered over xDSL's impl)."""

    @impl(scf.ForOp)
    def run_for(self, interp: AmlsInterpreter, op: scf.ForOp, args: PythonValues) -> Any:
        return interp.run_for(op, args)


_Step = tuple[
    Operation,
    int,
    Any,
    Any,
    tuple[int, ...],
    tuple[int, ...],
    tuple[int, ...],
    tuple[int, ...],
    "list[Any] | None",
]
"""(op, mode, kernel or xDSL impl, the impl's functions object, operand slots, result
slots, slots freed after the op, indices of the operands it may be donated, its OpStats
slot when --stats counts it)."""

_DONATION = sys.implementation.name == "cpython" and sys.version_info < (3, 14)
"""Donation reads reference counts, exact in CPython up to 3.13 (3.14 may borrow stack
references, which would undercount): elsewhere kernels always allocate."""


CODEGEN = True
"""Compile blocks that run repeatedly into Python functions (codegen.py)."""
CODEGEN_AFTER = 128
"""...from their 128th run (prepare() compiles loop bodies before the run). Compiling costs
~0.1 ms plus ~30-40 us per op (CPython's compiler), and saves ~0.5 us per op and run
(dispatch): it pays back after ~100 more runs, so at run time only blocks that already
ran that often are compiled."""


@dataclass(slots=True)
class _BlockCode:
    arg_keys: tuple[int, ...]
    steps: tuple[_Step, ...]
    runs: int = 0
    """How often the step loop ran the block."""
    fn: BlockFn | None = None
    """The block as one function, once it has run CODEGEN_AFTER times (if it applies)."""


def make_interpreter(
    module: ModuleOp,
    listeners: Sequence[Interpreter.Listener] = (),
    recompiler: Any = None,
    session: DistSession | None = None,
) -> AmlsInterpreter:
    kernels = load_builtin_kernels()
    interp = AmlsInterpreter(
        module,
        listeners=tuple(listeners),
        recompiler=recompiler,
        session=session,
        kernels=kernels,
    )
    interp.register_implementations(ArithFunctions())
    interp.register_implementations(BuiltinFunctions())
    interp.register_implementations(FuncFunctions())
    interp.register_implementations(ScfFunctions())
    interp.register_implementations(kernel_functions(kernels, session), override=True)
    interp.register_implementations(LoopFunctions(), override=True)
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

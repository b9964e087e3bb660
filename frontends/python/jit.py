"""@amls.jit: compile a NumPy function through amls's pipeline, run it, return NumPy values.

A call binds the arguments (arrays become f64 matrices: a 1-D array an n x 1 column,
scipy.sparse CSR; Python numbers f64 / i64 / i1), translates the function once per
argument *kinds* (amls.frontends.python.translate), and compiles one plan per argument
*signature*: each matrix's dims, its nnz where sparse (dense data are planned as dense)
and the value facts a scan of it proves (finite, max |x| rounded up to a power of two),
and each scalar's value (a compile-time constant until a call passes another value; from
then on that parameter is a run-time value). This is amls-run's specialisation
(amls.interpreter.entry) with the same pieces; a later call with the same signature runs
the cached plan without compiling.
"""

from __future__ import annotations

import contextlib
import functools
import gc
import inspect
import os
import time
import warnings
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from amls.frontends.python.values import JitError, Val
from amls.startup import cached_imports

LEVELS = ("O0", "O1", "O2")
_CTX: Any = None


def _context() -> Any:
    global _CTX
    if _CTX is None:
        from xdsl.context import Context

        from amls.dialects import DIALECTS

        _CTX = Context()
        for name, factory in DIALECTS.items():
            _CTX.register_dialect(name, factory)
    return _CTX


@dataclass
class Capture:
    """The function translated for one tuple of argument kinds."""

    module: Any
    entry: str
    result: Any  # translate.Result
    params: list[str]
    """The parameters that are entry arguments (in order)."""
    seconds: float


@dataclass
class Plan:
    module: Any
    signature: str
    seconds: float
    recompiler: Any = None
    interpreter: Any = None


@dataclass
class Event:
    signature: str
    seconds: float
    translate_seconds: float


@dataclass
class _Stats:
    calls: int = 0
    hits: int = 0
    events: list[Event] = field(default_factory=list)
    last: dict[str, float] = field(default_factory=dict)
    ops: Any = None


def _parse_bytes(text: Any) -> int:
    """The tools' byte counts (amls.passes.parse_bytes: 1000, 1.5e9, 500MB, 2GiB)."""
    from amls.passes import parse_bytes

    if isinstance(text, int) and not isinstance(text, bool) and text >= 0:
        return text
    try:
        return parse_bytes(text if isinstance(text, str | float) else repr(text))
    except ValueError:
        raise JitError(f"memory_budget: not a byte count: {text!r} (e.g. 500MB, 2GiB)") from None


@contextlib.contextmanager
def _user_errors() -> Iterator[None]:
    """Every failure is one JitError with its location; internal errors say they are bugs."""
    from amls.lowering.diagnostics import UserError

    try:
        yield
    except JitError:
        raise
    except UserError as e:
        raise JitError.of(str(e)) from None
    except Exception as e:
        if os.environ.get("AMLS_DEBUG"):
            raise
        raise JitError.of(
            f"internal error: {type(e).__name__}: {e} (this is a bug in amls; rerun with "
            "AMLS_DEBUG=1 for a traceback)"
        ) from None


class JitFunction:
    """A NumPy function compiled by amls (see the module docstring)."""

    def __init__(
        self,
        fn: Callable[..., Any],
        opt: str | int = "O2",
        backend: str = "local",
        memory_budget: str | int | None = None,
        stats: bool = False,
        workers: int = 0,
    ):
        if not inspect.isfunction(fn):
            raise JitError(f"@amls.jit takes a Python function, got {type(fn).__name__}")
        level = f"O{opt}" if isinstance(opt, int) else str(opt).lstrip("-")
        if level not in LEVELS:
            raise JitError(f"opt must be one of O0, O1, O2, got {opt!r}")
        if backend not in ("local", "dask"):
            raise JitError(f"backend must be 'local' or 'dask', got {backend!r}")
        self.__amls_python_function__ = fn
        functools.update_wrapper(self, fn)
        self.level = level
        self.backend = backend
        self.memory_budget = _parse_bytes(memory_budget) if memory_budget is not None else None
        self.collect_stats = stats
        self.workers = workers
        self._sig = inspect.signature(fn)
        self._captures: dict[Any, Capture] = {}
        self._plans: dict[Any, Plan] = {}
        self._scalars: dict[str, str] = {}
        self._varying: set[str] = set()
        self._stats = _Stats()
        code = fn.__code__
        self._where = f"{code.co_filename}:{code.co_firstlineno}"

    # -- the user's API --------------------------------------------------------------------

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        with _user_errors():
            t0 = time.perf_counter()
            capture, values, plan = self._prepare(args, kwargs)
            t1 = time.perf_counter()
            results = self._run(plan, capture.entry, values)
            t2 = time.perf_counter()
            out = _results(capture.result, results, values)
            t3 = time.perf_counter()
            self._stats.calls += 1
            self._stats.last = {"bind, scan, plan lookup": t1 - t0, "execute": t2 - t1,
                                "results to NumPy": t3 - t2}  # fmt: skip
            return out

    def explain(self, *args: Any, **kwargs: Any) -> str:
        """The plan a call with these arguments runs (amls-opt --explain's format)."""
        from amls.lowering.explain import explain_module

        with _user_errors():
            capture, _, plan = self._prepare(args, kwargs, count=False)
            head = f"# plan: @{capture.entry} compiled at -{self.level} for {plan.signature}\n"
            return head + explain_module(plan.module)

    def mlir(self, *args: Any, locations: bool = False, **kwargs: Any) -> str:
        """The matrix-dialect module the function becomes for these arguments' kinds
        (before compiling); with locations, each op's Python file:line:col too."""
        from io import StringIO

        from xdsl.printer import Printer

        with _user_errors():
            kinds, _, _ = self._bind(args, kwargs, scan=False)
            capture = self._capture(kinds)
            buf = StringIO()
            Printer(stream=buf, print_debuginfo=locations).print_op(capture.module)
            return buf.getvalue() + "\n"

    def stats(self) -> str:
        """Calls, plan-cache hits, compilations (signature, seconds), the last call's phases
        and, with stats=True, time per op kind over all calls."""
        st = self._stats
        lines = [f"== @amls.jit {self.__name__} (-{self.level}, backend {self.backend}) ==",
                 f"  calls {st.calls}, cached-plan hits {st.hits}, compilations "
                 f"{len(st.events)}"]  # fmt: skip
        for ev in st.events:
            lines.append(f"  compiled for {ev.signature} in {ev.seconds:.3f} s "
                         f"(+ translation {ev.translate_seconds:.3f} s)")  # fmt: skip
        if st.last:
            lines.append("== last call ==")
            lines += [f"  {k:<26} {v * 1e3:9.3f} ms" for k, v in st.last.items()]
        if st.ops is not None:
            lines.append("== ops (all calls) ==")
            total = sum(st.ops.times.values()) or 1.0
            lines.append(f"  {'op':<30} {'count':>8} {'time (s)':>10} {'share':>7}")
            for name in sorted(st.ops.counts, key=lambda n: (-st.ops.times.get(n, 0.0), n)):
                t = st.ops.times.get(name)
                shown = (f"{t:10.4f} {100 * t / total:6.1f}%" if t is not None
                         else f"{'(body)':>10} {'':>7}")  # fmt: skip
                lines.append(f"  {name:<30} {st.ops.counts[name]:>8} {shown}")
        elif not self.collect_stats:
            lines.append("  (time per op: @amls.jit(stats=True))")
        return "\n".join(lines) + "\n"

    # -- binding, translation, compilation -------------------------------------------------

    def _bind(self, args: tuple[Any, ...], kwargs: dict[str, Any], scan: bool = True
              ) -> tuple[tuple[Any, ...], list[Any], list[Any]]:  # fmt: skip
        """(argument kinds, runtime values, signature) of a call."""
        try:
            bound = self._sig.bind(*args, **kwargs)
        except TypeError as e:
            hint = ""
            if next(iter(self._sig.parameters), None) in ("self", "cls"):
                hint = " (@amls.jit on a method is not supported: decorate a plain function)"
            raise JitError(f"{self.__name__}(): {e}{hint}", self._where) from None
        bound.apply_defaults()
        kinds: list[Any] = []
        values: list[Any] = []
        sig: list[Any] = []
        for name, v in bound.arguments.items():
            kind, value, s = self._classify(name, v, scan)
            kinds.append((name, kind))
            if value is not None:
                values.append(value)
                sig.append(s)
        return tuple(kinds), values, sig

    def _classify(self, name: str, v: Any, scan: bool) -> tuple[Any, Any, Any]:
        import sys

        from amls.interpreter.recompile import ScalarSignature

        if v is None:  # `w=None` defaults: `if w is None:` is decided when translating
            return "none", None, None
        if isinstance(v, bool | np.bool_):
            return "i1", bool(v), self._scalar_sig(name, bool(v), ScalarSignature)
        if isinstance(v, int | np.integer):
            if not -(2**63) <= int(v) < 2**63:  # Python ints are int64 here
                raise JitError(f"argument '{name}' of {self.__name__}: the int {int(v)} does "
                               "not fit in 64 bits (pass a float)", self._where)  # fmt: skip
            return "i64", int(v), self._scalar_sig(name, int(v), ScalarSignature)
        if isinstance(v, float | np.floating):
            return "f64", float(v), self._scalar_sig(name, float(v), ScalarSignature)
        spm = sys.modules.get("scipy.sparse")
        ma = sys.modules.get("numpy.ma")  # not imported: no masked array exists
        if ma is not None and isinstance(v, ma.MaskedArray):  # its mask would be ignored
            raise JitError(f"argument '{name}' of {self.__name__}: a masked array (np.ma) is "
                           "not supported: pass X.filled(value)", self._where)  # fmt: skip
        if isinstance(v, np.matrix):  # its * is matmul and its reductions stay 2-D
            raise JitError(f"argument '{name}' of {self.__name__}: an np.matrix (@amls.jit "
                           "follows ndarray semantics: pass np.asarray(...))",
                           self._where)  # fmt: skip
        if isinstance(v, np.ndarray):
            mask = v.dtype == np.bool_  # a boolean array: & | ^ ~ are its logical ops
            a = v.astype(np.float64) if mask else self._as_f64(name, v)
            if a.ndim == 0:
                return "f64", float(a), self._scalar_sig(name, float(a), ScalarSignature)
            if a.ndim > 2:
                raise JitError(f"argument '{name}' of {self.__name__}: a {a.ndim}-D array "
                               "(only 1-D and 2-D arrays are supported)", self._where)  # fmt: skip
            ndim = a.ndim
            if ndim == 1:
                a = a.reshape(-1, 1)
            vec = (ndim == 2 and a.shape[1] == 1, ndim == 2 and a.shape[0] == 1)
            return ("mat", ndim, False, *vec, mask), a, _mat_sig(a, scan)
        if spm is not None and spm.issparse(v):
            if v.ndim != 2:
                raise JitError(f"argument '{name}': only 2-D sparse arrays", self._where)
            if not _numeric(v.dtype):  # complex would lose its imaginary part
                raise JitError(f"argument '{name}' of {self.__name__}: dtype {v.dtype} is "
                               "not supported (float64)", self._where)  # fmt: skip
            if not np.issubdtype(v.dtype, np.floating) or v.dtype != np.float64:
                self._convert_warning(name, v.dtype)
            if isinstance(v, spm.spmatrix):
                warnings.warn(
                    f"argument '{name}' of {self.__name__}: a scipy.sparse matrix; @amls.jit "
                    "follows scipy.sparse *array* semantics (`*` is element-wise, `@` is "
                    "matmul)", stacklevel=4,
                )  # fmt: skip
            a = spm.csr_array(v, dtype=np.float64)
            return ("mat", 2, True), a, _mat_sig(a, scan)
        raise JitError(
            f"argument '{name}' of {self.__name__}: {type(v).__name__} is not supported (a "
            "NumPy array, a scipy.sparse matrix, a Python number or None)", self._where,
        )  # fmt: skip

    def _as_f64(self, name: str, v: np.ndarray) -> np.ndarray:
        if v.dtype == np.float64:
            return v
        if not _numeric(v.dtype):
            raise JitError(f"argument '{name}' of {self.__name__}: dtype {v.dtype} is not "
                           "supported (float64)", self._where)  # fmt: skip
        self._convert_warning(name, v.dtype)
        return v.astype(np.float64)

    def _convert_warning(self, name: str, dtype: Any) -> None:
        warnings.warn(f"argument '{name}' of {self.__name__}: {dtype} converted to float64",
                      stacklevel=5)  # fmt: skip

    def _scalar_sig(self, name: str, v: Any, cls: Any) -> Any:
        text = repr(v)
        seen = self._scalars.setdefault(name, text)
        if seen != text:
            self._varying.add(name)  # it changes: a run-time value from now on
        return None if name in self._varying else cls(text, v)

    def _capture(self, kinds: tuple[Any, ...]) -> Capture:
        hit = self._captures.get(kinds)
        if hit is not None:
            return hit
        from amls.frontends.python.translate import translate_entry
        from amls.lowering.diagnostics import verify_located

        t0 = time.perf_counter()
        params = []
        for name, kind in kinds:
            if isinstance(kind, tuple):
                cols1, rows1, mask = kind[3:6] if len(kind) > 3 else (False, False, False)
                v = Val("mat", None, None, kind[1], False, kind[2], cols1=cols1, rows1=rows1)
                v.mask = mask
                params.append((name, v))
            elif kind == "none":
                params.append((name, Val("py")))
            else:
                params.append((name, Val(kind)))
        mt, variant = translate_entry(self.__amls_python_function__, params)
        verify_located(mt.module)
        capture = Capture(mt.module, variant.symbol, variant.result, [n for n, _ in kinds],
                          time.perf_counter() - t0)  # fmt: skip
        self._captures[kinds] = capture
        return capture

    def _prepare(self, args: tuple[Any, ...], kwargs: dict[str, Any], count: bool = True
                 ) -> tuple[Capture, list[Any], Plan]:  # fmt: skip
        kinds, values, sig = self._bind(args, kwargs)
        key = (kinds, tuple(sig))
        plan = self._plans.get(key)
        if plan is not None:  # compiled from this capture: both are kept
            if count:
                self._stats.hits += 1
            return self._captures[kinds], values, plan
        with cached_imports():  # amls's imports and compile, not the user's classes
            capture = self._capture(kinds)
            plan = self._compile(capture, tuple(sig))
        _freeze_at_exit()
        self._plans[key] = plan
        fresh = capture.seconds if len(self._stats.events) < len(self._captures) else 0.0
        self._stats.events.append(Event(plan.signature, plan.seconds, fresh))
        return capture, values, plan

    def _lowering(self) -> Any:
        from amls.lowering.pipeline import make_pass

        opts: dict[str, Any] = {}
        if self.backend == "local":
            opts["dist"] = False
        if self.memory_budget is not None:
            opts["memory_budget"] = self.memory_budget
        if self.workers:
            opts["workers"] = self.workers
        return make_pass("lower-to-phys", **opts)

    def _compile(self, capture: Capture, sig: tuple[Any, ...]) -> Plan:
        from amls.interpreter.recompile import format_signature, specs_of
        from amls.lowering.diagnostics import verify_located
        from amls.lowering.pipeline import compile_module
        from amls.lowering.specialise import specialise_function

        t0 = time.perf_counter()
        text = "(" + ", ".join(capture.params) + ")"
        if self.level == "O0":  # the IR as written
            return Plan(capture.module, f"{text} as written", 0.0)
        module = capture.module.clone()
        fn = _lookup(module, capture.entry)
        specs = specs_of(sig, fn.function_type.inputs.data)
        if specialise_function(module, capture.entry, specs):
            verify_located(module)
        lowering = self._lowering() if self.level == "O2" else None
        dynamic = self.backend == "dask" and self.level == "O2"
        logical = compile_module(module, _context(), self.level, capture.entry, lowering,
                                 keep_logical=dynamic)  # fmt: skip
        recompiler = None
        if logical is not None:
            from xdsl.passes import PassPipeline

            from amls.interpreter.recompile import Recompiler
            from amls.lowering.pipeline import recompile_passes

            recompiler = Recompiler(logical, _context(), PassPipeline(recompile_passes(lowering)))
        names = [n for n in capture.params if n in _entry_names(fn)]
        shown = format_signature(sig) if sig else "()"
        if names and shown.startswith("("):
            parts = _split_top(shown[1:-1])
            if len(parts) == len(names):
                shown = "(" + ", ".join(f"{n}: {p}" for n, p in zip(names, parts,
                                                                    strict=True)) + ")"  # fmt: skip
        return Plan(module, shown, time.perf_counter() - t0, recompiler)

    def _run(self, plan: Plan, entry: str, values: list[Any]) -> tuple[Any, ...]:
        from amls.interpreter.engine import OpFailure, OpStats, make_interpreter

        listeners: list[Any] = []
        if self.collect_stats:
            if self._stats.ops is None:
                self._stats.ops = OpStats()
            listeners.append(self._stats.ops)
        session = _session(self.workers) if self.backend == "dask" else None
        interp = plan.interpreter
        if interp is None or listeners or session is not None:
            with cached_imports():
                interp = make_interpreter(plan.module, listeners, plan.recompiler, session)
                if not listeners and session is None:
                    interp.prepare()  # steps and compiled loop bodies, kept with the plan
                    plan.interpreter = interp  # reused: building one costs ~0.1 ms
        try:
            return tuple(interp.call_op(entry, tuple(values)))
        except OpFailure as e:
            raise JitError.of(e.located()) from None


def _numeric(dtype: Any) -> bool:
    """A dtype amls converts to float64 exactly enough: bool, integer or real."""
    return (
        dtype == np.bool_ or np.issubdtype(dtype, np.integer) or np.issubdtype(dtype, np.floating)
    )


def _mat_sig(a: Any, scan: bool) -> Any:
    """(rows, cols, nnz where sparse, value facts) of a matrix argument."""
    if not scan:
        return None
    from amls.dialects.value_facts import ArgFacts, pow2_ceil
    from amls.interpreter.kernels import sparse as sp
    from amls.interpreter.kernels.scan import remember
    from amls.interpreter.kernels.scan import scan as scan_data

    sparse = sp.issparse(a)
    facts = scan_data(a, count_nnz=sparse)
    remember(a, facts)  # the runtime reads the facts of values it was given, as amls-run's
    vf = ArgFacts(True, pow2_ceil(facts.absmax)) if facts.finite else None
    return (int(a.shape[0]), int(a.shape[1]), facts.nnz if sparse else None, vf)


def _lookup(module: Any, name: str) -> Any:
    from xdsl.dialects import func

    for op in module.ops:
        if isinstance(op, func.FuncOp) and op.sym_name.data == name:
            return op
    raise LookupError(name)


def _entry_names(fn: Any) -> list[str]:
    return [a.name_hint or "" for a in fn.body.block.args]


def _split_top(text: str) -> list[str]:
    parts, depth, cur = [], 0, ""
    for ch in text:
        if ch == "," and depth == 0:
            parts.append(cur.strip())
            cur = ""
            continue
        depth += ch in "([{"
        depth -= ch in ")]}"
        cur += ch
    if cur.strip():
        parts.append(cur.strip())
    return parts


def _results(result: Any, values: tuple[Any, ...], inputs: list[Any]) -> Any:
    out = [_to_numpy(v, r) for v, r in zip(result.vals, values, strict=True)]
    for i, r in enumerate(out):  # a new array, as NumPy's ops give (`return X.copy()`)
        if isinstance(r, np.ndarray) and any(
            isinstance(x, np.ndarray) and np.may_share_memory(r, x) for x in inputs
        ):
            out[i] = r.copy()
    return tuple(out) if result.is_tuple else out[0]


def _to_numpy(kind: Val, v: Any) -> Any:
    if kind.kind == "f64":
        return float(v)
    if kind.kind == "i64":
        return int(v)
    if kind.kind == "i1":
        return bool(v)
    from amls.interpreter.kernels import sparse as sp

    if kind.ndim == 1:
        dense = v.toarray() if sp.issparse(v) else np.asarray(v)
        return dense.reshape(-1)
    if kind.sparse:
        return v if sp.issparse(v) else sp.csr_array(v)
    return v.toarray() if sp.issparse(v) else np.asarray(v)


_SESSION: Any = None


@functools.cache  # registered once per process
def _freeze_at_exit() -> None:
    """At exit, freeze what the process holds before CPython's last collection, which
    would walk it all: the plans' IR made that ~0.2 s of a small script's ~1 s (measured
    0.36-0.44 s from the end of the script to the end of the process, 0.15-0.19 s with
    it). Python does not promise __del__ for objects alive at exit; atexit handlers
    registered later (a Dask cluster's shutdown) still run first."""
    import atexit

    atexit.register(gc.freeze)


def _session(workers: int) -> Any:
    """One Dask LocalCluster for the process, started on the first dask call."""
    global _SESSION
    if _SESSION is None:
        import atexit
        import logging
        import multiprocessing

        from amls.interpreter.dist import local_cluster
        from amls.interpreter.phys.session import DistSession

        guard = (
            "a script calling a backend='dask' function at its top level must do so under "
            '`if __name__ == "__main__":` (Dask\'s worker processes import the script again)'
        )
        if multiprocessing.parent_process() is not None:  # a worker importing the script
            raise JitError(f"cannot start a Dask cluster in a worker process: {guard}")
        logging.getLogger("distributed").setLevel(logging.ERROR)
        cm = local_cluster(n_workers=workers or (os.cpu_count() or 1))
        try:
            client = cm.__enter__()
        except Exception as e:  # noqa: BLE001 - any start-up failure: say what usually causes it
            raise JitError(f"could not start a local Dask cluster ({e}); {guard}") from None
        atexit.register(cm.__exit__, None, None, None)
        _SESSION = DistSession(client, measure=False)
    return _SESSION


def jit(
    fn: Callable[..., Any] | None = None,
    *,
    opt: str | int = "O2",
    backend: str = "local",
    memory_budget: str | int | None = None,
    stats: bool = False,
    workers: int = 0,
) -> Any:
    """Compile a NumPy function with amls: `@amls.jit` or `@amls.jit(opt="O1", ...)`."""
    if fn is None:
        return lambda f: JitFunction(f, opt, backend, memory_budget, stats, workers)
    return JitFunction(fn, opt, backend, memory_budget, stats, workers)

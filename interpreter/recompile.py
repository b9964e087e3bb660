"""Dynamic recompilation: re-plan a function once its input sizes are known at run time.

lower-to-phys marks a function `phys.recompile` when some op's size was unknown (it went
dist, as cpmm). When such a function is called, the runtime knows its arguments' shapes
(and nnz of sparse ones; for a value loaded from a file, the facts its scan found: exact
nnz, finiteness and max |x| rounded up to a power of two): it takes the function's logical
plan (the matrix-level module kept before lowering), specialises the arguments for them
(amls.lowering.specialise: types, `matrix.finite` / `matrix.absmax`), and re-runs size
inference, the rewrites (dynamic ones now fire), operator selection and phys-opt. The
variant is cached by (function, signature): a loop calling the function recompiles
once, not per iteration, unless the sizes change. Loops whose inputs are unknown at
compile time are outlined into functions by lower-to-phys's caller (outline-loops), so
loop entry recompiles the same way.
"""

from __future__ import annotations

import os
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from xdsl.context import Context
from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Attribute
from xdsl.passes import PassPipeline

from amls.dialects.matrix import MatrixType
from amls.dialects.value_facts import ArgFacts, arg_facts, pow2_ceil
from amls.interpreter.kernels import sparse as sp
from amls.interpreter.kernels.scan import recall
from amls.lowering.diagnostics import verify_located
from amls.lowering.specialise import ArgSpec, specialise_function
from amls.passes.rewrite.trace import RewriteTrace, merged

MatSignature = tuple[int, int, int | None, ArgFacts | None]
"""A matrix argument's rows, cols, nnz (None: unknown) and value facts (None: none)."""


@dataclass(frozen=True)
class ScalarSignature:
    """A scalar argument's value (the entry is compiled for it: amls.interpreter.entry).
    Compared by `text`, its repr, so NaN equals NaN and -0.0 differs from 0.0."""

    text: str
    value: int | float = field(compare=False)


Signature = tuple[MatSignature | ScalarSignature | None, ...]


def data_facts(v: Any) -> ArgFacts | None:
    """The value facts the scan at load proved for v (max |x| rounded up to a power of
    two), or None: v was computed, or holds NaN/Inf."""
    f = recall(v)
    if f is None or not f.finite:
        return None
    return ArgFacts(True, pow2_ceil(f.absmax))


def matrix_signature(v: Any, with_facts: bool) -> MatSignature | None:
    """Sizes (and with_facts, the scanned nnz and value facts) of a runtime matrix."""
    if not hasattr(v, "shape") or len(v.shape) != 2:
        return None
    r, c = int(v.shape[0]), int(v.shape[1])
    scanned = recall(v) if with_facts else None
    if scanned is not None:
        return (r, c, scanned.nnz, data_facts(v))
    nnz = int(v.nnz) if sp.issparse(v) and not isinstance(v, np.ndarray) else None
    return (r, c, nnz, None)


def adds_to(fn: func.FuncOp, index: int, t: Attribute, s: MatSignature) -> bool:
    """Whether s says more than argument `index` of fn states (its type and facts)."""
    assert isinstance(t, MatrixType)
    if t.rows is None or t.cols is None or (s[2] is not None and t.nnz is None):
        return True
    if s[3] is None:
        return False
    stated = arg_facts(fn, index)
    return stated.meet(s[3]) != stated


def signature(fn: func.FuncOp, inputs: Sequence[Any], with_facts: bool = True) -> Signature | None:
    """What the inputs add to fn's declared types and facts; None when they add nothing.
    Value facts (and the exact nnz of dense data, where the scan counted it) come only
    from values scanned at load."""
    sig: list[MatSignature | None] = []
    news = False
    for i, (t, v) in enumerate(zip(fn.function_type.inputs.data, inputs, strict=True)):
        s = matrix_signature(v, with_facts) if isinstance(t, MatrixType) else None
        sig.append(s)
        if s is not None and adds_to(fn, i, t, s):
            news = True
    return tuple(sig) if news else None


def specs_of(sig: Signature, declared: Sequence[Attribute]) -> list[ArgSpec | None]:
    """The argument specialisations a signature stands for."""
    specs: list[ArgSpec | None] = []
    for t, s in zip(declared, sig, strict=True):
        if isinstance(s, ScalarSignature):
            specs.append(ArgSpec(const=s.value))
            continue
        if s is None or not isinstance(t, MatrixType):
            specs.append(None)
            continue
        nt = MatrixType(s[0], s[1], s[2] if s[2] is not None else t.nnz)
        specs.append(ArgSpec(type=nt, facts=s[3]))
    return specs


@dataclass
class Recompilation:
    function: str
    sizes: str
    seconds: float
    module: ModuleOp
    trace: RewriteTrace = field(default_factory=RewriteTrace)
    """What the rewrites fired while re-planning (amls-run --rewrite-trace)."""


@dataclass
class Recompiler:
    """Holds the logical plan and the variants compiled from it."""

    logical: ModuleOp
    ctx: Context
    pipeline: PassPipeline
    """Passes run on a variant (amls.lowering.pipeline.recompile_passes)."""
    cache: dict[tuple[str, Signature], tuple[ModuleOp, func.FuncOp | None] | None] = field(
        default_factory=dict
    )
    """Variants by (function, size signature); None: recompiling failed, keep the plan."""
    events: list[Recompilation] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)
    """Recompilations that failed (the compile-time plan ran instead), for --stats."""
    with_facts: bool = True
    """Signatures include the facts scanned at load (value facts, nnz of dense data);
    False: sizes only, as before value facts existed (amls-run --no-data-facts)."""
    _trace: RewriteTrace = field(default_factory=RewriteTrace)

    def variant(self, fn: func.FuncOp, inputs: Sequence[Any]) -> tuple[ModuleOp, str] | None:
        name = fn.sym_name.data
        sig = signature(fn, inputs, self.with_facts)
        if sig is None:
            return None
        key = (name, sig)
        if key in self.cache and self.cache[key] is None:
            return None  # recompiling failed before: keep the compile-time plan
        hit = self.cache.get(key)
        if hit is None:
            t0 = time.perf_counter()
            try:
                module = self._compile(name, sig)
            except Exception as e:  # the compile-time plan is still valid: run it
                if os.environ.get("AMLS_DEBUG"):
                    raise
                self.failures.append(f"@{name} {format_signature(sig)}: {type(e).__name__}: {e}")
                self.cache[key] = None
                return None
            if module is None:
                return None
            hit = (module, _lookup(module, name))
            self.cache[key] = hit
            seconds = time.perf_counter() - t0
            self.events.append(
                Recompilation(name, format_signature(sig), seconds, module, self._trace)
            )
        return hit[0], name

    def _compile(self, name: str, sig: Signature) -> ModuleOp | None:
        src = _lookup(self.logical, name)
        if src is None:
            return None
        funcs = _reachable(self.logical, src)
        module = ModuleOp([f.clone() for f in funcs])
        module.attributes.update(self.logical.attributes)  # amls.assume_finite, ...
        specialise_function(module, name, specs_of(sig, src.function_type.inputs.data))
        self.pipeline.apply(self.ctx, module)
        self._trace = merged(self.pipeline.passes)
        verify_located(module)
        return module


def _lookup(module: ModuleOp, name: str) -> func.FuncOp | None:
    for op in module.ops:
        if isinstance(op, func.FuncOp) and op.sym_name.data == name:
            return op
    return None


def _reachable(module: ModuleOp, root: func.FuncOp) -> list[func.FuncOp]:
    seen: dict[str, func.FuncOp] = {}
    todo = [root]
    while todo:
        f = todo.pop()
        if f.sym_name.data in seen:
            continue
        seen[f.sym_name.data] = f
        for op in f.walk():
            if isinstance(op, func.CallOp):
                g = _lookup(module, op.callee.root_reference.data)
                if g is not None:
                    todo.append(g)
    return [f for f in module.ops if isinstance(f, func.FuncOp) and f.sym_name.data in seen]


def format_signature(sig: Signature) -> str:
    """`(1000x50 nnz=50000 |x|<=4.0, 10x1, =3)`: what a variant was compiled for."""
    parts = []
    for s in sig:
        if s is None:
            parts.append("-")
        elif isinstance(s, ScalarSignature):
            parts.append(f"={s.text}")
        else:
            text = f"{s[0]}x{s[1]}" + (f" nnz={s[2]}" if s[2] is not None else "")
            if s[3] is not None:
                text += f" |x|<={s[3].absmax!r}" if s[3].absmax is not None else " finite"
            parts.append(text)
    return "(" + ", ".join(parts) + ")"

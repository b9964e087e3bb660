"""Dynamic recompilation: re-plan a function once its input sizes are known at run time.

lower-to-phys marks a function `phys.recompile` when some op's size was unknown (it went
dist, as cpmm). When such a function is called, the runtime knows its arguments' shapes
(and nnz of sparse ones): it takes the function's logical plan (the matrix-level module
kept before lowering), fixes the argument types to the actual sizes, and re-runs size
inference, the rewrites (dynamic ones now fire), operator selection and phys-opt. The
variant is cached by (function, size signature): a loop calling the function recompiles
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
from xdsl.dialects.builtin import FunctionType, ModuleOp
from xdsl.ir import Attribute
from xdsl.passes import PassPipeline
from xdsl.rewriter import Rewriter

from amls.dialects.matrix import MatrixType
from amls.interpreter.kernels import sparse as sp
from amls.lowering.diagnostics import verify_located

Signature = tuple[tuple[int, int, int | None] | None, ...]


def signature(fn: func.FuncOp, inputs: Sequence[Any]) -> Signature | None:
    """The sizes the inputs add to fn's declared types; None when they add nothing."""
    sig: list[tuple[int, int, int | None] | None] = []
    news = False
    for t, v in zip(fn.function_type.inputs.data, inputs, strict=True):
        if not isinstance(t, MatrixType) or not hasattr(v, "shape") or len(v.shape) != 2:
            sig.append(None)
            continue
        r, c = int(v.shape[0]), int(v.shape[1])
        nnz = int(v.nnz) if sp.issparse(v) else None
        if isinstance(v, np.ndarray):
            nnz = None
        sig.append((r, c, nnz))
        if t.rows is None or t.cols is None or (nnz is not None and t.nnz is None):
            news = True
    return tuple(sig) if news else None


@dataclass
class Recompilation:
    function: str
    sizes: str
    seconds: float
    module: ModuleOp


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

    def variant(self, fn: func.FuncOp, inputs: Sequence[Any]) -> tuple[ModuleOp, str] | None:
        name = fn.sym_name.data
        sig = signature(fn, inputs)
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
                self.failures.append(f"@{name} {_fmt(sig)}: {type(e).__name__}: {e}")
                self.cache[key] = None
                return None
            if module is None:
                return None
            hit = (module, _lookup(module, name))
            self.cache[key] = hit
            self.events.append(Recompilation(name, _fmt(sig), time.perf_counter() - t0, module))
        return hit[0], name

    def _compile(self, name: str, sig: Signature) -> ModuleOp | None:
        src = _lookup(self.logical, name)
        if src is None:
            return None
        funcs = _reachable(self.logical, src)
        module = ModuleOp([f.clone() for f in funcs])
        fn = _lookup(module, name)
        assert fn is not None
        types: list[Attribute] = []
        args = list(fn.body.block.args)
        for arg, t, s in zip(args, fn.function_type.inputs.data, sig, strict=True):
            if s is not None and isinstance(t, MatrixType):
                nt = MatrixType(s[0], s[1], s[2] if s[2] is not None else t.nnz)
                Rewriter.replace_value_with_new_type(arg, nt)
                types.append(nt)
            else:
                types.append(t)
        fn.function_type = FunctionType.from_lists(types, list(fn.function_type.outputs.data))
        self.pipeline.apply(self.ctx, module)
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


def _fmt(sig: Signature) -> str:
    parts = []
    for s in sig:
        if s is None:
            parts.append("-")
        else:
            parts.append(f"{s[0]}x{s[1]}" + (f" nnz={s[2]}" if s[2] is not None else ""))
    return "(" + ", ".join(parts) + ")"

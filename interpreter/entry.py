"""Compiling the entry function for the data it is called with (amls-run).

amls-run loads and scans the arguments before compiling (amls.interpreter.kernels.scan),
so the -O pipeline plans for what the data are: each matrix argument gets its real dims
and nnz and the value facts the scan proved (`matrix.finite`, `matrix.absmax` rounded up
to a power of two, so that nearby data share a signature and the bound stays sound), and
each scalar argument its value. This is dynamic recompilation's specialisation
(amls.lowering.specialise, signatures of amls.interpreter.recompile) applied to the entry
before the first compile; variants are cached per signature like recompiled functions.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from xdsl.context import Context
from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass

from amls.dialects.matrix import MatrixType
from amls.interpreter.recompile import (
    ScalarSignature,
    Signature,
    format_signature,
    matrix_signature,
    specs_of,
)
from amls.lowering.diagnostics import verify_located
from amls.lowering.pipeline import compile_module
from amls.lowering.specialise import specialise_function
from amls.passes.rewrite.trace import RewriteTrace, merged


def entry_signature(fn: func.FuncOp, inputs: Sequence[Any]) -> Signature:
    """What the entry is compiled for: each matrix's sizes and scanned facts, each
    scalar's value."""
    sig: list[Any] = []
    for t, v in zip(fn.function_type.inputs.data, inputs, strict=True):
        if isinstance(t, MatrixType):
            sig.append(matrix_signature(v, with_facts=True))
        elif isinstance(v, bool | int | float):
            sig.append(ScalarSignature(repr(v), v))
        else:
            sig.append(None)
    return tuple(sig)


@dataclass
class Compiled:
    """One compiled plan of the program and what it was compiled for."""

    module: ModuleOp
    logical: ModuleOp | None
    """The plan before the physical passes (input of dynamic recompilation), if kept."""
    signature: str
    """`(1000x50 nnz=50000 |x|<=4.0, =3)`; "" when compiled from the declared types."""
    trace: RewriteTrace
    seconds: float


@dataclass
class EntryCompiler:
    """The parsed program, compiled once per entry signature."""

    source: ModuleOp
    """As parsed and verified; compiling works on copies (unless `consume`), so it stays
    as written."""
    ctx: Context
    level: str
    entry: str
    lowering: ModulePass | None = None
    keep_logical: bool = False
    consume: bool = False
    """Compile the source itself, not a copy (one compilation only: amls-run)."""
    cache: dict[Signature | None, Compiled] = field(default_factory=dict)

    def compile(self, inputs: Sequence[Any] | None) -> Compiled:
        """The plan for these inputs (None: for the declared types only)."""
        if self.level == "O0":  # the IR as written
            return Compiled(self.source, None, "", RewriteTrace(), 0.0)
        fn = _lookup(self.source, self.entry)
        sig = entry_signature(fn, inputs) if inputs is not None else None
        hit = self.cache.get(sig)
        if hit is not None:
            return hit
        t0 = time.perf_counter()
        if self.consume:
            assert not self.cache, "a consuming EntryCompiler compiles once"
            module = self.source
        else:
            module = self.source.clone()
        specs = specs_of(sig, fn.function_type.inputs.data) if sig is not None else []
        if specs and specialise_function(module, self.entry, specs):
            verify_located(module)  # what the data make provably wrong, at the user's ops
        ran: list[ModulePass] = []
        logical = compile_module(
            module, self.ctx, self.level, self.entry, self.lowering, self.keep_logical, ran
        )
        text = format_signature(sig) if sig is not None else ""
        compiled = Compiled(module, logical, text, merged(ran), time.perf_counter() - t0)
        self.cache[sig] = compiled
        return compiled


def _lookup(module: ModuleOp, name: str) -> func.FuncOp:
    for op in module.ops:
        if isinstance(op, func.FuncOp) and op.sym_name.data == name:
            return op
    raise LookupError(name)

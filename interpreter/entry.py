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
from amls.interpreter.plan_cache import PlanCache, stderr_watch
from amls.interpreter.recompile import (
    ScalarSignature,
    Signature,
    format_signature,
    matrix_signature,
    specs_of,
)
from amls.lowering.diagnostics import verify_located
from amls.lowering.pipeline import compile_module, make_pass
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
    cached: bool = False
    """Parsed from the plan cache (amls.interpreter.plan_cache), not compiled."""


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
    plans: PlanCache | None = None
    """Plans kept between runs; used where `source_key` names the program."""
    lowering_options: dict[str, object] | None = None
    """lower-to-phys's options, where `lowering` is None: the pass is made when first
    compiling (making it imports the lowering, which a cached plan does not need)."""
    source_key: str = ""
    """What identifies the parsed program and the options it is compiled with beyond
    this compiler's own (its text and file name, --assume-finite, ...)."""
    deps: Sequence[str] = ()
    """Files compiling read beyond the source (a DML script's .mtd and sourced files):
    a cached plan is used only while each is as it was (amls.interpreter.plan_cache)."""

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
        key = self._plan_key(sig, inputs)
        if key is not None and self.plans is not None:
            module = self.plans.load(key, self.ctx)
            if module is not None:
                text = format_signature(sig) if sig is not None else ""
                seconds = time.perf_counter() - t0
                hit = Compiled(module, None, text, RewriteTrace(), seconds, cached=True)
                self.cache[sig] = hit
                return hit
        if self.consume:
            assert not self.cache, "a consuming EntryCompiler compiles once"
            module = self.source
        else:
            module = self.source.clone()
        specs = specs_of(sig, fn.function_type.inputs.data) if sig is not None else []
        if specs and specialise_function(module, self.entry, specs):
            verify_located(module)  # what the data make provably wrong, at the user's ops
        if self.lowering is None and self.lowering_options is not None:
            self.lowering = make_pass("lower-to-phys", **self.lowering_options)
        ran: list[ModulePass] = []
        with stderr_watch() as stderr:
            logical = compile_module(
                module, self.ctx, self.level, self.entry, self.lowering, self.keep_logical, ran
            )
        if key is not None and self.plans is not None and logical is None and not stderr.written:
            self.plans.store(key, module, self.deps)  # a warning must print again: not kept
        text = format_signature(sig) if sig is not None else ""
        compiled = Compiled(module, logical, text, merged(ran), time.perf_counter() - t0)
        self.cache[sig] = compiled
        return compiled

    def _plan_key(self, sig: Signature | None, inputs: Sequence[Any] | None) -> str | None:
        """The plan cache's key for this compile, or None where it is not cached."""
        if self.plans is None or not self.source_key or self.keep_logical:
            return None
        if self.lowering_options is not None:  # the same key before and after it is made
            lowering = _lowering_text(self.lowering_options)
        else:
            lowering = str(self.lowering.spec()) if self.lowering is not None else "-"
        return plan_key(self.plans, self.source_key, self.level, self.entry, lowering, sig, inputs)


def plan_key(
    plans: PlanCache,
    source_key: str,
    level: str,
    entry: str,
    lowering: str,
    sig: Signature | None,
    inputs: Sequence[Any] | None,
) -> str:
    """The plan cache's key: the program, the pipeline and what the entry is compiled for
    (`lowering`: the lower-to-phys pass as text)."""
    kinds = ",".join(type(v).__name__ for v in inputs) if inputs is not None else "-"
    return plans.key((source_key, level, entry, lowering, repr(sig), kinds))


def _lowering_text(options: dict[str, object]) -> str:
    """lower-to-phys with these options, as the plan key spells it (without making it)."""
    return f"lower-to-phys{sorted(options.items())!r}"


def cached_plan(
    plans: PlanCache,
    ctx: Context,
    source_key: str,
    level: str,
    entry: str,
    lowering_options: dict[str, object] | None,
    with_facts: bool,
    card: func.FuncOp | None = None,
    inputs: Sequence[Any] = (),
) -> Compiled | None:
    """The cached plan of a program, looked up before the program is parsed: `inputs` are
    the arguments as bound through its entry card `card` (PlanCache.load_entry; None: an
    entry that takes no arguments, a DML script's @main, whose hit skips translating it).
    None: a miss (compile with an EntryCompiler given the same source_key and
    lowering_options, which looks the plan up under the same key)."""
    if level == "O0":
        return None
    lowering = _lowering_text(lowering_options) if lowering_options is not None else "-"
    given: list[Any] | None = list(inputs) if with_facts else None
    sig: Signature | None = None
    if with_facts:
        sig = entry_signature(card, given) if card is not None else ()  # type: ignore[arg-type]
    t0 = time.perf_counter()
    module = plans.load(plan_key(plans, source_key, level, entry, lowering, sig, given), ctx)
    if module is None:
        return None
    text = format_signature(sig) if sig is not None else ""
    return Compiled(module, None, text, RewriteTrace(), time.perf_counter() - t0, cached=True)


def _lookup(module: ModuleOp, name: str) -> func.FuncOp:
    for op in module.ops:
        if isinstance(op, func.FuncOp) and op.sym_name.data == name:
            return op
    raise LookupError(name)

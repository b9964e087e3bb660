"""The pipelines of amls, built from pass instances (xDSL's PassPipeline), in one place.

* the -O levels: `level_passes` (amls-opt -O1/-O2, amls-run);
* the logical/physical split: amls-run keeps the plan before the physical passes
  (lower-to-phys, phys-opt) as the input of dynamic recompilation, and outlines the loops
  of that plan first (outline-loops), so loop entry recompiles too: `compile_module`;
* the recompilation pipeline: `recompile_passes`;
* the passes `-p` may name: `amls_passes` / `all_passes` (a textual pipeline is parsed
  by xDSL's PassPipeline.parse_spec over these).

The rewrite round itself is the rewrite-fixpoint pass's (passes/rewrite_fixpoint.py).
Lives in lowering because the levels end in lower-to-phys.
"""

from __future__ import annotations

from collections.abc import Callable

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass, PassPipeline

from amls.passes import PASSES, PassFactory, lazy_pass, reserve_pass

_LOWER_TO_PHYS = "amls.lowering.lower_to_phys:LowerToPhysPass"
LOWERING_PASSES: dict[str, PassFactory] = {"lower-to-phys": lazy_pass(_LOWER_TO_PHYS)}
reserve_pass("lower-to-phys", _LOWER_TO_PHYS)

PHYSICAL = ("lower-to-phys", "phys-opt")
"""The physical passes that end -O2 (amls-run keeps the plan before them to recompile)."""


_LEVELS: dict[str, tuple[str, ...]] = {
    "O0": (),
    "O1": ("size-inference", "ipa", "cse", "licm", "constant-fold"),
    "O2": (
        *("size-inference", "ipa", "cse", "licm", "constant-fold"),
        *("rewrite-fixpoint", "lower-to-phys", "phys-opt"),
    ),
}


LEVELS = tuple(_LEVELS)


def amls_passes() -> dict[str, PassFactory]:
    """amls's passes (plugins' included) by name."""
    return {**PASSES, **LOWERING_PASSES}


UPSTREAM_PASSES = (
    *("canonicalize", "dce", "licm", "arith-add-fastmath"),
    *("expand-math-to-polynomials", "function-persist-arg-names", "reconcile-unrealized-casts"),
    *("scf-for-loop-flatten", "scf-for-loop-range-folding", "scf-for-loop-unroll"),
)
"""The xDSL passes that work on amls's IR (builtin, func, scf, arith, math and amls's
dialects) and keep it in those dialects; xDSL's cse is replaced by amls's. The other ~120
(riscv, csl, stencil, linalg, ... lowerings) do not apply: -p does not offer them. Nor
control-flow-hoist: it moves every Pure op out of an scf.if, and a matrix op that can fail
at run time (a slice, solve, inv of data it does not fit) is Pure for CSE and DCE, so a
guard such as `if nrow(A) >= 5 { A[0:5, 0:5] }` would be lost (amls's licm knows which
ops may fail: passes/speculation.py)."""


def all_passes() -> dict[str, Callable[[], type[ModulePass]]]:
    """amls's passes, then the xDSL passes of UPSTREAM_PASSES (amls wins on a name clash)."""
    from xdsl.transforms import get_all_passes

    upstream = get_all_passes()  # name -> factory; nothing is imported until called
    ours = amls_passes()
    return {**ours, **{name: upstream[name] for name in UPSTREAM_PASSES if name not in ours}}


def make_pass(name: str, **options: object) -> ModulePass:
    """An instance of the pass `name` with its options (Python field names)."""
    return amls_passes()[name]()(**options)


def level_passes(
    level: str, entry: str = "main", lowering: ModulePass | None = None
) -> tuple[ModulePass, ...]:
    """The -O<level> pipeline. `ipa` compiles for one entry function; `lowering` is the
    lower-to-phys instance to use (default: its default options)."""
    passes: list[ModulePass] = []
    for name in _LEVELS[level]:
        if name == "ipa":
            passes.append(make_pass(name, entry=entry))
        elif name == "lower-to-phys" and lowering is not None:
            passes.append(lowering)
        else:
            passes.append(make_pass(name))
    return tuple(passes)


def level_text(level: str) -> str:
    """The -O<level> pipeline as --help shows it (without importing the passes)."""
    return ",".join("ipa{entry=main}" if n == "ipa" else n for n in _LEVELS[level])


def spec_of(passes: tuple[ModulePass, ...]) -> str:
    """Passes as a pipeline spec `-p` accepts (xDSL's ArgSpec text of each instance)."""
    return ",".join(str(p.spec()) for p in passes)


def recompile_passes(lowering: ModulePass) -> tuple[ModulePass, ...]:
    """What a function is re-planned with once its argument sizes are known at run time."""
    return (
        make_pass("size-inference"),
        make_pass("rewrite-fixpoint"),
        lowering,
        make_pass("phys-opt"),
    )


def compile_module(
    module: ModuleOp,
    ctx: Context,
    level: str,
    entry: str,
    lowering: ModulePass | None = None,
    keep_logical: bool = False,
    ran: list[ModulePass] | None = None,
) -> ModuleOp | None:
    """Run the -O<level> pipeline in place. With keep_logical, return a copy of the plan
    before the physical passes (the input of dynamic recompilation), else None. `ran`
    gets the pass instances, in order (their rewrite traces, for --rewrite-trace)."""
    from amls.lowering.diagnostics import compile_gc, verify_located

    passes = level_passes(level, entry, lowering)
    if ran is not None:
        ran.extend(passes)
    if not passes:
        return None
    logical = [p for p in passes if p.name not in PHYSICAL]
    physical = [p for p in passes if p.name in PHYSICAL]
    if keep_logical and physical:
        logical.append(make_pass("outline-loops"))  # loop entry becomes a call: recompiled there
    with compile_gc():
        PassPipeline(tuple(logical)).apply(ctx, module)
        kept = module.clone() if keep_logical and physical else None
        if physical:
            # a shape error the sizes now prove is reported on the op the user wrote (a
            # matrix.matmul), not on the fused operator lowering would make of it
            verify_located(module)
            PassPipeline(tuple(physical)).apply(ctx, module)
    verify_located(module)
    return kept

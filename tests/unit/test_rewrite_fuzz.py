"""The rewrite rules together: random expressions give the same results at -O0 and -O2.

The per-rule property tests (test_rewrite_properties.py) check each rule alone on its
own pattern. Here tests/unit/exprgen.py draws random expressions over arguments
(matmul chains, transposes, aggregates, diag/trace, element-wise ops with scalars,
vectors, 1x1 and fill operands, comparisons, binds, slices, select, idioms such as
-(B-A) or 1/(1+exp(-X)); empty, 1x1, vector, sparse and NaN/Inf inputs), so the rules
meet each other's outputs, the size facts they leave behind, mmchain, constant-fold,
cse and the lowering. For each:
- -O1 and -O2 (local lowering) keep the IR valid, and the printed IR reads back; -O2
  also with the arguments' data facts stated as amls-run's load-time scan states them
  ({matrix.absmax} on finite inputs), so the rules that need finite data fire too;
- @f returns the same results as unoptimised, by the numerics contract (README,
  "Numerics"): NaN/Inf where -O0 has them, finite values within rtol 1e-9 (atol
  scaled by the inputs' magnitude: sum-add, sum-mm, mmchain re-associate sums);
  zeros compare equal whatever their sign (the passes do not keep the sign of a
  zero, so the generator never divides by a value that may be zero); and where mmchain
  re-ordered a chain over NaN/Inf inputs, a non-finite cell may be NaN on one side
  and Inf on the other (0 * Inf meets a different sum);
- rewrite-fixpoint's output is a fixpoint: running it again changes nothing;
- progen's random programs (tests/unit/progen.py: scf.if and scf.for, helper
  functions called with different sizes, data-dependent dims) give the same
  results at -O2 with matrix folding off, so the rules and ipa act on their
  seeded data instead of constant-fold evaluating it.

Programs come from fixed seeds (0 .. AMLS_FUZZ_EXAMPLES-1), so CI runs are
reproducible; a failure names its seed.

    AMLS_FUZZ_EXAMPLES=5000 pytest tests/unit/test_rewrite_fuzz.py
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import scipy.sparse as sp
from xdsl.passes import PassPipeline

from amls.interpreter.engine import run_function
from amls.lowering.pipeline import level_passes, make_pass, spec_of
from amls.passes.rewrite.trace import merged
from amls.passes.sizes.values import ValueFacts, state
from amls.tools.common import all_passes, make_context, parse_module, verify_located

sys.path.insert(0, str(Path(__file__).resolve().parent))
import exprgen  # noqa: E402
import progen  # noqa: E402
import rewrite_cases as rc  # noqa: E402

EXAMPLES = int(os.environ.get("AMLS_FUZZ_EXAMPLES", "400"))
RTOL = 1e-9


def instance(seed: int) -> rc.Instance:
    return exprgen.generate_seed(seed, 4 + seed % 11)


CHUNK = 25
CHUNKS = [range(i, min(i + CHUNK, EXAMPLES)) for i in range(0, EXAMPLES, CHUNK)]


def state_data_facts(module: Any, args: list[Any]) -> None:
    """State on @f's arguments what amls-run's load-time scan finds in the data: finite,
    and max |x| rounded up to a power of two (values.state)."""
    fn = next(op for op in module.ops if getattr(op, "sym_name", None) and op.sym_name.data == "f")
    for i, a in enumerate(args):
        data = cells(a)
        if data.size and not np.isfinite(data).all():
            continue
        bound = float(np.abs(data).max()) if data.size else 0.0
        state(fn, i, ValueFacts.bounded(bound))


def compile_level(text: str, level: str, data: list[Any] | None = None) -> tuple[Any, set[str]]:
    """The module compiled at -O<level> (specialised for `data`'s value facts if given),
    and the names of the rewrites that fired."""
    ctx = make_context()
    module = parse_module(ctx, text, "f.mlir")
    if data is not None:
        state_data_facts(module, data)
    lowering = make_pass("lower-to-phys", dist=False)
    pipeline = PassPipeline(level_passes(level, "f", lowering))
    pipeline.apply(ctx, module)
    verify_located(module)
    printed = str(module)
    parse_module(make_context(), printed, "printed.mlir")
    return module, set(merged(pipeline.passes).counts())


def cells(v: Any) -> np.ndarray:
    """An f64 result or argument, or a matrix (dense or CSR), as a 2-D array."""
    return np.atleast_2d(np.asarray(v if isinstance(v, float) else rc.dense(v)))


def tolerance_scale(args: list[Any]) -> float:
    """atol / RTOL for results of these inputs: products of up to a few inputs, summed over
    a few cells, scale with the largest finite |input| (at least 1)."""
    m = 1.0
    for a in args:
        fin = cells(a)[np.isfinite(cells(a))]
        if fin.size:
            m = max(m, float(np.abs(fin).max()))
    return 50 * m**4


def assert_same(want: Any, got: Any, scale: float, what: str, chain_nonfinite: bool) -> None:
    if isinstance(want, int) and not isinstance(want, float):
        assert got == want, f"{what}: {got} != {want}"
        return
    if isinstance(want, float):
        assert isinstance(got, float), f"{what}: {got!r} is not an f64"
    w, g = cells(want), cells(got)
    assert g.shape == w.shape, f"{what}: shape {g.shape} != {w.shape}"
    fin = np.isfinite(w)
    assert np.array_equal(fin, np.isfinite(g)), f"{what}: non-finite cells differ\n{w}\n{g}"
    if not chain_nonfinite:
        np.testing.assert_array_equal(g[~fin], w[~fin], err_msg=f"{what}: NaN/Inf cells")
    np.testing.assert_allclose(g[fin], w[fin], rtol=RTOL, atol=RTOL * scale, err_msg=what)


def show(v: Any) -> str:
    return f"csr{v.shape}\n{v.toarray()!r}" if sp.issparse(v) else repr(v)


def has_nonfinite(args: list[Any]) -> bool:
    return any(not np.isfinite(cells(a)).all() for a in args)


def check_seed(seed: int) -> None:
    inst = instance(seed)
    with np.errstate(all="ignore"):
        want = run_function(parse_module(make_context(), inst.text, "f.mlir"), "f", inst.args)
        scale = tolerance_scale(inst.args)
        for level, data in (("O1", None), ("O2", None), ("O2", inst.args)):
            module, fired = compile_level(inst.text, level, data)
            got = run_function(module, "f", inst.args)
            chain = "mmchain" in fired and has_nonfinite(inst.args)
            assert len(got) == len(want)
            for i, (w, g) in enumerate(zip(want, got, strict=True)):
                facts = " with data facts" if data is not None else ""
                what = f"-{level}{facts} result {i} (fired {sorted(fired)})"
                assert_same(w, g, scale, what, chain)


@pytest.mark.parametrize("seeds", CHUNKS, ids=lambda r: f"seeds{r.start}-{r.stop - 1}")
def test_o2_keeps_results_of_random_expressions(seeds: range) -> None:
    for seed in seeds:
        try:
            check_seed(seed)
        except Exception as e:
            inst = instance(seed)
            args = "\n".join(f"%a{i} = {show(a)}" for i, a in enumerate(inst.args))
            raise AssertionError(
                f"seed {seed} (exprgen.generate_seed({seed}, {4 + seed % 11})): {e}\n"
                f"{inst.text}\n{args}"
            ) from e


@pytest.mark.parametrize("seeds", CHUNKS[:2], ids=lambda r: f"seeds{r.start}-{r.stop - 1}")
def test_rewrite_fixpoint_output_is_a_fixpoint(seeds: range) -> None:
    for seed in seeds:
        module, _ = compile_level(instance(seed).text, "O1")
        ctx = make_context()
        PassPipeline.parse_spec(all_passes(), "rewrite-fixpoint").apply(ctx, module)
        once = str(module)
        PassPipeline.parse_spec(all_passes(), "rewrite-fixpoint").apply(ctx, module)
        assert str(module) == once, f"seed {seed}: a second rewrite-fixpoint changed the IR"


def test_generator_is_deterministic_and_valid() -> None:
    for seed in range(20):
        inst = exprgen.generate_seed(seed, 10)
        assert inst.text == exprgen.generate_seed(seed, 10).text
        verify_located(parse_module(make_context(), inst.text, "f.mlir"))


NO_MATRIX_FOLDING = (
    spec_of(level_passes("O2", lowering=make_pass("lower-to-phys", dist=False)))
    .replace("constant-fold", "constant-fold{max-cells=0}")
    .replace("rewrite-fixpoint", "rewrite-fixpoint{fold-cells=0}")
)


@pytest.mark.parametrize("seeds", [range(i, i + 25) for i in range(0, 100, 25)], ids=str)
def test_o2_keeps_results_of_random_programs(seeds: range) -> None:
    for seed in seeds:
        text = progen.generate_seed(seed, 16)
        with np.errstate(all="ignore"):
            want = run_function(parse_module(make_context(), text, "p.mlir"), "main", [])
            ctx = make_context()
            module = parse_module(ctx, text, "p.mlir")
            PassPipeline.parse_spec(all_passes(), NO_MATRIX_FOLDING).apply(ctx, module)
            verify_located(module)
            got = run_function(module, "main", [])
        assert len(got) == len(want), f"seed {seed}"
        for i, (w, g) in enumerate(zip(want, got, strict=True)):
            try:
                assert_same(w, g, 1e3, f"result {i}", False)
            except AssertionError as e:
                raise AssertionError(f"progen seed {seed}: {e}\n{text}") from e

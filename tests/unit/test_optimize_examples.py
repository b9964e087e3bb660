"""-O2 on the example programs: same results as -O0, valid IR, deterministic output.

For every examples/*.mlir:
- @main gives the same results unoptimised (-O0: no passes) and after the -O2
  pipeline (`level_passes("O2")`): integers exactly, f64 and matrices within
  rtol 1e-9 (matrices: atol 1e-9 times their largest magnitude, since the
  iterative solvers stop on a tolerance and tiny components carry its noise);
- the IR verifies after every pass of -O2 (verify_located, which names the op),
  and the printed -O2 output parses back and verifies;
- the printed -O2 output is byte-identical across two compilations in this
  process and across `amls-opt FILE -O2` runs with PYTHONHASHSEED=0, 1, 12345
  (no dependence on set/dict iteration order or object ids).
"""

from __future__ import annotations

import functools
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import scipy.sparse as sp
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass, PassPipeline

from amls.interpreter.engine import run_function
from amls.lowering.pipeline import level_passes
from amls.tools.common import make_context, parse_module, verify_located

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
NAMES = sorted(p.stem for p in EXAMPLES.glob("*.mlir"))
AMLS_OPT = Path(sys.executable).parent / "amls-opt"
RTOL = 1e-9
HASH_SEEDS = ("0", "1", "12345")


def parse(name: str) -> ModuleOp:
    path = EXAMPLES / f"{name}.mlir"
    module = parse_module(make_context(), path.read_text(), str(path))
    verify_located(module)
    return module


def optimise(name: str) -> tuple[ModuleOp, list[str]]:
    """The module after -O2, verified after every pass; and the passes that ran."""
    module = parse(name)
    ran: list[str] = []

    def after_each(prev: ModulePass | None, m: ModuleOp, nxt: ModulePass | None) -> None:
        if prev is not None:
            ran.append(prev.name)
            verify_located(m)  # raises LocatedVerifyError naming the op and the pass's damage

    pipeline = PassPipeline(level_passes("O2"), after_each)
    pipeline.apply(make_context(), module)
    verify_located(module)
    return module, ran


@functools.cache
def results_o0(name: str) -> tuple[Any, ...]:
    if _shared_main_results is not None:  # computed once for both test files in a session
        return _shared_main_results(name)
    return run_function(parse(name), "main", [])


try:  # test_examples.py runs the same unoptimised @main (its results cached per example)
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from test_examples import main_results as _shared_main_results
except ImportError:  # pragma: no cover - test_examples reorganised: compute our own
    _shared_main_results = None


@functools.cache
def compiled_o2(name: str) -> tuple[ModuleOp, str]:
    module, ran = optimise(name)
    assert ran == [p.name for p in level_passes("O2")], ran
    return module, str(module)


def dense(x: Any) -> np.ndarray:
    return x.toarray() if sp.issparse(x) else np.asarray(x, dtype=np.float64)


def test_examples_found() -> None:
    assert {"kmeans", "l2svm", "lm_cg", "lm_ds", "logreg", "pagerank"} <= set(NAMES)


@pytest.mark.parametrize("name", NAMES)
def test_o2_same_results_as_o0(name: str) -> None:
    expected = results_o0(name)
    module, _ = compiled_o2(name)
    got = run_function(module, "main", [])
    assert len(got) == len(expected)
    for i, (g, e) in enumerate(zip(got, expected, strict=True)):
        what = f"{name} result {i}"
        if isinstance(e, int) and not isinstance(e, bool):
            assert isinstance(g, int) and g == e, f"{what}: {g!r} at -O2, {e!r} at -O0"
        elif isinstance(e, float):
            assert isinstance(g, float), f"{what}: {g!r} is not an f64"
            np.testing.assert_allclose(g, e, rtol=RTOL, atol=0, err_msg=what)
        else:
            assert g.shape == e.shape, f"{what}: shape {g.shape} at -O2, {e.shape} at -O0"
            want = dense(e)
            scale = float(np.abs(want).max()) if want.size else 0.0
            np.testing.assert_allclose(dense(g), want, rtol=RTOL, atol=RTOL * scale, err_msg=what)


@pytest.mark.parametrize("name", NAMES)
def test_o2_output_parses_back(name: str) -> None:
    _, printed = compiled_o2(name)
    reparsed = parse_module(make_context(), printed, f"{name}.O2.mlir")
    verify_located(reparsed)
    assert str(reparsed) == printed  # printing the -O2 output is a fixpoint


@pytest.mark.parametrize("name", NAMES)
def test_o2_output_is_deterministic(name: str) -> None:
    _, first = compiled_o2(name)
    second, _ = optimise(name)
    assert str(second) == first, f"{name}: two -O2 compilations in one process differ"
    # amls-opt in fresh interpreters with different string hashing, run side by side.
    procs = {
        seed: subprocess.Popen(
            [str(AMLS_OPT), str(EXAMPLES / f"{name}.mlir"), "-O2"],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env={**os.environ, "PYTHONHASHSEED": seed},
        )
        for seed in HASH_SEEDS
    }
    outputs: dict[str, str] = {}
    for seed, proc in procs.items():
        out, err = proc.communicate(timeout=300)
        assert proc.returncode == 0, f"PYTHONHASHSEED={seed}: amls-opt -O2 failed:\n{err}"
        outputs[seed] = out
    assert len(set(outputs.values())) == 1, (
        f"{name}: amls-opt -O2 output depends on PYTHONHASHSEED ({', '.join(HASH_SEEDS)})"
    )
    assert outputs[HASH_SEEDS[0]].rstrip("\n") == first.rstrip("\n"), (
        f"{name}: amls-opt -O2 prints other IR than the -O2 pipeline run in-process"
    )

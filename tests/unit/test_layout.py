"""phys.colmajor (phys-opt's layout step): the kernel copies exactly, and a plan whose
loop reads the column-major copy computes the numbers of the plan without it."""

from __future__ import annotations

import functools
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
import scipy.sparse as sp
from hypothesis import given, settings
from hypothesis import strategies as st
from xdsl.passes import PassPipeline

from amls.dialects import phys
from amls.interpreter.engine import run_function
from amls.interpreter.phys import local as pk
from amls.passes import phys_opt
from amls.tools.common import all_passes, make_context, parse_module


@pytest.mark.parametrize("shape", [(0, 3), (3, 0), (1, 1), (1, 5), (7, 3), (1000, 7), (513, 2)])
def test_colmajor_copies_exactly(shape: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pk, "MMCHAIN_BLOCK_BYTES", 64 * 8 * 3)  # many row blocks
    x = np.random.default_rng(0).uniform(-1, 1, shape)
    x[0:1, 0:1] = np.nan if x.size else 0.0
    got = pk.colmajor(None, (x,))  # type: ignore[arg-type]
    assert got.flags.f_contiguous and got.shape == x.shape
    np.testing.assert_array_equal(got, x)  # NaN where x has NaN, bit for bit elsewhere


def test_colmajor_passes_other_values_through() -> None:
    col = np.ones((5, 1))
    fortran = np.asfortranarray(np.ones((5, 3)))
    csr = sp.csr_array(np.eye(4))
    for v in (col, fortran, csr, 2.5):
        assert pk.colmajor(None, (v,)) is v  # type: ignore[arg-type]


PROGRAM = """
func.func @f(%X: !matrix.mat<{r}x{c}xf64>, %v0: !matrix.mat<{c}x1xf64>) -> !matrix.mat<{c}x1xf64> {{
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %c12 = arith.constant 12 : i64
  %half = arith.constant 0.5 : f64
  %r = scf.for %i = %c0 to %c12 step %c1 iter_args(%v = %v0) -> (!matrix.mat<{c}x1xf64>) : i64 {{
    %q = matrix.matmul %X, %v :
      (!matrix.mat<{r}x{c}xf64>, !matrix.mat<{c}x1xf64>) -> !matrix.mat<{r}x1xf64>
    %a = matrix.abs %q : !matrix.mat<{r}x1xf64>
    %n = matrix.neg %a : !matrix.mat<{r}x1xf64>
    %e = matrix.exp %n : !matrix.mat<{r}x1xf64>
    %Xt = matrix.transpose %X : (!matrix.mat<{r}x{c}xf64>) -> !matrix.mat<{c}x{r}xf64>
    %g = matrix.matmul %Xt, %e :
      (!matrix.mat<{c}x{r}xf64>, !matrix.mat<{r}x1xf64>) -> !matrix.mat<{c}x1xf64>
    %v2 = matrix.mul %g, %half : (!matrix.mat<{c}x1xf64>, f64) -> !matrix.mat<{c}x1xf64>
    scf.yield %v2 : !matrix.mat<{c}x1xf64>
  }}
  func.return %r : !matrix.mat<{c}x1xf64>
}}
"""


def _run(r: int, c: int, passes: str, args: tuple[object, ...]) -> tuple[np.ndarray, str]:
    ctx = make_context()
    module = parse_module(ctx, PROGRAM.format(r=r, c=c), "layout.mlir")
    if passes:
        PassPipeline.parse_spec(all_passes(), passes).apply(ctx, module)  # type: ignore[attr-defined]
    (out,) = run_function(module, "f", args)
    return np.asarray(out.toarray() if sp.issparse(out) else out), str(module)


@settings(max_examples=40, deadline=None)
@given(
    r=st.integers(0, 40),
    c=st.integers(1, 6),
    kind=st.sampled_from(["dense", "sparse", "nonfinite"]),
    seed=st.integers(0, 2**16),
)
def test_plan_with_colmajor_keeps_the_numbers(r: int, c: int, kind: str, seed: int) -> None:
    """The loop's X %*% v and t(X) %*% e read the copy; results as without the layout
    step (the same BLAS products over another memory order: within rounding)."""
    rng = np.random.default_rng(seed)
    x = rng.uniform(-1, 1, (r, c))
    if kind == "nonfinite" and x.size:
        x.flat[rng.integers(x.size)] = rng.choice([np.nan, np.inf, -np.inf])
    X = sp.csr_array(np.where(rng.random((r, c)) < 0.3, x, 0.0)) if kind == "sparse" else x
    v0 = rng.uniform(-1, 1, (c, 1))
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(phys_opt, "LAYOUT_MIN_BYTES", 0)
        mp.setattr(phys_opt, "LAYOUT_MIN_ROWS_PER_COL", 0)
        lowered = "lower-to-phys{dist=false}"
        want, _ = _run(r, c, lowered, (X, v0))
        got, text = _run(r, c, f"{lowered},phys-opt", (X, v0))
    assert (f"{phys.ColMajorOp.name} %X" in text) == (c > 1)
    np.testing.assert_allclose(got, want, rtol=1e-9, atol=1e-12, equal_nan=True)


def test_cbind_marked_colmajor_writes_fortran_order(monkeypatch: pytest.MonkeyPatch) -> None:
    """A cbind carrying {phys.colmajor} gives hstack's values, column-major (ragged
    row blocks; a CSR operand dense enough to be densified; an integer-valued one)."""
    from types import SimpleNamespace

    from amls.interpreter.kernels import matrix as mk

    monkeypatch.setattr(
        mk, "copy_rows_blocked", functools.partial(mk.copy_rows_blocked, block_bytes=8)
    )
    rng = np.random.default_rng(1)
    a, b = rng.uniform(-1, 1, (130, 3)), sp.csr_array(np.ones((130, 2)))
    c = np.arange(130.0).reshape(130, 1)
    op = SimpleNamespace(attributes={phys.COLMAJOR_ATTR: None})
    got = mk.cbind(op, (a, b, c))  # type: ignore[arg-type]
    assert got.flags.f_contiguous
    np.testing.assert_array_equal(got, np.hstack([a, b.toarray(), c]))
    plain = mk.cbind(SimpleNamespace(attributes={}), (a, c))  # type: ignore[arg-type]
    assert plain.flags.c_contiguous


USER_LOOP = """
func.func @main(%X: !matrix.mat<?x?xf64>, %v0: !matrix.mat<?x1xf64>, %n: i64)
    -> !matrix.mat<?x1xf64> {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %half = arith.constant 0.5 : f64
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%v = %v0) -> (!matrix.mat<?x1xf64>) : i64 {
    %q = matrix.matmul %X, %v : (!matrix.mat<?x?xf64>, !matrix.mat<?x1xf64>) -> !matrix.mat<?x1xf64>
    %e = matrix.sigmoid %q : !matrix.mat<?x1xf64>
    %Xt = matrix.transpose %X : (!matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>
    %g = matrix.matmul %Xt, %e :
      (!matrix.mat<?x?xf64>, !matrix.mat<?x1xf64>) -> !matrix.mat<?x1xf64>
    %v2 = matrix.mul %g, %half : (!matrix.mat<?x1xf64>, f64) -> !matrix.mat<?x1xf64>
    scf.yield %v2 : !matrix.mat<?x1xf64>
  }
  func.return %r : !matrix.mat<?x1xf64>
}
"""


def test_layout_fires_on_data_from_files(tmp_path: Path) -> None:
    """X from a .npy file, `?` sizes in the program: specialised for the data, the loop's
    products read a column-major copy (--stats counts the phys.colmajor run), and the
    result is -O0's."""
    prog = tmp_path / "loop.mlir"
    prog.write_text(USER_LOOP)
    rng = np.random.default_rng(2)
    np.save(tmp_path / "X.npy", rng.uniform(-1, 1, (40000, 20)))  # 6.4 MB
    np.save(tmp_path / "v.npy", rng.uniform(-1, 1, (20, 1)) / 100)
    outs = {}
    for level in ("-O0", "-O2"):
        got = subprocess.run(
            [sys.executable, "-m", "amls.tools.run", str(prog), level, "--stats",
             f"--arg=X={tmp_path / 'X.npy'}", f"--arg=v0={tmp_path / 'v.npy'}", "--arg=n=12",
             "--output", str(tmp_path / f"r{level}.npz")],
            capture_output=True, text=True, check=True,
        )  # fmt: skip
        outs[level] = got.stdout
    assert "phys.colmajor" in outs["-O2"]
    assert "phys.colmajor" not in outs["-O0"]
    o0, o2 = (np.load(tmp_path / f"r{level}.npz") for level in ("-O0", "-O2"))
    assert list(o0) == list(o2) and len(o0.files) == 1
    np.testing.assert_allclose(o2[o2.files[0]], o0[o0.files[0]], rtol=1e-9, atol=1e-12)

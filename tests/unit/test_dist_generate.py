"""matrix.rand, fill and seq run dist when their result is over the memory budget: the
blocks are made on the workers (interpreter/dist/generate.py). fill, seq and a seeded
uniform dense rand give the local kernels' numbers exactly; a normal or sparse rand gives
reproducible numbers of the same distribution. amls-run --backend dask starts no cluster
for a plan without dist ops."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import scipy.sparse as sp
from test_dist_backend import compile_text

from amls.interpreter.dist import local_cluster
from amls.interpreter.engine import OpStats, run_function
from amls.interpreter.phys.session import DistSession

AMLS_RUN = Path(sys.executable).parent / "amls-run"
# 1100 x 30 (264 KB) and 20000 x 1 (160 KB) are over a 100 KB budget;
# blocks of 400 cut the rows and columns unevenly.
LOWER = "memory-budget=100000 workers=2 block-size=400"
PROGRAM = """
func.func @gen(%v: f64, %s: f64) -> (!matrix.mat<1100x30xf64>, !matrix.mat<1100x30xf64>,
    !matrix.mat<1100x30xf64>, !matrix.mat<1100x30xf64>, !matrix.mat<20000x1xf64>) {
  %r = arith.constant 1100 : i64
  %c = arith.constant 30 : i64
  %step = arith.constant 0.5 : f64
  %U = matrix.rand %r, %c {min = -1.0, max = 3.0, seed = 5} : (i64, i64) -> !matrix.mat<1100x30xf64>
  %N = matrix.rand %r, %c {pdf = "normal", seed = 5} : (i64, i64) -> !matrix.mat<1100x30xf64>
  %S = matrix.rand %r, %c {sparsity = 0.1, seed = 5} : (i64, i64) -> !matrix.mat<1100x30xf64>
  %F = matrix.fill %v, %r, %c : (f64, i64, i64) -> !matrix.mat<1100x30xf64>
  %n = arith.constant 9999.5 : f64
  %last = arith.addf %s, %n : f64
  %Q = matrix.seq %s, %last, %step : (f64, f64, f64) -> !matrix.mat<20000x1xf64>
  func.return %U, %N, %S, %F, %Q : !matrix.mat<1100x30xf64>, !matrix.mat<1100x30xf64>,
    !matrix.mat<1100x30xf64>, !matrix.mat<1100x30xf64>, !matrix.mat<20000x1xf64>
}
"""


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    with local_cluster(n_workers=2) as c:
        yield c


def run(lowering: str, session: DistSession | None) -> tuple[tuple[Any, ...], OpStats]:
    module, rec = compile_text(PROGRAM, "gen.mlir", "gen", lowering)
    stats = OpStats()
    return run_function(module, "gen", [2.5, -3.0], [stats], rec, session), stats


def dense(x: Any) -> np.ndarray:
    return x.toarray() if sp.issparse(x) else np.asarray(x)


def test_generators_run_dist(client: Any) -> None:
    (u0, n0, s0, f0, q0), _ = run("dist=false", None)
    (u1, n1, s1, f1, q1), stats = run(LOWER, DistSession(client))
    ran = {k for k in stats.counts if " dist" in k}
    assert {"phys.rand dist", "phys.fill dist", "phys.seq dist"} <= ran, ran
    # the same numbers, bit for bit
    assert np.array_equal(dense(u1), u0)
    assert np.array_equal(dense(f1), np.full((1100, 30), 2.5))
    assert np.array_equal(dense(q1), q0) and q0[0, 0] == -3.0 and q0[-1, 0] == 9996.5
    # normal / sparse: reproducible, the same distribution, not the local numbers
    (u2, n2, s2, _, _), _ = run(LOWER, DistSession(client))
    assert np.array_equal(dense(n2), dense(n1)) and np.array_equal(dense(s2), dense(s1))
    assert not np.array_equal(dense(n1), n0)
    assert n1.shape == (1100, 30) and abs(float(dense(n1).mean())) < 0.05
    assert 0.9 < float(dense(n1).std()) < 1.1
    # each 400x400 (cut) block holds round(0.1 * its cells) non-zeros in [0, 1)
    s1d = dense(s1)
    assert np.count_nonzero(s1d) == 2 * (400 * 30 // 10) + 300 * 30 // 10
    assert s1d.min() >= 0.0 and s1d.max() < 1.0 and sp.issparse(s0)


def test_no_cluster_without_dist_ops(tmp_path: Path) -> None:
    """A plan whose every op fits the budget runs locally: no cluster start-up phase."""
    prog = tmp_path / "small.mlir"
    prog.write_text(
        "func.func @main() -> f64 {\n"
        "  %r = arith.constant 3 : i64\n"
        "  %A = matrix.rand %r, %r {seed = 1} : (i64, i64) -> !matrix.mat<3x3xf64>\n"
        "  %s = matrix.reduce sum all %A : (!matrix.mat<3x3xf64>) -> f64\n"
        "  func.return %s : f64\n}\n"
    )
    cmd = [str(AMLS_RUN), str(prog), "--backend", "dask", "--stats"]
    out = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert "cluster start-up" not in out.stdout
    assert "(none: the plan has no dist op; no cluster started)" in out.stdout
    local = subprocess.run(cmd[:2], capture_output=True, text=True, timeout=120)
    assert local.stdout.splitlines()[0] == out.stdout.splitlines()[0]

"""bench/user_programs stays correct: each amls program, run as amls-run runs it (-O2,
arguments from .npy / .mtx files), gives the naive NumPy script's results on tiny
generated inputs, and so does the hand-optimised script."""

from __future__ import annotations

import gc
import re
import sys
from pathlib import Path

import numpy as np
import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench" / "user_programs"
sys.path.insert(0, str(BENCH))

from cases import CASES  # noqa: E402
from gen_data import generate  # noqa: E402
from harness import run as run_script  # noqa: E402

from amls.tools.run import run as amls_run  # noqa: E402

RTOL = 1e-6


@pytest.fixture(scope="module")
def data(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("user_programs")
    generate(out, "tiny")
    return out


def assert_same(got: Path, want: Path) -> None:
    a, b = np.load(got), np.load(want)
    assert sorted(a.files) == sorted(b.files)
    for k in b.files:
        x, y = np.asarray(a[k]), np.asarray(b[k])
        assert x.shape == y.shape, k
        scale = max(float(np.max(np.abs(y))), 1e-300)
        assert float(np.max(np.abs(x - y))) <= RTOL * scale, k


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_program_matches_naive(case, data: Path, tmp_path: Path, capsys) -> None:
    naive = tmp_path / "naive.npz"
    run_script("naive", case.name, data, naive)
    amls = tmp_path / "amls.npz"
    args = [f"--arg={k}={data / f}" for k, f in case.args.items()]
    try:
        assert amls_run([str(case.program), "-O2", "-o", str(amls), *args]) == 0
    finally:
        gc.unfreeze()  # amls-run freezes the heap for its one run; pytest lives on
    capsys.readouterr()
    assert_same(amls, naive)
    handopt = tmp_path / "handopt.npz"
    run_script("handopt", case.name, data, handopt)
    assert_same(handopt, naive)


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_program_is_written_as_a_user_would(case) -> None:
    text = case.program.read_text()
    assert "matrix.rand" not in text
    header = re.search(r"func\.func @main\((.*?)\) ->", text)
    assert header is not None
    params = re.findall(r"%(\w+): (!matrix\.mat<[^>]*>)", header.group(1))
    assert [p for p, _ in params] == list(case.args)
    assert all(t == "!matrix.mat<?x?xf64>" for _, t in params), params

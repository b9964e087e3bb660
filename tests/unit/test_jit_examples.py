"""examples/python: each program decorated vs its undecorated NumPy (rtol 1e-9), at -O2 and
-O0, on small data; the second call runs the cached plan."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import numpy as np
import pytest
import scipy.sparse as sp

import amls

ROOT = Path(__file__).resolve().parents[2] / "examples" / "python"


def load(name: str):
    spec = importlib.util.spec_from_file_location(f"amls_example_{name}", ROOT / f"{name}.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def programs() -> list[tuple[str, object, object]]:
    out = []
    for path in sorted(ROOT.glob("*.py")):
        mod = load(path.stem)
        if hasattr(mod, "PROGRAMS"):
            out += [(n, f, d) for n, (f, d) in mod.PROGRAMS.items()]
        else:
            out.append((path.stem, mod.PROGRAM, mod.data))
    return out


SMALL = {"lm_cg": {"n": 300, "m": 8}, "lm_ds": {"n": 300, "m": 8}, "l2svm": {"n": 300, "m": 6},
         "kmeans": {"n": 400, "m": 4, "k": 10}, "logreg": {"n": 300, "m": 6},
         "pagerank": {"n": 120, "density": 0.05}}  # fmt: skip
PROGRAMS = programs()


def dense(x):
    return x.toarray() if sp.issparse(x) else x


def close(got, want) -> None:
    got = got if isinstance(got, tuple) else (got,)
    want = want if isinstance(want, tuple) else (want,)
    assert len(got) == len(want)
    for g, w in zip(got, want, strict=True):
        w = dense(w)
        if isinstance(w, np.ndarray):
            assert isinstance(g, np.ndarray) or sp.issparse(g)
            assert dense(g).shape == w.shape
        np.testing.assert_allclose(dense(g), w, rtol=1e-9, atol=1e-12)


def test_all_programs_are_there() -> None:
    names = {n for n, _, _ in PROGRAMS}
    assert {"lm_cg", "lm_ds", "l2svm", "kmeans", "logreg", "pagerank"} <= names
    assert {"sum_mm", "trace_mm", "ridge", "logreg_gd", "pca_power", "pagerank_user"} <= names


@pytest.mark.parametrize("opt", ["O2", "O0"])
@pytest.mark.parametrize(("name", "fn", "data"), PROGRAMS, ids=[p[0] for p in PROGRAMS])
def test_example_equals_numpy(name, fn, data, opt) -> None:
    args = data(**SMALL[name]) if name in SMALL else data(1)
    want = fn.__wrapped__(*args)
    f = amls.jit(fn.__wrapped__, opt=opt)
    close(f(*args), want)
    close(f(*args), want)  # the cached plan
    assert "hits 1" in f.stats()


def test_rewrites_fire_in_the_python_plans() -> None:
    mod = load("user_programs")
    X, Y = mod.PROGRAMS["sum_mm"][1](1)
    plan = mod.sum_mm.explain(X, Y)
    assert "phys.reduce" in plan
    assert not re.search(r"\s400\s+400\s", plan), plan  # the 400 x 400 product is gone
    assert "user_programs.py:" in plan

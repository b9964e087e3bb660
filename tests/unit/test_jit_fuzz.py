"""Random NumPy programs (pyprogen) run decorated and plain: the results agree (rtol 1e-9).

Each program is written to a file and imported (@amls.jit reads a function's source)."""

from __future__ import annotations

import importlib.util
import random
import sys

import numpy as np
import progen
import pyprogen
import pytest
import scipy.sparse as sp

import amls

SEEDS = range(80)


class RandomChooser(progen.Chooser):
    def __init__(self, seed: int):
        self.r = random.Random(seed)

    def int(self, lo: int, hi: int) -> int:
        return self.r.randint(lo, hi)

    def chance(self, p: float) -> bool:
        return self.r.random() < p


def load(tmp_path, seed: int, src: str):
    path = tmp_path / f"jitprog_{seed}.py"
    path.write_text(src)
    spec = importlib.util.spec_from_file_location(f"jitprog_{seed}", path)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod
    spec.loader.exec_module(mod)
    return mod


def close(got, want, src: str) -> None:
    assert len(got) == len(want), src
    for g, w in zip(got, want, strict=True):
        w = w.toarray() if sp.issparse(w) else w
        if isinstance(w, np.ndarray):
            assert isinstance(g, np.ndarray), (type(g), src)
            assert g.shape == w.shape, (g.shape, w.shape, src)
        np.testing.assert_allclose(g, w, rtol=1e-9, atol=1e-9, err_msg=src)


@pytest.mark.parametrize("seed", SEEDS)
def test_random_program_decorated_equals_numpy(tmp_path, seed: int) -> None:
    src, args = pyprogen.generate(RandomChooser(seed))
    mod = load(tmp_path, seed, src)
    with np.errstate(all="ignore"):
        want = mod.prog(*args)
    got = amls.jit(mod.prog)(*args)
    close(got, want, src)


def test_the_generator_covers_the_constructs() -> None:
    text = "".join(pyprogen.generate(RandomChooser(s))[0] for s in SEEDS)
    for construct in (
        "@",
        ".T",
        "np.where",
        "for i in range",
        "if ",
        "keepdims=True",
        "np.hstack",
        ".copy()",
        "helper(",
        "axis=0",
        "np.outer",
        "[:, ",
    ):
        assert construct in text, construct

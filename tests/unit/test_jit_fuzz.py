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


def alias_program(seed: int) -> str:
    """Random copies, views (slices, .T, reshape), aliases and in-place updates, in ifs
    and loops: NumPy semantics that SSA values do not have."""
    r = random.Random(seed)
    names = ["A"]

    def stmt(pad: str, depth: int) -> list[str]:
        src, k = r.choice(names), r.randint(0, 11 if depth < 2 else 9)
        if k <= 4:
            names.append(f"v{len(names)}")
            value = [src, f"{src}.T", f"{src}[1:3, :]", f"{src}.reshape(4, 4)", f"{src} + 1.0",
                     f"{src}.copy()"][r.randint(0, 5)]  # fmt: skip
            return [f"{pad}{names[-1]} = {value}"]
        if k <= 9:
            return [pad + [f"{src}[0, 0] = {src}[0, 0] + 2.0", f"{src} += 1.0", f"{src} *= 2.0",
                           f"{src}[0:1, :] = {r.choice(names)}[1:2, :]",
                           f"{src} = {src} * 3.0"][k - 5]]  # fmt: skip
        head = f"{pad}for i in range(n):" if k == 10 else f"{pad}if c > 0:"
        return [head, *stmt(pad + "    ", depth + 1), *stmt(pad + "    ", depth + 1)]

    lines = ["    A = X.copy()"]
    for _ in range(r.randint(3, 7)):
        before = list(names)
        lines += stmt("    ", 0)
        if lines[-1].startswith("        "):
            names[:] = before  # names made in a block may be undefined after it
    out = ", ".join(f"{n} + 0.0" for n in r.sample(names, min(len(names), 3)))
    return "def prog(X, c, n):\n" + "\n".join(lines) + f"\n    return {out},\n"


@pytest.mark.parametrize("seed", range(40))
def test_aliasing_program_equals_numpy_or_is_an_error(tmp_path, seed: int) -> None:
    """Where NumPy's result depends on which names share an array, amls agrees or says
    it cannot compile the update (a located JitError), never gives another result."""
    from amls.frontends.python import JitError

    src = alias_program(seed)
    mod = load(tmp_path, 1000 + seed, src)
    X = np.arange(16.0).reshape(4, 4)
    for c, n in ((1.0, 2), (-1.0, 0)):
        try:
            want = mod.prog(X.copy(), c, n)
        except NameError:  # a name made on a path not taken: amls says so at compile time
            want = None
        try:
            got = amls.jit(mod.prog, opt="O0")(X.copy(), c, n)
        except JitError as e:
            assert "internal error" not in str(e), (str(e), src)
            continue
        assert want is not None, src
        close(got, want, src)

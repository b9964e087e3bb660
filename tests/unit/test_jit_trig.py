"""@amls.jit: np.arcsin, np.arccos, np.arctan, np.sinh, np.cosh, np.tanh and np.isinf give
NumPy's numbers (NaN outside [-1, 1], +-Inf on overflow, the 0/1 or bool tests) on
matrices, vectors, 1x1, empty and scipy.sparse arguments, and on scalars (arguments and
constants), at -O2 and -O0."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
import scipy.sparse as sp
from test_jit_constructs import same  # tests/unit is on sys.path (pytest's rootdir-less import)

import amls

RNG = np.random.default_rng(7)
SPECIAL = np.array([
    [0.0, 0.5, -0.5, 1.0], [-1.0, 1.5, -2.0, 710.0], [-711.0, np.inf, -np.inf, np.nan],
])  # fmt: skip

SPARSE = sp.random_array((9, 9), density=0.3, format="csr", rng=3)
SPARSE.data = SPARSE.data * 3 - 1.5  # some stored values past +-1: arcsin gives NaN there


def elementwise(X):
    # the whole family on one array, and composed (tanh of sinh: Inf saturates to 1)
    return (np.arcsin(X), np.arccos(X), np.arctan(X), np.sinh(X), np.cosh(X), np.tanh(X),
            np.isinf(X), np.tanh(np.sinh(X)), np.arctan(np.cosh(X) - 2))  # fmt: skip


def counts(X):
    # NumPy sums booleans as ints; the 0/1 matrix sums as f64
    return float(np.isinf(X).sum()), float(np.isfinite(X).sum()), float(np.isinf(np.sinh(X)).sum())


def scalars(s, t):
    a = np.arcsin(s) + np.arccos(s) + np.arctan(t)
    b = np.sinh(t) - np.cosh(t) + np.tanh(t)
    c = np.arcsin(0.25) + np.arccos(-1.0) + np.arctan(1.0) + np.sinh(2.0) + np.tanh(-3.0)
    d = np.cosh(1000.0)  # Inf: not folded, computed by the op
    n, m = np.isnan(s), np.isnan(np.arcsin(t))  # bools, as NumPy's
    return a, b, c, d, np.arcsin(t), np.isinf(t), np.isinf(s), np.isinf(d), n, m, np.isnan(1.5)


def sparse_in(A):
    # arcsin/arctan/sinh/tanh (and sin/tan) keep zeros: scipy.sparse stays sparse, as in SciPy
    return np.arcsin(A), np.arctan(A), np.sinh(A), np.tanh(A), np.sin(A), np.tan(A)


CASES = [
    (elementwise, (SPECIAL,)),
    (elementwise, (RNG.uniform(-1, 1, (6, 5)),)),
    (elementwise, (RNG.uniform(-1, 1, 5),)),  # 1-D
    (elementwise, (RNG.uniform(-1, 1, (1, 6)),)),
    (elementwise, (np.array([[0.3]]),)),
    (elementwise, (np.zeros((0, 3)),)),
    (counts, (SPECIAL,)),
    (counts, (RNG.uniform(-800, 800, (5, 5)),)),
    (scalars, (0.5, 2.0)),
    (scalars, (-1.0, 800.0)),
    (scalars, (2.0, float("inf"))),
    (scalars, (float("nan"), float("-inf"))),
    (sparse_in, (SPARSE,)),
]


IDS = [f"{f.__name__}{i}" for i, (f, _) in enumerate(CASES)]


@pytest.mark.parametrize("opt", ["O2", "O0"])
@pytest.mark.parametrize(("fn", "args"), CASES, ids=IDS)
def test_trig_hyperbolic_equal_numpy(fn, args, opt) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # NumPy's "invalid value" on arcsin(2)
        want = fn(*args)
    got = amls.jit(fn, opt=opt)(*args)
    same(got, want)


def test_isinf_of_an_array_is_matrix_isinf() -> None:
    text = amls.jit(counts).mlir(SPECIAL)
    assert "matrix.isinf" in text

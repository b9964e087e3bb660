"""Kernels of the DML frontend's ops: CSR and dense operands give the same numbers
(NaN-aware), and the values are those of NumPy / SystemDS's definitions."""

from __future__ import annotations

import numpy as np
import pytest
import scipy.sparse as sp
from xdsl.dialects.builtin import StringAttr

from amls.dialects import matrix as mx
from amls.interpreter.kernels import matrix as mk

SHAPES = [(5, 3), (1, 4), (4, 1), (1, 1), (0, 3), (3, 0)]


def _data(shape: tuple[int, int], seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    a = rng.uniform(-3, 3, shape)
    a[rng.random(shape) < 0.6] = 0.0
    return a


def _dense(x: object) -> np.ndarray:
    return x.toarray() if sp.issparse(x) else np.asarray(x)


class _Props:
    """Just the properties a kernel reads (kind, axis)."""

    def __init__(self, kind: str | None, axis: str | None) -> None:
        self.kind = StringAttr(kind) if kind is not None else None
        self.axis = StringAttr(axis) if axis is not None else None


def _op(cls: type, kind: str | None = None, axis: str | None = None) -> object:
    return _Props(kind, axis)


@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("kind", ["var", "sd", "prod"])
@pytest.mark.parametrize("axis", ["row", "col", "all"])
def test_moments_sparse_equals_dense(shape: tuple[int, int], kind: str, axis: str) -> None:
    a = _data(shape, 1)
    op = _op(mx.ReduceOp, kind, axis)
    got = mk.reduce(op, (sp.csr_array(a),))
    want = mk.reduce(op, (a,))
    np.testing.assert_allclose(_dense(np.atleast_2d(got)), _dense(np.atleast_2d(want)), rtol=1e-12)


def _last_extreme(row: np.ndarray, is_min: bool) -> int:
    """SystemDS's scan: keep the position while a later cell is >= (<=) the best so far;
    a comparison with NaN is false, so NaN cells are skipped."""
    best, at = np.nan, 0
    for j, v in enumerate(row):
        if np.isnan(v):
            continue
        if np.isnan(best) or (v <= best if is_min else v >= best):
            best, at = v, j
    return at


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("kind", ["minindex", "maxindex"])
@pytest.mark.parametrize("axis", ["row", "col"])
def test_index_kinds_are_systemds_last_extreme(
    seed: int, kind: str, axis: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    rng = np.random.default_rng(seed)
    shape = [(6, 5), (1, 7), (7, 1), (1, 1), (40, 3)][seed % 5]
    a = rng.integers(-2, 3, shape).astype(float)  # small integers: many ties
    a[rng.random(shape) < 0.2] = np.nan
    a[rng.random(shape) < 0.1] = -np.inf
    if seed == 5:
        a[:] = np.nan
    monkeypatch.setattr(mk, "LAST_EXTREME_BLOCK_CELLS", 7)  # several blocks
    lines = a if axis == "row" else a.T
    want = np.array([_last_extreme(r, kind == "minindex") for r in lines], dtype=float)
    op = _op(mx.ReduceOp, kind, axis)
    for x in (a, sp.csr_array(np.nan_to_num(a, nan=0.0)) if seed % 2 else a):
        got = np.ravel(_dense(mk.reduce(op, (x,))))
        ref = want if x is a else np.array(
            [_last_extreme(r, kind == "minindex") for r in
             (_dense(x) if axis == "row" else _dense(x).T)], dtype=float)  # fmt: skip
        np.testing.assert_array_equal(got, ref)


def test_var_is_sample_variance_and_one_value_gives_zero() -> None:
    a = np.array([[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]])
    assert mk.reduce(_op(mx.ReduceOp, "var", "all"), (a,)) == pytest.approx(3.5)
    one = mk.reduce(_op(mx.ReduceOp, "var", "col"), (a,))
    assert np.all(one == 0.0)  # SystemDS: colVars of one row is 0


@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("kind", ["sum", "prod", "min", "max"])
def test_cumagg_sparse_equals_dense(shape: tuple[int, int], kind: str) -> None:
    a = _data(shape, 2)
    op = _op(mx.CumAggOp, kind)
    want = {"sum": np.cumsum, "prod": np.cumprod}.get(kind)
    got_d = _dense(mk.cumagg(op, (a,)))
    got_s = _dense(mk.cumagg(op, (sp.csr_array(a),)))
    np.testing.assert_array_equal(got_d, got_s)
    if want is not None:
        np.testing.assert_allclose(got_d, want(a, axis=0).reshape(shape))


@pytest.mark.parametrize("shape", SHAPES)
def test_rev_sparse_equals_dense(shape: tuple[int, int]) -> None:
    a = _data(shape, 3)
    np.testing.assert_array_equal(_dense(mk.rev(None, (sp.csr_array(a),))), a[::-1])
    np.testing.assert_array_equal(mk.rev(None, (a,)), a[::-1])


@pytest.mark.parametrize("pattern,repl", [(0.0, 7.0), (2.0, 0.0), (np.nan, 1.0), (0.0, 0.0)])
def test_replace_sparse_equals_dense(pattern: float, repl: float) -> None:
    a = np.round(_data((6, 4), 4))
    a[0, 0] = np.nan
    want = np.where(np.isnan(a) if np.isnan(pattern) else a == pattern, repl, a)
    for x in (a, sp.csr_array(a)):
        np.testing.assert_array_equal(_dense(mk.replace(None, (x, pattern, repl))), want)


def test_det() -> None:
    a = np.array([[1.0, 2.0], [3.0, 4.0]])
    assert mk.det(None, (a,)) == pytest.approx(-2.0)
    assert mk.det(None, (sp.csr_array(a),)) == pytest.approx(-2.0)
    assert mk.det(None, (np.zeros((0, 0)),)) == 1.0

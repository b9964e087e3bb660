"""Kernels of table, remove_empty, outer and order on dense, CSR, vector, 1x1 and empty
inputs, against plain NumPy and the numbers SystemDS 3.4 gives."""

from __future__ import annotations

import math

import numpy as np
import pytest
import scipy.sparse as sp
from hypothesis import given, settings
from hypothesis import strategies as st
from test_kernels import run

from amls.dialects import matrix as mx
from amls.interpreter.kernels import KernelError

M = "!matrix.mat<?x?xf64>"


def dense(x: object) -> np.ndarray:
    return x.toarray() if sp.issparse(x) else np.asarray(x)


def col(*xs: float) -> np.ndarray:
    return np.array(xs, dtype=float).reshape(-1, 1)


A, B = col(1, 2, 2, 3, 1), col(2, 1, 2, 1, 2)
W = col(0.5, 1, 2, 3, 4)


def test_table_counts_weights_and_dims() -> None:
    # The numbers SystemDS 3.4 prints for the same calls (tests/dml/opsb_table_*.dml).
    np.testing.assert_array_equal(dense(run("table", A, B, 1.0)), [[0, 2], [1, 1], [1, 0]])
    np.testing.assert_array_equal(dense(run("table", A, B, W)), [[0, 4.5], [1, 2], [3, 0]])
    two = run("table", A, B, 1.0, 2, 2)
    np.testing.assert_array_equal(dense(two), [[0, 2], [1, 1]])  # A = 3 dropped
    padded = run("table", A, B, 1.0, 4, 3)
    assert padded.shape == (4, 3) and dense(padded)[3].sum() == 0
    np.testing.assert_array_equal(dense(run("table", A, 1.0, 2.0)), [[4], [4], [2]])
    np.testing.assert_array_equal(dense(run("table", col(1.7, 2.2, 2.9), 1.0, 1.0)), [[1], [2]])


def test_table_sparse_and_matrix_inputs() -> None:
    a = sp.csr_array(np.array([[1.0, 2.0], [2.0, 3.0]]))
    b = np.array([[2.0, 1.0], [2.0, 1.0]])
    out = run("table", a, b, 1.0)
    np.testing.assert_array_equal(dense(out), [[0, 1], [1, 1], [1, 0]])


def test_table_rejects_non_positive_and_mismatched() -> None:
    with pytest.raises(KernelError, match=">= 1"):
        run("table", col(1, 0, 2), 1.0, 1.0)
    with pytest.raises(KernelError, match=">= 1"):
        run("table", col(1, math.nan), 1.0, 1.0)
    with pytest.raises(KernelError, match="differs"):
        run("table", col(1, 2), col(1, 2, 3), 1.0)


X = np.array([[0.0, 0, 1], [0, 0, 0], [2, 0, 3]])


@pytest.mark.parametrize("fmt", ["dense", "csr"])
def test_remove_empty(fmt: str) -> None:
    x = sp.csr_array(X) if fmt == "csr" else X
    rows = run("remove_empty", x, head="rows")
    np.testing.assert_array_equal(dense(rows), [[0, 0, 1], [2, 0, 3]])
    cols = run("remove_empty", x, head="cols")
    np.testing.assert_array_equal(dense(cols), [[0, 1], [0, 0], [2, 3]])
    sel = run("remove_empty", x, col(0, 1, 1), head="rows")
    np.testing.assert_array_equal(dense(sel), [[0, 0, 0], [2, 0, 3]])
    sel_c = run("remove_empty", x, np.array([[1.0, 0, 1]]), head="cols")
    np.testing.assert_array_equal(dense(sel_c), [[0, 1], [0, 0], [2, 3]])


def test_remove_empty_nothing_kept() -> None:
    z = np.zeros((3, 2))
    assert run("remove_empty", z, head="rows").shape == (1, 2)
    assert run("remove_empty", z, head="cols").shape == (3, 1)
    off = "{empty_return = false}"
    assert run("remove_empty", z, head="rows", props=off).shape == (0, 2)
    # a select that keeps nothing: one zero line too, as SystemDS's kernel (not its rewrite)
    assert run("remove_empty", X, col(0, 0, 0), head="rows").shape == (1, 3)
    assert run("remove_empty", X, col(0, 0, 0), head="rows", props=off).shape == (0, 3)
    assert run("remove_empty", np.zeros((0, 2)), head="rows").shape == (1, 2)
    nan = np.array([[0.0, math.nan], [0, 0]])
    np.testing.assert_array_equal(dense(run("remove_empty", nan, head="rows")).shape, (1, 2))
    with pytest.raises(KernelError, match="select"):
        run("remove_empty", X, col(1, 0), head="rows")


@pytest.mark.parametrize("name", sorted(mx.OUTER_OPS))
def test_outer_is_broadcast_binary(name: str) -> None:
    from amls.interpreter.kernels.matrix import BINARY_FNS

    u, v = col(1, 2, 3, 0), np.array([[1.0, 2.0, 0.0]])
    with np.errstate(all="ignore"):
        want = BINARY_FNS[mx.OUTER_OPS[name]](u, v)
    for a, b in ((u, v), (sp.csr_array(u), sp.csr_array(v))):
        np.testing.assert_array_equal(dense(run("outer", a, b, head=name)), want)
    assert run("outer", col(), v, head=name).shape == (0, 3)


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.sampled_from([0.0, -0.0, 1.0, 2.0, 3.5, math.nan, math.inf, -1.0, 7.0]),
             max_size=12),
    st.lists(st.sampled_from([0.0, -0.0, 1.0, 2.0, 3.5, math.nan, -math.inf, -1.0, 5.0]),
             min_size=1, max_size=7),
)  # fmt: skip
def test_outer_eq_one_hot_equals_the_comparison(a: list[float], row: list[float]) -> None:
    """outer(a, row, "==") (CSR by binary search where row's values are distinct) holds
    exactly the cells of the dense comparison: NaN matches nothing, -0.0 matches 0.0."""
    u, v = np.array(a).reshape(-1, 1), np.array(row).reshape(1, -1)
    got = run("outer", u, v, head="eq")
    np.testing.assert_array_equal(dense(got), np.equal(u, v).astype(np.float64))
    distinct = len(set(row)) == len(row) and not any(map(math.isnan, row))
    if distinct and len(row) >= 3:
        assert sp.issparse(got) and got.nnz <= len(a)  # at most one hit per row


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.sampled_from([0.0, -0.0, 1.0, 2.0, 3.0, 4.0, 0.5, -1.0, 9.0, math.nan,
                              math.inf, -math.inf, 1e300]), max_size=40),
    st.permutations(list(range(5))),
    st.booleans(),
)  # fmt: skip
def test_outer_eq_class_labels_equal_the_comparison(
    a: list[float], perm: list[int], every_row_hits: bool
) -> None:
    """outer(a, row, "==") with row a permutation of 0..k-1 (the labels' fast path, where
    the label is the column): the dense comparison's cells, exactly."""
    if every_row_hits:
        a = [x for x in a if x in (0.0, 1.0, 2.0, 3.0, 4.0)]  # the no-compaction branch
    u = np.array(a, dtype=np.float64).reshape(-1, 1)
    v = np.array(perm, dtype=np.float64).reshape(1, -1)
    got = run("outer", u, v, head="eq")
    np.testing.assert_array_equal(dense(got), np.equal(u, v).astype(np.float64))
    assert sp.issparse(got) and got.has_canonical_format


def test_outer_rejects_non_vectors() -> None:
    with pytest.raises(KernelError, match="column and a row vector"):
        run("outer", np.ones((2, 2)), np.ones((1, 2)), head="add")


D = np.array([[3.0, 1], [2, 1], [3, 5], [1, 9]])


@pytest.mark.parametrize("fmt", ["dense", "csr"])
def test_order_stable_both_ways(fmt: str) -> None:
    x = sp.csr_array(D) if fmt == "csr" else D
    # SystemDS 3.4: ties keep their input order, ascending and descending.
    np.testing.assert_array_equal(dense(run("order", x, 0)), D[[3, 1, 0, 2]])
    dec = "{decreasing = true}"
    np.testing.assert_array_equal(dense(run("order", x, 0, props=dec)), D[[0, 2, 1, 3]])
    idx = "{index_return = true}"
    np.testing.assert_array_equal(dense(run("order", x, 0, props=idx)), col(3, 1, 0, 2))
    both = "{decreasing = true, index_return = true}"
    np.testing.assert_array_equal(dense(run("order", x, 0, props=both)), col(0, 2, 1, 3))
    np.testing.assert_array_equal(dense(run("order", x, 1)), D[[0, 1, 2, 3]])


def test_order_edges() -> None:
    assert run("order", np.zeros((0, 2)), 1).shape == (0, 2)
    np.testing.assert_array_equal(run("order", np.array([[4.0]]), 0), [[4.0]])
    with pytest.raises(KernelError, match="out of range"):
        run("order", D, 2)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(-3, 3), min_size=0, max_size=12), st.booleans())
def test_order_matches_a_stable_numpy_sort(keys: list[int], decreasing: bool) -> None:
    x = np.column_stack([np.array(keys, dtype=float), np.arange(len(keys), dtype=float)])
    props = "{decreasing = true}" if decreasing else ""
    got = dense(run("order", x, 0, props=props))
    want = sorted(x.tolist(), key=lambda row: -row[0] if decreasing else row[0])
    np.testing.assert_array_equal(got.reshape(-1, 2), np.array(want).reshape(-1, 2))


# ---------------------------------------------------------------------------
# The size rules are sound: the kernel's result has every exact fact and stays within
# every bound the rule states, on random inputs (dense, CSR, empty, vectors, 1x1).


def _facts_hold(op_name: str, args: tuple, head: str = "", props: str = "") -> None:
    from test_kernels import _type_of, make_op

    from amls.passes.sizes.facts import MatFacts, ScalarFacts
    from amls.passes.sizes.rules import SIZE_RULES

    op = make_op(op_name, tuple(_type_of(a) for a in args), M, head, props)
    ins = []
    for a in args:
        if isinstance(a, int | float):
            ins.append(ScalarFacts(a))
        else:
            d = dense(a)
            ins.append(MatFacts.make(d.shape[0], d.shape[1], int(np.count_nonzero(d))))
    out = SIZE_RULES[type(op)](op, ins)
    got = dense(run(op_name, *args, head=head, props=props))
    r, c = got.shape
    nnz = int(np.count_nonzero(got))
    for exact, have in ((out.rows, r), (out.cols, c), (out.nnz, nnz)):
        assert exact is None or exact == have, (out, got.shape, nnz)
    for bound, have in ((out.rows_ub, r), (out.cols_ub, c), (out.nnz_ub, nnz)):
        assert bound is None or have <= bound, (out, got.shape, nnz)
    if out.finite:
        assert np.isfinite(got).all()


@st.composite
def _mats(draw: st.DrawFn, shape: tuple[int, int] | None = None) -> np.ndarray:
    r, c = shape or (draw(st.integers(0, 5)), draw(st.integers(0, 5)))
    rng = np.random.default_rng(draw(st.integers(0, 2**20)))
    a = rng.integers(-2, 3, (r, c)).astype(float) * (rng.random((r, c)) < 0.4)
    if draw(st.booleans()):
        a[rng.random((r, c)) < 0.1] = np.nan
    return sp.csr_array(a) if draw(st.booleans()) else a


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_size_rules_are_sound(data: st.DataObject) -> None:
    x = data.draw(_mats())
    r, c = x.shape
    margin = data.draw(st.sampled_from(["rows", "cols"]))
    keep = data.draw(st.sampled_from(["", "{empty_return = false}"]))
    _facts_hold("remove_empty", (x,), head=margin, props=keep)
    n = r if margin == "rows" else c
    sel = data.draw(_mats((n, 1)))
    _facts_hold("remove_empty", (x, sel), head=margin, props=keep)
    if c:
        by = data.draw(st.integers(0, c - 1))
        for props in ("", "{index_return = true}", "{decreasing = true}"):
            _facts_hold("order", (x, by), props=props)
    u, v = data.draw(_mats((r, 1))), data.draw(_mats((1, c)))
    _facts_hold("outer", (u, v), head=data.draw(st.sampled_from(sorted(mx.OUTER_OPS))))
    rng = np.random.default_rng(data.draw(st.integers(0, 99)))
    a = rng.integers(1, 5, (r, 1)).astype(float)
    w = data.draw(st.sampled_from([1.0, 0.0, 2.5]))
    _facts_hold("table", (a, 1.0, w))
    _facts_hold("table", (a, a, w, data.draw(st.integers(0, 4)), data.draw(st.integers(0, 4))))

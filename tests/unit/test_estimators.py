"""Sparsity estimators (passes/sizes/estimators/) against the true nnz of actual results.

Every op kind runs through `estimate_function` on a one-op program with data
for its arguments, and the interpreter computes the true result from the same
data. Values are positive (in [0.5, 1.5)) so no sum cancels and the
structural nnz is the true nnz. The five product cases of peers.md section 4c
run at a fifth of their size.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import scipy.sparse as sp
from xdsl.dialects import func
from xdsl.ir import SSAValue

from amls.interpreter.engine import run_function
from amls.passes.sizes.analysis import SizeAnalysis
from amls.passes.sizes.estimators import ESTIMATORS
from amls.passes.sizes.estimators.estimator import SparsityEstimator
from amls.passes.sizes.estimators.metadata import MetadataEstimator
from amls.passes.sizes.estimators.mnc import MNCEstimator, mnc_sketch
from amls.passes.sizes.estimators.propagate import estimate_function
from amls.passes.sizes.estimators.sketch import Sketch, apply_facts, larger
from amls.passes.sizes.facts import MatFacts
from amls.tools.common import make_context, parse_module

M = "!matrix.mat<?x?xf64>"
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
META, MNC = MetadataEstimator(), MNCEstimator()


# ---------------------------------------------------------------------------
# Data.


def rsparse(
    m: int,
    n: int,
    draws: int,
    seed: int,
    row_p: np.ndarray | None = None,
    col_p: np.ndarray | None = None,
) -> sp.csr_array:
    """`draws` random positions (duplicates merged), values in [0.5, 1.5)."""
    rng = np.random.default_rng(seed)
    r = rng.choice(m, draws, p=row_p) if row_p is not None else rng.integers(0, m, draws)
    c = rng.choice(n, draws, p=col_p) if col_p is not None else rng.integers(0, n, draws)
    a = sp.csr_array((rng.uniform(0.5, 1.5, draws), (r, c)), shape=(m, n))
    a.sum_duplicates()
    return a


def uniform(m: int, n: int, density: float, seed: int) -> sp.csr_array:
    return rsparse(m, n, round(m * n * density), seed)


def zipf(n: int, alpha: float) -> np.ndarray:
    p = 1.0 / np.arange(1, n + 1) ** alpha
    return p / p.sum()


def with_dense_rows(m: int, n: int, rows: np.ndarray, density: float, seed: int) -> sp.csr_array:
    """Uniform background plus fully dense rows."""
    a = uniform(m, n, density, seed).toarray()
    a[rows, :] = np.random.default_rng(seed).uniform(0.5, 1.5, (len(rows), n))
    return sp.csr_array(a)


def selection(m: int, n: int, targets: np.ndarray) -> sp.csr_array:
    return sp.csr_array((np.ones(m), (np.arange(m), targets)), shape=(m, n))


def nnz(x: Any) -> int:
    return int(np.count_nonzero(x.data if sp.issparse(x) else np.asarray(x)))


def row_counts(x: Any) -> np.ndarray:
    d = x.toarray() if sp.issparse(x) else np.asarray(x)
    return (d != 0).sum(axis=1)


def col_counts(x: Any) -> np.ndarray:
    d = x.toarray() if sp.issparse(x) else np.asarray(x)
    return (d != 0).sum(axis=0)


# Uniform: A, B 300x200 and C 200x150. Structured: the same shapes, A and B
# sharing 15 dense rows over a sparse background, C with power-law rows.
# (A @ C there needs MNC's full-row split: plain SystemDS MNC is +154% off.)
DENSE_ROWS = np.arange(0, 300, 20)


@functools.cache
def uniform_data() -> tuple[Any, ...]:
    return (uniform(300, 200, 0.05, 1), uniform(300, 200, 0.1, 2), uniform(200, 150, 0.05, 3))


@functools.cache
def structured_data() -> tuple[Any, ...]:
    a = with_dense_rows(300, 200, DENSE_ROWS, 0.01, 4)
    b = with_dense_rows(300, 200, DENSE_ROWS, 0.02, 5)
    c = rsparse(200, 150, 1500, 6, row_p=zipf(200, 1.2))
    return a, b, c


# ---------------------------------------------------------------------------
# Running one-op programs.


def program(body: str, result: str = M) -> str:
    return (
        f"func.func @f(%a: {M}, %b: {M}, %c: {M}) -> {result} {{\n"
        "  %c0 = arith.constant 0 : i64\n"
        f"{body}\n"
        f"  func.return %r : {result}\n"
        "}\n"
    )


def parse(text: str) -> tuple[Any, func.FuncOp]:
    module = parse_module(make_context(), text, "test")
    fn = next(op for op in module.ops if isinstance(op, func.FuncOp))
    return module, fn


def sketches(
    fn: func.FuncOp, est: SparsityEstimator, args: dict[SSAValue, Any] | None = None
) -> dict[SSAValue, Sketch]:
    analysis = SizeAnalysis()
    analysis.run_function(fn)
    return estimate_function(fn, analysis, est, args)


def estimate_and_truth(
    body: str, data: tuple[Any, ...], est: SparsityEstimator
) -> tuple[Sketch, Any]:
    module, fn = parse(program(body))
    block = fn.body.block
    out = sketches(fn, est, dict(zip(block.args, data, strict=True)))
    ret = block.last_op.operands[0]  # type: ignore[union-attr]
    (value,) = run_function(module, "f", list(data))
    return out[ret], value


def rel_err(estimate: float | None, true: int) -> float:
    assert estimate is not None
    return abs(estimate - true) / max(true, 1)


# ---------------------------------------------------------------------------
# Op cases: (id, body, exact for: estimators whose estimate must equal the truth).

BOTH = ("metadata", "mnc")
ALL_OPS: list[tuple[str, str, tuple[str, ...]]] = [
    ("matmul", f"  %r = matrix.matmul %a, %c : {M}", ()),
    ("mul", f"  %r = matrix.mul %a, %b : {M}", ()),
    ("and", f"  %r = matrix.and %a, %b : {M}", ()),
    ("add", f"  %r = matrix.add %a, %b : {M}", ()),
    ("sub", f"  %r = matrix.sub %a, %b : {M}", ()),
    ("or", f"  %r = matrix.or %a, %b : {M}", ()),
    ("max", f"  %r = matrix.max %a, %b : {M}", ()),
    # min/max are union-like: exact for max of positives, min of negatives.
    (
        "min",
        f"  %na = matrix.neg %a : {M}\n  %nb = matrix.neg %b : {M}\n"
        f"  %r = matrix.min %na, %nb : {M}",
        (),
    ),
    ("ne", f"  %r = matrix.ne %a, %b : {M}", ()),
    ("transpose", f"  %r = matrix.transpose %a : {M}", BOTH),
    ("neg", f"  %r = matrix.neg %a : {M}", BOTH),
    ("abs", f"  %r = matrix.abs %a : {M}", BOTH),
    ("sign", f"  %r = matrix.sign %a : {M}", BOTH),
    ("sqrt", f"  %r = matrix.sqrt %a : {M}", BOTH),
    ("round", f"  %r = matrix.round %a : {M}", BOTH),  # values in [0.5, 1.5) round to 1
    ("exp", f"  %r = matrix.exp %a : {M}", BOTH),
    ("sigmoid", f"  %r = matrix.sigmoid %a : {M}", BOTH),
    ("not", f"  %r = matrix.not %a : {M}", BOTH),
    ("cbind", f"  %r = matrix.cbind %a, %b, %a : {M}", BOTH),
    ("rbind", f"  %r = matrix.rbind %a, %b : {M}", BOTH),
    (
        "reshape_split_rows",
        "  %r600 = arith.constant 600 : i64\n  %r100 = arith.constant 100 : i64\n"
        f"  %r = matrix.reshape %a, %r600, %r100 : ({M}, i64, i64) -> {M}",
        BOTH,
    ),
    (
        "reshape_merge_rows",
        "  %r150 = arith.constant 150 : i64\n  %r400 = arith.constant 400 : i64\n"
        f"  %r = matrix.reshape %a, %r150, %r400 : ({M}, i64, i64) -> {M}",
        BOTH,
    ),
    (
        "reshape_general",
        "  %r400 = arith.constant 400 : i64\n  %r150 = arith.constant 150 : i64\n"
        f"  %r = matrix.reshape %a, %r400, %r150 : ({M}, i64, i64) -> {M}",
        BOTH,
    ),
    (
        "slice_all_rows",
        "  %n = matrix.nrow %a : (" + M + ") -> i64\n"
        "  %c50 = arith.constant 50 : i64\n  %c120 = arith.constant 120 : i64\n"
        f"  %r = matrix.slice %a, %c0, %n, %c50, %c120 : ({M}, i64, i64, i64, i64) -> {M}",
        ("mnc",),
    ),
    (
        "slice_block",
        "  %c10 = arith.constant 10 : i64\n  %c70 = arith.constant 70 : i64\n"
        "  %c20 = arith.constant 20 : i64\n  %c150 = arith.constant 150 : i64\n"
        f"  %r = matrix.slice %a, %c10, %c70, %c20, %c150 : ({M}, i64, i64, i64, i64) -> {M}",
        (),
    ),
    ("row_sums", f"  %r = matrix.reduce sum row %a : ({M}) -> {M}", ("mnc",)),
    ("col_max", f"  %r = matrix.reduce max col %a : ({M}) -> {M}", ("mnc",)),
    (
        "update",
        "  %c10 = arith.constant 10 : i64\n  %c20 = arith.constant 20 : i64\n"
        "  %c40 = arith.constant 40 : i64\n"
        f"  %blk = matrix.slice %b, %c0, %c40, %c0, %c40 : ({M}, i64, i64, i64, i64) -> {M}\n"
        f"  %r = matrix.update %a, %blk, %c10, %c20 : ({M}, {M}, i64, i64) -> {M}",
        (),
    ),
    (
        "select",
        "  %z = arith.constant 0.0 : f64\n"
        f"  %r = matrix.select %a, %b, %z : ({M}, {M}, f64) -> {M}",
        (),
    ),
    (
        "select_mask",
        "  %z = arith.constant 0.0 : f64\n  %o = arith.constant 1.0 : f64\n"
        f"  %r = matrix.select %a, %o, %z : ({M}, f64, f64) -> {M}",
        BOTH,
    ),  # fmt: skip
    (
        "select_matrices",  # b where a, else -b: nnz(b)
        f"  %nb = matrix.neg %b : {M}\n  %r = matrix.select %a, %b, %nb : {M}",
        (),
    ),
]

SCALAR_OPS: list[tuple[str, str, float]] = [
    # (id, op text with %k the scalar, value); every one is exact on positive data.
    ("mul_c", "matrix.mul %a, %k", 2.0),
    ("div_c", "matrix.div %a, %k", 4.0),
    ("c_div", "matrix.div %k, %a", 4.0),  # 4/0 = inf: dense
    ("add_c", "matrix.add %a, %k", 1.0),  # dense
    ("mul_0", "matrix.mul %a, %k", 0.0),
    ("gt_0", "matrix.gt %a, %k", 0.0),
    ("pow_c", "matrix.pow %a, %k", 2.0),
    ("max_0", "matrix.max %k, %a", 0.0),
    ("and_c", "matrix.and %a, %k", 3.0),
    ("ne_0", "matrix.ne %a, %k", 0.0),
]


@pytest.mark.parametrize("name", ESTIMATORS)
@pytest.mark.parametrize("case", ALL_OPS, ids=[c[0] for c in ALL_OPS])
def test_op_on_uniform_data(case: tuple[str, str, tuple[str, ...]], name: str) -> None:
    op_id, body, exact_for = case
    sk, value = estimate_and_truth(body, uniform_data(), ESTIMATORS[name]())
    true = nnz(value)
    assert (sk.rows, sk.cols) == value.shape
    if name in exact_for:
        assert sk.nnz == true, f"{op_id}: {sk} vs {true}"
    else:
        assert rel_err(sk.nnz, true) < 0.1, f"{op_id}: {sk} vs {true}"


@pytest.mark.parametrize("case", ALL_OPS, ids=[c[0] for c in ALL_OPS])
def test_mnc_on_structured_data(case: tuple[str, str, tuple[str, ...]]) -> None:
    """MNC stays close where the uniform assumption breaks (shared dense rows, skew)."""
    op_id, body, exact_for = case
    sk, value = estimate_and_truth(body, structured_data(), MNC)
    meta, _ = estimate_and_truth(body, structured_data(), META)
    true = nnz(value)
    if "mnc" in exact_for:
        assert sk.nnz == true, f"{op_id}: {sk} vs {true}"
        return
    assert rel_err(sk.nnz, true) <= rel_err(meta.nnz, true) + 0.01, f"{op_id}: {sk}, {meta}"
    tol = 0.15 if op_id == "slice_block" else 0.1  # a slice scales by independent fractions
    assert rel_err(sk.nnz, true) < tol, f"{op_id}: {sk} vs {true}"


def test_metadata_fails_where_mnc_must_not() -> None:
    """The shared dense rows make the uniform product estimate far too low."""
    data = structured_data()
    body = f"  %r = matrix.mul %a, %b : {M}"
    meta, value = estimate_and_truth(body, data, META)
    mnc, _ = estimate_and_truth(body, data, MNC)
    assert rel_err(meta.nnz, nnz(value)) > 0.5
    assert rel_err(mnc.nnz, nnz(value)) < 0.05


@pytest.mark.parametrize("name", ESTIMATORS)
@pytest.mark.parametrize("case", SCALAR_OPS, ids=[c[0] for c in SCALAR_OPS])
def test_matrix_scalar_ops(case: tuple[str, str, float], name: str) -> None:
    op_id, text, value = case
    left = text.index("%k") < text.index("%a")
    types = f"(f64, {M})" if left else f"({M}, f64)"
    body = f"  %k = arith.constant {value!r} : f64\n  %r = {text} : {types} -> {M}"
    sk, out = estimate_and_truth(body, uniform_data(), ESTIMATORS[name]())
    assert sk.nnz == nnz(out), f"{op_id}: {sk} vs {nnz(out)}"


@pytest.mark.parametrize("name", ESTIMATORS)
def test_broadcast_vectors(name: str) -> None:
    a = uniform(300, 200, 0.05, 7)
    row = uniform(1, 200, 0.5, 8)
    col = uniform(300, 1, 0.3, 9)
    for body in (
        f"  %r = matrix.mul %a, %b : ({M}, {M}) -> {M}",
        f"  %r = matrix.add %b, %a : ({M}, {M}) -> {M}",
    ):
        for vec in (row, col):
            sk, out = estimate_and_truth(body, (a, vec, a), ESTIMATORS[name]())
            assert sk.dims_known and (sk.rows, sk.cols) == out.shape
            assert rel_err(sk.nnz, nnz(out)) < 0.1, f"{body}: {sk} vs {nnz(out)}"


@pytest.mark.parametrize("name", ESTIMATORS)
@pytest.mark.parametrize("op", ["mul", "add", "sub", "ne", "max", "div", "eq"])
def test_same_value_on_both_sides(op: str, name: str) -> None:
    """X * X keeps X's pattern (not s^2), X - X is empty, X / X and X == X are dense."""
    sk, out = estimate_and_truth(
        f"  %r = matrix.{op} %a, %a : {M}", uniform_data(), ESTIMATORS[name]()
    )
    assert sk.nnz == nnz(out), f"{op}: {sk} vs {nnz(out)}"


@pytest.mark.parametrize("name", ESTIMATORS)
def test_comparisons_with_zero_to_one_are_dense(name: str) -> None:
    sk, out = estimate_and_truth(
        f"  %r = matrix.le %a, %b : {M}", uniform_data(), ESTIMATORS[name]()
    )
    assert sk.nnz == out.size >= nnz(out)


@pytest.mark.parametrize("name", ESTIMATORS)
def test_diag(name: str) -> None:
    est = ESTIMATORS[name]()
    v = uniform(200, 1, 0.3, 10)
    sk, out = estimate_and_truth(f"  %r = matrix.diag %a : {M}", (v, v, v), est)
    assert sk.nnz == nnz(out) and (sk.rows, sk.cols) == (200, 200)
    sq = uniform(200, 200, 0.05, 11).tolil()
    sq.setdiag(np.r_[np.ones(150), np.zeros(50)])
    sq = sp.csr_array(sq)
    sq.eliminate_zeros()
    sk, out = estimate_and_truth(f"  %r = matrix.diag %a : {M}", (sq, sq, sq), est)
    if name == "mnc":
        assert sk.nnz == nnz(out) == 150  # the sketch counts the diagonal
    else:
        assert sk.nnz == pytest.approx(200 * nnz(sq) / 200**2)  # n * sparsity


@pytest.mark.parametrize("name", ESTIMATORS)
def test_generators(name: str) -> None:
    est = ESTIMATORS[name]()
    text = (
        f"func.func @f() -> ({M}, {M}, {M}, {M}, {M}) {{\n"
        "  %r = arith.constant 300 : i64\n  %c = arith.constant 200 : i64\n"
        "  %z = arith.constant 0.0 : f64\n  %v = arith.constant 2.5 : f64\n"
        "  %x = matrix.rand %r, %c {min = 1.0, max = 2.0, sparsity = 0.1, seed = 3}"
        f" : (i64, i64) -> {M}\n"
        '  %n = matrix.rand %r, %c {sparsity = 0.2, pdf = "normal", seed = 3}'
        f" : (i64, i64) -> {M}\n"
        f"  %e = matrix.fill %z, %r, %c : (f64, i64, i64) -> {M}\n"
        f"  %d = matrix.fill %v, %r, %c : (f64, i64, i64) -> {M}\n"
        "  %k = matrix.constant {value = dense<[[1.0, 0.0], [0.0, 2.0], [3.0, 0.0]]>"
        " : tensor<3x2xf64>} : !matrix.mat<3x2xf64>\n"
        f"  %kc = matrix.cast %k : (!matrix.mat<3x2xf64>) -> {M}\n"
        f"  func.return %x, %n, %e, %d, %kc : {M}, {M}, {M}, {M}, {M}\n"
        "}\n"
    )  # fmt: skip
    module, fn = parse(text)
    out = sketches(fn, est)
    values = run_function(module, "f", [])
    for v, value in zip(fn.body.block.last_op.operands, values, strict=True):  # type: ignore[union-attr]
        assert out[v].nnz == nnz(value), f"{out[v]} vs {nnz(value)}"
        assert (out[v].rows, out[v].cols) == value.shape


def test_reduce_all_and_estimate_api() -> None:
    """estimate() is usable without a function walk: operands' sketches in, a sketch out."""
    _, fn = parse(
        f"func.func @f(%a: {M}) -> f64 {{\n"
        f"  %s = matrix.reduce sum all %a : ({M}) -> f64\n"
        "  func.return %s : f64\n}\n"
    )
    op = fn.body.block.first_op
    assert op is not None
    a = uniform(30, 20, 0.1, 12)
    for est in (META, MNC):
        assert est.estimate(op, [est.from_data(a)]).nnz == 1
        assert est.estimate(op, [est.empty(30, 20, exact=True)]).nnz == 0


# ---------------------------------------------------------------------------
# Matrix multiply: the cases of peers.md section 4c at a fifth of the size.


def _case_uniform() -> tuple[Any, Any]:
    return uniform(4000, 4000, 1e-3, 20), uniform(4000, 4000, 1e-3, 21)


def _case_one_per_row() -> tuple[Any, Any]:
    rng = np.random.default_rng(22)
    return selection(4000, 4000, rng.integers(0, 4000, 4000)), uniform(4000, 4000, 1e-3, 23)


def _case_powerlaw_cols() -> tuple[Any, Any]:
    return rsparse(4000, 4000, 7000, 24, col_p=zipf(4000, 1.0)), uniform(4000, 4000, 1e-3, 25)


def _case_dense_rows() -> tuple[Any, Any]:
    rng = np.random.default_rng(26)
    full = rng.choice(4000, 20, replace=False)
    p = selection(400, 4000, full[np.arange(400) % 20])
    b = with_dense_rows(4000, 400, full, 0.0, 27)
    return p, b


def _case_correlated() -> tuple[Any, Any]:
    p = zipf(4000, 1.2)
    return rsparse(400, 4000, 8000, 28, col_p=p), rsparse(4000, 400, 8000, 29, row_p=p)


PEER_CASES = {
    "uniform": (_case_uniform, 0.02),
    "one_per_row": (_case_one_per_row, 0.0),
    "powerlaw_cols": (_case_powerlaw_cols, 0.01),
    "dense_rows": (_case_dense_rows, 0.0),
    "correlated": (_case_correlated, 0.01),
}


@pytest.mark.parametrize("case", PEER_CASES)
def test_mnc_matmul_peer_cases(case: str) -> None:
    make, tol = PEER_CASES[case]
    a, b = make()
    true = nnz(a @ b)
    sk = MNC.matmul(MNC.from_data(a), MNC.from_data(b))
    if tol == 0.0:
        assert sk.nnz == true and sk.exact
    else:
        assert rel_err(sk.nnz, true) < tol, f"{sk} vs {true}"
    assert sk.hr is not None and sk.hc is not None  # propagated for the next product
    assert sk.hr.sum() == pytest.approx(sk.nnz) and sk.hc.sum() == pytest.approx(sk.nnz)


def test_metadata_on_peer_cases() -> None:
    """Uniform: close. Dense rows and correlated skew: ~99% too low (section 4c)."""
    for case, lo, hi in (
        ("uniform", -0.03, 0.03),
        ("dense_rows", -1, -0.9),
        ("correlated", -1, -0.9),
    ):
        a, b = PEER_CASES[case][0]()
        true = nnz(a @ b)
        est = META.matmul(META.from_data(a), META.from_data(b)).nnz
        assert est is not None and lo < (est - true) / true < hi, case


def test_matmul_chain_keeps_structure() -> None:
    """(P %*% B) %*% E: MNC's propagated sketch of P %*% B keeps its full rows."""
    p, b = _case_dense_rows()
    e = uniform(400, 300, 0.002, 30)
    true = nnz((p @ b) @ e)
    for est, ok in ((MNC, lambda x: rel_err(x, true) < 0.01), (META, lambda x: x < 0.1 * true)):
        sk = est.matmul(est.matmul(est.from_data(p), est.from_data(b)), est.from_data(e))
        assert ok(sk.nnz), f"{est.name}: {sk} vs {true}"


def test_matmul_exact_special_cases() -> None:
    a = uniform(100, 80, 0.05, 31)
    for est in (META, MNC):
        empty = est.from_data(sp.csr_array((80, 60)))
        assert est.matmul(est.from_data(a), empty).nnz == 0
        dense = est.from_data(np.ones((80, 60)))
        sk = est.matmul(est.from_data(np.ones((100, 80))), dense)
        assert sk.nnz == 6000 and sk.exact
    # MNC: dense right side, identity left side, one non-zero per column of B.
    true = nnz(a @ np.ones((80, 60)))
    assert MNC.matmul(MNC.from_data(a), MNC.from_data(np.ones((80, 60)))).nnz == true
    ident = MNC.from_data(sp.eye_array(100, format="csr"))
    assert ident.is_full_diagonal
    assert MNC.matmul(ident, MNC.from_data(a)).nnz == nnz(a)
    rng = np.random.default_rng(32)
    one_per_col = selection(60, 80, rng.integers(0, 80, 60)).T.tocsr()
    assert MNC.matmul(MNC.from_data(a), MNC.from_data(one_per_col)).nnz == nnz(a @ one_per_col)


# ---------------------------------------------------------------------------
# Sketches.


def test_mnc_sketch_from_data() -> None:
    rng = np.random.default_rng(40)
    d = (rng.random((40, 30)) < 0.1) * rng.uniform(0.5, 1.5, (40, 30))
    d[3, :] = 0
    d[3, 7] = np.nan  # NaN counts as a non-zero
    s = sp.csr_array(d)
    s.data[:5] = 0.0  # explicit zeros do not
    for value in (s, s.toarray(), s.tocoo()):
        sk = mnc_sketch(value)
        dense = s.toarray()
        nz = dense != 0
        hr, hc = nz.sum(1), nz.sum(0)
        assert sk.nnz == nz.sum() and sk.exact and sk.counts_exact
        assert (sk.hr == hr).all() and (sk.hc == hc).all()
        assert sk.hr1e is not None and sk.hc1e is not None
        assert (sk.hr1e == (nz & (hc <= 1)[None, :]).sum(1)).all()
        assert (sk.hc1e == (nz & (hr == 1)[:, None]).sum(0)).all()
    assert META.from_data(s).nnz == (s.toarray() != 0).sum()
    with pytest.raises(TypeError):
        mnc_sketch(np.ones(3))


def test_sketch_invariants() -> None:
    sk = Sketch(3, 2, None, np.array([1, 0, 2]), np.array([2, 1]))
    assert sk.nnz == 3 and sk.has_counts
    assert not Sketch(3, 2, 1.0, np.array([1]), np.array([1, 0])).has_counts  # wrong length
    assert Sketch(3, 2, 99.0).nnz == 6  # clamped to the cells
    scaled = sk.with_nnz(1.5)
    assert scaled.hr is not None and scaled.hr.sum() == pytest.approx(1.5)
    assert larger(Sketch(3, 2, 1.0), Sketch(3, 2, 4.0)).nnz == 4
    assert larger(Sketch(3, 2, 1.0), Sketch(3, 2, None)).nnz is None
    facts = MatFacts.make(3, 2, nnz_ub=2.0)
    assert apply_facts(sk, facts).nnz == 2
    assert apply_facts(sk, MatFacts.make(3, 2, 5)).nnz == 5
    assert apply_facts(Sketch(None, None, None), facts).nnz == 2
    assert set(ESTIMATORS) == {"metadata", "mnc"}


def test_mnc_propagates_counts_through_reorganisations() -> None:
    a = uniform(300, 200, 0.05, 41)
    sk = MNC.from_data(a)
    t = MNC.transpose(sk)
    assert (t.hr == col_counts(a)).all() and (t.hc == row_counts(a)).all()  # type: ignore[union-attr]
    b = MNC.bind([sk, MNC.from_data(a)], axis=1)
    true = sp.hstack([a, a])
    assert (b.hr == row_counts(true)).all() and (b.hc == col_counts(true)).all()  # type: ignore[union-attr]
    r = MNC.reshape(sk, 600, 100)  # each row splits in two: column counts are exact
    assert (r.hc == col_counts(a.reshape((600, 100)))).all()  # type: ignore[union-attr]
    r = MNC.reshape(sk, 150, 400)  # row pairs merge: row counts are exact
    assert (r.hr == row_counts(a.reshape((150, 400)))).all()  # type: ignore[union-attr]
    n = MNC.complement(sk)
    assert (n.hr == 200 - row_counts(a)).all() and n.exact  # type: ignore[union-attr]


# ---------------------------------------------------------------------------
# Whole functions: facts override and bound estimates.

FACTS_PROGRAM = """
func.func @g(%A: !matrix.mat<100x80xf64, nnz=400>, %B: !matrix.mat<80x60xf64>)
    -> (!matrix.mat<80x100xf64>, !matrix.mat<100x60xf64>, !matrix.mat<100x60xf64>) {
  %t = matrix.transpose %A : (!matrix.mat<100x80xf64, nnz=400>) -> !matrix.mat<80x100xf64>
  %C = matrix.matmul %A, %B : (!matrix.mat<100x80xf64, nnz=400>, !matrix.mat<80x60xf64>) -> !matrix.mat<100x60xf64>
  %D = matrix.cast %C : (!matrix.mat<100x60xf64>) -> !matrix.mat<100x60xf64, nnz=77>
  %two = arith.constant 2.0 : f64
  %E = matrix.mul %D, %two : (!matrix.mat<100x60xf64, nnz=77>, f64) -> !matrix.mat<100x60xf64>
  func.return %t, %C, %E : !matrix.mat<80x100xf64>, !matrix.mat<100x60xf64>, !matrix.mat<100x60xf64>
}
"""  # noqa: E501


@pytest.mark.parametrize("name", ESTIMATORS)
def test_function_facts_override_estimates(name: str) -> None:
    est = ESTIMATORS[name]()
    _, fn = parse(FACTS_PROGRAM)
    block = fn.body.block
    ops = {op.results[0].name_hint: op.results[0] for op in block.ops if op.results}
    a_val, b_val = block.args
    # Without data: everything from facts and formulas.
    out = sketches(fn, est)
    assert out[a_val].nnz == 400 and out[a_val].exact
    assert out[b_val].nnz == 80 * 60 and not out[b_val].exact  # unknown nnz: the bound
    assert out[ops["t"]].nnz == 400 and out[ops["t"]].exact
    c = out[ops["C"]]
    assert c.nnz is not None and 0 < c.nnz <= 100 * 60 and not c.exact
    assert out[ops["D"]].nnz == 77 and out[ops["D"]].exact  # the cast's fact wins
    assert out[ops["E"]].nnz == 77 and out[ops["E"]].exact
    # With data: the product is estimated from the data, the facts still win.
    a = uniform(100, 80, 0.1, 50)
    a.data[np.random.default_rng(52).permutation(a.nnz)[400:]] = 0.0  # 400 at random
    a.eliminate_zeros()
    assert a.nnz == 400
    b = np.random.default_rng(51).uniform(0.5, 1.5, (80, 60))
    out = sketches(fn, est, {a_val: a, b_val: b})
    true = nnz(a @ b)
    assert rel_err(out[ops["C"]].nnz, true) < 0.1
    if name == "mnc":
        assert out[ops["C"]].nnz == true  # a dense right side: exact
    assert out[ops["D"]].nnz == 77 and out[ops["E"]].nnz == 77


class _Overestimator(MetadataEstimator):
    def matmul(self, a: Sketch, b: Sketch) -> Sketch:
        return Sketch(a.rows, b.cols, 1e12)


def test_function_clamps_to_worst_case_bound() -> None:
    _, fn = parse(
        "func.func @f(%A: !matrix.mat<10x10xf64, nnz=5>, %B: !matrix.mat<10x10xf64, nnz=3>)"
        " -> !matrix.mat<10x10xf64> {\n"
        "  %C = matrix.matmul %A, %B : (!matrix.mat<10x10xf64, nnz=5>,"
        " !matrix.mat<10x10xf64, nnz=3>) -> !matrix.mat<10x10xf64>\n"
        "  func.return %C : !matrix.mat<10x10xf64>\n}\n"
    )
    out = sketches(fn, _Overestimator())
    c = fn.body.block.first_op.results[0]  # type: ignore[union-attr]
    # Arguments may hold Inf (0 * Inf = NaN), so the product's nnz bound is its
    # cells: the estimate is clamped to 100, not to min(10, 5) * min(10, 3).
    assert out[c].nnz == 100


CONTROL_PROGRAM = f"""
func.func @h(%X: {M}, %Y: {M}, %n: i64, %flag: i1) -> ({M}, {M}, {M}) {{
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %X) -> ({M}) : i64 {{
    %s = matrix.add %acc, %Y : {M}
    scf.yield %s : {M}
  }}
  %q = scf.if %flag -> ({M}) {{
    scf.yield %X : {M}
  }} else {{
    %z = matrix.mul %X, %Y : {M}
    scf.yield %z : {M}
  }}
  %w = scf.while (%x = %X) : ({M}) -> ({M}) {{
    scf.condition(%flag) %x : {M}
  }} do {{
  ^bb0(%x2: {M}):
    %y2 = matrix.add %x2, %Y : {M}
    scf.yield %y2 : {M}
  }}
  func.return %r, %q, %w : {M}, {M}, {M}
}}
"""


@pytest.mark.parametrize("name", ESTIMATORS)
def test_function_control_flow(name: str) -> None:
    est = ESTIMATORS[name]()
    _, fn = parse(CONTROL_PROGRAM)
    x_val, y_val = fn.body.block.args[:2]
    x, y = uniform(200, 100, 0.05, 60), uniform(200, 100, 0.03, 61)
    out = sketches(fn, est, {x_val: x, y_val: y})
    r, q, w = fn.body.block.last_op.operands  # type: ignore[union-attr]
    union = nnz(x + y)
    # Loops: the body once from the initial sketches, then the larger of init and yield.
    assert rel_err(out[r].nnz, union) < 0.05
    assert rel_err(out[w].nnz, union) < 0.05
    for_op = r.owner
    acc = for_op.body.block.args[1]  # type: ignore[union-attr]
    assert out[acc].nnz == nnz(x)
    # scf.if with an unknown condition: the larger branch (X, not X*Y).
    assert out[q].nnz == nnz(x) and not out[q].exact


@pytest.mark.parametrize("example", sorted(p.name for p in EXAMPLES.glob("*.mlir")))
def test_examples_never_fail(example: str) -> None:
    """Every rule runs without raising on the example programs; estimates stay in range."""
    errors: list[BaseException] = []

    class Strict(MNCEstimator):
        def estimate(self, op: Any, inputs: Any) -> Sketch:
            try:
                return super().estimate(op, inputs)
            except Exception as e:
                errors.append(e)
                raise

    module = parse_module(make_context(), (EXAMPLES / example).read_text(), example)
    for fn in (op for op in module.ops if isinstance(op, func.FuncOp)):
        for est in (Strict(), META):
            for v, sk in sketches(fn, est).items():
                cells = sk.cells
                if sk.nnz is not None and cells is not None:
                    assert 0 <= sk.nnz <= cells, (v, sk)
    assert not errors, errors

"""The matrix-dialect kernels against plain NumPy on dense, sparse, vector and 1x1 inputs."""

from __future__ import annotations

import functools
import math
import time
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import scipy.sparse as sp
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from xdsl.context import Context
from xdsl.dialects.arith import Arith
from xdsl.dialects.builtin import Builtin, ModuleOp
from xdsl.dialects.func import Func, FuncOp
from xdsl.ir import Operation
from xdsl.parser import Parser

from amls.dialects.matrix import Matrix
from amls.interpreter.kernels import KernelError, load_builtin_kernels
from amls.interpreter.kernels import matrix as mk
from amls.interpreter.kernels.matrix import BLAS_DOT_MAX, SPARSE_THRESHOLD, describe

KERNELS = load_builtin_kernels()
M = "!matrix.mat<?x?xf64>"
NAN, INF = math.nan, math.inf


# ---------------------------------------------------------------------------
# Building one-op functions and running their kernel.


@functools.cache
def _ctx() -> Context:
    ctx = Context()
    for d in (Builtin, Func, Arith, Matrix):
        ctx.load_dialect(d)
    return ctx


def _type_of(v: Any) -> str:
    if isinstance(v, bool | int):
        return "i64"
    if isinstance(v, float):
        return "f64"
    return M


@functools.cache
def make_op(
    name: str, in_types: tuple[str, ...], out: str | None, head: str, props: str
) -> Operation:
    """`%r = matrix.NAME head %a0, ... props : (types) -> out` inside a function."""
    params = ", ".join(f"%a{i}: {t}" for i, t in enumerate(in_types))
    operands = ", ".join(f"%a{i}" for i in range(len(in_types)))
    sig = f"({', '.join(in_types)})" + (f" -> {out}" if out else "")
    body = f"matrix.{name} {head} {operands} {props} : {sig}"
    if out:
        src = f"func.func @f({params}) -> {out} {{\n  %r = {body}\n  func.return %r : {out}\n}}"
    else:
        src = f"func.func @f({params}) {{\n  {body}\n  func.return\n}}"
    module = Parser(_ctx(), src).parse_module()
    assert isinstance(module, ModuleOp)
    func = module.body.block.first_op
    assert isinstance(func, FuncOp)
    op = func.body.block.first_op
    assert op is not None and op.name == f"matrix.{name}"
    return op


def run(name: str, *args: Any, out: str | None = M, head: str = "", props: str = "") -> Any:
    op = make_op(name, tuple(_type_of(a) for a in args), out, head, props)
    return KERNELS[type(op)](op, args)


# ---------------------------------------------------------------------------
# Values and comparisons.


def dense(x: Any) -> Any:
    return x.toarray() if sp.issparse(x) else x


def check_value(x: Any) -> None:
    """A well-formed runtime matrix, following the sparsity policy."""
    if sp.issparse(x):
        assert isinstance(x, sp.csr_array), type(x)
        assert x.dtype == np.float64
        cells = x.shape[0] * x.shape[1]
        assert x.nnz <= SPARSE_THRESHOLD * cells or cells == 0
    else:
        assert type(x) is np.ndarray, type(x)
        assert x.ndim == 2 and x.dtype == np.float64


def assert_same(got: Any, want: Any) -> None:
    """Equal as dense NumPy values, NaN == NaN, shapes included."""
    check_value(got)
    want = np.asarray(want, dtype=np.float64)
    assert dense(got).shape == want.shape, (dense(got).shape, want.shape)
    np.testing.assert_array_equal(dense(got), want)


def assert_close(got: Any, want: Any) -> None:
    check_value(got)
    want = np.asarray(want, dtype=np.float64)
    assert dense(got).shape == want.shape
    np.testing.assert_allclose(dense(got), want, rtol=1e-12, atol=1e-12, equal_nan=True)


def csr(x: Any) -> sp.csr_array:
    return sp.csr_array(np.asarray(x, dtype=np.float64))


SPECIAL = [0.0, 0.0, 0.0, 0.0, 1.0, -1.0, 2.5, -0.5, 0.5, 3.0, -2.0, NAN, INF, -INF]
elements = st.one_of(st.sampled_from(SPECIAL), st.floats(-10, 10, allow_nan=False))


@st.composite
def matrices(draw: st.DrawFn, shape: tuple[int, int], sparse: bool | None = None) -> Any:
    values = draw(st.lists(elements, min_size=shape[0] * shape[1], max_size=shape[0] * shape[1]))
    a = np.array(values, dtype=np.float64).reshape(shape)
    if sparse is None:
        sparse = draw(st.booleans())
    return csr(a) if sparse else a


def shapes_for(kind: str, r: int, c: int) -> tuple[int, int]:
    return {"full": (r, c), "row": (1, c), "col": (r, 1), "one": (1, 1)}[kind]


# ---------------------------------------------------------------------------
# Registry.


def test_every_matrix_op_has_a_kernel() -> None:
    missing = [op.name for op in Matrix.operations if op not in KERNELS]
    assert not missing


# ---------------------------------------------------------------------------
# Element-wise binary ops.


def _cmp(fn: Any) -> Any:
    return lambda x, y: fn(x, y).astype(np.float64)


REF_BINARY: dict[str, Any] = {
    "add": np.add,
    "sub": np.subtract,
    "mul": np.multiply,
    "div": np.divide,
    "pow": np.power,
    "min": np.minimum,
    "max": np.maximum,
    "mod": np.mod,
    "eq": _cmp(np.equal),
    "ne": _cmp(np.not_equal),
    "lt": _cmp(np.less),
    "le": _cmp(np.less_equal),
    "gt": _cmp(np.greater),
    "ge": _cmp(np.greater_equal),
    "and": lambda x, y: ((np.asarray(x) != 0) & (np.asarray(y) != 0)).astype(np.float64),
    "or": lambda x, y: ((np.asarray(x) != 0) | (np.asarray(y) != 0)).astype(np.float64),
}
PAIRS = [
    ("full", "full"),
    ("full", "row"),
    ("row", "full"),
    ("full", "col"),
    ("col", "full"),
    ("full", "one"),
    ("one", "full"),
    ("full", "scalar"),
    ("scalar", "full"),
    ("one", "one"),
    ("row", "scalar"),
]


def ref_binary(name: str, a: Any, b: Any) -> Any:
    da = a if isinstance(a, float) else dense(a)
    db = b if isinstance(b, float) else dense(b)
    with np.errstate(all="ignore"):
        out = np.asarray(REF_BINARY[name](da, db), dtype=np.float64)
    return out


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    name=st.sampled_from(sorted(REF_BINARY)),
    pair=st.sampled_from(PAIRS),
    r=st.integers(0, 4),
    c=st.integers(0, 4),
    data=st.data(),
)
def test_binary_matches_numpy(name: str, pair: tuple[str, str], r: int, c: int, data: Any) -> None:
    ops = []
    for kind in pair:
        if kind == "scalar":
            ops.append(data.draw(elements))
        else:
            ops.append(data.draw(matrices(shapes_for(kind, r, c))))
    got = run(name, *ops)
    assert_same(got, ref_binary(name, *ops))


@pytest.mark.parametrize("name", sorted(REF_BINARY))
def test_binary_sparse_nan_inf(name: str) -> None:
    """Implicit zeros of a sparse operand meet NaN/Inf: 0*NaN is NaN, 0/0 is NaN, ..."""
    s = csr([[0, 2, 0], [0, 0, -1], [3, 0, 0]])
    d = np.array([[NAN, 1, INF], [-INF, 0, 2], [0, NAN, 5]])
    for a, b in ((s, d), (d, s), (s, NAN), (NAN, s), (s, INF), (s, 0.0), (0.0, s), (s, s)):
        assert_same(run(name, a, b), ref_binary(name, a, b))
    stored_nan = csr([[0, NAN, 0], [INF, 0, 0], [0, 0, 1]])
    for a, b in ((stored_nan, s), (s, stored_nan), (stored_nan, stored_nan)):
        assert_same(run(name, a, b), ref_binary(name, a, b))


def test_binary_sparse_vectors_broadcast() -> None:
    s = csr(np.eye(5))
    row, col = csr([[0, 2, 0, 0, 1]]), csr(np.array([[1], [0], [0], [NAN], [0]]))
    for a, b in ((s, row), (row, s), (s, col), (col, s), (s, csr([[2.0]])), (csr([[0.0]]), s)):
        for name in ("add", "mul", "div", "lt", "min"):
            assert_same(run(name, a, b), ref_binary(name, a, b))


def _sparse_sample(n: int = 20, density: float = 0.1) -> sp.csr_array:
    x = sp.random_array((n, n), density=density, format="csr", rng=np.random.default_rng(3))
    return sp.csr_array(x * 4 - 2 * (x != 0))


@pytest.mark.parametrize(
    ("name", "other", "stays_sparse"),
    [
        ("mul", 2.0, True),
        ("mul", NAN, False),
        ("div", 2.0, True),
        ("div", 0.0, False),
        ("pow", 2.0, True),
        ("pow", 0.5, True),
        ("pow", 0.0, False),
        ("pow", -1.0, False),
        ("add", 1.0, False),
        ("add", 0.0, True),
        ("sub", 0.0, True),
        ("gt", 0.5, True),
        ("ge", 0.0, False),
        ("eq", 0.0, False),
        ("and", 1.0, True),
        ("max", 0.0, True),
    ],
)
def test_sparse_policy_with_scalar(name: str, other: float, stays_sparse: bool) -> None:
    s = _sparse_sample()
    got = run(name, s, other)
    assert sp.issparse(got) == stays_sparse
    assert_same(got, ref_binary(name, s, other))


def test_sparse_policy_matrix_operands() -> None:
    s, t = _sparse_sample(), _sparse_sample(density=0.05).T.tocsr()
    finite = np.random.default_rng(0).normal(size=s.shape)
    assert sp.issparse(run("mul", s, finite))  # sparse * dense stays on s's pattern
    assert sp.issparse(run("mul", finite, s))
    assert sp.issparse(run("add", s, t)) and sp.issparse(run("sub", s, t))
    assert sp.issparse(run("mul", s, t))
    with_nan = finite.copy()
    with_nan[0, 0] = NAN
    got = run("mul", s, with_nan)
    assert_same(got, dense(s) * with_nan)
    assert not sp.issparse(run("add", s, finite))
    # Above the threshold a sparse sum becomes dense.
    a = csr(np.kron(np.eye(2), np.ones((1, 2))))  # density 0.25 each
    b = csr(np.kron(np.eye(2), np.ones((1, 2)))[::-1])
    got = run("add", a, b)
    assert not sp.issparse(got)
    assert_same(got, dense(a) + dense(b))


def test_binary_errors() -> None:
    with pytest.raises(KernelError, match="outer"):
        run("add", np.ones((3, 1)), np.ones((1, 4)))
    with pytest.raises(KernelError, match="cannot broadcast"):
        run("add", np.ones((3, 2)), np.ones((2, 3)))
    with pytest.raises(KernelError, match="cannot broadcast"):
        run("mul", np.ones((3, 2)), np.ones((1, 3)))


def test_mod_is_r_modulo() -> None:
    a = np.array([[5.0, -5.0, 5.0, -5.0, 5.5]])
    b = np.array([[3.0, 3.0, -3.0, -3.0, 0.0]])
    assert_same(run("mod", a, b), [[2.0, 1.0, -1.0, -2.0, NAN]])


def test_binary_does_not_mutate_inputs() -> None:
    s = _sparse_sample()
    before = (s.data.copy(), s.indices.copy(), s.indptr.copy())
    d = np.arange(400.0).reshape(20, 20)
    d0 = d.copy()
    for name in REF_BINARY:
        run(name, s, d)
        run(name, s, s)
        run(name, 0.0, s)
    for x, y in zip(before, (s.data, s.indices, s.indptr), strict=True):
        np.testing.assert_array_equal(x, y)
    np.testing.assert_array_equal(d, d0)


# ---------------------------------------------------------------------------
# Element-wise unary ops and select.


def _round_ref(x: Any) -> Any:
    def one(v: float) -> float:
        if not math.isfinite(v):
            return v
        return float(Decimal(v).quantize(Decimal(1), rounding=ROUND_HALF_UP))

    return np.vectorize(one, otypes=[np.float64])(x) if np.size(x) else np.asarray(x)


REF_UNARY: dict[str, Any] = {
    "neg": np.negative,
    "exp": np.exp,
    "log": np.log,
    "sqrt": np.sqrt,
    "abs": np.abs,
    "sign": np.sign,
    "round": _round_ref,
    "floor": np.floor,
    "ceil": np.ceil,
    "sigmoid": lambda x: 1.0 / (1.0 + np.exp(-x)),
    "not": lambda x: (x == 0).astype(np.float64),
    "sin": np.sin,
    "cos": np.cos,
    "tan": np.tan,
    "isnan": lambda x: np.isnan(x).astype(np.float64),
    "asin": np.arcsin,
    "acos": np.arccos,
    "atan": np.arctan,
    "sinh": np.sinh,
    "cosh": np.cosh,
    "tanh": np.tanh,
    "isinf": lambda x: np.isinf(x).astype(np.float64),
}
KEEPS_ZERO = {
    "neg", "sqrt", "abs", "sign", "round", "floor", "ceil",
    "sin", "tan", "isnan", "asin", "atan", "sinh", "tanh", "isinf",
}  # fmt: skip


@settings(max_examples=200, deadline=None)
@given(
    name=st.sampled_from(sorted(REF_UNARY)),
    shape=st.sampled_from([(3, 4), (1, 5), (4, 1), (1, 1), (0, 3), (3, 0)]),
    data=st.data(),
)
def test_unary_matches_numpy(name: str, shape: tuple[int, int], data: Any) -> None:
    x = data.draw(matrices(shape))
    got = run(name, x)
    with np.errstate(all="ignore"):
        want = REF_UNARY[name](dense(x))
    assert_same(got, want)  # sigmoid too: 1 / (1 + exp(-x)) as written, bit for bit


@pytest.mark.parametrize("name", sorted(REF_UNARY))
def test_unary_sparsity(name: str) -> None:
    s = _sparse_sample()
    got = run(name, s)
    assert sp.issparse(got) == (name in KEEPS_ZERO)
    with np.errstate(all="ignore"):
        assert_same(got, REF_UNARY[name](dense(s)))


def test_trig_hyperbolic_special_values() -> None:
    """Outside [-1, 1] asin/acos are NaN; sinh/cosh overflow to +-Inf past ~710.48;
    atan/tanh saturate at +-pi/2 and +-1; is.infinite is 1 for +-Inf only (not NaN),
    is.nan for NaN only."""
    x = np.array([[0.0, 1.0, -1.0, 1.5, 710.0, 711.0, -711.0, INF, -INF, NAN]])
    h = math.pi / 2
    assert_same(run("asin", x), [[0, h, -h, NAN, NAN, NAN, NAN, NAN, NAN, NAN]])
    assert_same(run("acos", x), [[h, 0, math.pi, NAN, NAN, NAN, NAN, NAN, NAN, NAN]])
    assert_close(run("atan", x)[:, 7:], [[h, -h, NAN]])
    assert_same(run("tanh", x)[:, 7:], [[1.0, -1.0, NAN]])
    assert_same(run("sinh", x)[:, 5:], [[INF, -INF, INF, -INF, NAN]])
    assert_same(run("cosh", x)[:, 5:], [[INF, INF, INF, INF, NAN]])
    assert np.isfinite(dense(run("sinh", x))[0, 4])  # sinh(710) = 1.117e308 still fits
    assert_same(run("isinf", x), [[0, 0, 0, 0, 0, 0, 0, 1, 1, 0]])
    assert_same(run("isnan", x), [[0, 0, 0, 0, 0, 0, 0, 0, 0, 1]])


def test_trig_hyperbolic_csr_keeps_its_pattern() -> None:
    """On CSR, the zero-keeping ops map the stored values only: the pattern stays (a
    NaN from asin(2) is stored where the 2 was), and the result has no dense zeros."""
    s = _sparse_sample()
    s.data[:3] = [2.0, -INF, 800.0]
    for name in ("asin", "atan", "sinh", "tanh", "isinf"):
        got = run(name, s)
        assert sp.issparse(got), name
        assert got.nnz <= s.nnz, name
        with np.errstate(all="ignore"):
            assert_same(got, REF_UNARY[name](dense(s)))
    for name in ("acos", "cosh"):  # acos(0) = pi/2, cosh(0) = 1: dense
        assert not sp.issparse(run(name, s)), name


def test_round_half_away_from_zero() -> None:
    x = np.array([[0.5, 1.5, 2.5, -0.5, -1.5, -2.5, 0.49999999999999994, 2.4, NAN, -INF]])
    assert_same(run("round", x), [[1, 2, 3, -1, -2, -3, 0, 2, NAN, -INF]])


def test_sigmoid_is_stable() -> None:
    got = run("sigmoid", np.array([[-1000.0, -30.0, 0.0, 30.0, 1000.0, NAN]]))
    assert_close(got, [[0.0, 1 / (1 + math.exp(30)), 0.5, 1 / (1 + math.exp(-30)), 1.0, NAN]])


def test_select() -> None:
    cond = np.array([[1.0, 0.0], [NAN, -2.0]])
    a, b = np.array([[1.0, 2.0], [3.0, 4.0]]), np.array([[-1.0, -2.0], [-3.0, -4.0]])
    want = np.where(cond != 0, a, b)
    for c in (cond, csr(cond)):
        for x, y in ((a, b), (csr(a), b), (a, csr(b))):
            assert_same(run("select", c, x, y), want)
        assert_same(run("select", c, 7.0, 0.0), np.where(cond != 0, 7.0, 0.0))
        assert_same(run("select", c, a, 0.0), np.where(cond != 0, a, 0.0))
        assert_same(run("select", c, 0.0, b), np.where(cond != 0, 0.0, b))
    s = _sparse_sample()
    got = run("select", s, 5.0, 0.0)
    assert sp.issparse(got)
    assert_same(got, np.where(dense(s) != 0, 5.0, 0.0))
    t = _sparse_sample(density=0.2).T.tocsr()
    got = run("select", s, t, 0.0)
    assert sp.issparse(got)
    assert_same(got, np.where(dense(s) != 0, dense(t), 0.0))
    with pytest.raises(KernelError, match="differs"):
        run("select", cond, np.ones((1, 2)), 0.0)


# ---------------------------------------------------------------------------
# Linear algebra and reorganisation.


@settings(max_examples=150, deadline=None)
@given(
    m=st.integers(0, 4),
    k=st.integers(0, 4),
    n=st.integers(0, 4),
    data=st.data(),
)
def test_matmul_matches_numpy(m: int, k: int, n: int, data: Any) -> None:
    a = data.draw(matrices((m, k)))
    b = data.draw(matrices((k, n)))
    got = run("matmul", a, b)
    with np.errstate(all="ignore"):
        want = dense(a) @ dense(b)
    assert_close(got, want)
    if not sp.issparse(a) or not sp.issparse(b):
        assert isinstance(got, np.ndarray)


def test_matmul_nan_meets_implicit_zero() -> None:
    s = csr([[1.0, 0.0], [0.0, 0.0]])
    d = np.array([[1.0, 2.0], [INF, 3.0]])
    with np.errstate(all="ignore"):
        assert_close(run("matmul", s, d), dense(s) @ d)  # 0 * inf in row 0 -> NaN
        assert_close(run("matmul", d.T, s), d.T @ dense(s))
        t = csr([[NAN, 0.0], [0.0, 2.0]])
        assert_close(run("matmul", s, t), dense(s) @ dense(t))
        assert_close(run("matmul", t, s), dense(t) @ dense(s))


def test_csr_times_a_column_runs_scipys_kernel_and_keeps_ieee() -> None:
    from amls.interpreter.kernels.matrix import _csr_matvec

    s = _sparse_sample(40, 0.1)
    b = np.linspace(-2.0, 3.0, 40).reshape(-1, 1)
    got = _csr_matvec(s, b)
    assert got is not None and got.flags.owndata and got.flags.c_contiguous
    assert_close(got, dense(s) @ b)
    wide = np.linspace(0.0, 1.0, 120).reshape(40, 3)
    assert_close(run("matmul", s, wide[:, 1:2]), dense(s) @ wide[:, 1:2])  # a strided view
    s64 = sp.csr_array((s.data, s.indices.astype(np.int64), s.indptr.astype(np.int64)), s.shape)
    assert_close(run("matmul", s64, b), dense(s) @ b)
    big = np.full((40, 1), 1e307)  # sum(b) overflows: the general path decides
    with np.errstate(all="ignore"):  # (as kernels run: the engine sets it per call)
        assert _csr_matvec(s, big) is None
        assert_close(run("matmul", s, big), dense(s) @ big)
        for bad in (INF, NAN):  # meets the implicit zeros: NaN where dense gives NaN
            c = b.copy()
            c[5, 0] = bad
            assert _csr_matvec(s, c) is None
            assert_close(run("matmul", s, c), dense(s) @ c)
    assert _csr_matvec(csr(np.zeros((0, 40))), b) is None
    assert_same(run("matmul", csr(np.zeros((0, 40))), b), np.zeros((0, 1)))


def test_t_of_csr_times_a_column_reads_the_csc_view() -> None:
    # phys.tmm's sparse path: t(X) %*% b by SciPy's csc_matvec on X's own arrays.
    from amls.interpreter.kernels.matrix import csr_t_matvec
    from amls.interpreter.phys.local import tmm

    s = _sparse_sample(40, 0.1)  # 40 x 40
    rect = csr(dense(s)[:, :7])
    b = np.linspace(-2.0, 3.0, 40).reshape(-1, 1)
    for x in (s, rect):
        got = csr_t_matvec(x, b)
        assert got is not None and got.flags.owndata and got.shape == (x.shape[1], 1)
        assert_close(got, dense(x).T @ b)
        assert_close(tmm(None, (x, b)), dense(x).T @ b)  # type: ignore[arg-type]
    wide = np.linspace(0.0, 1.0, 120).reshape(40, 3)
    assert_close(csr_t_matvec(s, wide[:, 1:2]), dense(s).T @ wide[:, 1:2])  # strided
    s64 = sp.csr_array((s.data, s.indices.astype(np.int64), s.indptr.astype(np.int64)), s.shape)
    assert_close(csr_t_matvec(s64, b), dense(s).T @ b)
    with np.errstate(all="ignore"):
        for bad in (INF, NAN, 1e307):  # not finite (or sum overflows): the general path
            c = np.full((40, 1), 1e307) if bad == 1e307 else b.copy()
            c[5, 0] = bad
            assert csr_t_matvec(s, c) is None
            assert_close(tmm(None, (s, c)), dense(s).T @ c)  # type: ignore[arg-type]
    assert csr_t_matvec(csr(np.zeros((0, 4))), np.zeros((0, 1))) is None
    assert csr_t_matvec(s, wide) is None  # a matrix, not a column


def test_matmul_sparse_policy_and_errors() -> None:
    s = _sparse_sample(40, 0.02)
    assert sp.issparse(run("matmul", s, s))
    assert isinstance(run("matmul", s, np.ones((40, 2))), np.ndarray)
    assert isinstance(run("matmul", np.ones((2, 40)), s), np.ndarray)
    with pytest.raises(KernelError, match="inner"):
        run("matmul", np.ones((2, 3)), np.ones((2, 3)))


def test_transpose() -> None:
    x = np.arange(6.0).reshape(2, 3)
    assert_same(run("transpose", x), x.T)
    s = _sparse_sample()
    got = run("transpose", s)
    assert sp.issparse(got)
    assert_same(got, dense(s).T)
    # flagged canonical without SciPy's check: make sure it is (sorted, no duplicates)
    plain = sp.csr_array((got.data, got.indices, got.indptr), shape=got.shape)
    assert plain.has_canonical_format
    assert_same(run("transpose", np.zeros((0, 3))), np.zeros((3, 0)))


def test_diag(monkeypatch: pytest.MonkeyPatch) -> None:
    """A diagonal matrix is dense up to DIAG_DENSE_CELLS (a dense program's identity never
    imports scipy.sparse), CSR beyond; the same values either way."""
    v = np.array([[1.0], [0.0], [3.0], [4.0]])
    got = run("diag", v)
    assert isinstance(got, np.ndarray)
    assert_same(got, np.diag(v[:, 0]))
    monkeypatch.setattr(mk, "DIAG_DENSE_CELLS", 15)
    got = run("diag", v)
    assert sp.issparse(got) and got.nnz == 3
    assert_same(got, np.diag(v[:, 0]))
    assert_same(run("diag", csr(v)), np.diag(v[:, 0]))
    sq = np.arange(9.0).reshape(3, 3)
    assert_same(run("diag", sq), np.diag(sq).reshape(-1, 1))
    assert_same(run("diag", csr(sq)), np.diag(sq).reshape(-1, 1))
    assert_same(run("diag", np.array([[5.0]])), [[5.0]])
    assert_same(run("diag", np.zeros((0, 1))), np.zeros((0, 0)))
    with pytest.raises(KernelError, match="column vector or a square"):
        run("diag", np.ones((2, 3)))


def test_reshape() -> None:
    x = np.arange(12.0).reshape(3, 4)
    assert_same(run("reshape", x, 2, 6), x.reshape(2, 6))
    assert_same(run("reshape", x, 12, 1), x.reshape(12, 1))
    s = csr(np.eye(4))
    got = run("reshape", s, 2, 8)
    assert sp.issparse(got)
    assert_same(got, np.eye(4).reshape(2, 8))
    with pytest.raises(KernelError, match="cannot reshape"):
        run("reshape", x, 5, 2)


REDUCE_KINDS = ["sum", "mean", "min", "max", "sumsq", "argmin", "argmax"]


def ref_reduce(kind: str, x: Any, axis: str) -> Any:
    x = dense(x)
    np_axis = None if axis == "all" else (1 if axis == "row" else 0)
    kw: dict[str, Any] = {} if axis == "all" else {"keepdims": True}
    with np.errstate(all="ignore"):
        if kind == "sum":
            return np.sum(x, axis=np_axis, **kw)
        if kind == "sumsq":
            return np.sum(x * x, axis=np_axis, **kw)
        if kind == "mean":
            n = x.size if np_axis is None else x.shape[np_axis]
            return np.sum(x, axis=np_axis, **kw) / np.float64(n)
        if kind == "min":
            return np.min(x, axis=np_axis, initial=INF, **kw)
        if kind == "max":
            return np.max(x, axis=np_axis, initial=-INF, **kw)
        fn = np.argmin if kind == "argmin" else np.argmax
        return fn(x, axis=np_axis, keepdims=True).astype(np.float64)


@settings(max_examples=300, deadline=None)
@given(
    kind=st.sampled_from(REDUCE_KINDS),
    axis=st.sampled_from(["all", "row", "col"]),
    shape=st.sampled_from([(3, 4), (1, 5), (4, 1), (1, 1), (5, 5)]),
    data=st.data(),
)
def test_reduce_matches_numpy(kind: str, axis: str, shape: tuple[int, int], data: Any) -> None:
    if kind.startswith("arg") and axis == "all":
        return
    x = data.draw(matrices(shape))
    out = "f64" if axis == "all" else M
    got = run("reduce", x, out=out, head=f"{kind} {axis}")
    want = ref_reduce(kind, x, axis)
    if axis == "all":
        assert isinstance(got, float)
        np.testing.assert_allclose(got, want, rtol=1e-12, equal_nan=True)
    else:
        assert isinstance(got, np.ndarray)
        assert_close(got, want)


@pytest.mark.parametrize("kind", ["min", "max", "argmin", "argmax"])
def test_reduce_sparse_counts_implicit_zeros(kind: str) -> None:
    rows = [[0, -1, 0, 2], [3, 4, 5, 6], [-1, -2, -3, -4], [0, 0, 0, 0], [1, 0, NAN, 0]]
    x = np.array([*rows, [-1, 0, 0, -2]])
    s = csr(x)
    s_explicit = sp.csr_array((np.array([0.0, 1.0]), np.array([1, 3]), np.array([0, 2])), (1, 4))
    for axis in ("row", "col"):
        assert_same(run("reduce", s, head=f"{kind} {axis}"), ref_reduce(kind, x, axis))
        assert_same(
            run("reduce", s_explicit, head=f"{kind} {axis}"),
            ref_reduce(kind, s_explicit, axis),
        )
    if not kind.startswith("arg"):
        got = run("reduce", csr([[1.0, 0.0], [2.0, 3.0]]), out="f64", head=f"{kind} all")
        assert got == (0.0 if kind == "min" else 3.0)


def test_reduce_empty_conventions() -> None:
    for x in (np.zeros((0, 3)), csr(np.zeros((0, 3))), np.zeros((2, 0))):
        assert run("reduce", x, out="f64", head="sum all") == 0.0
        assert run("reduce", x, out="f64", head="sumsq all") == 0.0
        assert math.isnan(run("reduce", x, out="f64", head="mean all"))
        assert run("reduce", x, out="f64", head="min all") == INF
        assert run("reduce", x, out="f64", head="max all") == -INF
    assert_same(run("reduce", np.zeros((2, 0)), head="sum row"), np.zeros((2, 1)))
    assert_same(run("reduce", np.zeros((2, 0)), head="min row"), np.full((2, 1), INF))
    assert_same(run("reduce", csr(np.zeros((2, 0))), head="max row"), np.full((2, 1), -INF))
    assert_same(run("reduce", np.zeros((0, 3)), head="mean col"), np.full((1, 3), NAN))
    assert_same(run("reduce", np.zeros((0, 3)), head="argmax row"), np.zeros((0, 1)))
    for x in (np.zeros((2, 0)), csr(np.zeros((2, 0)))):
        with pytest.raises(KernelError, match="empty"):
            run("reduce", x, head="argmax row")
    with pytest.raises(KernelError, match="empty"):
        run("reduce", np.zeros((0, 3)), head="argmin col")


def test_sumsq_and_inner_product_long_and_strided() -> None:
    """sumsq and the 1xn %*% nx1 product compute without temporaries: views of any stride
    and vectors longer than BLAS_DOT_MAX (not handed to a threaded BLAS dot; contiguous
    ones in BLAS_DOT_MAX-long pieces) give NumPy's numbers, NaN and Inf included."""
    rng = np.random.default_rng(5)
    n = BLAS_DOT_MAX + 2345
    x = rng.standard_normal((n, 3))
    x[7, 0], x[11, 2] = NAN, INF
    views = {"C": x, "F": x.T, "column": x[:, 1:2], "every other row": x[::2], "short": x[:9]}
    for what, v in views.items():
        for axis in ("all", "row", "col"):
            got = run("reduce", v, out="f64" if axis == "all" else M, head=f"sumsq {axis}")
            want = ref_reduce("sumsq", v, axis)
            np.testing.assert_allclose(got, want, rtol=1e-12, equal_nan=True, err_msg=what)
    s = csr(np.where(rng.random((n, 4)) < 0.05, x[:, :1], 0.0))
    for axis in ("all", "row", "col"):
        got = run("reduce", s, out="f64" if axis == "all" else M, head=f"sumsq {axis}")
        np.testing.assert_allclose(got, ref_reduce("sumsq", s, axis), rtol=1e-12, equal_nan=True)
    # Contiguous columns: batched BLAS dots over BLAS_DOT_MAX-long pieces, and the rest.
    c1, c2 = np.ascontiguousarray(x[:, 0:1]), np.ascontiguousarray(x[:, 2:3])
    whole = np.ascontiguousarray(np.tile(x[:, 1:2], (3, 1))[: 3 * BLAS_DOT_MAX])
    pairs = [(x[:, 1:2].T, x[:, 2:3]), (x[:, 1:2].T, x[:, 1:2]), (x[:9, 0:1].T, x[:9, 1:2])]
    pairs += [(c1.T, c2), (c2.T, c2), (whole.T, whole), (c1[1:].T, c2[1:])]
    for a, b in pairs:
        got = run("matmul", a, b)
        assert isinstance(got, np.ndarray) and got.shape == (1, 1)
        np.testing.assert_allclose(got, a @ b, rtol=1e-12, equal_nan=True)
    assert_same(run("matmul", np.zeros((1, 0)), np.zeros((0, 1))), [[0.0]])


def test_trace() -> None:
    x = np.arange(9.0).reshape(3, 3)
    assert run("trace", x, out="f64") == 12.0
    assert run("trace", csr(x), out="f64") == 12.0
    assert run("trace", np.zeros((0, 0)), out="f64") == 0.0
    with pytest.raises(KernelError, match="square"):
        run("trace", np.ones((2, 3)), out="f64")


def test_slice() -> None:
    x = np.arange(20.0).reshape(4, 5)
    assert_same(run("slice", x, 1, 3, 0, 5), x[1:3, 0:5])
    assert_same(run("slice", x, 2, 2, 1, 4), x[2:2, 1:4])
    s = _sparse_sample()
    got = run("slice", s, 0, 10, 5, 15)
    assert_same(got, dense(s)[0:10, 5:15])
    # the verifier's words (mx.slice_error), so -O0 and -O2 report alike
    with pytest.raises(KernelError, match=r"^row slice end 5 is out of range for 4x5$"):
        run("slice", x, 0, 5, 0, 5)
    with pytest.raises(KernelError, match=r"^col slice end 6 is out of range for 4x5$"):
        run("slice", x, 0, 1, 0, 6)
    with pytest.raises(KernelError, match=r"^row slice \[3:1\] is reversed$"):
        run("slice", x, 3, 1, 0, 1)
    with pytest.raises(KernelError, match=r"^row slice start -1 is negative$"):
        run("slice", x, -1, 1, 0, 1)


def test_update() -> None:
    a = np.arange(20.0).reshape(4, 5)
    b = np.array([[-1.0, 0.0], [NAN, -4.0]])
    want = a.copy()
    want[1:3, 2:4] = b
    got = run("update", a, b, 1, 2)
    assert_same(got, want)
    np.testing.assert_array_equal(a, np.arange(20.0).reshape(4, 5))  # input untouched
    s = _sparse_sample()
    for bb in (b, csr(b)):
        got = run("update", s, bb, 18, 0)
        want = dense(s).copy()
        want[18:20, 0:2] = b
        assert sp.issparse(got)
        assert_same(got, want)
    with pytest.raises(KernelError, match="out of range"):
        run("update", a, b, 3, 0)
    with pytest.raises(KernelError, match="out of range"):
        run("update", a, b, 0, -1)


def test_cbind_rbind() -> None:
    a, b = np.ones((2, 3)), np.arange(4.0).reshape(2, 2)
    assert_same(run("cbind", a, b), np.hstack([a, b]))
    assert_same(run("cbind", a, csr(b), a), np.hstack([a, b, a]))
    assert_same(run("rbind", a, a.T.T), np.vstack([a, a]))
    assert_same(run("rbind", a, np.zeros((0, 3))), a)
    s = _sparse_sample()
    got = run("cbind", s, s)
    assert sp.issparse(got)
    assert_same(got, np.hstack([dense(s)] * 2))
    got = run("rbind", s, csr(np.zeros((3, 20))))
    assert sp.issparse(got)
    with pytest.raises(KernelError, match="different rows"):
        run("cbind", a, np.ones((3, 1)))
    with pytest.raises(KernelError, match="different cols"):
        run("rbind", a, b)


def test_solve_and_inv() -> None:
    a = np.array([[4.0, 1.0, 0.0], [1.0, 3.0, 0.0], [0.0, 0.0, 2.0]])
    b = np.array([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
    for aa in (a, csr(a)):
        for bb in (b, b[:, :1], csr(b)):
            assert_close(run("solve", aa, bb), np.linalg.solve(a, dense(bb)))
        assert_close(run("inv", aa), np.linalg.inv(a))
    d = csr(np.diag([1.0, 2.0, 4.0, 8.0]))
    got = run("inv", d)
    assert sp.issparse(got)
    assert_same(got, np.diag([1.0, 0.5, 0.25, 0.125]))
    singular = np.array([[1.0, 2.0], [2.0, 4.0]])
    for x in (singular, csr(singular)):
        with pytest.raises(KernelError, match="singular"):
            run("solve", x, np.ones((2, 1)))
        with pytest.raises(KernelError, match="singular"):
            run("inv", x)
    with pytest.raises(KernelError, match="square"):
        run("inv", np.ones((2, 3)))
    with pytest.raises(KernelError):
        run("solve", a, np.ones((2, 1)))


def test_non_canonical_sparse_input() -> None:
    """Duplicate entries sum (CSR semantics) and explicit zeros are zeros."""
    dup = sp.csr_array(
        (np.array([1.0, 2.0, 0.0, -4.0]), np.array([1, 1, 0, 2]), np.array([0, 2, 4])), (2, 3)
    )
    x = np.array([[0.0, 3.0, 0.0], [0.0, 0.0, -4.0]])
    before = dup.data.copy()
    assert run("nnz", dup, out="i64") == 2
    assert run("reduce", dup, out="f64", head="max all") == 3.0
    assert_same(run("reduce", dup, head="argmin row"), [[0.0], [2.0]])
    assert_same(run("mul", dup, 2.0), x * 2)
    assert_same(run("add", dup, dup), x + x)
    np.testing.assert_array_equal(dup.data, before)


# ---------------------------------------------------------------------------
# Metadata, scalar bridges.


def test_metadata() -> None:
    x = np.array([[0.0, 1.0, NAN], [0.0, 0.0, 2.0]])
    explicit = sp.csr_array((np.array([0.0, 5.0]), np.array([0, 1]), np.array([0, 2, 2])), (2, 3))
    for v in (x, csr(x)):
        assert run("nrow", v, out="i64") == 2 and run("ncol", v, out="i64") == 3
        assert run("nnz", v, out="i64") == 3
    assert run("nnz", explicit, out="i64") == 1
    assert isinstance(run("nnz", x, out="i64"), int)


def test_scalar_bridges() -> None:
    assert run("to_scalar", np.array([[2.5]]), out="f64") == 2.5
    assert run("to_scalar", csr([[0.0]]), out="f64") == 0.0
    assert isinstance(run("to_scalar", np.array([[2.5]]), out="f64"), float)
    with pytest.raises(KernelError, match="1x1"):
        run("to_scalar", np.ones((1, 2)), out="f64")
    assert_same(run("from_scalar", 3.0), [[3.0]])
    x = _sparse_sample()
    assert run("cast", x) is x


# ---------------------------------------------------------------------------
# Generators.


def rand(
    r: int,
    c: int,
    s: float,
    seed: int | None = 7,
    lo: float = 0.0,
    hi: float = 1.0,
    pdf: str = "uniform",
) -> Any:
    props = f'{{min = {lo!r}, max = {hi!r}, sparsity = {s!r}, pdf = "{pdf}"'
    props += "}" if seed is None else f", seed = {seed}}}"
    return run("rand", r, c, props=props)


def test_rand_seeded_sparse() -> None:
    x, y = rand(50, 40, 0.1), rand(50, 40, 0.1)
    assert isinstance(x, sp.csr_array)
    assert x.nnz == round(0.1 * 50 * 40) == np.count_nonzero(x.data)
    assert_same(x, dense(y))
    assert (x.data >= 0.0).all() and (x.data < 1.0).all()
    z = rand(50, 40, 0.1, seed=8)
    assert not np.array_equal(dense(x), dense(z))


def test_rand_dense_and_range() -> None:
    x = rand(30, 20, 0.5, lo=-3.0, hi=2.0)
    assert isinstance(x, np.ndarray) and x.shape == (30, 20)
    assert np.count_nonzero(x) == 300
    assert (x >= -3.0).all() and (x < 2.0).all()
    full = rand(30, 20, 1.0, lo=5.0, hi=6.0)
    assert isinstance(full, np.ndarray) and (full >= 5).all() and (full < 6).all()
    assert_same(full, rand(30, 20, 1.0, lo=5.0, hi=6.0))
    assert isinstance(rand(10, 10, SPARSE_THRESHOLD), np.ndarray)
    empty = rand(10, 10, 0.0)
    assert isinstance(empty, sp.csr_array) and empty.nnz == 0
    assert rand(0, 5, 0.5).shape == (0, 5)


def test_rand_normal_and_unseeded() -> None:
    x = rand(200, 100, 1.0, pdf="normal", lo=5.0, hi=6.0)
    assert abs(x.mean()) < 0.05 and abs(x.std() - 1.0) < 0.05
    a, b = rand(20, 20, 1.0, seed=None), rand(20, 20, 1.0, seed=None)
    assert not np.array_equal(a, b)
    assert_same(rand(3, 3, 1.0, seed=-5), rand(3, 3, 1.0, seed=-5))  # negative i64 seeds


def test_rand_large_sparse_is_fast() -> None:
    start = time.perf_counter()
    x = rand(100_000, 100_000, 1e-4, seed=1)
    elapsed = time.perf_counter() - start
    assert isinstance(x, sp.csr_array) and x.nnz == 1_000_000
    assert elapsed < 3.0  # ~0.3 s; would never finish (80 GB) if it allocated r*c cells
    start = time.perf_counter()
    d = rand(5000, 1000, 1.0, seed=1)
    assert isinstance(d, np.ndarray) and time.perf_counter() - start < 3.0


def test_fill() -> None:
    assert_same(run("fill", 2.5, 2, 3), np.full((2, 3), 2.5))
    z = run("fill", 0.0, 100_000, 100_000)
    assert isinstance(z, sp.csr_array) and z.shape == (100_000, 100_000) and z.nnz == 0
    assert_same(run("fill", NAN, 1, 2), [[NAN, NAN]])
    with pytest.raises(KernelError):
        run("fill", 1.0, -1, 2)


def test_seq() -> None:
    assert_same(run("seq", 1.0, 10.0, 2.0), np.array([[1, 3, 5, 7, 9]]).T)
    assert_same(run("seq", 1.0, 3.0, 1.0), [[1], [2], [3]])
    assert_same(run("seq", 5.0, 1.0, -2.0), [[5], [3], [1]])
    assert run("seq", 0.0, 1.0, 0.1).shape == (11, 1)  # reaches 1 despite rounding
    assert_same(run("seq", 2.0, 2.0, 1.0), [[2.0]])
    with pytest.raises(KernelError, match="step must not be 0"):
        run("seq", 1.0, 2.0, 0.0)
    with pytest.raises(KernelError, match="wrong sign"):
        run("seq", 1.0, 2.0, -1.0)


def test_constant() -> None:
    props = "{value = dense<[[1.0, 2.5], [-3.0, 0.0]]> : tensor<2x2xf64>}"
    assert_same(run("constant", props=props), [[1.0, 2.5], [-3.0, 0.0]])
    splat = run("constant", props="{value = dense<7.0> : tensor<2x3xf64>}")
    assert_same(splat, np.full((2, 3), 7.0))
    ints = run("constant", props="{value = dense<[[1, 2]]> : tensor<1x2xi64>}")
    assert_same(ints, [[1.0, 2.0]])


# ---------------------------------------------------------------------------
# Read, write, print.


@pytest.mark.parametrize("fmt", ["npy", "csv", "mtx"])
def test_write_read_round_trip(tmp_path: Path, fmt: str) -> None:
    x = np.array([[0.1 + 0.2, 0.0, -1e300], [1 / 3, NAN, INF]])
    for v in (x, csr(x)):
        path = tmp_path / f"x.{fmt}"
        props = f'{{path = "{path}", format = "{fmt}"}}'
        assert run("write", v, out=None, props=props) is None
        assert path.exists()
        got = run("read", props=props)
        assert_same(got, x)
        if fmt == "mtx" and sp.issparse(v):
            s = _sparse_sample()
            run("write", s, out=None, props=props)
            back = run("read", props=props)
            assert sp.issparse(back)
            assert_same(back, dense(s))


def test_read_vector_and_errors(tmp_path: Path) -> None:
    path = tmp_path / "v.npy"
    np.save(path, np.array([1.0, 2.0, 3.0]))
    got = run("read", props=f'{{path = "{path}", format = "npy"}}')
    assert_same(got, [[1.0], [2.0], [3.0]])
    csv = tmp_path / "r.csv"
    csv.write_text("1,2,3\n")
    assert_same(run("read", props=f'{{path = "{csv}", format = "csv"}}'), [[1, 2, 3]])
    missing = tmp_path / "nope.npy"
    with pytest.raises(KernelError, match=f"cannot read '{missing}'"):
        run("read", props=f'{{path = "{missing}", format = "npy"}}')
    bad = tmp_path / "bad.csv"
    bad.write_text("1,x\n")
    with pytest.raises(KernelError, match="cannot read"):
        run("read", props=f'{{path = "{bad}", format = "csv"}}')


def test_print_and_describe(capsys: pytest.CaptureFixture[str]) -> None:
    run("print", 0.1 + 0.2, out=None, props='{label = "x"}')
    run("print", 3, out=None)
    run("print", np.array([[1.0, 2.0], [3.0, 4.0]]), out=None, props='{label = "M"}')
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "x: 0.30000000000000004"
    assert lines[1] == "3"
    assert lines[2] == "M: 2x2 dense matrix, nnz=4, sum=10.0, min=1.0, max=4.0"
    assert lines[3:] == ["  [1.0, 2.0]", "  [3.0, 4.0]"]
    big = describe(_sparse_sample())
    assert big.startswith("20x20 sparse matrix, nnz=40") and "\n" not in big
    assert describe(np.zeros((0, 3))) == "0x3 dense matrix, nnz=0"
    assert describe(True) == "1" and describe(-7) == "-7" and describe(1e-300) == "1e-300"


def test_matrix_files_load_the_same_through_read_and_arg(tmp_path: Path) -> None:
    """matrix.read and amls-run's --arg share one loader: an empty CSV is 0x0 both ways."""
    from amls.dialects.matrix import MatrixType
    from amls.interpreter.values import parse_arg_value

    empty = tmp_path / "empty.csv"
    empty.write_text("")
    vec = tmp_path / "v.npy"
    np.save(vec, np.array([1.0, 2.0]))
    for path, fmt in ((empty, "csv"), (vec, "npy")):
        by_read = run("read", props=f'{{path = "{path}", format = "{fmt}"}}')
        by_arg = parse_arg_value(str(path), MatrixType(None, None, None))
        assert by_read.shape == by_arg.shape
        assert_same(by_read, dense(by_arg))
    assert parse_arg_value(str(empty), MatrixType(None, None, None)).shape == (0, 0)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        (np.array([[np.inf], [1.0], [-0.0]]), np.array([[0.0, 2.0, -1.0]])),
        (np.random.default_rng(3).standard_normal((50, 1)), np.ones((1, 7))),
        (np.array([[1.0], [np.nan]]), np.array([[1.0, 1e308]])),
    ],
)
def test_outer_product_matmul_matches_gemm(a: np.ndarray, b: np.ndarray) -> None:
    """x %*% t(y) (inner dimension 1) runs as a broadcast multiply: bit for bit gemm's."""
    from amls.interpreter.kernels.matrix import matmul_values

    with np.errstate(all="ignore"):
        got, want = matmul_values(a, b), a @ b
    np.testing.assert_array_equal(got, want)

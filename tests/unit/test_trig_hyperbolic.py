"""asin, acos, atan, sinh, cosh, tanh and isinf: the facts their rules state hold on
what their kernels compute.

For operand facts of every kind (bounded by 0 ... 1000, finite, NaN-free, unknown; with
or without a sign), data that satisfy them (1x1, vectors, empty, dense and CSR; the
bound itself, +-Inf and NaN where allowed) go through the kernel, and the result must
keep the value rule's bound, finiteness, NaN-freedom and sign, and the size rule's nnz
(exact or a bound) and emptiness.
"""

from __future__ import annotations

import functools
import math
from typing import Any

import numpy as np
import pytest
import scipy.sparse as sp
from hypothesis import given, settings
from hypothesis import strategies as st
from xdsl.context import Context
from xdsl.dialects.arith import Arith
from xdsl.dialects.builtin import Builtin, ModuleOp
from xdsl.dialects.func import Func, FuncOp
from xdsl.ir import Operation
from xdsl.parser import Parser

from amls.dialects.matrix import Matrix
from amls.interpreter.kernels import load_builtin_kernels
from amls.passes.sizes.facts import MatFacts
from amls.passes.sizes.rules import elementwise_unary
from amls.passes.sizes.value_rules import VALUE_RULES
from amls.passes.sizes.values import FINITE, UNKNOWN, ValueFacts

KERNELS = load_builtin_kernels()
OPS = ("asin", "acos", "atan", "sinh", "cosh", "tanh", "isinf")
SHAPES = [(1, 1), (1, 6), (6, 1), (5, 4), (0, 3), (3, 0)]
BOUNDS = (0.0, 0.5, 1.0, 1.5, 2.0, 700.0, 709.0, 710.0, 1000.0)


@functools.cache
def op_of(name: str) -> Operation:
    ctx = Context()
    for d in (Builtin, Func, Arith, Matrix):
        ctx.load_dialect(d)
    src = (
        "func.func @f(%a: !matrix.mat<?x?xf64>) {\n"
        f"  %r = matrix.{name} %a : !matrix.mat<?x?xf64>\n  func.return\n}}"
    )
    module = Parser(ctx, src).parse_module()
    assert isinstance(module, ModuleOp)
    fn = module.body.block.first_op
    assert isinstance(fn, FuncOp) and fn.body.block.first_op is not None
    return fn.body.block.first_op


@st.composite
def operand_facts(draw: st.DrawFn) -> ValueFacts:
    kind = draw(st.sampled_from(["bounded", "finite", "nan_free", "unknown"]))
    nonneg = draw(st.booleans())
    if kind == "bounded":
        return ValueFacts.bounded(draw(st.sampled_from(BOUNDS)), nonneg)
    base = {"finite": FINITE, "nan_free": ValueFacts.make(nan_free=True), "unknown": UNKNOWN}
    f = base[kind]
    return ValueFacts.make(f.absmax, f.finite, f.nan_free, nonneg)


@st.composite
def data_for(draw: st.DrawFn, f: ValueFacts, shape: tuple[int, int]) -> np.ndarray:
    """Values that satisfy f: within its bound (the bound itself among them), +-Inf only
    where f is not finite, NaN only where it may hold NaN, no negatives where nonneg."""
    b = f.absmax if f.finite else 1e300
    pool = [0.0, b, -b, b / 2, -b / 3, 1.0, -1.0, 0.5, 710.0, -711.0, 1e-300, -1e-300]
    pool = [v for v in pool if abs(v) <= b]
    if not f.finite:
        pool += [math.inf, -math.inf]
    if not f.nan_free:
        pool.append(math.nan)
    if f.nonneg:
        pool = [v for v in pool if not v < 0]
    floats = st.floats(0.0 if f.nonneg else -min(b, 1e300), min(b, 1e300), allow_nan=False)
    n = shape[0] * shape[1]
    values = draw(st.lists(st.one_of(st.sampled_from(pool), floats), min_size=n, max_size=n))
    return np.array(values, dtype=np.float64).reshape(shape)


def holds(facts: ValueFacts, r: np.ndarray) -> None:
    nums = r[~np.isnan(r)]
    assert not nums.size or np.abs(nums).max() <= facts.absmax
    if facts.nan_free:
        assert not np.isnan(r).any()
    if facts.finite:
        assert np.isfinite(r).all()
    if facts.nonneg:
        assert not (r < 0).any()


@settings(max_examples=300, deadline=None)
@given(
    name=st.sampled_from(OPS),
    shape=st.sampled_from(SHAPES),
    sparse=st.booleans(),
    data=st.data(),
)
def test_stated_facts_hold(name: str, shape: tuple[int, int], sparse: bool, data: Any) -> None:
    op = op_of(name)
    f = data.draw(operand_facts())
    x = data.draw(data_for(f, shape))
    arg = sp.csr_array(x) if sparse else x
    with np.errstate(all="ignore"):
        out = KERNELS[type(op)](op, (arg,))
    r = out.toarray() if sp.issparse(out) else np.asarray(out)
    assert r.shape == shape
    holds(VALUE_RULES[type(op)](op, [f]), r)
    # Size facts from the operand's exact dims and nnz: nnz exact or bounded, finiteness.
    nnz = int(np.count_nonzero(x))
    mf = MatFacts.make(shape[0], shape[1], nnz, nnz, shape[0], shape[1], bool(np.isfinite(x).all()))
    got = elementwise_unary(op, [mf])
    assert isinstance(got, MatFacts) and (got.rows, got.cols) == shape
    if got.nnz is not None:
        assert int(np.count_nonzero(r)) == got.nnz
    if got.nnz_ub is not None:
        assert int(np.count_nonzero(r)) <= got.nnz_ub
    if got.finite:
        assert np.isfinite(r).all()


@pytest.mark.parametrize(
    ("name", "absmax", "finite"),
    [
        ("asin", 1.0, True), ("asin", 1.5, False), ("acos", 1.0, True), ("acos", 2.0, False),
        ("sinh", 709.0, True), ("sinh", 710.0, False), ("cosh", 709.0, True),
        ("cosh", 1000.0, False), ("sinh", math.inf, False), ("atan", math.inf, True),
        ("tanh", math.inf, True),
    ],
)  # fmt: skip
def test_finite_exactly_where_the_bound_allows(name: str, absmax: float, finite: bool) -> None:
    """asin/acos are finite only within [-1, 1]; sinh/cosh only up to the 709 cut-off;
    atan/tanh of any NaN-free operand."""
    f = ValueFacts.make(absmax, nan_free=True)
    assert VALUE_RULES[type(op_of(name))](op_of(name), [f]).finite is finite

"""@amls.jit construct by construct: each function runs decorated and as plain NumPy (the
oracle), at -O2 and -O0, and the results agree (rtol 1e-9); plus the plan cache, result
types and options."""

from __future__ import annotations

import numpy as np
import pytest
import scipy.sparse as sp
from scipy.special import expit

import amls

RNG = np.random.default_rng(42)
X = RNG.standard_normal((7, 4))
Y = RNG.standard_normal((7, 4))
S = RNG.standard_normal((4, 4)) + 4 * np.eye(4)
v = RNG.standard_normal(4)
w = RNG.standard_normal(7)
A = sp.random_array((9, 9), density=0.3, format="csr", rng=3)
z = RNG.standard_normal(9)


def same(got, want) -> None:
    if isinstance(want, tuple):
        assert isinstance(got, tuple) and len(got) == len(want)
        for g, x in zip(got, want, strict=True):
            same(g, x)
        return
    if sp.issparse(want):
        assert sp.issparse(got), f"expected a scipy.sparse result, got {type(got)}"
        got, want = got.toarray(), want.toarray()
    if isinstance(want, np.ndarray):
        assert isinstance(got, np.ndarray), f"expected an ndarray, got {type(got)}"
        assert got.shape == want.shape, (got.shape, want.shape)
        np.testing.assert_allclose(got, want.astype(np.float64), rtol=1e-9, atol=1e-12)
        return
    assert isinstance(got, float | int | bool), type(got)
    if isinstance(want, bool | np.bool_) or isinstance(want, int | np.integer):
        assert type(got) is type(want.item() if isinstance(want, np.generic) else want)
    np.testing.assert_allclose(got, want, rtol=1e-9, atol=1e-12)


# -- the programs (module level: @amls.jit reads their source) -----------------------------


def arith(X, Y, s):
    return X + Y * s - X / (1.0 + np.abs(Y)) + X**2 - 2 ** (X / 8), -X, +Y


def floor_division(X, Y, s):
    # Python's / NumPy's a // b: 1 // 0.1 is 9.0 (floor(1 / 0.1) would be 10)
    return X // 0.1, X // Y, s // 0.1, X // s, 7.5 // s, X // 0.0


def compare_masks(X, Y):
    m = (X > Y) & ~(X < 0) | (Y == 0.5)
    return m * 1.0, np.where(m, X, -Y), np.where(X >= 0, 1.0, Y)


def unary(X):
    return (np.exp(X), np.log(np.abs(X) + 1), np.sqrt(np.abs(X)), np.abs(X), np.sign(X),
            np.floor(X), np.ceil(X), np.maximum(X, 0.25), np.minimum(X, -0.25), expit(X),
            np.clip(X, -0.5, 0.5))  # fmt: skip


def matmuls(X, S, v, w):
    return X @ S, X @ v, w @ X, v @ v, X.T @ w, np.dot(X, S), np.outer(w, v), X.dot(v)


def reductions(X, v):
    return (np.sum(X), np.sum(X, axis=0), np.sum(X, axis=1), np.mean(X, axis=1, keepdims=True),
            X.min(axis=0), X.max(), np.max(X, axis=-1), np.argmax(X, axis=0),
            np.argmin(X, axis=1), np.sum(v), np.mean(v), np.argmax(v), X.mean(),
            np.sum(X, keepdims=True), np.count_nonzero(X > 0))  # fmt: skip


def constructors(X, k):
    n, m = X.shape
    return (np.zeros((n, m)) + X, np.ones(n), np.full((2, 3), 2.5), np.eye(m) @ X.T,
            np.zeros_like(X), np.ones_like(X) * 3, np.diag(np.diag(X @ X.T)),
            np.trace(X.T @ X), np.identity(k), np.arange(k) * 1.0, np.arange(2, n, 2) + 0.5,
            np.full(k, 7.0))  # fmt: skip


def stacking(X, Y, v):
    return (np.hstack([X, Y]), np.vstack([X, Y]), np.concatenate([X, Y], axis=1),
            np.concatenate([v, v]), np.hstack([v, v]), np.vstack([v, v]),
            np.column_stack([X, X[:, 0]]), np.concatenate((X, Y, X)))  # fmt: skip


def indexing(X, v):
    return (X[1, 2], X[-1, -1], X[2], X[:, 1], X[1:3], X[1:3, :2], X[-3:, 1:], X[:, -2:],
            X[5:100], v[1], v[-1], v[1:3], v[:-1], X[2, 1:3], X[1:5, 0], v[:, None],
            v[None, :], X.T[0], X[3:1], v[np.newaxis, :], v[:, np.newaxis])  # fmt: skip


def setitems(X, v):
    Z = X.copy()
    Z[0, 0] = 5.0
    Z[1] = 2.0
    Z[:, 2] = Z[:, 3]
    Z[2:4, 0:2] = np.ones((2, 2)) * 9
    Z[-1, -1] += 1.5
    u = v.copy()
    u[0] = 3.0
    u[1:3] = u[2:4]
    return Z, u


def setitem_broadcasts(X, v, w):
    # NumPy broadcasts what is assigned into the region: a row over rows, a column over
    # columns, one value everywhere; signed zeros, NaN and Inf kept
    Z = X.copy()
    Z[0:2, :] = v
    Z[2:4, :] = v[None, :] * -0.0
    Z[:, 0:2] = w[:, None]
    Z[4:7, 2:4] = np.full((1, 1), np.nan)
    Z[6, :] = np.inf
    u = v.copy()
    u[1:4] = u[0:1]
    return Z, u


def negative_bounds(X, v, i, j):
    # bounds known only when the function runs count from the end as NumPy's do
    return v[:i], v[i:j], v[i], X[:, :j], X[i, j], X[i:, j]


def where_broadcasts(X, v, w):
    # np.where's operands broadcast as NumPy's: a row, a column, a 1-D condition
    c = w[:, None]
    return (np.where(X > 0, X, v[None, :]), np.where(v > 0, X, 0.0), np.where(X > 0, c, -X),
            np.where(X > 0, v, np.nan), np.where(c > 0, c, v[None, :]))  # fmt: skip


def reductions_of_empty(X):
    # sums of nothing are 0, min/max along a non-empty axis of no rows are empty
    E = X[0:0]
    return np.sum(E), np.max(E, axis=1), np.min(E, axis=1), np.mean(X[:, 0:0], axis=1)


def clipped_bounds(X, v, i):
    return v[:i], v[i:], X[i:, :i]


def loop_counter(n):
    # after `for i in range(...)`, i holds its last value, or its old one after no trip
    trips = 0
    i = -5
    for i in range(n):  # noqa: B007 - the counter's value after the loop is the test
        trips += 1
    k = 7
    for k in range(n, 0, -2):  # noqa: B007
        trips += 10
    for m in range(4):  # noqa: B007
        trips += 100
    return i, k, m, trips


def shapes(X, v):
    n, m = X.shape
    return n * 1.0, m + X.shape[0], len(X), len(v), X.size, v.shape[0], X.ndim + 0.0


def reshapes(X):
    return X.reshape(-1, 1), X.reshape(2, -1), X.ravel(), X.flatten() * 2, np.reshape(X, (4, 7))


def scalars(s, k, b):
    a = s * 2 + k // 3 - k % 4 + 7 / k + 2**k
    c = abs(s - k) + max(s, k) + min(s, 1.5) + float(k) + int(s * 3)
    if b and s > 0:
        a = a + 1
    return a, c, k * 3, k > 2, not b


def bool_arithmetic(b, n, X):
    # a constant True is i1 -1 in xDSL: folding its extui gave True + 1 == 0 at -O2
    return b + 1, b * 2.5, n * b, -b, b - 1, b == 1, int(b), float(b), X * b, b + b


def none_defaults(X, w=None, b=None):
    if w is None:
        w = np.zeros(X.shape[1])
    out = X @ w
    if b is not None:
        out = out + b
    return out, X.sum().item() + X[0, 0].item(), X is None


def conversions(X, s):
    A = np.asarray(X)
    B = np.array(X, dtype=float)
    C = np.copy(X)
    C[0, 0] = 1.0
    B[1, 1] = 2.0
    sq, md, rm, fd = np.square(X), np.mod(X, 0.7), np.remainder(X, -0.7), np.floor_divide(X, 0.3)
    return A * 2, B, C, np.asarray(s) + 1, sq, md, rm, fd


def builtins_and_shapes(X, Y, v):
    same = X.shape == Y.shape
    other = X.shape != Y.T.shape
    m = min(X[0, 0], X[1, 1], X[2, 2]) + max(X[0, 1], np.nan, X[1, 0])
    return same, other, X.shape == (7, 4), m, sum(v), sum(X), sum(v, 2.5)


def and_or_values(X, s, k, i, w=None):
    # Python's `a or b` is a value, not a bool; b runs only where it decides
    w = w or 2.0
    first = X[i, 0] > 0 if i < X.shape[0] and X[i, 1] > 0 else -1.0
    late = i >= X.shape[0] or X[i, 0] > 0
    Z = X if s > 0 else X * 2
    a, b, c = k or 7, k and 7, (k or i) * 2
    last = X[i, 0] if i < 7 else 0.5
    return s or 1.5, s and 2.5, (s or 1.0) * w, a, b, c, first, late, Z + 1, last


def sparse_elementwise(A, z):
    return A.multiply(A), A.multiply(2.0), A.power(2), A**3, A.multiply(z[:, None]).sum()


def where_scalar_condition(X, Y, v, w, b):
    return (np.where(b, X, Y), np.where(b, X, 0.0), np.where(b, v, X),
            np.where(b > 0, w[:, None], v[None, :]), np.where(b, v, 2.0))  # fmt: skip


def norms_by_axis(X, v):
    rows = X / np.linalg.norm(X, axis=1, keepdims=True)
    cols, fro = np.linalg.norm(X, axis=0), np.linalg.norm(X, "fro")
    return rows, cols, fro, np.linalg.norm(v, 2), np.linalg.norm(X, ord=2, axis=-1)


def any_all_by_axis(X, v):
    Z = np.where(X > 0.3, 0.0, X)
    return (np.any(Z, axis=0), np.all(Z, axis=1), Z.any(axis=1, keepdims=True), (Z > 0).all(0),
            np.any(v, axis=0), np.all(Z != 0, axis=-1), np.any(Z, keepdims=True),
            np.count_nonzero(Z, axis=0), np.count_nonzero(Z, axis=1, keepdims=True))  # fmt: skip


def shape_slices(X):
    return np.ones(X.shape[::-1]), np.zeros(X.shape[1:]), np.zeros(X.shape[:1])


def range_step_argument(X, lo, hi, step):
    total, last = 0.0, -1
    for i in range(lo, hi, step):
        total += X[i, 0] * (i + 1)
        last = i
    return total, last


def new_axis_first(v):
    return v[None], v[None] @ v[:, None]


def numpy_scalar_types(X, s):
    return np.int64(s), np.int64(-s) * 2, np.bool_(s), np.int64(X[1, 1]), X * np.float64(2)


def control_flow(X, k):
    acc = np.zeros(X.shape[1])
    total = 0
    for i in range(k):
        acc = acc + X[i % X.shape[0]]
        total += i
    for i in range(k, 0, -2):
        total = total + i * 0.5
    j = 0
    while j < 5 and np.sum(acc) < 100:
        acc = acc * 2 + 1
        j += 1
    if np.sum(acc) > 0:
        y = acc * 2
    elif np.sum(acc) > -10:
        y = acc - 1
    else:
        y = -acc
    return acc, total, j, y


def early_return(X, t):
    s = np.sum(X)
    if s > t:
        return s, X * 2
    if s > t - 10:
        return s + 1, X
    return s - 1, -X


def helper(Z, c):
    return Z * c + 1, np.sum(Z)


def uses_helper(X, Y):
    a, s1 = helper(X, 2.0)
    b, s2 = helper(Y, 3.0)
    return a + b, s1 + s2, jitted_helper(X)


@amls.jit
def jitted_helper(Z):
    return Z.T @ Z


def random_draws(n):
    r1 = np.random.default_rng(3).uniform(-1, 2, size=(n, 3))
    r2 = np.random.default_rng(4).normal(1.5, 2.0, size=n)
    r3 = np.random.default_rng(5).random((2, n))
    return r1, r2, r3


def linalg(S, v):
    return np.linalg.solve(S, v), np.linalg.inv(S), np.linalg.solve(S, S.T), np.linalg.norm(v)


def sparse_ops(A, z):
    B = A * 2.0
    return B, A.T, A @ z, np.sum(A, axis=0), A @ A, A.nnz


def closure_and_globals(X):
    return X * SCALE + OFFSET


SCALE = 3.0
OFFSET = -1


def dml_ops(X, v):
    # The ops the DML frontend added: cumulative aggregates, rev, det, prod, trig, isnan.
    a = np.cumsum(X, axis=0) + np.cumsum(X, axis=1)
    b = np.cumprod(v)
    c = np.flip(X, axis=1) - np.flipud(X) + np.fliplr(X)
    d = np.sin(X) + np.cos(X) * np.tan(X)
    e = np.prod(v) + X.prod(axis=0).sum() + np.linalg.det(X[0:3, 0:3])
    n = float(np.isnan(X).sum())  # NumPy counts booleans as int; the 0/1 matrix sums f64
    return a, b, c, d, e, n, X.cumsum(axis=0)


def finite_tests(X, s):
    # np.isfinite / np.isinf on a matrix holding Inf, -Inf and NaN, and on scalars
    return np.isfinite(X), np.isinf(X), float(np.isfinite(X).sum()), np.isinf(s), np.isfinite(s)


def any_all(X, v):
    # np.any / np.all and the methods; NaN counts as true, as in NumPy
    s = 0.0
    if np.any(np.isnan(X)):
        s = 1.0
    a, b, c, d, e = np.any(X), np.all(X), (X > 0).any(), (X > -10).all(), np.all(v == v)
    return a, b, c, d, e, s, np.all(X[0:0, :]), np.any(X[0:0, :])


def moments(X, v):
    # np.var / np.std: NumPy's population form by default, ddof, axis, keepdims, methods
    a, b, c, d = np.var(X), np.std(X, ddof=1), X.var(axis=0), X.std(axis=1, keepdims=True)
    e, f = np.var(X, axis=0, ddof=1, keepdims=True), np.std(X, axis=-1)
    z = (X - X.mean(axis=0)) / X.std(axis=0)  # standardise the columns
    return a, b, c, d, e, f, v.var(), np.std(v, axis=0), z


def moments_degenerate(X, v):
    # one row: var 0, and ddof=1 divides 0 by 0 (nan, as NumPy); an empty slice: nan
    one = X[0:1, :]
    return one.var(axis=0), one.std(axis=0, ddof=1), np.var(v[0:0]), np.std(v[0:1], ddof=2)


def outer_broadcast(X, v, w):
    # NumPy broadcasts a column against a row to a matrix: matrix.outer (or its transpose)
    D = v[:, None] - v[None, :]  # pairwise differences
    P = w.reshape(-1, 1) * v.reshape(1, -1)
    R = X.sum(axis=0, keepdims=True) / X.sum(axis=1, keepdims=True)  # row / column
    c = v[:, None]
    return D, P, R, w - c, float((c < v[None, :]).sum()), np.maximum(-c, c.T), (c + 1.0) ** v


def outer_of_arguments(c, r, X):
    # arguments whose shape is (n, 1) and (1, m); a (1, 1) broadcasts as before
    return c + r, r - c, c * X[0, 0] + r


def dead_views_and_copies(X, A):
    # updates NumPy runs the same way: the view is not read again, astype copies, and
    # scipy.sparse's += rebinds
    W = X.copy()
    for i in range(W.shape[0]):
        row = W[i]
        W[i] = row * 2.0
    r = W[0]
    W[0] = r + 1.0
    Z = X.astype(float)
    Z[0, 0] = 5.0
    B = A * 1.0
    C = B
    C += B
    Z[0], Z[1] = Z[1].copy(), Z[0].copy()
    Z[0, 0], Z[1, 1] = Z[1, 1], Z[0, 0]
    return W, Z, B, C


def bitwise_masks(X, Y, M):
    """& | ^ ~ on boolean arrays (comparisons, a bool argument, views, copies, stacks and
    loop-carried masks) are the logical ops."""
    a, b = X > 0, Y < 0.5
    m = (a & b) | (a ^ M) | ~b
    m &= ~M
    s = a[1:, :2] | b[:-1, 1:3]
    t = np.hstack([a, b]) ^ np.hstack([M, M])
    c = a.copy()
    for _ in range(3):
        c = c ^ b
    w = np.where(X.sum() > 0, a, b) & np.where(M, b, a) | np.any(M, axis=1, keepdims=True)
    x = np.logical_xor(X, Y > 0) & ~np.logical_xor(a, 0.5) | np.isnan(X) | np.isinf(Y)
    return (
        m * 1.0,
        s * 1.0,
        t * 1.0,
        c * 1.0,
        a & True,
        ~a.T,
        w * 1.0,
        x * 1.0,
        np.logical_xor(True, 0),
        np.logical_xor(X.sum(), X.sum()),
    )


def comparison_functions(X, Y, v):
    """np.greater & co., the operators as functions (also with a 1-D row and a scalar)."""
    m = np.greater(X, Y) & np.less_equal(X, 1.0) | np.not_equal(X, 0)
    return m * 1.0, np.equal(X, v) * 1.0, np.greater_equal(v, 0.5) * 1.0, np.less(2.0, 3)


def composed_functions(X, Y, v, s):
    """NumPy functions amls composes from other ops (numpy_composed.py)."""
    near = np.isclose(X, Y, rtol=0.5, atol=0.1) * 1.0
    return (
        np.reciprocal(X), np.reciprocal(s), near, np.isclose(X, X, equal_nan=True) * 1.0,
        np.allclose(X, Y), np.allclose(X, X), np.allclose(s, s + 1e-9),
        np.nan_to_num(X), np.nan_to_num(X, nan=-1.0, posinf=9.0, neginf=-9.0),
        np.diff(X), np.diff(X, n=2, axis=0), np.diff(v), np.ptp(X), np.ptp(X, axis=0),
        np.average(X), np.average(X, axis=1), np.average(X, axis=0, weights=np.abs(Y)),
        np.fmax(X, Y), np.fmin(X, 0.5), np.trunc(X), np.fix(s), np.nansum(X),
        np.nansum(X, axis=0, keepdims=True), np.nanmean(X, axis=1), np.float_power(X, 2),
        np.exp2(v), np.inner(v, v), np.inner(X, Y), np.vdot(X, Y), np.vdot(v, v),
    )  # fmt: skip


def triangles(X, k):
    """np.triu / np.tril (NaN off the triangle becomes 0, as NumPy's)."""
    return np.triu(X), np.tril(X), np.triu(X, 1), np.tril(X, -1), np.triu(X, k), np.tril(X.T, k)


def int_bitwise(i, j, b):
    """Python's & | ^ ~ on ints are bitwise (on bools, logical)."""
    k = 0
    for n in range(i):
        k = k ^ (n & j) | (n & 1)
    return i & j, i | j, i ^ j, ~i, ~j & 7, k, b & (i > 3), b ^ True, 6 & 3, True & i


CASES = [
    (dead_views_and_copies, (X, A)),
    (outer_broadcast, (X, v, w)),
    (outer_of_arguments, (w.reshape(-1, 1), v.reshape(1, -1), X)),
    (outer_of_arguments, (np.ones((1, 1)), v.reshape(1, -1), X)),
    (moments, (X, v)),
    (any_all, (X, v)),
    (any_all, (np.zeros_like(X), np.full_like(v, np.nan))),
    (any_all, (np.where(X > 0, np.nan, 0.0), v)),
    (finite_tests, (np.where(X > 0.5, np.inf, np.where(X < -0.5, np.nan, -X)), 2.5)),
    (finite_tests, (np.where(X > 0.9, -np.inf, X), float("inf"))),
    (moments_degenerate, (X, v)),
    (dml_ops, (X, v)),
    (arith, (X, Y, 1.5)),
    (floor_division, (X, Y, 1.0)),
    (floor_division, (np.where(X > 0, np.inf, X), Y, -np.inf)),
    (compare_masks, (X, Y)),
    (bitwise_masks, (X, Y, X * Y > 0)),
    (comparison_functions, (X, Y, v)),
    (triangles, (X, 2)),
    (triangles, (np.where(X > 1, np.nan, X), -3)),
    (triangles, (np.ones((1, 1)), 0)),
    (triangles, (np.zeros((0, 3)), 1)),
    (composed_functions, (X, Y, v, -2.5)),
    (
        composed_functions,
        (
            np.where(X > 1, np.nan, np.where(X < -1, np.inf, X)),
            np.where(Y > 1, -np.inf, Y),
            np.where(v > 0, np.nan, v),
            0.75,
        ),
    ),
    (int_bitwise, (6, 3, True)),
    (int_bitwise, (13, -6, False)),
    (unary, (X,)),
    (matmuls, (X, S, v, w)),
    (reductions, (X, v)),
    (constructors, (X, 3)),
    (stacking, (X, Y, v)),
    (indexing, (X, v)),
    (setitems, (X, v)),
    (shapes, (X, v)),
    (setitem_broadcasts, (X, v, w)),
    (negative_bounds, (X, v, -2, -1)),
    (negative_bounds, (X, v, 1, 3)),
    (reductions_of_empty, (X,)),
    (where_broadcasts, (X, v, w)),
    (where_broadcasts, (X, np.where(v > 0, np.inf, v), np.where(w > 0, np.nan, w))),
    (clipped_bounds, (X, v, -9)),
    (clipped_bounds, (X, v, 9)),
    (loop_counter, (3,)),
    (loop_counter, (0,)),
    (reshapes, (X,)),
    (scalars, (1.25, 5, True)),
    (scalars, (-0.5, 3, False)),
    (bool_arithmetic, (True, 3, X)),
    (none_defaults, (X,)),
    (conversions, (X, 2.5)),
    (builtins_and_shapes, (X, Y, v)),
    (sparse_elementwise, (A, z)),
    (numpy_scalar_types, (X, 2.7)),
    (new_axis_first, (v,)),
    (shape_slices, (X,)),
    (range_step_argument, (X, 0, 7, 3)),
    (range_step_argument, (X, 6, -1, -2)),
    (range_step_argument, (X, 5, 0, 2)),
    (norms_by_axis, (X, v)),
    (any_all_by_axis, (X, v)),
    (any_all_by_axis, (np.where(X > 0.5, np.nan, 0.0), np.array([0.0, np.nan, 0.0, 0.0]))),
    (where_scalar_condition, (X, Y, v, w, True)),
    (where_scalar_condition, (X, Y, v, w, 0.0)),
    (numpy_scalar_types, (X, 0.0)),
    (and_or_values, (X, 2.5, 3, 2)),
    (and_or_values, (X, 0.0, 3, 9, 1.5)),
    (and_or_values, (X, -1.0, 0, 6)),
    (builtins_and_shapes, (X, S, v)),
    (none_defaults, (X, v, 2.0)),
    (bool_arithmetic, (False, 3, X)),
    (control_flow, (X, 9)),
    (control_flow, (-X, 2)),
    (early_return, (X, -100.0)),
    (early_return, (X, np.sum(X) + 5)),
    (early_return, (X, 1e9)),
    (uses_helper, (X, Y)),
    (random_draws, (5,)),
    (linalg, (S, v)),
    (sparse_ops, (A, z)),
    (closure_and_globals, (X,)),
]


@pytest.mark.parametrize("opt", ["O2", "O0"])
@pytest.mark.parametrize(("fn", "args"), CASES, ids=[f.__name__ for f, _ in CASES])
def test_decorated_equals_numpy(fn, args, opt) -> None:
    want = fn(*args)
    got = amls.jit(fn, opt=opt)(*args)
    same(got, want)


def rounding(X, s):
    # NumPy's rounding: halves to even, decimals by scaling (np.round(2.675, 2) is 2.67)
    return (np.round(X), np.rint(X), np.around(X, 2), X.round(1), np.round(X, -1),
            np.round(s), np.rint(s), round(s), np.round(s, 2), np.round(X.T @ X))  # fmt: skip


HALVES = np.array([
    [0.5, 1.5, 2.5, -0.5], [-1.5, -2.5, 3.5, 2.675], [np.nan, np.inf, -np.inf, -0.0],
    [1e300, -1e-300, 4503599627370497.0, 0.49999999999999994], [25.0, -35.0, 0.125, 0.0],
])  # fmt: skip


@pytest.mark.parametrize("opt", ["O2", "O0"])
@pytest.mark.parametrize(
    "args", [(HALVES, 2.5), (HALVES, -0.5), (X * 10, 2.675), (np.zeros((0, 3)), 1.5)]
)
def test_rounding_is_numpys_exactly(args, opt) -> None:
    want = rounding(*args)
    got = amls.jit(rounding, opt=opt)(*args)
    for g, w in zip(got, want, strict=True):
        if isinstance(w, np.ndarray):
            assert isinstance(g, np.ndarray) and g.shape == w.shape
            np.testing.assert_array_equal(g, w)
        else:
            assert g == w and type(g) is (int if isinstance(w, int) else float), (g, w)


def test_round_with_ndigits_and_of_an_array_are_located_errors() -> None:
    def nd(s):
        return round(s, 2)

    def arr(X):
        return round(X)

    with pytest.raises(amls.JitError, match=r"round\(x, ndigits\) is not supported yet"):
        amls.jit(nd)(1.25)
    with pytest.raises(amls.JitError, match=r"round\(\) of an array"):
        amls.jit(arr)(X)


def test_a_cached_plan_is_reused_and_new_shapes_compile() -> None:
    f = amls.jit(arith)
    f(X, Y, 1.5)
    f(-X, Y, 1.5)  # same shapes and facts (max |x| rounds to the same power of two)
    assert "compilations 1" in f.stats() and "hits 1" in f.stats()
    f(X[:5], Y[:5], 1.5)
    assert "compilations 2" in f.stats()


def test_a_scalar_is_a_constant_until_it_changes() -> None:
    f = amls.jit(arith)
    f(X, Y, 1.5)
    assert "=1.5" in f.explain(X, Y, 1.5)
    same(f(X, Y, 2.5), arith(X, Y, 2.5))  # a second value: a run-time parameter now
    same(f(X, Y, 3.5), arith(X, Y, 3.5))
    assert "compilations 2" in f.stats()


def test_one_d_in_one_d_out_and_scalars_are_python_floats() -> None:
    f = amls.jit(matmuls)
    r = f(X, S, v, w)
    assert r[1].shape == (7,) and r[2].shape == (4,) and isinstance(r[3], float)


def test_dtype_conversion_warns() -> None:
    f = amls.jit(reshapes)
    with pytest.warns(UserWarning, match="int64 converted to float64"):
        got = f(np.arange(28).reshape(7, 4))
    same(got, reshapes(np.arange(28).reshape(7, 4).astype(float)))


def test_explain_mlir_stats() -> None:
    f = amls.jit(stats=True)(uses_helper)
    f(X, Y)
    plan = f.explain(X, Y)
    assert "# plan: @uses_helper compiled at -O2 for (X: 7x4" in plan
    assert "test_jit_constructs.py:" in plan  # ops name their Python lines
    text = f.mlir(X, Y)
    assert "func.func @uses_helper" in text and "func.func private @helper" in text
    assert "test_jit_constructs.py" in f.mlir(X, Y, locations=True)
    st = f.stats()
    assert "calls 1" in st and "== ops (all calls) ==" in st


def test_options() -> None:
    f = amls.jit(opt="O1", memory_budget="1GB")(arith)
    same(f(X, Y, 0.5), arith(X, Y, 0.5))
    assert f.level == "O1" and f.memory_budget == 1 << 30


def test_dask_backend() -> None:
    f = amls.jit(backend="dask", memory_budget="1KB", workers=1)(matmuls)
    same(f(X, S, v, w), matmuls(X, S, v, w))


def copies(X, v):
    return X.copy(), v.copy(), X


def test_results_never_alias_the_arguments() -> None:
    a, b, c = amls.jit(copies)(X, v)
    assert not np.shares_memory(a, X) and not np.shares_memory(b, v)
    same((a, b, c), copies(X, v))


def test_import_amls_is_cheap() -> None:
    import subprocess
    import sys

    code = "import amls, sys; assert 'numpy' not in sys.modules and 'xdsl' not in sys.modules"
    subprocess.run([sys.executable, "-c", code], check=True)


def test_not_yet_lists_no_supported_function() -> None:
    """numpy_ops.NOT_YET ('not supported yet') names nothing the table supports."""
    from functools import reduce

    from amls.frontends.python import numpy_ops

    table = numpy_ops._build()  # noqa: SLF001
    for name in sorted(numpy_ops.NOT_YET):
        if not name.startswith("np."):
            continue
        try:
            obj = reduce(getattr, name.split(".")[1:], np)
        except AttributeError:
            continue
        assert id(obj) not in table, f"{name} is supported: remove it from NOT_YET"

"""@amls.jit's errors: an unsupported construct, a bad argument or a failing op is one
JitError naming the Python file:line:col (and the construct), never an internal error."""

from __future__ import annotations

import inspect
import re

import numpy as np
import pytest
import scipy.sparse as sp

import amls
from amls.frontends.python import JitError

X = np.arange(12.0).reshape(4, 3)
HERE = __file__


def line_of(fn, text: str) -> int:
    """The file line of the first line of fn holding text."""
    lines, start = inspect.getsourcelines(fn)
    for i, line in enumerate(lines):
        if text in line:
            return start + i
    raise AssertionError(text)


def raises(fn, args, text: str, marker: str) -> None:
    with pytest.raises(JitError) as info:
        amls.jit(fn)(*args)
    msg = str(info.value)
    assert "internal error" not in msg, msg
    assert text in msg, msg
    m = re.match(r"(.*):(\d+):(\d+): error: ", msg)
    assert m, msg
    assert m.group(1) == HERE
    assert int(m.group(2)) == line_of(fn, marker), msg


def grows_in_place(X):
    c = X.sum(axis=1, keepdims=True)
    c += X.sum(axis=0, keepdims=True)  # <- here
    return c


def uses_argsort(X):
    return X.argsort()  # <- here


def any_of_a_runtime_axis(X, k):
    return np.any(X > 0, axis=k)  # <- here


def uses_flip(X):
    return X[::-1]  # <- here


def uses_sort(X):
    return np.sort(X)  # <- here


def uses_list_comp(X):
    return sum([x for x in X])  # <- here


def uses_break(X):
    for _ in range(3):
        break  # <- here
    return X


def uses_mask_index(X):
    return X[X > 0]  # <- here


def uses_unknown(X):
    return np.fft.fft(X)  # <- here


def uses_print(X):
    print(X)  # <- here
    return X


def uses_global_array(X):
    return X + X_GLOBAL  # <- here


X_GLOBAL = np.ones((4, 3))


def updates_argument(X):
    X[0, 0] = 1.0  # <- here
    return X


def updates_alias(X):
    Z = X * 1
    W = Z
    Z[0] = 1.0  # <- here
    return W


def defined_in_branch(X, t):
    if np.sum(X) > t:
        y = X
    return y  # <- here


def two_draws(n):
    g = np.random.default_rng(1)
    a = g.uniform(size=n)
    b = g.uniform(size=n)  # <- here
    return a + b


def unseeded(n):
    g = np.random.default_rng()  # <- here
    return g.random(n)


def returns_nothing(X):  # <- here
    Y = X * 2  # noqa: F841


def return_in_loop(X):
    for i in range(3):
        if i > 1:
            return X  # <- here
    return X


def kind_changes(X, t):
    if t > 0:  # <- here
        r = X
    else:
        r = 1.0
    return r


def bad_matmul(X):
    return X @ X  # <- here


def bad_slice_at_run_time(X, k):
    return X[k + 10]  # <- here


def int_overflow(X, n):
    k = n
    for _ in range(70):
        k = k * 2  # <- here
    return X.sum() + k


def singular_solve(X):
    return np.linalg.solve(X.T @ X * 0, X.T @ X)  # <- here


def recursive(X, k):
    if k > 0:
        return recursive(X, k - 1)  # <- here
    return X


def assigns_wrong_shape(X):
    Z = X.copy()
    Z[0:2, :] = np.ones((2, 2))  # <- here
    return Z


def assigns_too_many_rows(X, r):
    Z = X.copy()
    Z[0:1, :] = r  # <- here
    return Z


def max_of_nothing(X):
    return np.max(X[0:0])  # <- here


def min_over_no_rows(X):
    return np.min(X[0:0], axis=0)  # <- here


def updates_a_view(X):
    Y = X.copy()
    r = Y[0]
    r[1] = 100.0  # <- here
    return Y


def updates_through_transpose(X):
    Y = X.copy()
    T = Y.T
    T[0, 1] = 9.0  # <- here
    return Y


def base_updated_under_a_view(X):
    Y = X.copy()
    S = Y[1:3, :].reshape(-1)
    Y[1, 1] = 0.0  # <- here
    return S


def adds_into_alias(X):
    Y = X.copy()
    Z = Y
    Z += 1.0  # <- here
    return Y


def adds_into_argument_in_loop(X, w):
    for _ in range(3):
        w -= 0.1 * (X.T @ (X @ w))  # <- here
    return w


def updates_alias_in_loop(X):
    a = np.zeros(3)
    b = a
    for i in range(3):
        a[i] = i + 1.0  # <- here
    return b


def updates_alias_in_while(X):
    a = np.zeros(3)
    b = a
    i = 0
    while i < 3:
        a[i] = 1.0  # <- here
        i += 1
    return b


def reads_a_view_next_iteration(X):
    W = X.copy()
    r = W[0]
    s = 0.0
    for _ in range(3):
        s = s + r.sum()
        W[0, 0] = W[0, 0] + 1.0  # <- here
    return s


def updates_maybe_rebound_in_if(X, c):
    Y = X.copy()
    Z = Y
    if c > 0:
        Y = Y + 1.0
    Y[0, 0] = 5.0  # <- here
    return Z


def updates_maybe_rebound_in_loop(X, n):
    Y = X.copy()
    Z = Y
    for _ in range(n):
        Y = Y + 1.0
    Y[0, 0] = 5.0  # <- here
    return Z


def first_row(Z):
    return Z[0]


def same_or_shifted(Z, c):
    if c > 0:
        return Z
    return Z + 1.0


def updates_what_a_call_returned(X, c):
    Y = X.copy()
    r = first_row(Y)
    B = same_or_shifted(Y, c)
    B[0, 0] = 5.0  # <- here
    return Y, r


def range_of_a_float(X, n):
    s = 0.0
    for i in range(n):  # <- here
        s = s + X[i, 0]
    return s


def reshape_to_a_float(X):
    n = X.shape[0]
    return X.reshape(n / 2, -1)  # <- here


def eye_of_a_float(X):
    return np.eye(X.shape[1] / 1)  # <- here


def swaps_rows_through_views(X):
    Y = X.copy()
    Y[0], Y[1] = Y[1], Y[0]  # <- here
    return Y


def updates_through_asarray(X):
    Y = X.copy()
    A = np.asarray(Y)
    A[0, 0] = 9.0  # <- here
    return Y


def updates_under_a_tuple_of_views(X):
    Y = X.copy()
    pair = (Y[0], Y[1])
    Y[0, 0] = 5.0  # <- here
    return pair[0]


def indexes_with_a_bool(X):
    return X[X.shape[0] > 2]  # <- here


def updates_under_a_view_updated_later(X):
    A = X.copy()
    T = A.T
    A[0:1, :] = A[1:2, :]  # <- here
    T *= 2.0
    return A


def folds_past_int64(X, k):
    n = 2**62
    return X * 2**70, n * 4 + k  # <- here


def matmul_in_place(X):
    Y = X.T.copy()
    Y @= X  # <- here
    return Y


def tuple_sliced_at_run_time(X, k):
    return np.zeros(X.shape[k:])  # <- here


def ands_float_arrays(X):
    return (X & X) * 1.0  # <- here


def inverts_a_float_array(X):
    return ~X  # <- here


def ands_int_arrays(K):
    return K & 1  # <- here


def ors_a_mask_with_a_float(X):
    return (X > 0) | 0.5  # <- here


def ands_floats(s):
    return s & 1  # <- here


def indexes_past_the_start(X):
    return X[-7, 0]  # <- here


def indexes_a_vector_past_the_end(v, i):
    return v[i]  # <- here


def assigns_past_the_last_column(X):
    Y = X.copy()
    Y[:, 3] = 1.0  # <- here
    return Y


def nan_to_num_in_place(X):
    return np.nan_to_num(X, copy=False)  # <- here


def diff_past_the_axes(X):
    return np.diff(X, axis=2)  # <- here


def average_with_row_weights(X):
    return np.average(X, axis=0, weights=X[:, 0])  # <- here


CASES = [
    (nan_to_num_in_place, (X,), "np.nan_to_num(copy=False) updates in place: not supported"),
    (diff_past_the_axes, (X,), "np.diff: axis 2 is out of bounds for a 2-D array"),
    (average_with_row_weights, (X,), "np.average: weights must be an array of a's shape"),
    (indexes_past_the_start, (X,), "index -7 is out of bounds for axis 0 with size 4"),
    (indexes_a_vector_past_the_end, (np.ones(5), 5), "index 5 is out of bounds for axis 0"),
    (indexes_a_vector_past_the_end, (np.ones(5), -6), "index -6 is out of bounds for axis 0"),
    (assigns_past_the_last_column, (X,), "index 3 is out of bounds for axis 1 with size 3"),
    (ands_float_arrays, (X,), "& of an array that is not boolean: NumPy's & is bitwise"),
    (inverts_a_float_array, (X,), "~ of an array that is not boolean"),
    (ands_int_arrays, (np.arange(6).reshape(2, 3),), "& of an array that is not boolean"),
    (ors_a_mask_with_a_float, (X,), "operator | between a boolean array and a float"),
    (ands_floats, (2.5,), "operator & does not apply to a float"),
    (matmul_in_place, (X,), "operator @= is not supported (write x = x @ y)"),
    (tuple_sliced_at_run_time, (X, 1), "a tuple is sliced by constant ints only"),
    (folds_past_int64, (X, 1), "integer overflow: 18446744073709551616 does not fit in 64"),
    (updates_under_a_view_updated_later, (X,), "in-place update of an array that 'T' also"),
    (indexes_with_a_bool, (X,), "an index must be an int, got a bool"),
    (updates_under_a_tuple_of_views, (X,), "in-place update of an array that 'pair' also"),
    (updates_through_asarray, (X,), "in-place update of an array that 'Y' also refers to"),
    (swaps_rows_through_views, (X,), "in-place update of 'Y' while a later value of this"),
    (reshape_to_a_float, (X,), "a shape holds ints, got a float"),
    (eye_of_a_float, (X,), "np.eye takes an int, got a float"),
    (range_of_a_float, (X, 2.5), "range() takes ints, got a float"),
    (updates_maybe_rebound_in_if, (X, -1.0), "in-place update of an array that 'Z' also"),
    (updates_maybe_rebound_in_loop, (X, 0), "in-place update of an array that 'Z' also"),
    (updates_what_a_call_returned, (X, 1.0), "in-place update of an array that 'Y' also"),
    (updates_a_view, (X,), "in-place update of an array that 'Y' also refers to"),
    (updates_through_transpose, (X,), "in-place update of an array that 'Y' also refers to"),
    (base_updated_under_a_view, (X,), "in-place update of an array that 'S' also refers to"),
    (adds_into_alias, (X,), "in-place update of an array that 'Y' also refers to"),
    (adds_into_argument_in_loop, (X, np.ones(3)), "in-place update of argument 'w'"),
    (updates_alias_in_loop, (X,), "in-place update of an array that 'b' also refers to"),
    (updates_alias_in_while, (X,), "in-place update of an array that 'b' also refers to"),
    (reads_a_view_next_iteration, (X,), "in-place update of an array that 'r' also refers"),
    (max_of_nothing, (X,), "zero-size array to reduction operation maximum which has no"),
    (min_over_no_rows, (X,), "zero-size array to reduction operation minimum which has no"),
    (assigns_wrong_shape, (X,), "cannot broadcast"),
    (
        assigns_too_many_rows,
        (X, np.ones((2, 3))),
        "error: could not broadcast the assigned array into the indexed region",
    ),
    (uses_argsort, (X,), ".argsort() is not supported yet"),
    (any_of_a_runtime_axis, (X, 0), "axis must be a constant int"),
    (grows_in_place, (X,), "in-place += would broadcast a column against a row"),
    (uses_flip, (X,), "a reversing slice ([::-1]) is not supported yet; np.flip(X, axis) is"),
    (uses_sort, (X,), "np.sort is not supported yet"),
    (uses_list_comp, (X,), "a list comprehension is not supported"),
    (uses_break, (X,), "'break' is not supported"),
    (uses_mask_index, (X,), "indexing with an array (a mask or indices) is not supported"),
    (uses_unknown, (X,), "numpy.fft.fft is not supported"),
    (uses_print, (X,), "print() is not supported"),
    (uses_global_array, (X,), "the array 'X_GLOBAL' is not an argument"),
    (updates_argument, (X,), "in-place update of argument 'X'"),
    (updates_alias, (X,), "in-place update of an array that 'W' also refers to"),
    (defined_in_branch, (X, 1.0), "'y' is not defined on every path"),
    (two_draws, (3,), "a second draw from the generator drawn at line"),
    (unseeded, (3,), "needs a constant int seed"),
    (returns_nothing, (X,), "returns nothing"),
    (return_in_loop, (X,), "return inside a loop is not supported yet"),
    (kind_changes, (X, 1.0), "'r' is a 2-D array on one path and a float on another"),
    (bad_matmul, (X,), "error: @: inner dimensions differ: 4x3 %*% 4x3"),
    (bad_slice_at_run_time, (X, 1), "index 11 is out of bounds for axis 0 with size 4"),
    (singular_solve, (X,), "error: np.linalg.solve: the "),
    (int_overflow, (X, 7), "error: *: integer overflow: the product does not fit in 64 bits"),
    (recursive, (X, 2), "recursive call of recursive is not supported"),
]


@pytest.mark.parametrize(("fn", "args", "text"), CASES, ids=[c[0].__name__ for c in CASES])
def test_one_located_error(fn, args, text) -> None:
    raises(fn, args, text, "# <- here")


def plain(X, y):
    return X @ y


def test_bad_arguments_name_the_parameter_and_the_def() -> None:
    f = amls.jit(plain)
    where = f"{HERE}:{line_of(plain, 'def plain')}"
    for args, text in [
        ((X, [1.0, 2.0]), "argument 'y' of plain: list is not supported"),
        ((X, np.ones((2, 2, 2))), "argument 'y' of plain: a 3-D array"),
        ((X, np.ones(3, dtype=complex)), "argument 'y' of plain: dtype complex128"),
        ((X, 2**70), "argument 'y' of plain: the int 1180591620717411303424 does not fit"),
        ((X, np.uint64(2**64 - 1)), "argument 'y' of plain: the int 18446744073709551615"),
        ((X, np.array(["a", "b", "c"])), "argument 'y' of plain: dtype <U1 is not supported"),
        ((X, np.zeros(3, dtype=[("a", "f8")])), "argument 'y' of plain: dtype [('a', '<f8')]"),
        ((X, np.ma.array(np.ones(3), mask=[0, 1, 0])), "argument 'y' of plain: a masked array"),
        ((sp.csr_array(np.eye(3) * 1j), np.ones(3)), "argument 'X' of plain: dtype complex128"),
        ((X,), "plain(): missing a required argument: 'y'"),
        ((X, X, X), "plain(): too many positional arguments"),
    ]:
        with pytest.raises(JitError) as info:
            f(*args)
        assert str(info.value) == f"{where}: error: {text}" or text in str(info.value)
        assert str(info.value).startswith(where), str(info.value)


class _Model:
    @amls.jit
    def predict(self, X):
        return X + 1


def test_a_jitted_method_says_so() -> None:
    with pytest.raises(JitError, match="@amls.jit on a method is not supported"):
        _Model().predict(X)


def test_an_np_matrix_argument_is_an_error() -> None:
    # np.matrix's * is matmul: running it with ndarray semantics would be a wrong answer
    with pytest.raises(JitError, match="argument 'y' of plain: an np.matrix"):
        amls.jit(plain)(X, np.asmatrix(np.ones((3, 2))))


def test_bad_options() -> None:
    with pytest.raises(JitError, match="opt must be one of O0, O1, O2"):
        amls.jit(opt="O3")(plain)
    with pytest.raises(JitError, match="backend must be 'local' or 'dask'"):
        amls.jit(backend="spark")(plain)
    with pytest.raises(JitError, match="memory_budget: not a byte count"):
        amls.jit(memory_budget="lots")(plain)
    with pytest.raises(JitError, match="needs a def in a file"):
        amls.jit(eval("lambda X: X"))(X)  # noqa: S307 - a function without a source file


def test_a_shape_error_at_run_time_names_the_line() -> None:
    f = amls.jit(plain)
    with pytest.raises(JitError) as info:
        f(X, np.ones(5))
    msg = str(info.value)
    assert msg.startswith(f"{HERE}:{line_of(plain, 'return X @ y')}:"), msg

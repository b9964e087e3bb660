"""NumPy/SciPy kernels of the `matrix` dialect, one per op class.

Runtime values: matrices are 2-D float64 `numpy.ndarray` or `scipy.sparse.csr_array`
(canonical CSR: sorted indices, no duplicates); f64 scalars are `float`, i64 `int`.
Every kernel gives the numbers dense NumPy would give on the densified operands,
NaN and Inf included (0 * NaN is NaN even where the zero is implicit), and never
mutates its operands (results may share memory with them, e.g. transpose, cast).

Sparsity policy (`_finish`): a sparse operand stays CSR through ops that map 0 to 0;
a sparse result denser than SPARSE_THRESHOLD becomes dense, because there a dense
array is both smaller and faster. Whether an element-wise op keeps zeros is decided
on the actual values (f(0, y) == 0 for every y the zeros meet), so `X * 2` stays
sparse while `X * NaN`, `X / 0` or `X + 1` become dense.

Empty inputs (a 0xN or Nx0 matrix): reduce sum and sumsq give 0, mean gives NaN
(0/0), min gives +inf and max -inf (the identities of min and max); argmin/argmax
over an empty axis raise KernelError; trace of 0x0 is 0.

Imports stay to NumPy, SciPy and the dialect: constant folding uses this module too.
"""

from __future__ import annotations

import functools
import math
import warnings
from collections.abc import Callable
from typing import Any, TypeAlias

import numpy as np
from numpy.typing import NDArray
from xdsl.dialects.builtin import IntegerType

from amls.dialects import matrix as mx
from amls.dialects.phys import COLMAJOR_ATTR
from amls.interpreter.kernels import (
    DONATES,
    Kernel,
    KernelError,
    StopError,
    ieee,
    kernel,
    lazy,
)
from amls.interpreter.kernels import sparse as sp
from amls.interpreter.kernels.files import load_matrix, save_matrix
from amls.interpreter.kernels.javaformat import Spec, java_format, parse_format
from amls.interpreter.kernels.javatext import dml_tostring, java_double
from amls.interpreter.kernels.scan import carry, recall

SPARSE_THRESHOLD = 0.4
"""A sparse result with more than this fraction of non-zero cells is made dense."""
ZERO_FILL_DENSE_CELLS = 1 << 20
"""An all-zero fill of at most this many cells (8 MB) is dense: a dense program's zero
vectors and small zero matrices never import scipy.sparse (~0.15 s); larger ones are
CSR, free at any size."""

Dense: TypeAlias = NDArray[np.float64]
Mat: TypeAlias = "NDArray[np.float64] | sp.csr_array"
Operand: TypeAlias = "NDArray[np.float64] | sp.csr_array | float"
Args: TypeAlias = tuple[Any, ...]
BinaryFn: TypeAlias = Callable[[Any, Any], Any]
UnaryFn: TypeAlias = Callable[[Any], Any]


def _register(*op_types: type[mx.MatrixOp]) -> Callable[[Kernel], Kernel]:
    """`kernel(...)` with IEEE semantics: inf/nan results, no floating-point warnings."""

    def wrap(fn: Kernel) -> Kernel:
        return kernel(*op_types)(ieee(fn))

    return wrap


# ---------------------------------------------------------------------------
# Values: checking operands and applying the sparsity policy to results.


def _is_scalar(x: object) -> bool:
    return isinstance(x, int | float | np.integer | np.floating | np.bool_)


def _as_mat(x: object) -> Mat:
    """A matrix operand as float64 ndarray or canonical csr_array (no copy if it is one)."""
    if type(x) is np.ndarray and x.ndim == 2 and x.dtype == np.float64:
        return x  # the common case
    if isinstance(x, np.ndarray):
        a = np.asarray(x)  # np.matrix -> ndarray
        if a.ndim != 2:
            raise KernelError(f"expected a 2-D matrix, got an array of shape {a.shape}")
        return a if a.dtype == np.float64 else a.astype(np.float64)
    if sp.issparse(x):
        if x.ndim != 2:
            raise KernelError(f"expected a 2-D matrix, got a sparse array of shape {x.shape}")
        s = x if isinstance(x, sp.csr_array) else sp.csr_array(x)
        if s.dtype != np.float64:
            s = s.astype(np.float64)
        if not s.has_canonical_format:
            # Duplicates would be counted twice by the kernels that read .data directly.
            s = s.copy()
            s.sum_duplicates()
        return s
    raise KernelError(f"expected a matrix, got {type(x).__name__}")


def _as_operand(x: object) -> Operand:
    return float(x) if _is_scalar(x) else _as_mat(x)  # type: ignore[arg-type]


def _as_int(x: object, what: str) -> int:
    if isinstance(x, int | np.integer) or (isinstance(x, float) and x.is_integer()):
        return int(x)
    raise KernelError(f"{what} must be an integer, got {x!r}")


def _dense(x: Mat) -> Dense:
    return x.toarray() if sp.issparse(x) else x  # type: ignore[union-attr,return-value]


def _cells(shape: tuple[int, ...]) -> int:
    return int(shape[0]) * int(shape[1])


def _finish(x: Any) -> Mat:
    """The sparsity policy, applied to every result: CSR unless denser than the threshold."""
    if sp.issparse(x):
        s = x if isinstance(x, sp.csr_array) else sp.csr_array(x)
        if s.dtype != np.float64:
            s = s.astype(np.float64)
        if not s.has_canonical_format:
            s.sum_duplicates()  # ours: results are fresh objects
        cells = _cells(s.shape)
        if cells and s.nnz > SPARSE_THRESHOLD * cells:
            return s.toarray()
        return s
    return np.asarray(x, dtype=np.float64)


def _index_dtype(*sizes: int) -> type[np.signedinteger[Any]]:
    return np.int32 if max(sizes, default=0) < 2**31 - 1 else np.int64


def _csr(rows: NDArray[Any], cols: NDArray[Any], data: Dense, shape: tuple[int, int]) -> Mat:
    """CSR from coordinates already in row-major order, unique; zeros are dropped."""
    keep = data != 0  # NaN != 0, so NaN stays stored
    if not keep.all():
        rows, cols, data = rows[keep], cols[keep], data[keep]
    r, c = shape
    idx = _index_dtype(r, c, len(data))
    indptr = np.zeros(r + 1, dtype=idx)
    np.cumsum(np.bincount(rows, minlength=r), out=indptr[1:])
    out = sp.csr_array((data.astype(np.float64), cols.astype(idx), indptr), shape=shape)
    out.has_canonical_format = True
    return _finish(out)


def _coords(a: sp.csr_array) -> tuple[NDArray[np.int64], NDArray[Any]]:
    """Row and column of each stored entry, in storage (row-major) order."""
    rows = np.repeat(np.arange(a.shape[0], dtype=np.int64), np.diff(a.indptr))
    return rows, a.indices


def _with_data(a: sp.csr_array, data: Dense) -> Mat:
    """A's pattern with new values (fresh index arrays: results never share them)."""
    data = np.asarray(data, dtype=np.float64)
    if data.ndim == 1 and len(data) == a.nnz and bool((data != 0).all()):
        # No new zero: A's index arrays, copied, are the result's (no coordinates, no
        # recount of the row pointers: PageRank's A / rowSums(A) 62 -> ~20 ms).
        idx = _index_dtype(*a.shape, len(data))
        out = sp.csr_array((data, a.indices.astype(idx), a.indptr.astype(idx)), shape=a.shape)
        out.has_canonical_format = True
        return _finish(out)
    rows, cols = _coords(a)
    return _csr(rows, cols.copy(), data, a.shape)


def _lookup(x: sp.csr_array, rows: NDArray[Any], cols: NDArray[Any]) -> Dense:
    """Values of sparse x at (rows, cols), implicit zeros included."""
    xr, xc = _coords(x)
    ncols = x.shape[1]
    keys = xr * ncols + xc.astype(np.int64)  # sorted: canonical CSR is row-major
    want = rows.astype(np.int64) * ncols + cols.astype(np.int64)
    pos = np.searchsorted(keys, want)
    pos_ok = np.minimum(pos, max(len(keys) - 1, 0))
    found = (pos < len(keys)) & (keys[pos_ok] == want) if len(keys) else np.zeros(len(want), bool)
    out = np.zeros(len(want))
    out[found] = x.data[pos[found]]
    return out


def _gather(y: Operand, rows: NDArray[Any], cols: NDArray[Any]) -> Any:
    """Values of y (scalar, vector or matrix, broadcast) at (rows, cols)."""
    if isinstance(y, float):
        return y
    if sp.issparse(y):
        return _lookup(y, rows, cols)
    yr, yc = y.shape
    return y[rows if yr != 1 else 0, cols if yc != 1 else 0]


# ---------------------------------------------------------------------------
# Data sources, sinks and generators.


@_register(mx.ReadOp)
def read(op: mx.ReadOp, args: Args) -> Mat:
    t = op.results[0].type
    dims = t.shape if isinstance(t, mx.MatrixType) else (None, None)  # a text file's size
    x = load_matrix(
        op.path.data, op.format.data, _sep(op), header="header" in op.attributes, dims=dims
    )
    out = _finish(x)
    check_declared(t, out, "the file holds a {got}; the declared type says {want}")
    carry(x, out)  # the facts scanned at load hold for the CSR or dense form alike
    return out


@_register(mx.WriteOp)
def write(op: mx.WriteOp, args: Args) -> None:
    save_matrix(
        _as_mat(args[0]),
        op.path.data,
        op.format.data,
        _sep(op),
        header="header" in op.attributes,
        mtd="mtd" in op.attributes,
        scalar=op.attributes["scalar"].data if "scalar" in op.attributes else None,  # type: ignore[attr-defined]
    )
    return None


def _sep(op: Any) -> str:
    sep = op.attributes.get("sep")
    return sep.data if sep is not None else ","


def describe(value: Any) -> str:
    """One readable line (plus the cells of matrices up to 10x10) for a runtime value."""
    if isinstance(value, bool | np.bool_ | int | np.integer):
        return str(int(value))
    if isinstance(value, float | np.floating):
        return repr(float(value))
    a = _as_mat(value)
    r, c = a.shape
    kind = "sparse" if sp.issparse(a) else "dense"
    text = f"{r}x{c} {kind} matrix, nnz={_nnz(a)}"
    if r * c:
        with np.errstate(all="ignore"):
            stats = (_reduce_all(a, "sum"), _reduce_all(a, "min"), _reduce_all(a, "max"))
        text += ", sum={!r}, min={!r}, max={!r}".format(*stats)
        if r <= 10 and c <= 10:
            text += "".join(
                "\n  [" + ", ".join(repr(float(v)) for v in row) + "]" for row in _dense(a)
            )
    return text


def _dml_text(op: mx.PrintOp, value: Any) -> str:
    """A value in a DML print: scalars as SystemDS prints them (TRUE, 1.0E-5), matrices
    as its toString (the options of a toString call in the `tostring` dictionary)."""
    t = op.input.type
    if "format" in op.attributes:  # a printf-style print's specifier (`%.2f`), Java's way
        spec = parse_format(op.attributes["format"].data)[0]  # type: ignore[attr-defined]
        assert isinstance(spec, Spec)
        if not isinstance(t, IntegerType):
            return java_format(spec, float(value))
        return java_format(spec, bool(value) if t.width.data == 1 else int(value))
    if isinstance(t, IntegerType) and t.width.data == 1:
        return "TRUE" if value else "FALSE"
    if isinstance(value, float | np.floating):
        return java_double(float(value))
    if isinstance(t, mx.MatrixType):
        opts = op.attributes.get("tostring")
        kw = {k: getattr(v, "value", v).data for k, v in opts.data.items()} if opts else {}  # type: ignore[attr-defined]
        return dml_tostring(_as_mat(value), **kw)
    return describe(value)


def _filled(op: mx.PrintOp, text: str) -> str:
    """The op's template with the value's text at `at` (-1: no value), so a `{}` the
    script wrote is kept; a template without `at` has its `{}` replaced."""
    template: str = op.attributes["text"].data  # type: ignore[attr-defined]
    at = op.attributes.get("at")
    if at is None:
        return template.replace("{}", text)
    k = at.value.data  # type: ignore[attr-defined]
    return template if k < 0 else template[:k] + text + template[k + 2 :]


_STOP_PARTS: list[str] = []  # the message of a DML stop() printed by several ops so far


@_register(mx.PrintOp)
def print_(op: mx.PrintOp, args: Args) -> None:
    text = _dml_text(op, args[0]) if "text" in op.attributes else describe(args[0])
    if "stop" in op.attributes:  # DML stop(): the message ends the program with an error
        _STOP_PARTS.append(_filled(op, text))
        if "cont" in op.attributes:
            return None
        message = "".join(_STOP_PARTS)
        _STOP_PARTS.clear()
        raise StopError(message)
    if "text" in op.attributes:  # a template: `{}` stands for the value (the DML frontend)
        end = "" if "cont" in op.attributes else "\n"  # `cont`: the line goes on in the next print
        print(_filled(op, text), end=end, flush=True)
        return None
    print(f"{op.label.data}: {text}" if op.label is not None else text, flush=True)
    return None


def _dims(rows: object, cols: object) -> tuple[int, int]:
    r, c = _as_int(rows, "rows"), _as_int(cols, "cols")
    if r < 0 or c < 0:
        raise KernelError(f"matrix dimensions must be >= 0, got {r}x{c}")
    return r, c


@_register(mx.RandOp)
def rand(op: mx.RandOp, args: Args) -> Mat:
    r, c = _dims(args[0], args[1])
    lo, hi = op.min.value.data, op.max.value.data
    sparsity, pdf = op.sparsity.value.data, op.pdf.data
    if not 0.0 <= sparsity <= 1.0:
        raise KernelError(f"rand sparsity must be in [0, 1], got {sparsity}")
    random = lazy.load("numpy.random")  # first use: its import is reported on its own
    if op.seed is None:
        rng = random.Generator(random.PCG64())  # fresh OS entropy
    else:
        # PCG64 takes non-negative seeds; wrap negative i64 seeds deterministically.
        rng = random.Generator(random.PCG64(op.seed.value.data % 2**64))
    cells = r * c
    k = min(cells, round(sparsity * cells))

    def values(n: int) -> Dense:
        if pdf == "normal":
            return rng.standard_normal(n)  # min/max ignored, as in SystemDS
        if pdf == "uniform":
            return rng.uniform(lo, hi, n)
        raise KernelError(f"rand pdf must be uniform or normal, got '{pdf}'")

    if k == cells:
        out = values(cells).reshape(r, c)
        return out if sparsity >= SPARSE_THRESHOLD else _finish(sp.csr_array(out))
    # Exactly k positions, uniformly without replacement; never allocates r*c when sparse.
    pos = np.sort(rng.choice(cells, size=k, replace=False, shuffle=False).astype(np.int64))
    data = values(k)
    if sparsity >= SPARSE_THRESHOLD:
        dense = np.zeros(cells)
        dense[pos] = data
        return dense.reshape(r, c)
    rows, cols = np.divmod(pos, c)
    return _csr(rows, cols, data, (r, c))  # density < threshold: stays CSR


@_register(mx.FillOp)
def fill(op: mx.FillOp, args: Args) -> Mat:
    value = float(args[0])
    r, c = _dims(args[1], args[2])
    if value == 0.0 and math.copysign(1.0, value) > 0 and r * c > ZERO_FILL_DENSE_CELLS:
        return sp.csr_array((r, c), dtype=np.float64)  # all-zero: free at any size
    return np.full((r, c), value)  # (-0.0 must keep its sign: dense)


@_register(mx.SeqOp)
def seq(op: mx.SeqOp, args: Args) -> Mat:
    start, stop, step = (float(x) for x in args)
    n = seq_length(start, stop, step)
    return (start + np.arange(n, dtype=np.float64) * step).reshape(-1, 1)


def seq_length(start: float, stop: float, step: float) -> int:
    """The number of values of seq(start, stop, step); a KernelError if there is none."""
    if not all(math.isfinite(v) for v in (start, stop, step)):
        raise KernelError(f"seq({start}, {stop}, {step}): bounds and step must be finite")
    if start == stop:
        return 1
    if step == 0.0:
        raise KernelError(f"seq({start}, {stop}, {step}): step must not be 0")
    if (stop - start) * step < 0:
        raise KernelError(
            f"seq({start}, {stop}, {step}): step has the wrong sign to go from {start} to {stop}"
        )
    # SystemDS's count, without R's tolerance: seq(0, 0.3, 0.1) has 3 values there, since
    # 0.3 / 0.1 is 2.9999999999999996 (seq(0, 1, 0.1) still has 11: 1 / 0.1 is 10.0).
    return math.floor((stop - start) / step) + 1


@_register(mx.ConstantOp)
def constant(op: mx.ConstantOp, args: Args) -> Mat:
    attr = op.value
    shape = attr.get_shape()
    if len(shape) != 2:
        raise KernelError(f"matrix.constant needs a 2-D value, got shape {shape}")
    if attr.get_element_type() == mx.f64:
        flat = np.frombuffer(attr.data.data, dtype="<f8").astype(np.float64)
    else:  # the verifier lets i64/f32 elements through: convert them
        flat = np.asarray(attr.get_values(), dtype=np.float64)
    if flat.size == 1 and _cells(shape) != 1:
        return np.full(shape, flat[0])  # splat
    return flat.reshape(shape)


# ---------------------------------------------------------------------------
# Element-wise ops.


def _broadcast_shape(sa: tuple[int, ...] | None, sb: tuple[int, ...] | None) -> tuple[int, int]:
    """Result shape: equal shapes, or one side a row/column vector or 1x1 of the other."""
    if sa is None and sb is None:
        raise KernelError("an element-wise op needs at least one matrix operand")
    if sa is None or sb is None:
        s = sa if sb is None else sb
        return (int(s[0]), int(s[1]))  # type: ignore[index]
    out = []
    for x, y in zip(sa, sb, strict=True):
        if x != y and x != 1 and y != 1:
            raise KernelError(f"cannot broadcast {sa[0]}x{sa[1]} with {sb[0]}x{sb[1]}")
        out.append(int(y if x == 1 else x))
    shape = (out[0], out[1])
    if shape != tuple(sa) and shape != tuple(sb):
        raise KernelError(
            f"cannot broadcast {sa[0]}x{sa[1]} with {sb[0]}x{sb[1]} "
            "(outer broadcasting is not allowed)"
        )
    return shape


def _zero_preserving(f: BinaryFn, zero_left: bool, other: Operand) -> bool:
    """Does f map the sparse side's implicit zeros to 0 for every value of `other`?"""
    z = f(0.0, other) if zero_left else f(other, 0.0)
    return bool(np.all(z == 0))  # NaN fails the test, as it must


def _sparse_with(f: BinaryFn, s: sp.csr_array, other: Operand, s_left: bool) -> Mat:
    """f on s's stored entries only: valid when f(0, other) == 0 wherever s is 0."""
    if isinstance(other, np.ndarray) and other.shape[1] == 1 and other.shape[0] == s.shape[0]:
        # A column broadcast over the rows: each row's value repeated over its entries,
        # one array and no coordinates (PageRank's A / rowSums(A), 3M entries: ~3x faster).
        y = np.repeat(other[:, 0], np.diff(s.indptr))
    elif isinstance(other, np.ndarray) and other.shape == (1, s.shape[1]):
        y = other[0][s.indices]  # a row broadcast over the columns
    else:
        rows, cols = _coords(s)
        y = _gather(other, rows, cols)
    if isinstance(f, np.ufunc) and isinstance(y, np.ndarray) and y.dtype == np.float64:
        return _with_data(s, f(s.data, y, out=y) if s_left else f(y, s.data, out=y))  # fresh y
    return _with_data(s, f(s.data, y) if s_left else f(y, s.data))


def _union(f: BinaryFn, a: sp.csr_array, b: sp.csr_array) -> Mat:
    """f on the union of two same-shape patterns: valid when f(0, 0) == 0."""
    ncols = a.shape[1]
    ra, ca = _coords(a)
    rb, cb = _coords(b)
    ka = ra * ncols + ca.astype(np.int64)
    kb = rb * ncols + cb.astype(np.int64)
    # Both runs are sorted: a stable sort merges them fast (np.union1d hashes, ~50x slower).
    keys = np.sort(np.concatenate([ka, kb]), kind="stable")
    if len(keys):
        keys = keys[np.concatenate([[True], keys[1:] != keys[:-1]])]
    va = np.zeros(len(keys))
    vb = np.zeros(len(keys))
    va[np.searchsorted(keys, ka)] = a.data
    vb[np.searchsorted(keys, kb)] = b.data
    rows, cols = np.divmod(keys, ncols)
    return _csr(rows, cols, np.asarray(f(va, vb), dtype=np.float64), a.shape)


def _reusable(x: Any, shape: tuple[int, ...]) -> bool:
    """Whether a donated operand's buffer can hold a float64 result of `shape`: it owns its
    memory (a view's base may be live), is writeable, and has no scanned facts attached
    (they would describe the new contents)."""
    return (
        type(x) is np.ndarray
        and x.base is None
        and x.dtype == np.float64
        and x.shape == shape
        and x.flags.writeable
        and recall(x) is None
    )


def _apply(f: BinaryFn, a: Any, b: Any, shape: tuple[int, ...], donated: tuple[int, ...]) -> Any:
    """f(a, b), written into a donated operand's buffer where one fits (f is a ufunc)."""
    for i in donated:
        x = b if i else a
        if _reusable(x, shape):
            return f(a, b, out=x)
    return f(a, b)


def elementwise(f: BinaryFn, a: Any, b: Any, donated: tuple[int, ...] = ()) -> Mat:
    """f(a, b) with broadcasting, sparse where zeros provably stay zeros.

    `donated`: indices of operands whose buffers may take the result (f must be a ufunc).
    """
    ta, tb = type(a), type(b)
    if ta is np.ndarray and (
        (tb is np.ndarray and a.shape == b.shape and a.ndim == 2)
        or (tb is float and a.ndim == 2 and a.dtype == np.float64)
    ):
        # the common cases, dense matrices of one shape or dense and scalar
        out = _apply(f, a, b, a.shape, donated) if donated else f(a, b)
        return out if out.dtype == np.float64 else out.astype(np.float64)
    if ta is float and tb is np.ndarray and b.ndim == 2 and b.dtype == np.float64:
        out = _apply(f, a, b, b.shape, donated) if donated else f(a, b)
        return out if out.dtype == np.float64 else out.astype(np.float64)
    a, b = _as_operand(a), _as_operand(b)
    sa = None if isinstance(a, float) else a.shape
    sb = None if isinstance(b, float) else b.shape
    shape = _broadcast_shape(sa, sb)
    # A sparse vector or 1x1 broadcast against a bigger matrix is small: densify it.
    if sp.issparse(a) and a.shape != shape:
        a = a.toarray()
    if sp.issparse(b) and b.shape != shape:
        b = b.toarray()
    if _cells(shape):
        if sp.issparse(a) and sp.issparse(b):
            if _zero_preserving(f, True, 0.0):
                return _union(f, a, b)
        elif sp.issparse(a):
            if _zero_preserving(f, True, b):
                return _sparse_with(f, a, b, s_left=True)
        elif sp.issparse(b):
            if _zero_preserving(f, False, a):
                return _sparse_with(f, b, a, s_left=False)
    elif sp.issparse(a) or sp.issparse(b):
        return sp.csr_array(shape, dtype=np.float64)
    da = a if isinstance(a, float) else _dense(a)
    db = b if isinstance(b, float) else _dense(b)
    if donated:  # e.g. x - Y with x a column: Y's buffer takes the result
        out = np.asarray(_apply(f, da, db, shape, donated), dtype=np.float64)
    else:
        out = np.asarray(f(da, db), dtype=np.float64)
    return np.broadcast_to(out, shape).copy() if out.shape != shape else out


def _as01(fn: BinaryFn) -> BinaryFn:
    """A NumPy predicate as a 0.0/1.0 float function."""
    return lambda x, y: np.asarray(fn(x, y)).astype(np.float64)


def _and(x: Any, y: Any) -> Any:
    return np.logical_and(np.not_equal(x, 0), np.not_equal(y, 0))


def _or(x: Any, y: Any) -> Any:
    return np.logical_or(np.not_equal(x, 0), np.not_equal(y, 0))


BINARY_FNS: dict[type[mx.ElementwiseBinaryOp], BinaryFn] = {
    mx.AddOp: np.add,
    mx.SubOp: np.subtract,
    mx.MulOp: np.multiply,
    mx.DivOp: np.divide,
    mx.PowOp: np.power,
    mx.MinOp: np.minimum,  # propagates NaN
    mx.MaxOp: np.maximum,
    mx.ModOp: np.mod,  # R's %%: the result has the sign of the divisor
    mx.FloorDivOp: np.floor_divide,
    mx.EqOp: _as01(np.equal),
    mx.NeOp: _as01(np.not_equal),
    mx.LtOp: _as01(np.less),
    mx.LeOp: _as01(np.less_equal),
    mx.GtOp: _as01(np.greater),
    mx.GeOp: _as01(np.greater_equal),
    mx.AndOp: _as01(_and),
    mx.OrOp: _as01(_or),
}


def _binary_kernel(f: BinaryFn) -> Kernel:
    def run(op: mx.ElementwiseBinaryOp, args: Args, donated: tuple[int, ...] = ()) -> Mat:
        return elementwise(f, args[0], args[1], donated)

    if isinstance(f, np.ufunc):  # writes float64 in place (predicates make bools)
        setattr(run, DONATES, True)
    return run


for _cls, _fn in BINARY_FNS.items():
    _register(_cls)(_binary_kernel(_fn))


def round_half_away(x: Any) -> Any:
    """R/DML round: halves go away from zero (NumPy rounds them to even).

    x - trunc(x) is exact, so 0.49999999999999994 is not pushed up to 1 as
    floor(x + 0.5) would.
    """
    t = np.trunc(x)
    return np.where(np.abs(x - t) >= 0.5, t + np.sign(x), t)


def sigmoid(x: Any) -> Any:
    """1 / (1 + exp(-x)), computed as written.

    IEEE arithmetic needs no guard here: for x < -709 exp(-x) overflows to inf and 1 / inf
    is 0, the limit; NaN stays NaN. So the result is bit for bit what a user's own
    1 / (1 + exp(-x)) gives (sigmoid-fusion is exact) and what SystemDS computes, in four
    passes over x (the where-based stable form takes six, ~40% slower)."""
    if np.ndim(x) == 0:  # a scalar (the scalar kernels share this function)
        with np.errstate(over="ignore"):
            return np.divide(1.0, np.add(np.exp(np.negative(x)), 1.0))
    return sigmoid_into(x, None)


def sigmoid_into(x: Dense, out: Dense | None) -> Dense:
    """sigmoid(x) written into `out` (x itself when donated; None: a new array)."""
    e = np.negative(x, out=out)
    np.exp(e, out=e)
    np.add(e, 1.0, out=e)
    np.divide(1.0, e, out=e)
    return e


def _not(x: Any) -> Any:
    return np.equal(x, 0).astype(np.float64)


UNARY_FNS: dict[type[mx.ElementwiseUnaryOp], UnaryFn] = {
    mx.NegOp: np.negative,
    mx.ExpOp: np.exp,
    mx.LogOp: np.log,
    mx.SqrtOp: np.sqrt,
    mx.AbsOp: np.abs,
    mx.SignOp: np.sign,
    mx.RoundOp: round_half_away,
    mx.RintOp: np.rint,
    mx.FloorOp: np.floor,
    mx.CeilOp: np.ceil,
    mx.SigmoidOp: sigmoid,
    mx.NotOp: _not,
    mx.SinOp: np.sin,
    mx.CosOp: np.cos,
    mx.TanOp: np.tan,
    mx.IsNanOp: lambda x: np.isnan(x).astype(np.float64),
    mx.AsinOp: np.arcsin,
    mx.AcosOp: np.arccos,
    mx.AtanOp: np.arctan,
    mx.SinhOp: np.sinh,
    mx.CoshOp: np.cosh,
    mx.TanhOp: np.tanh,
    mx.IsInfOp: lambda x: np.isinf(x).astype(np.float64),
}


def unary(g: UnaryFn, x: Any, donated: tuple[int, ...] = ()) -> Mat:
    """g element-wise; sparse stays sparse when g(0) == 0 (neg, abs, sqrt, round...).
    With x donated (g a ufunc or sigmoid), the result is written into x's buffer."""
    a = _as_mat(x)
    if sp.issparse(a):
        if np.asarray(g(np.zeros(1)))[0] == 0:
            return _with_data(a, g(a.data))
        a = a.toarray()
    if donated and _reusable(a, a.shape):
        return sigmoid_into(a, a) if g is sigmoid else g(a, out=a)  # type: ignore[call-arg]
    return np.asarray(g(a), dtype=np.float64)


def _unary_kernel(g: UnaryFn) -> Kernel:
    def run(op: mx.ElementwiseUnaryOp, args: Args, donated: tuple[int, ...] = ()) -> Mat:
        return unary(g, args[0], donated)

    # ufuncs and sigmoid write float64 in place (np.sign too: float in, float out)
    if g is sigmoid or (isinstance(g, np.ufunc) and g.nout == 1):
        setattr(run, DONATES, True)
    return run


for _ucls, _ufn in UNARY_FNS.items():
    _register(_ucls)(_unary_kernel(_ufn))


@_register(mx.SelectOp)
def select(op: mx.SelectOp, args: Args) -> Mat:
    cond = _as_mat(args[0])
    a, b = _as_operand(args[1]), _as_operand(args[2])
    for what, v in (("true", a), ("false", b)):
        if not isinstance(v, float) and v.shape != cond.shape:
            raise KernelError(
                f"select {what} branch of shape {v.shape[0]}x{v.shape[1]} differs from "
                f"condition {cond.shape[0]}x{cond.shape[1]}"
            )
    if sp.issparse(cond) and isinstance(b, float) and b == 0.0:
        # Zeros of cond pick 0: the result lives on cond's pattern.
        rows, cols = _coords(cond)
        hit = cond.data != 0
        rows, cols = rows[hit], cols[hit]
        vals = np.broadcast_to(np.asarray(_gather(a, rows, cols), dtype=np.float64), rows.shape)
        return _csr(rows, cols, vals.copy(), cond.shape)
    da = a if isinstance(a, float) else _dense(a)
    db = b if isinstance(b, float) else _dense(b)
    return np.where(_dense(cond) != 0, da, db).astype(np.float64)


# ---------------------------------------------------------------------------
# Linear algebra and reorganisation.


def _nonfinite(a: Mat) -> sp.csr_array | None:
    """A 0/1 CSR marking the non-finite cells of a, or None when all are finite."""
    if sp.issparse(a):
        bad = ~np.isfinite(a.data)
        if not bad.any():
            return None
        rows, cols = _coords(a)
        rows, cols = rows[bad], cols[bad]
    else:
        bad2 = ~np.isfinite(a)
        if not bad2.any():
            return None
        rows, cols = np.nonzero(bad2)
    out = sp.csr_array((np.ones(len(rows)), (rows, cols)), shape=a.shape)
    out.sum_duplicates()
    return out


def _pattern(a: sp.csr_array) -> sp.csr_array:
    return sp.csr_array((np.ones(a.nnz), a.indices, a.indptr), shape=a.shape)


def _missing_nans(a: Mat, b: Mat) -> tuple[NDArray[np.int64], NDArray[np.int64]]:
    """Cells of a @ b that dense NumPy makes NaN but a sparse product misses.

    Dense semantics multiply every pair: inf or NaN times an *implicit* zero is NaN.
    Cell (i, j) misses one when some non-finite a[i, k] meets an unstored b[k, j]
    (or the mirror). Counting stored partners with a product of 0/1 patterns finds them.
    """
    rows: list[NDArray[np.int64]] = []
    cols: list[NDArray[np.int64]] = []
    fa = _nonfinite(a) if sp.issparse(b) else None
    if fa is not None:
        per_row = np.diff(fa.indptr)
        bad_rows = np.flatnonzero(per_row)
        hits = (fa[bad_rows] @ _pattern(b)).toarray()  # stored partners per cell
        ri, cj = np.nonzero(per_row[bad_rows][:, None] > hits)
        rows.append(bad_rows[ri])
        cols.append(cj)
    fb = _nonfinite(b) if sp.issparse(a) else None
    if fb is not None:
        fbc = fb.tocsc()
        per_col = np.diff(fbc.indptr)
        bad_cols = np.flatnonzero(per_col)
        hits = (_pattern(a) @ fb[:, bad_cols]).toarray()
        ri, cj = np.nonzero(per_col[bad_cols][None, :] > hits)
        rows.append(ri)
        cols.append(bad_cols[cj])
    if not rows:
        empty = np.zeros(0, dtype=np.int64)
        return empty, empty
    return np.concatenate(rows).astype(np.int64), np.concatenate(cols).astype(np.int64)


BLAS_DOT_MAX = 10_000
"""Longest vector handed to BLAS's dot. OpenBLAS runs longer ones on all its threads, and
on a loaded machine waking a thread costs milliseconds (9 ms measured on two busy cores,
against 40 us for the whole product); einsum's loop is single-threaded and as fast."""


def _dot(x: Dense, y: Dense) -> float:
    """sum(x * y) of two 1-D arrays without a temporary.

    Longer contiguous vectors: one batched matmul over BLAS_DOT_MAX-long pieces, each a
    single-threaded BLAS dot in NumPy's C loop, and the rest. 100,000 cells: 24-32 us
    against einsum's 46-49 (bench/fused_kernels.py, tak+ rows); deterministic."""
    n = x.shape[0]
    if n <= BLAS_DOT_MAX:
        return float(np.dot(x, y))
    if not (x.flags.c_contiguous and y.flags.c_contiguous):
        return float(np.einsum("i,i->", x, y))  # strided: reads in place, no copies
    k = n // BLAS_DOT_MAX
    m = k * BLAS_DOT_MAX
    parts = np.matmul(x[:m].reshape(k, 1, BLAS_DOT_MAX), y[:m].reshape(k, BLAS_DOT_MAX, 1))
    return float(parts.sum()) + float(np.dot(x[m:], y[m:]))


def _csr_matvec(a: Mat, b: Dense, transposed: bool = False) -> Dense | None:
    """CSR a (or t(a), on a's CSC view: no transposed copy) times a finite dense column b,
    by SciPy's C++ kernel straight into a fresh result; None where that does not apply
    (b not a finite column, an empty side, no kernel).

    SciPy's `a @ b` costs ~15 us of Python around a 30 us product on PageRank's 40,000
    links: its operand checks, and then ours for the NaNs a sparse product misses (there
    are none where b is finite, and sum(b) is finite exactly when no cell of b is
    Inf/NaN, or overflows: then the general path decides). The result is owned and
    contiguous, so the next element-wise op can take its buffer (donation).
    """
    if type(a) is not sp.csr_array or b.shape[1] != 1:
        return None
    matvec = _sparsetools_matvec("csc_matvec" if transposed else "csr_matvec")
    n, m = a.shape
    if matvec is None or n == 0 or m == 0 or not math.isfinite(float(np.add.reduce(b, axis=None))):
        return None
    rows, cols = (m, n) if transposed else (n, m)  # t(a) is a CSC matrix on a's arrays
    out = np.zeros((rows, 1))
    matvec(rows, cols, a.indptr, a.indices, a.data, np.ascontiguousarray(b), out)
    return out


def csr_t_matvec(a: Mat, b: Dense) -> Dense | None:
    """t(a) %*% b for a CSR a and a finite dense column b (phys.tmm's sparse path)."""
    return _csr_matvec(a, b, transposed=True)


@functools.cache
def _sparsetools_matvec(name: str) -> Any:
    """SciPy's compiled csr_matvec / csc_matvec (private, but the same since SciPy 0.7),
    looked up at the first use (a CSR operand means scipy.sparse is imported)."""
    try:
        from scipy.sparse import _sparsetools
    except ImportError:  # pragma: no cover - a SciPy without it: the public path
        return None
    return getattr(_sparsetools, name, None)


def matmul_values(a: Mat, b: Mat) -> Mat:
    if a.shape[1] != b.shape[0]:
        raise KernelError(
            f"matmul inner dimensions differ: {a.shape[0]}x{a.shape[1]} %*% "
            f"{b.shape[0]}x{b.shape[1]}"
        )
    if not sp.issparse(a) and not sp.issparse(b):
        if a.shape[0] == 1 and b.shape[1] == 1:
            # An inner product (t(x) %*% y), on strided views: NumPy would run a 1x1 gemm,
            # slower, and threaded (see _dot).
            return np.array([[_dot(a[0], b[:, 0])]])
        if a.shape[1] == 1 and a.shape[0] > 1 and b.shape[1] > 1:
            # An outer product (x %*% t(y)): one rounded product per cell, as gemm with an
            # inner dimension of 1 computes it, but without gemm's packing (3-5x faster).
            return np.multiply(a, b)
        return a @ b
    if type(b) is np.ndarray and b.shape[1] == 1:
        direct = _csr_matvec(a, b)
        if direct is not None:
            return direct
        # A matrix-vector product: SciPy's 1-D path (csr_matvec) is ~6 us faster than its
        # n x 1 multi-vector one, a pagerank iteration's worth of Python.
        out = (a @ b[:, 0]).reshape(-1, 1)
    else:
        out = a @ b  # sparse @ sparse -> CSR; with a dense side -> ndarray
    rows, cols = _missing_nans(a, b)
    if len(rows):
        if sp.issparse(out):
            # NaN + anything is NaN: adding NaNs marks the cells, stored or not.
            nans = sp.csr_array((np.full(len(rows), np.nan), (rows, cols)), shape=out.shape)
            nans.sum_duplicates()
            out = out + nans
        else:
            out = np.array(out, dtype=np.float64)
            out[rows, cols] = np.nan
    return _finish(out)


@_register(mx.MatmulOp)
def matmul(op: mx.MatmulOp, args: Args) -> Mat:
    return matmul_values(_as_mat(args[0]), _as_mat(args[1]))


@_register(mx.TransposeOp)
def transpose(op: mx.TransposeOp, args: Args) -> Mat:
    a = _as_mat(args[0])
    if sp.issparse(a):
        out = a.T.tocsr()
        # Sorted by the conversion, no duplicates as a has none: canonical. Saying so spares
        # _finish SciPy's O(nnz) check (5 ms on PageRank's 3M links).
        out.has_canonical_format = True
        return _finish(out)
    return a.T  # a view: kernels never write into their operands


@_register(mx.DiagOp)
def diag(op: mx.DiagOp, args: Args) -> Mat:
    a = _as_mat(args[0])
    r, c = a.shape
    if c == 1:  # column vector (1x1 included) -> diagonal matrix
        v = _dense(a)[:, 0]
        if r * r <= DIAG_DENSE_CELLS:
            out = np.zeros((r, r))
            np.fill_diagonal(out, v)
            return out
        nz = np.flatnonzero(v != 0)
        return _csr(nz, nz, v[nz], (r, r))
    if r == c:  # square -> its diagonal as a column
        d = a.diagonal() if sp.issparse(a) else np.diagonal(a)
        if sp.issparse(a):
            nz = np.flatnonzero(d != 0)
            return _csr(nz, np.zeros(len(nz), dtype=np.int64), d[nz], (r, 1))
        return d.reshape(-1, 1).copy()
    raise KernelError(f"diag expects a column vector or a square matrix, got {r}x{c}")


DIAG_DENSE_CELLS = ZERO_FILL_DENSE_CELLS
"""A diagonal matrix (diag of a vector) of at most this many cells (8 MB) is dense, as a
small zero fill is: ridge's lambda * diag(ones) on 1000 columns costs ~2 ms dense and
never imports scipy.sparse (~0.13 s) into a dense program; larger ones are CSR."""


@_register(mx.ReshapeOp)
def reshape(op: mx.ReshapeOp, args: Args) -> Mat:
    a = _as_mat(args[0])
    r, c = _dims(args[1], args[2])
    if r * c != _cells(a.shape):
        raise KernelError(
            f"cannot reshape {a.shape[0]}x{a.shape[1]} ({_cells(a.shape)} cells) into {r}x{c}"
        )
    if (r, c) == a.shape:
        return a
    if sp.issparse(a):
        return _finish(a.reshape((r, c)).tocsr())  # row-major, as NumPy's default
    return a.reshape(r, c)


# Reductions. "row" reduces each row (-> Rx1), "col" each column (-> 1xC).


def _sparse_row_extreme(a: sp.csr_array, kind: str) -> Dense:
    """Per-row min/max/argmin/argmax of canonical CSR, implicit zeros included.

    Matches NumPy: NaN propagates (and is the arg-extreme), ties give the first index.
    """
    nrows, ncols = a.shape
    counts = np.diff(a.indptr)
    full_rows = counts == ncols
    nonempty = counts > 0
    starts = a.indptr[:-1][nonempty]
    is_min = kind in ("min", "argmin")
    ufunc = np.minimum if is_min else np.maximum
    stored = np.full(nrows, np.nan)  # extreme over stored entries (rows with any)
    if a.nnz:
        stored[nonempty] = ufunc.reduceat(a.data, starts)
    if kind in ("min", "max"):
        if ncols == 0:
            return np.full(nrows, np.inf if is_min else -np.inf)
        out = np.where(nonempty, stored, 0.0)
        return np.where(full_rows, out, ufunc(out, 0.0))
    if ncols == 0 and nrows:
        raise KernelError(f"{kind} over an empty axis ({nrows}x0 by row)")
    rows, cols = _coords(a)
    pos = np.arange(a.nnz) - np.repeat(a.indptr[:-1], counts)  # position within the row
    first_hit = np.full(nrows, ncols)  # first stored column equal to the extreme
    first_gap = np.zeros(nrows, dtype=np.int64)  # first unstored column (0 if row empty)
    if a.nnz:
        ext = stored[rows]
        hit = (a.data == ext) | (np.isnan(a.data) & np.isnan(ext))
        first_hit[nonempty] = np.minimum.reduceat(np.where(hit, cols, ncols), starts)
        # Sorted columns: the first unstored one is the first position where col != pos.
        gap = np.minimum.reduceat(np.where(cols != pos, pos, ncols), starts)
        first_gap[nonempty] = np.minimum(gap, counts[nonempty])
    better = np.isnan(stored) | (stored < 0 if is_min else stored > 0)
    tie = stored == 0
    out = np.where(
        full_rows | (nonempty & better),
        first_hit,
        np.where(nonempty & tie, np.minimum(first_hit, first_gap), first_gap),
    )
    return out.astype(np.float64)


def _reduce_all(a: Mat, kind: str) -> float:
    n = _cells(a.shape)
    if kind == "sum":
        return float(a.sum())
    if kind == "sumsq":
        return _sumsq_all(a)
    if kind == "mean":
        return float(np.float64(a.sum()) / np.float64(n))  # 0/0 -> nan for empty
    if kind in ("min", "max"):
        ufunc = np.minimum if kind == "min" else np.maximum
        ident = np.inf if kind == "min" else -np.inf
        if sp.issparse(a):
            v = float(ufunc.reduce(a.data, initial=ident))
            return float(ufunc(v, 0.0)) if a.nnz < n else v
        return float(ufunc.reduce(a, axis=None, initial=ident))
    if kind in ("var", "sd", "prod"):
        return float(_moment_rows(_as_mat(a.reshape((1, n))), kind)[0])
    raise KernelError(f"reduce {kind} needs axis row or col")


def _moment_rows(a: Mat, kind: str) -> Dense:
    """Per-row var / sd (sample: divisor n-1, one value gives 0 as in SystemDS, none NaN)
    or prod of a matrix; CSR is read without densifying (its zeros are counted)."""
    nrows, n = a.shape
    if kind == "prod":
        if not sp.issparse(a):
            return np.prod(a, axis=1)
        counts = np.diff(a.indptr)
        stored = np.ones(nrows)
        nonempty = counts > 0
        if a.nnz:
            stored[nonempty] = np.multiply.reduceat(a.data, a.indptr[:-1][nonempty])
        # A missing cell multiplies by 0 (NaN and Inf stay NaN, as dense NumPy).
        return np.where(counts < n, stored * 0.0, stored)
    with np.errstate(all="ignore"):
        if sp.issparse(a):
            counts = np.diff(a.indptr)
            rows = np.repeat(np.arange(nrows), counts)
            mean = np.bincount(rows, weights=a.data, minlength=nrows) / np.float64(n)
            dev = a.data - mean[rows]
            ssd = np.bincount(rows, weights=dev * dev, minlength=nrows).astype(np.float64)
            ssd += (n - counts) * mean * mean  # the zeros' deviations
        else:
            mean = a.sum(axis=1) / np.float64(n)
            dev = a - mean[:, None]
            ssd = np.einsum("ij,ij->i", dev, dev)
        var = ssd / np.float64(max(n - 1, 1)) if n else np.full(nrows, np.nan)
    return np.sqrt(var) if kind == "sd" else var


LAST_EXTREME_BLOCK_CELLS = 1 << 20
"""Rows of a sparse matrix are densified this many cells at a time for minindex/maxindex."""


def _last_extreme_index(a: Mat, is_min: bool) -> Dense:
    """Per row, the 0-based index of the last cell holding the row's extreme among the
    cells that are not NaN, 0 where every cell is NaN (SystemDS's rowIndexMin/Max: it
    scans with >= / <=, and a comparison with NaN is false)."""
    nrows, ncols = a.shape
    out = np.empty(nrows)
    step = max(1, LAST_EXTREME_BLOCK_CELLS // max(ncols, 1))
    arg = np.argmin if is_min else np.argmax
    reduce = np.fmin.reduce if is_min else np.fmax.reduce  # NaN only where all are NaN
    for lo in range(0, nrows, step):
        block = a[lo : lo + step]
        block = block.toarray() if sp.issparse(block) else np.asarray(block)
        # NumPy's first extreme of the reversed row is the last one, unless NaN is there
        flipped = block[:, ::-1]
        first = arg(flipped, axis=1)
        idx = (ncols - 1 - first).astype(np.float64)
        nan = np.isnan(flipped[np.arange(len(block)), first])
        if nan.any():  # rows holding NaN: the extreme of the others
            rows = block[nan]
            with np.errstate(invalid="ignore"):
                hit = rows == reduce(rows, axis=1)[:, None]  # NaN equals nothing
            last = ncols - 1 - np.argmax(hit[:, ::-1], axis=1)
            idx[nan] = np.where(hit.any(axis=1), last, 0)
        out[lo : lo + step] = idx
    return out


def _reduce_axis(a: Mat, kind: str, axis: str) -> Dense:
    by_row = axis == "row"
    np_axis = 1 if by_row else 0
    out_shape = (a.shape[0], 1) if by_row else (1, a.shape[1])
    n = a.shape[np_axis]  # length of each reduced line
    if kind == "sum":
        v = np.asarray(a.sum(axis=np_axis), dtype=np.float64)
    elif kind == "sumsq":
        v = _sumsq_axis(a, by_row)
    elif kind == "mean":
        v = np.asarray(a.sum(axis=np_axis), dtype=np.float64) / np.float64(n)
    elif kind in ("var", "sd", "prod"):
        lines = a if by_row else (_as_mat(a.T.tocsr()) if sp.issparse(a) else a.T)
        v = _moment_rows(lines, kind)
    elif kind in ("minindex", "maxindex") and n and _cells(out_shape):
        lines = a if by_row else (_as_mat(a.T.tocsr()) if sp.issparse(a) else a.T)
        v = _last_extreme_index(lines, kind == "minindex")
    elif sp.issparse(a):
        lines = a if by_row else _as_mat(a.T.tocsr())
        v = _sparse_row_extreme(lines, kind)
    elif kind in ("min", "max"):
        ufunc = np.minimum if kind == "min" else np.maximum
        v = ufunc.reduce(a, axis=np_axis, initial=np.inf if kind == "min" else -np.inf)
    elif kind in mx.INDEX_KINDS:
        if _cells(out_shape) == 0:
            v = np.zeros(0)
        elif n == 0:
            raise KernelError(f"{kind} over an empty axis ({a.shape[0]}x{a.shape[1]} by {axis})")
        else:
            v = (np.argmin if kind == "argmin" else np.argmax)(a, axis=np_axis)
    else:
        raise KernelError(f"unknown reduce kind '{kind}'")
    return np.asarray(v, dtype=np.float64).reshape(out_shape)


def _sumsq_all(a: Mat) -> float:
    """sum(X^2) without materialising X^2: a dot product of the cells (or stored values)."""
    if sp.issparse(a):
        return _dot(a.data, a.data)
    if a.flags.c_contiguous or a.flags.f_contiguous:
        v = a.ravel(order="K")  # a view
        return _dot(v, v)
    return float(np.einsum("ij,ij->", a, a))


def _sumsq_axis(a: Mat, by_row: bool) -> Dense:
    """rowSums(X^2) / colSums(X^2) without materialising X^2."""
    if sp.issparse(a):
        sq = a.data * a.data
        if by_row:
            rows = np.repeat(np.arange(a.shape[0]), np.diff(a.indptr))
            return np.bincount(rows, weights=sq, minlength=a.shape[0]).astype(np.float64)
        return np.bincount(a.indices, weights=sq, minlength=a.shape[1]).astype(np.float64)
    return np.einsum("ij,ij->i" if by_row else "ij,ij->j", a, a)


@_register(mx.ReduceOp)
def reduce(op: mx.ReduceOp, args: Args) -> float | Dense:
    a = _as_mat(args[0])
    kind, axis = op.kind.data, op.axis.data
    if kind not in mx.REDUCE_KINDS:
        raise KernelError(f"unknown reduce kind '{kind}'")
    if axis == "all":
        return _reduce_all(a, kind)
    if axis not in ("row", "col"):
        raise KernelError(f"unknown reduce axis '{axis}'")
    return _reduce_axis(a, kind, axis)


@_register(mx.TraceOp)
def trace(op: mx.TraceOp, args: Args) -> float:
    a = _as_mat(args[0])
    if a.shape[0] != a.shape[1]:
        raise KernelError(f"trace expects a square matrix, got {a.shape[0]}x{a.shape[1]}")
    return float(np.sum(a.diagonal()))


# Reorganisation and cumulative aggregates of the DML frontend.


@_register(mx.RevOp)
def rev(op: mx.RevOp, args: Args) -> Mat:
    a = _as_mat(args[0])
    if not sp.issparse(a):
        return a[::-1].copy()
    counts = np.diff(a.indptr)[::-1]  # new row i is old row r-1-i
    indptr = np.zeros(a.shape[0] + 1, dtype=a.indptr.dtype)
    np.cumsum(counts, out=indptr[1:])
    offset = np.arange(a.nnz) - np.repeat(indptr[:-1], counts)
    order = np.repeat(a.indptr[:-1][::-1], counts) + offset
    out = sp.csr_array((a.data[order], a.indices[order].copy(), indptr), shape=a.shape)
    out.has_canonical_format = True
    return out


_CUM_UFUNCS = {"sum": np.add, "prod": np.multiply, "min": np.minimum, "max": np.maximum}
"""Down each column; minimum/maximum propagate NaN, as the reduce kernels do."""


def _cumulate(kind: str, a: Dense) -> Dense:
    return _CUM_UFUNCS[kind].accumulate(a, axis=0)


@_register(mx.CumAggOp)
def cumagg(op: mx.CumAggOp, args: Args) -> Mat:
    a = _as_mat(args[0])
    kind = op.kind.data
    if kind not in mx.CUMAGG_KINDS:
        raise KernelError(f"unknown cumagg kind '{kind}'")
    if sp.issparse(a) and kind == "prod":
        out = _sparse_cumprod(a)
        if out is not None:
            return out
    return _cumulate(kind, _dense(a))


def _sparse_cumprod(a: sp.csr_array) -> Mat | None:
    """cumprod of CSR: a column is non-zero only down to its first zero. None where a
    product is not finite (Inf * 0 below it would be NaN, not 0): the dense path then."""
    csc = a.tocsc()
    csc.sort_indices()
    counts = np.diff(csc.indptr)
    pos = np.arange(csc.nnz) - np.repeat(csc.indptr[:-1], counts)
    prefix = csc.indices == pos  # rows 0..k-1 all stored: the leading run of a column
    rows, cols, vals = [], [], []
    for j in np.flatnonzero(counts):
        lo, hi = csc.indptr[j], csc.indptr[j + 1]
        run = int(np.count_nonzero(prefix[lo:hi]))
        if run:
            vals.append(np.multiply.accumulate(csc.data[lo : lo + run]))
            rows.append(np.arange(run))
            cols.append(np.full(run, j))
    if not vals:
        return sp.csr_array(a.shape, dtype=np.float64)
    data = np.concatenate(vals)
    if not np.isfinite(data).all():
        return None
    out = sp.csc_array((data, (np.concatenate(rows), np.concatenate(cols))), shape=a.shape)
    return _finish(out.tocsr())


@_register(mx.ReplaceOp)
def replace(op: mx.ReplaceOp, args: Args) -> Mat:
    a = _as_mat(args[0])
    pattern, repl = float(args[1]), float(args[2])

    def hit(x: Dense) -> Any:
        return np.isnan(x) if math.isnan(pattern) else x == pattern

    if sp.issparse(a) and (pattern != 0 or repl == 0):  # implicit zeros stay (or match to 0)
        return _with_data(a, np.where(hit(a.data), repl, a.data))
    d = _dense(a)
    return np.where(hit(d), repl, d)


@_register(mx.DetOp)
def det(op: mx.DetOp, args: Args) -> float:
    a = _as_mat(args[0])
    n = _check_square(a, "det")
    if n == 0:
        return 1.0
    return float(np.linalg.det(_dense(a)))


def _check_dml_index(
    axes: str, rows: tuple[int, int], cols: tuple[int, int], shape: tuple[int, int]
) -> None:
    """A DML index X[lo:hi, lo:hi] (the 0-based half-open bounds of the axes in `axes`,
    "r" and/or "c") within its matrix, reported 1-based as DML wrote it."""
    given = [
        (b, n, what)
        for ax, b, n, what in (("r", rows, shape[0], "row"), ("c", cols, shape[1], "column"))
        if ax in axes
    ]
    parts = [
        "" if ax not in axes else f"{b[0] + 1}" if b[1] == b[0] + 1 else f"{b[0] + 1}:{b[1]}"
        for ax, b in (("r", rows), ("c", cols))
    ]
    where = f"index [{', '.join(parts)}]"
    for (lo, hi), _n, what in given:
        if hi <= lo and lo >= 0:  # the translator's words for the same error
            raise KernelError(f"{where}: {what} range {lo + 1}:{hi} ends before it starts")
    if any(lo < 0 or hi > n for (lo, hi), n, _ in given):
        raise KernelError(f"{where} out of bounds for a {shape[0]}x{shape[1]} matrix")


@_register(mx.SliceOp)
def slice_(op: mx.SliceOp, args: Args) -> Mat:
    a = _as_mat(args[0])
    r0, r1, c0, c1 = (_as_int(x, "slice bound") for x in args[1:5])
    nr, nc = a.shape
    if "dml_index" in op.attributes:  # from DML: its 1-based terms, and lo:hi needs hi >= lo
        axes = op.attributes["dml_index"].data  # type: ignore[attr-defined]
        _check_dml_index(axes, (r0, r1), (c0, c1), (nr, nc))
    if not (0 <= r0 <= r1 <= nr and 0 <= c0 <= c1 <= nc):
        wrong = mx.numpy_index_error(op, (r0, c0), (nr, nc))
        if wrong is not None:
            raise KernelError(wrong)  # @amls.jit's X[i, j]: NumPy's IndexError
        for what, lo, hi, n in (("row", r0, r1, nr), ("col", c0, c1, nc)):
            wrong = mx.slice_error(what, lo, hi, n, (nr, nc))
            if wrong is not None:
                raise KernelError(wrong)  # the verifier's words: -O0 and -O2 alike
    if sp.issparse(a):
        return _finish(a[r0:r1, c0:c1])
    return a[r0:r1, c0:c1].copy()  # a copy: a view would keep all of `a` alive


@_register(mx.UpdateOp)
def update(op: mx.UpdateOp, args: Args) -> Mat:
    a, b = _as_mat(args[0]), _as_mat(args[1])
    r0, c0 = _as_int(args[2], "update row"), _as_int(args[3], "update col")
    (nr, nc), (m, n) = a.shape, b.shape
    if "dml_index" in op.attributes:
        axes = op.attributes["dml_index"].data  # type: ignore[attr-defined]
        _check_dml_index(axes, (r0, r0 + m), (c0, c0 + n), (nr, nc))
    if r0 < 0 or c0 < 0 or r0 + m > nr or c0 + n > nc:
        wrong = mx.numpy_index_error(op, (r0, c0), (nr, nc))
        if wrong is not None:
            raise KernelError(wrong)
        raise KernelError(
            f"update of a {m}x{n} block at ({r0}, {c0}) is out of range for a {nr}x{nc} matrix"
        )
    if not sp.issparse(a):
        out = a.copy()
        out[r0 : r0 + m, c0 : c0 + n] = _dense(b)
        return out
    # Sparse: drop a's entries inside the block, then add b's non-zeros at the offset.
    ar, ac = _coords(a)
    keep = ~((ar >= r0) & (ar < r0 + m) & (ac >= c0) & (ac < c0 + n))
    if sp.issparse(b):
        br, bc = _coords(b)
        bv = b.data
    else:
        br, bc = np.nonzero(b)
        bv = b[br, bc]
    rows = np.concatenate([ar[keep], br.astype(np.int64) + r0])
    cols = np.concatenate([ac[keep].astype(np.int64), bc.astype(np.int64) + c0])
    data = np.concatenate([a.data[keep], bv])
    order = np.argsort(rows * nc + cols, kind="stable")  # merges two sorted runs: fast
    return _csr(rows[order], cols[order], data[order], a.shape)


def _bind(args: Args, axis: int, name: str, colmajor: bool = False) -> Mat:
    mats = [_as_mat(x) for x in args]
    if len(mats) < 2:
        raise KernelError(f"{name} needs at least two operands, got {len(mats)}")
    keep = 1 - axis  # the dimension all operands share
    if any(x.shape[keep] != mats[0].shape[keep] for x in mats):
        what = "rows" if keep == 0 else "cols"
        raise KernelError(
            f"{name} operands have different {what}: "
            + ", ".join(f"{x.shape[0]}x{x.shape[1]}" for x in mats)
        )
    if any(sp.issparse(x) for x in mats):
        nnz = sum(_nnz(x) for x in mats)
        cells = sum(_cells(x.shape) for x in mats)
        if nnz <= SPARSE_THRESHOLD * cells:
            stack = sp.hstack if axis == 1 else sp.vstack
            return _finish(stack([x if sp.issparse(x) else sp.csr_array(x) for x in mats], "csr"))
    dense = [_dense(x) for x in mats]
    if colmajor and axis == 1:
        out = np.empty((dense[0].shape[0], sum(d.shape[1] for d in dense)), order="F")
        j = 0
        for d in dense:
            copy_rows_blocked(out[:, j : j + d.shape[1]], d)
            j += d.shape[1]
        return out
    return np.hstack(dense) if axis == 1 else np.vstack(dense)


def copy_rows_blocked(dst: np.ndarray, src: np.ndarray, block_bytes: int = 1 << 20) -> None:
    """dst[...] = src by row blocks of about `block_bytes` (one L2): into a column-major
    dst from a row-major src, a block's rows are read from cache while its columns are
    written (2x faster than one strided copy on a 100000x101 X here)."""
    rows = max(64, block_bytes // (8 * max(src.shape[1], 1)))
    for i in range(0, src.shape[0], rows):
        dst[i : i + rows] = src[i : i + rows]


@_register(mx.CbindOp)
def cbind(op: mx.CbindOp, args: Args) -> Mat:
    return _bind(args, 1, "cbind", COLMAJOR_ATTR in op.attributes)


@_register(mx.RbindOp)
def rbind(op: mx.RbindOp, args: Args) -> Mat:
    return _bind(args, 0, "rbind")


def _check_square(a: Mat, what: str) -> int:
    if a.shape[0] != a.shape[1]:
        raise KernelError(f"{what} expects a square matrix, got {a.shape[0]}x{a.shape[1]}")
    return int(a.shape[0])


@_register(mx.SolveOp)
def solve(op: mx.SolveOp, args: Args) -> Mat:
    a, b = _as_mat(args[0]), _as_mat(args[1])
    n = _check_square(a, "solve")
    if b.shape[0] != n:
        raise KernelError(
            f"solve: {n}x{n} system with a right-hand side of shape {b.shape[0]}x{b.shape[1]}"
        )
    rhs = _dense(b)
    if n == 0 or b.shape[1] == 0:
        return np.zeros(b.shape)
    if sp.issparse(a):
        import scipy.sparse.linalg as spla  # sparse solves only (start-up)

        with warnings.catch_warnings():
            warnings.simplefilter("error", spla.MatrixRankWarning)
            try:
                x = spla.spsolve(a.tocsc(), rhs)
            except (spla.MatrixRankWarning, RuntimeError) as e:
                raise KernelError(f"solve: the {n}x{n} matrix is singular ({e})") from e
        return np.asarray(x, dtype=np.float64).reshape(b.shape)
    try:
        return np.linalg.solve(a, rhs)
    except np.linalg.LinAlgError as e:
        raise KernelError(f"solve: the {n}x{n} matrix is singular ({e})") from e


@_register(mx.InvOp)
def inv(op: mx.InvOp, args: Args) -> Mat:
    a = _as_mat(args[0])
    n = _check_square(a, "inv")
    if n == 0:
        return np.zeros((0, 0))
    if sp.issparse(a):
        rows, cols = _coords(a)
        if a.nnz == n and np.array_equal(rows, cols):  # diagonal: stays sparse
            if np.any(a.data == 0):
                raise KernelError(f"inv: the {n}x{n} matrix is singular")
            return _with_data(a, 1.0 / a.data)
        a = a.toarray()  # the inverse of a general sparse matrix is dense
    try:
        return np.linalg.inv(a)
    except np.linalg.LinAlgError as e:
        raise KernelError(f"inv: the {n}x{n} matrix is singular ({e})") from e


# ---------------------------------------------------------------------------
# Metadata and scalar bridges.


def _nnz(a: Mat) -> int:
    """Non-zero cells; CSR may store explicit zeros, which do not count."""
    return int(np.count_nonzero(a.data if sp.issparse(a) else a))


@_register(mx.NrowOp)
def nrow(op: mx.NrowOp, args: Args) -> int:
    return int(_as_mat(args[0]).shape[0])


@_register(mx.NcolOp)
def ncol(op: mx.NcolOp, args: Args) -> int:
    return int(_as_mat(args[0]).shape[1])


@_register(mx.NnzOp)
def nnz(op: mx.NnzOp, args: Args) -> int:
    return _nnz(_as_mat(args[0]))


@_register(mx.ToScalarOp)
def to_scalar(op: mx.ToScalarOp, args: Args) -> float:
    a = _as_mat(args[0])
    if a.shape != (1, 1):
        raise KernelError(f"to_scalar expects a 1x1 matrix, got {a.shape[0]}x{a.shape[1]}")
    return float(_dense(a)[0, 0])


@_register(mx.FromScalarOp)
def from_scalar(op: mx.FromScalarOp, args: Args) -> Mat:
    return np.full((1, 1), float(args[0]))


@_register(mx.CastOp)
def cast(op: mx.CastOp, args: Args) -> Any:
    check_cast(op, args[0])
    return args[0]  # only static facts change; the value is the same object


@_register(mx.FailOp)
def fail(op: mx.FailOp, args: Args) -> Any:
    raise KernelError(op.message.data)  # reported as op.op's error (source_op_name)


def check_cast(op: Any, value: Any) -> None:
    """A cast states dims (and maybe an nnz) the value must have: one it does not have is
    an error where the cast is (-O0 would compute on with the wrong facts, -O2 fold them)."""
    check_declared(op.results[0].type, value, "cast to {want} of a {got}")


def check_declared(t: Any, value: Any, message: str) -> None:
    """KernelError(message) where `value` lacks the dims or nnz the type `t` states."""
    shape = getattr(value, "shape", None)
    if not isinstance(t, mx.MatrixType) or shape is None or len(shape) != 2:
        return
    wrong = (t.rows is not None and t.rows != shape[0]) or (
        t.cols is not None and t.cols != shape[1]
    )
    nnz = None if t.nnz is None or wrong else _nnz(value)
    if wrong or (nnz is not None and nnz != t.nnz):
        want = f"{'?' if t.rows is None else t.rows}x{'?' if t.cols is None else t.cols}"
        got = f"{shape[0]}x{shape[1]} matrix"
        if nnz is not None:
            want, got = f"{want} with nnz={t.nnz}", f"{got} with {nnz} non-zeros"
        raise KernelError(message.format(want=want, got=got))


# ---------------------------------------------------------------------------
# Data-dependent reorganisation: table, remove_empty, outer, order.


def _table_codes(x: Dense, what: str) -> NDArray[np.int64]:
    """1-based category codes, truncated as SystemDS casts them; < 1 or NaN is an error."""
    t = np.trunc(x)
    bad = ~(t >= 1)  # NaN fails too
    if bad.any():
        raise KernelError(f"table: {what} values must be >= 1, got {float(x[np.argmax(bad)])!r}")
    return t.astype(np.int64)


@_register(mx.TableOp)
def table(op: mx.TableOp, args: Args) -> Mat:
    a = _as_mat(args[0])
    n = _cells(a.shape)

    def cells(v: Any, what: str) -> Dense:
        if _is_scalar(v):
            return np.full(n, float(v))
        m = _as_mat(v)
        if m.shape != a.shape:
            raise KernelError(
                f"table: {what} of shape {m.shape[0]}x{m.shape[1]} differs from the first "
                f"input {a.shape[0]}x{a.shape[1]}"
            )
        return _dense(m).ravel()

    ai = _table_codes(_dense(a).ravel(), "first input")
    bi = _table_codes(cells(args[1], "second input"), "second input")
    w = cells(args[2], "weights")
    if len(args) > 3:
        rows, cols = _dims(args[3], args[4])
        keep = (ai <= rows) & (bi <= cols)  # outside the given dims: dropped
        ai, bi, w = ai[keep], bi[keep], w[keep]
    else:
        rows = int(ai.max(initial=0))
        cols = int(bi.max(initial=0))
    out = sp.coo_array((w, (ai - 1, bi - 1)), shape=(rows, cols)).tocsr()
    out.sum_duplicates()
    out.eliminate_zeros()
    return _finish(out)


def _nonempty_lines(x: Mat, by_rows: bool) -> NDArray[np.bool_]:
    """Rows (or columns) holding a non-zero cell (NaN counts as one)."""
    if sp.issparse(x):
        rows, cols = _coords(x)
        nz = x.data != 0
        idx, n = (rows, x.shape[0]) if by_rows else (cols, x.shape[1])
        return np.bincount(idx[nz], minlength=n) > 0
    return np.any(x != 0, axis=1 if by_rows else 0)


@_register(mx.RemoveEmptyOp)
def remove_empty(op: mx.RemoveEmptyOp, args: Args) -> Mat:
    x = _as_mat(args[0])
    by_rows = op.margin.data == "rows"
    n = x.shape[0] if by_rows else x.shape[1]
    if len(args) > 1:
        s = _as_mat(args[1])
        if min(s.shape) > 1 or _cells(s.shape) != n:
            raise KernelError(
                f"remove_empty: select of shape {s.shape[0]}x{s.shape[1]} for {n} {op.margin.data}"
            )
        keep = _dense(s).ravel() != 0
    else:
        keep = _nonempty_lines(x, by_rows)
    if not keep.any() and mx.empty_return(op):  # nothing kept, by content or by select
        shape = (1, x.shape[1]) if by_rows else (x.shape[0], 1)
        return _finish(sp.csr_array(shape, dtype=np.float64))  # one zero line, as SystemDS
    idx = np.flatnonzero(keep)
    if len(idx) == n:
        return x
    out = x[idx] if by_rows else x[:, idx]
    return _finish(out) if sp.issparse(x) else np.ascontiguousarray(out)


@_register(mx.OuterOp)
def outer(op: mx.OuterOp, args: Args) -> Mat:
    x, y = _as_mat(args[0]), _as_mat(args[1])
    if x.shape[1] != 1 or y.shape[0] != 1:
        raise KernelError(
            f"outer expects a column and a row vector, got {x.shape[0]}x{x.shape[1]} and "
            f"{y.shape[0]}x{y.shape[1]}"
        )
    if op.op.data == "eq":
        hot = _one_hot(_dense(x)[:, 0], _dense(y)[0])
        if hot is not None:
            return hot
    f = BINARY_FNS[mx.OUTER_OPS[op.op.data]]
    out = np.asarray(f(_dense(x), _dense(y)), dtype=np.float64)
    if sp.issparse(x) or sp.issparse(y):
        return _finish(sp.csr_array(out))  # sparse in, sparse out where it stays sparse
    return out


def _one_hot(a: Dense, row: Dense) -> Mat | None:
    """outer(a, row, "==") as CSR when row's values are distinct and it has more than
    1 / SPARSE_THRESHOLD of them (each a[i] matches at most one: density <= 1 / len(row)),
    found by binary search instead of comparing every cell: k-means' one-hot matrix. None
    where the dense comparison applies. NaN matches nothing, -0.0 matches 0.0, as ==."""
    k = len(row)
    if k * SPARSE_THRESHOLD <= 1 or np.isnan(row).any():
        return None
    order = np.argsort(row, kind="stable")
    keys = row[order]
    if (keys[1:] == keys[:-1]).any():
        return None  # repeated values: a cell of `a` may match several
    idx = _index_dtype(len(a), k, len(a))
    if keys[0] == 0.0 and keys[-1] == k - 1:  # the keys are 0..k-1 (distinct, sorted)
        # Class labels against seq(0, k-1): the label is the position, no search (5x).
        # NaN, inf and fractions fail ai == a; -0.0 matches 0.0, as == does.
        ai = a.astype(idx)
        hit = (ai == a) & (ai >= 0) & (ai < k)
        if hit.all():  # every row has its one: no compaction, indptr is 0..n
            cols = ai if (order == np.arange(k)).all() else order[ai]
            indptr = np.arange(len(a) + 1, dtype=idx)
            return sp.csr_array((np.ones(len(a)), cols, indptr), shape=(len(a), k))
        cols = order[ai[hit]]
    else:
        pos = np.minimum(np.searchsorted(keys, a), k - 1)
        hit = keys[pos] == a
        cols = order[pos[hit]]
    indptr = np.zeros(len(a) + 1, dtype=idx)
    np.cumsum(hit, out=indptr[1:])
    return sp.csr_array((np.ones(len(cols)), cols.astype(idx), indptr), shape=(len(a), k))


@_register(mx.OrderOp)
def order(op: mx.OrderOp, args: Args) -> Mat:
    x = _as_mat(args[0])
    by = _as_int(args[1], "order by column")
    r, c = x.shape
    if not 0 <= by < c:
        raise KernelError(f"order by column {by + 1} is out of range for a {r}x{c} matrix")
    key = _dense(x[:, [by]] if sp.issparse(x) else x[:, by : by + 1]).ravel()
    # Stable both ways, as SystemDS: ties keep their input order also when decreasing.
    perm = np.argsort(-key if mx.order_decreasing(op) else key, kind="stable")
    if mx.order_index_return(op):
        return perm.astype(np.float64).reshape(-1, 1)
    if sp.issparse(x):
        return _finish(x[perm])
    return x[perm]

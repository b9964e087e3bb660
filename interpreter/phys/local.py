"""Local kernels of the phys dialect (registered in the kernel registry like any op's).

Local twins run the matrix kernel of the op they implement; fused operators have their
own local kernels, bit-compatible with the unfused ops where NaN/Inf or sparsity could
make a shortcut differ (they fall back to the unfused kernels there). Dist ops run on
Dask through amls.interpreter.phys.dist.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from amls.dialects import matrix as mx
from amls.dialects import phys
from amls.interpreter.kernels import KERNELS, TWIN_OF, Kernel, KernelError, ieee, kernel
from amls.interpreter.kernels import matrix as mk
from amls.interpreter.kernels import sparse as sp
from amls.interpreter.phys import blas_threads

Args = tuple[Any, ...]


@dataclass(frozen=True)
class Broadcast:
    """The runtime value of a !phys.bcast: a local value the dist ops send to each worker."""

    value: Any


# ---------------------------------------------------------------------------
# Twins: a local twin runs the matrix kernel of the op it implements.


def _local_twin(base: type[mx.MatrixOp]) -> Kernel:
    def run(op: Any, args: Args) -> Any:
        return KERNELS[base](op, args)

    setattr(run, TWIN_OF, base)  # the engine runs KERNELS[base] directly
    return run


phys.TWINS.on_define(lambda base, twin: kernel(twin)(_local_twin(base)))


# ---------------------------------------------------------------------------
# Fused operators.


def _all_dense(*xs: Any) -> bool:
    return all(isinstance(x, np.ndarray) for x in xs)


def _mul(a: Any, b: Any) -> Any:
    return mk.elementwise(np.multiply, mk._as_operand(a), mk._as_operand(b))


def _tsmm_local(op: Any, args: Args) -> Any:
    x = mk._as_mat(args[0])
    if op.side.data == "left":
        return mk.matmul_values(mk._as_mat(x.T), x)
    return mk.matmul_values(x, mk._as_mat(x.T))


@kernel(phys.TsmmOp)
@ieee
def tsmm(op: phys.TsmmOp, args: Args) -> Any:
    return _tsmm_local(op, args)


def _l2_bytes(default: int = 512 * 1024) -> int:
    """The L2 cache of one core (Linux sysfs), clamped to 256 KB..4 MB."""
    try:
        text = Path("/sys/devices/system/cpu/cpu0/cache/index2/size").read_text().strip()
        size = int(text[:-1]) * {"K": 1 << 10, "M": 1 << 20}[text[-1]]
    except (OSError, ValueError, KeyError, IndexError):
        return default
    return min(max(size, 256 * 1024), 4 << 20)


# One pass over X (SystemDS's mmchain): t(X)%*%(X%*%v) by row blocks small enough that a
# block read for X_b%*%v is still in cache for t(X_b)%*%q_b. X streams from memory once
# instead of twice: 1.7x faster single-threaded on a 50000x201 X (bench: lm_cg). A block
# of one L2 (1 MB on the bench machine) beat 128 KB..4 MB at 1 and 2 threads
# (bench/fused_kernels.py; 512 KB was 10-25% slower on a 1 MB L2).
MMCHAIN_BLOCK_BYTES = _l2_bytes()
MMCHAIN_MIN_BYTES = 8 << 20  # smaller X stays in cache anyway: two BLAS calls are faster
MMCHAIN_MIN_ROWS = 64  # per-block Python cost stays small for very wide X
MMCHAIN_THREADED_BLOCK_BYTES = 5 << 20
"""Row block of the one-pass kernel when BLAS runs more than one thread. OpenBLAS
threads X_b %*% v only from ~3.6 MB of X_b up (measured at 2 threads, 100000x201: that
first pass takes 15 ms over all blocks below, 8.6 ms from 3.75 MB); the second pass
t(X_b) %*% q_b reads X_b back from the shared L3. At 2 threads, fused / two threaded
gemv calls: 0.64 (100000x201), 0.69 (x101), 0.70 (40000x500), 0.72 (20000x1000), 0.73
(10000x2000), 0.84 (200000x20); splitting L2-sized blocks over Python threads with
single-threaded BLAS instead gained nothing over one thread on this memory-bound pass
(17.4 vs 17.8 ms unfused; bench/fused_kernels.py)."""


def _block_rows(m: int, block_bytes: int | None = None) -> int:
    """Rows of an m-column float64 row block of about `block_bytes` (default one L2), at
    least MMCHAIN_MIN_ROWS."""
    size = MMCHAIN_BLOCK_BYTES if block_bytes is None else block_bytes
    return max(MMCHAIN_MIN_ROWS, size // (8 * max(m, 1)))


def _mmchain_rows(m: int, threads: int) -> int:
    """The one-pass kernel's row block for an m-column X under `threads` BLAS threads."""
    return _block_rows(m, MMCHAIN_THREADED_BLOCK_BYTES if threads > 1 else None)


def _sum_parts(
    part: Callable[[int, int], np.ndarray], n: int, threads: int, rows: int, shape: tuple[int, ...]
) -> np.ndarray:
    """The sum of part(lo, hi) over 0..n split into `threads` ranges of whole row blocks,
    run in parallel (blas_threads.run_parallel) and added in range order: deterministic
    for a given thread count."""
    acc = np.zeros(shape)
    for p in blas_threads.run_parallel(part, blas_threads.split_rows(n, threads, rows)):
        acc += p
    return acc


def _mmchain_blocked(x: np.ndarray, v: np.ndarray, kind: str, z: Any) -> np.ndarray | None:
    """t(X)%*%(X%*%v) [w*, -y] by row blocks; None when the operands do not suit it.

    Blocks of one L2 with one BLAS thread; with more, blocks big enough for BLAS to
    thread both products (MMCHAIN_THREADED_BLOCK_BYTES). X is read from memory once
    either way; the block order is fixed, so the sum is deterministic for a given
    thread count."""
    n, m = x.shape
    if (
        x.nbytes < MMCHAIN_MIN_BYTES
        or not x.flags.c_contiguous
        or not isinstance(v, np.ndarray)
        or v.shape != (m, 1)
        or (z is not None and (not isinstance(z, np.ndarray) or z.shape != (n, 1)))
    ):
        return None
    rows = _mmchain_rows(m, blas_threads.blas_threads())
    vv = v[:, 0]
    acc = np.zeros(m)
    for i in range(0, n, rows):
        j = min(i + rows, n)
        xb = x[i:j]
        qb = xb @ vv
        if kind == "xtwxv":
            qb *= z[i:j, 0]
        elif kind == "xtxvy":
            qb -= z[i:j, 0]
        acc += xb.T @ qb
    return acc.reshape(m, 1)


@kernel(phys.MmchainOp)
@ieee
def mmchain(op: phys.MmchainOp, args: Args) -> Any:
    x = mk._as_mat(args[0])
    kind = op.kind.data
    if isinstance(x, np.ndarray):
        v = mk._as_mat(args[1])
        z = mk._as_mat(args[2]) if len(args) > 2 else None
        out = _mmchain_blocked(x, v, kind, z)
        if out is not None:
            return out
    q = mk.matmul_values(x, mk._as_mat(args[1]))
    if kind == "xtwxv":
        q = _mul(args[2], q)
    elif kind == "xtxvy":
        q = mk.elementwise(np.subtract, q, mk._as_operand(args[2]))
    xt = x.T if isinstance(x, np.ndarray) else mk._as_mat(x.T)
    return mk.matmul_values(xt, mk._as_mat(q))


@kernel(phys.TmmOp)
@ieee
def tmm(op: phys.TmmOp, args: Args) -> Any:
    x, y = mk._as_mat(args[0]), mk._as_mat(args[1])
    if x.shape[0] != y.shape[0]:  # t(X) %*% Y, in the terms of the product it stands for
        raise KernelError(
            f"matmul inner dimensions differ: {x.shape[1]}x{x.shape[0]} %*% "
            f"{y.shape[0]}x{y.shape[1]}"
        )
    if _all_dense(x, y):
        if y.shape[1] > 1 and x.nbytes >= MMCHAIN_MIN_BYTES and blas_threads.blas_threads() > 1:
            # Threaded BLAS on X's transposed view beats the form below for a matrix Y:
            # 22 vs 27 ms at 2 threads (100000x101 by 100000x20), 37 vs 24 at one.
            return x.T @ y
        return np.ascontiguousarray((y.T @ x).T)  # t(t(Y) %*% X): X is read in place
    if type(y) is np.ndarray and (direct := mk.csr_t_matvec(x, y)) is not None:
        return direct
    if sp.issparse(x) and not sp.issparse(y) and np.isfinite(y).all():
        # t(X) of a CSR X is a CSC view: its product with a dense Y needs no transposed
        # copy (a loop-invariant t(X) fused here would otherwise be rebuilt every
        # iteration). A finite Y meets X's implicit zeros without making NaN.
        return mk._finish(np.asarray(x.T @ y))
    return mk.matmul_values(mk._as_mat(x.T), y)


@kernel(phys.WtsmmOp)
@ieee
def wtsmm(op: phys.WtsmmOp, args: Args) -> Any:
    x, w = mk._as_mat(args[0]), mk._as_mat(args[1])
    if w.shape != (x.shape[0], 1):
        raise KernelError(
            f"wtsmm: w must be {x.shape[0]}x1 for X of {x.shape[0]} rows, got "
            f"{w.shape[0]}x{w.shape[1]}"
        )
    if _all_dense(x, w) and x.nbytes >= MMCHAIN_MIN_BYTES:
        return _wtsmm_blocked(x, w)
    return mk.matmul_values(mk._as_mat(x.T), mk.elementwise(np.multiply, w, x))


def _wtsmm_blocked(x: np.ndarray, w: np.ndarray) -> np.ndarray:
    """t(X) %*% (w*X) as a sum over row blocks of about one L2: each block's w_b*X_b is
    made and read while X_b is in cache, never the whole n x m temporary. With BLAS
    threads > 1 the row range is split across that many threads, each with
    single-threaded BLAS: this product is compute-bound, and threaded BLAS on blocks this
    small loses to its own synchronisation (2 threads, 100000x101: 39 ms split, 57 ms
    threaded BLAS on 1 MB blocks, 70 ms unfused). Partial sums are added in range order
    (bench/fused_kernels.py)."""
    n, m = x.shape
    rows = _block_rows(m)

    def part(lo: int, hi: int) -> np.ndarray:
        acc = np.zeros((m, m))
        with np.errstate(all="ignore"):  # errstate is per thread: parts run on others
            for i in range(lo, hi, rows):
                j = min(i + rows, hi)
                xb = x[i:j]
                acc += xb.T @ (w[i:j] * xb)
        return acc

    return _sum_parts(part, n, blas_threads.blas_threads(), rows, (m, m))


@kernel(phys.TakOp)
@ieee
def tak(op: phys.TakOp, args: Args) -> Any:
    if len(args) == 2:  # sum(u^2) or t(x) %*% y of two columns in a loop: no checks to pay
        x, y = args
        if (
            type(x) is np.ndarray
            and type(y) is np.ndarray
            and x.ndim == 2
            and x.shape == y.shape
            and x.shape[1] == 1
            and x.dtype == np.float64
            and y.dtype == np.float64
            and op.axis.data == "all"
        ):
            return mk._dot(x[:, 0], y[:, 0])
    xs = [mk._as_mat(a) for a in args]
    shapes = {x.shape for x in xs}
    if len(shapes) != 1:
        raise KernelError(f"tak operands differ in shape: {sorted(shapes)}")
    axis = op.axis.data
    if _all_dense(*xs):
        if axis == "all" and len(xs) == 2 and xs[0].shape[1] == 1:
            return mk._dot(xs[0][:, 0], xs[1][:, 0])  # as 1xn %*% nx1 computes it
        if axis == "all" and len(xs) == 3 and xs[0].shape[1] == 1:
            # Three-operand einsum runs a slow generic loop on columns: one product
            # temporary and a dot are faster.
            return mk._dot(np.multiply(xs[0][:, 0], xs[1][:, 0]), xs[2][:, 0])
        spec = ",".join(["ij"] * len(xs))
        if axis == "all":
            return float(np.einsum(f"{spec}->", *xs))
        if axis == "row":
            # Row-wise dots; a transposed operand is a view, which einsum reads strided
            # (diag(X%*%Y): 3000x1500 in ~10 ms, X*t(Y) then rowSums ~30-110 ms).
            return np.einsum(f"{spec}->i", *xs).reshape(-1, 1)
        return np.einsum(f"{spec}->j", *xs).reshape(1, -1)
    prod = xs[0]
    for x in xs[1:]:
        prod = _mul(prod, x)
    if axis == "all":
        return mk._reduce_all(prod, "sum")
    return mk._reduce_axis(prod, "sum", axis)


@kernel(phys.AxpyOp)
@ieee
def axpy(op: phys.AxpyOp, args: Args, donated: tuple[int, ...] = ()) -> Any:
    x, s, y = args[0], float(args[1]), args[2]
    # dense float64, the common case, as it is (no call: a 201-cell axpy takes ~1 us)
    dense = type(x) is type(y) is np.ndarray and x.dtype == y.dtype == np.float64
    if not dense:
        x, y = mk._as_mat(x), mk._as_mat(y)
        dense = _all_dense(x, y)
    if x.shape != y.shape:
        raise KernelError(f"axpy operands differ in shape: {x.shape} and {y.shape}")
    if dense:
        # the one temporary is the result, or Y's buffer when Y is donated
        if 2 in donated and mk._reusable(y, y.shape):
            out = np.multiply(y, s, out=y)
        else:
            out = y * s
        if op.sign.data == "add":
            out += x  # x + s*y: IEEE addition commutes, bit for bit
            return out
        return np.subtract(x, out, out=out)
    sy = mk.elementwise(np.multiply, s, y)
    f = np.add if op.sign.data == "add" else np.subtract
    return mk.elementwise(f, x, sy)


def _max_abs(a: Any) -> float:
    """max |a| over the cells (implicit zeros count as 0); NaN if a holds a NaN."""
    d = a.data if sp.issparse(a) else a
    return float(np.max(np.abs(d), initial=0.0))


@kernel(phys.WslossOp)
@ieee
def wsloss(op: phys.WslossOp, args: Args) -> float:
    w, x, u, v = (mk._as_mat(a) for a in args)
    if u.shape[1] != v.shape[1] or w.shape != x.shape or x.shape != (u.shape[0], v.shape[0]):
        raise KernelError("wsloss: W, X, U%*%t(V) shapes differ")
    # |X - U%*%t(V)| <= max|X| + k*max|U|*max|V| in every cell: under 1e150 (False for
    # NaN/Inf) the residual's square is finite, so 0 * r^2 = 0 wherever W is zero.
    if _all_dense(w, x, u, v):
        # One temporary: the residual, squared in place (r*r is r^2 bit for bit).
        r = np.subtract(x, u @ v.T)
        np.multiply(r, r, out=r)
        return float(np.einsum("ij,ij->", w, r))
    bound = _max_abs(x) + u.shape[1] * _max_abs(u) * _max_abs(v)
    if sp.issparse(w) and bound < 1e150:
        # Post-weighting: U%*%t(V) only where W is non-zero.
        rows, cols = mk._coords(w)
        ud = mk._dense(u)
        vd = mk._dense(v)
        pred = np.einsum("ij,ij->i", ud[rows], vd[cols])
        xv = mk._lookup(x, rows, cols) if sp.issparse(x) else x[rows, cols]
        return float(np.sum(w.data * (xv - pred) ** 2))
    uv = mk.matmul_values(u, mk._as_mat(v.T))
    r = mk.elementwise(np.subtract, x, uv)
    return mk._reduce_all(_mul(w, mk.elementwise(np.power, r, 2.0)), "sum")


# ---------------------------------------------------------------------------
# Data movement (the others are dist ops).


@kernel(phys.BroadcastOp)
def broadcast(op: phys.BroadcastOp, args: Args) -> Broadcast:
    return Broadcast(mk._as_mat(args[0]))


# ---------------------------------------------------------------------------
# Layout.


@kernel(phys.ColMajorOp)
def colmajor(op: phys.ColMajorOp, args: Args) -> Any:
    """X in Fortran order, copied by row blocks of about one L2 (mk.copy_rows_blocked:
    2x faster than np.asfortranarray on a 100000x101 X here)."""
    x = args[0]
    if type(x) is not np.ndarray or x.ndim != 2 or x.flags.f_contiguous:
        return x  # sparse, a scalar, a vector or already column-major: nothing to change
    out = np.empty(x.shape, dtype=x.dtype, order="F")
    mk.copy_rows_blocked(out, x, MMCHAIN_BLOCK_BYTES)
    return out

"""Kernels of the phys dialect.

Local twins run the matrix kernel of the op they implement; dist twins call the Dask
runtime (amls.interpreter.dist) with the method chosen at compile time; fused operators
have their own local kernels, bit-compatible with the unfused ops where NaN/Inf or
sparsity could make a shortcut differ (they fall back to the unfused kernels there).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import scipy.sparse as sp

from amls.dialects import matrix as mx
from amls.dialects import phys
from amls.interpreter.kernels import KERNELS, Kernel, KernelError, kernel
from amls.interpreter.kernels import matrix as mk

Args = tuple[Any, ...]


# ---------------------------------------------------------------------------
# The distributed session: which cluster dist ops run on, and what they cost.


@dataclass
class DistOpStat:
    count: int = 0
    seconds: float = 0.0
    measured_bytes: int = 0
    predicted_bytes: int = 0


@dataclass
class DistSession:
    """The Dask client dist kernels use; with `measure`, bytes moved per op kind."""

    client: Any
    measure: bool = False
    stats: dict[str, DistOpStat] = field(default_factory=dict)

    def out_total(self) -> int:
        from amls.interpreter.dist.cost import _out_total

        return int(sum(self.client.run(_out_total).values()))


CURRENT: list[DistSession] = []


@contextmanager
def dist_session(session: DistSession) -> Iterator[DistSession]:
    CURRENT.append(session)
    try:
        yield session
    finally:
        CURRENT.pop()


def _session() -> DistSession:
    if not CURRENT:
        raise KernelError(
            "this plan has distributed (phys ... dist) ops: run it with --backend dask"
        )
    return CURRENT[-1]


def op_label(op: Any) -> str:
    """`phys.matmul dist mapmm_right`: the name --stats groups by."""
    if isinstance(op, phys.PhysOp):
        parts = [op.name, *(op.properties[k].data for k in op.KEYWORD_PROPS)]  # type: ignore[attr-defined]
        if op.method_name is not None and "method" not in op.KEYWORD_PROPS:
            parts.append(op.method_name)
        return " ".join(parts)
    return op.name


def _dist(fn: Callable[[Any, Args], Any]) -> Callable[[Any, Args], Any]:
    """Run a dist kernel; with session.measure, record bytes moved (Dask's counters)
    and the plans' predicted bytes."""

    def run(op: Any, args: Args) -> Any:
        from amls.interpreter.dist import DistError, blocked

        s = _session()
        if not s.measure:
            try:
                return fn(op, args)
            except DistError as e:
                raise KernelError(str(e)) from e
            except Exception as e:
                if isinstance(e, _cluster_errors()):
                    raise KernelError(_lost(e)) from e
                raise
        before = s.out_total()
        pred0 = blocked.PREDICTED_NET_BYTES[0]
        t0 = time.perf_counter()
        try:
            out = fn(op, args)
            _wait(out)
        except DistError as e:
            raise KernelError(str(e)) from e
        except Exception as e:
            if isinstance(e, _cluster_errors()):
                raise KernelError(_lost(e)) from e
            raise
        st = s.stats.setdefault(op_label(op), DistOpStat())
        st.count += 1
        st.seconds += time.perf_counter() - t0
        st.measured_bytes += s.out_total() - before
        st.predicted_bytes += blocked.PREDICTED_NET_BYTES[0] - pred0
        return out

    return run


def _cluster_errors() -> tuple[type[BaseException], ...]:
    import asyncio
    import concurrent.futures

    from distributed.client import FutureCancelledError
    from distributed.comm.core import CommClosedError
    from distributed.scheduler import KilledWorker

    return (
        FutureCancelledError,
        KilledWorker,
        CommClosedError,
        asyncio.CancelledError,
        concurrent.futures.CancelledError,
        TimeoutError,
        OSError,
    )


def _lost(e: BaseException) -> str:
    return (
        f"the Dask cluster lost data or a worker during this op ({type(e).__name__}: {e}); "
        "blocks pinned to a dead worker cannot be recomputed: rerun the program"
    )


def _wait(v: Any) -> None:
    from amls.interpreter.dist import BlockedMatrix, wait_futures

    if isinstance(v, BlockedMatrix):
        wait_futures(v.client, list(v.futures.values()), v.workers(), None, "dist op")


@dataclass(frozen=True)
class Broadcast:
    """The runtime value of a !phys.bcast: a local value the dist ops send to each worker."""

    value: Any


def _unwrap(v: Any) -> Any:
    return v.value if isinstance(v, Broadcast) else v


# ---------------------------------------------------------------------------
# Twins.


def _local_twin(base: type[mx.MatrixOp]) -> Kernel:
    def run(op: Any, args: Args) -> Any:
        return KERNELS[base](op, args)

    return run


def _dist_binary(op: Any, args: Args) -> Any:
    from amls.interpreter.dist import ew_binary

    name = op.MATRIX_OP.name.split(".", 1)[1]
    return ew_binary(name, _unwrap(args[0]), _unwrap(args[1]))


def _dist_unary(op: Any, args: Args) -> Any:
    from amls.interpreter.dist import ew_unary

    return ew_unary(op.MATRIX_OP.name.split(".", 1)[1], args[0])


def _dist_matmul(op: Any, args: Args) -> Any:
    from amls.interpreter.dist import matmul

    return matmul(_unwrap(args[0]), _unwrap(args[1]), op.method_name)


def _dist_transpose(op: Any, args: Args) -> Any:
    from amls.interpreter.dist import transpose

    return transpose(args[0])


def _dist_reduce(op: Any, args: Args) -> Any:
    from amls.interpreter.dist import aggregate

    return aggregate(op.kind.data, op.axis.data, args[0])


def _dist_cbind(op: Any, args: Args) -> Any:
    from amls.interpreter.dist import cbind

    return cbind(*args)


def _dist_rbind(op: Any, args: Args) -> Any:
    from amls.interpreter.dist import rbind

    return rbind(*args)


def _dist_slice(op: Any, args: Args) -> Any:
    from amls.interpreter.dist import slice_

    x, r0, r1, c0, c1 = args
    m, n = x.shape
    r0, r1, c0, c1 = (mk._as_int(v, "slice bound") for v in (r0, r1, c0, c1))
    if not (0 <= r0 <= r1 <= m and 0 <= c0 <= c1 <= n):
        raise KernelError(f"slice [{r0}:{r1}, {c0}:{c1}] is out of range for {m}x{n}")
    return slice_(x, r0, r1, c0, c1)


def _dist_meta(what: str) -> Kernel:
    def run(op: Any, args: Args) -> Any:
        from amls.interpreter.dist import count_nnz

        x = args[0]
        if what == "nnz":
            return count_nnz(x)
        return x.shape[0] if what == "nrow" else x.shape[1]

    return run


def _dist_cast(op: Any, args: Args) -> Any:
    return args[0]


_DIST: dict[type[mx.MatrixOp], Kernel] = {
    **dict.fromkeys(mx.BINARY_OPS, _dist_binary),
    **dict.fromkeys(mx.UNARY_OPS, _dist_unary),
    mx.MatmulOp: _dist_matmul,
    mx.TransposeOp: _dist_transpose,
    mx.ReduceOp: _dist_reduce,
    mx.CbindOp: _dist_cbind,
    mx.RbindOp: _dist_rbind,
    mx.SliceOp: _dist_slice,
    mx.NrowOp: _dist_meta("nrow"),
    mx.NcolOp: _dist_meta("ncol"),
    mx.NnzOp: _dist_meta("nnz"),
    mx.CastOp: _dist_cast,
}


def _twin_kernel(base: type[mx.MatrixOp]) -> Kernel:
    local = _local_twin(base)
    dist = _dist(_DIST[base]) if base in _DIST else None

    def run(op: Any, args: Args) -> Any:
        if op.exec_type == "local":
            return local(op, args)
        if dist is None:
            raise KernelError(f"{op.name} has no distributed implementation")
        return dist(op, args)

    return run


for _base, _twin in phys.TWINS.items():
    kernel(_twin)(_twin_kernel(_base))


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


def _tsmm_dist(op: Any, args: Args) -> Any:
    from amls.interpreter.dist import tsmm

    return tsmm(args[0])


_tsmm_dist_run = _dist(_tsmm_dist)


@kernel(phys.TsmmOp)
def tsmm(op: phys.TsmmOp, args: Args) -> Any:
    with np.errstate(all="ignore"):
        if op.exec_type == "dist":
            return _tsmm_dist_run(op, args)
        return _tsmm_local(op, args)


# One pass over X (SystemDS's mmchain): t(X)%*%(X%*%v) by row blocks small enough that a
# block read for X_b%*%v is still in cache for t(X_b)%*%q_b. X streams from memory once
# instead of twice: 1.7x faster single-threaded on a 50000x201 X (bench: lm_cg).
MMCHAIN_BLOCK_BYTES = 512 * 1024
MMCHAIN_MIN_BYTES = 8 << 20  # smaller X stays in cache anyway: two BLAS calls are faster
MMCHAIN_MIN_ROWS = 64  # per-block Python cost stays small for very wide X


def _mmchain_blocked(x: np.ndarray, v: np.ndarray, kind: str, z: Any) -> np.ndarray | None:
    """t(X)%*%(X%*%v) [w*, -y] by row blocks; None when the operands do not suit it."""
    n, m = x.shape
    if (
        x.nbytes < MMCHAIN_MIN_BYTES
        or not x.flags.c_contiguous
        or not isinstance(v, np.ndarray)
        or v.shape != (m, 1)
        or (z is not None and (not isinstance(z, np.ndarray) or z.shape != (n, 1)))
    ):
        return None
    rows = max(MMCHAIN_MIN_ROWS, MMCHAIN_BLOCK_BYTES // (8 * max(m, 1)))
    vv = v[:, 0]
    acc = np.zeros(m)
    for i in range(0, n, rows):
        xb = x[i : i + rows]
        qb = xb @ vv
        if kind == "xtwxv":
            qb = z[i : i + rows, 0] * qb
        elif kind == "xtxvy":
            qb = qb - z[i : i + rows, 0]
        acc += xb.T @ qb
    return acc.reshape(m, 1)


@kernel(phys.MmchainOp)
def mmchain(op: phys.MmchainOp, args: Args) -> Any:
    with np.errstate(all="ignore"):
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
def tmm(op: phys.TmmOp, args: Args) -> Any:
    with np.errstate(all="ignore"):
        x, y = mk._as_mat(args[0]), mk._as_mat(args[1])
        if _all_dense(x, y):
            if x.shape[0] != y.shape[0]:
                raise KernelError(
                    f"matmul inner dimensions differ: {x.shape[1]}x{x.shape[0]} %*% "
                    f"{y.shape[0]}x{y.shape[1]}"
                )
            return np.ascontiguousarray((y.T @ x).T)  # t(t(Y) %*% X): X is read in place
        return mk.matmul_values(mk._as_mat(x.T), y)


@kernel(phys.TakOp)
def tak(op: phys.TakOp, args: Args) -> Any:
    with np.errstate(all="ignore"):
        xs = [mk._as_mat(a) for a in args]
        shapes = {x.shape for x in xs}
        if len(shapes) != 1:
            raise KernelError(f"tak operands differ in shape: {sorted(shapes)}")
        axis = op.axis.data
        if _all_dense(*xs):
            if axis == "all" and len(xs) == 2 and xs[0].shape[1] == 1:
                return mk._dot(xs[0][:, 0], xs[1][:, 0])  # as 1xn %*% nx1 computes it
            spec = ",".join(["ij"] * len(xs))
            if axis == "all":
                return float(np.einsum(f"{spec}->", *xs))
            return np.einsum(f"{spec}->j", *xs).reshape(1, -1)
        prod = xs[0]
        for x in xs[1:]:
            prod = _mul(prod, x)
        return mk._reduce_all(prod, "sum") if axis == "all" else mk._reduce_axis(prod, "sum", "col")


@kernel(phys.AxpyOp)
def axpy(op: phys.AxpyOp, args: Args) -> Any:
    with np.errstate(all="ignore"):
        x, s, y = mk._as_mat(args[0]), float(args[1]), mk._as_mat(args[2])
        if x.shape != y.shape:
            raise KernelError(f"axpy operands differ in shape: {x.shape} and {y.shape}")
        if _all_dense(x, y):
            out = np.multiply(y, s)  # the one temporary is the result
            if op.sign.data == "add":
                return np.add(x, out, out=out)
            return np.subtract(x, out, out=out)
        sy = mk.elementwise(np.multiply, s, y)
        f = np.add if op.sign.data == "add" else np.subtract
        return mk.elementwise(f, x, sy)


def _max_abs(a: Any) -> float:
    """max |a| over the cells (implicit zeros count as 0); NaN if a holds a NaN."""
    d = a.data if sp.issparse(a) else a
    return float(np.max(np.abs(d), initial=0.0))


@kernel(phys.WslossOp)
def wsloss(op: phys.WslossOp, args: Args) -> float:
    with np.errstate(all="ignore"):
        w, x, u, v = (mk._as_mat(a) for a in args)
        if u.shape[1] != v.shape[1] or w.shape != x.shape or x.shape != (u.shape[0], v.shape[0]):
            raise KernelError("wsloss: W, X, U%*%t(V) shapes differ")
        # |X - U%*%t(V)| <= max|X| + k*max|U|*max|V| in every cell: under 1e150 (False for
        # NaN/Inf) the residual's square is finite, so 0 * r^2 = 0 wherever W is zero.
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
# Data movement.


@kernel(phys.DistributeOp)
def distribute(op: phys.DistributeOp, args: Args) -> Any:
    from amls.interpreter.dist import distribute as dist_distribute

    return _dist(
        lambda o, a: dist_distribute(_session().client, mk._as_mat(a[0]), o.block.value.data)
    )(op, args)


@kernel(phys.CollectOp)
def collect(op: phys.CollectOp, args: Args) -> Any:
    from amls.interpreter.dist import blocked
    from amls.interpreter.dist import collect as dist_collect

    def run(o: Any, a: Args) -> Any:
        # every block goes worker -> driver: the workers' outgoing counters see it all
        blocked.PREDICTED_NET_BYTES[0] += int(sum(a[0].block_bytes.values()))
        return dist_collect(a[0])

    return mk._finish(_dist(run)(op, args))


@kernel(phys.BroadcastOp)
def broadcast(op: phys.BroadcastOp, args: Args) -> Broadcast:
    return Broadcast(mk._as_mat(args[0]))


@kernel(phys.PartitionOp)
def partition(op: phys.PartitionOp, args: Args) -> Any:
    from amls.interpreter.dist import reblock

    return _dist(lambda o, a: reblock(a[0], o.block.value.data))(op, args)


@kernel(phys.PersistOp)
def persist(op: phys.PersistOp, args: Args) -> Any:
    from amls.interpreter.dist import persist as dist_persist

    return _dist(lambda o, a: dist_persist(a[0]))(op, args)


@kernel(phys.UnpersistOp)
def unpersist(op: phys.UnpersistOp, args: Args) -> None:
    from amls.interpreter.dist import unpersist as dist_unpersist

    dist_unpersist(args[0])

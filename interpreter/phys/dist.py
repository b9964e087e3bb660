"""Kernels of dist phys ops: each calls the Dask runtime (amls.interpreter.dist) with the
method chosen at compile time. A kernel is `fn(session, op, args)`; `DIST_KERNELS` maps
an op class to it, and `runs_dist` says whether an op instance runs on the cluster."""

from __future__ import annotations

import math
from typing import Any

from amls.dialects import matrix as mx
from amls.dialects import phys
from amls.interpreter.kernels import KernelError
from amls.interpreter.kernels import matrix as mk
from amls.interpreter.phys.local import Broadcast
from amls.interpreter.phys.session import Args, DistKernel, DistSession


def _unwrap(v: Any) -> Any:
    return v.value if isinstance(v, Broadcast) else v


def _binary(s: DistSession, op: Any, args: Args) -> Any:
    from amls.interpreter.dist import ew_binary

    name = op.MATRIX_OP.name.split(".", 1)[1]
    return ew_binary(name, _unwrap(args[0]), _unwrap(args[1]))


def _unary(s: DistSession, op: Any, args: Args) -> Any:
    from amls.interpreter.dist import ew_unary

    return ew_unary(op.MATRIX_OP.name.split(".", 1)[1], args[0])


def _matmul(s: DistSession, op: Any, args: Args) -> Any:
    from amls.interpreter.dist import matmul

    return matmul(_unwrap(args[0]), _unwrap(args[1]), op.method_name)


def _transpose(s: DistSession, op: Any, args: Args) -> Any:
    from amls.interpreter.dist import transpose

    return transpose(args[0])


def _reduce(s: DistSession, op: Any, args: Args) -> Any:
    from amls.interpreter.dist import aggregate

    return aggregate(op.kind.data, op.axis.data, args[0])


def _cbind(s: DistSession, op: Any, args: Args) -> Any:
    from amls.interpreter.dist import cbind

    return cbind(*args)


def _rbind(s: DistSession, op: Any, args: Args) -> Any:
    from amls.interpreter.dist import rbind

    return rbind(*args)


def _slice(s: DistSession, op: Any, args: Args) -> Any:
    from amls.interpreter.dist import slice_

    x, r0, r1, c0, c1 = args
    m, n = x.shape
    r0, r1, c0, c1 = (mk._as_int(v, "slice bound") for v in (r0, r1, c0, c1))
    if not (0 <= r0 <= r1 <= m and 0 <= c0 <= c1 <= n):
        for what, lo, hi, size in (("row", r0, r1, m), ("col", c0, c1, n)):
            wrong = mx.slice_error(what, lo, hi, size, (m, n))
            if wrong is not None:
                raise KernelError(wrong)  # the verifier's and the local kernel's words
    return slice_(x, r0, r1, c0, c1)


def _meta(what: str) -> DistKernel:
    def run(s: DistSession, op: Any, args: Args) -> Any:
        from amls.interpreter.dist import count_nnz

        x = args[0]
        if what == "nnz":
            return count_nnz(x)
        return x.shape[0] if what == "nrow" else x.shape[1]

    return run


def _cast(s: DistSession, op: Any, args: Args) -> Any:
    from amls.interpreter.kernels.matrix import check_cast

    check_cast(op, args[0])
    return args[0]


def _block(op: Any) -> int:
    attr = op.attributes.get(phys.BLOCK_ATTR)
    return attr.value.data if attr is not None else 1000


def _rand(s: DistSession, op: Any, args: Args) -> Any:
    from amls.interpreter.dist import generate as g

    r, c = mk._dims(args[0], args[1])
    sparsity, pdf = op.sparsity.value.data, op.pdf.data
    if not 0.0 <= sparsity <= 1.0:
        raise KernelError(f"rand sparsity must be in [0, 1], got {sparsity}")
    if pdf not in ("uniform", "normal"):
        raise KernelError(f"rand pdf must be uniform or normal, got '{pdf}'")
    seed = None if op.seed is None else op.seed.value.data
    exact = g.same_as_local(r, c, sparsity, pdf, seed)
    bounds = (op.min.value.data, op.max.value.data)
    extra = (c, *bounds, sparsity, pdf, seed, exact)
    return g.generate(s.client, (r, c), _block(op), g.rand_block, extra, sparsity)


def _fill(s: DistSession, op: Any, args: Args) -> Any:
    from amls.interpreter.dist import generate as g

    value = float(args[0])
    shape = mk._dims(args[1], args[2])
    zero = value == 0.0 and math.copysign(1.0, value) > 0  # -0.0 is stored dense
    return g.generate(s.client, shape, _block(op), g.fill_block, (value,), 0.0 if zero else 1.0)


def _seq(s: DistSession, op: Any, args: Args) -> Any:
    from amls.interpreter.dist import generate as g

    start, stop, step = (float(x) for x in args)
    n = mk.seq_length(start, stop, step)
    return g.generate(s.client, (n, 1), _block(op), g.seq_block, (start, step), 1.0)


_TWIN_BASES: dict[type[mx.MatrixOp], DistKernel] = {
    **dict.fromkeys(mx.BINARY_OPS, _binary),
    **dict.fromkeys(mx.UNARY_OPS, _unary),
    mx.MatmulOp: _matmul,
    mx.TransposeOp: _transpose,
    mx.ReduceOp: _reduce,
    mx.CbindOp: _cbind,
    mx.RbindOp: _rbind,
    mx.SliceOp: _slice,
    mx.NrowOp: _meta("nrow"),
    mx.NcolOp: _meta("ncol"),
    mx.NnzOp: _meta("nnz"),
    mx.CastOp: _cast,
    mx.RandOp: _rand,
    mx.FillOp: _fill,
    mx.SeqOp: _seq,
}


def _tsmm(s: DistSession, op: Any, args: Args) -> Any:
    from amls.interpreter.dist import tsmm

    return tsmm(args[0])


def _distribute(s: DistSession, op: Any, args: Args) -> Any:
    from amls.interpreter.dist import distribute

    return distribute(s.client, mk._as_mat(args[0]), op.block.value.data)


def _collect(s: DistSession, op: Any, args: Args) -> Any:
    from amls.interpreter.dist import blocked, collect

    # every block goes worker -> driver: the workers' outgoing counters see it all
    blocked.PREDICTED_NET_BYTES[0] += int(sum(args[0].block_bytes.values()))
    return mk._finish(collect(args[0]))


def _partition(s: DistSession, op: Any, args: Args) -> Any:
    from amls.interpreter.dist import reblock

    return reblock(args[0], op.block.value.data)


def _persist(s: DistSession, op: Any, args: Args) -> Any:
    from amls.interpreter.dist import persist

    return persist(args[0])


def _unpersist(s: DistSession, op: Any, args: Args) -> None:
    from amls.interpreter.dist import unpersist

    unpersist(args[0])


def _in_session(k: DistKernel) -> DistKernel:
    def run(s: DistSession | None, op: Any, args: Args) -> Any:
        if s is None:
            raise KernelError(
                "this plan has distributed (phys ... dist) ops: run it with --backend dask"
            )
        return s.run(k, op, args)

    return run


def _no_dist(s: DistSession | None, op: Any, args: Args) -> Any:
    raise KernelError(f"{op.name} has no distributed implementation")


DIST_KERNELS: dict[type[mx.MatrixOp], DistKernel] = {
    phys.TsmmOp: _in_session(_tsmm),
    phys.DistributeOp: _in_session(_distribute),
    phys.CollectOp: _in_session(_collect),
    phys.PartitionOp: _in_session(_partition),
    phys.PersistOp: _in_session(_persist),
    phys.UnpersistOp: _unpersist,
}
"""What an op runs when it runs dist: `fn(session or None, op, args)`. Through the session
(errors of the cluster, --stats), except unpersist, which only drops blocks."""


def _dist_twin(base: type[mx.MatrixOp], twin: type[Any]) -> None:
    k = _TWIN_BASES.get(base)
    DIST_KERNELS[twin] = _no_dist if k is None else _in_session(k)


phys.TWINS.on_define(_dist_twin)


def runs_dist(op: Any) -> bool:
    """Data movement always runs on the cluster; a phys op when its exec type says dist."""
    return not isinstance(op, phys.PhysOp) or op.exec_type == "dist"


def has_dist_ops(module: Any) -> bool:
    """Whether a plan needs a cluster: every dist op makes or takes a blocked matrix."""
    return any(phys.is_dist(v.type) for op in module.walk() for v in (*op.operands, *op.results))

"""Runners of the distributed matrix multiply: plan on the real layouts (the planners of
amls.lowering.cost.matmul, which the cost model runs too), submit one pinned graph."""

from __future__ import annotations

from typing import Any

import scipy.sparse as sp

from amls.interpreter.dist.blocked import BlockedMatrix, collect, submit
from amls.interpreter.kernels.matrix import _as_mat, _nnz
from amls.lowering.cost.blocks import DistError, Key
from amls.lowering.cost.matmul import (
    METHODS,
    LocalOperand,
    View,
    plan_cpmm,
    plan_mapmm,
    plan_rmm,
    plan_tsmm,
)
from amls.lowering.cost.plan import DEFAULT_CALIBRATION, Calibration


def local_operand(value: Any) -> LocalOperand:
    """A driver value to broadcast, with the bytes Dask will count for it."""
    from dask.sizeof import sizeof

    a = _as_mat(value)
    return LocalOperand(
        shape=(int(a.shape[0]), int(a.shape[1])),
        nbytes=int(sizeof(a)),
        nnz=float(_nnz(a)),
        sparse=bool(sp.issparse(a)),
        value=a,
    )


# ---------------------------------------------------------------------------
# Runners: plan on the real layouts, submit one pinned graph.


def _inputs(*ms: BlockedMatrix) -> dict[Key, Any]:
    out: dict[Key, Any] = {}
    for m in ms:
        out.update({f.key: f for f in m.futures.values()})
    return out


def _same_client(*ms: BlockedMatrix) -> Any:
    clients = {id(m.client) for m in ms}
    if len(clients) != 1:
        raise DistError("operands live on different Dask clients")
    return ms[0].client


def _finish_result(bm: BlockedMatrix, collect_result: bool) -> Any:
    return collect(bm) if collect_result else bm


def mapmm_right(
    a: BlockedMatrix,
    b: Any,
    *,
    calibration: Calibration = DEFAULT_CALIBRATION,
    collect_result: bool = False,
) -> Any:
    """A @ B with B broadcast (a local ndarray/CSR, scattered once per worker, or a small
    BlockedMatrix assembled once per worker)."""
    small = b.layout() if isinstance(b, BlockedMatrix) else local_operand(b)
    plan = plan_mapmm(a.layout(), small, "right", calibration)
    ins = _inputs(a, b) if isinstance(b, BlockedMatrix) else _inputs(a)
    return _finish_result(submit(a.client, plan, ins), collect_result)


def mapmm_left(
    a: Any,
    b: BlockedMatrix,
    *,
    calibration: Calibration = DEFAULT_CALIBRATION,
    collect_result: bool = False,
) -> Any:
    """A @ B with A broadcast (local, or small and blocked), mapped over B's blocks."""
    small = a.layout() if isinstance(a, BlockedMatrix) else local_operand(a)
    plan = plan_mapmm(b.layout(), small, "left", calibration)
    ins = _inputs(a, b) if isinstance(a, BlockedMatrix) else _inputs(b)
    return _finish_result(submit(b.client, plan, ins), collect_result)


def _aligned(a: BlockedMatrix, b: BlockedMatrix) -> BlockedMatrix:
    if b.block_size == a.block_size:
        return b
    from amls.interpreter.dist.ops import reblock

    return reblock(b, a.block_size)


def _two_blocked(
    planner: Any, a: BlockedMatrix, b: BlockedMatrix, calibration: Calibration, collect: bool
) -> Any:
    """Run a method that reads both sides blocked (cpmm, rmm): align, plan, submit."""
    client = _same_client(a, b)
    b = _aligned(a, b)
    plan = planner(View(a.layout()), View(b.layout()), calibration)
    return _finish_result(submit(client, plan, _inputs(a, b)), collect)


def cpmm(
    a: BlockedMatrix,
    b: BlockedMatrix,
    *,
    calibration: Calibration = DEFAULT_CALIBRATION,
    collect_result: bool = False,
) -> Any:
    return _two_blocked(plan_cpmm, a, b, calibration, collect_result)


def rmm(
    a: BlockedMatrix,
    b: BlockedMatrix,
    *,
    calibration: Calibration = DEFAULT_CALIBRATION,
    collect_result: bool = False,
) -> Any:
    return _two_blocked(plan_rmm, a, b, calibration, collect_result)


def tsmm(
    x: BlockedMatrix,
    *,
    calibration: Calibration = DEFAULT_CALIBRATION,
    chunks_per_worker: int = 1,
    collect_result: bool = False,
) -> Any:
    """t(X) @ X."""
    plan = plan_tsmm(x.layout(), calibration, chunks_per_worker)
    return _finish_result(submit(x.client, plan, _inputs(x)), collect_result)


def matmul(a: Any, b: Any, method: str, **kwargs: Any) -> Any:
    """Dispatch by method name (the one chosen at compile time)."""
    if method == "mapmm_right":
        return mapmm_right(a, b, **kwargs)
    if method == "mapmm_left":
        return mapmm_left(a, b, **kwargs)
    if method == "cpmm":
        return cpmm(a, b, **kwargs)
    if method == "rmm":
        return rmm(a, b, **kwargs)
    raise DistError(f"unknown distributed matmul method '{method}' ({', '.join(METHODS)})")

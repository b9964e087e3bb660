"""Placement-aware cost model of the distributed matmul methods (no Dask: operator
selection imports it; the runtime's byte measurement is amls.interpreter.dist.measure).

`predict*` runs the very planner the runtime executes (matmul.py here) on a synthetic layout
(the one `distribute` would produce: block-cyclic unless a placement is given) or on a
real one, and reads the cost off the plan:
* bytes: each remote block counted once per worker it must reach (Dask keeps a fetched
  replica for later tasks on that worker), partial sums shipped to their adder, broadcasts
  counted as size * (workers - 1) (Scheduler.replicate); the driver's first copy of a
  broadcast is `driver_bytes`, which the worker counters do not see;
* time: max over workers of block compute + net bytes / bandwidth + driver bytes /
  driver bandwidth + per-task, per-dependency-edge and per-remote-fetch overheads +
  scatters (constants in plan.Calibration; bench/dist_calibrate.py measures the
  overheads, bench/dist_matmul.py checks the whole against the methods' wall times).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from amls.lowering.cost.blocks import (
    DistError,
    Layout,
    PlacementSpec,
    local_meta,
    synthetic_layout,
    value_bytes,
)
from amls.lowering.cost.matmul import (
    METHODS,
    LocalOperand,
    View,
    plan_cpmm,
    plan_mapmm,
    plan_rmm,
    plan_tsmm,
)
from amls.lowering.cost.plan import DEFAULT_CALIBRATION, Calibration, Plan

Shape = tuple[int, int]


@runtime_checkable
class Blocked(Protocol):
    """A matrix already on the cluster (the runtime's BlockedMatrix): its layout is real."""

    def layout(self) -> Layout: ...


OperandSpec = Shape | Blocked | Layout


@dataclass(frozen=True)
class Prediction:
    method: str
    net_bytes: int
    driver_bytes: int
    ntasks: int
    remote_fetches: int
    max_compute: float
    seconds: float
    ndeps: int = 0


def _workers(workers: int | Sequence[str]) -> list[str]:
    if isinstance(workers, int):
        if workers < 1:
            raise DistError("need at least one worker")
        return [f"w{i}" for i in range(workers)]
    return list(workers)


def _blocked(
    x: OperandSpec,
    name: str,
    nnz: float | None,
    bs: int,
    workers: list[str],
    placement: PlacementSpec | None,
) -> Layout:
    if isinstance(x, Blocked):
        return x.layout()
    if isinstance(x, Layout):
        return x
    return synthetic_layout(name, (int(x[0]), int(x[1])), bs, workers, nnz, placement or "cyclic")


def _local(x: OperandSpec, nnz: float | None) -> LocalOperand:
    if isinstance(x, Blocked | Layout):
        raise DistError("expected the shape of a driver-resident operand")
    shape = (int(x[0]), int(x[1]))
    nbytes, z, sparse = local_meta(shape, nnz)
    return LocalOperand(shape, nbytes, z, sparse)


def plan_for(
    method: str,
    shapes: Sequence[OperandSpec],
    nnz: Sequence[float | None] | None = None,
    block_size: int = 1000,
    workers: int | Sequence[str] = 2,
    placement: Sequence[PlacementSpec | None] | None = None,
    calibration: Calibration = DEFAULT_CALIBRATION,
    small_local: bool = True,
) -> Plan:
    """The plan `method` would run. shapes: (A, B) (tsmm: (X,)), each a shape, a
    blocked matrix or a Layout; nnz per operand (None = dense); placement per operand
    (None = block-cyclic, as distribute). For mapmm, the broadcast side is a driver value
    (scattered) unless small_local=False or it is given blocked."""
    ws = _workers(workers)
    zs = list(nnz) if nnz is not None else [None] * len(shapes)
    ps = list(placement) if placement is not None else [None] * len(shapes)
    if method == "tsmm":
        return plan_tsmm(_blocked(shapes[0], "X", zs[0], block_size, ws, ps[0]), calibration)
    if len(shapes) != 2:
        raise DistError(f"{method} takes two operands")
    a, b = shapes

    def blk(i: int) -> Layout:
        return _blocked(shapes[i], "AB"[i], zs[i], block_size, ws, ps[i])

    def small(i: int) -> LocalOperand | Layout:
        x = shapes[i]
        if small_local and not isinstance(x, Blocked | Layout):
            return _local(x, zs[i])
        return blk(i)

    if method == "mapmm_right":
        return plan_mapmm(blk(0), small(1), "right", calibration)
    if method == "mapmm_left":
        return plan_mapmm(blk(1), small(0), "left", calibration)
    if method == "cpmm":
        return plan_cpmm(View(blk(0)), View(blk(1)), calibration)
    if method == "rmm":
        return plan_rmm(View(blk(0)), View(blk(1)), calibration)
    raise DistError(f"unknown method '{method}' ({', '.join(METHODS)})")


def predict(method: str, shapes: Sequence[OperandSpec], **kwargs: Any) -> Prediction:
    """Bytes, tasks and time of one method (arguments as plan_for)."""
    plan = plan_for(method, shapes, **kwargs)
    c = plan.cost()
    return Prediction(
        method=method,
        net_bytes=c.net_bytes,
        driver_bytes=c.driver_bytes,
        ntasks=c.ntasks,
        remote_fetches=c.remote_fetches,
        max_compute=c.max_compute,
        seconds=c.seconds,
        ndeps=c.ndeps,
    )


def predict_bytes(method: str, shapes: Sequence[OperandSpec], **kwargs: Any) -> int:
    """Worker -> worker bytes (what measure_bytes measures) of one method."""
    return predict(method, shapes, **kwargs).net_bytes


def predict_time(method: str, shapes: Sequence[OperandSpec], **kwargs: Any) -> float:
    """Predicted wall seconds of one method, from bytes, tasks and block compute."""
    return predict(method, shapes, **kwargs).seconds


def local_matmul_seconds(
    a_shape: Shape,
    b_shape: Shape,
    a_nnz: float | None = None,
    b_nnz: float | None = None,
    threads: int = 2,
    calibration: Calibration = DEFAULT_CALIBRATION,
) -> float:
    """Single-process NumPy/SciPy estimate (BLAS uses `threads` cores; sparse one)."""
    (m, k), (_, n) = a_shape, b_shape
    _, za, sa = local_meta(a_shape, a_nnz)
    _, zb, sb = local_meta(b_shape, b_nnz)
    if sa or sb:
        work = 2.0 * (za * n if sa else zb * m)
        return calibration.call_overhead + work / calibration.sparse_rate
    return 2.0 * m * k * n / (calibration.flop_rate * threads)


def choose_matmul(
    a_shape: Shape,
    b_shape: Shape,
    a_nnz: float | None = None,
    b_nnz: float | None = None,
    *,
    block_size: int = 1000,
    workers: int | Sequence[str] = 2,
    memory_budget: float | None = None,
    broadcast_budget: float | None = None,
    transpose_self: bool = False,
    calibration: Calibration = DEFAULT_CALIBRATION,
) -> tuple[str, dict[str, Prediction]]:
    """The method the model picks, and the prediction of every applicable method.

    "local" when inputs plus output fit memory_budget (SystemDS: CP whenever it fits);
    otherwise the fastest predicted of mapmm (only a side within broadcast_budget),
    cpmm, rmm and (for t(X) %*% X) tsmm.
    """
    ba, _, _ = local_meta(a_shape, a_nnz)
    bb, _, _ = local_meta(b_shape, b_nnz)
    out = value_bytes(a_shape[0], b_shape[1], None, False)
    kw: dict[str, Any] = {
        "block_size": block_size,
        "workers": workers,
        "calibration": calibration,
    }
    preds: dict[str, Prediction] = {}
    shapes, nnz = [a_shape, b_shape], [a_nnz, b_nnz]
    if transpose_self:
        preds["tsmm"] = predict("tsmm", [b_shape], nnz=[b_nnz], **kw)
    if broadcast_budget is None or bb <= broadcast_budget:
        preds["mapmm_right"] = predict("mapmm_right", shapes, nnz=nnz, **kw)
    if broadcast_budget is None or ba <= broadcast_budget:
        preds["mapmm_left"] = predict("mapmm_left", shapes, nnz=nnz, **kw)
    for m in ("cpmm", "rmm"):
        preds[m] = predict(m, shapes, nnz=nnz, **kw)
    if memory_budget is not None and ba + bb + out <= memory_budget:
        return "local", preds
    best = min(preds, key=lambda m: (preds[m].seconds, m))
    return best, preds

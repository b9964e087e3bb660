"""The distributed runtime: blocked matrices on a Dask cluster, operators as pinned graphs.

    from amls.interpreter.dist import local_cluster, distribute, mapmm_right, collect

    with local_cluster(n_workers=2) as client:
        X = distribute(client, x, block_size=1000)        # blocks pinned block-cyclically
        y = mapmm_right(X, v).persist()                    # v broadcast once per worker
        print(collect(y))

Every operator plans its tasks from block layouts (which worker holds which block) and
submits one graph in which each task is pinned to a worker; the cost model (`predict*`)
runs the same planners, so predicted bytes follow the executed graph. The cluster must
run with the active memory manager off (`local_cluster` / `prepare_client` do that).
Modules: blocked (BlockedMatrix, distribute, collect), matmul and ops (runners), measure
(bytes moved), cluster. The Dask-free parts live below: amls.lowering.cost (blocks: grids,
sizes, placement; plan: plans and their cost; matmul: the planners; predict: the cost
model) and amls.interpreter.kernels.blocks (the worker-side block functions).
"""

from amls.interpreter.dist.blocked import (
    BlockedMatrix,
    cluster_workers,
    collect,
    count_nnz,
    distribute,
    persist,
    unpersist,
    wait_futures,
)
from amls.lowering.cost.blocks import DistError, Layout, synthetic_layout
from amls.interpreter.dist.cluster import local_cluster, prepare_client, trim_replicas
from amls.interpreter.dist.measure import Measured, measure_bytes
from amls.interpreter.dist.matmul import (
    cpmm,
    mapmm_left,
    mapmm_right,
    matmul,
    rmm,
    tsmm,
)
from amls.interpreter.dist.ops import (
    aggregate,
    cbind,
    ew_binary,
    ew_unary,
    rbind,
    reblock,
    slice_,
    transpose,
)
from amls.lowering.cost.matmul import METHODS
from amls.lowering.cost.plan import DEFAULT_CALIBRATION, Calibration, Cost, Plan
from amls.lowering.cost.predict import (
    Prediction,
    choose_matmul,
    local_matmul_seconds,
    plan_for,
    predict,
    predict_bytes,
    predict_time,
)

__all__ = [
    "DEFAULT_CALIBRATION",
    "METHODS",
    "BlockedMatrix",
    "Calibration",
    "Cost",
    "DistError",
    "Layout",
    "Measured",
    "Plan",
    "Prediction",
    "aggregate",
    "cbind",
    "choose_matmul",
    "cluster_workers",
    "collect",
    "count_nnz",
    "cpmm",
    "distribute",
    "ew_binary",
    "ew_unary",
    "local_cluster",
    "local_matmul_seconds",
    "mapmm_left",
    "mapmm_right",
    "matmul",
    "measure_bytes",
    "persist",
    "plan_for",
    "predict",
    "predict_bytes",
    "predict_time",
    "prepare_client",
    "rbind",
    "reblock",
    "rmm",
    "slice_",
    "synthetic_layout",
    "transpose",
    "trim_replicas",
    "tsmm",
    "unpersist",
    "wait_futures",
]

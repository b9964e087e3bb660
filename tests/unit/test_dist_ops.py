"""The distributed runtime (amls.interpreter.dist) against the local kernels.

One 2-worker process LocalCluster (active memory manager off) serves the whole module.
Every matmul method and every distributed op is checked against the local kernel result
(dense and sparse left sides, 1 and several blocks per dimension, rtol 1e-9); the cost
model's predicted bytes are checked against the workers' transfer counters; and a worker
killed mid-operation must give the right answer or a clear DistError, never a hang.
"""

from __future__ import annotations

import os
import signal
import threading
import time
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest
import scipy.sparse as sp
from distributed import Client

import amls.interpreter.dist as d
from amls.interpreter.kernels import blocks as T
from amls.interpreter.kernels.matrix import (
    _bind,
    _reduce_all,
    _reduce_axis,
    elementwise,
    matmul_values,
    unary,
)
from amls.lowering.cost.plan import refs

RTOL = 1e-9


@pytest.fixture(scope="module")
def client() -> Iterator[Client]:
    with d.local_cluster(n_workers=2, threads_per_worker=1) as c:
        assert not c.run_on_scheduler(_amm_running)
        yield c


def _amm_running(dask_scheduler: Any) -> bool:
    ext = dask_scheduler.extensions.get("amm")
    return bool(ext and ext.running)


def dense(x: Any) -> np.ndarray:
    return x.toarray() if sp.issparse(x) else np.asarray(x)


def close(got: Any, want: Any) -> None:
    g, w = dense(got), dense(want)
    assert g.shape == w.shape
    np.testing.assert_allclose(g, w, rtol=RTOL, atol=1e-12)


def mat(rng: np.random.Generator, shape: tuple[int, int], sparse: bool) -> Any:
    if sparse:
        return sp.random_array(shape, density=0.05, format="csr", rng=rng)
    return rng.standard_normal(shape)


# ---------------------------------------------------------------------------
# Matrix multiply.

SHAPES = {
    "tall-skinny x vector": ((200, 30), (30, 1)),
    "tall x small square": ((200, 30), (30, 30)),
    "square x square": ((90, 90), (90, 90)),
    "wide x tall": ((30, 200), (200, 30)),
    "outer-product-like": ((120, 5), (5, 110)),
}


@pytest.mark.parametrize("bs", [1000, 32], ids=["1block", "bs32"])
@pytest.mark.parametrize("sparse", [False, True], ids=["dense", "sparse"])
@pytest.mark.parametrize("shape", list(SHAPES), ids=list(SHAPES))
def test_matmul_methods(client: Client, shape: str, sparse: bool, bs: int) -> None:
    rng = np.random.default_rng(len(shape) + bs + sparse)
    sa, sb = SHAPES[shape]
    a, b = mat(rng, sa, sparse), rng.standard_normal(sb)
    want = matmul_values(a, b)
    A, B = d.distribute(client, a, bs), d.distribute(client, b, bs)
    runs = {
        "mapmm_right(local B)": lambda: d.mapmm_right(A, b),
        "mapmm_right(blocked B)": lambda: d.mapmm_right(A, B),
        "mapmm_left(local A)": lambda: d.mapmm_left(a, B),
        "mapmm_left(blocked A)": lambda: d.mapmm_left(A, B),
        "cpmm": lambda: d.cpmm(A, B),
        "rmm": lambda: d.rmm(A, B),
    }
    for name, run in runs.items():
        got = run().persist(timeout=60)
        assert got.shape == want.shape, name
        out = d.collect(got, timeout=60)
        assert type(out) is type(want), name  # the kernels' dense/CSR choice
        close(out, want)


@pytest.mark.parametrize("method", ["cpmm", "rmm", "mapmm_right"])
def test_sparse_times_sparse_stays_csr(client: Client, method: str) -> None:
    rng = np.random.default_rng(7)
    a = sp.random_array((150, 80), density=0.02, format="csr", rng=rng)
    b = sp.random_array((80, 60), density=0.02, format="csr", rng=rng)
    want = matmul_values(a, b)
    A, B = d.distribute(client, a, 40), d.distribute(client, b, 40)
    got = d.matmul(A, b if method == "mapmm_right" else B, method).collect(timeout=60)
    assert sp.issparse(got) and sp.issparse(want)
    close(got, want)


def test_matmul_nan_semantics_match_local(client: Client) -> None:
    """Inf in a dense operand meets implicit zeros of a sparse block: NaN, as dense NumPy."""
    rng = np.random.default_rng(3)
    a = sp.random_array((60, 40), density=0.05, format="csr", rng=rng)
    b = rng.standard_normal((40, 20))
    b[5, 3] = np.inf
    want = matmul_values(a, b)
    A, B = d.distribute(client, a, 16), d.distribute(client, b, 16)
    for method in ("cpmm", "rmm"):
        got = dense(d.matmul(A, B, method).collect(timeout=60))
        np.testing.assert_array_equal(np.isnan(got), np.isnan(dense(want)))


@pytest.mark.parametrize("bs", [64, 16], ids=["one-col-block", "col-blocks"])
@pytest.mark.parametrize("sparse", [False, True], ids=["dense", "sparse"])
def test_tsmm(client: Client, sparse: bool, bs: int) -> None:
    rng = np.random.default_rng(11)
    x = mat(rng, (300, 40), sparse)
    X = d.distribute(client, x, bs)
    for chunks in (1, 3):
        got = d.tsmm(X, chunks_per_worker=chunks).collect(timeout=60)
        close(got, matmul_values(x.T if not sparse else sp.csr_array(x.T), x))


def test_matmul_mismatched_block_sizes_and_errors(client: Client) -> None:
    rng = np.random.default_rng(5)
    a, b = rng.standard_normal((70, 50)), rng.standard_normal((50, 40))
    A, B = d.distribute(client, a, 32), d.distribute(client, b, 20)  # reblocked to 32
    close(d.cpmm(A, B).collect(timeout=60), a @ b)
    close(d.rmm(A, B).collect(timeout=60), a @ b)
    with pytest.raises(d.DistError, match="inner dimensions"):
        d.cpmm(A, A)
    with pytest.raises(d.DistError, match="unknown"):
        d.matmul(A, B, "zipmm")


# ---------------------------------------------------------------------------
# Blocked values.


@pytest.mark.parametrize("placement", ["cyclic", "balanced"])
def test_distribute_collect_roundtrip(client: Client, placement: str) -> None:
    rng = np.random.default_rng(1)
    workers = d.cluster_workers(client)
    for x in (
        rng.standard_normal((77, 45)),
        sp.random_array((77, 45), density=0.1, format="csr", rng=rng),
        np.zeros((0, 5)),
    ):
        X = d.distribute(client, x, 20, placement=placement)
        assert X.grid == tuple(max(1, -(-n // 20)) for n in x.shape)
        assert set(X.placement.values()) <= set(workers)
        who = client.who_has(list(X.futures.values()))
        assert all(who[f.key] == (X.placement[c],) for c, f in X.futures.items())
        assert X.nnz == int(np.count_nonzero(dense(x)))
        got = d.collect(X)
        assert type(got) is type(x)
        close(got, x)
    assert d.count_nnz(X) == 0


def test_unpersist_releases_blocks(client: Client) -> None:
    X = d.distribute(client, np.ones((50, 50)), 20)
    keys = list(X.keys.values())
    d.unpersist(X)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        if not client.run_on_scheduler(_known, keys=keys):
            break
        time.sleep(0.05)
    assert not client.run_on_scheduler(_known, keys=keys)


def _known(dask_scheduler: Any, keys: list[Any]) -> list[Any]:
    return [k for k in keys if k in dask_scheduler.tasks]


# ---------------------------------------------------------------------------
# Element-wise, aggregates, reorganisation.


@pytest.mark.parametrize("sparse", [False, True], ids=["dense", "sparse"])
def test_elementwise_binary(client: Client, sparse: bool) -> None:
    rng = np.random.default_rng(2)
    x = mat(rng, (70, 50), sparse)
    y = rng.standard_normal((70, 50))
    row, col = rng.standard_normal((1, 50)), rng.standard_normal((70, 1))
    X, Y = d.distribute(client, x, 32), d.distribute(client, y, 32)
    Y20 = d.distribute(client, y, 20)
    ROW = d.distribute(client, row, 32)
    f = T.BINARY_BY_NAME
    cases = [
        ("mul", X, 2.0, x, 2.0),
        ("sub", 2.0, X, 2.0, x),
        ("add", X, np.array([[3.0]]), x, 3.0),
        ("div", X, row, x, row),
        ("sub", col, X, col, x),
        ("max", X, y, x, y),  # local full matrix: scattered onto X's homes
        ("add", X, Y, x, y),  # aligned join
        ("mul", X, Y20, x, y),  # grids differ: reblocked
        ("lt", X, ROW, x, row),  # blocked row vector
        ("pow", Y, 2.0, y, 2.0),
    ]
    for name, p, q, lp, lq in cases:
        got = d.ew_binary(name, p, q).collect(timeout=60)
        want = elementwise(f[name], lp, lq)
        close(got, want)
    got = d.ew_binary("mul", X, 3.0).collect(timeout=60)
    assert sp.issparse(got) == sparse  # zero-preserving ops keep CSR blocks
    with pytest.raises(d.DistError):
        d.ew_binary("add", X, np.ones((3, 3)))


TRIG_HYPERBOLIC = ("asin", "acos", "atan", "sinh", "cosh", "tanh", "isinf")


def test_elementwise_unary(client: Client) -> None:
    rng = np.random.default_rng(4)
    special = rng.standard_normal((40, 30)) * 400  # past +-1 (asin NaN) and +-710 (sinh Inf)
    special[::7, ::5] = np.inf
    for x in (
        rng.standard_normal((40, 30)),
        special,
        sp.random_array((40, 30), density=0.1, format="csr", rng=rng),
    ):
        X = d.distribute(client, x, 16)
        for name in ("abs", "exp", "sigmoid", "round", "not", *TRIG_HYPERBOLIC):
            got = d.ew_unary(name, X).collect(timeout=60)
            with np.errstate(all="ignore"):
                want = unary(T.UNARY_BY_NAME[name], x)
            close(got, want)
            assert sp.issparse(got) == sp.issparse(want), name


@pytest.mark.parametrize("sparse", [False, True], ids=["dense", "sparse"])
def test_aggregates(client: Client, sparse: bool) -> None:
    rng = np.random.default_rng(6)
    x = mat(rng, (70, 45), sparse)
    for bs in (16, 100):
        X = d.distribute(client, x, bs)
        for kind in ("sum", "min", "max", "mean", "sumsq"):
            np.testing.assert_allclose(
                d.aggregate(kind, "all", X, timeout=60), _reduce_all(x, kind), rtol=RTOL
            )
            for axis in ("row", "col"):
                got = d.aggregate(kind, axis, X).collect(timeout=60)
                close(got, _reduce_axis(x, kind, axis))
    with pytest.raises(d.DistError):
        d.aggregate("argmax", "row", X)


def test_aggregate_nan_propagates(client: Client) -> None:
    x = np.arange(60.0).reshape(10, 6)
    x[3, 4] = np.nan
    X = d.distribute(client, x, 4)
    assert np.isnan(d.aggregate("max", "all", X, timeout=60))
    close(d.aggregate("min", "col", X).collect(), _reduce_axis(x, "min", "col"))


@pytest.mark.parametrize("sparse", [False, True], ids=["dense", "sparse"])
def test_transpose_moves_nothing(client: Client, sparse: bool) -> None:
    rng = np.random.default_rng(8)
    x = mat(rng, (90, 50), sparse)
    X = d.distribute(client, x, 32)
    m = d.measure_bytes(client, lambda: d.transpose(X).persist(timeout=60))
    t = m.value
    assert m.total == 0
    assert t.shape == (50, 90) and t.grid == (2, 3)
    assert all(t.placement[(j, i)] == X.placement[(i, j)] for i, j in X.placement)
    close(t.collect(), x.T)


def test_cbind_rbind_slice(client: Client) -> None:
    rng = np.random.default_rng(9)
    a = rng.standard_normal((50, 40))
    b = sp.random_array((50, 25), density=0.2, format="csr", rng=rng)
    c = rng.standard_normal((30, 40))
    A, B, C = (d.distribute(client, v, 20) for v in (a, b, c))
    close(d.cbind(A, B).collect(), _bind((a, b), 1, "cbind"))
    close(d.rbind(A, C).collect(), _bind((a, c), 0, "rbind"))
    close(d.cbind(A, B, A).collect(), _bind((a, b, a), 1, "cbind"))
    # Block-aligned: every output block is an input block passed through (no task).
    e = rng.standard_normal((50, 20))
    ae = d.cbind(A, d.distribute(client, e, 20))
    assert set(ae.keys.values()) >= set(A.keys.values())
    close(ae.collect(), np.hstack([a, e]))
    close(d.slice_(A, 20, 40, 0, 20).collect(), a[20:40, 0:20])  # aligned
    assert d.slice_(A, 20, 40, 0, 20).futures[(0, 0)].key == A.futures[(1, 0)].key
    for r0, r1, c0, c1 in ((3, 47, 5, 39), (0, 50, 0, 40), (10, 10, 0, 5), (49, 50, 39, 40)):
        close(d.slice_(A, r0, r1, c0, c1).collect(), a[r0:r1, c0:c1])
        close(d.slice_(B, r0, r1, 0, 25).collect(), b[r0:r1, 0:25])
    with pytest.raises(d.DistError, match="out of range"):
        d.slice_(A, 0, 51, 0, 1)
    with pytest.raises(d.DistError, match="different rows"):
        d.cbind(A, C)
    R = d.reblock(A, 7)
    assert R.block_size == 7 and R.grid == (8, 6)
    close(R.collect(), a)


# ---------------------------------------------------------------------------
# Cost model.

BYTE_CASES = [
    ("mapmm_right", (4000, 300), (300, 1), None, 500),
    ("mapmm_right", (4000, 300), (300, 40), None, 500),
    ("mapmm_left", (800, 800), (800, 800), None, 400),
    ("cpmm", (800, 800), (800, 800), None, 400),
    ("rmm", (800, 800), (800, 800), None, 400),
    ("cpmm", (300, 4000), (4000, 300), None, 500),
    ("rmm", (4000, 100), (100, 4000), None, 500),
    ("cpmm", (8000, 8000), (8000, 4), 6400.0, 1000),
    ("tsmm", (4000, 300), None, None, 500),
]


@pytest.mark.parametrize("case", BYTE_CASES, ids=[f"{c[0]}-{c[1]}x{c[2]}" for c in BYTE_CASES])
def test_predicted_bytes_within_2x(client: Client, case: tuple[Any, ...]) -> None:
    method, sa, sb, nnz_a, bs = case
    rng = np.random.default_rng(12)
    if nnz_a:
        a: Any = sp.random_array(sa, density=nnz_a / (sa[0] * sa[1]), format="csr", rng=rng)
    else:
        a = rng.standard_normal(sa)
    b = rng.standard_normal(sb) if sb else None
    A = d.distribute(client, a, bs).persist()
    B = d.distribute(client, b, bs).persist() if b is not None else None
    workers = d.cluster_workers(client)
    # Compile-time prediction: shapes and nnz only, on the cyclic layout distribute uses.
    if method == "tsmm":
        pred = d.predict_bytes("tsmm", [sa], nnz=[nnz_a], block_size=bs, workers=workers)
        run = lambda: d.tsmm(A).persist(timeout=60)  # noqa: E731
    else:
        kw = {"nnz": [nnz_a, None], "block_size": bs, "workers": workers}
        pred = d.predict_bytes(method, [sa, sb], **kw)
        runs = {
            "mapmm_right": lambda: d.mapmm_right(A, b),
            "mapmm_left": lambda: d.mapmm_left(a, B),
        }
        run = lambda: runs.get(method, lambda: d.matmul(A, B, method))().persist(timeout=60)  # noqa: E731
    measured = d.measure_bytes(client, run).total
    assert measured > 0 or pred < 100_000
    ratio = (pred + 1) / (measured + 1)
    assert 0.5 <= ratio <= 2.0, f"predicted {pred} B, measured {measured} B"


def test_model_spreads_single_inner_block_cpmm() -> None:
    """cpmm with nK = 1 must not put every product on one worker (calibration Surprise 3)."""
    plan = d.plan_for("cpmm", [(20000, 500), (500, 20000)], block_size=1000)
    loads = sorted(plan.cost().compute.values())
    assert loads[0] > 0.4 * loads[-1]
    assert plan.cost().net_bytes == 80_000_000  # half of B, like mapmm (not half of A and B)


def test_model_counts_dependency_edges() -> None:
    """Sparse operands come as many small blocks: the time model charges every (task, key)
    dependency edge, so a graph's cost grows with its edges, not only its tasks."""
    shapes, nnz = [(50000, 50000), (50000, 10)], [2.5e5, None]
    for method in ("mapmm_right", "cpmm", "rmm"):
        plan = d.plan_for(method, shapes, nnz=nnz, block_size=1000)
        c = plan.cost()
        assert c.ndeps == sum(len(set(refs(t.args))) for t in plan.tasks.values())
        more = d.Calibration(edge_overhead=d.DEFAULT_CALIBRATION.edge_overhead + 1e-3)
        p2 = d.predict(method, shapes, nnz=nnz, block_size=1000, calibration=more)
        assert p2.ndeps == c.ndeps > 2 * c.ntasks  # many blocks per task
        assert abs(p2.seconds - c.seconds - 1e-3 * c.ndeps) < 0.05 * c.seconds


def test_choose_matmul() -> None:
    m, _ = d.choose_matmul((20000, 1000), (1000, 1), memory_budget=1e9)
    assert m == "local"
    m, preds = d.choose_matmul((20000, 1000), (1000, 1), memory_budget=1e6)
    assert m in ("mapmm_right", "cpmm", "rmm") and preds[m].net_bytes <= 8_000 * 2
    m, _ = d.choose_matmul((1000, 20000), (20000, 1000), memory_budget=1e6)
    assert m == "cpmm"  # co-located inner blocks: only one 8 MB partial moves


# ---------------------------------------------------------------------------
# Failure: a worker dies mid-operation (keep this test last: it restarts a worker).


def test_killed_worker_recomputes_or_raises(client: Client) -> None:
    rng = np.random.default_rng(13)
    a = rng.standard_normal((1600, 1600)) / 40.0  # keeps powers of a near 1
    A = d.distribute(client, a, 200)
    pids = client.run(os.getpid)
    victim = sorted(pids)[1]
    killed = threading.Event()

    def kill() -> None:
        os.kill(pids[victim], signal.SIGKILL)
        killed.set()

    killer = threading.Timer(0.3, kill)
    started = time.monotonic()
    killer.start()
    outcome = "result"
    try:
        got, want, after_kill = A, a, 0
        while after_kill < 2 and time.monotonic() - started < 60:
            after_kill += killed.is_set()  # keep work in flight until the kill lands
            got, want = d.rmm(got, A).persist(timeout=60), want @ a
        close(d.collect(got, timeout=60), want)
    except d.DistError as e:
        outcome = "error"
        assert "left the cluster" in str(e) or "lost" in str(e) or "failed" in str(e), e
    finally:
        killer.join()
    assert killed.is_set()
    assert time.monotonic() - started < 90, outcome
    # The nanny restarts the worker; the runtime works again on redistributed data.
    client.wait_for_workers(2, timeout=60)
    x = rng.standard_normal((100, 40))
    X = d.distribute(client, x, 32)
    close(d.tsmm(X).collect(timeout=60), x.T @ x)

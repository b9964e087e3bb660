"""The Dask backend end to end: every example at -O2 locally and at -O2 on a 2-worker
LocalCluster under a memory budget small enough that its matrix ops run dist, the same
with each forced matmul method, dynamic recompilation, and a worker killed mid-run.

Data is small (3000 x 20) so the suite stays fast; @run takes it as arguments, so its
sizes are unknown at compile time and every run also exercises recompilation at entry.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import scipy.sparse as sp
from xdsl.passes import ModulePass, PassPipeline

from amls.interpreter.dist import local_cluster
from amls.interpreter.engine import OpFailure, OpStats, run_function
from amls.interpreter.phys.session import DistSession
from amls.interpreter.recompile import Recompiler
from amls.lowering.pipeline import all_passes, compile_module, recompile_passes
from amls.tools.common import make_context, parse_module, read_source, verify_located

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ["lm_ds", "lm_cg", "l2svm", "pagerank", "kmeans", "logreg"]
BUDGET = "memory-budget=200000 workers=2 block-size=1000"
"""Below every op on the 3000 x 20 inputs (480 KB), above the small vectors' ops."""
SPARSE_BUDGET = "memory-budget=50000 workers=2 block-size=500"
"""pagerank's 1000 x 1000 graph has 10,000 non-zeros (124 KB as CSR)."""


def budget(name: str) -> str:
    return SPARSE_BUDGET if name == "pagerank" else BUDGET


AMLS_RUN = Path(sys.executable).parent / "amls-run"


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    with local_cluster(n_workers=2) as c:
        yield c


def small_data(name: str) -> list[Any]:
    rng = np.random.default_rng(7)
    if name == "pagerank":
        a = sp.random(1000, 1000, density=0.01, random_state=3, format="csr")
        a.data[:] = 1.0
        return [sp.csr_array(a)]
    n, m = 3000, 20
    x = rng.random((n, m))
    if name == "kmeans":
        return [x]
    w = rng.uniform(-1, 1, (m, 1))
    y = x @ w + 0.1 * rng.standard_normal((n, 1))
    if name == "l2svm":
        return [x, np.where(y > np.median(y), 1.0, -1.0)]
    if name == "logreg":
        return [x, (y > np.median(y)).astype(np.float64)]
    return [x, y]


def compiled(name: str, lowering: str) -> tuple[Any, Recompiler | None]:
    return compile_text(*read_source(str(ROOT / "examples" / f"{name}.mlir")), "run", lowering)


def compile_text(text: str, path: str, entry: str, lowering: str) -> tuple[Any, Recompiler]:
    """-O2 as amls-run compiles for --backend dask: the plan and its recompiler."""
    ctx = make_context()
    module = parse_module(ctx, text, path)
    verify_located(module)
    lower = lowering_pass(lowering)
    logical = compile_module(module, ctx, "O2", entry, lower, keep_logical=True)
    assert logical is not None
    rec = Recompiler(logical, ctx, PassPipeline(recompile_passes(lower)))
    return module, rec


def lowering_pass(options: str) -> ModulePass:
    """lower-to-phys{options}, parsed by xDSL as `-p` would."""
    return PassPipeline.parse_spec(all_passes(), f"lower-to-phys{{{options}}}").passes[0]


class NoSuchPass(ModulePass):
    """A re-planning pass that fails, as a broken pipeline would."""

    name = "no-such-pass"

    def apply(self, ctx: Any, op: Any) -> None:
        raise RuntimeError("no-such-pass: cannot re-plan")


def run_local(name: str, args: list[Any]) -> tuple[Any, ...]:
    module, _ = compiled(name, "dist=false")
    return run_function(module, "run", args)


def run_dist(
    client: Any, name: str, args: list[Any], lowering: str
) -> tuple[tuple[Any, ...], OpStats, Recompiler]:
    module, rec = compiled(name, lowering)
    stats = OpStats()
    out = run_function(module, "run", args, [stats], rec, DistSession(client))
    assert rec is not None
    return out, stats, rec


def same(a: tuple[Any, ...], b: tuple[Any, ...]) -> None:
    assert len(a) == len(b)
    for x, y in zip(a, b, strict=True):
        x = x.toarray() if sp.issparse(x) else np.asarray(x, dtype=np.float64)
        y = y.toarray() if sp.issparse(y) else np.asarray(y, dtype=np.float64)
        assert x.shape == y.shape
        # rtol 1e-9, plus an absolute floor at 1e-9 of the largest entry: block-wise
        # sums round differently, which shows relatively only on near-zero entries.
        scale = float(np.max(np.abs(x))) if x.size else 0.0
        np.testing.assert_allclose(y, x, rtol=1e-9, atol=1e-9 * scale)


def dist_ops(stats: OpStats) -> dict[str, int]:
    return {k: v for k, v in stats.counts.items() if " dist" in k}


@pytest.mark.parametrize("name", EXAMPLES)
def test_example_same_on_dask(client: Any, name: str) -> None:
    args = small_data(name)
    want = run_local(name, args)
    got, stats, rec = run_dist(client, name, args, budget(name))
    same(want, got)
    ops = dist_ops(stats)
    assert any(k.startswith("phys.matmul dist") for k in ops), ops
    if name != "lm_ds":  # lm_ds has no element-wise op on a large value
        assert any(k.split()[0] not in ("phys.matmul", "phys.tsmm") for k in ops), ops
    # @run's argument sizes were unknown at compile time: recompiled once, at entry
    # (and its outlined loops once each at their entry, if their inputs were unknown).
    names = [e.function for e in rec.events]
    assert names.count("run") == 1, names
    assert all(n == "run" or n.startswith("run__loop") for n in names), names
    assert len(names) == len(set(names)), names


TINY_BLOCKS = "memory-budget=1 workers=2 block-size=2"
"""Every matrix op distributed, in 2x2 blocks: edge blocks, 1x1 and empty matrices."""


def test_random_expressions_same_on_dask(client: Any) -> None:
    """tests/unit/exprgen.py's random expressions (empty, 1x1, vector, sparse, NaN/Inf
    inputs; argument sizes known or not) give the -O0 results with every op on Dask."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import test_rewrite_fuzz as fz

    ran_dist = 0
    for seed in range(40):
        inst = fz.instance(seed)
        with np.errstate(all="ignore"):
            want = run_function(parse_module(make_context(), inst.text, "f.mlir"), "f", inst.args)
            module, rec = compile_text(inst.text, "f.mlir", "f", TINY_BLOCKS)
            ran_dist += " dist " in str(module)
            got = run_function(module, "f", list(inst.args), [], rec, DistSession(client))
        scale = fz.tolerance_scale(inst.args)
        for i, (w, g) in enumerate(zip(want, got, strict=True)):
            fz.assert_same(w, g, scale, f"seed {seed} result {i}", fz.has_nonfinite(inst.args))
    assert ran_dist >= 30, ran_dist


@pytest.mark.parametrize("method", ["mapmm_left", "mapmm_right", "cpmm", "rmm"])
@pytest.mark.parametrize("name", ["lm_cg", "pagerank", "kmeans"])
def test_forced_method_same(client: Any, name: str, method: str) -> None:
    args = small_data(name)
    want = run_local(name, args)
    got, stats, _ = run_dist(client, name, args, f"{budget(name)} force-method={method}")
    same(want, got)
    mms = {k for k in dist_ops(stats) if k.startswith("phys.matmul dist")}
    assert mms == {f"phys.matmul dist {method}"}, mms


def test_recompile_once_per_signature(client: Any) -> None:
    """A function called in a loop recompiles once per size signature, not per call."""
    src = """
func.func @step(%X: !matrix.mat<?x?xf64>, %v: !matrix.mat<?x1xf64>) -> !matrix.mat<?x1xf64> {
  %q = matrix.matmul %X, %v : (!matrix.mat<?x?xf64>, !matrix.mat<?x1xf64>) -> !matrix.mat<?x1xf64>
  %Xt = matrix.transpose %X : (!matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>
  %g = matrix.matmul %Xt, %q : (!matrix.mat<?x?xf64>, !matrix.mat<?x1xf64>) -> !matrix.mat<?x1xf64>
  func.return %g : !matrix.mat<?x1xf64>
}
func.func @run(%X: !matrix.mat<?x?xf64>, %v0: !matrix.mat<?x1xf64>) -> !matrix.mat<?x1xf64> {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %c4 = arith.constant 4 : i64
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%v = %v0) -> (!matrix.mat<?x1xf64>) : i64 {
    %g = func.call @step(%X, %v)
        : (!matrix.mat<?x?xf64>, !matrix.mat<?x1xf64>) -> !matrix.mat<?x1xf64>
    %m = matrix.reduce max all %g : (!matrix.mat<?x1xf64>) -> f64
    %n = matrix.div %g, %m : (!matrix.mat<?x1xf64>, f64) -> !matrix.mat<?x1xf64>
    scf.yield %n : !matrix.mat<?x1xf64>
  }
  func.return %r : !matrix.mat<?x1xf64>
}
"""
    ctx = make_context()
    module = parse_module(ctx, src, "loop.mlir")
    logical = compile_module(module, ctx, "O2", "run", lowering_pass(BUDGET), keep_logical=True)
    rec = Recompiler(logical, ctx, PassPipeline(recompile_passes(lowering_pass(BUDGET))))
    rng = np.random.default_rng(1)
    x, v = rng.random((2500, 10)), rng.random((10, 1))
    got = run_function(module, "run", [x, v], [], rec, DistSession(client))
    want = v
    for _ in range(4):
        g = x.T @ (x @ want)
        want = g / g.max()
    np.testing.assert_allclose(got[0], want, rtol=1e-9)
    # The loop (IPA inlined @step into it; outline-loops made its entry a call) is
    # re-planned once for its input sizes, not once per iteration; and @run once when it
    # holds an op of unknown size (licm moves the invariant t(X) out of the loop).
    events = [e.function for e in rec.events]
    assert events in (["run__loop0"], ["run"], ["run", "run__loop0"]), rec.events


def test_recompile_at_loop_entry(client: Any) -> None:
    """A loop over a slice with data-dependent bounds: its size is unknown even after
    recompiling @run at entry; the loop, outlined, recompiles at loop entry with the
    slice's real size and runs locally (it fits the budget), once, not per iteration."""
    ctx = make_context()
    text, path = read_source(str(ROOT / "tests" / "filecheck" / "Inputs" / "dyn_loop.mlir"))
    lowering = lowering_pass("memory-budget=100000000 workers=2")
    module = parse_module(ctx, text, path)
    logical = compile_module(module, ctx, "O2", "run", lowering, keep_logical=True)
    loop_fns = [f.sym_name.data for f in module.ops if getattr(f, "sym_name", None) is not None]
    assert "run__loop0" in loop_fns, loop_fns
    rec = Recompiler(logical, ctx, PassPipeline(recompile_passes(lowering)))
    rng = np.random.default_rng(2)
    x, v = rng.random((3000, 40)), rng.random((40, 1))
    stats = OpStats()
    got = run_function(module, "run", [x, v], [stats], rec, DistSession(client))
    k = int(3000 * (x.max() * 0.5))
    xs, want = x[:k], v
    for _ in range(5):
        g = xs.T @ (xs @ want)
        want = g / g.max()
    np.testing.assert_allclose(got[0], want.sum(), rtol=1e-9)
    events = {e.function: e.sizes for e in rec.events}
    assert set(events) == {"run", "run__loop0"}, events
    assert f"{k}x40" in events["run__loop0"]
    # inside the recompiled loop everything is local: no dist matmul ran
    assert not any(n.startswith("phys.matmul dist") for n in stats.counts), stats.counts


def test_failed_recompile_keeps_the_compiled_plan(monkeypatch: pytest.MonkeyPatch) -> None:
    """If re-planning fails, the compile-time plan (still valid) runs; --stats says so."""
    monkeypatch.delenv("AMLS_DEBUG", raising=False)
    module, rec = compiled("lm_ds", "dist=false")
    assert rec is not None
    rec.pipeline = PassPipeline((NoSuchPass(),))
    args = small_data("lm_ds")
    fn = next(f for f in module.ops if getattr(f, "sym_name", None) and f.sym_name.data == "run")
    assert rec.variant(fn, args) is None and rec.variant(fn, args) is None
    assert len(rec.failures) == 1 and "no-such-pass" in rec.failures[0]
    same(run_local("lm_ds", args), run_function(module, "run", args, [], rec))


def test_scatter_to_departed_worker_is_a_lost_worker_error(client: Any) -> None:
    """The scheduler answers a scatter pinned to a worker that has just left with a bare
    KeyError (seen on CI when the killed-worker test hit distribute): it must surface as
    a DistError naming the worker, which the kernels report as a lost worker."""
    from amls.interpreter.dist import DistError
    from amls.interpreter.dist.blocked import distribute

    gone = "tcp://127.0.0.1:9"
    with pytest.raises(DistError, match="tcp://127.0.0.1:9 left the cluster"):
        distribute(client, np.ones((4, 4)), 2, workers=[gone])


def test_client_call_fails_when_its_worker_leaves(client: Any) -> None:
    """A client call that never answers (seen on CI: a broadcast scatter whose replication
    target was SIGKILLed) fails within a few polls once a worker it involves is gone,
    instead of blocking forever; with every worker alive it returns the call's value."""
    import asyncio

    from amls.interpreter.dist import DistError
    from amls.interpreter.dist.blocked import POLL_SECONDS, call_watching

    async def forever() -> None:
        await asyncio.sleep(3600)

    started = time.monotonic()
    with pytest.raises(DistError, match="tcp://127.0.0.1:9 left the cluster during"):
        call_watching(client, "scatter", ["tcp://127.0.0.1:9"], forever)
    assert time.monotonic() - started < 20 * POLL_SECONDS

    async def answer() -> int:
        await asyncio.sleep(3 * POLL_SECONDS)  # spans polls: the workers are checked
        return 42

    assert call_watching(client, "gather", sorted(client.nthreads()), answer) == 42


def test_killed_worker_right_answer_or_clear_error() -> None:
    """A worker killed mid-run: the run returns the right answer or fails with a clear
    message naming the op; it never hangs and never returns a wrong answer. Its own
    cluster: the other tests must not depend on the nanny restarting the victim."""
    args = small_data("pagerank")
    want = run_local("pagerank", args)
    module, rec = compiled("pagerank", SPARSE_BUDGET)
    with local_cluster(n_workers=2) as client:
        pids = client.run(os.getpid)
        victim = sorted(pids)[1]
        killer = threading.Timer(0.5, lambda: os.kill(pids[victim], signal.SIGKILL))
        started = time.monotonic()
        killer.start()
        try:
            got = run_function(module, "run", args, [], rec, DistSession(client))
            same(want, got)
            outcome = "result"
        except OpFailure as e:
            msg = str(e)
            assert "worker" in msg or "lost" in msg, msg
            outcome = "error"
        finally:
            killer.join()
        assert time.monotonic() - started < 120, outcome


def test_amls_run_dask_cli(tmp_path: Path) -> None:
    """The tool: --backend dask starts its own LocalCluster, prints the same results as
    the local backend, and --stats shows dist ops, bytes and the recompilation (of the
    plan for the declared types; compiled for the data, nothing is left to recompile)."""
    x, y = small_data("lm_cg")
    np.save(tmp_path / "X.npy", x)
    np.save(tmp_path / "y.npy", y)
    base = [str(AMLS_RUN), str(ROOT / "examples" / "lm_cg.mlir"), "--entry", "run"]
    base += ["--arg", f"X={tmp_path / 'X.npy'}", "--arg", f"y={tmp_path / 'y.npy'}"]
    local = subprocess.run(base, capture_output=True, text=True, timeout=300)
    assert local.returncode == 0, local.stderr
    dask = ["--backend", "dask", "--workers", "2", "--memory-budget", "200KB", "--stats"]
    dist = subprocess.run(
        [*base, *dask, "--no-data-facts"], capture_output=True, text=True, timeout=300
    )
    assert dist.returncode == 0, dist.stderr
    assert "Traceback" not in dist.stderr
    lines = [ln for ln in dist.stdout.splitlines() if ln.startswith("result_")]
    assert len(lines) == 4
    # scalars agree to print precision except the last digits; iteration count exactly
    assert lines[2] == local.stdout.splitlines()[2]
    assert "phys.matmul dist" in dist.stdout
    assert "== distributed ops" in dist.stdout
    # The two tables time the same dist ops; the dist table's is the kernel alone (it says
    # so), == ops == adds the interpreter's dispatch: never less, and only a little more.
    ops_part, dist_part = dist.stdout.split("== distributed ops", 1)
    assert "== ops ==" in ops_part and "the dist kernel" in dist_part
    row = re.compile(r"^  (phys\.\S+(?: [a-z_]+)*)\s+(\d+)\s+(\d+\.\d{4})\b", re.M)
    in_ops = {m[1]: float(m[3]) for m in row.finditer(ops_part.split("== ops ==", 1)[1])}
    in_dist = {m[1]: float(m[3]) for m in row.finditer(dist_part.split("\n\n", 1)[0])}
    assert in_dist and set(in_dist) <= set(in_ops), (in_dist, in_ops)
    for name, t in in_dist.items():
        assert t <= in_ops[name] + 1e-4 and in_ops[name] - t < 0.05 + 0.02 * t, name
    assert "@run recompiled for (3000x20, 3000x1)" in dist.stdout
    facts = subprocess.run([*base, *dask], capture_output=True, text=True, timeout=300)
    assert facts.returncode == 0, facts.stderr
    assert [ln for ln in facts.stdout.splitlines() if ln.startswith("result_")][2] == lines[2]
    assert "@run (3000x20 |x|<=1.0, 3000x1 |x|<=" in facts.stdout
    assert "(none: every size was known at compile time)" in facts.stdout

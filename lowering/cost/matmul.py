"""Planners of the distributed matrix multiply: mapmm_left / mapmm_right, cpmm, rmm, tsmm.

Each method is a planner (layouts in, Plan out; no Dask); the runtime's runners
(amls.interpreter.dist.matmul) submit the plan as one pinned graph, and the cost model
(predict.py) calls the same planners on synthetic layouts, so predicted and executed
graphs are the same graph.

Methods (SystemDS names, Dask adaptations; docs/cost-model.md, "Matrix multiply methods"):
* mapmm_right(A blocked, B small): B is broadcast once per worker (scatter, or one
  assemble task per worker when B is blocked); for every output block C[i,j], each worker
  holding blocks of A's row strip i sums its products (map-side combine) and the partial
  sums are added on one of those workers. mapmm_left mirrors it.
* cpmm: join on the common dimension k. Each k is planned as one of: all products on one
  worker, split by rows (each A[i,k]'s home computes row i, B[k,:] is shipped there) or by
  columns. The choice is greedy on predicted time (max load + bytes), so a single inner
  block (nK = 1) still spreads over the workers (a naive cpmm puts it all on one worker).
  Partials per (output block, worker) are then summed on one worker.
* rmm: one task per output block, on the worker minimising (load, bytes to fetch); Dask
  fetches each remote block once per worker ("replication on demand").
* tsmm(X) = t(X) @ X: with a single column block, each worker sums t(Xb) @ Xb over its row
  blocks and the per-worker partials are summed by a binary tree; with several column
  blocks it is cpmm over (t(X), X) with the transpose done inside the tasks.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from amls.interpreter.kernels import blocks as T
from amls.lowering.cost.blocks import (
    Coord,
    DistError,
    Key,
    Layout,
    is_sparse_density,
    nblocks,
    product_nnz,
    span,
    value_bytes,
)
from amls.lowering.cost.plan import DEFAULT_CALIBRATION, Calibration, Plan, R

METHODS = ("mapmm_left", "mapmm_right", "cpmm", "rmm", "tsmm")


@dataclass
class LocalOperand:
    """A driver-resident operand to broadcast (value None when only predicting)."""

    shape: tuple[int, int]
    nbytes: int
    nnz: float
    sparse: bool
    value: Any = None


@dataclass(frozen=True)
class BlockRef:
    """One block of an operand as a planner sees it (possibly through a transpose)."""

    key: Key
    shape: tuple[int, int]
    nnz: float
    sparse: bool
    home: str


class View:
    """A Layout, optionally transposed: tsmm reads X's blocks as t(X) without moving them."""

    def __init__(self, lay: Layout, transposed: bool = False) -> None:
        self.lay = lay
        self.t = transposed
        g = lay.grid
        self.grid = (g[1], g[0]) if transposed else g
        s = lay.shape
        self.shape = (s[1], s[0]) if transposed else s
        self._at: dict[Coord, BlockRef] = {}

    def at(self, i: int, j: int) -> BlockRef:
        got = self._at.get((i, j))
        if got is not None:
            return got
        c = (j, i) if self.t else (i, j)
        r, cc = self.lay.bshape(c)
        ref = BlockRef(
            key=self.lay.keys[c],
            shape=(cc, r) if self.t else (r, cc),
            nnz=self.lay.nnz[c],
            sparse=self.lay.sparse[c],
            home=self.lay.placement[c],
        )
        self._at[(i, j)] = ref  # planners look blocks up many times (cpmm: per strategy)
        return ref


# ---------------------------------------------------------------------------
# Cost of one block product / sum (seconds, result size).


def mm_meta(
    r: int, k: int, c: int, a_nnz: float, a_sparse: bool, b_nnz: float, b_sparse: bool
) -> tuple[float, bool, int]:
    """(nnz, sparse, bytes) of a block product, following the kernels' format rules."""
    if a_sparse and b_sparse:
        z = product_nnz(r, k, c, a_nnz, b_nnz)
        sparse = is_sparse_density(z, r, c)
        return z, sparse, value_bytes(r, c, z, sparse)
    z = product_nnz(r, k, c, a_nnz, b_nnz)
    return z, False, value_bytes(r, c, z, False)


def mm_seconds(
    cal: Calibration,
    r: int,
    k: int,
    c: int,
    a_nnz: float,
    a_sparse: bool,
    b_nnz: float,
    b_sparse: bool,
) -> float:
    if a_sparse and b_sparse:
        work = 2.0 * a_nnz * (b_nnz / max(k, 1))
        return cal.call_overhead + work / cal.sparse_rate
    if a_sparse:
        return cal.call_overhead + 2.0 * a_nnz * c / cal.sparse_rate
    if b_sparse:
        return cal.call_overhead + 2.0 * b_nnz * r / cal.sparse_rate
    return cal.call_overhead + 2.0 * r * k * c / cal.flop_rate


def add_seconds(cal: Calibration, nparts: int, nbytes: int) -> float:
    return cal.call_overhead + (nparts + 1) * nbytes / cal.mem_rate


class Balancer:
    """Spreads output blocks over workers by bytes (ties: by address)."""

    def __init__(self, workers: Sequence[str]) -> None:
        self.bytes = dict.fromkeys(workers, 0)

    def pick(self, candidates: Sequence[str], nbytes: int) -> str:
        w = min(candidates, key=lambda w: (self.bytes.get(w, 0), w))
        self.bytes[w] = self.bytes.get(w, 0) + nbytes
        return w


def _aggregate(
    plan: Plan,
    c: Coord,
    parts: list[R],
    nbytes: int,
    nnz: float,
    sparse: bool,
    bal: Balancer,
) -> None:
    """Output block c = sum of parts, added on one of the workers holding a part."""
    if len(parts) == 1:
        bal.pick([plan.worker_of(parts[0].key)], nbytes)
        plan.output(c, parts[0])
        return
    holders = sorted({plan.worker_of(p.key) for p in parts})
    w = bal.pick(holders, nbytes)
    ref = plan.add(
        (plan.name, *c),
        T.add_all,
        *parts,
        worker=w,
        nbytes=nbytes,
        seconds=add_seconds(plan.calibration, len(parts), nbytes),
        sparse=sparse,
        nnz=nnz,
    )
    plan.output(c, ref)


def _check_inner(a_shape: tuple[int, int], b_shape: tuple[int, int]) -> None:
    if a_shape[1] != b_shape[0]:
        raise DistError(
            f"matmul inner dimensions differ: {a_shape[0]}x{a_shape[1]} %*% "
            f"{b_shape[0]}x{b_shape[1]}"
        )


# ---------------------------------------------------------------------------
# Planners.


def plan_mapmm(
    big: Layout,
    small: LocalOperand | Layout,
    side: str,
    cal: Calibration = DEFAULT_CALIBRATION,
) -> Plan:
    """mapmm_right (side="right": big @ small) or mapmm_left (small @ big)."""
    right = side == "right"
    a_shape = big.shape if right else small.shape
    b_shape = small.shape if right else big.shape
    _check_inner(a_shape, b_shape)
    bs = big.block_size
    m, n = a_shape[0], b_shape[1]
    plan = Plan(f"mapmm_{side}", (m, n), bs, cal)
    plan.add_layout(big)
    workers = big.workers()
    # The small side, whole, on every worker that holds blocks of the big side.
    if isinstance(small, Layout):
        plan.add_layout(small)
        sg = small.grid
        rows = [[R(small.keys[(p, q)]) for q in range(sg[1])] for p in range(sg[0])]
        s_nnz = small.total_nnz()
        s_sparse = all(small.sparse.values())
        s_bytes = value_bytes(*small.shape, s_nnz, s_sparse)
        full = {
            w: plan.add(
                (plan.name, "bcast", w),
                T.assemble_grid,
                rows,
                worker=w,
                nbytes=s_bytes,
                seconds=add_seconds(cal, 1, s_bytes),
                sparse=s_sparse,
                nnz=s_nnz,
            )
            for w in workers
        }
    else:
        s_nnz, s_sparse = small.nnz, small.sparse
        ref = plan.broadcast((plan.name, "bcast"), small.nbytes, workers, small.value)
        full = dict.fromkeys(workers, ref)
    s_density = s_nnz / max(1, small.shape[0] * small.shape[1])
    bal = Balancer(workers)
    gi, gj = big.grid
    out_grid = (gi, nblocks(n, bs)) if right else (nblocks(m, bs), gj)
    for i in range(out_grid[0]):
        for j in range(out_grid[1]):
            r0, r1 = span(i, m, bs)
            c0, c1 = span(j, n, bs)
            # Group the big side's blocks along k by their home worker.
            groups: dict[str, list[int]] = {}
            nk = gj if right else gi
            for k in range(nk):
                c = (i, k) if right else (k, j)
                groups.setdefault(big.placement[c], []).append(k)
            parts: list[R] = []
            out_nnz, out_sparse = 0.0, True
            for w in sorted(groups):
                ks = groups[w]
                secs, z_sum = 0.0, 0.0
                kspans: list[list[int]] = []
                blocks: list[R] = []
                sparse_all = True
                for k in ks:
                    c = (i, k) if right else (k, j)
                    k0, k1 = span(k, a_shape[1], bs)
                    kspans.append([k0, k1])
                    blocks.append(R(big.keys[c]))
                    kk = k1 - k0
                    s_part = s_density * kk * ((c1 - c0) if right else (r1 - r0))
                    if right:
                        args = (r1 - r0, kk, c1 - c0, big.nnz[c], big.sparse[c], s_part, s_sparse)
                    else:
                        args = (r1 - r0, kk, c1 - c0, s_part, s_sparse, big.nnz[c], big.sparse[c])
                    secs += mm_seconds(cal, *args)
                    z, sparse_all_k, _ = mm_meta(*args)
                    z_sum += z
                    sparse_all = sparse_all and sparse_all_k
                z_sum = min(z_sum, float((r1 - r0) * (c1 - c0)))
                sparse = sparse_all and is_sparse_density(z_sum, r1 - r0, c1 - c0)
                nbytes = value_bytes(r1 - r0, c1 - c0, z_sum, sparse)
                secs += (len(ks) - 1) * add_seconds(cal, 1, nbytes)  # the in-task sum
                key = (plan.name, i, j) if len(groups) == 1 else (plan.name, "p", i, j, w)
                if right:
                    ref = plan.add(
                        key,
                        T.mm_right_bcast,
                        blocks,
                        full[w],
                        kspans,
                        c0,
                        c1,
                        worker=w,
                        nbytes=nbytes,
                        seconds=secs,
                        sparse=sparse,
                        nnz=z_sum,
                    )
                else:
                    ref = plan.add(
                        key,
                        T.mm_left_bcast,
                        full[w],
                        blocks,
                        kspans,
                        r0,
                        r1,
                        worker=w,
                        nbytes=nbytes,
                        seconds=secs,
                        sparse=sparse,
                        nnz=z_sum,
                    )
                parts.append(ref)
                out_nnz = min(out_nnz + z_sum, float((r1 - r0) * (c1 - c0)))
                out_sparse = out_sparse and sparse
            out_sparse = out_sparse and is_sparse_density(out_nnz, r1 - r0, c1 - c0)
            out_bytes = value_bytes(r1 - r0, c1 - c0, out_nnz, out_sparse)
            _aggregate(plan, (i, j), parts, out_bytes, out_nnz, out_sparse, bal)
    return plan


CPMM_STRATEGIES = ("greedy", "rows", "cols", "home")


def plan_cpmm(
    a: View,
    b: View,
    cal: Calibration = DEFAULT_CALIBRATION,
    method: str = "cpmm",
    strategy: str = "best",
    _memo: dict[tuple[int, int, int], tuple[BlockRef, BlockRef, float]] | None = None,
) -> Plan:
    """cpmm; strategy "best" builds the plan of every strategy and keeps the cheapest.

    Per inner index k, the products A[:,k] x B[k,:] go: "greedy" to whichever of (one
    worker, by rows, by cols) adds least predicted time given what earlier k placed
    (myopic: it can pile many k onto one worker when each single move looks cheap);
    "rows" to A[i,k]'s home; "cols" to B[k,j]'s home; "home" all to the worker holding
    most of A[:,k] and B[k,:] (Spark-style co-location).
    """
    if strategy == "best":
        memo: dict[tuple[int, int, int], tuple[BlockRef, BlockRef, float]] = {}
        plans = [plan_cpmm(a, b, cal, method, s, _memo=memo) for s in CPMM_STRATEGIES]
        return min(plans, key=lambda p: p.cost().seconds)
    if strategy not in CPMM_STRATEGIES:
        raise DistError(f"unknown cpmm strategy '{strategy}'")
    _check_inner(a.shape, b.shape)
    if a.lay.block_size != b.lay.block_size:
        raise DistError("cpmm needs both operands on the same block size (reblock first)")
    bs = a.lay.block_size
    nI, nK = a.grid
    nJ = b.grid[1]
    plan = Plan(method, (a.shape[0], b.shape[1]), bs, cal)
    plan.add_layout(a.lay)
    plan.add_layout(b.lay)
    workers = sorted(set(a.lay.workers()) | set(b.lay.workers()))
    ij = [(i, j) for i in range(nI) for j in range(nJ)]

    memo = {} if _memo is None else _memo

    def prod(i: int, k: int, j: int) -> tuple[BlockRef, BlockRef, float]:
        got = memo.get((i, k, j))
        if got is None:
            x, y = a.at(i, k), b.at(k, j)
            sh = (x.shape[0], x.shape[1], y.shape[1])
            got = x, y, mm_seconds(cal, *sh, x.nnz, x.sparse, y.nnz, y.sparse)
            memo[(i, k, j)] = got
        return got

    out_meta: dict[Coord, tuple[float, bool, int]] = {}
    for i, j in ij:
        r, c = a.at(i, 0).shape[0], b.at(0, j).shape[1]
        z = 0.0
        sparse = True
        for k in range(nK):
            x, y = a.at(i, k), b.at(k, j)
            zk, sk, _ = mm_meta(r, x.shape[1], c, x.nnz, x.sparse, y.nnz, y.sparse)
            z += zk
            sparse = sparse and sk
        z = min(z, float(r * c))
        sparse = sparse and is_sparse_density(z, r, c)
        out_meta[(i, j)] = (z, sparse, value_bytes(r, c, z, sparse))

    where = {k: set(v) for k, v in plan.where.items()}  # simulated replicas
    load = dict.fromkeys(workers, 0.0)
    holders: dict[Coord, list[str]] = {c: [] for c in ij}
    assign: dict[tuple[int, int, str], list[int]] = {}
    work = {k: sum(prod(i, k, j)[2] for i, j in ij) for k in range(nK)}
    for k in sorted(range(nK), key=lambda k: (-work[k], k)):
        prods = {(i, j): prod(i, k, j) for i, j in ij}
        by_rows = {(i, j): prods[(i, j)][0].home for i, j in ij}
        by_cols = {(i, j): prods[(i, j)][1].home for i, j in ij}
        if strategy == "rows":
            chosen = by_rows
        elif strategy == "cols":
            chosen = by_cols
        elif strategy == "home":
            held = dict.fromkeys(workers, 0)
            for x in {a.at(i, k) for i in range(nI)} | {b.at(k, j) for j in range(nJ)}:
                held[x.home] += _bytes_of(x)
            chosen = dict.fromkeys(ij, min(workers, key=lambda w: (-held[w], w)))
        else:
            options = [dict.fromkeys(ij, w) for w in workers] + [by_rows, by_cols]
            scores = [
                _cpmm_score(cal, opt, prods, where, load, holders, out_meta) for opt in options
            ]
            chosen = options[scores.index(min(scores))]
        for (i, j), w in chosen.items():
            x, y, secs = prods[(i, j)]
            where[x.key].add(w)
            where[y.key].add(w)
            load[w] += secs
            if w not in holders[(i, j)]:
                holders[(i, j)].append(w)
            assign.setdefault((i, j, w), []).append(k)

    bal = Balancer(workers)
    for i, j in ij:
        parts: list[R] = []
        ws = sorted(holders[(i, j)])
        z, sparse, nbytes = out_meta[(i, j)]
        for w in ws:
            ks = sorted(assign[(i, j, w)])
            secs = sum(prod(i, k, j)[2] for k in ks)
            key = (plan.name, i, j) if len(ws) == 1 else (plan.name, "p", i, j, w)
            parts.append(
                plan.add(
                    key,
                    T.mm_sum,
                    [R(a.at(i, k).key) for k in ks],
                    [R(b.at(k, j).key) for k in ks],
                    a.t,
                    worker=w,
                    nbytes=nbytes,
                    seconds=secs + (len(ks) - 1) * add_seconds(cal, 1, nbytes),
                    sparse=sparse,
                    nnz=z,
                )
            )
        _aggregate(plan, (i, j), parts, nbytes, z, sparse, bal)
    return plan


def _cpmm_score(
    cal: Calibration,
    opt: dict[Coord, str],
    prods: dict[Coord, tuple[BlockRef, BlockRef, float]],
    where: dict[Key, set[str]],
    load: dict[str, float],
    holders: dict[Coord, list[str]],
    out_meta: dict[Coord, tuple[float, bool, int]],
) -> float:
    """Predicted time added by placing one k's products as `opt` says."""
    new_load = dict(load)
    fetched: set[tuple[Key, str]] = set()
    moved = 0
    extra_tasks = 0
    for c, w in opt.items():
        x, y, secs = prods[c]
        new_load[w] += secs
        for blk, nb in ((x, _bytes_of(x)), (y, _bytes_of(y))):
            if w not in where[blk.key] and (blk.key, w) not in fetched:
                fetched.add((blk.key, w))
                moved += nb
        if w not in holders[c]:
            extra_tasks += 1
            if holders[c]:
                moved += out_meta[c][2]  # one more partial to ship to the adder
    return (
        max(new_load.values())
        + moved / cal.bandwidth
        + len(fetched) * cal.fetch_overhead
        + extra_tasks * cal.task_overhead
    )


def _bytes_of(b: BlockRef) -> int:
    return value_bytes(b.shape[0], b.shape[1], b.nnz, b.sparse)


def plan_rmm(a: View, b: View, cal: Calibration = DEFAULT_CALIBRATION) -> Plan:
    _check_inner(a.shape, b.shape)
    if a.lay.block_size != b.lay.block_size:
        raise DistError("rmm needs both operands on the same block size (reblock first)")
    bs = a.lay.block_size
    nI, nK = a.grid
    nJ = b.grid[1]
    plan = Plan("rmm", (a.shape[0], b.shape[1]), bs, cal)
    plan.add_layout(a.lay)
    plan.add_layout(b.lay)
    workers = sorted(set(a.lay.workers()) | set(b.lay.workers()))
    load = dict.fromkeys(workers, 0.0)
    for i in range(nI):
        for j in range(nJ):
            xs = [a.at(i, k) for k in range(nK)]
            ys = [b.at(k, j) for k in range(nK)]
            r, c = xs[0].shape[0], ys[0].shape[1]
            secs, z, sparse = 0.0, 0.0, True
            for x, y in zip(xs, ys, strict=True):
                args = (r, x.shape[1], c, x.nnz, x.sparse, y.nnz, y.sparse)
                secs += mm_seconds(cal, *args)
                zk, sk, _ = mm_meta(*args)
                z += zk
                sparse = sparse and sk
            z = min(z, float(r * c))
            sparse = sparse and is_sparse_density(z, r, c)
            nbytes = value_bytes(r, c, z, sparse)
            secs += (nK - 1) * add_seconds(cal, 1, nbytes)
            deps = [R(x.key) for x in xs] + [R(y.key) for y in ys]

            def score(w: str, deps: list[R] = deps, secs: float = secs) -> tuple[float, str]:
                moved = plan.fetch_bytes(deps, w)
                nload = max(max(load.values()), load[w] + secs)
                return nload + moved / cal.bandwidth, w

            w = min(workers, key=score)
            load[w] += secs
            ref = plan.add(
                (plan.name, i, j),
                T.mm_sum,
                [R(x.key) for x in xs],
                [R(y.key) for y in ys],
                a.t,
                worker=w,
                nbytes=nbytes,
                seconds=secs,
                sparse=sparse,
                nnz=z,
            )
            plan.output((i, j), ref)
    return plan


def plan_tsmm(
    x: Layout, cal: Calibration = DEFAULT_CALIBRATION, chunks_per_worker: int = 1
) -> Plan:
    """t(X) @ X. One column block: per-worker partials + tree sum; else cpmm on (t(X), X)."""
    if x.grid[1] > 1:
        return plan_cpmm(View(x, transposed=True), View(x), cal, method="tsmm")
    n = x.shape[1]
    plan = Plan("tsmm", (n, n), x.block_size, cal)
    plan.add_layout(x)
    by_worker: dict[str, list[Coord]] = {}
    for c in sorted(x.keys):
        by_worker.setdefault(x.placement[c], []).append(c)
    all_sparse = all(x.sparse.values())
    total_nnz = x.total_nnz()
    z_out = product_nnz(n, x.shape[0], n, total_nnz, total_nnz)
    sparse = all_sparse and is_sparse_density(z_out, n, n)
    nbytes = value_bytes(n, n, z_out, sparse)
    level: list[R] = []
    for w in sorted(by_worker):
        cs = by_worker[w]
        nchunks = max(1, min(chunks_per_worker, len(cs)))
        for q in range(nchunks):
            chunk = cs[q::nchunks]
            secs = 0.0
            for c in chunk:
                r = x.bshape(c)[0]
                t = mm_seconds(cal, n, r, n, x.nnz[c], x.sparse[c], x.nnz[c], x.sparse[c])
                secs += t if x.sparse[c] else t * cal.syrk_factor
            secs += (len(chunk) - 1) * add_seconds(cal, 1, nbytes)
            level.append(
                plan.add(
                    (plan.name, "p", w, q),
                    T.tsmm_sum,
                    [R(x.keys[c]) for c in chunk],
                    worker=w,
                    nbytes=nbytes,
                    seconds=secs,
                    sparse=sparse,
                    nnz=z_out,
                )
            )
    # Binary tree: same-worker pairs first (level is grouped by worker), so only one
    # partial per worker crosses the network on the way to the root.
    depth = 0
    while len(level) > 1:
        nxt: list[R] = []
        for p in range(0, len(level) - 1, 2):
            x0, x1 = level[p], level[p + 1]
            nxt.append(
                plan.add(
                    (plan.name, "t", depth, p),
                    T.add_all,
                    x0,
                    x1,
                    worker=plan.worker_of(x0.key),
                    nbytes=nbytes,
                    seconds=add_seconds(cal, 2, nbytes),
                    sparse=sparse,
                    nnz=z_out,
                )
            )
        if len(level) % 2:
            nxt.append(level[-1])
        level = nxt
        depth += 1
    plan.output((0, 0), level[0])
    return plan

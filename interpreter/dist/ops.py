"""Distributed non-matmul operators: element-wise, aggregates, transpose, re-gridding.

Same scheme as matmul.py: a planner over layouts, one pinned graph per operator.
* element-wise binary, map-side: one side blocked, the other a scalar, a broadcast
  row/column vector, or a 1x1 (used as a scalar); a local matrix of the full shape is
  scattered straight onto the blocked side's homes, so joining it moves nothing;
* element-wise binary by block join: both blocked (a vector side joins its block row /
  column to every block); a differing grid is re-blocked onto the other side's grid and
  homes first;
* element-wise unary: per block, where it lives;
* aggregates (sum, min, max, mean, sumsq; row / col / all): each worker reduces its blocks
  (map-side combine), then the partials are combined on one holder (a tree over workers);
* transpose: transpose each block where it lives and swap the grid coordinates;
* cbind / rbind / slice / reblock: one re-gridding planner; an output block that is
  exactly a source block is passed through with no task, others are assembled from
  slices on the worker that already holds most of their bytes.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import scipy.sparse as sp

from amls.interpreter.kernels import blocks as T
from amls.interpreter.dist.blocked import (
    BlockedMatrix,
    distribute,
    submit,
    submit_graph,
    wait_futures,
)
from amls.lowering.cost.blocks import (
    Coord,
    DistError,
    Key,
    Layout,
    coords,
    grid_of,
    is_sparse_density,
    span,
    value_bytes,
)
from amls.interpreter.dist.matmul import local_operand
from amls.lowering.cost.matmul import Balancer, LocalOperand, add_seconds
from amls.lowering.cost.plan import DEFAULT_CALIBRATION, Calibration, Plan, R
from amls.interpreter.kernels.matrix import _as_mat, _broadcast_shape, _is_scalar

REDUCE_KINDS = ("sum", "min", "max", "mean", "sumsq")


def _ew_meta(
    name: str, full_sparse: bool, other: Any, nnz: float, r: int, c: int
) -> tuple[float, bool]:
    """(nnz, sparse) estimate of an element-wise result block (only costs depend on it)."""
    f = T.BINARY_BY_NAME.get(name) or T.UNARY_BY_NAME[name]
    with np.errstate(all="ignore"):
        if other is None:
            zero = float(np.asarray(f(np.zeros(1)))[0]) == 0.0
        elif isinstance(other, float):
            zero = float(np.asarray(f(np.zeros(1), np.full(1, other)))[0]) == 0.0
        else:
            zero = name in ("mul", "and")
    if full_sparse and zero:
        return nnz, True
    return float(r * c), False


# ---------------------------------------------------------------------------
# Element-wise.


def plan_ew_binary(
    name: str,
    x: Layout | LocalOperand | float,
    y: Layout | LocalOperand | float,
    cal: Calibration = DEFAULT_CALIBRATION,
) -> Plan:
    """x (op) y with at least one blocked side; local sides are scalars or vectors."""
    if name not in T.BINARY_BY_NAME:
        raise DistError(f"unknown element-wise op '{name}'")
    shp = {id(v): (None if isinstance(v, float) else v.shape) for v in (x, y)}
    try:
        out = _broadcast_shape(shp[id(x)], shp[id(y)])
    except Exception as e:
        raise DistError(str(e)) from e
    lays = [v for v in (x, y) if isinstance(v, Layout)]
    if not lays:
        raise DistError("element-wise: no blocked operand")
    full = [v for v in lays if v.shape == out] or lays
    main = full[0]
    bs = main.block_size
    if any(v.block_size != bs for v in lays):
        raise DistError("element-wise: operands on different block sizes (reblock first)")
    plan = Plan(f"ew_{name}", out, bs, cal)
    for v in lays:
        plan.add_layout(v)
    workers = main.workers()
    local_ref: dict[int, R] = {}
    for v in (x, y):
        if isinstance(v, LocalOperand):
            local_ref[id(v)] = plan.broadcast(
                (plan.name, "bcast", len(local_ref)), v.nbytes, workers, v.value
            )

    def pick(v: Layout, i: int, j: int) -> Coord:
        return (i if v.shape[0] == out[0] else 0, j if v.shape[1] == out[1] else 0)

    for i, j in coords(grid_of(out, bs)):
        r0, r1 = span(i, out[0], bs)
        c0, c1 = span(j, out[1], bs)
        args: list[Any] = []
        home, hb = None, -1
        for v in (x, y):
            if isinstance(v, Layout):
                c = pick(v, i, j)
                args.append(R(v.keys[c]))
                if v.shape == out and v.nbytes[c] > hb:  # run where most bytes already are
                    home, hb = v.placement[c], v.nbytes[c]
            else:
                args.append(v)
        if home is None:
            home = main.placement[pick(main, i, j)]
        mc = pick(main, i, j)
        other = y if main is x else x
        z, sparse = _ew_meta(
            name,
            main.sparse[mc],
            other if isinstance(other, float) else "m",
            main.nnz[mc],
            r1 - r0,
            c1 - c0,
        )
        nbytes = value_bytes(r1 - r0, c1 - c0, z, sparse)
        secs = add_seconds(cal, 2, nbytes)
        local = [v for v in (x, y) if isinstance(v, LocalOperand)]
        if local:
            vec = local[0]
            vec_left = vec is x
            spec = [
                r0 if vec.shape[0] == out[0] else 0,
                r1 if vec.shape[0] == out[0] else 1,
                c0 if vec.shape[1] == out[1] else 0,
                c1 if vec.shape[1] == out[1] else 1,
            ]
            bref = local_ref[id(vec)]
            a0, a1 = (bref, args[1]) if vec_left else (args[0], bref)
            ref = plan.add(
                (plan.name, i, j),
                T.ew_binary_bcast,
                name,
                a0,
                a1,
                vec_left,
                spec,
                worker=home,
                nbytes=nbytes,
                seconds=secs,
                sparse=sparse,
                nnz=z,
            )
        else:
            ref = plan.add(
                (plan.name, i, j),
                T.ew_binary,
                name,
                args[0],
                args[1],
                worker=home,
                nbytes=nbytes,
                seconds=secs,
                sparse=sparse,
                nnz=z,
            )
        plan.output((i, j), ref)
    return plan


def ew_binary(
    name: str, x: Any, y: Any, *, calibration: Calibration = DEFAULT_CALIBRATION
) -> BlockedMatrix:
    """x (op) y, op a matrix-dialect binary name (add, sub, mul, div, pow, min, max, mod,
    eq, ne, lt, le, gt, ge, and, or); at least one side is a BlockedMatrix."""
    blocked = [v for v in (x, y) if isinstance(v, BlockedMatrix)]
    if not blocked:
        raise DistError("ew_binary needs at least one BlockedMatrix operand")
    ref = max(blocked, key=lambda b: b.shape[0] * b.shape[1])
    client = ref.client

    def prep(v: Any) -> Any:
        if isinstance(v, BlockedMatrix):
            if v.block_size != ref.block_size:
                place = ref.placement if v.shape == ref.shape else None
                return reblock(v, ref.block_size, placement=place)
            return v
        if _is_scalar(v):
            return float(v)
        a = _as_mat(v)
        if a.shape == (1, 1):
            return float(a.toarray()[0, 0]) if sp.issparse(a) else float(a[0, 0])
        try:
            out_shape = _broadcast_shape(a.shape, ref.shape)
        except Exception as e:
            raise DistError(str(e)) from e
        if a.shape != out_shape:
            return local_operand(a)  # a vector broadcast to every worker
        # A full-size local matrix: scatter its blocks straight onto the other side's
        # homes, so the join moves nothing between workers.
        if a.shape == ref.shape:
            return distribute(client, a, ref.block_size, placement=ref.placement)
        return distribute(client, a, ref.block_size, workers=ref.workers())

    px, py = prep(x), prep(y)
    lay = {id(v): v.layout() for v in (px, py) if isinstance(v, BlockedMatrix)}

    def meta(v: Any) -> Any:
        return lay[id(v)] if isinstance(v, BlockedMatrix) else v

    plan = plan_ew_binary(name, meta(px), meta(py), calibration)
    ins: dict[Key, Any] = {}
    for v in (px, py):
        if isinstance(v, BlockedMatrix):
            ins.update({f.key: f for f in v.futures.values()})
    return submit(client, plan, ins)


def plan_ew_unary(name: str, x: Layout, cal: Calibration = DEFAULT_CALIBRATION) -> Plan:
    if name not in T.UNARY_BY_NAME:
        raise DistError(f"unknown element-wise unary op '{name}'")
    plan = Plan(f"ew_{name}", x.shape, x.block_size, cal)
    plan.add_layout(x)
    for c in coords(x.grid):
        r, cc = x.bshape(c)
        z, sparse = _ew_meta(name, x.sparse[c], None, x.nnz[c], r, cc)
        nbytes = value_bytes(r, cc, z, sparse)
        ref = plan.add(
            (plan.name, *c),
            T.ew_unary,
            name,
            R(x.keys[c]),
            worker=x.placement[c],
            nbytes=nbytes,
            seconds=add_seconds(cal, 1, nbytes),
            sparse=sparse,
            nnz=z,
        )
        plan.output(c, ref)
    return plan


def ew_unary(
    name: str, x: BlockedMatrix, *, calibration: Calibration = DEFAULT_CALIBRATION
) -> BlockedMatrix:
    """A matrix-dialect unary op (neg, exp, log, sqrt, abs, sign, round, floor, ceil,
    sigmoid, not) on every block."""
    plan = plan_ew_unary(name, x.layout(), calibration)
    return submit(x.client, plan, {f.key: f for f in x.futures.values()})


# ---------------------------------------------------------------------------
# Aggregates.


def plan_aggregate(kind: str, axis: str, x: Layout, cal: Calibration = DEFAULT_CALIBRATION) -> Plan:
    if kind not in REDUCE_KINDS:
        raise DistError(f"distributed reduce supports {', '.join(REDUCE_KINDS)}, not '{kind}'")
    m, n = x.shape
    gi, gj = x.grid
    if axis == "all":
        out_shape, groups = (1, 1), {(0, 0): coords(x.grid)}
        count = m * n
    elif axis == "row":
        out_shape = (m, 1)
        groups = {(i, 0): [(i, j) for j in range(gj)] for i in range(gi)}
        count = n
    elif axis == "col":
        out_shape = (1, n)
        groups = {(0, j): [(i, j) for i in range(gi)] for j in range(gj)}
        count = m
    else:
        raise DistError(f"unknown reduce axis '{axis}' (all, row, col)")
    divide = count if kind == "mean" else None
    plan = Plan(f"reduce_{kind}_{axis}", out_shape, x.block_size, cal)
    plan.add_layout(x)
    bal = Balancer(x.workers())
    for oc, cs in groups.items():
        by_w: dict[str, list[Coord]] = {}
        for c in cs:
            by_w.setdefault(x.placement[c], []).append(c)
        if axis == "all":
            nbytes = 8
        else:
            rr, cc = x.bshape(cs[0])
            nbytes = 8 * (rr if axis == "row" else cc)
        last = len(by_w) == 1
        parts: list[R] = []
        for w in sorted(by_w):
            blk = by_w[w]
            secs = sum(add_seconds(cal, 0, x.nbytes[c]) for c in blk)
            key = (plan.name, *oc) if last else (plan.name, "p", *oc, w)
            parts.append(
                plan.add(
                    key,
                    T.reduce_blocks,
                    kind,
                    axis,
                    divide if last else None,
                    [R(x.keys[c]) for c in blk],
                    worker=w,
                    nbytes=nbytes,
                    seconds=secs,
                    nnz=nbytes / 8,
                )
            )
        if last:
            bal.pick([plan.worker_of(parts[0].key)], nbytes)
            plan.output(oc, parts[0])
            continue
        target = bal.pick(sorted({plan.worker_of(p.key) for p in parts}), nbytes)
        ref = plan.add(
            (plan.name, *oc),
            T.combine,
            kind,
            divide,
            *parts,
            worker=target,
            nbytes=nbytes,
            seconds=add_seconds(cal, len(parts), nbytes),
            nnz=nbytes / 8,
        )
        plan.output(oc, ref)
    return plan


def aggregate(
    kind: str,
    axis: str,
    x: BlockedMatrix,
    *,
    calibration: Calibration = DEFAULT_CALIBRATION,
    timeout: float | None = None,
) -> Any:
    """reduce kind over axis: a float for axis="all" (waited for), else a BlockedMatrix
    (R x 1 for row, 1 x C for col), dense as the local kernel's result."""
    plan = plan_aggregate(kind, axis, x.layout(), calibration)
    ins = {f.key: f for f in x.futures.values()}
    if axis == "all":
        futs, _keep = submit_graph(x.client, plan, ins)
        fut = futs[(0, 0)]
        wait_futures(x.client, [fut], plan.load.keys(), timeout, f"reduce {kind}")
        return float(fut.result())
    return submit(x.client, plan, ins)


# ---------------------------------------------------------------------------
# Transpose.


def plan_transpose(x: Layout, cal: Calibration = DEFAULT_CALIBRATION) -> Plan:
    m, n = x.shape
    plan = Plan("transpose", (n, m), x.block_size, cal)
    plan.add_layout(x)
    for i, j in coords(x.grid):
        c = (i, j)
        # A dense transpose is a view (free); a CSR one rebuilds the arrays.
        secs = add_seconds(cal, 0, x.nbytes[c]) if x.sparse[c] else cal.call_overhead
        ref = plan.add(
            (plan.name, j, i),
            T.transpose_block,
            R(x.keys[c]),
            worker=x.placement[c],
            nbytes=x.nbytes[c],
            seconds=secs,
            sparse=x.sparse[c],
            nnz=x.nnz[c],
        )
        plan.output((j, i), ref)
    return plan


def transpose(x: BlockedMatrix, *, calibration: Calibration = DEFAULT_CALIBRATION) -> BlockedMatrix:
    """t(X): each block transposed where it lives; no data moves."""
    plan = plan_transpose(x.layout(), calibration)
    return submit(x.client, plan, {f.key: f for f in x.futures.values()})


# ---------------------------------------------------------------------------
# Re-gridding: cbind, rbind, slice, reblock.


def plan_regrid(
    out_shape: tuple[int, int],
    block_size: int,
    sources: list[tuple[Layout, int, int]],
    method: str,
    cal: Calibration = DEFAULT_CALIBRATION,
    placement: dict[Coord, str] | None = None,
) -> Plan:
    """Output blocks of `out_shape` on `block_size`, each from the source blocks it
    overlaps; source s covers rows [ro, ro+m) x cols [co, co+n) of the output
    (negative offsets select a window: slicing)."""
    plan = Plan(method, out_shape, block_size, cal)
    workers: set[str] = set()
    for lay, _, _ in sources:
        plan.add_layout(lay)
        workers |= set(lay.workers())
    bal = Balancer(sorted(workers))
    m, n = out_shape
    for p, q in coords(grid_of(out_shape, block_size)):
        R0, R1 = span(p, m, block_size)
        C0, C1 = span(q, n, block_size)
        pieces: list[list[Any]] = []
        held: dict[str, int] = {}
        z, all_sparse, exact = 0.0, True, None
        for lay, ro, co in sources:
            sm, sn = lay.shape
            sbs = lay.block_size
            g0, g1 = max(R0, ro), min(R1, ro + sm)
            h0, h1 = max(C0, co), min(C1, co + sn)
            if g0 >= g1 or h0 >= h1:
                continue
            for i in range((g0 - ro) // sbs, (g1 - ro - 1) // sbs + 1):
                for j in range((h0 - co) // sbs, (h1 - co - 1) // sbs + 1):
                    b0, b1 = span(i, sm, sbs)
                    e0, e1 = span(j, sn, sbs)
                    lr0, lr1 = max(g0 - ro, b0) - b0, min(g1 - ro, b1) - b0
                    lc0, lc1 = max(h0 - co, e0) - e0, min(h1 - co, e1) - e0
                    frac = (lr1 - lr0) * (lc1 - lc0) / max(1, (b1 - b0) * (e1 - e0))
                    c = (i, j)
                    whole = (lr0, lr1, lc0, lc1) == (0, b1 - b0, 0, e1 - e0)
                    if whole and (b0 + ro, b1 + ro, e0 + co, e1 + co) == (R0, R1, C0, C1):
                        exact = (lay, c)
                    pieces.append(
                        [R(lay.keys[c]), lr0, lr1, lc0, lc1, b0 + lr0 + ro - R0, e0 + lc0 + co - C0]
                    )
                    held[lay.placement[c]] = held.get(lay.placement[c], 0) + int(
                        lay.nbytes[c] * frac
                    )
                    z += lay.nnz[c] * frac
                    all_sparse = all_sparse and lay.sparse[c]
        r, cc = R1 - R0, C1 - C0
        want = placement.get((p, q)) if placement else None
        if exact is not None and len(pieces) == 1:
            lay, c = exact
            if want is None or want == lay.placement[c]:
                bal.pick([lay.placement[c]], lay.nbytes[c])
                plan.output((p, q), R(lay.keys[c]))  # pass the block through: no task
                continue
        sparse = all_sparse and bool(pieces) and is_sparse_density(z, r, cc)
        nbytes = value_bytes(r, cc, z, sparse)
        if want is None:
            top = max(held.values(), default=0)
            cands = sorted(w for w, b in held.items() if b == top) or sorted(workers)
            want = bal.pick(cands, nbytes)
        ref = plan.add(
            (plan.name, p, q),
            T.assemble,
            [r, cc],
            pieces,
            worker=want,
            nbytes=nbytes,
            seconds=add_seconds(cal, 1, nbytes),
            sparse=sparse,
            nnz=z,
        )
        plan.output((p, q), ref)
    return plan


def _run_regrid(
    out_shape: tuple[int, int],
    block_size: int,
    sources: list[tuple[BlockedMatrix, int, int]],
    method: str,
    calibration: Calibration,
    placement: dict[Coord, str] | None = None,
) -> BlockedMatrix:
    plan = plan_regrid(
        out_shape,
        block_size,
        [(s.layout(), ro, co) for s, ro, co in sources],
        method,
        calibration,
        placement,
    )
    ins: dict[Key, Any] = {}
    for s, _, _ in sources:
        ins.update({f.key: f for f in s.futures.values()})
    return submit(sources[0][0].client, plan, ins)


def _bind(mats: list[BlockedMatrix], axis: int, cal: Calibration) -> BlockedMatrix:
    name = "cbind" if axis == 1 else "rbind"
    if len(mats) < 2:
        raise DistError(f"{name} needs at least two operands")
    keep = 1 - axis
    if any(x.shape[keep] != mats[0].shape[keep] for x in mats):
        raise DistError(
            f"{name} operands have different {'rows' if keep == 0 else 'cols'}: "
            + ", ".join(f"{x.shape[0]}x{x.shape[1]}" for x in mats)
        )
    sources: list[tuple[BlockedMatrix, int, int]] = []
    off = 0
    for x in mats:
        sources.append((x, 0, off) if axis == 1 else (x, off, 0))
        off += x.shape[axis]
    shape = (mats[0].shape[0], off) if axis == 1 else (off, mats[0].shape[1])
    return _run_regrid(shape, mats[0].block_size, sources, name, cal)


def cbind(*mats: BlockedMatrix, calibration: Calibration = DEFAULT_CALIBRATION) -> BlockedMatrix:
    """Columns side by side, re-gridded on the first operand's block size."""
    return _bind(list(mats), 1, calibration)


def rbind(*mats: BlockedMatrix, calibration: Calibration = DEFAULT_CALIBRATION) -> BlockedMatrix:
    """Rows stacked, re-gridded on the first operand's block size."""
    return _bind(list(mats), 0, calibration)


def slice_(
    x: BlockedMatrix,
    r0: int,
    r1: int,
    c0: int,
    c1: int,
    *,
    calibration: Calibration = DEFAULT_CALIBRATION,
) -> BlockedMatrix:
    """X[r0:r1, c0:c1] (0-based, half-open): the overlapping blocks, trimmed."""
    m, n = x.shape
    if not (0 <= r0 <= r1 <= m and 0 <= c0 <= c1 <= n):
        raise DistError(
            f"slice [{r0}:{r1}, {c0}:{c1}] is out of range or reversed for a {m}x{n} matrix"
        )
    return _run_regrid((r1 - r0, c1 - c0), x.block_size, [(x, -r0, -c0)], "slice", calibration)


def reblock(
    x: BlockedMatrix,
    block_size: int,
    *,
    placement: dict[Coord, str] | None = None,
    calibration: Calibration = DEFAULT_CALIBRATION,
) -> BlockedMatrix:
    """The same matrix on another block size (and optionally given homes)."""
    if block_size == x.block_size and placement is None:
        return x
    return _run_regrid(x.shape, block_size, [(x, 0, 0)], "reblock", calibration, placement)

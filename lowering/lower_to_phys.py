"""`lower-to-phys`: operator selection. Every matrix op becomes its phys twin (or a fused
operator), with an execution type from its memory estimate and, for matmul, a method.

- exec type: the op's worst-case memory (inputs + intermediates + output, the numbers
  --explain prints) against the local budget; over it -> dist when the runtime has a
  distributed implementation; unknown -> dist, and the function is marked for
  recompilation at run time (`phys.recompile`).
- local fused ops (lowering/fusion.py) where their pattern matches and the root runs
  locally; dist tsmm when the output is one block.
- dist matmul: the placement-aware cost model of the Dask runtime
  (amls.lowering.cost.predict.choose_matmul) over mapmm_left / mapmm_right (small side within
  the broadcast budget), cpmm and rmm; cpmm when a size is unknown.
- data movement is inserted right before each consumer (distribute, broadcast, collect);
  phys-opt then shares, hoists and cancels it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import func
from xdsl.dialects.builtin import IntegerAttr, ModuleOp, StringAttr, UnitAttr, i64
from xdsl.ir import Attribute, Block, Operation, SSAValue
from xdsl.passes import ModulePass
from xdsl.rewriter import InsertPoint, Rewriter

from amls.dialects import matrix as mx
from amls.dialects import phys
from amls.dialects.matrix import MatrixLikeType, MatrixOp
from amls.lowering import RECOMPILE_ATTR
from amls.lowering.budget import DECISION_ATTR, Budgets, Decision
from amls.lowering.fusion import FUSED_RULES, Match
from amls.passes import at_least, byte_size, one_of
from amls.passes.sizes.analysis import SizeAnalysis, analyze_module
from amls.passes.sizes.facts import MatFacts
from amls.passes.sizes.memory import op_memory, output_bytes

DIST_REDUCE_KINDS = ("sum", "min", "max", "mean", "sumsq")
FOLLOW_PLACEMENT = (mx.CastOp, mx.NrowOp, mx.NcolOp, mx.NnzOp)
"""Ops that run where their operand lives (no data, or metadata only)."""
GENERATORS = (mx.RandOp, mx.FillOp, mx.SeqOp)


def dist_capable(op: Operation) -> bool:
    if type(op) not in phys.DIST_OPS:
        return False
    if isinstance(op, mx.ReduceOp):
        return op.kind.data in DIST_REDUCE_KINDS
    return True


def distribute_seconds(f: MatFacts, block_size: int) -> float:
    """Predicted time to cut a local value into blocks and scatter them (one call)."""
    from amls.lowering.cost.plan import DEFAULT_CALIBRATION as cal

    nbytes = output_bytes(f)[0] or 0
    r, c = f.rows or 1, f.cols or 1
    nblocks = -(-r // block_size) * -(-c // block_size)
    return cal.scatter_overhead + nbytes / cal.driver_bandwidth + nblocks * cal.task_overhead


class Lowering:
    def __init__(
        self,
        budgets: Budgets,
        force_method: str,
        dist: bool,
        analyses: dict[str, SizeAnalysis],
        explain: bool = False,
    ) -> None:
        self.explain = explain
        self.b = budgets
        self.force = force_method
        self.dist = dist
        self.analyses = analyses
        self.rw = Rewriter()
        self.analysis = SizeAnalysis()
        self.unknown = False

    # -- estimates ---------------------------------------------------------------

    def facts(self, v: SSAValue) -> object:
        return self.analysis.get(v)

    def estimate(self, op: Operation, operands: Sequence[SSAValue] | None = None) -> int | None:
        """Memory of op's kernel; `operands`: those of the fused op that replaces op."""
        ins = [self.analysis.get(o) for o in (op.operands if operands is None else operands)]
        if not op.results:
            return sum(s for s in (output_bytes(i)[0] for i in ins) if s is not None)
        out = self.analysis.get(op.results[0])
        in_sizes = [output_bytes(i)[0] for i in ins]
        return op_memory(op, ins, out, in_sizes).total

    def decide(self, op: Operation, operands: Sequence[SSAValue] | None = None) -> Decision:
        if isinstance(op, FOLLOW_PLACEMENT):
            ex = "dist" if phys.is_dist(op.operands[0].type) else "local"
            return Decision(ex, estimate=self.estimate(op), reason="runs where its operand lives")
        est = self.estimate(op, operands)
        if not self.dist:
            return Decision("local", estimate=est, reason="no cluster: local")
        if not dist_capable(op):
            return Decision(
                "local", estimate=est, budget=self.b.local, reason="no dist implementation"
            )
        if est is None:
            self.unknown = True
            return Decision(
                "dist",
                estimate=None,
                budget=self.b.local,
                reason="size unknown at compile time: dist, recompiled at run time",
            )
        ex = "local" if est <= self.b.local else "dist"
        return Decision(ex, estimate=est, budget=self.b.local)

    # -- functions -----------------------------------------------------------------

    def run(self, module: ModuleOp) -> None:
        for fn in list(module.ops):
            if not isinstance(fn, func.FuncOp) or not fn.body.blocks:
                continue
            self.analysis = self.analyses.get(fn.sym_name.data) or SizeAnalysis()
            self.unknown = False
            self.fuse(fn)
            self.lower_block(fn.body.block)
            if self.unknown:
                fn.attributes[RECOMPILE_ATTR] = UnitAttr()

    # -- fused operators -------------------------------------------------------------

    def fuse(self, fn: func.FuncOp) -> None:
        for op in list(fn.walk(reverse=True)):
            if op.parent is None or not isinstance(op, MatrixOp):
                continue
            for rule in FUSED_RULES:
                if not isinstance(op, rule.root):
                    continue
                m = rule.match(op)
                if m is None:
                    continue
                # The fused kernel reads its operands, not the pattern's intermediates
                # (tsmm reads X once, not X and t(X)): its memory is what --explain shows.
                d = self.decide(m.decide_on) if m.decide_on else self.decide(op, m.operands)
                if d.exec == "dist":
                    m = self.dist_fused(op, m, d)
                    if m is None:
                        continue
                d.reason = f"fused {rule.name}: {rule.pattern}" + (
                    f"; {d.reason}" if d.reason else ""
                )
                self.replace_fused(op, m, d)
                break

    def dist_fused(self, op: Operation, m: Match, d: Decision) -> Match | None:
        """Only tsmm has a dist form: left, when t(X)%*%X is one block."""
        if m.op_type is not phys.TsmmOp or m.props.get("side") != "left":
            return None
        x = self.facts(m.operands[0])
        if not isinstance(x, MatFacts) or x.cols is None or x.cols > self.b.block_size:
            return None
        return m

    def replace_fused(self, root: Operation, m: Match, d: Decision) -> None:
        props: dict[str, Attribute] = {k: StringAttr(v) for k, v in m.props.items()}
        props["exec"] = StringAttr(d.exec)
        rtype = root.results[0].type
        if d.exec == "dist":
            rtype = phys.as_dist(rtype)
        new = m.op_type.create(operands=m.operands, result_types=[rtype], properties=props)
        new.location = root.location
        self.copy_facts(root, new)
        self.rw.replace_op(root, new)
        for inner in m.consumed:
            if inner.parent is not None and all(r.first_use is None for r in inner.results):
                self.rw.erase_op(inner)
        self.record(new, d)

    def record(self, new: Operation, d: Decision) -> None:
        """With `explain`, why `new` runs where it does, for amls-opt --explain to print."""
        if self.explain:
            new.attributes[DECISION_ATTR] = StringAttr(d.text())

    def copy_facts(self, old: Operation, new: Operation) -> None:
        for a, b in zip(old.results, new.results, strict=True):
            self.analysis.facts[b] = self.analysis.get(a)

    # -- program order ---------------------------------------------------------------

    def lower_block(self, block: Block) -> None:
        for op in list(block.ops):
            if isinstance(op, phys.PhysOp):  # a fused op from fuse()
                self.place_operands(op, op.exec_type, None)
            elif isinstance(op, MatrixOp) and type(op) in phys.TWINS:
                self.lower_op(op)
            else:
                for i, v in enumerate(op.operands):
                    if phys.is_dist(v.type):
                        op.operands[i] = self.collect(v, op)
                for region in op.regions:
                    for b in region.blocks:
                        self.lower_block(b)

    def lower_op(self, op: MatrixOp) -> None:
        d = self.decide(op)
        method: str | None = None
        if d.exec == "dist" and isinstance(op, mx.MatmulOp):
            method = self.choose_matmul(op, d)
        elif d.exec == "local" and isinstance(op, mx.MatmulOp):
            method = "mm"
        operands = self.place_operands(op, d.exec, method)
        if d.exec == "dist" and isinstance(op, mx.ElementwiseBinaryOp):
            mat_ops = [v for v in operands if isinstance(v.type, MatrixLikeType)]
            method = "join" if all(phys.is_dist(v.type) for v in mat_ops) else "map"
            if any(not isinstance(v.type, MatrixLikeType) for v in operands):
                method = "map"
        twin = phys.TWINS[type(op)]
        props: dict[str, Attribute] = dict(op.properties)
        props["exec"] = StringAttr(d.exec)
        if method is not None:
            props["method"] = StringAttr(method)
            d.method = method
        rtypes = [phys.as_dist(r.type) if d.exec == "dist" else r.type for r in op.results]
        attrs = dict(op.attributes)
        if d.exec == "dist" and isinstance(op, GENERATORS):  # blocks made where they live
            attrs[phys.BLOCK_ATTR] = IntegerAttr(self.b.block_size, i64)
        new = twin.create(
            operands=operands,
            result_types=rtypes,
            properties=props,
            attributes=attrs,
        )
        new.location = op.location
        self.copy_facts(op, new)
        self.rw.replace_op(op, new)
        self.record(new, d)

    # -- matmul method ----------------------------------------------------------------

    def choose_matmul(self, op: mx.MatmulOp, d: Decision) -> str:
        a, b = self.facts(op.lhs), self.facts(op.rhs)
        if self.force in phys.DIST_MM_METHODS:
            d.reason = (d.reason + "; " if d.reason else "") + f"forced {self.force}"
            return self.force
        assert isinstance(a, MatFacts) and isinstance(b, MatFacts)
        if None in (a.rows, a.cols, b.rows, b.cols):
            d.reason = (d.reason + "; " if d.reason else "") + "cpmm: a size is unknown"
            return "cpmm"
        from amls.lowering.cost.predict import choose_matmul

        _, preds = choose_matmul(
            (a.rows, a.cols),  # type: ignore[arg-type]
            (b.rows, b.cols),  # type: ignore[arg-type]
            None if a.nnz is None else float(a.nnz),
            None if b.nnz is None else float(b.nnz),
            block_size=self.b.block_size,
            workers=self.b.workers,
            broadcast_budget=min(self.b.broadcast, self.b.local / 2),
        )
        # The model prices blocked operands; a local operand must first be distributed
        # (mapmm broadcasts its small side itself: that is in its plan already).
        alts: dict[str, tuple[float, int]] = {}
        for m, p in preds.items():
            secs = p.seconds
            for i, (v, f) in enumerate(((op.lhs, a), (op.rhs, b))):
                bcast = (m == "mapmm_left" and i == 0) or (m == "mapmm_right" and i == 1)
                if not bcast and not phys.is_dist(v.type):
                    secs += distribute_seconds(f, self.b.block_size)
            alts[m] = (secs, p.net_bytes)
        d.alternatives = alts
        return min(alts, key=lambda m: (alts[m][0], m))

    # -- data movement -----------------------------------------------------------------

    def place_operands(self, op: Operation, ex: str, method: str | None) -> list[SSAValue]:
        out: list[SSAValue] = []
        for i, v in enumerate(op.operands):
            t = v.type
            if not isinstance(t, MatrixLikeType):
                out.append(v)
                continue
            if ex == "local":
                nv = self.collect(v, op) if phys.is_dist(t) else v
            elif phys.is_dist(t) or phys.is_bcast(t):
                nv = v
            elif self.broadcast_side(op, i, method):
                nv = self.insert(phys.BroadcastOp, v, phys.as_bcast(t), op)
            else:
                nv = self.distribute(v, op)
            if nv is not v and isinstance(op, phys.PhysOp):
                op.operands[i] = nv
            out.append(nv)
        return out

    def broadcast_side(self, op: Operation, i: int, method: str | None) -> bool:
        if method == "mapmm_right":
            return i == 1
        if method == "mapmm_left":
            return i == 0
        if isinstance(op, mx.ElementwiseBinaryOp):
            me = self.facts(op.operands[i])
            out = self.facts(op.results[0])
            if isinstance(me, MatFacts) and isinstance(out, MatFacts):
                full = me.rows == out.rows and me.cols == out.cols and me.rows is not None
                return not full and me.rows is not None and me.cols is not None
        return False

    def insert(
        self, cls: type[Operation], v: SSAValue, t: Attribute, before: Operation, **props: Attribute
    ) -> SSAValue:
        new = cls.create(operands=[v], result_types=[t], properties=props)
        new.location = before.location
        self.rw.insert_op(new, InsertPoint.before(before))
        self.analysis.facts[new.results[0]] = self.analysis.get(v)
        return new.results[0]

    def distribute(self, v: SSAValue, before: Operation) -> SSAValue:
        return self.insert(
            phys.DistributeOp,
            v,
            phys.as_dist(v.type),
            before,
            block=IntegerAttr(self.b.block_size, i64),
        )

    def collect(self, v: SSAValue, before: Operation) -> SSAValue:
        return self.insert(phys.CollectOp, v, phys.as_local(v.type), before)


@dataclass(frozen=True)
class LowerToPhysPass(ModulePass):
    """Options: memory-budget (bytes; -1 = 70% of this machine's memory), broadcast-budget
    (bytes; -1 = 30% of a worker's memory), workers (0 = cores), worker-memory (bytes; -1 =
    memory / workers), block-size, force-method (a dist matmul method, for tests),
    dist (false: everything local, as with no cluster)."""

    name = "lower-to-phys"

    # Byte counts: an int, a float or a string with a unit (`memory-budget=1.5MB`, `2GiB`), as
    # amls-run takes (passes.parse_bytes).
    memory_budget: int | float | str = -1
    """Bytes an op may use locally; over it the op runs dist (-1: 70% of this machine's
    memory)."""
    broadcast_budget: int | float | str = -1
    """Bytes of the largest operand a mapmm may broadcast to every worker (-1: 30% of a
    worker's memory)."""
    workers: int = 0
    """Workers the cost model plans for (0: this machine's cores)."""
    worker_memory: int | float | str = -1
    """Bytes of memory per worker (-1: this machine's memory / workers)."""
    block_size: int = 1000
    """Rows and columns of a block of a distributed matrix."""
    force_method: str = ""
    """Use this method for every dist matmul (for tests; '': the cost model chooses)."""
    dist: bool = True
    """false: everything local, as with no cluster."""
    explain: bool = False
    """Record each decision on its op (DECISION_ATTR), for amls-opt --explain; off, the
    printed IR carries no such attribute."""

    def __post_init__(self) -> None:
        one_of(self, "force_method", ("", *phys.DIST_MM_METHODS))
        at_least(self, "block_size", 1)
        at_least(self, "workers", 0, "0: this machine's cores")
        for budget in ("memory_budget", "broadcast_budget", "worker_memory"):
            byte_size(self, budget, -1, "-1: the default")

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        names = [o.name for o in op.walk()]
        if any(n.startswith("phys.") for n in names) and not any(
            n.startswith("matrix.") for n in names
        ):
            return  # lowered already (a second run, or amls-opt's output): nothing to do
        budgets = Budgets.make(
            memory_budget=None if self.memory_budget < 0 else self.memory_budget,
            broadcast_budget=None if self.broadcast_budget < 0 else self.broadcast_budget,
            workers=self.workers or None,
            worker_memory=None if self.worker_memory < 0 else self.worker_memory,
            block_size=self.block_size,
        )
        Lowering(budgets, self.force_method, self.dist, analyze_module(op), self.explain).run(op)

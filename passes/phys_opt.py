"""`phys-opt`: clean up the data flow lower-to-phys leaves (one conversion per consumer), and
lay out loop-invariant matrices for the products that read them.

1. cancel: collect(distribute(x)) -> x, distribute(collect(d)) -> d.
2. hoist: distribute / broadcast / collect of a value defined outside a loop move
   before the loop (a loop-invariant input is partitioned or broadcast once, not per
   iteration), and equal conversions of one value in one block merge into one.
3. collect early: a distributed value read only by collects is collected once, right
   after it is computed.
4. persist: a distributed value read inside a loop and not defined in it is persisted
   before the loop (its blocks stay on the workers) and unpersisted after it when
   nothing later reads it.
5. layout: a tall, narrow local matrix that a loop multiplies with vectors (X %*% v,
   t(X) %*% v, t(v) %*% X) and does not define is stored column-major once, before the
   loop (phys.colmajor; a local cbind's result is written column-major by the cbind
   itself, marked {phys.colmajor}: one copy, not two); those products read it. On this
   layout BLAS's gemv runs 1.5-3.5x faster in both directions (layout rows of
   bench/fused_kernels.py), and the copy costs about five row-major gemv calls, so it is
   made only where the loop runs at least LAYOUT_MIN_PRODUCTS of them (a loop whose trip
   count is unknown counts ASSUMED_TRIPS iterations).
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import arith, scf
from xdsl.dialects.builtin import IntegerAttr, ModuleOp, UnitAttr
from xdsl.ir import Block, BlockArgument, Operation, SSAValue
from xdsl.passes import ModulePass
from xdsl.rewriter import InsertPoint, Rewriter

from amls.dialects import phys
from amls.dialects.phys import COLMAJOR_ATTR
from amls.passes.sizes.memory import machine_memory

CONVERSIONS = (phys.DistributeOp, phys.BroadcastOp, phys.CollectOp)
LOOPS = (scf.ForOp, scf.WhileOp)

LAYOUT_MIN_BYTES = 4 << 20  # a smaller X mostly sits in cache: layout matters little
LAYOUT_MAX_MEMORY_SHARE = 0.1  # the copy lives beside X: at most this share of memory
LAYOUT_MAX_COLS = 512  # wider X: gemv runs as fast on either layout (20000x1000)
LAYOUT_MIN_ROWS_PER_COL = 32
LAYOUT_MIN_PRODUCTS = 10
ASSUMED_TRIPS = 10  # a while loop, or a for loop over sizes known only at run time


def _def_block(v: SSAValue) -> Block | None:
    if isinstance(v, BlockArgument):
        return v.block
    return v.owner.parent_block()  # type: ignore[union-attr]


def _after_def(v: SSAValue) -> InsertPoint:
    if isinstance(v, BlockArgument):
        return InsertPoint.at_start(v.block)
    return InsertPoint.after(v.owner)  # type: ignore[arg-type]


def _key(op: Operation) -> tuple[object, ...]:
    return (type(op), op.operands[0], op.results[0].type, tuple(op.properties.items()))


def _outermost_loop_outside(op: Operation, home: Block | None) -> Operation | None:
    """The outermost loop enclosing `op` that does not enclose `home`."""
    found: Operation | None = None
    cur = op.parent_op()
    while cur is not None and cur.parent_block() is not None:
        if isinstance(cur, LOOPS) and not _encloses(cur, home):
            found = cur
        cur = cur.parent_op()
    return found


def _encloses(op: Operation, block: Block | None) -> bool:
    return block is not None and op.is_ancestor(block)


class PhysOpt:
    def __init__(self) -> None:
        self.rw = Rewriter()
        self.changed = False

    def cancel(self, module: ModuleOp) -> None:
        for op in list(module.walk()):
            if op.parent is None or not isinstance(op, phys.CollectOp | phys.DistributeOp):
                continue
            src = op.operands[0].owner
            pair = phys.DistributeOp if isinstance(op, phys.CollectOp) else phys.CollectOp
            if isinstance(src, pair) and src.operands[0].type == op.results[0].type:
                op.results[0].replace_all_uses_with(src.operands[0])
                self.rw.erase_op(op)
                self.changed = True
        self.erase_dead(module)

    def hoist(self, module: ModuleOp) -> None:
        for op in list(module.walk()):
            if op.parent is None or not isinstance(op, CONVERSIONS):
                continue
            v = op.operands[0]
            loop = _outermost_loop_outside(op, _def_block(v))
            if loop is not None:
                op.detach()
                self.rw.insert_op(op, InsertPoint.before(loop))
                self.changed = True
        self.merge(module)

    def merge(self, module: ModuleOp) -> None:
        """Equal conversions of one value in one block: keep the first."""
        for block in [b for op in module.walk() for r in op.regions for b in r.blocks]:
            seen: dict[tuple[object, ...], Operation] = {}
            for op in list(block.ops):
                if not isinstance(op, CONVERSIONS):
                    continue
                k = _key(op)
                if k in seen:
                    op.results[0].replace_all_uses_with(seen[k].results[0])
                    self.rw.erase_op(op)
                    self.changed = True
                else:
                    seen[k] = op

    def collect_early(self, module: ModuleOp) -> None:
        for op in list(module.walk()):
            if op.parent is None:
                continue
            for r in op.results:
                if not phys.is_dist(r.type):
                    continue
                users = [u.operation for u in r.uses]
                collects = [u for u in users if isinstance(u, phys.CollectOp)]
                if len(collects) < 2 or len(collects) != len(users):
                    continue
                first = collects[0]
                first.detach()
                self.rw.insert_op(first, _after_def(r))
                for c in collects[1:]:
                    c.results[0].replace_all_uses_with(first.results[0])
                    self.rw.erase_op(c)
                self.changed = True

    def persist(self, module: ModuleOp) -> None:
        for loop in [op for op in module.walk() if isinstance(op, LOOPS)]:
            home = loop.parent_block()
            reads: dict[SSAValue, list[Operation]] = {}
            for inner in loop.walk():
                if inner is loop:
                    continue
                for v in inner.operands:
                    if phys.is_dist(v.type) and not _encloses(loop, _def_block(v)):
                        if not isinstance(v.owner, phys.PersistOp):
                            reads.setdefault(v, []).append(inner)
            for v, users in reads.items():
                p = phys.PersistOp.create(operands=[v], result_types=[v.type])
                p.location = loop.location
                self.rw.insert_op(p, InsertPoint.before(loop))
                for u in users:
                    for i, o in enumerate(u.operands):
                        if o is v:
                            u.operands[i] = p.results[0]
                later = [
                    use.operation
                    for use in v.uses
                    if use.operation is not p and not _encloses(loop, use.operation.parent_block())
                ]
                if not later and home is not None:
                    un = phys.UnpersistOp.create(operands=[p.results[0]])
                    un.location = loop.location
                    self.rw.insert_op(un, InsertPoint.after(loop))
                self.changed = True

    def layout(self, module: ModuleOp) -> None:
        groups: dict[tuple[SSAValue, Operation], list[tuple[Operation, int]]] = {}
        for op in module.walk():
            for i in _matvec_operands(op):
                x = op.operands[i]
                loop = _outermost_loop_outside(op, _def_block(x))
                if loop is None or _column_major(x) or not _tall_narrow(x):
                    continue
                groups.setdefault((x, loop), []).append((op, i))
        for (x, loop), uses in groups.items():
            runs = sum(_trips_within(op, loop) for op, _ in uses)
            if runs < LAYOUT_MIN_PRODUCTS:
                continue
            if isinstance(x.owner, phys.CbindOp) and x.owner.exec_type == "local":
                # the cbind writes its result column-major: one copy, not two
                x.owner.attributes[COLMAJOR_ATTR] = UnitAttr()
                self.changed = True
                continue
            cm = phys.ColMajorOp.create(operands=[x], result_types=[x.type])
            cm.location = loop.location
            self.rw.insert_op(cm, InsertPoint.before(loop))
            for op, i in uses:
                op.operands[i] = cm.results[0]
            self.changed = True

    def erase_dead(self, module: ModuleOp) -> None:
        for op in list(module.walk(reverse=True)):
            if (
                op.parent is not None
                and isinstance(op, (*CONVERSIONS, phys.PartitionOp))
                and all(r.first_use is None for r in op.results)
            ):
                self.rw.erase_op(op)


def _column_major(x: SSAValue) -> bool:
    """Whether x is made column-major already (phys.colmajor, or a cbind told to)."""
    owner = x.owner
    return isinstance(owner, phys.ColMajorOp) or (
        isinstance(owner, phys.CbindOp) and COLMAJOR_ATTR in owner.attributes
    )


def _is_vector(v: SSAValue, axis: int) -> bool:
    t = v.type
    return isinstance(t, phys.MatrixType) and (t.cols if axis else t.rows) == 1


def _matvec_operands(op: Operation) -> tuple[int, ...]:
    """Which operand of a local matrix-vector product is the matrix (none: not one)."""
    if isinstance(op, phys.MatmulOp) and op.exec_type == "local":
        if _is_vector(op.operands[1], 1):
            return (0,)
        if _is_vector(op.operands[0], 0):
            return (1,)
    if isinstance(op, phys.TmmOp) and op.exec_type == "local" and _is_vector(op.operands[1], 1):
        return (0,)
    return ()


def _tall_narrow(x: SSAValue) -> bool:
    t = x.type
    if not isinstance(t, phys.MatrixType) or t.rows is None or t.cols is None:
        return False
    return (
        1 < t.cols <= LAYOUT_MAX_COLS
        and t.rows >= LAYOUT_MIN_ROWS_PER_COL * t.cols
        and LAYOUT_MIN_BYTES <= 8 * t.rows * t.cols <= LAYOUT_MAX_MEMORY_SHARE * machine_memory()
    )


def _trips(loop: Operation) -> int:
    """A loop's trip count where its bounds are constants, else ASSUMED_TRIPS."""
    if isinstance(loop, scf.ForOp):
        bounds = []
        for v in (loop.lb, loop.ub, loop.step):
            owner = v.owner
            if not isinstance(owner, arith.ConstantOp) or not isinstance(owner.value, IntegerAttr):
                return ASSUMED_TRIPS
            bounds.append(owner.value.value.data)
        lb, ub, step = bounds
        return max(0, -(-(ub - lb) // step)) if step > 0 else ASSUMED_TRIPS
    return ASSUMED_TRIPS


def _trips_within(op: Operation, outer: Operation) -> int:
    """How often `op` runs per run of the loop `outer` enclosing it."""
    n = 1
    cur: Operation | None = op
    while cur is not None and cur is not outer:
        cur = cur.parent_op()
        if isinstance(cur, LOOPS):
            n *= _trips(cur)
    return n


@dataclass(frozen=True)
class PhysOptPass(ModulePass):
    name = "phys-opt"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        opt = PhysOpt()
        opt.cancel(op)
        opt.hoist(op)
        opt.collect_early(op)
        opt.merge(op)
        opt.persist(op)
        opt.layout(op)
        opt.erase_dead(op)

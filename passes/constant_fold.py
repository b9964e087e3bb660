"""Pass `constant-fold`: evaluate at compile time what the inputs already determine.

- scalar arith/math on constants, with the interpreter's own kernels (so a folded
  value and a run value agree bit for bit);
- nrow / ncol / nnz once the type knows them;
- matrix ops whose inputs are small constants (matrix.constant, fill, seq, seeded
  rand), if the result has at most `max-cells` cells and stays readable as a literal:
  at most `max-literal-cells` cells, or a splat (all cells equal, printed as one value).
  A bigger result is still evaluated, so a full reduction of it (a scalar) folds;
- scf.if on a constant condition becomes the taken branch (branch removal);
- scf.for with zero trips becomes its initial values.
Non-finite results are not folded (they would not print as literals).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np
from xdsl.context import Context
from xdsl.dialects import arith, scf
from xdsl.dialects.builtin import (
    DenseIntOrFPElementsAttr,
    FloatAttr,
    IntegerAttr,
    IntegerType,
    ModuleOp,
    TensorType,
    f64,
)
from xdsl.ir import Operation, SSAValue
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import (
    GreedyRewritePatternApplier,
    PatternRewriter,
    PatternRewriteWalker,
    RewritePattern,
)
from xdsl.rewriter import InsertPoint, Rewriter
from xdsl.traits import ConstantLike, get_effects

from amls.dialects import matrix as mx
from amls.dialects.traits import constant_value
from amls.interpreter.kernels import KERNELS, load_builtin_kernels
from amls.interpreter.kernels import sparse as sp
from amls.passes import at_least, register_pass
from amls.passes.rewrite.build import replace_value

# Generators are already constants: evaluated to feed folding, never replaced.
_GENERATORS = (mx.ConstantOp, mx.FillOp, mx.SeqOp, mx.RandOp)
# Casts change types only; folding one would re-create the cast that keeps types exact.
_NEVER_FOLD = (arith.ConstantOp, mx.CastOp, *_GENERATORS)
_META = {mx.NrowOp: "rows", mx.NcolOp: "cols", mx.NnzOp: "nnz"}


def _pure(op: Operation) -> bool:
    effects = get_effects(op)
    return effects is not None and not effects


class ConstantFolder:
    def __init__(self, max_cells: int, max_literal_cells: int | None = None):
        self.max_cells = max_cells
        self.max_literal_cells = max_cells if max_literal_cells is None else max_literal_cells
        self.kernels = load_builtin_kernels() or KERNELS
        self.cache: dict[SSAValue, Any] = {}

    def value(self, v: SSAValue) -> Any:
        """The compile-time value of v, or None."""
        if v in self.cache:
            return self.cache[v]
        op = v.owner
        out = None
        if isinstance(op, Operation) and op.has_trait(ConstantLike):
            out = constant_value(v)  # a matrix.constant is evaluated below
        if out is None and isinstance(op, _GENERATORS) and _pure(op):
            t = op.results[0].type
            if isinstance(t, mx.MatrixType) and t.cells is not None:  # evaluate: <= max-cells
                out = self.evaluate(op)
        self.cache[v] = out
        return out

    def evaluate(self, op: Operation) -> Any:
        k = self.kernels.get(type(op))
        if k is None:
            return None
        t = op.results[0].type if op.results else None
        if isinstance(t, mx.MatrixType) and t.cells is not None and t.cells > self.max_cells:
            # Known too big to fold: never computed (diag(fill(1, 1000, 1)) would build a
            # 1000x1000 identity, and import scipy.sparse, at compile time for nothing).
            return None
        args = [self.value(v) for v in op.operands]
        if any(a is None for a in args):
            return None
        try:
            with np.errstate(all="ignore"):
                return k(op, tuple(args))
        except Exception:  # a kernel error at run time stays a run-time error
            return None


def _users_still_verify(op: Operation, new_op: Operation) -> bool:
    """Whether every user of op's result still verifies reading the constant `new_op`
    instead (tried outside the rewriter, so a fold left undone is no change).

    A folded index can make a slice provably out of range in a branch that never runs:
    such a fold is left undone, so the error surfaces only if the op runs (as at -O0)."""
    old, new = op.results[0], new_op.results[0]
    if isinstance(old.type, mx.MatrixType) or not old.uses:
        return True  # the verifiers read constant scalars only (bounds, dims)
    users = {u.operation for u in old.uses}
    block = op.parent_block()
    assert block is not None
    block.insert_op_before(new_op, op)
    old.replace_all_uses_with(new)
    try:
        for user in users:
            user.verify(verify_nested_ops=False)
        return True
    except Exception:
        return False
    finally:
        new.replace_all_uses_with(old)
        new_op.detach()


def _cells(value: Any) -> int | None:
    """The number of cells of a matrix value (None for a scalar)."""
    return value.shape[0] * value.shape[1] if hasattr(value, "shape") else None


def _splat(value: Any) -> bool:
    """Whether all cells of a matrix value are equal (it prints as one value)."""
    arr = value.toarray() if sp.issparse(value) else np.asarray(value)
    return arr.size == 0 or bool((arr == arr.flat[0]).all())


def _finite(value: Any) -> bool:
    if isinstance(value, float):
        return math.isfinite(value)
    if isinstance(value, int):
        return -(2**63) <= value < 2**63
    arr = value.toarray() if sp.issparse(value) else value
    if not isinstance(arr, np.ndarray) or arr.dtype.kind not in "fiub":
        return False
    return bool(np.isfinite(arr).all())


def materialize(value: Any, like: SSAValue) -> Operation | None:
    """An op producing `value` with the type of `like` (or a refinement of it)."""
    t = like.type
    if isinstance(t, mx.MatrixType):
        arr = value.toarray() if sp.issparse(value) else np.asarray(value, dtype=np.float64)
        r, c = arr.shape
        attr = DenseIntOrFPElementsAttr.from_list(TensorType(f64, [r, c]), arr.reshape(-1).tolist())
        rt = mx.MatrixType(r, c, int(np.count_nonzero(arr)))
        return mx.ConstantOp.build(properties={"value": attr}, result_types=[rt])
    if t == f64 and isinstance(value, float | int):
        return arith.ConstantOp(FloatAttr(float(value), f64))
    if isinstance(t, IntegerType) and isinstance(value, int | bool | np.integer):
        return arith.ConstantOp(IntegerAttr(int(value), t))
    return None


class FoldPattern(RewritePattern):
    def __init__(self, folder: ConstantFolder):
        self.folder = folder

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if isinstance(op, scf.IfOp):
            self._fold_if(op, rewriter)
            return
        if isinstance(op, scf.ForOp):
            self._fold_zero_trip(op, rewriter)
            return
        if len(op.results) != 1 or op.regions or isinstance(op, _NEVER_FOLD):
            return
        if op.name.startswith("phys."):  # a physical plan is not re-evaluated (dist kernels
            return  # need a cluster; local ones were folded before lowering)
        if type(op) in _META:
            t = op.operands[0].type
            n = getattr(t, _META[type(op)]) if isinstance(t, mx.MatrixType) else None
            if n is not None:
                new = arith.ConstantOp(IntegerAttr(n, op.results[0].type))
                if not _users_still_verify(op, new):
                    return
                rewriter.insert(new, InsertPoint.before(op))
                new.location = op.location
                replace_value(rewriter, op, new.results[0])
            return
        if not _pure(op):
            return
        res = op.results[0]
        value = self.folder.cache.get(res)  # evaluated on an earlier visit, not folded
        if value is None:
            value = self.folder.evaluate(op)
        if value is None or not _finite(value):
            return
        cells = _cells(value)
        if cells is not None and cells > self.folder.max_cells:
            return
        if cells is not None and cells > self.folder.max_literal_cells and not _splat(value):
            # Too big to read as a literal: left as the op, but its value is known, so
            # its users (a full reduction, a slice) still fold.
            self.folder.cache[res] = value
            return
        new_op = materialize(value, op.results[0])
        if new_op is None:
            return
        new_op.location = op.location
        if not _users_still_verify(op, new_op):
            return
        rewriter.insert(new_op, InsertPoint.before(op))
        self.folder.cache[new_op.results[0]] = value
        replace_value(rewriter, op, new_op.results[0])

    def _fold_if(self, op: scf.IfOp, rewriter: PatternRewriter) -> None:
        cond = self.folder.value(op.cond)
        if cond is None:
            return
        region = op.true_region if cond else op.false_region
        if not region.blocks:  # no else branch and false: the if does nothing
            if not op.results:
                rewriter.erase(op)
            return
        block = region.block
        yield_op = block.last_op
        assert isinstance(yield_op, scf.YieldOp)
        values = list(yield_op.operands)
        Rewriter.inline_block(block, InsertPoint.before(op))
        rewriter.erase(yield_op)
        rewriter.replace(op, [], values)

    def _fold_zero_trip(self, op: scf.ForOp, rewriter: PatternRewriter) -> None:
        lb, ub = self.folder.value(op.lb), self.folder.value(op.ub)
        if isinstance(lb, int) and isinstance(ub, int) and lb >= ub:
            rewriter.replace(op, [], list(op.iter_args))


@register_pass
@dataclass(frozen=True)
class ConstantFoldPass(ModulePass):
    name = "constant-fold"

    max_cells: int = 10000
    """Fold a matrix op only when its result has at most this many cells (the bound on
    compile-time evaluation: bigger results are not computed at all)."""
    max_literal_cells: int = 100
    """Fold a matrix op into a literal only when its result has at most this many cells,
    or is a splat (all cells equal: printed as one value). 100 is where xDSL's printer
    turns a dense literal from a list of numbers (a 10x10 is ~2 KB of text) into a hex
    blob (a 100x100 is 160 KB): every folded matrix stays readable in the IR. A bigger
    result is still evaluated (up to max-cells), so its full reductions fold."""

    def __post_init__(self) -> None:
        at_least(self, "max_cells", 0, "0: fold no matrix")
        at_least(self, "max_literal_cells", 0, "0: fold splats only")

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        folder = ConstantFolder(self.max_cells, self.max_literal_cells)
        PatternRewriteWalker(
            GreedyRewritePatternApplier([FoldPattern(folder)]), apply_recursively=True
        ).rewrite_module(op)

"""Writing size facts into types, and the casts that keep MLIR's exact-type rules.

Every refined value gets its type in place; where two types must agree (loop inits
and yields, if yields, call operands, returns) and the facts differ, a `matrix.cast`
is inserted, so the IR stays valid.
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects import func, scf
from xdsl.dialects.builtin import FunctionType
from xdsl.ir import Attribute, Block, Operation, SSAValue
from xdsl.rewriter import InsertPoint, Rewriter

from amls.dialects.matrix import CastOp, MatrixType
from amls.passes.sizes.analysis import SizeAnalysis
from amls.passes.sizes.callgraph import CallGraph
from amls.passes.sizes.facts import MatFacts


def _retype(v: SSAValue, t: Attribute) -> SSAValue:
    return v if v.type == t else Rewriter.replace_value_with_new_type(v, t)


def _cast_operand(
    user: Operation, index: int, t: Attribute, spare: SpareCasts | None = None
) -> None:
    """Make operand `index` of `user` have type t, through a matrix.cast if needed."""
    v = user.operands[index]
    if v.type == t:
        return
    for use in v.uses:  # an earlier cast of v to t in this block serves (what cse would do)
        c = use.operation
        if isinstance(c, CastOp) and c.result.type == t and c.is_before_in_block(user):
            user.operands[index] = c.result
            return
    cast = spare.take(v, t) if spare is not None else None
    if cast is None:
        cast = CastOp.build(operands=[v], result_types=[t])
        cast.location = user.location
    Rewriter.insert_op(cast, InsertPoint.before(user))
    user.operands[index] = cast.result


class SpareCasts:
    """Casts that refinement made identities. They stay where they are (their uses
    read the input) so that agreement can use the same op again where a cast is still
    needed; the unused ones are erased at the end. Re-running the pass then leaves the
    IR as it was, instead of erasing and re-creating (and moving) its casts."""

    def __init__(self) -> None:
        self.casts: dict[tuple[SSAValue, Attribute], list[CastOp]] = {}

    def add(self, cast: CastOp) -> None:
        self.casts.setdefault((cast.input, cast.result.type), []).append(cast)

    def take(self, v: SSAValue, t: Attribute) -> CastOp | None:
        """An unused spare cast of v to t, detached (one before the user is found
        as an existing cast before this is asked)."""
        for cast in self.casts.get((v, t), ()):
            if not cast.result.uses and cast.parent is not None:
                cast.detach()
                return cast
        return None

    def erase(self) -> None:
        for casts in self.casts.values():
            for cast in casts:
                if cast.parent is not None and not cast.result.uses:
                    Rewriter.erase_op(cast)


def refine_types(fn: func.FuncOp, analysis: SizeAnalysis, spare: SpareCasts) -> None:
    """Set every matrix value's type to its facts, then restore exact-type agreement
    (casts made identities are left in `spare` for later agreement to reuse)."""
    facts = analysis.facts

    def refined(v: SSAValue) -> Attribute:
        f = facts.get(v)
        if isinstance(f, MatFacts) and isinstance(v.type, MatrixType):
            return f.to_type()
        return v.type

    casts: list[CastOp] = []
    for op in list(fn.walk()):
        if op is fn:
            continue
        if isinstance(op, CastOp):
            casts.append(op)  # after its input: below
            continue
        for r in list(op.results):
            _retype(r, refined(r))
        for region in op.regions:
            for block in region.blocks:
                for a in list(block.args):
                    _retype(a, refined(a))
    for cast in casts:
        t = refined(cast.result)
        if t == cast.input.type:  # an identity now: uses read the input
            cast.result.replace_all_uses_with(cast.input)
            spare.add(cast)
        else:
            _retype(cast.result, t)
    for op in list(fn.walk()):
        _agree(op, spare)


def _agree(op: Operation, spare: SpareCasts | None = None) -> None:
    """Exact-type rules of scf: inits, yields and results agree with the block args."""
    if isinstance(op, scf.ForOp):
        args = op.body.block.args[1:]
        for i, a in enumerate(args):
            _cast_operand(op, 3 + i, a.type, spare)
            _retype(op.results[i], a.type)
        _cast_terminator(op.body.block, [a.type for a in args], spare)
    elif isinstance(op, scf.WhileOp):
        before, after = op.before_region.block, op.after_region.block
        for i, a in enumerate(before.args):
            _cast_operand(op, i, a.type, spare)
        cond = before.last_op
        assert cond is not None
        for i, a in enumerate(after.args):
            _cast_operand(cond, 1 + i, a.type, spare)
            _retype(op.results[i], a.type)
        _cast_terminator(after, [a.type for a in before.args], spare)
    elif isinstance(op, scf.IfOp):
        types = [r.type for r in op.results]
        for region in op.regions:
            if region.blocks:
                _cast_terminator(region.block, types, spare)


def _cast_terminator(
    block: Block, types: Sequence[Attribute], spare: SpareCasts | None = None
) -> None:
    term = block.last_op
    assert term is not None
    for i, t in enumerate(types):
        _cast_operand(term, i, t, spare)


def _set_outputs(fn: func.FuncOp, outputs: Sequence[Attribute]) -> None:
    fn.function_type = FunctionType.from_lists(list(fn.function_type.inputs.data), list(outputs))


def _returns(fn: func.FuncOp) -> list[func.ReturnOp]:
    return [b.last_op for b in fn.body.blocks if isinstance(b.last_op, func.ReturnOp)]


def agree_signature(fn: func.FuncOp, refine_outputs: bool, spare: SpareCasts | None = None) -> None:
    """Function outputs follow the returned values (or returns are cast to them)."""
    rets = _returns(fn)
    if refine_outputs and len(rets) == 1:
        _set_outputs(fn, [v.type for v in rets[0].operands])
    for ret in rets:
        for i, t in enumerate(fn.function_type.outputs.data):
            _cast_operand(ret, i, t, spare)


def agree_calls(graph: CallGraph, spare: SpareCasts | None = None) -> None:
    """Call operands are cast to the callee's inputs; results take its outputs."""
    for op in [c for calls in graph.calls.values() for c in calls]:
        callee = graph.funcs.get(op.callee.root_reference.data)
        if callee is None:
            continue
        for i, t in enumerate(callee.function_type.inputs.data):
            _cast_operand(op, i, t, spare)
        for r, t in zip(list(op.results), callee.function_type.outputs.data, strict=True):
            _retype(r, t)

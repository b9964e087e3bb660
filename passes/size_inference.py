"""Pass `size-inference`: write the size analysis's exact facts into the types.

Functions are analysed callees first (recursive ones keep their declared
signature), so result sizes flow back to callers. Every refined value gets its
type in place; where MLIR's exact-type rules need two types to agree (loop
inits and yields, if yields, call operands) and the facts differ, a
`matrix.cast` is inserted, so the IR stays valid after the pass.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import func, scf
from xdsl.dialects.builtin import FunctionType, ModuleOp
from xdsl.ir import Attribute, Block, Operation, SSAValue
from xdsl.passes import ModulePass
from xdsl.rewriter import Rewriter

from amls.dialects.matrix import CastOp, MatrixType
from amls.passes import register_pass
from amls.passes.size_analysis import Memo, SizeAnalysis
from amls.passes.sizes import Facts, MatFacts


def calls_in(op: Operation) -> list[func.CallOp]:
    """The func.calls nested in op, in order (a walk that only descends into regions:
    the call graph is rebuilt several times per ipa round)."""
    found: list[func.CallOp] = []

    def visit(o: Operation) -> None:  # pre-order, as Operation.walk
        for region in o.regions:
            for block in region.blocks:
                for inner in block.ops:
                    if isinstance(inner, func.CallOp):
                        found.append(inner)
                    if inner.regions:
                        visit(inner)

    visit(op)
    return found


@dataclass
class CallGraph:
    funcs: dict[str, func.FuncOp]
    callees: dict[str, list[str]]
    recursive: set[str]
    calls: dict[str, list[func.CallOp]]
    """The calls in each function (to any symbol)."""

    @staticmethod
    def build(module: ModuleOp) -> CallGraph:
        funcs = {op.sym_name.data: op for op in module.ops if isinstance(op, func.FuncOp)}
        callees: dict[str, list[str]] = {}
        calls: dict[str, list[func.CallOp]] = {}
        for name, fn in funcs.items():
            calls[name] = calls_in(fn)
            seen = dict.fromkeys(c.callee.root_reference.data for c in calls[name])
            callees[name] = [c for c in seen if c in funcs]
        return CallGraph(funcs, callees, _recursive(callees), calls)

    def sites(self) -> dict[str, list[func.CallOp]]:
        """The calls to each function of the module."""
        sites: dict[str, list[func.CallOp]] = {n: [] for n in self.funcs}
        for calls in self.calls.values():
            for call in calls:
                name = call.callee.root_reference.data
                if name in sites:
                    sites[name].append(call)
        return sites

    def post_order(self) -> list[str]:
        """Callees before callers (deterministic: module order breaks ties)."""
        order: list[str] = []
        state: dict[str, int] = {}

        def visit(n: str) -> None:
            state[n] = 1
            for c in self.callees[n]:
                if c not in state:
                    visit(c)
            state[n] = 2
            order.append(n)

        for n in self.funcs:
            if n not in state:
                visit(n)
        return order


def _recursive(callees: dict[str, list[str]]) -> set[str]:
    """Functions on a call cycle (Tarjan's SCCs)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    result: set[str] = set()
    counter = [0]

    def strong(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in callees[v]:
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            scc = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                scc.append(w)
                if w == v:
                    break
            if len(scc) > 1 or v in callees[v]:
                result.update(scc)

    for v in callees:
        if v not in index:
            strong(v)
    return result


# ---------------------------------------------------------------------------
# Writing facts into types.


def _retype(v: SSAValue, t: Attribute) -> SSAValue:
    return v if v.type == t else Rewriter.replace_value_with_new_type(v, t)


def _cast_operand(user: Operation, index: int, t: Attribute, spare: _Spare | None = None) -> None:
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
    Rewriter.insert_op(cast, _before(user))
    user.operands[index] = cast.result


class _Spare:
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


def _before(op: Operation):  # noqa: ANN202 - xDSL InsertPoint
    from xdsl.rewriter import InsertPoint

    return InsertPoint.before(op)


def refine_types(fn: func.FuncOp, analysis: SizeAnalysis, spare: _Spare) -> None:
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


def _agree(op: Operation, spare: _Spare | None = None) -> None:
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


def _cast_terminator(block: Block, types: Sequence[Attribute], spare: _Spare | None = None) -> None:
    term = block.last_op
    assert term is not None
    for i, t in enumerate(types):
        _cast_operand(term, i, t, spare)


def _set_outputs(fn: func.FuncOp, outputs: Sequence[Attribute]) -> None:
    fn.function_type = FunctionType.from_lists(list(fn.function_type.inputs.data), list(outputs))


def _returns(fn: func.FuncOp) -> list[func.ReturnOp]:
    return [b.last_op for b in fn.body.blocks if isinstance(b.last_op, func.ReturnOp)]


def agree_signature(fn: func.FuncOp, refine_outputs: bool, spare: _Spare | None = None) -> None:
    """Function outputs follow the returned values (or returns are cast to them)."""
    rets = _returns(fn)
    if refine_outputs and len(rets) == 1:
        _set_outputs(fn, [v.type for v in rets[0].operands])
    for ret in rets:
        for i, t in enumerate(fn.function_type.outputs.data):
            _cast_operand(ret, i, t, spare)


def agree_calls(graph: CallGraph, spare: _Spare | None = None) -> None:
    """Call operands are cast to the callee's inputs; results take its outputs."""
    for op in [c for calls in graph.calls.values() for c in calls]:
        callee = graph.funcs.get(op.callee.root_reference.data)
        if callee is None:
            continue
        for i, t in enumerate(callee.function_type.inputs.data):
            _cast_operand(op, i, t, spare)
        for r, t in zip(list(op.results), callee.function_type.outputs.data, strict=True):
            _retype(r, t)


def infer_module(
    module: ModuleOp,
    only: set[str] | None = None,
    previous: dict[str, list[Facts]] | None = None,
    memo: dict[Operation, Memo] | None = None,
) -> dict[str, list[Facts]]:
    """Run size inference on every function; returns each function's result facts.

    Incrementally, with `only` and the `previous` run's summaries: a function
    outside `only` is skipped (its types already hold its facts) unless a callee's
    summary changed in this run, which re-infers it (and so on up the call graph).
    `memo`, kept by the caller from run to run: ops whose operand facts (and refined
    result types) are as last time keep their results' facts (see SizeAnalysis.memo).
    """
    graph = CallGraph.build(module)
    summaries: dict[str, list[Facts]] = {}
    changed: set[str] = set()
    spare = _Spare()

    def summary(call: func.CallOp, args: Sequence[Facts]) -> Sequence[Facts] | None:
        return summaries.get(call.callee.root_reference.data)

    for name in graph.post_order():
        fn = graph.funcs[name]
        if (
            only is not None
            and previous is not None
            and name not in only
            and (name in previous or name in graph.recursive)
            and not any(c in changed for c in graph.callees[name])
        ):
            if name in previous:
                summaries[name] = previous[name]
            continue
        analysis = SizeAnalysis(call_summary=summary, memo=memo)
        ret = analysis.run_function(fn)
        refine_types(fn, analysis, spare)
        agree_signature(fn, refine_outputs=name not in graph.recursive, spare=spare)
        if name not in graph.recursive:
            summaries[name] = ret
        if previous is None or previous.get(name) != summaries.get(name):
            changed.add(name)
    agree_calls(graph, spare)
    spare.erase()
    return summaries


@register_pass
@dataclass(frozen=True)
class SizeInferencePass(ModulePass):
    """Infer dims and nnz bottom-up, through control flow and across calls' results."""

    name = "size-inference"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        infer_module(op)


def analyze_module(module: ModuleOp) -> dict[str, SizeAnalysis]:
    """The size analysis of every function (callees first), without changing the IR."""
    graph = CallGraph.build(module)
    summaries: dict[str, list[Facts]] = {}
    analyses: dict[str, SizeAnalysis] = {}

    def summary(call: func.CallOp, args: Sequence[Facts]) -> Sequence[Facts] | None:
        return summaries.get(call.callee.root_reference.data)

    for name in graph.post_order():
        analysis = SizeAnalysis(call_summary=summary)
        ret = analysis.run_function(graph.funcs[name])
        if name not in graph.recursive:
            summaries[name] = ret
        analyses[name] = analysis
    return analyses

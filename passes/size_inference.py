"""Pass `size-inference`: write the size analysis's exact facts into the types.

Functions are analysed callees first (recursive ones keep their declared
signature), so result sizes flow back to callers; refine.py writes each
function's facts into its types and inserts the casts that keep the IR valid.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation
from xdsl.passes import ModulePass

from amls.dialects.matrix import defer_failures
from amls.passes import register_pass
from amls.passes.sizes.analysis import Memo, SizeAnalysis
from amls.passes.sizes.callgraph import CallGraph
from amls.passes.sizes.facts import Facts
from amls.passes.sizes.refine import SpareCasts, agree_calls, agree_signature, refine_types


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
    spare = SpareCasts()
    called = graph.called()

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
        # An op the refined types prove failing, where it may not run, fails when it runs.
        defer_failures(fn, called)
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

"""The call graph of a module: who calls whom, callees-first order, recursive functions."""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation


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

    def called(self) -> set[str]:
        """The functions some call of the module calls."""
        return {c for cs in self.callees.values() for c in cs}

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

"""Pass `ipa`: inter-procedural size propagation, specialisation, inlining, cleanup.

Each round:
1. size inference over all functions (callees first: result sizes flow back);
2. argument sizes, nnz and constant scalars flow into each callee: in place when
   all its call sites agree, else by cloning it per distinct argument signature
   (at most `max-specializations` clones; the rest keep calling the original);
3. inline functions called once and functions of at most `inline-threshold` ops (not
   those that check the user's claims on their arguments when called, amls.check_claims);
4. drop functions no longer reachable from the entry.
Rounds repeat until nothing changes (checked, unlike the reference whose broken
equality check always runs every round), bounded by `max-rounds`.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import arith, func
from xdsl.dialects.builtin import FunctionType, ModuleOp, StringAttr, SymbolRefAttr
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.passes import ModulePass
from xdsl.rewriter import InsertPoint, Rewriter
from xdsl.traits import ConstantLike

from amls.dialects.matrix import CastOp, MatrixType
from amls.dialects.value_facts import CHECK_CLAIMS_ATTR
from amls.passes import at_least, register_pass
from amls.passes.size_inference import infer_module
from amls.passes.sizes.analysis import Memo
from amls.passes.sizes.callgraph import CallGraph
from amls.passes.sizes.values import carry_into_callees

ArgKey = tuple[Attribute, object]
"""Per argument: its type and, for scalars, its constant value (or None)."""


def actual(v: SSAValue) -> SSAValue:
    """The value behind a chain of matrix.cast (the same runtime value)."""
    while isinstance(v.owner, CastOp):
        v = v.owner.input
    return v


def signature(call: func.CallOp) -> tuple[ArgKey, ...]:
    keys: list[ArgKey] = []
    for v in call.arguments:
        a = actual(v)
        if isinstance(a.type, MatrixType):
            keys.append((a.type, None))
        else:
            keys.append((a.type, ConstantLike.get_constant_value(a)))
    return tuple(keys)


def op_count(fn: func.FuncOp) -> int:
    """Ops that do work: constants and terminators don't count (as the reference)."""
    return sum(
        1
        for op in fn.walk()
        if op is not fn and not isinstance(op, arith.ConstantOp | func.ReturnOp)
    )


@dataclass
class IpaStats:
    rounds: int = 0
    specialised: int = 0
    cloned: int = 0
    inlined: int = 0
    removed: int = 0
    converged: bool = False


class Ipa:
    def __init__(
        self,
        module: ModuleOp,
        entry: str,
        max_specializations: int,
        inline_threshold: int,
    ):
        self.module = module
        self.entry = entry
        self.max_specializations = max_specializations
        self.inline_threshold = inline_threshold
        self.stats = IpaStats()
        self.touched: set[str] = set()
        """Functions changed this round other than by facts: inference must revisit them."""
        self._specialised_keys: dict[str, tuple[ArgKey, ...]] = {}
        self._clones: dict[str, int] = {}

    # -- helpers -------------------------------------------------------------

    def roots(self, graph: CallGraph) -> list[str]:
        if self.entry in graph.funcs:
            return [self.entry]
        return [
            n
            for n, f in graph.funcs.items()
            if f.sym_visibility is None or f.sym_visibility.data != "private"
        ]

    # -- 2. specialisation -----------------------------------------------------

    def specialise(self) -> bool:
        graph = CallGraph.build(self.module)
        sites = graph.sites()
        roots = set(self.roots(graph))
        changed = False
        for name in list(graph.funcs):
            fn = graph.funcs[name]
            calls = sites[name]
            if not calls or name in graph.recursive or not fn.body.blocks:
                continue
            groups: dict[tuple[ArgKey, ...], list[func.CallOp]] = {}
            for call in calls:
                groups.setdefault(signature(call), []).append(call)
            keys = list(groups)
            if len(keys) == 1 and name not in roots:
                if all(self._is_generic(k) for k in keys[0]):
                    continue  # nothing known to pass in: not a specialisation
                if self._specialised_keys.get(name) != keys[0]:
                    self._apply(fn, keys[0], groups[keys[0]])
                    self.touched.add(name)
                    self._specialised_keys[name] = keys[0]
                    self.stats.specialised += 1
                    changed = True
                continue
            # Disagreeing call sites (or a root, whose signature is public): clone.
            for key in keys:
                if all(self._is_generic(k) for k in key):
                    continue  # nothing to propagate for these sites
                if self._clones.get(name, 0) >= self.max_specializations:
                    break  # the bound is per function, over all rounds
                clone = fn.clone()
                clone.sym_name = StringAttr(self._fresh_name(graph, name))
                clone.sym_visibility = StringAttr("private")
                Rewriter.insert_op(clone, InsertPoint.after(fn))
                graph.funcs[clone.sym_name.data] = clone
                self._apply(clone, key, groups[key])
                self._specialised_keys[clone.sym_name.data] = key
                self.touched.add(clone.sym_name.data)
                # Its callers now read the clone's summary, not the original's.
                self.touched.update(_enclosing_function(c) for c in groups[key])
                self._clones[name] = self._clones.get(name, 0) + 1
                self.stats.cloned += 1
                changed = True
        if changed:
            _drop_dead_casts(self.module)  # once per round, not per clone: it walks everything
        return changed

    @staticmethod
    def _is_generic(key: ArgKey) -> bool:
        t, const = key
        if isinstance(t, MatrixType):
            return t.rows is None and t.cols is None and t.nnz is None
        return const is None

    def _fresh_name(self, graph: CallGraph, base: str) -> str:
        i = 1
        while f"{base}_{i}" in graph.funcs:
            i += 1
        return f"{base}_{i}"

    def _apply(self, fn: func.FuncOp, key: Sequence[ArgKey], calls: list[func.CallOp]) -> None:
        """Give fn the argument types/constants of `key` and point `calls` at it."""
        block = fn.body.block
        new_inputs: list[Attribute] = []
        for i, (t, const) in enumerate(key):
            arg = block.args[i]
            if isinstance(t, MatrixType) and arg.type != t:
                Rewriter.replace_value_with_new_type(arg, t)
            new_inputs.append(t if isinstance(t, MatrixType) else arg.type)
            arg = block.args[i]
            if const is not None and arg.uses:
                c = arith.ConstantOp(const, arg.type)  # type: ignore[arg-type]
                Rewriter.insert_op(c, InsertPoint.at_start(block))
                arg.replace_all_uses_with(c.result)
        fn.function_type = FunctionType.from_lists(new_inputs, list(fn.function_type.outputs.data))
        for call in calls:
            call.callee = SymbolRefAttr(fn.sym_name.data)
            for i, v in enumerate(call.arguments):
                a = actual(v)
                if isinstance(a.type, MatrixType) and a.type == new_inputs[i]:
                    call.operands[i] = a

    # -- 3. inlining -------------------------------------------------------------

    def inline(self) -> bool:
        graph = CallGraph.build(self.module)
        sites = graph.sites()
        roots = set(self.roots(graph))
        changed = False
        for name, calls in sites.items():
            fn = graph.funcs[name]
            if not calls or name in graph.recursive or not fn.body.blocks:
                continue
            if len(fn.body.blocks) != 1 or CHECK_CLAIMS_ATTR in fn.attributes:
                continue  # (a function checking the user's claims checks them when called)
            if len(calls) == 1 and name not in roots:
                # Its only call: move the body in (no copy); cleanup drops the husk.
                self.touched.add(_enclosing_function(calls[0]))
                inline_call(calls[0], fn, move=True)
                self.stats.inlined += 1
                changed = True
            elif len(calls) == 1 or op_count(fn) <= self.inline_threshold:
                for call in calls:
                    self.touched.add(_enclosing_function(call))
                    inline_call(call, fn)
                    self.stats.inlined += 1
                    changed = True
        return changed

    # -- 4. cleanup ---------------------------------------------------------------

    def remove_unreachable(self) -> bool:
        graph = CallGraph.build(self.module)
        live: set[str] = set()
        todo = list(self.roots(graph))
        while todo:
            n = todo.pop()
            if n in live:
                continue
            live.add(n)
            todo.extend(graph.callees[n])
        changed = False
        for name, fn in graph.funcs.items():
            if name not in live:
                Rewriter.erase_op(fn)
                self.stats.removed += 1
                changed = True
        return changed

    def run(self, max_rounds: int, incremental: bool = True) -> IpaStats:
        memo: dict[Operation, Memo] | None = {} if incremental else None
        summaries = infer_module(self.module, memo=memo)
        for _ in range(max_rounds):
            self.stats.rounds += 1
            self.touched = set()
            specialised = self.specialise()
            # Inlining does not look at sizes: one inference after both carries the sizes
            # into the callees and the results back out (one pass per round, not two:
            # inference is most of ipa's time on large programs). It revisits only the
            # functions this round touched, and callers whose callees' results changed.
            restructured = self.inline() | self.remove_unreachable()
            if specialised or restructured:
                if incremental:
                    summaries = infer_module(self.module, self.touched, summaries, memo)
                else:
                    summaries = infer_module(self.module)
            if not (specialised or restructured):
                # Nothing changed this round, and inference is deterministic: a fixpoint.
                self.stats.converged = True
                break
        self.carry_value_facts()
        return self.stats

    def carry_value_facts(self) -> None:
        """Value facts of the call sites into each callee's argument attributes (the
        rewrite conditions inside read them there)."""
        graph = CallGraph.build(self.module)
        roots = set(self.roots(graph))
        order = [n for n in reversed(graph.post_order()) if n not in roots]
        order = [n for n in order if n not in graph.recursive]
        carry_into_callees(self.module, order, graph.sites())


def _enclosing_function(op: Operation) -> str:
    fn = op.parent_op()
    while fn is not None and not isinstance(fn, func.FuncOp):
        fn = fn.parent_op()
    assert fn is not None
    return fn.sym_name.data


def _drop_dead_casts(module: ModuleOp) -> None:
    for op in list(module.walk()):
        if isinstance(op, CastOp) and not op.result.uses:
            Rewriter.erase_op(op)


def inline_call(call: func.CallOp, fn: func.FuncOp, move: bool = False) -> None:
    """Replace `call` by a copy of fn's body (by the body itself if `move`: fn is left
    without one, for a function no longer called)."""
    block = fn.body.detach_block(0) if move else fn.body.clone().block
    args: list[SSAValue] = []
    for v, a in zip(call.arguments, block.args, strict=True):
        if v.type != a.type:  # the callee is more generic: forget facts, as the call did
            cast = CastOp.build(operands=[v], result_types=[a.type])
            cast.location = call.location
            Rewriter.insert_op(cast, InsertPoint.before(call))
            v = cast.result
        args.append(v)
    ret = block.last_op
    assert isinstance(ret, func.ReturnOp)
    Rewriter.inline_block(block, InsertPoint.before(call), args)
    results: list[SSAValue] = []
    for v, r in zip(ret.operands, call.results, strict=True):
        if v.type != r.type:
            cast = CastOp.build(operands=[v], result_types=[r.type])
            cast.location = call.location
            Rewriter.insert_op(cast, InsertPoint.before(call))
            v = cast.result
        results.append(v)
    Rewriter.erase_op(ret)
    for r, v in zip(call.results, results, strict=True):
        r.replace_all_uses_with(v)
    Rewriter.erase_op(call)


@register_pass
@dataclass(frozen=True)
class IpaPass(ModulePass):
    """Inter-procedural analysis; options as `ipa{entry=main max-rounds=10 ...}`."""

    name = "ipa"

    entry: str = "main"
    """The root of the call graph (absent: every non-private function is a root)."""
    max_rounds: int = 10
    """At most this many rounds; a warning when they end without a fixpoint."""
    max_specializations: int = 4
    """Specialised clones per function, over all rounds."""
    inline_threshold: int = 10
    """Inline every call of a function of at most this many ops (one called once always)."""
    incremental: bool = True
    """Re-infer only what a round changed (false: the whole module, for checking)."""
    report: bool = False
    """Print the rounds, whether they reached a fixpoint and what changed, on stderr."""

    def __post_init__(self) -> None:
        at_least(self, "max_rounds", 1)
        at_least(self, "max_specializations", 0)
        at_least(self, "inline_threshold", 0)

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        ipa = Ipa(op, self.entry, self.max_specializations, self.inline_threshold)
        stats = ipa.run(self.max_rounds, self.incremental)
        if not stats.converged:
            print(
                f"ipa: warning: no fixpoint after {self.max_rounds} rounds (max-rounds)",
                file=sys.stderr,
            )
        if self.report:
            print(
                f"ipa: {stats.rounds} round(s), fixpoint "
                f"{'reached' if stats.converged else 'NOT reached'}; "
                f"specialised {stats.specialised}, cloned {stats.cloned}, "
                f"inlined {stats.inlined}, removed {stats.removed}",
                file=sys.stderr,
            )

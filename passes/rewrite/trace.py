"""The rewrite trace: which rule fired where, for `amls-opt --rewrite-trace` and tests.

A trace is an explicit object: each rewriting pass (`Traced`) owns one holding what its
last run fired, and whoever ran the passes merges them (`merged`). Nothing outlives a
run: no module-level record accumulates between compilations.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property

from xdsl.ir import Operation

from amls.dialects.locations import file_line_col, format_location


def location(op: Operation) -> str:
    """file:line:col of op, or of the nearest enclosing op that has one."""
    cur: Operation | None = op
    while cur is not None:
        loc = file_line_col(cur.location)
        if loc is not None:
            return format_location(loc)
        cur = cur.parent_op()
    return "unknown"


@dataclass
class RewriteTrace:
    fired: list[tuple[str, str]] = field(default_factory=list)  # (rule, location)
    bound_hit: bool = False
    held: dict[tuple[str, str], str] = field(default_factory=dict)
    """(rule, location) -> why: the rule's pattern matched there, its condition did not
    hold (the last reason seen)."""

    def record(self, rule: str, op: Operation) -> None:
        self.fired.append((rule, location(op)))

    def hold(self, rule: str, op: Operation, why: str) -> None:
        self.held[(rule, location(op))] = why

    def clear(self) -> None:
        self.fired.clear()
        self.held.clear()
        self.bound_hit = False

    def extend(self, other: RewriteTrace) -> None:
        self.fired.extend(other.fired)
        self.held.update(other.held)
        self.bound_hit |= other.bound_hit

    def held_back(self) -> list[tuple[str, str, str]]:
        """(rule, location, why) of rules held back where they never fired."""
        fired = set(self.fired)
        return [(r, loc, why) for (r, loc), why in self.held.items() if (r, loc) not in fired]

    def counts(self) -> Counter[str]:
        return Counter(name for name, _ in self.fired)

    def report(self) -> str:
        lines = [f"rewrite: {name} at {loc}" for name, loc in self.fired]
        lines += [f"rewrite-count: {name} {n}" for name, n in sorted(self.counts().items())]
        lines += [f"held-back: {r} at {loc}: {why}" for r, loc, why in self.held_back()]
        if self.bound_hit:
            lines.append("rewrite: warning: rewrite bound hit before a fixpoint")
        return "\n".join(lines)


class Traced:
    """A pass that keeps the trace of its last run. Not a dataclass field, so not a pass
    option (cached_property writes the instance dict, which a frozen pass allows)."""

    @cached_property
    def trace(self) -> RewriteTrace:
        return RewriteTrace()


def merged(passes: Iterable[object]) -> RewriteTrace:
    """The traces of the passes that keep one, in pipeline order (after the pipeline ran)."""
    out = RewriteTrace()
    for p in passes:
        if isinstance(p, Traced):
            out.extend(p.trace)
    return out

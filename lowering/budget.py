"""Memory budgets and the decisions operator selection records for --explain."""

from __future__ import annotations

import os
from dataclasses import dataclass, field

from amls.passes.sizes.memory import human, machine_memory

LOCAL_BUDGET_SHARE = 0.7
"""Local budget as a share of the machine's memory (SystemDS: 70% of the JVM heap)."""
BROADCAST_SHARE = 0.3
"""Broadcast budget as a share of one worker's memory."""


def default_workers() -> int:
    return max(1, os.cpu_count() or 1)


@dataclass(frozen=True)
class Budgets:
    """What operator selection compares estimates against (bytes)."""

    local: float
    broadcast: float
    workers: int
    worker_memory: float
    block_size: int

    @staticmethod
    def make(
        memory_budget: float | None = None,
        broadcast_budget: float | None = None,
        workers: int | None = None,
        worker_memory: float | None = None,
        block_size: int = 1000,
    ) -> Budgets:
        mem = machine_memory()
        w = workers if workers and workers > 0 else default_workers()
        wm = worker_memory if worker_memory and worker_memory > 0 else mem / w
        local = memory_budget if memory_budget is not None else LOCAL_BUDGET_SHARE * mem
        bc = broadcast_budget if broadcast_budget is not None else BROADCAST_SHARE * wm
        return Budgets(local, bc, w, wm, block_size)


@dataclass
class Decision:
    """Why an op runs where it runs, with the numbers that drove it."""

    exec: str
    method: str | None = None
    estimate: int | None = None
    budget: float | None = None
    reason: str = ""
    alternatives: dict[str, tuple[float, int]] = field(default_factory=dict)
    """method -> (predicted seconds, predicted bytes moved between workers)."""

    def text(self) -> str:
        parts = [f"mem {human(self.estimate)}"]
        if self.budget is not None:
            cmp = "?" if self.estimate is None else ("<=" if self.estimate <= self.budget else ">")
            parts[0] += f" {cmp} budget {human(self.budget)}"
        if self.reason:
            parts.append(self.reason)
        if self.alternatives:
            alts = sorted(self.alternatives.items(), key=lambda kv: kv[1][0])
            parts.append(
                "cost " + ", ".join(f"{m} {s * 1e3:.1f}ms/{human(b)}" for m, (s, b) in alts)
            )
        return "; ".join(parts)


DECISION_ATTR = "phys.decision"
"""Discardable attribute: lower-to-phys{explain=true} records Decision.text() on each op."""

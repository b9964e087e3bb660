"""What --stats reports per phys op: the label ops are grouped by, and per dist op kind
the time and the bytes moved between workers (measured by Dask, predicted by the plans)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from amls.dialects import phys


def op_label(op: Any) -> str:
    """`phys.matmul dist mapmm_right`: the name --stats groups by."""
    if isinstance(op, phys.PhysOp):
        parts = [op.name, *(op.properties[k].data for k in op.KEYWORD_PROPS)]  # type: ignore[attr-defined]
        if op.method_name is not None and "method" not in op.KEYWORD_PROPS:
            parts.append(op.method_name)
        return " ".join(parts)
    return op.name


@dataclass
class DistOpStat:
    count: int = 0
    seconds: float = 0.0
    measured_bytes: int = 0
    predicted_bytes: int = 0

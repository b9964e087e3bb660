"""Memory estimates in bytes: output, intermediate and total per op.

A matrix is held dense (8 bytes a cell) or CSR (8-byte value + 4-byte column
index per non-zero, 4 bytes per row pointer), whichever the runtime would pick:
CSR below SPARSE_THRESHOLD = 0.4 density. CSR costs 12 bytes per non-zero
against 8 per dense cell, so memory alone would switch at 0.67; sparse kernels
run 2-3x slower per non-zero than dense BLAS, which puts the break-even for
time near 0.4, the reference's SPARSITY_TURN_POINT. The estimate uses the
exact nnz when known, else the worst-case bound (memory must be safe), else
dense; unknown dims give None ("unknown"), never 0.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass

from xdsl.ir import Operation

from amls.dialects import matrix as mx
from amls.interpreter.kernels.matrix import SPARSE_THRESHOLD
from amls.passes.sizes.facts import Facts, MatFacts

SCALAR_BYTES = 8


def matrix_bytes(rows: int, cols: int, nnz: float | None) -> tuple[int, str]:
    """(bytes, "dense" | "sparse") of a rows x cols matrix with nnz non-zeros."""
    cells = rows * cols
    dense = 8 * cells
    if nnz is None or cells == 0:
        return dense, "dense"
    sparse = int(12 * nnz + 4 * (rows + 1))
    if nnz < SPARSE_THRESHOLD * cells and sparse < dense:
        return sparse, "sparse"
    return dense, "dense"


def output_bytes(f: Facts) -> tuple[int | None, str]:
    if not isinstance(f, MatFacts):
        return SCALAR_BYTES, "scalar"
    rows = f.rows if f.rows is not None else _int(f.rows_ub)
    cols = f.cols if f.cols is not None else _int(f.cols_ub)
    if rows is None or cols is None:
        return None, "unknown"
    nnz = float(f.nnz) if f.nnz is not None else f.nnz_ub
    return matrix_bytes(rows, cols, nnz)


def _int(x: float | None) -> int | None:
    return None if x is None else int(x)


def intermediate_bytes(op: Operation, ins: Sequence[Facts], out: Facts) -> int | None:
    """Scratch memory an op's kernel needs beyond its inputs and output (a phys twin's is
    its matrix op's: the same kernel)."""
    kind = getattr(type(op), "MATRIX_OP", None) or type(op)
    if issubclass(kind, mx.SolveOp | mx.InvOp):
        a = ins[0]
        if isinstance(a, MatFacts) and a.rows is not None:
            return 8 * a.rows * a.rows  # LU factors of a dense copy
        return None
    if issubclass(kind, mx.UpdateOp | mx.CbindOp | mx.RbindOp):
        return output_bytes(out)[0]  # sparse results are assembled through COO
    return 0


@dataclass(frozen=True)
class MemEstimate:
    output: int | None
    intermediate: int | None
    total: int | None
    format: str


def op_memory(
    op: Operation, ins: Sequence[Facts], out: Facts, in_sizes: Sequence[int | None]
) -> MemEstimate:
    o, fmt = output_bytes(out)
    inter = intermediate_bytes(op, ins, out)
    parts = [*in_sizes, inter, o]
    total = None if any(p is None for p in parts) else sum(parts)  # type: ignore[misc]
    return MemEstimate(o, inter, total, fmt)


def human(n: int | float | None) -> str:
    if n is None:
        return "unknown"
    for unit in ("B", "KB", "MB", "GB", "TB"):
        if abs(n) < 1024 or unit == "TB":
            return f"{n:.0f} {unit}" if unit == "B" else f"{n:.1f} {unit}"
        n /= 1024
    return f"{n} B"


def machine_memory() -> int:
    """Physical memory of this machine in bytes (8 GiB where the OS does not say)."""
    try:
        return int(os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES"))
    except (ValueError, OSError, AttributeError):  # pragma: no cover - non-POSIX
        return 8 << 30

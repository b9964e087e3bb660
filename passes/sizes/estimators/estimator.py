"""The SparsityEstimator interface: leaves (facts, data), `estimate`, and the primitives.

The per-op rules (rules.py) are written against the primitives, so one rule serves
every estimator; metadata.py and mnc.py implement them.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import replace
from typing import Any, ClassVar

from xdsl.ir import Operation

from amls.passes.sizes.estimators.rules import find_rule, result_dims
from amls.passes.sizes.estimators.sketch import Scalar, Sketch, cells_of, shape_nnz
from amls.passes.sizes.facts import MatFacts


class SparsityEstimator(ABC):
    """Estimates nnz of op results from their operands' sketches.

    Subclasses implement the primitives below (dims are taken care of by the
    rules; a primitive may assume its inputs' dims agree). `estimate` raises on
    malformed input; `estimate_function` catches and falls back to the facts.
    """

    name: ClassVar[str] = "?"

    # -- leaves ------------------------------------------------------------

    def from_facts(self, facts: MatFacts) -> Sketch:
        """No data: the exact nnz if known, else the worst-case bound, else unknown."""
        if facts.nnz is not None:
            return Sketch(facts.rows, facts.cols, float(facts.nnz), exact=True)
        return Sketch(facts.rows, facts.cols, facts.nnz_ub)

    def from_data(self, value: Any) -> Sketch:
        """Sketch of an actual matrix (2-D ndarray or scipy sparse)."""
        rows, cols, nnz = shape_nnz(value)
        return Sketch(rows, cols, float(nnz), exact=True)

    def estimate(self, op: Operation, inputs: Sequence[Sketch | int | float | None]) -> Sketch:
        """Sketch of op's (single) result. inputs: one per operand, a Sketch for a
        matrix operand, the constant (or None) for a scalar one."""
        rule = find_rule(type(op))
        out = rule(self, op, list(inputs)) if rule is not None else None
        rows, cols = result_dims(op)
        if out is None:
            return self.dense(rows, cols) if rows is not None and cols is not None else Sketch()
        if out.rows is None and rows is not None or out.cols is None and cols is not None:
            out = replace(out, rows=out.rows if out.rows is not None else rows)
            out = replace(out, cols=out.cols if out.cols is not None else cols)
        return out

    # -- primitives (MetadataEstimator gives the uniform-model versions) ------

    def dense(self, rows: int | None, cols: int | None, exact: bool = False) -> Sketch:
        return Sketch(rows, cols, cells_of(rows, cols), exact=exact)

    def empty(self, rows: int | None, cols: int | None, exact: bool = False) -> Sketch:
        return Sketch(rows, cols, 0.0, exact=exact)

    def uniform(self, rows: int | None, cols: int | None, nnz: float | None) -> Sketch:
        """nnz non-zeros spread uniformly at random."""
        return Sketch(rows, cols, nnz)

    def keep(self, x: Sketch, exact: bool) -> Sketch:
        """Same pattern as x (an op that keeps every non-zero, or keeps as an estimate)."""
        return replace(x, exact=x.exact and exact, counts_exact=x.counts_exact and exact)

    @abstractmethod
    def matmul(self, a: Sketch, b: Sketch) -> Sketch: ...

    @abstractmethod
    def product(self, a: Sketch, b: Sketch) -> Sketch:
        """Non-zero where both are (a*b, a&b); a and b have the same shape."""
        ...

    @abstractmethod
    def union(self, a: Sketch, b: Sketch) -> Sketch:
        """Non-zero where either is (a+b, a|b, max, ...); same shape."""
        ...

    @abstractmethod
    def disjoint_sum(self, a: Sketch, b: Sketch) -> Sketch:
        """Union of patterns known not to overlap; same shape."""
        ...

    @abstractmethod
    def complement(self, x: Sketch) -> Sketch:
        """Non-zero exactly where x is zero (x == 0, !x)."""
        ...

    @abstractmethod
    def broadcast(self, x: Sketch, rows: int | None, cols: int | None) -> Sketch:
        """x stretched to rows x cols (a row/column vector or 1x1 against a matrix)."""
        ...

    @abstractmethod
    def transpose(self, x: Sketch) -> Sketch: ...

    @abstractmethod
    def diag(self, x: Sketch) -> Sketch: ...

    @abstractmethod
    def reshape(self, x: Sketch, rows: int | None, cols: int | None) -> Sketch: ...

    @abstractmethod
    def bind(self, xs: Sequence[Sketch], axis: int) -> Sketch:
        """cbind (axis 1) or rbind (axis 0)."""
        ...

    @abstractmethod
    def slice(self, x: Sketch, r0: Scalar, r1: Scalar, c0: Scalar, c1: Scalar) -> Sketch: ...

    @abstractmethod
    def update(self, a: Sketch, b: Sketch, r0: Scalar, c0: Scalar) -> Sketch:
        """a with b written at (r0, c0)."""
        ...

    @abstractmethod
    def reduce(self, x: Sketch, kind: str, axis: str) -> Sketch:
        """Row (rows x 1), column (1 x cols) or full (1 x 1) aggregate."""
        ...

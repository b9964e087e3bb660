"""Estimates for every matrix value of a function: sketches on the forward dataflow analysis.

The same walk as the size analysis (dataflow.py), with sketches as the lattice:
the larger estimate joins alternatives, a known condition picks its branch, a
loop known to run zero times yields its inits, and a loop body is analysed once,
from the initial sketches (an estimate, not a bound: no fixpoint is needed).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from xdsl.dialects import func
from xdsl.ir import Operation, SSAValue

from amls.dialects import matrix as mx
from amls.passes.sizes.analysis import SizeAnalysis
from amls.passes.sizes.dataflow import ForwardAnalysis
from amls.passes.sizes.estimators.estimator import SparsityEstimator
from amls.passes.sizes.estimators.sketch import Scalar, Sketch, apply_facts, larger
from amls.passes.sizes.facts import MatFacts, ScalarFacts
from amls.passes.sizes.rules import SIZE_RULES

Estimate = Sketch | Scalar
"""A matrix value's sketch, or a scalar's constant (None: unknown)."""


def estimate_function(
    fn: func.FuncOp,
    analysis: SizeAnalysis,
    estimator: SparsityEstimator,
    data: dict[SSAValue, Any] | None = None,
) -> dict[SSAValue, Sketch]:
    """Sketches of every matrix value of fn (after `analysis.run_function(fn)`).

    `data` gives actual values for some SSA values (typically fn's arguments):
    their sketches are built from the data. Exact nnz facts of the analysis
    override estimates; estimates are clamped to `nnz_ub` and rows*cols.
    """
    propagation = EstimatePropagation(analysis, estimator, data or {})
    if fn.body.blocks:
        block = fn.body.block
        propagation.run_block(block, [propagation.initial(a) for a in block.args])
    return propagation.sketches


@dataclass
class EstimatePropagation(ForwardAnalysis[Estimate]):
    analysis: SizeAnalysis
    est: SparsityEstimator
    data: dict[SSAValue, Any]
    sketches: dict[SSAValue, Sketch] = field(default_factory=dict)
    scalars: dict[SSAValue, Scalar] = field(default_factory=dict)
    """Constants the data reveals (nrow(X), ...)."""

    max_loop_rounds = 1

    # -- values ----------------------------------------------------------------

    def facts(self, v: SSAValue) -> MatFacts:
        f = self.analysis.get(v)
        return f if isinstance(f, MatFacts) else MatFacts()

    def scalar(self, v: SSAValue) -> Scalar:
        if v in self.scalars:
            return self.scalars[v]
        if v in self.data:
            d = self.data[v]
            if isinstance(d, np.generic):
                d = d.item()
            return d if isinstance(d, int | float) else None
        f = self.analysis.get(v)
        return f.value if isinstance(f, ScalarFacts) else None

    def sketch(self, v: SSAValue) -> Sketch:
        sk = self.sketches.get(v)
        return sk if sk is not None else self.est.from_facts(self.facts(v))

    # -- the lattice ------------------------------------------------------------

    def get(self, v: SSAValue) -> Estimate:
        return self.sketch(v) if isinstance(v.type, mx.MatrixType) else self.scalar(v)

    def bind(self, v: SSAValue, x: Estimate) -> None:
        """Set a matrix value's sketch (data wins, facts reconcile); scalars are ignored."""
        if not isinstance(v.type, mx.MatrixType):
            return
        if v in self.data:
            x = self.est.from_data(self.data[v])
        elif not isinstance(x, Sketch):
            x = self.est.from_facts(self.facts(v))
        self.sketches[v] = apply_facts(x, self.facts(v))

    def initial(self, v: SSAValue) -> Estimate:
        return None  # bind: the data, else the facts

    def join(self, a: Estimate, b: Estimate) -> Estimate:
        return larger(a, b) if isinstance(a, Sketch) and isinstance(b, Sketch) else None

    def top(self, x: Estimate) -> Estimate:
        return None

    def constant(self, v: SSAValue) -> object:
        return self.scalar(v)

    def no_fixpoint(
        self,
        op: Operation,
        carried: list[Estimate],
        body: Callable[[list[Estimate]], list[Estimate]],
    ) -> list[Estimate]:
        return carried  # one round: the larger of the initial and the yielded sketches

    # -- ops ---------------------------------------------------------------------

    def transfer(self, op: Operation) -> None:
        if op.regions or isinstance(op, func.CallOp) or len(op.results) != 1:
            for r in op.results:  # facts only
                self.bind(r, None)
        elif isinstance(op.results[0].type, mx.MatrixType):
            try:
                sk = self.est.estimate(op, [self.get(v) for v in op.operands])
            except Exception:  # an estimate must never break compilation
                sk = None
            self.bind(op.results[0], sk)
        elif self.data:
            self._scalar_op(op)

    def _scalar_op(self, op: Operation) -> None:
        """Re-evaluate a scalar size expression (nrow(X), n - 1, ...) with what data revealed."""
        rule = SIZE_RULES.get(type(op))
        if rule is None:
            return
        ins: list[MatFacts | ScalarFacts] = []
        for v in op.operands:
            if isinstance(v.type, mx.MatrixType):
                sk = self.sketch(v)
                exact_nnz = int(sk.nnz) if sk.exact and sk.nnz is not None else None
                ins.append(MatFacts.make(sk.rows, sk.cols, exact_nnz))
            else:
                ins.append(ScalarFacts(self.scalar(v)))
        try:
            out = rule(op, ins)
        except Exception:
            return
        if isinstance(out, ScalarFacts) and out.value is not None:
            self.scalars[op.results[0]] = out.value

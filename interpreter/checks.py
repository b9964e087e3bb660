"""`amls-run --check-sizes`: every runtime value against its static facts.

At each op, a matrix result must have the dims and nnz its type states, and at
most the worst-case nnz the size analysis bounds it by; a matrix or f64 result
must hold what its value facts state (finite, |x| within the bound, up to
rounding). The first violation stops the run with the op's location: a wrong fact
is a compiler bug.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from xdsl.dialects.builtin import ModuleOp
from xdsl.interpreter import Interpreter, PythonValues
from xdsl.ir import Operation, SSAValue

from amls.dialects.matrix import MatrixType
from amls.interpreter.engine import OpFailure
from amls.interpreter.kernels import sparse as sp
from amls.passes.sizes.analysis import analyze_module
from amls.passes.sizes.facts import MatFacts
from amls.passes.sizes.values import ValueFacts, analyze_values

ROUNDING = 1e-9
"""Relative slack of the |x| bound check: bounds are exact sums and products of the
operands' bounds, the values rounded ones."""


def _nnz(v: Any) -> int:
    return int(v.count_nonzero()) if sp.issparse(v) else int(np.count_nonzero(v))


class SizeChecker(Interpreter.Listener):
    def __init__(self, module: ModuleOp):
        self.bounds: dict[SSAValue, MatFacts] = {}
        for analysis in analyze_module(module).values():
            for v, f in analysis.facts.items():
                if isinstance(f, MatFacts):
                    self.bounds[v] = f
        self.values: dict[SSAValue, ValueFacts] = analyze_values(module)
        self.checked = 0

    def will_interpret_op(self, op: Operation, args: PythonValues) -> None:
        return None

    def did_interpret_op(self, op: Operation, results: PythonValues) -> None:
        for r, value in zip(op.results, results, strict=False):
            if isinstance(r.type, MatrixType):
                why = self.violation(r, value)
                if why is not None:
                    raise OpFailure(op, f"size check failed: {why}")
                self.checked += 1
            f = self.values.get(r)
            if f is not None and (f.finite or f.nan_free or f.nonneg):
                why = value_violation(f, value)
                if why is not None:
                    raise OpFailure(op, f"value check failed: {why}")

    def violation(self, r: SSAValue, value: Any) -> str | None:
        t = r.type
        assert isinstance(t, MatrixType)
        rows, cols = value.shape
        if (t.rows is not None and t.rows != rows) or (t.cols is not None and t.cols != cols):
            return f"runtime value is {rows}x{cols} but the type says {t}"
        nnz = _nnz(value)
        if t.nnz is not None and t.nnz != nnz:
            return f"runtime value has {nnz} non-zeros but the type says {t}"
        f = self.bounds.get(r)
        if f is not None:
            if f.nnz_ub is not None and nnz > f.nnz_ub:
                return f"{nnz} non-zeros exceed the worst-case bound {f.nnz_ub:.0f}"
            if f.rows_ub is not None and rows > f.rows_ub:
                return f"{rows} rows exceed the worst-case bound {f.rows_ub:.0f}"
            if f.cols_ub is not None and cols > f.cols_ub:
                return f"{cols} cols exceed the worst-case bound {f.cols_ub:.0f}"
        return None


def value_violation(f: ValueFacts, value: Any) -> str | None:
    """What of f the runtime value breaks, or None."""
    if isinstance(value, bool | int):
        value = float(value)
    if isinstance(value, float):
        data = np.array([value])
    elif sp.issparse(value):
        data = value.data
    elif isinstance(value, np.ndarray):
        data = value
    else:
        return None  # a dist value: checked where it is collected
    if data.size == 0:
        return None
    if f.nan_free and np.isnan(data).any():
        return f"the value facts say no NaN ({f.text()}), the value holds NaN"
    if f.finite and not np.isfinite(data).all():
        return f"the value facts say finite ({f.text()}), the value holds Inf"
    if f.nonneg and (data < 0).any():
        return "the value facts say non-negative, the value holds a negative number"
    b = f.bound
    if b is not None:
        m = float(np.nanmax(np.abs(data)))
        if m > b * (1 + ROUNDING) + 1e-300:
            return f"|x| reaches {m:.6g}, the value facts bound it by {b:.6g}"
    return None

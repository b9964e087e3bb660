"""`amls-run --check-sizes`: every runtime value against its static facts.

At each op, a matrix result must have the dims and nnz its type states, and at
most the worst-case nnz the size analysis bounds it by. The first violation
stops the run with the op's location: a wrong fact is a compiler bug.
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


def _nnz(v: Any) -> int:
    return int(v.count_nonzero()) if sp.issparse(v) else int(np.count_nonzero(v))


class SizeChecker(Interpreter.Listener):
    def __init__(self, module: ModuleOp):
        self.bounds: dict[SSAValue, MatFacts] = {}
        for analysis in analyze_module(module).values():
            for v, f in analysis.facts.items():
                if isinstance(f, MatFacts):
                    self.bounds[v] = f
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

"""An amls plugin: the `stats` dialect with one op, its kernel, a rewrite pass and a
rewrite rule for -O1/-O2.

Load it without editing amls:

    amls-opt --load-plugin examples/plugin/amls_stats.py -p expand-zscore prog.mlir
    amls-run --load-plugin examples/plugin/amls_stats.py prog.mlir

`stats.zscore %X` standardises each column: (X - colMeans(X)) / colSds(X), with
the population standard deviation. Pass `expand-zscore` rewrites it into plain
matrix ops, so a program using it also runs without the plugin after expansion. Rule
`zscore-neg` joins amls's own simplifications (simplify-static, rewrite-fixpoint).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import scipy.sparse as sp
from xdsl.context import Context
from xdsl.dialects import arith
from xdsl.dialects.builtin import FloatAttr, ModuleOp, StringAttr, f64
from xdsl.ir import Dialect
from xdsl.irdl import irdl_op_definition, operand_def, result_def, traits_def
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import (
    PatternRewriter,
    PatternRewriteWalker,
    RewritePattern,
    op_type_rewrite_pattern,
)
from xdsl.traits import Pure
from xdsl.utils.exceptions import VerifyException

from amls.dialects import matrix as m
from amls.dialects import register_dialect
from amls.interpreter.kernels import KernelError, kernel
from amls.passes import register_pass
from amls.passes.rewrite.driver import Rule
from amls.passes.rewrite.pattern import Op, Var
from amls.passes.rewrite.registry import register_rule
from amls.passes.sizes.facts import Facts, MatFacts
from amls.passes.sizes.rules import size_rule


@irdl_op_definition
class ZScoreOp(m.MatrixOp):
    """Column-wise standardisation; uses the shared matrix-op syntax."""

    name = "stats.zscore"
    input = operand_def(m.Mat)
    result = result_def(m.Mat)
    traits = traits_def(Pure())

    def verify_(self) -> None:
        a, out = m.mat_type(self.input), m.mat_type(self.result)
        if a.rows is not None and a.rows < 2:
            raise VerifyException(f"zscore needs at least 2 rows, got {a.rows}")
        if (a.rows, a.cols) != (out.rows, out.cols) and None not in (out.rows, out.cols):
            raise VerifyException("zscore keeps the shape of its input")


Stats = Dialect("stats", [ZScoreOp], [])
register_dialect(Stats)


@size_rule(ZScoreOp)
def zscore_size(op: ZScoreOp, ins: list[Facts]) -> Facts:
    """The input's dims (a constant column gives NaN: no bound on nnz or finiteness)."""
    x = ins[0]
    return MatFacts.make(x.rows, x.cols) if isinstance(x, MatFacts) else MatFacts()


@kernel(ZScoreOp)
def zscore_kernel(op: ZScoreOp, args: tuple[Any, ...]) -> np.ndarray:
    x = args[0].toarray() if sp.issparse(args[0]) else np.asarray(args[0])
    if x.shape[0] < 2:
        raise KernelError(f"zscore needs at least 2 rows, got {x.shape[0]}")
    mu = x.mean(axis=0, keepdims=True)
    sd = np.sqrt(((x - mu) ** 2).mean(axis=0, keepdims=True))
    with np.errstate(all="ignore"):
        return (x - mu) / sd


class ExpandZScore(RewritePattern):
    """zscore(X) -> (X - colMeans(X)) / sqrt(colMeans((X - colMeans(X))^2))."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: ZScoreOp, rewriter: PatternRewriter) -> None:
        x = op.input
        t = m.mat_type(x)
        row = m.MatrixType(1, t.cols)
        mean = m.ReduceOp.build(
            operands=[x],
            result_types=[row],
            properties={"kind": StringAttr("mean"), "axis": StringAttr("col")},
        )
        centred = m.SubOp.build(operands=[x, mean.result], result_types=[t])
        two = arith.ConstantOp(FloatAttr(2.0, f64))
        sq = m.PowOp.build(operands=[centred.result, two.result], result_types=[t])
        var = m.ReduceOp.build(
            operands=[sq.result],
            result_types=[row],
            properties={"kind": StringAttr("mean"), "axis": StringAttr("col")},
        )
        sd = m.SqrtOp.build(operands=[var.result], result_types=[row])
        out = m.DivOp.build(operands=[centred.result, sd.result], result_types=[op.result.type])
        rewriter.replace_op(op, [mean, centred, two, sq, var, sd, out], [out.result])


@register_pass
@dataclass(frozen=True)
class ExpandZScorePass(ModulePass):
    name = "expand-zscore"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        PatternRewriteWalker(ExpandZScore()).rewrite_module(op)


# zscore(-X) = -zscore(X), bit for bit: negation is exact, so the column means, the centred
# values, their squares and the deviations are those of X, negated where they were. With
# it, amls's neg-neg rule turns -zscore(-X) into zscore(X). (A cell equal to its column's
# mean gives +0 on one side and -0 on the other: equal under amls's numerics, as nsz.)
X = Var("X")
register_rule(Rule("zscore-neg", Op(ZScoreOp, -X), -Op(ZScoreOp, X)))

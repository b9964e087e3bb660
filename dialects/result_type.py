"""The type of an op's result when it is a scalar (f64, i64, i1), from the op definition.

Inferred from the result constraint as xDSL's declarative assembly format infers
result types: `matrix.trace` is f64 and `arith.cmpf` is i1 by definition, `arith.addf`
has its operands' type. Matrix results are left to the size rules.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from xdsl.dialects.builtin import StringAttr, f64
from xdsl.ir import Attribute
from xdsl.irdl import IRDLOperation, VarOperandDef
from xdsl.irdl.constraints import VerificationContext
from xdsl.utils.exceptions import VerifyException

from amls.dialects.matrix import ReduceOp


def scalar_result_type(
    cls: type[IRDLOperation], operand_types: Sequence[Attribute], props: Mapping[str, Attribute]
) -> Attribute | None:
    """The type of the single result of a `cls` op on these operands, when the op
    definition fixes it to a scalar; None when the result is a matrix (its shape
    comes from the size rules) or the definition leaves it open."""
    if issubclass(cls, ReduceOp):  # the one op whose result kind follows a property
        return f64 if props.get("axis") == StringAttr("all") else None
    op_def = cls.get_irdl_definition()
    if len(op_def.results) != 1 or any(isinstance(d, VarOperandDef) for _, d in op_def.operands):
        return None
    context = VerificationContext()
    try:
        for (_, d), t in zip(op_def.operands, operand_types, strict=True):
            d.constr.verify((t,), context)
    except (VerifyException, ValueError):
        return None
    result = op_def.results[0][1].constr
    if not result.can_infer(context.attr_variables, length_known=True):
        return None
    return result.infer(context, length=1)[0]

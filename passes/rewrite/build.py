"""Building replacements: new ops typed by the size rules run locally on their operands.

A replacement's result type comes from the size rule of its op on the operands' types,
so sizes stay refined without re-running size inference; `replace_value` meets it with
the replaced value's type (facts about the same value) and casts where a user needs the
exact old type.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from xdsl.dialects import arith, func, scf
from xdsl.dialects.builtin import FloatAttr, StringAttr, f64
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.irdl import VarOperandDef
from xdsl.pattern_rewriter import PatternRewriter
from xdsl.rewriter import InsertPoint

from amls.dialects import matrix as mx
from amls.dialects.result_type import scalar_result_type
from amls.passes.rewrite.conditions import Bindings
from amls.passes.rewrite.pattern import Lit, Native, Op, Pat, PropVar, Var
from amls.passes.sizes.facts import MatFacts, facts_of_type
from amls.passes.sizes.rules import SIZE_RULES


def result_type(
    cls: type[Operation], operands: Sequence[SSAValue], props: dict[str, Attribute]
) -> Attribute:
    """The result type an op would get from its size rule on the operands' types."""
    scalar = scalar_result_type(cls, [v.type for v in operands], props)
    if scalar is not None:
        return scalar
    probe = cls.build(
        operands=_group(cls, list(operands)), result_types=[mx.MatrixType()], properties=props
    )
    rule = SIZE_RULES.get(cls)
    try:
        out = rule(probe, [facts_of_type(v.type) for v in operands]) if rule else MatFacts()
    except Exception:
        out = MatFacts()
    finally:
        probe.drop_all_references()
    return out.to_type() if isinstance(out, MatFacts) else mx.MatrixType()


def _group(cls: type[Operation], operands: list[SSAValue]) -> list[Any]:
    """Operands as IRDL's builder wants them: a variadic op (cbind) takes one list."""
    defs = cls.get_irdl_definition().operands  # type: ignore[attr-defined]
    if len(defs) == 1 and isinstance(defs[0][1], VarOperandDef):
        return [operands]
    if any(isinstance(d, VarOperandDef) for _, d in defs):  # fixed operands, then a list
        grouped = mx.group_operands(defs, operands)
        if grouped is not None:
            return grouped
    return list(operands)


@dataclass
class Builder:
    """Inserts a replacement's ops before the matched op, at its location."""

    rewriter: PatternRewriter
    at: Operation
    created: list[Operation] = field(default_factory=list)

    def insert(self, op: Operation) -> SSAValue:
        op.location = self.at.location
        self.rewriter.insert(op, InsertPoint.before(self.at))
        self.created.append(op)
        return op.results[0]

    def build(self, p: Pat, b: Bindings) -> SSAValue | None:
        if isinstance(p, Var):
            return b[p.name]
        if isinstance(p, Lit):
            return self.insert(arith.ConstantOp(FloatAttr(p.value, f64)))
        if isinstance(p, Native):
            return p.fn(self, b)
        if isinstance(p, Op):
            operands = [self.build(a, b) for a in p.args]
            assert all(v is not None for v in operands), "a Native builds only whole results"
            props: dict[str, Attribute] = {}
            for k, v in p.props.items():
                props[k] = StringAttr(b[v.name] if isinstance(v, PropVar) else v)
            rt = result_type(p.cls, operands, props)  # type: ignore[arg-type]
            return self.insert(
                p.cls.build(operands=_group(p.cls, operands), result_types=[rt], properties=props)  # type: ignore[arg-type]
            )
        raise TypeError(f"cannot build {p!r}")


_EXACT_TYPE_USERS = (
    scf.YieldOp, scf.ConditionOp, scf.ForOp, scf.WhileOp, scf.IfOp,
    func.ReturnOp, func.CallOp, mx.CastOp,
)  # fmt: skip


def replace_value(rewriter: PatternRewriter, op: Operation, new: SSAValue) -> None:
    """Replace op's result by `new`; keep exact-type users valid with a cast."""
    old = op.results[0]
    if isinstance(old.type, mx.MatrixType) and isinstance(new.type, mx.MatrixType):
        refined = MatFacts.of_type(new.type).meet(MatFacts.of_type(old.type)).to_type()
        if refined != new.type and isinstance(new.owner, Operation) and new.owner is not op:
            if new.owner.parent_block() is op.parent_block() and len(list(new.uses)) == 0:
                new = rewriter.replace_value_with_new_type(new, refined)
        if new.type != old.type:
            cast = mx.CastOp.build(operands=[new], result_types=[old.type])
            cast.location = op.location
            rewriter.insert(cast, InsertPoint.before(op))
            for use in list(old.uses):
                if isinstance(use.operation, _EXACT_TYPE_USERS):
                    use.operation.operands[use.index] = cast.result
            if not cast.result.uses:
                rewriter.erase(cast)
    rewriter.replace(op, [], [new])

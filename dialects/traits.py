"""What the traits of an op say about it or its results, read in one place.

- `is_commutative`: the op carries xDSL's `Commutative` trait (matrix add, mul, min,
  max, eq, ne, and, or; arith addi, muli, andi, ori, xori), or it is one of the
  arith float ops that MLIR marks commutative but xDSL 0.74 does not.
- `constant_value`: the Python scalar an SSA value is known to hold, through xDSL's
  `ConstantLike` trait and the op's folder (`arith.constant`).
"""

from __future__ import annotations

from xdsl.dialects import arith
from xdsl.dialects.builtin import FloatAttr, IntegerAttr
from xdsl.ir import Operation, SSAValue
from xdsl.traits import Commutative, ConstantLike

_UPSTREAM_COMMUTATIVE: tuple[type[Operation], ...] = (
    arith.AddfOp, arith.MulfOp,
    arith.MaxnumfOp, arith.MinnumfOp, arith.MaximumfOp, arith.MinimumfOp,
)  # fmt: skip
"""Commutative in MLIR's arith ODS; xDSL 0.74 leaves the trait off these."""


def is_commutative(op: Operation | type[Operation]) -> bool:
    """Whether swapping the two operands of `op` (an op or an op class) keeps its value."""
    cls = op if isinstance(op, type) else type(op)
    return cls.has_trait(Commutative) or issubclass(cls, _UPSTREAM_COMMUTATIVE)


def constant_value(v: SSAValue) -> float | int | None:
    """The int or float a scalar SSA value holds when a constant op defines it."""
    attr = ConstantLike.get_constant_value(v)
    if isinstance(attr, FloatAttr):
        return float(attr.value.data)
    if isinstance(attr, IntegerAttr):
        return int(attr.value.data)
    return None

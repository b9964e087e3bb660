"""The `matrix` dialect: high-level linear algebra over 2-D f64 matrices.

IR only: no kernels, no rewrites, no size rules live here. Those attach to the
op classes through registries keyed by op class (amls.interpreter.kernels,
amls.passes.sizes.rules, amls.passes rule tables).

Every op shares one custom syntax (see `MatrixOp`):

    %r = matrix.NAME [keyword-props] %a, %b [{props}] : T
    %r = matrix.NAME [keyword-props] %a, %b [{props}] : (T1, T2) -> T3

The short `: T` form is used when every operand and the result have type T.
"""

from __future__ import annotations

import math
from abc import ABC
from collections.abc import Sequence, Set
from dataclasses import dataclass
from typing import ClassVar

from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    DenseIntOrFPElementsAttr,
    Float64Type,
    FloatAttr,
    IntAttr,
    IntegerAttr,
    IntegerType,
    StringAttr,
    UnitAttr,
    f64,
    i64,
)
from xdsl.dialects.builtin import (
    I64 as I64T,
)
from xdsl.interfaces import HasFolderInterface
from xdsl.ir import (
    Attribute,
    Block,
    Dialect,
    Operation,
    ParametrizedAttribute,
    Region,
    SSAValue,
    TypeAttribute,
)
from xdsl.irdl import (
    AnyOf,
    BaseAttr,
    EqAttrConstraint,
    IRDLOperation,
    VarOperandDef,
    irdl_attr_definition,
    irdl_op_definition,
    operand_def,
    opt_prop_def,
    prop_def,
    result_def,
    traits_def,
    var_operand_def,
)
from xdsl.parser import AttrParser, Parser, UnresolvedOperand
from xdsl.printer import Printer
from xdsl.rewriter import Rewriter
from xdsl.traits import (
    Commutative,
    ConstantLike,
    EffectInstance,
    MemoryEffect,
    MemoryEffectKind,
    Pure,
)
from xdsl.utils.exceptions import VerifyException

from amls.dialects.traits import constant_value
from amls.dialects.value_facts import (  # noqa: F401  (re-exported: the value-fact names)
    ABSMAX_ATTR,
    ASSUME_FINITE_ATTR,
    FINITE_ATTR,
)

Dim = int | None
"""A static dimension or nnz: an int when known exactly, None when unknown."""


def _to_param(v: Dim) -> IntAttr:
    return IntAttr(DYNAMIC_INDEX if v is None else v)


def _from_param(p: IntAttr) -> Dim:
    return None if p.data == DYNAMIC_INDEX else p.data


@dataclass(frozen=True, init=False)  # params are dataclass fields: equality and hashing see them
class MatrixLikeType(ParametrizedAttribute, TypeAttribute):
    """Shape and nnz facts of a matrix value; base of `!matrix.mat` and of the phys
    dialect's distributed and broadcast types (same parameters, same syntax)."""

    rows_p: IntAttr
    cols_p: IntAttr
    element_type: Attribute
    nnz_p: IntAttr

    def __init__(self, rows: Dim = None, cols: Dim = None, nnz: Dim = None):
        super().__init__(_to_param(rows), _to_param(cols), f64, _to_param(nnz))

    @property
    def rows(self) -> Dim:
        return _from_param(self.rows_p)

    @property
    def cols(self) -> Dim:
        return _from_param(self.cols_p)

    @property
    def nnz(self) -> Dim:
        return _from_param(self.nnz_p)

    @property
    def shape(self) -> tuple[Dim, Dim]:
        return (self.rows, self.cols)

    @property
    def cells(self) -> Dim:
        r, c = self.shape
        return None if r is None or c is None else r * c

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        with parser.in_angle_brackets():
            pos = parser.pos
            dims, elt = parser.parse_ranked_shape()
            if len(dims) != 2:
                parser.raise_error(
                    f"!{cls.name} expects 2 dimensions (RxCxf64), got {len(dims)}", pos
                )
            if not isinstance(elt, Float64Type):
                parser.raise_error(f"!{cls.name} only supports f64 elements", pos)
            nnz = DYNAMIC_INDEX
            if parser.parse_optional_punctuation(",") is not None:
                parser.parse_keyword("nnz")
                parser.parse_punctuation("=")
                if parser.parse_optional_punctuation("?") is None:
                    nnz = parser.parse_integer(allow_boolean=False, allow_negative=False)
        return (IntAttr(dims[0]), IntAttr(dims[1]), elt, IntAttr(nnz))

    def print_parameters(self, printer: Printer) -> None:
        r, c = self.shape
        text = f"<{'?' if r is None else r}x{'?' if c is None else c}xf64"
        if self.nnz is not None:
            text += f", nnz={self.nnz}"
        printer.print_string(text + ">")

    def verify(self) -> None:
        for what, v in (("rows", self.rows), ("cols", self.cols), ("nnz", self.nnz)):
            if v is not None and v < 0:
                raise VerifyException(f"!{self.name} {what} must be >= 0, got {v}")
            if v is not None and v >= 1 << 63:  # nrow/ncol/nnz are i64
                raise VerifyException(f"!{self.name} {what} must be below 2^63, got {v}")
        cells = self.cells
        if self.nnz is not None and cells is not None and self.nnz > cells:
            raise VerifyException(
                f"!{self.name} nnz={self.nnz} exceeds {self.rows}x{self.cols} cells"
            )


@irdl_attr_definition
class MatrixType(MatrixLikeType):
    """`!matrix.mat<RxCxf64>` or `!matrix.mat<RxCxf64, nnz=N>`; `?` is unknown."""

    name = "matrix.mat"


def is_mat(t: Attribute) -> bool:
    return isinstance(t, MatrixType)


def mat_type(v: SSAValue | Attribute) -> MatrixType:
    """The matrix type of a value (any MatrixLikeType: phys types share the facts)."""
    t = v.type if isinstance(v, SSAValue) else v
    assert isinstance(t, MatrixLikeType), f"expected !matrix.mat, got {t}"
    return t  # type: ignore[return-value]


# Operand / result constraints.
Mat = BaseAttr(MatrixType)
MatOrScalar = AnyOf([BaseAttr(MatrixType), EqAttrConstraint(f64)])
Printable = AnyOf([BaseAttr(MatrixType), BaseAttr(Float64Type), BaseAttr(IntegerType)])
I64 = EqAttrConstraint(i64)
F64 = EqAttrConstraint(f64)


# ---------------------------------------------------------------------------
# Size-fact helpers used by the verifiers (provable errors only).


def _known(*dims: Dim) -> bool:
    return all(d is not None for d in dims)


def _differ(a: Dim, b: Dim) -> bool:
    return a is not None and b is not None and a != b


def broadcast_shape(a: tuple[Dim, Dim] | None, b: tuple[Dim, Dim] | None) -> tuple[Dim, Dim] | str:
    """Result shape of an element-wise op on shapes a and b (None = scalar operand).

    Matrix (+) matrix of equal shape, matrix (+) row vector 1xC or column vector
    Rx1 (either side), matrix (+) scalar. Returns an error string when the known
    facts prove the shapes incompatible.
    """
    if a is None and b is None:
        return "at least one operand must be a matrix"
    if a is None:
        return b  # type: ignore[return-value]
    if b is None:
        return a
    out: list[Dim] = []
    for x, y in zip(a, b, strict=True):
        if x is not None and y is not None:
            if x != y and x != 1 and y != 1:
                return f"cannot broadcast {_fmt(a)} with {_fmt(b)}"
            out.append(y if x == 1 else x)  # a size-1 side stretches, even to 0
        elif x == 1:
            out.append(y)
        elif y == 1:
            out.append(x)
        else:
            out.append(x if x is not None else y)
    # No outer broadcasting: one side must carry the full shape.
    a_small = (a[0] == 1 and b[0] != 1) or (a[1] == 1 and b[1] != 1)
    b_small = (b[0] == 1 and a[0] != 1) or (b[1] == 1 and a[1] != 1)
    if _known(*a, *b) and a_small and b_small:
        return f"cannot broadcast {_fmt(a)} with {_fmt(b)} (outer broadcasting is not allowed)"
    return (out[0], out[1])


def _fmt(s: tuple[Dim, Dim]) -> str:
    return f"{'?' if s[0] is None else s[0]}x{'?' if s[1] is None else s[1]}"


def _check_result(op: Operation, expected: tuple[Dim, Dim]) -> None:
    """The result type must not contradict the shape the operands imply."""
    t = op.results[0].type
    if not isinstance(t, MatrixLikeType):
        return
    for axis, (have, want) in enumerate(zip(t.shape, expected, strict=True)):
        if _differ(have, want):
            raise VerifyException(
                f"result {'rows' if axis == 0 else 'cols'} {have} contradict the operands, "
                f"which give {_fmt(expected)}"
            )


def _shape_of(v: SSAValue) -> tuple[Dim, Dim] | None:
    return v.type.shape if isinstance(v.type, MatrixLikeType) else None


def _const_int(v: SSAValue) -> int | None:
    """The value of a constant integer operand, if it is one."""
    c = constant_value(v)
    return c if isinstance(c, int) else None


# ---------------------------------------------------------------------------
# Shared custom syntax.


def _format_float(x: float) -> str | None:
    """A float literal the MLIR lexer reads back exactly; None for inf/nan."""
    if not math.isfinite(x):
        return None
    s = repr(float(x))
    if "e" in s and "." not in s.split("e")[0]:
        m, e = s.split("e")
        s = f"{m}.0e{e}"
    elif "." not in s and "e" not in s:
        s += ".0"
    return s


def print_prop_dict(printer: Printer, props: dict[str, Attribute]) -> None:
    """Print `{k = v, ...}` with f64 and i64 values bare (they parse back as such)."""
    if not props:
        return
    printer.print_string(" {")
    first = True
    for k, v in props.items():
        if not first:
            printer.print_string(", ")
        first = False
        printer.print_string(f"{k} = ")
        if isinstance(v, FloatAttr) and v.type == f64 and (s := _format_float(v.value.data)):
            printer.print_string(s)
        elif isinstance(v, IntegerAttr) and v.type == i64:
            printer.print_string(str(v.value.data))
        else:
            printer.print_attribute(v)
    printer.print_string("}")


def group_operands(
    defs: Sequence[tuple[str, object]], values: Sequence[SSAValue]
) -> list[SSAValue | Sequence[SSAValue]] | None:
    """Operands as build() takes them: one value per fixed operand, the rest (at most one
    variadic operand) as a list. None when the count cannot match."""
    if not any(isinstance(d, VarOperandDef) for _, d in defs):
        return list(values) if len(values) == len(defs) else None
    n_var = len(values) - sum(1 for _, d in defs if not isinstance(d, VarOperandDef))
    if n_var < 0:
        return None
    out: list[SSAValue | Sequence[SSAValue]] = []
    i = 0
    for _, d in defs:
        if isinstance(d, VarOperandDef):
            out.append(list(values[i : i + n_var]))
            i += n_var
        else:
            out.append(values[i])
            i += 1
    return out


class MatrixOp(IRDLOperation, ABC):
    """Base of all matrix ops: one custom syntax, shared by every op."""

    KEYWORD_PROPS: ClassVar[tuple[str, ...]] = ()
    """String properties printed as bare keywords before the operands."""

    def verify_(self) -> None:
        self.verify_facts()

    def verify_facts(self) -> None:
        """Check that operand and result types do not contradict each other (provable
        errors only; most ops override it).

        A plain method, not the verify_ that IRDL wraps with its own checks: the phys
        twin of an op calls it on itself, since the twin has the same field names."""

    def __post_init__(self) -> None:
        super().__post_init__()
        # Properties in definition order, not insertion order: printed output
        # (custom and generic) must not depend on which ones the input spelled out.
        order = self.get_irdl_definition().properties
        if list(self.properties) != [n for n in order if n in self.properties]:
            props = dict(self.properties)
            self.properties.clear()
            for n in [*(n for n in order if n in props), *(n for n in props if n not in order)]:
                self.properties[n] = props[n]

    @classmethod
    def parse(cls, parser: Parser) -> MatrixOp:
        op_def = cls.get_irdl_definition()
        props: dict[str, Attribute] = {}
        for name in cls.KEYWORD_PROPS:
            props[name] = StringAttr(parser.parse_identifier(f" ({name} of {cls.name})"))
        operands: list[UnresolvedOperand] = []
        first = parser.parse_optional_unresolved_operand()
        if first is not None:
            operands.append(first)
            while parser.parse_optional_punctuation(",") is not None:
                operands.append(parser.parse_unresolved_operand())
        at = parser.pos
        attrs = parser.parse_optional_attr_dict()
        for name in list(attrs):
            if name in cls.KEYWORD_PROPS:  # `reduce sum all %X {kind = "max"}`: which one?
                parser.raise_error(
                    f"{cls.name}: {name} is given twice (the keyword "
                    f"'{props[name].data}' and {{{name} = ...}})",
                    at,
                )
            if name in op_def.properties:
                props[name] = attrs.pop(name)
        parser.parse_punctuation(":")
        n_results = len(op_def.results)
        pos = parser.pos
        if parser.parse_optional_punctuation("(") is not None:
            in_types: list[Attribute] = []
            if parser.parse_optional_punctuation(")") is None:
                in_types = parser.parse_comma_separated_list(
                    parser.Delimiter.NONE, parser.parse_type
                )
                parser.parse_punctuation(")")
            out_types: list[Attribute] = []
            if parser.parse_optional_punctuation("->") is not None:
                out_types = [parser.parse_type()]
        else:
            t = parser.parse_type()
            in_types = [t] * len(operands)
            out_types = [t] * n_results
        if len(in_types) != len(operands):
            parser.raise_error(
                f"{cls.name} has {len(operands)} operands but {len(in_types)} operand types",
                pos,
            )
        if len(out_types) != n_results:
            parser.raise_error(
                f"{cls.name} has {n_results} results but {len(out_types)} result types", pos
            )
        values = parser.resolve_operands(operands, in_types, pos)
        grouped = group_operands(op_def.operands, values)
        if grouped is None:
            fixed = sum(1 for _, d in op_def.operands if not isinstance(d, VarOperandDef))
            want = f"at least {fixed}" if fixed < len(op_def.operands) else str(fixed)
            parser.raise_error(
                f"{cls.name} takes {want} operand{'' if want == '1' else 's'}, got {len(values)}",
                pos,
            )
        return cls.build(
            operands=grouped, result_types=out_types, properties=props, attributes=attrs
        )

    def print(self, printer: Printer) -> None:
        for name in self.KEYWORD_PROPS:
            printer.print_string(f" {self.properties[name].data}")
        if self.operands:
            printer.print_string(" ")
            printer.print_list(self.operands, printer.print_operand)
        rest = {k: v for k, v in self.properties.items() if k not in self.KEYWORD_PROPS}
        # One dict: properties first, then discardable attributes (the parser splits them).
        print_prop_dict(printer, {**rest, **self.attributes})
        printer.print_string(" : ")
        types = [o.type for o in self.operands] + [r.type for r in self.results]
        if types and all(t == types[0] for t in types):
            printer.print_attribute(types[0])
        else:
            printer.print_string("(")
            printer.print_list([o.type for o in self.operands], printer.print_attribute)
            printer.print_string(")")
            if self.results:
                printer.print_string(" -> ")
                printer.print_attribute(self.results[0].type)


# ---------------------------------------------------------------------------
# Data sources and sinks (impure).

_FORMATS = ("npy", "csv", "mtx", "text")


def _check_format(fmt: str) -> None:
    if fmt not in _FORMATS:
        raise VerifyException(f"format must be one of {', '.join(_FORMATS)}, got '{fmt}'")


@irdl_op_definition
class ReadOp(MatrixOp):
    """Read a matrix from `path` in `format` (npy, csv, mtx); a .mtx stays sparse."""

    name = "matrix.read"
    path = prop_def(StringAttr)
    format = prop_def(StringAttr)
    result = result_def(Mat)

    def verify_facts(self) -> None:
        _check_format(self.format.data)


@irdl_op_definition
class WriteOp(MatrixOp):
    """Write the operand to `path` in `format`."""

    name = "matrix.write"
    input = operand_def(Mat)
    path = prop_def(StringAttr)
    format = prop_def(StringAttr)

    def verify_facts(self) -> None:
        _check_format(self.format.data)


@irdl_op_definition
class PrintOp(MatrixOp):
    """Print a matrix or scalar to stdout, after `label` if given."""

    name = "matrix.print"
    input = operand_def(Printable)
    label = opt_prop_def(StringAttr)


def stop_if(cond: SSAValue, message: str, loc: Attribute) -> list[Operation]:
    """Ops ending the run with `message` where the i1 `cond` holds (a PrintOp marked
    `stop` under an scf.if): a frontend's run-time check, reported at `loc`."""
    from xdsl.dialects import arith, scf

    zero = arith.ConstantOp(IntegerAttr(0, i64))
    stop = PrintOp.build(operands=[zero.result], properties={})
    stop.attributes["text"] = StringAttr(message)
    stop.attributes["stop"] = UnitAttr()
    then, orelse = Block([stop, scf.YieldOp()]), Block([scf.YieldOp()])
    check = scf.IfOp(cond, [], Region(then), Region(orelse))
    for op in (zero, check, *check.walk()):
        op.location = loc
    return [zero, check]


# ---------------------------------------------------------------------------
# Data generators.


class RandEffects(MemoryEffect):
    """A seeded rand is a pure function of its attributes; an unseeded one is not."""

    @classmethod
    def get_effects(cls, op: Operation) -> Set[EffectInstance]:
        if "seed" in op.properties:
            return frozenset()
        return frozenset((EffectInstance(MemoryEffectKind.ALLOC),))


_PDFS = ("uniform", "normal")


@irdl_op_definition
class RandOp(MatrixOp):
    """rand(rows, cols): cells are non-zero with probability `sparsity`."""

    name = "matrix.rand"
    rows = operand_def(I64)
    cols = operand_def(I64)
    min = prop_def(FloatAttr, default_value=FloatAttr(0.0, f64))
    max = prop_def(FloatAttr, default_value=FloatAttr(1.0, f64))
    sparsity = prop_def(FloatAttr, default_value=FloatAttr(1.0, f64))
    pdf = prop_def(StringAttr, default_value=StringAttr("uniform"))
    seed = opt_prop_def(IntegerAttr[I64T])
    result = result_def(Mat)
    traits = traits_def(RandEffects())

    def verify_facts(self) -> None:
        if self.pdf.data not in _PDFS:
            raise VerifyException(f"pdf must be uniform or normal, got '{self.pdf.data}'")
        s = self.sparsity.value.data
        if not 0.0 <= s <= 1.0:
            raise VerifyException(f"sparsity must be in [0, 1], got {s}")
        if self.pdf.data == "uniform" and self.min.value.data > self.max.value.data:
            raise VerifyException("min must be <= max")
        _check_dims_operands(self, self.rows, self.cols)


def _check_dims_operands(op: Operation, rows: SSAValue, cols: SSAValue) -> None:
    r, c = _const_int(rows), _const_int(cols)
    for what, v in (("rows", r), ("cols", c)):
        if v is not None and v < 0:
            raise VerifyException(f"{what} must be >= 0, got {v}")
    _check_result(op, (r, c))


@irdl_op_definition
class FillOp(MatrixOp):
    """A rows x cols matrix with every cell `value`."""

    name = "matrix.fill"
    value = operand_def(F64)
    rows = operand_def(I64)
    cols = operand_def(I64)
    result = result_def(Mat)
    traits = traits_def(Pure())

    def verify_facts(self) -> None:
        _check_dims_operands(self, self.rows, self.cols)


@irdl_op_definition
class SeqOp(MatrixOp):
    """seq(from, to, step) as a column vector: floor((to - from) / step) + 1 values
    from + i * step, as SystemDS counts them (no tolerance: seq(0, 0.3, 0.1) has 3)."""

    name = "matrix.seq"
    start = operand_def(F64)
    stop = operand_def(F64)
    step = operand_def(F64)
    result = result_def(Mat)
    traits = traits_def(Pure())

    def verify_facts(self) -> None:
        _check_result(self, (None, 1))


@irdl_op_definition
class ConstantOp(MatrixOp, HasFolderInterface):
    """A matrix literal: `value` is a `dense<...> : tensor<RxCxf64>`."""

    name = "matrix.constant"
    value = prop_def(DenseIntOrFPElementsAttr)
    result = result_def(Mat)
    traits = traits_def(Pure(), ConstantLike())

    def fold(self) -> Sequence[SSAValue | Attribute]:
        return (self.value,)  # what ConstantLike.get_constant_value reads, as for arith

    def verify_facts(self) -> None:
        shape = self.value.get_shape()
        if shape is None or len(shape) != 2 or self.value.get_element_type() != f64:
            raise VerifyException("matrix.constant value must be a 2-D dense<...> of f64")
        _check_result(self, (shape[0], shape[1]))


# ---------------------------------------------------------------------------
# Element-wise ops.


class ElementwiseBinaryOp(MatrixOp, ABC):
    """Binary element-wise op with broadcasting; comparisons yield 0/1."""

    lhs = operand_def(MatOrScalar)
    rhs = operand_def(MatOrScalar)
    result = result_def(Mat)
    traits = traits_def(Pure())

    def verify_facts(self) -> None:
        shape = broadcast_shape(_shape_of(self.lhs), _shape_of(self.rhs))
        if isinstance(shape, str):
            raise VerifyException(shape)
        _check_result(self, shape)


@irdl_op_definition
class AddOp(ElementwiseBinaryOp):
    """a + b"""

    name = "matrix.add"
    traits = traits_def(Commutative())


@irdl_op_definition
class SubOp(ElementwiseBinaryOp):
    """a - b"""

    name = "matrix.sub"


@irdl_op_definition
class MulOp(ElementwiseBinaryOp):
    """a * b (element-wise)"""

    name = "matrix.mul"
    traits = traits_def(Commutative())


@irdl_op_definition
class DivOp(ElementwiseBinaryOp):
    """a / b"""

    name = "matrix.div"


@irdl_op_definition
class PowOp(ElementwiseBinaryOp):
    """a ^ b"""

    name = "matrix.pow"


@irdl_op_definition
class MinOp(ElementwiseBinaryOp):
    """min(a, b) element-wise"""

    name = "matrix.min"
    traits = traits_def(Commutative())


@irdl_op_definition
class MaxOp(ElementwiseBinaryOp):
    """max(a, b) element-wise"""

    name = "matrix.max"
    traits = traits_def(Commutative())


@irdl_op_definition
class ModOp(ElementwiseBinaryOp):
    """a % b, with the sign of b (R semantics)"""

    name = "matrix.mod"


@irdl_op_definition
class FloorDivOp(ElementwiseBinaryOp):
    """a // b as Python and NumPy's floor_divide: (a - a % b) / b rounded to an integer,
    so 1 // 0.1 is 9 (floor(1 / 0.1) is 10); a // 0 is a / 0."""

    name = "matrix.floordiv"


class ComparisonOp(ElementwiseBinaryOp, ABC):
    """An element-wise comparison: 1 where it holds, else 0."""


@irdl_op_definition
class EqOp(ComparisonOp):
    """a == b as 0/1"""

    name = "matrix.eq"
    traits = traits_def(Commutative())


@irdl_op_definition
class NeOp(ComparisonOp):
    """a != b as 0/1"""

    name = "matrix.ne"
    traits = traits_def(Commutative())


@irdl_op_definition
class LtOp(ComparisonOp):
    """a < b as 0/1"""

    name = "matrix.lt"


@irdl_op_definition
class LeOp(ComparisonOp):
    """a <= b as 0/1"""

    name = "matrix.le"


@irdl_op_definition
class GtOp(ComparisonOp):
    """a > b as 0/1"""

    name = "matrix.gt"


@irdl_op_definition
class GeOp(ComparisonOp):
    """a >= b as 0/1"""

    name = "matrix.ge"


@irdl_op_definition
class AndOp(ElementwiseBinaryOp):
    """(a != 0) and (b != 0) as 0/1"""

    name = "matrix.and"
    traits = traits_def(Commutative())


@irdl_op_definition
class OrOp(ElementwiseBinaryOp):
    """(a != 0) or (b != 0) as 0/1"""

    name = "matrix.or"
    traits = traits_def(Commutative())


COMPARISONS: tuple[type[ComparisonOp], ...] = (EqOp, NeOp, LtOp, LeOp, GtOp, GeOp)


class ElementwiseUnaryOp(MatrixOp, ABC):
    input = operand_def(Mat)
    result = result_def(Mat)
    traits = traits_def(Pure())

    def verify_facts(self) -> None:
        _check_result(self, mat_type(self.input).shape)


@irdl_op_definition
class NegOp(ElementwiseUnaryOp):
    """-a"""

    name = "matrix.neg"


@irdl_op_definition
class ExpOp(ElementwiseUnaryOp):
    """exp(a)"""

    name = "matrix.exp"


@irdl_op_definition
class LogOp(ElementwiseUnaryOp):
    """natural log"""

    name = "matrix.log"


@irdl_op_definition
class SqrtOp(ElementwiseUnaryOp):
    """sqrt(a)"""

    name = "matrix.sqrt"


@irdl_op_definition
class AbsOp(ElementwiseUnaryOp):
    """|a|"""

    name = "matrix.abs"


@irdl_op_definition
class SignOp(ElementwiseUnaryOp):
    """sign(a) in {-1, 0, 1}"""

    name = "matrix.sign"


@irdl_op_definition
class RoundOp(ElementwiseUnaryOp):
    """round half away from zero (R/DML)"""

    name = "matrix.round"


@irdl_op_definition
class RintOp(ElementwiseUnaryOp):
    """round half to even (NumPy's rint and round): 0.5 -> 0, 1.5 -> 2, -2.5 -> -2"""

    name = "matrix.rint"


@irdl_op_definition
class FloorOp(ElementwiseUnaryOp):
    """floor(a)"""

    name = "matrix.floor"


@irdl_op_definition
class CeilOp(ElementwiseUnaryOp):
    """ceil(a)"""

    name = "matrix.ceil"


@irdl_op_definition
class SigmoidOp(ElementwiseUnaryOp):
    """1 / (1 + exp(-a))"""

    name = "matrix.sigmoid"


@irdl_op_definition
class NotOp(ElementwiseUnaryOp):
    """a == 0 as 0/1"""

    name = "matrix.not"


# -- trigonometric and NaN test (DML sin, cos, tan, is.nan) ---------------------------


@irdl_op_definition
class SinOp(ElementwiseUnaryOp):
    """sin(a); |sin| <= 1, NaN for +-Inf"""

    name = "matrix.sin"


@irdl_op_definition
class CosOp(ElementwiseUnaryOp):
    """cos(a); |cos| <= 1, NaN for +-Inf"""

    name = "matrix.cos"


@irdl_op_definition
class TanOp(ElementwiseUnaryOp):
    """tan(a); unbounded, finite for finite a"""

    name = "matrix.tan"


@irdl_op_definition
class IsNanOp(ElementwiseUnaryOp):
    """is.nan(a) as 0/1 (1 only for NaN, not for +-Inf)"""

    name = "matrix.isnan"


# -- inverse and hyperbolic trigonometric, Inf test (DML asin ... tanh, is.infinite) ---


@irdl_op_definition
class AsinOp(ElementwiseUnaryOp):
    """asin(a); |asin| <= pi/2, NaN outside [-1, 1]; 0 -> 0"""

    name = "matrix.asin"


@irdl_op_definition
class AcosOp(ElementwiseUnaryOp):
    """acos(a) in [0, pi], NaN outside [-1, 1]; acos(0) = pi/2"""

    name = "matrix.acos"


@irdl_op_definition
class AtanOp(ElementwiseUnaryOp):
    """atan(a); |atan| <= pi/2 (+-pi/2 for +-Inf); 0 -> 0"""

    name = "matrix.atan"


@irdl_op_definition
class SinhOp(ElementwiseUnaryOp):
    """sinh(a); overflows to +-Inf for |a| > ~710.47; 0 -> 0"""

    name = "matrix.sinh"


@irdl_op_definition
class CoshOp(ElementwiseUnaryOp):
    """cosh(a) >= 1; overflows to Inf for |a| > ~710.47; cosh(0) = 1"""

    name = "matrix.cosh"


@irdl_op_definition
class TanhOp(ElementwiseUnaryOp):
    """tanh(a); |tanh| <= 1 (+-1 for +-Inf); 0 -> 0"""

    name = "matrix.tanh"


@irdl_op_definition
class IsInfOp(ElementwiseUnaryOp):
    """is.infinite(a) as 0/1 (1 only for +-Inf, not for NaN)"""

    name = "matrix.isinf"


@irdl_op_definition
class SelectOp(MatrixOp):
    """select(cond, a, b): a where cond != 0, else b; a and b may be scalars."""

    name = "matrix.select"
    cond = operand_def(Mat)
    on_true = operand_def(MatOrScalar)
    on_false = operand_def(MatOrScalar)
    result = result_def(Mat)
    traits = traits_def(Pure())

    def verify_facts(self) -> None:
        shape = mat_type(self.cond).shape
        for v in (self.on_true, self.on_false):
            s = _shape_of(v)
            if s is not None and (_differ(s[0], shape[0]) or _differ(s[1], shape[1])):
                raise VerifyException(
                    f"select branch of shape {_fmt(s)} differs from condition {_fmt(shape)}"
                )
        _check_result(self, shape)


# ---------------------------------------------------------------------------
# Linear algebra and reorganisation.


@irdl_op_definition
class MatmulOp(MatrixOp):
    """The matrix product lhs %*% rhs."""

    name = "matrix.matmul"
    lhs = operand_def(Mat)
    rhs = operand_def(Mat)
    result = result_def(Mat)
    traits = traits_def(Pure())

    def verify_facts(self) -> None:
        a, b = mat_type(self.lhs), mat_type(self.rhs)
        if _differ(a.cols, b.rows):
            raise VerifyException(
                f"matmul inner dimensions differ: {_fmt(a.shape)} %*% {_fmt(b.shape)}"
            )
        _check_result(self, (a.rows, b.cols))


@irdl_op_definition
class TransposeOp(MatrixOp):
    """t(A)."""

    name = "matrix.transpose"
    input = operand_def(Mat)
    result = result_def(Mat)
    traits = traits_def(Pure())

    def verify_facts(self) -> None:
        r, c = mat_type(self.input).shape
        _check_result(self, (c, r))


@irdl_op_definition
class DiagOp(MatrixOp):
    """Column vector -> diagonal matrix; square matrix -> its diagonal as a column."""

    name = "matrix.diag"
    input = operand_def(Mat)
    result = result_def(Mat)
    traits = traits_def(Pure())

    def verify_facts(self) -> None:
        r, c = mat_type(self.input).shape
        if c == 1:
            _check_result(self, (r, r))
        elif _known(r, c) and r != c:
            raise VerifyException(
                f"diag expects a column vector or a square matrix, got {_fmt((r, c))}"
            )
        elif r is not None and c is not None:
            _check_result(self, (r, 1))


@irdl_op_definition
class ReshapeOp(MatrixOp):
    """Row-major reshape to rows x cols."""

    name = "matrix.reshape"
    input = operand_def(Mat)
    rows = operand_def(I64)
    cols = operand_def(I64)
    result = result_def(Mat)
    traits = traits_def(Pure())

    def verify_facts(self) -> None:
        r, c = _const_int(self.rows), _const_int(self.cols)
        cells = mat_type(self.input).cells
        if r is not None and c is not None and cells is not None and r * c != cells:
            raise VerifyException(f"cannot reshape {cells} cells into {r}x{c}")
        _check_dims_operands(self, self.rows, self.cols)


INDEX_KINDS = ("argmin", "argmax", "minindex", "maxindex")
"""Reductions to a 0-based column (row) index. argmin/argmax as NumPy's: the first
extreme, NaN the extreme where present. minindex/maxindex as DML's rowIndexMin/Max in
SystemDS: the last extreme among the values that are not NaN, 0 where all are NaN."""
REDUCE_KINDS = ("sum", "mean", "min", "max", "sumsq", *INDEX_KINDS, "var", "sd", "prod")
REDUCE_AXES = ("all", "row", "col")


@irdl_op_definition
class ReduceOp(MatrixOp):
    """`matrix.reduce KIND AXIS %X`: all -> f64, row -> Rx1, col -> 1xC.

    var and sd are the sample variance and standard deviation (divisor n-1, as
    SystemDS and R; one value gives 0, none NaN); prod is the product (1 of none); the
    index kinds (INDEX_KINDS) give 0-based positions."""

    name = "matrix.reduce"
    KEYWORD_PROPS: ClassVar[tuple[str, ...]] = ("kind", "axis")
    input = operand_def(Mat)
    kind = prop_def(StringAttr)
    axis = prop_def(StringAttr)
    result = result_def(MatOrScalar)
    traits = traits_def(Pure())

    def verify_facts(self) -> None:
        kind, axis = self.kind.data, self.axis.data
        if kind not in REDUCE_KINDS:
            raise VerifyException(f"unknown reduce kind '{kind}' ({', '.join(REDUCE_KINDS)})")
        if axis not in REDUCE_AXES:
            raise VerifyException(f"unknown reduce axis '{axis}' (all, row, col)")
        if kind in INDEX_KINDS and axis == "all":
            raise VerifyException(f"{kind} needs axis row or col")
        r, c = mat_type(self.input).shape
        out = self.result.type
        if axis == "all":
            if out != f64:
                raise VerifyException("reduce over axis all returns f64")
            return
        if not isinstance(out, MatrixLikeType):
            raise VerifyException(f"reduce over axis {axis} returns a matrix")
        _check_result(self, (r, 1) if axis == "row" else (1, c))


@irdl_op_definition
class TraceOp(MatrixOp):
    """The sum of the diagonal of a square matrix."""

    name = "matrix.trace"
    input = operand_def(Mat)
    result = result_def(F64)
    traits = traits_def(Pure())

    def verify_facts(self) -> None:
        r, c = mat_type(self.input).shape
        if _differ(r, c):
            raise VerifyException(f"trace expects a square matrix, got {_fmt((r, c))}")


# -- reorganisation and cumulative aggregates of the DML frontend -----------------


@irdl_op_definition
class RevOp(MatrixOp):
    """`matrix.rev %X`: the rows of X in reverse order (DML rev); same shape and nnz."""

    name = "matrix.rev"
    input = operand_def(Mat)
    result = result_def(Mat)
    traits = traits_def(Pure())

    def verify_facts(self) -> None:
        _check_result(self, mat_type(self.input).shape)


CUMAGG_KINDS = ("sum", "prod", "min", "max")


@irdl_op_definition
class CumAggOp(MatrixOp):
    """`matrix.cumagg KIND %X`: column-wise cumulative aggregate, top to bottom (DML
    cumsum, cumprod, cummin, cummax): row i holds agg(X[0:i+1, j]). Same shape.

    One op with a `kind` property, as matrix.reduce: the kinds share shape, size
    and rewrite rules and differ only in the combining function."""

    name = "matrix.cumagg"
    KEYWORD_PROPS: ClassVar[tuple[str, ...]] = ("kind",)
    input = operand_def(Mat)
    kind = prop_def(StringAttr)
    result = result_def(Mat)
    traits = traits_def(Pure())

    def verify_facts(self) -> None:
        if self.kind.data not in CUMAGG_KINDS:
            raise VerifyException(
                f"unknown cumagg kind '{self.kind.data}' ({', '.join(CUMAGG_KINDS)})"
            )
        _check_result(self, mat_type(self.input).shape)


@irdl_op_definition
class ReplaceOp(MatrixOp):
    """`matrix.replace %X, %pattern, %replacement`: X with every cell equal to pattern
    set to replacement (DML replace); a NaN pattern matches the NaN cells."""

    name = "matrix.replace"
    input = operand_def(Mat)
    pattern = operand_def(F64)
    replacement = operand_def(F64)
    result = result_def(Mat)
    traits = traits_def(Pure())

    def verify_facts(self) -> None:
        _check_result(self, mat_type(self.input).shape)


@irdl_op_definition
class DetOp(MatrixOp):
    """`matrix.det %A`: the determinant of a square matrix (1 for 0x0)."""

    name = "matrix.det"
    input = operand_def(Mat)
    result = result_def(F64)
    traits = traits_def(Pure())

    def verify_facts(self) -> None:
        r, c = mat_type(self.input).shape
        if _differ(r, c):
            raise VerifyException(f"det expects a square matrix, got {_fmt((r, c))}")


@irdl_op_definition
class SliceOp(MatrixOp):
    """X[r0:r1, c0:c1], 0-based, half-open."""

    name = "matrix.slice"
    input = operand_def(Mat)
    r0 = operand_def(I64)
    r1 = operand_def(I64)
    c0 = operand_def(I64)
    c1 = operand_def(I64)
    result = result_def(Mat)
    traits = traits_def(Pure())

    def verify_facts(self) -> None:
        r, c = mat_type(self.input).shape
        wrong = numpy_index_error(self, (_const_int(self.r0), _const_int(self.c0)), (r, c))
        if wrong is not None:
            raise VerifyException(wrong)
        shape: list[Dim] = []
        for lo_v, hi_v, n, what in ((self.r0, self.r1, r, "row"), (self.c0, self.c1, c, "col")):
            lo, hi = _const_int(lo_v), _const_int(hi_v)
            wrong = slice_error(what, lo, hi, n, (r, c))
            if wrong is not None:
                raise VerifyException(wrong)
            shape.append(hi - lo if lo is not None and hi is not None else None)
        _check_result(self, (shape[0], shape[1]))


NUMPY_INDEX = "numpy_index"
"""On a slice or update from @amls.jit: for the IR's rows and columns, the NumPy axis
(a digit) an int index came from, or '-' (a slice, or not indexed); the bound errors of
those axes are then NumPy's IndexError."""


def numpy_index_error(op: Operation, starts: tuple[int | None, int | None],
                      shape: tuple[Dim, Dim]) -> str | None:  # fmt: skip
    """NumPy's words for an int index out of range on an axis `op` marks NUMPY_INDEX;
    `starts` are the IR's starts, a negative index already counted from the end."""
    marks = op.attributes.get(NUMPY_INDEX)
    if not isinstance(marks, StringAttr):
        return None
    for axis, lo, n in zip(marks.data, starts, shape, strict=False):
        if axis != "-" and lo is not None and n is not None and not 0 <= lo < n:
            i = lo - n if lo < 0 else lo
            return f"index {i} is out of bounds for axis {axis} with size {n}"
    return None


def slice_error(
    what: str, lo: int | None, hi: int | None, n: Dim, shape: tuple[Dim, Dim]
) -> str | None:
    """Why `what` ("row" or "col") bounds [lo:hi] of a slice of a `shape` matrix (n along
    that axis) fail, as far as what is known says; None if they need not. One wording for
    the verifier and the kernels, so -O0 and -O2 report a failing slice alike."""
    if lo is not None and lo < 0:
        return f"{what} slice start {lo} is negative"
    if lo is not None and n is not None and lo > n:
        return f"{what} slice start {lo} is out of range for {_fmt(shape)}"
    if lo is not None and hi is not None and hi < lo:
        return f"{what} slice [{lo}:{hi}] is reversed"
    if hi is not None and n is not None and hi > n:
        return f"{what} slice end {hi} is out of range for {_fmt(shape)}"
    return None


@irdl_op_definition
class UpdateOp(MatrixOp):
    """A with B written at (r0, c0): a new value (left indexing)."""

    name = "matrix.update"
    input = operand_def(Mat)
    value = operand_def(Mat)
    r0 = operand_def(I64)
    c0 = operand_def(I64)
    result = result_def(Mat)
    traits = traits_def(Pure())

    def verify_facts(self) -> None:
        a, b = mat_type(self.input), mat_type(self.value)
        wrong = numpy_index_error(self, (_const_int(self.r0), _const_int(self.c0)), a.shape)
        if wrong is not None:
            raise VerifyException(wrong)
        for lo_v, n, m, what in (
            (self.r0, a.rows, b.rows, "row"),
            (self.c0, a.cols, b.cols, "col"),
        ):
            lo = _const_int(lo_v)
            if lo is not None and lo < 0:
                raise VerifyException(f"update {what} offset {lo} is negative")
            if lo is not None and n is not None and lo > n:
                raise VerifyException(
                    f"update {what} offset {lo} is out of range for {_fmt(a.shape)}"
                )
            if n is not None and m is not None and (lo or 0) + m > n:
                raise VerifyException(
                    f"update of {_fmt(b.shape)} at {what} {lo or 0} is out of range "
                    f"for {_fmt(a.shape)}"
                )
        _check_result(self, a.shape)


class AppendOp(MatrixOp, ABC):
    inputs = var_operand_def(Mat)
    result = result_def(Mat)
    traits = traits_def(Pure())
    AXIS: ClassVar[int]

    def verify_facts(self) -> None:
        if len(self.inputs) < 2:
            raise VerifyException(f"{self.name} needs at least two operands")
        shapes = [mat_type(v).shape for v in self.inputs]
        keep = 1 - self.AXIS  # the dimension all operands share
        for s in shapes[1:]:
            if _differ(s[keep], shapes[0][keep]):
                what = "rows" if keep == 0 else "cols"
                raise VerifyException(
                    f"{self.name} operands have different {what}: "
                    + ", ".join(_fmt(x) for x in shapes)
                )
        shared = next((s[keep] for s in shapes if s[keep] is not None), None)
        along = [s[self.AXIS] for s in shapes]
        total = sum(along) if all(d is not None for d in along) else None  # type: ignore[arg-type]
        _check_result(self, (shared, total) if self.AXIS == 1 else (total, shared))


@irdl_op_definition
class CbindOp(AppendOp):
    """Columns side by side: [A, B, ...] (equal rows)."""

    name = "matrix.cbind"
    AXIS: ClassVar[int] = 1


@irdl_op_definition
class RbindOp(AppendOp):
    """Rows stacked: [A; B; ...] (equal cols)."""

    name = "matrix.rbind"
    AXIS: ClassVar[int] = 0


@irdl_op_definition
class SolveOp(MatrixOp):
    """solve(A, b): x with A %*% x = b."""

    name = "matrix.solve"
    lhs = operand_def(Mat)
    rhs = operand_def(Mat)
    result = result_def(Mat)
    traits = traits_def(Pure())

    def verify_facts(self) -> None:
        a, b = mat_type(self.lhs), mat_type(self.rhs)
        if _differ(a.rows, a.cols):
            raise VerifyException(f"solve expects a square matrix, got {_fmt(a.shape)}")
        if _differ(a.rows, b.rows):
            raise VerifyException(
                f"solve: {_fmt(a.shape)} system with right-hand side {_fmt(b.shape)}"
            )
        _check_result(self, (a.cols, b.cols))


@irdl_op_definition
class InvOp(MatrixOp):
    """The inverse of a square matrix."""

    name = "matrix.inv"
    input = operand_def(Mat)
    result = result_def(Mat)
    traits = traits_def(Pure())

    def verify_facts(self) -> None:
        a = mat_type(self.input)
        if _differ(a.rows, a.cols):
            raise VerifyException(f"inv expects a square matrix, got {_fmt(a.shape)}")
        _check_result(self, a.shape)


# ---------------------------------------------------------------------------
# Metadata and scalar bridges.


class MetaOp(MatrixOp, ABC):
    input = operand_def(Mat)
    result = result_def(I64)
    traits = traits_def(Pure())


@irdl_op_definition
class NrowOp(MetaOp):
    """The number of rows as i64."""

    name = "matrix.nrow"


@irdl_op_definition
class NcolOp(MetaOp):
    """The number of columns as i64."""

    name = "matrix.ncol"


@irdl_op_definition
class NnzOp(MetaOp):
    """The number of non-zero cells as i64."""

    name = "matrix.nnz"


@irdl_op_definition
class ToScalarOp(MatrixOp):
    """The value of a 1x1 matrix as f64."""

    name = "matrix.to_scalar"
    input = operand_def(Mat)
    result = result_def(F64)
    traits = traits_def(Pure())

    def verify_facts(self) -> None:
        s = mat_type(self.input).shape
        if _differ(s[0], 1) or _differ(s[1], 1):
            raise VerifyException(f"to_scalar expects a 1x1 matrix, got {_fmt(s)}")


@irdl_op_definition
class FromScalarOp(MatrixOp):
    """A 1x1 matrix holding the f64 operand."""

    name = "matrix.from_scalar"
    input = operand_def(F64)
    result = result_def(Mat)
    traits = traits_def(Pure())

    def verify_facts(self) -> None:
        _check_result(self, (1, 1))


@irdl_op_definition
class CastOp(MatrixOp):
    """Changes only static size facts (refine or forget), like tensor.cast."""

    name = "matrix.cast"
    input = operand_def(Mat)
    result = result_def(Mat)
    traits = traits_def(Pure())

    def verify_facts(self) -> None:
        a, b = mat_type(self.input), mat_type(self.result)
        for what, x, y in (
            ("rows", a.rows, b.rows),
            ("cols", a.cols, b.cols),
            ("nnz", a.nnz, b.nnz),
        ):
            if _differ(x, y):
                raise VerifyException(f"cast changes known {what} from {x} to {y}")


@irdl_op_definition
class FailOp(MatrixOp):
    """An op that provably fails, where it may not run: raises `message`, reported as
    `op`'s error at this location, when it runs (as the op would have).

    Facts amls derives (the data's dims, a .mtd, a callee's call sites) can prove that an
    op inside an scf.if, a loop or a called function fails: `if nrow(A) >= 5 { A[0:5,
    0:5] }` on 2x2 data. The program is still correct while that code does not run, so
    the op becomes this one instead of a compile-time error (`defer_failures`)."""

    name = "matrix.fail"
    op = prop_def(StringAttr)
    message = prop_def(StringAttr)
    result = result_def(Printable)
    traits = traits_def(Pure())  # no effects until it runs: unused, it is not run


def may_not_run(op: Operation, called: Set[str]) -> bool:
    """Whether op is inside an scf region or a function that `called` names (the callees
    of the module); ops at the top of a function nothing calls run whenever it does."""
    parent = op.parent_op()
    while parent is not None and parent.name != "func.func":
        if parent.name.startswith("scf."):
            return True
        parent = parent.parent_op()
    name = parent.properties.get("sym_name") if parent is not None else None
    return isinstance(name, StringAttr) and name.data in called


def defer_failures(root: Operation, called: Set[str]) -> int:
    """Replace every matrix op under `root` whose verifier fails and that may not run
    (`may_not_run`) by a matrix.fail with its message; how many. Ops that surely run keep
    failing verification (a compile-time error at their location)."""
    bad: list[tuple[Operation, str]] = []
    for op in root.walk():
        if not isinstance(op, MatrixOp) or isinstance(op, FailOp) or len(op.results) != 1:
            continue
        if not isinstance(op.results[0].type, MatrixType | Float64Type | IntegerType):
            continue  # a distributed value (phys.dmat): lowered IR keeps the error
        base = getattr(op, "MATRIX_OP", None)  # a phys twin checks as its matrix op
        try:
            base.verify_facts(op) if base is not None else op.verify_facts()
        except VerifyException as e:
            if may_not_run(op, called):
                bad.append((op, str(e)))
    for op, message in bad:
        name = (getattr(op, "MATRIX_OP", None) or type(op)).name  # a twin: its matrix op
        fail = FailOp.build(
            result_types=[op.results[0].type],
            properties={"op": StringAttr(name), "message": StringAttr(message)},
        )
        fail.location = op.location
        Rewriter.replace_op(op, fail)
    return len(bad)


# ---------------------------------------------------------------------------
# Data-dependent reorganisation: table, remove_empty, outer, order.


def _bool_prop(op: Operation, name: str, default: bool) -> bool:
    a = op.properties.get(name)
    return default if a is None else bool(a.value.data)  # type: ignore[attr-defined]


def empty_return(op: Operation) -> bool:
    """remove_empty's `empty_return` (default true); also reads the phys twin."""
    return _bool_prop(op, "empty_return", True)


def order_decreasing(op: Operation) -> bool:
    return _bool_prop(op, "decreasing", False)


def order_index_return(op: Operation) -> bool:
    return _bool_prop(op, "index_return", False)


def _is_vector(s: tuple[Dim, Dim]) -> bool:
    return s[0] == 1 or s[1] == 1


@irdl_op_definition
class TableOp(MatrixOp):
    """table(A, B, W[, rows, cols]): out[A[k], B[k]] += W[k] over the cells k, 1-based
    category values (truncated). Without dims the result is max(A) x max(B) (data
    dependent); with dims, cells outside rows x cols are dropped. B and W may be scalars."""

    name = "matrix.table"
    input = operand_def(Mat)
    other = operand_def(MatOrScalar)
    weights = operand_def(MatOrScalar)
    dims = var_operand_def(I64)
    result = result_def(Mat)
    traits = traits_def(Pure())

    def verify_facts(self) -> None:
        if len(self.dims) not in (0, 2):
            raise VerifyException(f"table takes no dims or rows and cols, got {len(self.dims)}")
        a = mat_type(self.input).shape
        for v, what in ((self.other, "second input"), (self.weights, "weights")):
            s = _shape_of(v)
            if s is not None and (_differ(s[0], a[0]) or _differ(s[1], a[1])):
                raise VerifyException(
                    f"table {what} of shape {_fmt(s)} differs from the first input {_fmt(a)}"
                )
        if self.dims:
            _check_dims_operands(self, self.dims[0], self.dims[1])


REMOVE_EMPTY_MARGINS = ("rows", "cols")


@irdl_op_definition
class RemoveEmptyOp(MatrixOp):
    """removeEmpty(X, margin[, select]): the rows (cols) of X with a non-zero, or those
    where select is non-zero. With no select and nothing kept, one zero row (col) unless
    `empty_return = false`; with a select, nothing kept is 0 rows (cols)."""

    name = "matrix.remove_empty"
    KEYWORD_PROPS: ClassVar[tuple[str, ...]] = ("margin",)
    input = operand_def(Mat)
    select = var_operand_def(Mat)
    margin = prop_def(StringAttr)
    empty_return = opt_prop_def(IntegerAttr[IntegerType])
    result = result_def(Mat)
    traits = traits_def(Pure())

    def verify_facts(self) -> None:
        by_rows = self.margin.data == "rows"
        if self.margin.data not in REMOVE_EMPTY_MARGINS:
            raise VerifyException(f"margin must be rows or cols, got '{self.margin.data}'")
        if len(self.select) > 1:
            raise VerifyException("remove_empty takes at most one select vector")
        r, c = mat_type(self.input).shape
        n = r if by_rows else c
        if self.select:
            s = mat_type(self.select[0]).shape
            cells = mat_type(self.select[0]).cells
            if _known(*s) and not _is_vector(s):
                raise VerifyException(f"remove_empty select must be a vector, got {_fmt(s)}")
            if cells is not None and n is not None and cells != n:
                raise VerifyException(
                    f"remove_empty select of {cells} cells for {n} {self.margin.data}"
                )
        _check_result(self, (None, c) if by_rows else (r, None))


OUTER_OPS: dict[str, type[ElementwiseBinaryOp]] = {
    "add": AddOp, "sub": SubOp, "mul": MulOp, "div": DivOp, "pow": PowOp, "min": MinOp,
    "max": MaxOp, "mod": ModOp, "eq": EqOp, "ne": NeOp, "lt": LtOp, "le": LeOp, "gt": GtOp,
    "ge": GeOp, "and": AndOp, "or": OrOp,
}  # fmt: skip
"""outer's `op` names: the element-wise op applied to every (x[i], y[j])."""


@irdl_op_definition
class OuterOp(MatrixOp):
    """`matrix.outer OP %x, %y`: x (Rx1) against y (1xC) -> RxC, out[i, j] = x[i] OP y[j]."""

    name = "matrix.outer"
    KEYWORD_PROPS: ClassVar[tuple[str, ...]] = ("op",)
    lhs = operand_def(Mat)
    rhs = operand_def(Mat)
    op = prop_def(StringAttr)
    result = result_def(Mat)
    traits = traits_def(Pure())

    def verify_facts(self) -> None:
        if self.op.data not in OUTER_OPS:
            raise VerifyException(f"unknown outer op '{self.op.data}' ({', '.join(OUTER_OPS)})")
        x, y = mat_type(self.lhs).shape, mat_type(self.rhs).shape
        if _differ(x[1], 1):
            raise VerifyException(f"outer expects a column vector first, got {_fmt(x)}")
        if _differ(y[0], 1):
            raise VerifyException(f"outer expects a row vector second, got {_fmt(y)}")
        _check_result(self, (x[0], y[1]))


@irdl_op_definition
class OrderOp(MatrixOp):
    """order(X, by): the rows of X sorted by column `by` (0-based), stable; with
    `index_return` the 0-based source row of each sorted row, as a column."""

    name = "matrix.order"
    input = operand_def(Mat)
    by = operand_def(I64)
    decreasing = opt_prop_def(IntegerAttr[IntegerType])
    index_return = opt_prop_def(IntegerAttr[IntegerType])
    result = result_def(Mat)
    traits = traits_def(Pure())

    def verify_facts(self) -> None:
        r, c = mat_type(self.input).shape
        by = _const_int(self.by)
        if by is not None and (by < 0 or (c is not None and by >= c)):
            raise VerifyException(f"order by column {by} is out of range for {_fmt((r, c))}")
        _check_result(self, (r, 1) if order_index_return(self) else (r, c))


BINARY_OPS: tuple[type[ElementwiseBinaryOp], ...] = (
    AddOp, SubOp, MulOp, DivOp, PowOp, MinOp, MaxOp, ModOp, FloorDivOp,
    EqOp, NeOp, LtOp, LeOp, GtOp, GeOp, AndOp, OrOp,
)  # fmt: skip
UNARY_OPS: tuple[type[ElementwiseUnaryOp], ...] = (
    NegOp, ExpOp, LogOp, SqrtOp, AbsOp, SignOp, RoundOp, RintOp, FloorOp, CeilOp, SigmoidOp,
    NotOp, SinOp, CosOp, TanOp, IsNanOp, AsinOp, AcosOp, AtanOp, SinhOp, CoshOp, TanhOp,
    IsInfOp,
)  # fmt: skip

Matrix = Dialect(
    "matrix",
    [
        ReadOp,
        WriteOp,
        PrintOp,
        RandOp,
        FillOp,
        SeqOp,
        ConstantOp,
        *BINARY_OPS,
        *UNARY_OPS,
        SelectOp,
        MatmulOp,
        TransposeOp,
        DiagOp,
        ReshapeOp,
        ReduceOp,
        TraceOp,
        RevOp,
        CumAggOp,
        ReplaceOp,
        DetOp,
        SliceOp,
        UpdateOp,
        CbindOp,
        RbindOp,
        SolveOp,
        InvOp,
        NrowOp,
        NcolOp,
        NnzOp,
        ToScalarOp,
        FromScalarOp,
        CastOp,
        FailOp,
        TableOp,
        RemoveEmptyOp,
        OuterOp,
        OrderOp,
    ],  # fmt: skip
    [MatrixType],
)

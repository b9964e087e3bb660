"""Emitting ops for Python values: scalars (arith / math), matrices (matrix), conversions.

The translator's statement and expression walk is in translate.py; this is the layer that
knows NumPy's value semantics: Python-number folding, int/float promotion, and NumPy's
broadcasting and 1-D vectors over the matrix dialect's 2-D matrices.
"""

from __future__ import annotations

import ast
import math
import operator
from typing import Any

from xdsl.dialects import arith
from xdsl.dialects import math as xmath
from xdsl.dialects.builtin import (
    FileLineColLoc,
    FloatAttr,
    IntAttr,
    IntegerAttr,
    StringAttr,
    f64,
    i1,
    i64,
)
from xdsl.ir import Attribute, Block, Operation, SSAValue

from amls.dialects import matrix as mx
from amls.dialects.locations import named_location
from amls.frontends.python.values import JitError, Val, _Ident

ANY = mx.MatrixType(None, None)
KIND_TYPE: dict[str, Attribute] = {"f64": f64, "i64": i64, "i1": i1}

_FOLD = {
    "+": operator.add, "-": operator.sub, "*": operator.mul, "/": operator.truediv,
    "//": operator.floordiv, "%": operator.mod, "**": operator.pow,
}  # fmt: skip
_CMP = {"==": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le,
        ">": operator.gt, ">=": operator.ge}  # fmt: skip
_FCMP = {"==": "oeq", "!=": "une", "<": "olt", "<=": "ole", ">": "ogt", ">=": "oge"}
_ICMP = {"==": "eq", "!=": "ne", "<": "slt", "<=": "sle", ">": "sgt", ">=": "sge"}
MATRIX_BINARY: dict[str, type[Operation]] = {
    "+": mx.AddOp, "-": mx.SubOp, "*": mx.MulOp, "/": mx.DivOp, "**": mx.PowOp,
    "%": mx.ModOp, "//": mx.FloorDivOp, "min": mx.MinOp, "max": mx.MaxOp, "==": mx.EqOp,
    "!=": mx.NeOp,
    "<": mx.LtOp, "<=": mx.LeOp, ">": mx.GtOp, ">=": mx.GeOp, "&": mx.AndOp, "|": mx.OrOp,
}  # fmt: skip
MATRIX_UNARY: dict[str, type[Operation]] = {
    "neg": mx.NegOp, "exp": mx.ExpOp, "log": mx.LogOp, "sqrt": mx.SqrtOp, "abs": mx.AbsOp,
    "sign": mx.SignOp, "floor": mx.FloorOp, "ceil": mx.CeilOp, "sigmoid": mx.SigmoidOp,
    "rint": mx.RintOp,
    "not": mx.NotOp, "sin": mx.SinOp, "cos": mx.CosOp, "tan": mx.TanOp, "isnan": mx.IsNanOp,
    "arcsin": mx.AsinOp, "arccos": mx.AcosOp, "arctan": mx.AtanOp, "sinh": mx.SinhOp,
    "cosh": mx.CoshOp, "tanh": mx.TanhOp, "isinf": mx.IsInfOp,
}  # fmt: skip
_SCALAR_MATH: dict[str, tuple[type[Operation], Any]] = {
    "exp": (xmath.ExpOp, math.exp), "log": (xmath.LogOp, math.log),
    "sqrt": (xmath.SqrtOp, math.sqrt), "abs": (xmath.AbsFOp, abs),
    "floor": (xmath.FloorOp, math.floor), "ceil": (xmath.CeilOp, math.ceil),
    "rint": (xmath.RoundEvenOp, round),
    # Out of the domain or range (arcsin(2), sinh(1e3)) they do not fold: the op's kernel
    # gives NumPy's NaN / Inf at run time.
    "arcsin": (xmath.AsinOp, math.asin), "arccos": (xmath.AcosOp, math.acos),
    "arctan": (xmath.AtanOp, math.atan), "sinh": (xmath.SinhOp, math.sinh),
    "cosh": (xmath.CoshOp, math.cosh), "tanh": (xmath.TanhOp, math.tanh),
}  # fmt: skip
_OUTER_NAME: dict[type[Operation], str] = {cls: n for n, cls in mx.OUTER_OPS.items()}
_MASK_BINARY = ("==", "!=", "<", "<=", ">", ">=", "&", "|")  # give boolean arrays
_MASK_UNARY = ("not", "isnan", "isinf")
_SPARSE_KEEPS = {"*": "either", "/": "lhs", "+": "both", "-": "both", "neg": "lhs"}


_SYMBOLS: dict[type[ast.AST], str] = {
    ast.MatMult: "@", ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Div: "/",
    ast.FloorDiv: "//", ast.Mod: "%", ast.Pow: "**", ast.USub: "-", ast.UAdd: "+",
    ast.Not: "not", ast.Invert: "~", ast.BitAnd: "&", ast.BitOr: "|",
    ast.Eq: "==", ast.NotEq: "!=", ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">=",
}  # fmt: skip


def spelling(node: ast.AST | None) -> str | None:
    """How errors name the construct at `node`, as the function spells it (`@`,
    `np.linalg.solve`, `X.sum`); None: the IR op's own name."""
    match node:
        case ast.BinOp(op=op) | ast.UnaryOp(op=op) | ast.AugAssign(op=op):
            return _SYMBOLS.get(type(op))
        case ast.Compare(ops=[op, *_]):
            return _SYMBOLS.get(type(op))
        case ast.Call(func=f):
            return ast.unparse(f)
        case ast.Subscript():
            return "indexing"
    return None


class Builder:
    """Appends located ops to the current block."""

    def __init__(self, file: str, line_offset: int, col_offset: int):
        self.file = file
        self.line_offset = line_offset
        self.col_offset = col_offset
        self.block: Block = Block()
        self.inplace = False
        """Translating `x op= y` (NumPy cannot grow x by broadcasting)."""

    # -- locations and errors ------------------------------------------------------

    def where(self, node: ast.AST | None) -> str:
        line = getattr(node, "lineno", 0)
        col = getattr(node, "col_offset", 0)
        return f"{self.file}:{line + self.line_offset}:{col + self.col_offset + 1}"

    def err(self, node: ast.AST | None, message: str) -> JitError:
        return JitError(message, self.where(node))

    def loc(self, node: ast.AST | None) -> FileLineColLoc:
        line = getattr(node, "lineno", 0) + self.line_offset
        col = getattr(node, "col_offset", 0) + self.col_offset + 1
        return FileLineColLoc(StringAttr(self.file), IntAttr(line), IntAttr(col))

    def emit(self, op: Operation, node: ast.AST | None) -> Operation:
        op.location = named_location(spelling(node), self.loc(node))
        self.block.add_op(op)
        return op

    def mop(
        self,
        cls: type[Operation],
        operands: list[Any],
        node: ast.AST | None,
        result: Attribute = ANY,
        props: dict[str, Attribute] | None = None,
    ) -> SSAValue:
        op = cls.build(operands=operands, result_types=[result], properties=props or {})
        return self.emit(op, node).results[0]

    def mat(self, ssa: SSAValue, like: Val | None = None, **kw: Any) -> Val:
        """A new matrix value (a new array object), 1-D/orientation of `like` by default."""
        base = {"ndim": 2, "row": False, "sparse": False}
        if like is not None:
            base = {"ndim": like.ndim, "row": like.row, "sparse": False}
        base.update(kw)
        return Val("mat", ssa, None, ident=_Ident(), **base)

    def view(self, out: Val, base: Val) -> Val:
        """out as a NumPy view of base (basic indexing, .T, reshape): an in-place update of
        one is seen through the other. scipy.sparse indexing copies."""
        if not base.sparse:
            out.ident = base.ident
        out.mask = out.mask or base.mask  # a view has its base's dtype
        return out

    # -- scalars ---------------------------------------------------------------------

    def materialize(self, v: Val, node: ast.AST | None) -> SSAValue:
        if v.ssa is not None:
            return v.ssa
        assert v.scalar, v
        if v.kind == "f64":
            op: Operation = arith.ConstantOp(FloatAttr(float(v.const), f64))
        else:
            if v.kind == "i64" and not -(2**63) <= int(v.const) < 2**63:  # folded in Python
                raise self.err(node, f"integer overflow: {v.const} does not fit in 64 bits "
                               "(ints are int64 here: use a float)")  # fmt: skip
            op = arith.ConstantOp(IntegerAttr(int(v.const), KIND_TYPE[v.kind]))
        return self.emit(op, node).results[0]

    def need_scalar(self, v: Val, node: ast.AST | None, what: str = "a number") -> None:
        if not v.scalar:
            raise self.err(node, f"expected {what}, got {v.describe()}")

    def to_f64(self, v: Val, node: ast.AST | None) -> Val:
        if v.is_mat:
            return self.item(v, node)
        self.need_scalar(v, node)
        if v.kind == "f64":
            return v
        if v.const is not None:
            return Val("f64", None, float(v.const))
        x = v.ssa
        if v.kind == "i1":
            x = self.emit(arith.ExtUIOp(x, i64), node).results[0]
        return Val("f64", self.emit(arith.SIToFPOp(x, f64), node).results[0])

    def to_i64(self, v: Val, node: ast.AST | None) -> Val:
        self.need_scalar(v, node, "an integer")
        if v.kind == "i64":
            return v
        if v.const is not None:
            if isinstance(v.const, float) and not math.isfinite(v.const):
                raise self.err(node, f"cannot convert {v.const} to an integer")
            return Val("i64", None, int(v.const))
        op = arith.ExtUIOp(v.ssa, i64) if v.kind == "i1" else arith.FPToSIOp(v.ssa, i64)
        return Val("i64", self.emit(op, node).results[0])

    def to_i1(self, v: Val, node: ast.AST | None) -> Val:
        if v.is_mat:
            if v.ndim != 0:
                v = self.item(v, node, "the truth value of an array")
        self.need_scalar(v, node)
        if v.kind == "i1":
            return v
        if v.const is not None:
            return Val("i1", None, bool(v.const))
        zero = self.materialize(Val(v.kind, None, 0), node)
        op = (
            arith.CmpfOp(v.ssa, zero, "une") if v.kind == "f64" else arith.CmpiOp(v.ssa, zero, "ne")
        )
        return Val("i1", self.emit(op, node).results[0])

    def coerce(self, v: Val, kind: str, node: ast.AST | None) -> Val:
        if kind == "f64":
            return self.to_f64(v, node)
        if kind == "i64":
            return self.to_i64(v, node)
        return self.to_i1(v, node)

    def item(self, v: Val, node: ast.AST | None, what: str = "a scalar") -> Val:
        """A one-element array as a scalar (NumPy's float(a) / a.item())."""
        return Val("f64", self.mop(mx.ToScalarOp, [v.ssa], node, f64))

    def scalar_binop(self, op: str, a: Val, b: Val, node: ast.AST | None) -> Val:
        self.need_scalar(a, node)
        self.need_scalar(b, node)
        if a.const is not None and b.const is not None:
            try:
                r = _FOLD[op](a.const, b.const)
            except (ZeroDivisionError, OverflowError):
                r = None
            if isinstance(r, int | float) and not isinstance(r, complex):
                return Val("f64" if isinstance(r, float) else "i64", None, r)
        ints = a.kind in ("i64", "i1") and b.kind in ("i64", "i1")
        if ints and op in ("+", "-", "*", "//", "%"):
            x = self.materialize(self.to_i64(a, node), node)
            y = self.materialize(self.to_i64(b, node), node)
            if op == "%":  # Python's: the sign of the divisor
                q = self.emit(arith.FloorDivSIOp(x, y), node).results[0]
                qy = self.emit(arith.MuliOp(q, y), node).results[0]
                return Val("i64", self.emit(arith.SubiOp(x, qy), node).results[0])
            if op == "//":
                return Val("i64", self.emit(arith.FloorDivSIOp(x, y), node).results[0])
            # Python's ints never wrap: an i64 overflow fails (nsw traps) instead
            cls = {"+": arith.AddiOp, "-": arith.SubiOp, "*": arith.MuliOp}[op]
            nsw = arith.IntegerOverflowAttr([arith.IntegerOverflowFlag.NSW])
            return Val("i64", self.emit(cls(x, y, overflow=nsw), node).results[0])
        if ints and op == "**" and b.const is not None and b.const >= 0:
            r: Val = Val("i64", None, 1)
            for _ in range(int(b.const)):
                r = self.scalar_binop("*", r, a, node)
            return r
        x = self.materialize(self.to_f64(a, node), node)
        y = self.materialize(self.to_f64(b, node), node)
        if op in ("//", "%", "**"):  # NumPy's float semantics, on 1x1 matrices
            return self.via_matrix(op, [a, b], node)
        cls = {"+": arith.AddfOp, "-": arith.SubfOp, "*": arith.MulfOp, "/": arith.DivfOp}[op]
        return Val("f64", self.emit(cls(x, y), node).results[0])

    def via_matrix(self, op: str, args: list[Val], node: ast.AST | None) -> Val:
        """A scalar op through its matrix kernel on 1x1 (NumPy's float semantics)."""
        ms = [
            self.mop(mx.FromScalarOp, [self.materialize(self.to_f64(a, node), node)], node)
            for a in args
        ]
        if op in MATRIX_BINARY:
            r = self.mop(MATRIX_BINARY[op], ms, node)
        else:
            r = self.mop(MATRIX_UNARY[op], ms, node)
        return Val("f64", self.mop(mx.ToScalarOp, [r], node, f64))

    def compare(self, op: str, a: Val, b: Val, node: ast.AST | None) -> Val:
        if a.is_mat or b.is_mat:
            return self.matrix_binop(op, a, b, node)
        self.need_scalar(a, node)
        self.need_scalar(b, node)
        if a.const is not None and b.const is not None:
            return Val("i1", None, bool(_CMP[op](a.const, b.const)))
        if a.kind in ("i64", "i1") and b.kind in ("i64", "i1"):
            x = self.materialize(self.to_i64(a, node), node)
            y = self.materialize(self.to_i64(b, node), node)
            return Val("i1", self.emit(arith.CmpiOp(x, y, _ICMP[op]), node).results[0])
        x = self.materialize(self.to_f64(a, node), node)
        y = self.materialize(self.to_f64(b, node), node)
        return Val("i1", self.emit(arith.CmpfOp(x, y, _FCMP[op]), node).results[0])

    def logic(self, op: str, a: Val, b: Val, node: ast.AST | None) -> Val:
        if a.is_mat or b.is_mat:
            return self.matrix_binop(op, a, b, node)
        x, y = self.to_i1(a, node), self.to_i1(b, node)
        if x.const is not None and y.const is not None:
            return Val("i1", None, (x.const and y.const) if op == "&" else (x.const or y.const))
        cls = arith.AndIOp if op == "&" else arith.OrIOp
        xs, ys = self.materialize(x, node), self.materialize(y, node)
        return Val("i1", self.emit(cls(xs, ys), node).results[0])

    def scalar_unary(self, name: str, v: Val, node: ast.AST | None) -> Val:
        if name == "neg":
            if v.kind == "i1":
                v = self.to_i64(v, node)
            return self.scalar_binop("-", Val(v.kind, None, 0), v, node)
        if name == "not":
            x = self.to_i1(v, node)
            if x.const is not None:
                return Val("i1", None, not x.const)
            one = self.materialize(Val("i1", None, True), node)
            return Val("i1", self.emit(arith.XOrIOp(x.ssa, one), node).results[0])
        x = self.to_f64(v, node)
        if name == "isnan":  # a bool, as NumPy's (not the 0/1 of the matrix op)
            if x.const is not None:
                return Val("i1", None, math.isnan(x.const))
            xs = self.materialize(x, node)
            return Val("i1", self.emit(arith.CmpfOp(xs, xs, "uno"), node).results[0])
        if name in _SCALAR_MATH:
            cls, fn = _SCALAR_MATH[name]
            if x.const is not None:
                try:
                    return Val("f64", None, float(fn(x.const)))
                except (ValueError, OverflowError):
                    pass  # not foldable (log(-1), exp(1e3)): the op computes it at run time
            return Val("f64", self.emit(cls(self.materialize(x, node)), node).results[0])
        return self.via_matrix(name, [x], node)

    def select(self, c: Val, a: Val, b: Val, node: ast.AST | None) -> Val:
        """A scalar if-else (np.where on a scalar condition, min/max)."""
        if c.const is not None:
            return a if c.const else b
        kind = join_kind(a, b)
        if kind is None:
            raise self.err(node, f"the two values are {a.describe()} and {b.describe()}")
        x = self.materialize(self.coerce(a, kind, node), node)
        y = self.materialize(self.coerce(b, kind, node), node)
        return Val(kind, self.emit(arith.SelectOp(c.ssa, x, y), node).results[0])

    # -- matrices ------------------------------------------------------------------------

    def operand(self, v: Val, node: ast.AST | None) -> SSAValue:
        """A matrix-op operand: the matrix, or the scalar as f64."""
        if v.is_mat:
            return v.ssa
        return self.materialize(self.to_f64(v, node), node)

    def transpose(self, v: Val, node: ast.AST | None) -> SSAValue:
        return self.mop(mx.TransposeOp, [v.ssa], node)

    def oriented(self, v: Val, row: bool, node: ast.AST | None) -> SSAValue:
        """A 1-D vector held as a row (1 x n) or column (n x 1)."""
        assert v.ndim == 1
        return v.ssa if v.row == row else self.transpose(v, node)

    def matrix_binop(self, op: str, a: Val, b: Val, node: ast.AST | None) -> Val:
        for v in (a, b):
            if not (v.is_mat or v.scalar):
                raise self.err(node, f"operator {op} does not apply to {v.describe()}")
        x, y = self.operand(a, node), self.operand(b, node)
        like = a if a.is_mat else b
        shape: dict[str, Any] = {"ndim": like.ndim, "row": like.row}
        shape.update(cols1=like.cols1, rows1=like.rows1)  # matrix op scalar: like's shape
        if a.is_mat and b.is_mat:
            if a.ndim == 1 and b.ndim == 1:
                y = self.oriented(b, a.row, node)
            elif a.ndim == 1:  # NumPy broadcasts a 1-D array as a row
                x = self.oriented(a, True, node)
                shape = {"ndim": 2, "row": False, "rows1": b.rows1}
            elif b.ndim == 1:
                y = self.oriented(b, True, node)
                shape = {"ndim": 2, "row": False, "rows1": a.rows1}
            else:  # one column (row) where both have one
                shape = {"ndim": 2, "row": False, "cols1": a.cols1 and b.cols1,
                         "rows1": a.rows1 and b.rows1}  # fmt: skip
            outer = self._outer(op, a, b, x, y, node)
            if outer is not None:
                return self.mat(outer, mask=op in _MASK_BINARY)
        keeps = _SPARSE_KEEPS.get(op)
        sparse = (
            (keeps == "either" and (a.sparse or b.sparse))
            or (keeps == "lhs" and a.sparse)
            or (keeps == "both" and a.sparse and b.sparse)
            or (op == "**" and a.sparse and b.scalar)  # scipy.sparse's A ** p stays sparse
        )
        return self.mat(self.mop(MATRIX_BINARY[op], [x, y], node), None, sparse=sparse,
                        mask=op in _MASK_BINARY, **shape)  # fmt: skip

    def _outer(
        self, op: str, a: Val, b: Val, x: SSAValue, y: SSAValue, node: ast.AST | None
    ) -> SSAValue | None:
        """NumPy's broadcast of a column against a row, (n, 1) op (1, m) -> (n, m), as
        matrix.outer (a row against a column: the transposed outer of the transposes). Only
        where the shapes are known from how the arrays were made (v[:, None], reshape,
        keepdims, an argument's shape); x, y: a and b as the binary op would read them (a
        1-D array as a row). Outer is also right where n or m turns out to be 1."""
        name = _OUTER_NAME.get(MATRIX_BINARY[op])
        if name is None or a.sparse or b.sparse:
            return None

        def vec(v: Val) -> tuple[bool, bool]:  # (one column, one row) as the op reads v
            return (False, True) if v.ndim == 1 else (v.cols1, v.rows1)

        (ac, ar), (bc, br) = vec(a), vec(b)
        straight = ac and br and not (ar or bc)  # (n, 1) op (1, m)
        crossed = ar and bc and not (ac or br)  # (1, m) op (n, 1)
        if not (straight or crossed):
            return None
        if self.inplace:
            raise self.err(node, f"in-place {op}= would broadcast a column against a row "
                           "(NumPy: non-broadcastable output operand)")  # fmt: skip
        props = {"op": StringAttr(name)}
        if straight:
            return self.mop(mx.OuterOp, [x, y], node, ANY, props)
        tx, ty = self.mop(mx.TransposeOp, [x], node), self.mop(mx.TransposeOp, [y], node)
        o = self.mop(mx.OuterOp, [tx, ty], node, ANY, props)
        return self.mop(mx.TransposeOp, [o], node)

    def matrix_unary(self, name: str, v: Val, node: ast.AST | None) -> Val:
        sparse = v.sparse and name in (
            "neg", "abs", "sign", "sqrt", "floor", "ceil", "rint", "sin", "tan", "arcsin",
            "arctan", "sinh", "tanh",
        )  # fmt: skip
        return self.mat(self.mop(MATRIX_UNARY[name], [v.ssa], node), v, sparse=sparse,
                        cols1=v.cols1, rows1=v.rows1, mask=name in _MASK_UNARY)  # fmt: skip

    def unary(self, name: str, v: Val, node: ast.AST | None) -> Val:
        if v.is_mat:
            return self.matrix_unary(name, v, node)
        return self.scalar_unary(name, v, node)

    def binary(self, op: str, a: Val, b: Val, node: ast.AST | None) -> Val:
        if a.is_mat or b.is_mat:
            return self.matrix_binop(op, a, b, node)
        if op in ("min", "max"):
            return self.via_matrix(op, [a, b], node)
        return self.scalar_binop(op, a, b, node)

    def matmul(self, a: Val, b: Val, node: ast.AST | None) -> Val:
        if not (a.is_mat and b.is_mat):
            raise self.err(node, "matmul (@) needs two arrays, not a scalar")
        if a.ndim == 1 and b.ndim == 1:  # the dot product
            r = self.mop(mx.MatmulOp, [self.oriented(a, True, node), self.oriented(b, False, node)],
                         node)  # fmt: skip
            return Val("f64", self.mop(mx.ToScalarOp, [r], node, f64))
        if b.ndim == 1:
            r = self.mop(mx.MatmulOp, [a.ssa, self.oriented(b, False, node)], node)
            return self.mat(r, None, ndim=1, row=False)
        if a.ndim == 1:
            r = self.mop(mx.MatmulOp, [self.oriented(a, True, node), b.ssa], node)
            return self.mat(r, None, ndim=1, row=True)
        r = self.mop(mx.MatmulOp, [a.ssa, b.ssa], node)
        return self.mat(r, None, sparse=a.sparse and b.sparse)

    def nrow(self, v: Val, node: ast.AST | None) -> Val:
        return Val("i64", self.mop(mx.NrowOp, [v.ssa], node, i64))

    def ncol(self, v: Val, node: ast.AST | None) -> Val:
        return Val("i64", self.mop(mx.NcolOp, [v.ssa], node, i64))

    def shape(self, v: Val, node: ast.AST | None) -> list[Val]:
        if v.ndim == 1:
            return [self.ncol(v, node) if v.row else self.nrow(v, node)]
        return [self.nrow(v, node), self.ncol(v, node)]

    def fill(self, value: Val, dims: list[Val], node: ast.AST | None) -> Val:
        """np.full: a 1-D (one dim, a column) or 2-D array."""
        d = [self.materialize(self.to_i64(x, node), node) for x in dims]
        f = self.materialize(self.to_f64(value, node), node)
        if len(d) == 1:
            return self.mat(self.mop(mx.FillOp, [f, d[0], self.i64(1, node)], node), ndim=1)
        return self.mat(self.mop(mx.FillOp, [f, d[0], d[1]], node))

    def i64(self, value: int, node: ast.AST | None) -> SSAValue:
        return self.materialize(Val("i64", None, value), node)

    def reduce(
        self, kind: str, v: Val, axis: int | None, keepdims: bool, node: ast.AST | None
    ) -> Val:
        """np.sum / mean / min / max / argmin / argmax with NumPy's axis and keepdims."""
        if not v.is_mat:
            raise self.err(node, f"np.{kind} needs an array here, got {v.describe()}")
        arg = kind in ("argmin", "argmax")
        if kind in ("min", "max"):
            self.check_nonempty(kind, v, axis, node)

        def props(ax: str) -> dict[str, Attribute]:
            return {"kind": StringAttr(kind), "axis": StringAttr(ax)}

        if v.ndim == 1:
            if axis not in (None, 0, -1):
                raise self.err(node, f"axis {axis} is out of bounds for a 1-D array")
            if arg:  # along the vector: a 1x1 index
                r = self.mop(mx.ReduceOp, [v.ssa], node, ANY, props("row" if v.row else "col"))
                s = Val("f64", self.mop(mx.ToScalarOp, [r], node, f64))
                return self.to_i64(s, node)
            s = Val("f64", self.mop(mx.ReduceOp, [v.ssa], node, f64, props("all")))
            if keepdims:
                return self.mat(self.mop(mx.FromScalarOp, [s.ssa], node), ndim=1)
            return s
        if axis is None:
            if arg:
                raise self.err(node, f"np.{kind} of a 2-D array needs axis= (0 or 1)")
            s = Val("f64", self.mop(mx.ReduceOp, [v.ssa], node, f64, props("all")))
            if keepdims:
                return self.mat(self.mop(mx.FromScalarOp, [s.ssa], node), cols1=True, rows1=True)
            return s
        if axis not in (0, 1, -1, -2):
            raise self.err(node, f"axis {axis} is out of bounds for a 2-D array")
        over_rows = axis in (0, -2)  # NumPy's axis=0 reduces the rows: a 1 x C result
        r = self.mop(mx.ReduceOp, [v.ssa], node, ANY, props("col" if over_rows else "row"))
        if keepdims:
            return self.mat(r, rows1=over_rows, cols1=not over_rows)
        return self.mat(r, ndim=1, row=over_rows)

    def check_nonempty(self, kind: str, v: Val, axis: int | None, node: ast.AST | None) -> None:
        """NumPy's min/max of nothing is a ValueError (the kernels give the identity, +-inf):
        a run-time check on the length reduced, removed where the sizes prove it."""
        if v.ndim == 1 or axis is None:
            r, c = self.nrow(v, node), self.ncol(v, node)
            n = self.emit(arith.MuliOp(r.ssa, c.ssa), node).results[0]
        else:
            n = (self.nrow if axis in (0, -2) else self.ncol)(v, node).ssa
        empty = self.emit(arith.CmpiOp(n, self.i64(0, node), "eq"), node).results[0]
        op = "maximum" if kind == "max" else "minimum"
        text = f"zero-size array to reduction operation {op} which has no identity"
        self.block.add_ops(mx.stop_if(empty, text, self.loc(node)))


def join_kind(a: Val, b: Val) -> str | None:
    """The kind both of two scalar kinds convert to (Python's promotion), None if none."""
    if a.kind == b.kind:
        return a.kind
    if not (a.scalar and b.scalar):
        return None
    return "f64" if "f64" in (a.kind, b.kind) else "i64"

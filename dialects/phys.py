"""The `phys` dialect: the physical plan. Every op says how it runs.

Each matrix op has a physical twin `phys.NAME` with the same operands, results and
properties, plus an execution type (`local` | `dist`) and, for matmul, a method:

    %y = phys.matmul dist mapmm_right %X, %v : (!phys.dmat<..>, !phys.bcast<..>) -> !phys.dmat<..>
    %s = phys.reduce local sum all %y : (!matrix.mat<..>) -> f64

Values live in one of three places, told apart by type:
- `!matrix.mat<..>`  a local value in the driver (NumPy / SciPy CSR);
- `!phys.dmat<..>`   a blocked matrix on the cluster;
- `!phys.bcast<..>`  a local value replicated once to every worker (read by mapmm and
  map-side element-wise ops).
Data movement is explicit: distribute (mat -> dmat), collect (dmat -> mat), broadcast
(mat -> bcast), persist / unpersist (keep a dmat's blocks on the workers across a loop);
colmajor (mat -> mat) changes a local matrix's memory layout.
A local op never reads a dmat and a dist op never reads a local matrix: the verifier
checks it, so every transfer is visible in the IR.

Fused operators chosen by lower-to-phys (docs/rewrites.md, "Fused physical operators") are
their own ops: tsmm, mmchain, tmm (left-transpose mm), wtsmm (weighted tsmm), tak
(sum/colSums of products), axpy, wsloss. sumsq is `phys.reduce local sumsq`.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator, Mapping
from typing import Any, ClassVar

from xdsl.dialects.builtin import I64, IntegerAttr, StringAttr, f64
from xdsl.interfaces import HasFolderInterface
from xdsl.ir import Attribute, Dialect, Operation, SSAValue
from xdsl.irdl import (
    AnyOf,
    AttrConstraint,
    BaseAttr,
    EqAttrConstraint,
    OpDef,
    OptPropertyDef,
    RangeConstraint,
    VarOperandDef,
    irdl_attr_definition,
    irdl_op_definition,
    operand_def,
    opt_prop_def,
    prop_def,
    range_constr_coercion,
    result_def,
    single_range_constr_coercion,
    traits_def,
    var_operand_def,
)
from xdsl.traits import Pure
from xdsl.utils.exceptions import VerifyException

from amls.dialects import matrix as mx
from amls.dialects.matrix import MatrixLikeType, MatrixOp, MatrixType, mat_type

EXEC_TYPES = ("local", "dist")


@irdl_attr_definition
class DistMatrixType(MatrixLikeType):
    """`!phys.dmat<RxCxf64[, nnz=N]>`: a blocked matrix on the cluster."""

    name = "phys.dmat"


@irdl_attr_definition
class BroadcastType(MatrixLikeType):
    """`!phys.bcast<RxCxf64[, nnz=N]>`: a local value with one copy on every worker."""

    name = "phys.bcast"


def is_dist(t: Attribute) -> bool:
    return isinstance(t, DistMatrixType)


def is_bcast(t: Attribute) -> bool:
    return isinstance(t, BroadcastType)


def is_local_mat(t: Attribute) -> bool:
    return type(t) is MatrixType


def as_local(t: Attribute) -> Attribute:
    if isinstance(t, MatrixLikeType) and type(t) is not MatrixType:
        return MatrixType(t.rows, t.cols, t.nnz)
    return t


def as_dist(t: Attribute) -> Attribute:
    if isinstance(t, MatrixLikeType):
        return DistMatrixType(t.rows, t.cols, t.nnz)
    return t


def as_bcast(t: Attribute) -> Attribute:
    if isinstance(t, MatrixLikeType):
        return BroadcastType(t.rows, t.cols, t.nnz)
    return t


Mat = BaseAttr(MatrixLikeType)
MatOrScalar = AnyOf([BaseAttr(MatrixLikeType), EqAttrConstraint(f64)])
_TWIN_CONSTRAINTS: tuple[tuple[AttrConstraint, AttrConstraint], ...] = (
    (mx.Mat, Mat),
    (mx.MatOrScalar, MatOrScalar),
    (mx.I64, mx.I64),
    (mx.F64, mx.F64),
    (mx.Printable, mx.Printable),
)
"""Constraints of matrix op operands and results -> their twins': a matrix may live
anywhere (local, distributed, broadcast); scalars and printed values stay as they are."""


def _twin_constraint(constr: RangeConstraint, variadic: bool) -> AttrConstraint:
    coerce = range_constr_coercion if variadic else single_range_constr_coercion
    for old, new in _TWIN_CONSTRAINTS:
        if coerce(old) == constr:
            return new
    raise ValueError(f"no phys twin of operand or result constraint {constr}")


# ---------------------------------------------------------------------------
# The physical twins of matrix ops.


class PhysOp(MatrixOp):
    """Base of every phys compute op: `exec` (local | dist), optional `method`."""

    MATRIX_OP: ClassVar[type[MatrixOp] | None] = None
    """The matrix op this op implements (None for fused ops)."""
    DIST_OK: ClassVar[bool] = False
    """Whether the Dask runtime implements this op distributed."""
    BCAST_OPERANDS: ClassVar[bool] = False
    """Whether a dist instance may read broadcast operands (map-side)."""
    METHODS: ClassVar[dict[str, tuple[str, ...]]] = {}
    """Allowed methods per exec type (no entry: the op has no method)."""

    @property
    def exec_type(self) -> str:
        return self.properties["exec"].data  # type: ignore[attr-defined]

    @property
    def method_name(self) -> str | None:
        m = self.properties.get("method")
        return None if m is None else m.data  # type: ignore[attr-defined]

    def verify_(self) -> None:
        ex = self.exec_type
        if ex not in EXEC_TYPES:
            raise VerifyException(f"exec type must be local or dist, got '{ex}'")
        if ex == "dist" and not self.DIST_OK:
            raise VerifyException(f"{self.name} has no distributed implementation")
        allowed = self.METHODS.get(ex)
        m = self.method_name
        if allowed is not None:
            if m is None or m not in allowed:
                raise VerifyException(
                    f"{self.name} {ex} needs a method in ({', '.join(allowed)}), got {m!r}"
                )
        elif m is not None:
            raise VerifyException(f"{self.name} {ex} takes no method, got '{m}'")
        self._verify_placement()
        if self.MATRIX_OP is not None:
            self.MATRIX_OP.verify_facts(self)  # the matrix op's own checks; same field names
        self.verify_phys()

    def verify_phys(self) -> None:
        """Op-specific checks of fused ops."""

    def _verify_placement(self) -> None:
        ex = self.exec_type
        for v in self.operands:
            t = v.type
            if ex == "local" and (is_dist(t) or is_bcast(t)):
                raise VerifyException(
                    f"local {self.name} reads a {'distributed' if is_dist(t) else 'broadcast'}"
                    " value: collect it first"
                )
            if ex == "dist" and is_local_mat(t):
                raise VerifyException(
                    f"dist {self.name} reads a local matrix: distribute or broadcast it first"
                )
            if ex == "dist" and is_bcast(t) and not self._bcast_ok(v):
                raise VerifyException(f"dist {self.name} cannot read a broadcast operand here")
        for r in self.results:
            t = r.type
            if ex == "local" and (is_dist(t) or is_bcast(t)):
                raise VerifyException(f"local {self.name} must produce a local value")
            if ex == "dist" and isinstance(t, MatrixLikeType) and not is_dist(t):
                raise VerifyException(f"dist {self.name} must produce a !phys.dmat value")

    def _bcast_ok(self, v: SSAValue) -> bool:
        if not self.BCAST_OPERANDS:
            return False
        if self.method_name in ("mapmm_left", "mapmm_right"):
            side = 0 if self.method_name == "mapmm_left" else 1
            return v is self.operands[side] and is_dist(self.operands[1 - side].type)
        return any(is_dist(o.type) for o in self.operands)


def _copy_fields(op_def: OpDef) -> dict[str, Any]:
    """The operand, result and property definitions of a matrix op, for its twin."""
    ns: dict[str, Any] = {}
    for name, d in op_def.operands:
        if isinstance(d, VarOperandDef):
            ns[name] = var_operand_def(_twin_constraint(d.constr, variadic=True))
        else:
            ns[name] = operand_def(_twin_constraint(d.constr, variadic=False))
    for name, d in op_def.results:
        ns[name] = result_def(_twin_constraint(d.constr, variadic=False))
    for name, d in op_def.properties.items():
        if isinstance(d, OptPropertyDef):
            ns[name] = opt_prop_def(d.constr)
        elif d.default_value is not None:
            ns[name] = prop_def(d.constr, default_value=d.default_value)
        else:
            ns[name] = prop_def(d.constr)
    return ns


DIST_OPS: frozenset[type[MatrixOp]] = frozenset(
    {
        *mx.BINARY_OPS,
        *mx.UNARY_OPS,
        mx.MatmulOp,
        mx.TransposeOp,
        mx.ReduceOp,
        mx.CbindOp,
        mx.RbindOp,
        mx.SliceOp,
        mx.NrowOp,
        mx.NcolOp,
        mx.NnzOp,
        mx.CastOp,
        mx.RandOp,  # generated on the workers (interpreter/dist/generate.py)
        mx.FillOp,
        mx.SeqOp,
    }
)
"""Matrix ops with a distributed implementation in amls.interpreter.dist."""

BLOCK_ATTR = "phys.block"
"""The block size of a generator (rand, fill, seq) that runs dist, set by lower-to-phys."""

LOCAL_MM_METHODS = ("mm",)
DIST_MM_METHODS = ("mapmm_left", "mapmm_right", "cpmm", "rmm")
DIST_EW_METHODS = ("map", "join")
"""Element-wise dist: map-side (the other operand a scalar or broadcast) or block join."""


def _twin(base: type[MatrixOp]) -> type[PhysOp]:
    op_def = base.get_irdl_definition()
    short = base.name.split(".", 1)[1]
    ns = _copy_fields(op_def)
    ns["exec"] = prop_def(StringAttr)
    ns["method"] = opt_prop_def(StringAttr)
    ns["name"] = f"phys.{short}"
    ns["MATRIX_OP"] = base
    ns["DIST_OK"] = base in DIST_OPS
    ns["BCAST_OPERANDS"] = base in mx.BINARY_OPS or base is mx.MatmulOp
    ns["KEYWORD_PROPS"] = ("exec", *base.KEYWORD_PROPS)
    if base is mx.MatmulOp:
        ns["KEYWORD_PROPS"] = ("exec", "method")
        ns["METHODS"] = {"local": LOCAL_MM_METHODS, "dist": DIST_MM_METHODS}
    elif base in mx.BINARY_OPS:
        ns["METHODS"] = {"dist": DIST_EW_METHODS}
    ns["traits"] = traits_def(*op_def.traits)
    if issubclass(base, HasFolderInterface):  # the trait above calls op.fold()
        ns["fold"] = base.fold
    ns["__doc__"] = f"Physical {base.name}."
    for k in dir(base):  # class constants the matrix verifier reads (AXIS, ...)
        if k.isupper() and k not in ns and not hasattr(PhysOp, k):
            ns[k] = getattr(base, k)
    ns["__annotations__"] = {k: ClassVar[Any] for k in ns if k.isupper()}
    cls = type(f"Phys{base.__name__}", (PhysOp,), ns)
    return irdl_op_definition(cls)


TwinHook = Callable[[type[MatrixOp], type[PhysOp]], None]
_TWIN_LOCK = threading.RLock()


class _Twins(Mapping[type[MatrixOp], type[PhysOp]]):
    """matrix op class -> its phys twin, each defined on first use: defining an op costs
    xDSL ~0.2 ms and a program needs a few of the matrix dialect's ops, so a run's start-up
    does not pay for all of them. Iterating defines every twin."""

    def __init__(self) -> None:
        self._made: dict[type[MatrixOp], type[PhysOp]] = {}
        self._hooks: list[TwinHook] = []

    def __getitem__(self, base: type[MatrixOp]) -> type[PhysOp]:
        twin = self._made.get(base)
        if twin is None:
            if base not in self:
                raise KeyError(base)
            with _TWIN_LOCK:  # one class per op, also when threads lower at once
                twin = self._made.get(base)
                if twin is None:
                    twin = self._made[base] = _twin(base)
                    for hook in self._hooks:
                        hook(base, twin)
        return twin

    def __contains__(self, base: object) -> bool:
        return base in self._made or base in _MATRIX_OPS

    def __iter__(self) -> Iterator[type[MatrixOp]]:
        return iter(_MATRIX_OP_LIST)

    def __len__(self) -> int:
        return len(_MATRIX_OP_LIST)

    def on_define(self, hook: TwinHook) -> None:
        """Call hook(base, twin) for every twin, defined already or later (the
        interpreter registers twin kernels this way)."""
        self._hooks.append(hook)
        for base, twin in list(self._made.items()):
            hook(base, twin)


_MATRIX_OP_LIST: tuple[type[MatrixOp], ...] = tuple(mx.Matrix.operations)  # type: ignore[arg-type]
_MATRIX_OPS = frozenset(_MATRIX_OP_LIST)
TWINS = _Twins()
"""matrix op class -> its phys twin (defined on first lookup)."""

MatmulOp = TWINS[mx.MatmulOp]
CbindOp = TWINS[mx.CbindOp]
ReduceOp = TWINS[mx.ReduceOp]
TransposeOp = TWINS[mx.TransposeOp]


# ---------------------------------------------------------------------------
# Fused operators (local unless noted).


def _mt(v: SSAValue) -> MatrixLikeType:
    return mat_type(v)


def _expect(op: Operation, shape: tuple[int | None, int | None]) -> None:
    t = op.results[0].type
    if isinstance(t, MatrixLikeType):
        for a, b, what in ((t.rows, shape[0], "rows"), (t.cols, shape[1], "cols")):
            if a is not None and b is not None and a != b:
                raise VerifyException(f"{op.name} result {what} {a} should be {b}")


@irdl_op_definition
class TsmmOp(PhysOp):
    """Transpose-self matmul: left t(X)%*%X, right X%*%t(X); symmetric, half the flops.

    dist tsmm (left only) sums per-block t(Xi)%*%Xi when the output is one block."""

    name = "phys.tsmm"
    KEYWORD_PROPS: ClassVar[tuple[str, ...]] = ("exec", "side")
    DIST_OK: ClassVar[bool] = True
    input = operand_def(Mat)
    exec = prop_def(StringAttr)
    side = prop_def(StringAttr)
    result = result_def(Mat)
    traits = traits_def(Pure())

    def verify_phys(self) -> None:
        side = self.side.data
        if side not in ("left", "right"):
            raise VerifyException(f"tsmm side must be left or right, got '{side}'")
        if self.exec_type == "dist" and side != "left":
            raise VerifyException("dist tsmm is left only (t(X)%*%X)")
        r, c = _mt(self.input).shape
        _expect(self, (c, c) if side == "left" else (r, r))


MMCHAIN_KINDS = ("xtxv", "xtwxv", "xtxvy")


@irdl_op_definition
class MmchainOp(PhysOp):
    """One pass over X: xtxv t(X)%*%(X%*%v); xtwxv t(X)%*%(w*(X%*%v));
    xtxvy t(X)%*%((X%*%v)-y). Operands: X, v[, w or y]."""

    name = "phys.mmchain"
    KEYWORD_PROPS: ClassVar[tuple[str, ...]] = ("exec", "kind")
    inputs = var_operand_def(Mat)
    exec = prop_def(StringAttr)
    kind = prop_def(StringAttr)
    result = result_def(Mat)
    traits = traits_def(Pure())

    def verify_phys(self) -> None:
        kind = self.kind.data
        if kind not in MMCHAIN_KINDS:
            raise VerifyException(f"mmchain kind must be one of {', '.join(MMCHAIN_KINDS)}")
        n = len(self.inputs)
        if n != (2 if kind == "xtxv" else 3):
            raise VerifyException(f"mmchain {kind} takes {2 if kind == 'xtxv' else 3} operands")
        x, v = _mt(self.inputs[0]), _mt(self.inputs[1])
        if v.cols is not None and v.cols != 1:
            raise VerifyException("mmchain needs v with one column")
        if x.cols is not None and v.rows is not None and x.cols != v.rows:
            raise VerifyException(f"mmchain: X has {x.cols} columns but v has {v.rows} rows")
        _expect(self, (x.cols, 1))


@irdl_op_definition
class TmmOp(PhysOp):
    """Left-transpose matmul t(X)%*%Y without materialising t(X): computed as
    t(t(Y)%*%X) when Y is narrow (moves Y, not X)."""

    name = "phys.tmm"
    KEYWORD_PROPS: ClassVar[tuple[str, ...]] = ("exec",)
    lhs = operand_def(Mat)
    rhs = operand_def(Mat)
    exec = prop_def(StringAttr)
    result = result_def(Mat)
    traits = traits_def(Pure())

    def verify_phys(self) -> None:
        a, b = _mt(self.lhs), _mt(self.rhs)
        if a.rows is not None and b.rows is not None and a.rows != b.rows:
            raise VerifyException(f"tmm: t(X) has {a.rows} columns but Y has {b.rows} rows")
        _expect(self, (a.cols, b.cols))


@irdl_op_definition
class WtsmmOp(PhysOp):
    """Weighted tsmm t(X)%*%(w*X), w a column (IRLS / GLM Hessians): by row blocks, so
    w*X is never materialised and X is read once. Operands: X, w."""

    name = "phys.wtsmm"
    KEYWORD_PROPS: ClassVar[tuple[str, ...]] = ("exec",)
    x = operand_def(Mat)
    w = operand_def(Mat)
    exec = prop_def(StringAttr)
    result = result_def(Mat)
    traits = traits_def(Pure())

    def verify_phys(self) -> None:
        x, w = _mt(self.x), _mt(self.w)
        if w.cols is not None and w.cols != 1:
            raise VerifyException("wtsmm needs w with one column")
        if x.rows is not None and w.rows is not None and x.rows != w.rows:
            raise VerifyException(f"wtsmm: X has {x.rows} rows but w has {w.rows}")
        _expect(self, (x.cols, x.cols))


@irdl_op_definition
class TakOp(PhysOp):
    """Ternary/binary aggregate of a product without materialising it:
    axis all: sum(X*Y[*Z]) -> f64; axis col: colSums(X*Y) -> 1xC; axis row:
    rowSums(X*Y) -> Rx1 (diag(X%*%Y) after diag-of-mm is rowSums(X*t(Y)))."""

    name = "phys.tak"
    KEYWORD_PROPS: ClassVar[tuple[str, ...]] = ("exec", "axis")
    inputs = var_operand_def(Mat)
    exec = prop_def(StringAttr)
    axis = prop_def(StringAttr)
    result = result_def(MatOrScalar)
    traits = traits_def(Pure())

    def verify_phys(self) -> None:
        axis = self.axis.data
        n = len(self.inputs)
        if axis not in ("all", "col", "row"):
            raise VerifyException(f"tak axis must be all, col or row, got '{axis}'")
        if n not in (2, 3) or (axis != "all" and n != 2):
            raise VerifyException(f"tak {axis} takes {'2 or 3' if axis == 'all' else '2'} operands")
        shapes = [_mt(v).shape for v in self.inputs]
        for s in shapes[1:]:
            for a, b in zip(s, shapes[0], strict=True):
                if a is not None and b is not None and a != b:
                    raise VerifyException("tak operands must have equal shapes")
        if axis == "all" and self.result.type != f64:
            raise VerifyException("tak all returns f64")
        if axis == "col":
            _expect(self, (1, shapes[0][1]))
        if axis == "row":
            _expect(self, (shapes[0][0], 1))


@irdl_op_definition
class AxpyOp(PhysOp):
    """X + s*Y (sign add) or X - s*Y (sign sub), one pass, no s*Y temporary."""

    name = "phys.axpy"
    KEYWORD_PROPS: ClassVar[tuple[str, ...]] = ("exec", "sign")
    x = operand_def(Mat)
    s = operand_def(EqAttrConstraint(f64))
    y = operand_def(Mat)
    exec = prop_def(StringAttr)
    sign = prop_def(StringAttr)
    result = result_def(Mat)
    traits = traits_def(Pure())

    def verify_phys(self) -> None:
        if self.sign.data not in ("add", "sub"):
            raise VerifyException(f"axpy sign must be add or sub, got '{self.sign.data}'")
        a, b = _mt(self.x).shape, _mt(self.y).shape
        for p, q in zip(a, b, strict=True):
            if p is not None and q is not None and p != q:
                raise VerifyException("axpy operands must have equal shapes")
        _expect(self, a)


@irdl_op_definition
class WslossOp(PhysOp):
    """Weighted squared loss sum(W*(X-U%*%t(V))^2) without materialising U%*%t(V)
    where W is zero (post-weighting)."""

    name = "phys.wsloss"
    KEYWORD_PROPS: ClassVar[tuple[str, ...]] = ("exec",)
    w = operand_def(Mat)
    x = operand_def(Mat)
    u = operand_def(Mat)
    v = operand_def(Mat)
    exec = prop_def(StringAttr)
    result = result_def(EqAttrConstraint(f64))
    traits = traits_def(Pure())

    def verify_phys(self) -> None:
        w, x, u, v = (_mt(o) for o in (self.w, self.x, self.u, self.v))
        if u.cols is not None and v.cols is not None and u.cols != v.cols:
            raise VerifyException("wsloss: U and V need the same number of columns")
        for a, b in ((w.rows, x.rows), (w.cols, x.cols), (x.rows, u.rows), (x.cols, v.rows)):
            if a is not None and b is not None and a != b:
                raise VerifyException("wsloss: W, X, U%*%t(V) must have equal shapes")


FUSED_OPS: tuple[type[PhysOp], ...] = (
    TsmmOp,
    MmchainOp,
    TmmOp,
    WtsmmOp,
    TakOp,
    AxpyOp,
    WslossOp,
)


# ---------------------------------------------------------------------------
# Data movement.


class MoveOp(MatrixOp):
    """Base of data movement ops (custom syntax of MatrixOp)."""

    def _check_types(self, src: type, dst: type | None) -> None:
        a = self.operands[0].type
        if type(a) is not src:
            raise VerifyException(f"{self.name} reads a {src.name}, got {a}")
        if dst is not None:
            b = self.results[0].type
            if type(b) is not dst:
                raise VerifyException(f"{self.name} produces a {dst.name}, got {b}")
            assert isinstance(a, MatrixLikeType) and isinstance(b, MatrixLikeType)
            for what, x, y in (("rows", a.rows, b.rows), ("cols", a.cols, b.cols)):
                if x is not None and y is not None and x != y:
                    raise VerifyException(f"{self.name} changes {what} from {x} to {y}")


@irdl_op_definition
class DistributeOp(MoveOp):
    """Cut a local matrix into blocks of `block` x `block`, placed on the workers."""

    name = "phys.distribute"
    input = operand_def(Mat)
    block = prop_def(IntegerAttr[I64], default_value=IntegerAttr(1000, 64))
    result = result_def(Mat)
    traits = traits_def(Pure())

    def verify_(self) -> None:
        if self.block.value.data <= 0:
            raise VerifyException("block size must be positive")
        self._check_types(MatrixType, DistMatrixType)


@irdl_op_definition
class CollectOp(MoveOp):
    """Gather a blocked matrix into one local value."""

    name = "phys.collect"
    input = operand_def(Mat)
    result = result_def(Mat)
    traits = traits_def(Pure())

    def verify_(self) -> None:
        self._check_types(DistMatrixType, MatrixType)


@irdl_op_definition
class BroadcastOp(MoveOp):
    """Send a local value once to every worker; dist ops reading it share the copies."""

    name = "phys.broadcast"
    input = operand_def(Mat)
    result = result_def(Mat)
    traits = traits_def(Pure())

    def verify_(self) -> None:
        self._check_types(MatrixType, BroadcastType)


@irdl_op_definition
class PartitionOp(MoveOp):
    """Re-block a distributed value to `block` (so ops that join it line up)."""

    name = "phys.partition"
    input = operand_def(Mat)
    block = prop_def(IntegerAttr[I64])
    result = result_def(Mat)
    traits = traits_def(Pure())

    def verify_(self) -> None:
        if self.block.value.data <= 0:
            raise VerifyException("block size must be positive")
        self._check_types(DistMatrixType, DistMatrixType)


@irdl_op_definition
class PersistOp(MoveOp):
    """Materialise a distributed value and keep its blocks on the workers (cache)."""

    name = "phys.persist"
    input = operand_def(Mat)
    result = result_def(Mat)

    def verify_(self) -> None:
        self._check_types(DistMatrixType, DistMatrixType)


@irdl_op_definition
class UnpersistOp(MoveOp):
    """Release a persisted value's blocks."""

    name = "phys.unpersist"
    input = operand_def(Mat)

    def verify_(self) -> None:
        self._check_types(DistMatrixType, None)


@irdl_op_definition
class ColMajorOp(MoveOp):
    """Store a local dense matrix column by column (Fortran order); any other value (sparse,
    a vector, already column-major) passes through unchanged.

    A local layout change, not a transfer: matrix-vector products on a tall, narrow matrix
    run 1.5-3.5x faster on this layout, X %*% v and t(X) %*% v alike (layout rows of
    bench/fused_kernels.py).
    phys-opt stores a loop-invariant X this way once, before the loop."""

    name = "phys.colmajor"
    input = operand_def(Mat)
    result = result_def(Mat)
    traits = traits_def(Pure())

    def verify_(self) -> None:
        self._check_types(MatrixType, MatrixType)


COLMAJOR_ATTR = "phys.colmajor"
"""A local cbind with this (unit) attribute makes its result column-major: phys-opt's
layout step sets it where it would otherwise copy the cbind's result (one copy, not two)."""


MOVE_OPS: tuple[type[MoveOp], ...] = (
    DistributeOp,
    CollectOp,
    BroadcastOp,
    PartitionOp,
    PersistOp,
    UnpersistOp,
    ColMajorOp,
)


def op_named(name: str) -> type[Operation] | None:
    """The phys op class called `name` ("phys.matmul"), defining only that twin (a
    context that loads `Phys` defines all of them: ~30 ms; amls-run parsing a cached
    plan needs a few)."""
    for op in (*FUSED_OPS, *MOVE_OPS):
        if op.name == name:
            return op
    for base in _MATRIX_OP_LIST:
        if f"phys.{base.name.split('.', 1)[1]}" == name:
            return TWINS[base]
    return None


def __getattr__(name: str) -> Any:
    # `Phys`, the dialect object, lists every op: built (defining every twin) when first
    # asked for, by a context that parses phys IR or by the docs; a run that only lowers
    # to phys never needs it.
    if name == "Phys":
        global Phys
        Phys = Dialect(
            "phys",
            [*TWINS.values(), *FUSED_OPS, *MOVE_OPS],
            [DistMatrixType, BroadcastType],
        )
        return Phys
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

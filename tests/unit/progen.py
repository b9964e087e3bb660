"""Random well-typed programs over the matrix dialect, as MLIR text.

`generate(chooser)` returns the text of a module with a `func.func @main()`
(no arguments) and sometimes private helper functions it calls. Every
program parses, verifies and runs without a kernel error: the generator knows
each value's runtime shape (or, where control flow or data decide it, a range
for each dimension) and only emits ops whose operands fit.

What it covers:
- sources: matrix.rand (dims 0..12, sparsity 0/0.1/.../1, uniform and normal,
  always seeded), matrix.fill (values incl. 0), matrix.seq, matrix.constant;
- element-wise binary ops with matrix / row vector / column vector / 1x1 /
  scalar operands in both orders, unary ops, select, matmul, transpose, diag,
  trace, reshape (constant or computed dims), reduce (every kind and axis;
  argmin/argmax only over non-empty axes), slice (constant or computed
  in-range bounds), update, cbind/rbind, from_scalar/to_scalar,
  nrow/ncol/nnz, solve/inv on diagonally dominant matrices;
- dims computed with arith (addi, subi, muli, divsi, minsi, maxsi, select),
  including data-dependent ones (nnz, loop counters, induction variables);
- scf.if on constant, size-derived or data-dependent conditions, with
  branches that agree or disagree on dims; scf.for with trip counts 0..3
  (constant, size-derived or data-dependent) carrying matrices whose shape
  is kept or grows (cbind/rbind each iteration) and scalars; nesting;
- helper functions with `?x?` parameters (call operands are cast), called from
  main or other helpers with different argument sizes and constant scalars.

Types use `?` for every dim, or (with a per-program probability) the exact
dim where the generator knows it, so the passes have facts to derive.

Determinism: the text depends only on the choices drawn, so a
`random.Random(seed)` chooser gives one program per seed, and a hypothesis
`data.draw` chooser shrinks.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

T = TypeVar("T")

MAX_DIM = 12
CELL_CAP = 2500  # largest number of cells a value may reach (worst case)
DIM_CAP = 80  # largest dim a value may reach (worst case)


# ---------------------------------------------------------------------------
# Choices.


class Chooser:
    """Where the randomness comes from. Every choice is an `int(lo, hi)` draw."""

    def int(self, lo: int, hi: int) -> int:
        raise NotImplementedError

    def chance(self, p: float) -> bool:
        """True with probability p (shrinks towards False)."""
        if p <= 0:
            return False
        if p >= 1:
            return True
        return self.int(0, 999) >= round(1000 * (1 - p))

    def choice(self, seq: Sequence[T]) -> T:
        assert seq, "choice from an empty sequence"
        return seq[self.int(0, len(seq) - 1)]

    def weighted(self, table: Sequence[tuple[T, int]]) -> T:
        total = sum(w for _, w in table)
        x = self.int(0, total - 1)
        for item, w in table:
            if x < w:
                return item
            x -= w
        raise AssertionError("unreachable")


class RandomChooser(Chooser):
    def __init__(self, seed: int):
        self.rng = random.Random(seed)

    def int(self, lo: int, hi: int) -> int:
        return lo if lo == hi else self.rng.randint(lo, hi)


class DrawChooser(Chooser):
    """Choices from a hypothesis `data.draw` (so failing programs shrink)."""

    def __init__(self, draw: Callable[[Any], Any]):
        from hypothesis import strategies as st

        self.draw = draw
        self.st = st

    def int(self, lo: int, hi: int) -> int:
        return lo if lo == hi else self.draw(self.st.integers(lo, hi))


# ---------------------------------------------------------------------------
# What the generator knows about values.


@dataclass(eq=False)
class Dim:
    """A runtime dimension: `val` when the generator knows it, always a range lo..hi.

    Two dims are the same if they are one object (one runtime value) or
    equal known values.
    """

    val: int | None
    lo: int
    hi: int

    @staticmethod
    def const(n: int) -> Dim:
        return Dim(n, n, n)

    @staticmethod
    def sym(lo: int, hi: int) -> Dim:
        return Dim(None, lo, max(lo, hi))

    def same(self, other: Dim) -> bool:
        return self is other or (self.val is not None and self.val == other.val)


def join_dims(a: Dim, b: Dim) -> Dim:
    return a if a.same(b) else Dim.sym(min(a.lo, b.lo), max(a.hi, b.hi))


@dataclass(eq=False)
class Mat:
    name: str
    rows: Dim
    cols: Dim
    ty: str
    finite: bool = True  # known to hold no NaN or inf

    @property
    def cells_hi(self) -> int:
        return self.rows.hi * self.cols.hi


@dataclass(eq=False)
class Scalar:
    name: str
    ty: str  # "f64", "i64" or "i1"
    dim: Dim | None = None  # i64: its value (range)
    known: bool | None = None  # i1: its value when known
    finite: bool = True  # f64: known not to be NaN or inf


Value = Mat | Scalar


def mat_type(rows: str, cols: str, nnz: int | None = None) -> str:
    extra = f", nnz={nnz}" if nnz is not None else ""
    return f"!matrix.mat<{rows}x{cols}xf64{extra}>"


def ffmt(x: float) -> str:
    s = repr(float(x))
    assert "e" not in s and "n" not in s, s  # the generator only uses plain decimals
    return s


BINARY = ("add", "sub", "mul", "div", "pow", "min", "max", "mod",
          "eq", "ne", "lt", "le", "gt", "ge", "and", "or")  # fmt: skip
UNARY = ("neg", "exp", "log", "sqrt", "abs", "sign", "round", "floor", "ceil",
         "sigmoid", "not", "sin", "cos", "tan", "isnan", "asin", "acos", "atan", "sinh",
         "cosh", "tanh", "isinf")  # fmt: skip
REDUCE_KINDS = ("sum", "mean", "min", "max", "sumsq", "argmin", "argmax")
SCALARS = (0.0, 1.0, 2.0, -1.5, 0.5, 3.0, -2.0, 0.25)

# Finiteness of results (values stay small, so nothing overflows but exp).
ALWAYS_FINITE = {"eq", "ne", "lt", "le", "gt", "ge", "and", "or", "not", "rand", "seq", "constant",
                 "isnan", "isinf"}  # fmt: skip
MAYBE_NONFINITE = {"div", "pow", "mod", "exp", "log", "sqrt", "asin", "acos", "sinh", "cosh"}


def reduce_finite(x: Mat, kind: str, axis: str) -> bool:
    """Sum, sumsq and arg* of finite values are finite; mean, min and max of an empty
    axis are NaN or +-inf."""
    if not x.finite:
        return kind in ("argmin", "argmax")
    if kind in ("sum", "sumsq", "argmin", "argmax"):
        return True
    if axis == "row":
        return x.cols.lo >= 1
    if axis == "col":
        return x.rows.lo >= 1
    return x.rows.lo >= 1 and x.cols.lo >= 1


def rand_rounds_alike(s: float, rows: Dim, cols: Dim) -> bool:
    """Known amls bug (size_bugs/rand_nnz_rounding.mlir): the rand size rule rounds
    s * r * c, the kernel s * (r * c). True if no runtime dims in range tell them apart."""
    for r in range(rows.lo, min(rows.hi, rows.lo + 64) + 1):
        for c in range(cols.lo, min(cols.hi, cols.lo + 64) + 1):
            if round(s * r * c) != round(s * (r * c)):
                return False
    return True


@dataclass
class Frame:
    values: list[Value] = field(default_factory=list)
    consts: dict[tuple[str, str], str] = field(default_factory=dict)


@dataclass
class Helper:
    name: str
    params: list[Value]
    results: list[Value]


class GenError(Exception):
    """The generator cannot emit this op here (caught: another op is tried)."""


class FnBuilder:
    """Emits one function's body."""

    def __init__(self, gen: ProgramGenerator, name: str):
        self.gen = gen
        self.c = gen.c
        self.name = name
        self.lines: list[str] = []
        self.indent = 1
        self.frames: list[Frame] = [Frame()]
        self.counter = 0

    # -- emission ------------------------------------------------------------

    def fresh(self, prefix: str = "v") -> str:
        self.counter += 1
        return f"%{prefix}{self.counter}"

    def emit(self, text: str) -> None:
        self.lines.append("  " * self.indent + text)

    def add(self, v: T) -> T:
        self.frames[-1].values.append(v)  # type: ignore[arg-type]
        return v

    def visible(self) -> list[Value]:
        return [v for f in self.frames for v in f.values]

    def mats(self, pred: Callable[[Mat], bool] | None = None) -> list[Mat]:
        return [v for v in self.visible() if isinstance(v, Mat) and (pred is None or pred(v))]

    def scalars(self, ty: str) -> list[Scalar]:
        return [v for v in self.visible() if isinstance(v, Scalar) and v.ty == ty]

    def pick(self, items: list[T]) -> T:
        """Biased towards recent values, so ops chain."""
        if len(items) > 4 and self.c.chance(0.6):
            return self.c.choice(items[-4:])
        return self.c.choice(items)

    def pick_mat(self, pred: Callable[[Mat], bool] | None = None, finite: bool = False) -> Mat:
        ms = [m for m in self.mats(pred) if m.finite or not finite]
        if not ms:
            raise GenError("no matrix fits")
        return self.pick(ms)

    def const(self, value: int | float | bool, ty: str) -> str:
        if isinstance(value, bool):
            text = "true" if value else "false"  # arith.constant true: no type
        elif ty == "f64":
            text = ffmt(value)
        else:
            text = str(int(value))
        for f in reversed(self.frames):
            if (text, ty) in f.consts:
                return f.consts[(text, ty)]
        name = self.fresh("c")
        self.emit(f"{name} = arith.constant {text}" + ("" if ty == "i1" else f" : {ty}"))
        self.frames[-1].consts[(text, ty)] = name
        return name

    def mat_ty(self, rows: Dim, cols: Dim, nnz: int | None = None) -> str:
        def d(x: Dim) -> str:
            return str(x.val) if x.val is not None and self.c.chance(self.gen.p_exact) else "?"

        return mat_type(d(rows), d(cols), nnz)

    def op(
        self,
        name: str,
        operands: Sequence[Value | tuple[str, str]],
        result_ty: str,
        kw: str = "",
        props: str = "",
    ) -> str:
        res = self.fresh()
        names, types = [], []
        for o in operands:
            if isinstance(o, tuple):
                names.append(o[0])
                types.append(o[1])
            else:
                names.append(o.name)
                types.append(o.ty)
        if types and all(t == result_ty for t in types):
            sig = result_ty
        else:
            sig = f"({', '.join(types)}) -> {result_ty}"
        head = f"matrix.{name}" + (f" {kw}" if kw else "")
        args = (" " + ", ".join(names)) if names else ""
        self.emit(f"{res} = {head}{args}{props} : {sig}")
        return res

    def new_mat(
        self,
        name: str,
        operands: Sequence[Value | tuple[str, str]],
        rows: Dim,
        cols: Dim,
        kw: str = "",
        props: str = "",
        nnz: int | None = None,
    ) -> Mat:
        ty = self.mat_ty(rows, cols, nnz)
        if name in ALWAYS_FINITE:
            finite = True
        elif name in MAYBE_NONFINITE:
            finite = False
        elif name == "reduce":
            x = operands[0]
            assert isinstance(x, Mat)
            finite = reduce_finite(x, *kw.split())
        else:  # finite operands give finite results
            finite = all(o.finite for o in operands if not isinstance(o, tuple))
        return self.add(Mat(self.op(name, operands, ty, kw, props), rows, cols, ty, finite))

    def cast(self, v: Mat, ty: str) -> Mat:
        if v.ty == ty:
            return v
        return Mat(self.op("cast", [v], ty), v.rows, v.cols, ty, v.finite)

    def avoid_nan_times_zero(self, *xs: Value) -> bool:
        """Known amls bug (size_bugs/nan_times_zero.mlir): the matmul and matrix*matrix
        mul size rules assume 0 * x == 0, false for NaN and inf. True if this op
        (on operands xs) must not be emitted."""
        return "nan-times-zero" in self.gen.avoid and not all(x.finite for x in xs)

    def arith(self, opname: str, a: str, b: str, ty: str) -> str:
        res = self.fresh()
        self.emit(f"{res} = arith.{opname} {a}, {b} : {ty}")
        return res

    # -- dims as i64 values ------------------------------------------------------

    def dim_ssa(self, d: Dim) -> str:
        """An i64 value equal to d at runtime (a constant, an i64 in scope, nrow/ncol)."""
        carriers: list[tuple[Mat, str]] = []
        for v in reversed(self.visible()):
            if isinstance(v, Scalar) and v.ty == "i64" and v.dim is not None and v.dim is d:
                if d.val is None or self.c.chance(0.5):
                    return v.name
            if isinstance(v, Mat):
                if v.rows is d or (d.val is not None and v.rows.same(d)):
                    carriers.append((v, "nrow"))
                if v.cols is d or (d.val is not None and v.cols.same(d)):
                    carriers.append((v, "ncol"))
        if d.val is not None and (not carriers or self.c.chance(0.6)):
            return self.const(d.val, "i64")
        if not carriers:
            raise GenError("dim not available in scope")
        m, which = carriers[0] if self.c.chance(0.5) else self.c.choice(carriers)
        res = self.op(which, [m], "i64")
        self.add(Scalar(res, "i64", dim=d))
        return res

    def known_dims(self) -> list[Dim]:
        """Dims available in scope (of matrices and i64 values)."""
        out: list[Dim] = []
        for v in self.visible():
            if isinstance(v, Mat):
                out += [v.rows, v.cols]
            elif v.ty == "i64" and v.dim is not None and v.dim.hi <= 40:
                out.append(v.dim)
        return out

    def new_dim(self) -> Dim:
        small = (0, 1, 1, 2, 2, 3, 3, 4, 5, 6, 7, 9, MAX_DIM)
        dims = self.known_dims()
        if dims and self.c.chance(0.5):
            return self.c.choice(dims)
        return Dim.const(self.c.choice(small))

    # -- values of a given shape -------------------------------------------------

    def source(self, rows: Dim, cols: Dim, kind: str | None = None) -> Mat:
        """A new finite matrix of the given shape from rand or fill."""
        r, c = self.dim_ssa(rows), self.dim_ssa(cols)
        dims = [(r, "i64"), (c, "i64")]
        kind = kind or self.c.weighted([("rand", 3), ("fill", 2)])
        if kind == "fill":
            fs = [f for f in self.scalars("f64") if f.finite]
            if fs and self.c.chance(0.2):
                v = self.pick(fs)
                return self.new_mat("fill", [v, *dims], rows, cols)
            x = self.c.choice((0.0, 1.0, -2.5, 3.0, 0.5))
            nnz = None
            if self.c.chance(0.2):
                if x == 0.0:
                    nnz = 0
                elif rows.val is not None and cols.val is not None:
                    nnz = rows.val * cols.val
            return self.new_mat("fill", [(self.const(x, "f64"), "f64"), *dims], rows, cols, nnz=nnz)
        sparsity = self.c.choice((1.0, 0.0, 0.1, 0.3, 0.5, 0.7, 1.0))
        if "rand-rounding" in self.gen.avoid and not rand_rounds_alike(sparsity, rows, cols):
            sparsity = 1.0
        lo, hi = self.c.choice(((0.0, 1.0), (-1.0, 1.0), (1.0, 2.0), (0.0, 0.0), (-2.0, -1.0)))
        pdf = "normal" if self.c.chance(0.15) else "uniform"
        seed = self.c.int(0, 999)
        props = (
            f" {{min = {ffmt(lo)}, max = {ffmt(hi)}, sparsity = {ffmt(sparsity)}, "
            f'pdf = "{pdf}", seed = {seed}}}'
        )
        return self.new_mat("rand", dims, rows, cols, props=props)

    def of_shape(self, rows: Dim, cols: Dim, reuse: float = 0.6, finite: bool = False) -> Mat:
        """A matrix of the given shape (finite if asked): one in scope or a new one."""
        found = self.mats(
            lambda m: m.rows.same(rows) and m.cols.same(cols) and (m.finite or not finite)
        )
        if found and self.c.chance(reuse):
            return self.pick(found)
        return self.source(rows, cols)

    def f64(self, finite: bool = False) -> Scalar:
        fs = [f for f in self.scalars("f64") if f.finite or not finite]
        if fs and self.c.chance(0.5):
            return self.pick(fs)
        return Scalar(self.const(self.c.choice(SCALARS), "f64"), "f64")

    # -- ops -----------------------------------------------------------------------

    def gen_ops(self, n: int, depth: int) -> None:
        table: list[tuple[Callable[[int], None], int]] = [
            (self.op_source, 6),
            (self.op_binary, 12),
            (self.op_unary, 4),
            (self.op_matmul, 4),
            (self.op_transpose, 2),
            (self.op_diag, 2),
            (self.op_reshape, 2),
            (self.op_reduce, 5),
            (self.op_slice, 4),
            (self.op_update, 2),
            (self.op_bind, 3),
            (self.op_select, 2),
            (self.op_scalar_bridge, 2),
            (self.op_meta, 3),
            (self.op_int_arith, 2),
            (self.op_trace, 1),
            (self.op_linsolve, 1),
        ]
        if depth < 2:
            table += [(self.op_if, 3), (self.op_for, 3)]
        if self.gen.callable_helpers(self):
            table.append((self.op_call, 3))
        if not self.mats():
            self.source(Dim.const(self.c.int(0, 6)), Dim.const(self.c.int(0, 6)))
        for _ in range(n):
            for _attempt in range(8):
                fn = self.c.weighted(table)
                mark = len(self.lines), self.counter
                frames = [(len(f.values), dict(f.consts)) for f in self.frames]
                try:
                    fn(depth)
                    break
                except GenError:
                    # Roll back anything emitted by the failed attempt.
                    del self.lines[mark[0] :]
                    for f, (nv, consts) in zip(self.frames, frames, strict=True):
                        del f.values[nv:]
                        f.consts = consts

    def op_source(self, depth: int) -> None:
        kind = self.c.weighted([("rand", 5), ("fill", 3), ("seq", 2), ("constant", 2)])
        if kind in ("rand", "fill"):
            rows, cols = self.new_dim(), self.new_dim()
            if rows.hi * cols.hi > CELL_CAP:
                raise GenError("too big")
            self.source(rows, cols, kind)
        elif kind == "seq":
            if self.c.chance(0.3):
                # seq(0, n - 1, 1) with n = a dim >= 1 in scope: n rows.
                ds = [d for d in self.known_dims() if d.lo >= 1]
                if not ds:
                    raise GenError("no dim >= 1")
                d = self.c.choice(ds)
                n = self.dim_ssa(d)
                one = self.const(1, "i64")
                nm1 = self.arith("subi", n, one, "i64")
                stop = self.fresh()
                self.emit(f"{stop} = arith.sitofp {nm1} : i64 to f64")
                args = [(self.const(0.0, "f64"), "f64"), (stop, "f64")]
                args.append((self.const(1.0, "f64"), "f64"))
                self.new_mat("seq", args, d, Dim.const(1))
                return
            start = self.c.int(-3, 3)
            n = self.c.int(1, 8)
            step = self.c.choice((1.0, 0.5, 2.0, -1.0))
            stop = start + (n - 1) * step
            args = [(self.const(float(x), "f64"), "f64") for x in (start, stop, step)]
            self.new_mat("seq", args, Dim.const(n), Dim.const(1))
        else:
            r, c = self.c.int(1, 4), self.c.int(1, 4)
            vals = [self.c.choice((0.0, 1.0, -2.0, 0.5, 3.25, 0.0)) for _ in range(r * c)]
            rows_txt = ", ".join(
                "[" + ", ".join(ffmt(v) for v in vals[i * c : (i + 1) * c]) + "]" for i in range(r)
            )
            props = f" {{value = dense<[{rows_txt}]> : tensor<{r}x{c}xf64>}}"
            nnz = sum(1 for v in vals if v != 0) if self.c.chance(0.2) else None
            self.new_mat("constant", [], Dim.const(r), Dim.const(c), props=props, nnz=nnz)

    def op_binary(self, depth: int) -> None:
        name = self.c.choice(BINARY)
        x = self.pick_mat()
        mode = self.c.weighted([("same", 5), ("row", 2), ("col", 2), ("scalar", 4), ("1x1", 1)])
        one = Dim.const(1)
        y: Value
        if mode == "same":
            y = self.of_shape(x.rows, x.cols) if self.c.chance(0.8) else x
        elif mode == "row":
            y = self.of_shape(one, x.cols)
        elif mode == "col":
            y = self.of_shape(x.rows, one)
        elif mode == "1x1":
            y = self.of_shape(one, one)
        else:
            y = self.f64()
        if name == "mul" and isinstance(y, Mat) and self.avoid_nan_times_zero(x, y):
            raise GenError("known bug: nan-times-zero")
        a, b = (x, y) if self.c.chance(0.5) else (y, x)
        self.new_mat(name, [a, b], x.rows, x.cols)

    def op_unary(self, depth: int) -> None:
        x = self.pick_mat()
        self.new_mat(self.c.choice(UNARY), [x], x.rows, x.cols)

    def op_matmul(self, depth: int) -> None:
        avoid = "nan-times-zero" in self.gen.avoid
        x = self.pick_mat(finite=avoid)
        mode = self.c.weighted([("any", 4), ("xt", 1), ("tx", 1)])
        if mode in ("xt", "tx"):
            t = self.new_mat("transpose", [x], x.cols, x.rows)
            a, b = (x, t) if mode == "xt" else (t, x)
        else:
            found = self.mats(lambda m: m.rows.same(x.cols) and (m.finite or not avoid))
            if found and self.c.chance(0.5):
                b = self.pick(found)
            else:
                b = self.source(x.cols, self.new_dim())
            a = x
            if self.c.chance(0.2):  # the other side: found @ x
                found = self.mats(lambda m: m.cols.same(x.rows) and (m.finite or not avoid))
                if found:
                    a, b = self.pick(found), x
        if a.rows.hi * b.cols.hi > CELL_CAP:
            raise GenError("too big")
        self.new_mat("matmul", [a, b], a.rows, b.cols)

    def op_transpose(self, depth: int) -> None:
        x = self.pick_mat()
        self.new_mat("transpose", [x], x.cols, x.rows)

    def op_diag(self, depth: int) -> None:
        one = Dim.const(1)
        cands = self.mats(lambda m: m.cols.same(one) or m.rows.same(m.cols))
        if cands and self.c.chance(0.8):
            x = self.pick(cands)
        else:
            y = self.pick_mat(lambda m: m.rows.hi <= 40, finite="nan-times-zero" in self.gen.avoid)
            x = self.new_mat(
                "matmul", [y, self.new_mat("transpose", [y], y.cols, y.rows)], y.rows, y.rows
            )
        if x.cols.same(one):
            self.new_mat("diag", [x], x.rows, x.rows)
        else:
            self.new_mat("diag", [x], x.rows, one)

    def op_trace(self, depth: int) -> None:
        x = self.pick_mat(lambda m: m.rows.same(m.cols))
        res = self.op("trace", [x], "f64")
        self.add(Scalar(res, "f64", finite=x.finite))

    def op_reshape(self, depth: int) -> None:
        x = self.pick_mat()
        mode = self.c.weighted([("flat", 2), ("swap", 2), ("divisor", 2)])
        if mode == "divisor":
            if x.rows.val is None or x.cols.val is None:
                raise GenError("cells unknown")
            n = x.rows.val * x.cols.val
            divs = [d for d in range(1, n + 1) if n % d == 0] or [0]
            r = self.c.choice(divs)
            c = n // r if r else self.c.choice((0, 1, 3))
            rows, cols = Dim.const(r), Dim.const(c)
            args = [(self.const(r, "i64"), "i64"), (self.const(c, "i64"), "i64")]
        elif mode == "swap":
            rows, cols = x.cols, x.rows
            args = [(self.dim_ssa(rows), "i64"), (self.dim_ssa(cols), "i64")]
        else:
            if x.rows.val is not None and x.cols.val is not None:
                n = Dim.const(x.rows.val * x.cols.val)
            else:
                n = Dim.sym(x.rows.lo * x.cols.lo, x.rows.hi * x.cols.hi)
            if n.hi > DIM_CAP:
                raise GenError("too long")
            prod = self.arith("muli", self.dim_ssa(x.rows), self.dim_ssa(x.cols), "i64")
            self.add(Scalar(prod, "i64", dim=n))
            one = Dim.const(1)
            rows, cols = (n, one) if self.c.chance(0.5) else (one, n)
            args = [(self.dim_ssa(rows), "i64"), (self.dim_ssa(cols), "i64")]
        self.new_mat("reshape", [x, *args], rows, cols)

    def op_reduce(self, depth: int) -> None:
        x = self.pick_mat()
        axis = self.c.choice(("all", "row", "col"))
        kinds = [k for k in REDUCE_KINDS if not (axis == "all" and k.startswith("arg"))]
        if axis == "row" and x.cols.lo < 1 or axis == "col" and x.rows.lo < 1:
            kinds = [k for k in kinds if not k.startswith("arg")]  # empty axis: fails
        kind = self.c.choice(kinds)
        kw = f"{kind} {axis}"
        if axis == "all":
            res = self.op("reduce", [x], "f64", kw=kw)
            self.add(Scalar(res, "f64", finite=reduce_finite(x, kind, axis)))
        elif axis == "row":
            self.new_mat("reduce", [x], x.rows, Dim.const(1), kw=kw)
        else:
            self.new_mat("reduce", [x], Dim.const(1), x.cols, kw=kw)

    def _range(self, d: Dim) -> tuple[str, str, Dim]:
        """Slice bounds [lo, hi) within 0..d (at runtime) and the length."""
        mode = self.c.weighted([("const", 4), ("whole", 2), ("half", 1), ("tail", 1), ("min", 1)])
        if mode == "const":
            a = self.c.int(0, d.lo)
            b = self.c.int(a, d.lo)
            return self.const(a, "i64"), self.const(b, "i64"), Dim.const(b - a)
        n = self.dim_ssa(d)
        zero = self.const(0, "i64")
        if mode == "whole":
            return zero, n, d
        if mode == "half":
            two = self.const(2, "i64")
            h = self.arith("divsi", n, two, "i64")
            length = (
                Dim.const(d.val - d.val // 2)
                if d.val is not None
                else Dim.sym(d.lo - d.lo // 2, d.hi - d.hi // 2)
            )
            return h, n, length
        if mode == "tail":  # [n - k, n) with k <= lo
            k = self.c.int(0, d.lo)
            start = self.arith("subi", n, self.const(k, "i64"), "i64")
            return start, n, Dim.const(k)
        k = self.c.int(0, 6)  # [0, min(n, k))
        m = self.arith("minsi", n, self.const(k, "i64"), "i64")
        length = (
            Dim.const(min(d.val, k)) if d.val is not None else Dim.sym(min(d.lo, k), min(d.hi, k))
        )
        self.add(Scalar(m, "i64", dim=length))
        return zero, m, length

    def op_slice(self, depth: int) -> None:
        x = self.pick_mat()
        r0, r1, rows = self._range(x.rows)
        c0, c1, cols = self._range(x.cols)
        idx = [(v, "i64") for v in (r0, r1, c0, c1)]
        self.new_mat("slice", [x, *idx], rows, cols)

    def op_update(self, depth: int) -> None:
        x = self.pick_mat()
        if self.c.chance(0.15):
            b = x
        else:
            m, n = self.c.int(0, x.rows.lo), self.c.int(0, x.cols.lo)
            b = self.of_shape(Dim.const(m), Dim.const(n))
        offs = []
        for big, small in ((x.rows, b.rows), (x.cols, b.cols)):
            if small.val is None or self.c.chance(0.3):  # computed: big - small >= 0
                offs.append(self.arith("subi", self.dim_ssa(big), self.dim_ssa(small), "i64"))
            else:
                offs.append(self.const(self.c.int(0, big.lo - small.val), "i64"))
        self.new_mat("update", [x, b, *((o, "i64") for o in offs)], x.rows, x.cols)

    def op_bind(self, depth: int) -> None:
        x = self.pick_mat()
        axis = self.c.choice(("cbind", "rbind"))
        k = self.c.weighted([(1, 3), (2, 1)])
        parts = [x]
        for _ in range(k):
            if axis == "cbind":
                parts.append(self.of_shape(x.rows, self.new_dim(), reuse=0.3))
            else:
                parts.append(self.of_shape(self.new_dim(), x.cols, reuse=0.3))
        if self.c.chance(0.5):
            parts.reverse()
        along = [p.cols if axis == "cbind" else p.rows for p in parts]
        if all(d.val is not None for d in along):
            total = Dim.const(sum(d.val for d in along))  # type: ignore[misc]
        else:
            total = Dim.sym(sum(d.lo for d in along), sum(d.hi for d in along))
        if (
            total.hi > DIM_CAP
            or total.hi * (x.rows.hi if axis == "cbind" else x.cols.hi) > CELL_CAP
        ):
            raise GenError("too big")
        if axis == "cbind":
            self.new_mat("cbind", parts, x.rows, total)
        else:
            self.new_mat("rbind", parts, total, x.cols)

    def op_select(self, depth: int) -> None:
        cond = self.pick_mat()
        branches: list[Value] = []
        for _ in range(2):
            if self.c.chance(0.6):
                branches.append(self.of_shape(cond.rows, cond.cols))
            else:
                branches.append(self.f64())
        self.new_mat("select", [cond, *branches], cond.rows, cond.cols)

    def op_scalar_bridge(self, depth: int) -> None:
        one = Dim.const(1)
        if self.c.chance(0.4):
            self.new_mat("from_scalar", [self.f64()], one, one)
            return
        ones = self.mats(lambda m: m.rows.same(one) and m.cols.same(one))
        if ones and self.c.chance(0.5):
            x = self.pick(ones)
        else:
            big = self.pick_mat(lambda m: m.rows.lo >= 1 and m.cols.lo >= 1)
            i = self.const(self.c.int(0, big.rows.lo - 1), "i64")
            j = self.const(self.c.int(0, big.cols.lo - 1), "i64")
            i1 = self.arith("addi", i, self.const(1, "i64"), "i64")
            j1 = self.arith("addi", j, self.const(1, "i64"), "i64")
            idx = [(v, "i64") for v in (i, i1, j, j1)]
            x = self.new_mat("slice", [big, *idx], one, one)
        self.add(Scalar(self.op("to_scalar", [x], "f64"), "f64", finite=x.finite))

    def op_meta(self, depth: int) -> None:
        x = self.pick_mat()
        which = self.c.weighted([("nrow", 2), ("ncol", 2), ("nnz", 2)])
        res = self.op(which, [x], "i64")
        if which == "nnz":
            d = Dim.sym(0, x.cells_hi)
        else:
            d = x.rows if which == "nrow" else x.cols
        self.add(Scalar(res, "i64", dim=d))
        if self.c.chance(0.4):
            f = self.fresh()
            self.emit(f"{f} = arith.sitofp {res} : i64 to f64")
            self.add(Scalar(f, "f64"))

    def op_int_arith(self, depth: int) -> None:
        """New dims from old ones: d + k, d * 2, d / 2, min, max, select."""
        ds = [d for d in self.known_dims() if d.hi <= 30]
        if not ds:
            raise GenError("no dims")
        d = self.c.choice(ds)
        n = self.dim_ssa(d)
        mode = self.c.choice(("add", "mul", "div", "min", "max", "select", "sub"))
        if mode == "add":
            k = self.c.int(0, 3)
            res = self.arith("addi", n, self.const(k, "i64"), "i64")
            out = Dim.const(d.val + k) if d.val is not None else Dim.sym(d.lo + k, d.hi + k)
        elif mode == "sub":
            k = self.c.int(0, d.lo)
            res = self.arith("subi", n, self.const(k, "i64"), "i64")
            out = Dim.const(d.val - k) if d.val is not None else Dim.sym(d.lo - k, d.hi - k)
        elif mode == "mul":
            res = self.arith("muli", n, self.const(2, "i64"), "i64")
            out = Dim.const(2 * d.val) if d.val is not None else Dim.sym(2 * d.lo, 2 * d.hi)
        elif mode == "div":
            res = self.arith("divsi", n, self.const(2, "i64"), "i64")
            out = Dim.const(d.val // 2) if d.val is not None else Dim.sym(d.lo // 2, d.hi // 2)
        else:
            e = self.c.choice(ds)
            m = self.dim_ssa(e)
            if mode == "select":
                cond, taken, _ = self.condition()
                res = self.fresh()
                self.emit(f"{res} = arith.select {cond}, {n}, {m} : i64")
                out = d if taken is True else e if taken is False else join_dims(d, e)
            else:
                res = self.arith(f"{mode}si", n, m, "i64")
                f = min if mode == "min" else max
                if d.val is not None and e.val is not None:
                    out = Dim.const(f(d.val, e.val))
                else:
                    out = Dim.sym(f(d.lo, e.lo), f(d.hi, e.hi))
        self.add(Scalar(res, "i64", dim=out))

    def op_linsolve(self, depth: int) -> None:
        """solve / inv of A = rand(n, n) + (n + 1) * I: strictly diagonally dominant."""
        ds = [d for d in self.known_dims() if d.hi <= 12]
        if not ds:
            raise GenError("no dims")
        n = self.c.choice(ds)
        a0 = self.source(n, n, "rand")
        nn = self.dim_ssa(n)
        nf = self.fresh()
        self.emit(f"{nf} = arith.sitofp {nn} : i64 to f64")
        shift = self.arith("addf", nf, self.const(1.0, "f64"), "f64")
        col = self.new_mat(
            "fill", [(shift, "f64"), (nn, "i64"), (self.const(1, "i64"), "i64")], n, Dim.const(1)
        )
        eye = self.new_mat("diag", [col], n, n)
        a = self.new_mat("add", [a0, eye], n, n)
        if self.c.chance(0.5):
            self.new_mat("inv", [a], n, n)
        else:
            b = self.of_shape(n, self.new_dim() if self.c.chance(0.5) else Dim.const(1))
            self.new_mat("solve", [a, b], n, b.cols)

    # -- control flow --------------------------------------------------------------

    def condition(self) -> tuple[str, bool | None, bool]:
        """An i1 value, its value if the generator knows it, and whether the
        size analysis may know it (constants and sizes; not data)."""
        mode = self.c.weighted([("const", 2), ("dims", 2), ("data", 3)])
        res = self.fresh()
        if mode == "const":
            b = self.c.chance(0.5)
            return self.const(b, "i1"), b, True
        if mode == "dims":
            d = self.c.choice(self.known_dims() or [Dim.const(0)])
            k = self.c.int(0, 5)
            n = self.dim_ssa(d)
            self.emit(f"{res} = arith.cmpi slt, {n}, {self.const(k, 'i64')} : i64")
            if d.val is not None:
                return res, d.val < k, True
            return res, True if d.hi < k else False if d.lo >= k else None, True
        x = self.pick_mat()
        kind = self.c.choice(("sum", "mean", "max", "min", "sumsq"))
        s = self.op("reduce", [x], "f64", kw=f"{kind} all")
        t = self.const(self.c.choice((0.0, 0.5, 1.0, 2.0)), "f64")
        pred = self.c.choice(("olt", "ogt", "ule", "uge"))
        self.emit(f"{res} = arith.cmpf {pred}, {s}, {t} : f64")
        return res, None, False

    def region(self, values: list[Value], body: Callable[[], None]) -> list[str]:
        """Emit body() into a fresh buffer, one level deeper, with `values` in scope."""
        saved = self.lines
        self.lines = []
        self.indent += 1
        self.frames.append(Frame(values=list(values)))
        try:
            body()
            return self.lines
        finally:
            self.frames.pop()
            self.indent -= 1
            self.lines = saved

    def op_if(self, depth: int) -> None:
        cond, taken, decidable = self.condition()
        n_mats = self.c.int(1, 2)
        targets: list[tuple[Dim, Dim] | None] = []
        for _ in range(n_mats):
            if self.c.chance(0.5):
                m = self.pick_mat()
                targets.append((m.rows, m.cols))
            else:
                targets.append(None)
        with_scalar = self.c.chance(0.3)
        fixed: list[Mat] | None = None
        if decidable and "dead-if" in self.gen.avoid:
            # Known amls bug (size_bugs/dead_if_branch.mlir): when the analysis decides
            # the condition, size-inference casts the dead branch's yields to the taken
            # branch's facts, an invalid matrix.cast if they differ. Avoided: with such
            # a condition both branches yield the same values, defined before the if.
            fixed = [self.pick_mat(lambda m: m.cells_hi <= CELL_CAP) for _ in range(n_mats)]
        yielded: list[list[Value]] = []
        bodies: list[list[str]] = []

        for _branch in range(2):
            out: list[Value] = []

            def body(out: list[Value] = out) -> None:
                self.gen_ops(self.c.int(0, 4), depth + 1)
                if fixed is not None:
                    out.extend(fixed)
                for t in targets if fixed is None else []:
                    if t is not None:
                        out.append(self.of_shape(*t))
                    else:
                        out.append(self.pick_mat(lambda m: m.cells_hi <= CELL_CAP))
                if with_scalar:
                    out.append(self.f64())

            bodies.append(self.region([], body))
            yielded.append(out)

        # Result types: exact only where both branches agree on a known dim.
        res_types: list[str] = []
        res_vals: list[Value] = []
        for i in range(n_mats):
            a, b = yielded[0][i], yielded[1][i]
            assert isinstance(a, Mat) and isinstance(b, Mat)
            dims = []
            texts = []
            for da, db in ((a.rows, b.rows), (a.cols, b.cols)):
                dims.append(da if taken is True else db if taken is False else join_dims(da, db))
                exact = da.same(db) and da.val is not None and self.c.chance(self.gen.p_exact)
                texts.append(str(da.val) if exact else "?")
            ty = mat_type(*texts)
            res_types.append(ty)
            res_vals.append(Mat("", dims[0], dims[1], ty, a.finite and b.finite))
        if with_scalar:
            res_types.append("f64")
            fin = all(isinstance(o[-1], Scalar) and o[-1].finite for o in yielded)
            res_vals.append(Scalar("", "f64", finite=fin))

        for lines, out in zip(bodies, yielded, strict=True):
            saved, self.lines = self.lines, lines
            self.indent += 1
            names = []
            for v, ty in zip(out, res_types, strict=True):
                names.append(self.cast(v, ty).name if isinstance(v, Mat) else v.name)
            self.emit(f"scf.yield {', '.join(names)} : {', '.join(res_types)}")
            self.indent -= 1
            self.lines = saved

        names = [self.fresh() for _ in res_vals]
        self.emit(f"{', '.join(names)} = scf.if {cond} -> ({', '.join(res_types)}) {{")
        self.lines += bodies[0]
        self.emit("} else {")
        self.lines += bodies[1]
        self.emit("}")
        for name, v in zip(names, res_vals, strict=True):
            v.name = name
            self.add(v)

    def op_for(self, depth: int) -> None:
        # Trip count: constant, from a known size, or data-dependent (0..3).
        mode = self.c.weighted([("const", 4), ("dim", 2)])
        lb = self.c.choice((0, 0, 1))
        step = 1
        trip_lo = trip_hi = 0
        trip: int | None
        if mode == "dim":
            ds = [d for d in self.known_dims() if d.hi <= 3]
            if not ds:
                raise GenError("no small dim")
            d = self.c.choice(ds)
            n = self.dim_ssa(d)
            lb = 0
            lb_s, ub_s = self.const(0, "i64"), n
            trip, trip_lo, trip_hi = d.val, d.lo, d.hi
        else:
            trip = self.c.weighted([(0, 1), (1, 2), (2, 2), (3, 2)])
            trip_lo = trip_hi = trip
            if trip and self.c.chance(0.3):
                step = 2
            ub = lb + (step * trip - (step - 1) if trip else 0)
            lb_s, ub_s = self.const(lb, "i64"), self.const(ub, "i64")
        step_s = self.const(step, "i64")
        # Known amls bug (size_bugs/zero_trip_for.mlir): for a loop the analysis knows
        # runs 0 times, size-inference casts the body's yields to the init's facts, an
        # invalid matrix.cast if they differ. Avoided: a loop that may run 0 times
        # yields its matrix arguments unchanged.
        identity = trip_lo == 0 and "zero-trip" in self.gen.avoid

        kinds = [
            self.c.weighted([("keep", 4), ("cgrow", 2), ("rgrow", 2), ("f64", 1), ("count", 1)])
        ]
        while len(kinds) < 3 and self.c.chance(0.4):
            kinds.append(
                self.c.weighted([("keep", 3), ("cgrow", 1), ("rgrow", 1), ("f64", 1), ("count", 1)])
            )

        if identity:
            kinds = ["keep" if k in ("cgrow", "rgrow") else k for k in kinds]
        inits: list[str] = []
        bases: list[Dim | None] = []  # the growing dim of each growing matrix's init
        args: list[Value] = []
        types: list[str] = []
        growth = max(trip_hi - 1, 0)
        for kind in kinds:
            if kind in ("keep", "cgrow", "rgrow"):
                if kind == "keep":
                    x = self.pick_mat()
                    rows, cols = x.rows, x.cols
                    bases.append(None)
                elif kind == "cgrow":
                    x = self.pick_mat(lambda m: (m.cols.hi + trip_hi) * m.rows.hi <= CELL_CAP)
                    rows, cols = x.rows, Dim.sym(x.cols.lo, x.cols.hi + growth)
                    bases.append(x.cols)
                else:
                    x = self.pick_mat(lambda m: (m.rows.hi + trip_hi) * m.cols.hi <= CELL_CAP)
                    rows, cols = Dim.sym(x.rows.lo, x.rows.hi + growth), x.cols
                    bases.append(x.rows)
                ty = mat_type(
                    str(rows.val)
                    if rows.val is not None and self.c.chance(self.gen.p_exact)
                    else "?",
                    str(cols.val)
                    if cols.val is not None and self.c.chance(self.gen.p_exact)
                    else "?",
                )
                inits.append(self.cast(x, ty).name)
                # A finite init keeps the argument finite: the body yields finite values.
                args.append(Mat(self.fresh("a"), rows, cols, ty, x.finite))
                types.append(ty)
            elif kind == "f64":
                bases.append(None)
                inits.append(self.f64().name)
                args.append(Scalar(self.fresh("a"), "f64", finite=False))
                types.append("f64")
            else:
                bases.append(None)
                inits.append(self.const(0, "i64"))
                args.append(Scalar(self.fresh("a"), "i64", dim=Dim.sym(0, growth)))
                types.append("i64")
        iv = Scalar(self.fresh("i"), "i64", dim=Dim.sym(lb, lb + step * growth))

        def body() -> None:
            self.gen_ops(self.c.int(0, 4), depth + 1)
            out: list[str] = []
            for kind, a, ty in zip(kinds, args, types, strict=True):
                if kind == "keep":
                    assert isinstance(a, Mat)
                    if identity:
                        out.append(a.name)
                        continue
                    if self.c.chance(0.5):
                        y = self.of_shape(a.rows, a.cols, finite=a.finite)
                        op = self.c.choice(("add", "mul", "max", "sub"))
                        if op == "mul" and self.avoid_nan_times_zero(a, y):
                            op = "add"
                        v = self.new_mat(
                            op, [a, y] if self.c.chance(0.5) else [y, a], a.rows, a.cols
                        )
                    else:
                        v = self.of_shape(a.rows, a.cols, reuse=0.8, finite=a.finite)
                    assert v.finite or not a.finite
                    out.append(self.cast(v, ty).name)
                elif kind in ("cgrow", "rgrow"):
                    assert isinstance(a, Mat) and a.rows.hi * a.cols.hi <= CELL_CAP
                    one = Dim.const(1)
                    if kind == "cgrow":
                        piece = self.of_shape(a.rows, one, finite=a.finite)
                        grown = Dim.sym(a.cols.lo + 1, a.cols.hi + 1)
                        parts = [a, piece] if self.c.chance(0.7) else [piece, a]
                        v = self.new_mat("cbind", parts, a.rows, grown)
                    else:
                        piece = self.of_shape(one, a.cols, finite=a.finite)
                        grown = Dim.sym(a.rows.lo + 1, a.rows.hi + 1)
                        parts = [a, piece] if self.c.chance(0.7) else [piece, a]
                        v = self.new_mat("rbind", parts, grown, a.cols)
                    out.append(self.cast(v, ty).name)
                elif kind == "f64":
                    s = self.f64()
                    out.append(
                        self.arith(self.c.choice(("addf", "mulf", "subf")), a.name, s.name, "f64")
                    )
                else:
                    out.append(self.arith("addi", a.name, self.const(1, "i64"), "i64"))
            self.emit(f"scf.yield {', '.join(out)} : {', '.join(types)}")

        lines = self.region([iv, *args], body)
        names = [self.fresh() for _ in args]
        iter_args = ", ".join(f"{a.name} = {i}" for a, i in zip(args, inits, strict=True))
        self.emit(
            f"{', '.join(names)} = scf.for {iv.name} = {lb_s} to {ub_s} step {step_s} "
            f"iter_args({iter_args}) -> ({', '.join(types)}) : i64 {{"
        )
        self.lines += lines
        self.emit("}")
        for name, kind, a, ty, base in zip(names, kinds, args, types, bases, strict=True):
            if isinstance(a, Mat):
                rows, cols = a.rows, a.cols
                if base is not None:
                    if base.val is not None and trip is not None:
                        final = Dim.const(base.val + trip)
                    else:
                        final = Dim.sym(base.lo + trip_lo, base.hi + trip_hi)
                    if kind == "cgrow":
                        cols = final
                    else:
                        rows = final
                self.add(Mat(name, rows, cols, ty, a.finite))
            elif kind == "f64":
                self.add(Scalar(name, "f64", finite=False))
            else:
                d = Dim.const(trip) if trip is not None else Dim.sym(trip_lo, trip_hi)
                self.add(Scalar(name, "i64", dim=d))

    def op_call(self, depth: int) -> None:
        helper = self.c.choice(self.gen.callable_helpers(self))
        mapping: dict[int, Dim] = {}

        def map_param_dim(d: Dim) -> Dim:
            if d.val is not None:
                return d
            if id(d) not in mapping:
                cands = [e for e in self.known_dims() if e.lo >= d.lo and e.hi <= d.hi]
                if cands and self.c.chance(0.6):
                    mapping[id(d)] = self.c.choice(cands)
                else:
                    mapping[id(d)] = Dim.const(self.c.int(d.lo, min(d.hi, 8)))
            return mapping[id(d)]

        operands: list[tuple[str, str]] = []
        for p in helper.params:
            if isinstance(p, Mat):
                v = self.of_shape(map_param_dim(p.rows), map_param_dim(p.cols), finite=p.finite)
                operands.append((self.cast(v, p.ty).name, p.ty))
            elif p.ty == "i64":
                assert p.dim is not None
                operands.append((self.dim_ssa(map_param_dim(p.dim)), "i64"))
            else:
                operands.append((self.f64(finite=p.finite).name, "f64"))
        internal: dict[int, Dim] = {}

        def map_result_dim(d: Dim) -> Dim:
            if id(d) in mapping:
                return mapping[id(d)]
            if d.val is not None:
                return d
            return internal.setdefault(id(d), Dim.sym(d.lo, d.hi))

        names = [self.fresh() for _ in helper.results]
        rtypes = [r.ty for r in helper.results]
        ins = ", ".join(t for _, t in operands)
        outs = rtypes[0] if len(rtypes) == 1 else f"({', '.join(rtypes)})"
        self.emit(
            f"{', '.join(names)} = func.call @{helper.name}({', '.join(n for n, _ in operands)}) "
            f": ({ins}) -> {outs}"
        )
        for name, r in zip(names, helper.results, strict=True):
            if isinstance(r, Mat):
                rows, cols = map_result_dim(r.rows), map_result_dim(r.cols)
                self.add(Mat(name, rows, cols, r.ty, r.finite))
            elif r.ty == "i64" and r.dim is not None:
                self.add(Scalar(name, "i64", dim=map_result_dim(r.dim)))
            else:
                self.add(Scalar(name, r.ty, finite=r.finite))


KNOWN_BUGS: frozenset[str] = frozenset()  # all four found so far are fixed (tests/unit/size_bugs/)
"""Program shapes that trigger known amls bugs (see tests/unit/size_bugs/), avoided by default."""


class ProgramGenerator:
    def __init__(self, chooser: Chooser, size: int = 12, avoid: frozenset[str] = KNOWN_BUGS):
        self.c = chooser
        self.avoid = avoid
        self.size = size
        self.p_exact = chooser.choice((0.0, 0.25, 0.6))
        self.helpers: list[Helper] = []
        self._building: FnBuilder | None = None
        self._helper_limit: dict[FnBuilder, int] = {}

    def callable_helpers(self, fb: FnBuilder) -> list[Helper]:
        return self.helpers[: self._helper_limit.get(fb, len(self.helpers))]

    def gen_helper(self, index: int) -> str:
        name = f"h{index}"
        fb = FnBuilder(self, name)
        self._helper_limit[fb] = index  # may call earlier helpers only
        syms = [Dim.sym(self.c.choice((0, 1, 1, 2)), MAX_DIM) for _ in range(self.c.int(1, 3))]
        params: list[Value] = []
        for _ in range(self.c.int(1, 3)):
            rows = self.c.choice(syms) if self.c.chance(0.8) else Dim.const(1)
            cols = self.c.choice(syms) if self.c.chance(0.8) else Dim.const(1)
            ty = mat_type("1" if rows.val == 1 else "?", "1" if cols.val == 1 else "?")
            # Call sites pass finite values for a parameter marked finite.
            params.append(Mat(fb.fresh("p"), rows, cols, ty, self.c.chance(0.8)))
        if self.c.chance(0.4):
            params.append(Scalar(fb.fresh("p"), "i64", dim=Dim.sym(0, 4)))
        if self.c.chance(0.3):
            params.append(Scalar(fb.fresh("p"), "f64", finite=self.c.chance(0.7)))
        fb.frames[0].values.extend(params)
        fb.gen_ops(self.c.int(1, max(2, self.size // 2)), depth=1)
        results: list[Value] = [fb.pick_mat() for _ in range(self.c.int(1, 2))]
        if self.c.chance(0.3):
            results.append(fb.f64())
        ret_names = [r.name for r in results]
        ret_types = [r.ty for r in results]
        fb.emit(f"func.return {', '.join(ret_names)} : {', '.join(ret_types)}")
        self.helpers.append(Helper(name, params, results))
        sig = ", ".join(f"{p.name}: {p.ty}" for p in params)
        outs = ", ".join(ret_types)
        vis = "private " if self.c.chance(0.5) else ""
        return "\n".join([f"func.func {vis}@{name}({sig}) -> ({outs}) {{", *fb.lines, "}"])

    def generate(self) -> str:
        funcs: list[str] = []
        for i in range(self.c.weighted([(0, 3), (1, 2), (2, 1)])):
            funcs.append(self.gen_helper(i))
        fb = FnBuilder(self, "main")
        fb.gen_ops(self.c.int(max(1, self.size // 2), self.size), depth=0)
        results: list[Value] = []
        mats = fb.mats()
        for _ in range(self.c.int(1, min(4, len(mats)))):
            results.append(fb.pick(mats))
        for ty in ("f64", "i64"):
            ss = fb.scalars(ty)
            if ss and self.c.chance(0.5):
                results.append(fb.pick(ss))
        fb.emit(
            f"func.return {', '.join(r.name for r in results)} : {', '.join(r.ty for r in results)}"
        )
        outs = ", ".join(r.ty for r in results)
        funcs.append("\n".join([f"func.func @main() -> ({outs}) {{", *fb.lines, "}"]))
        return "\n\n".join(funcs) + "\n"


def generate(chooser: Chooser, size: int = 12, avoid: frozenset[str] = KNOWN_BUGS) -> str:
    """The text of a random well-typed module with `@main() -> (...)`."""
    return ProgramGenerator(chooser, size, avoid).generate()


def generate_seed(seed: int, size: int = 12, avoid: frozenset[str] = KNOWN_BUGS) -> str:
    return generate(RandomChooser(seed), size, avoid)


if __name__ == "__main__":
    import sys

    print(generate_seed(int(sys.argv[1]) if len(sys.argv) > 1 else 0))

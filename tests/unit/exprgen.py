"""Random matrix expressions over function arguments, to test the rewrite rules together.

`generate(chooser)` returns an `rc.Instance`: the text of `func.func @f(...)` and the
arguments to call it with. Unlike progen's programs (seeded data that -O2 folds at
compile time), the data here are arguments, so the -O2 pipeline must rewrite the
expressions rather than evaluate them: each step draws an op from the shapes the
rules look for (matmul chains, transposes, aggregates of products, diag/trace,
element-wise ops with scalars, vectors, 1x1 and fill operands, comparisons,
cbind/rbind, slices, select), and arguments are typed exactly (dims and nnz, so the
dynamic rules fire) or as `?x?`.

Arguments are dense, integer-valued, sparse (CSR), all-zero or, now and then, hold
NaN/Inf/-0.0, in shapes 0..4 x 0..4: empty, 1x1 and vectors come up often.
"""

from __future__ import annotations

import progen
import rewrite_cases as rc
from rewrite_cases import V

ELEMENTWISE = ("add", "sub", "mul", "div", "min", "max", "eq", "ne", "lt", "le", "gt", "ge")
LOGICAL = ("and", "or")
UNARY = ("neg", "abs", "sign", "round", "floor", "ceil", "exp", "sigmoid", "not", "sqrt",
         "sin", "cos", "tan", "isnan", "asin", "acos", "atan", "sinh", "cosh", "tanh",
         "isinf")  # fmt: skip
REDUCE = ("sum", "sumsq", "mean", "min", "max")
SCALARS = (0.0, 1.0, -1.0, 2.0, 0.5, 3.0)


class ExprGen:
    def __init__(self, c: progen.Chooser, steps: int):
        self.c = c
        self.steps = steps
        self.f = rc.F()
        self.mats: list[V] = []
        self.scalars: list[V] = []
        self.finite_only = not c.chance(0.2)  # else some arguments hold NaN/Inf/-0.0

    # -- operands ---------------------------------------------------------------

    def dim(self) -> int:
        return self.c.weighted([(0, 1), (1, 3), (2, 3), (3, 3), (4, 2)])

    def new_arg(self, shape: tuple[int, int]) -> V:
        kinds = list(rc.FINITE_KINDS) + ["allzero"] + ([] if self.finite_only else ["special"])
        value = rc.make_values(self.c.choice(kinds), self.c.int(0, 2**20), shape, False)
        if self.c.chance(0.25):  # generic type: only the runtime knows the sizes
            name = f"%a{len(self.f.params)}"
            self.f.params.append(f"{name}: !matrix.mat<?x?xf64>")
            self.f.args.append(value)
            v = V(name, "!matrix.mat<?x?xf64>", shape)
        else:
            v = self.f.arg(value)
        self.mats.append(v)
        return v

    def mat(self, shape: tuple[int, int] | None = None) -> V:
        """A matrix of `shape` (any shape if None): an earlier value or a new argument."""
        fits = [m for m in self.mats if shape is None or m.shape == shape]
        if fits and self.c.chance(0.75):
            # Often the newest: ops nest (sum(X %*% Y), t(t(X) + s)), as rules look for.
            return fits[-1] if self.c.chance(0.5) else self.c.choice(fits)
        return self.new_arg(shape or (self.dim(), self.dim()))

    def scalar(self) -> V:
        if self.scalars and self.c.chance(0.4):
            return self.c.choice(self.scalars)
        if self.c.chance(0.2):
            v = self.f.num(self.c.choice(SCALARS + (-2.5,)))
        else:
            v = self.f.fconst(self.c.choice(SCALARS))
        return v

    def other(self, a: V) -> V:
        """A second operand for an element-wise op with a: same shape, a row or column
        vector, 1x1, a scalar or a fill of a's shape."""
        assert a.shape is not None
        r, cols = a.shape
        kind = self.c.weighted(
            [("same", 5), ("scalar", 4), ("row", 2), ("col", 2), ("1x1", 1), ("fill", 1)]
        )
        if kind == "scalar":
            return self.scalar()
        if kind == "fill":
            return self.f.fill(self.scalar(), (r, cols))
        shape = {"same": (r, cols), "row": (1, cols), "col": (r, 1), "1x1": (1, 1)}[kind]
        return self.mat(shape)

    # -- steps ------------------------------------------------------------------

    def step(self) -> None:
        kind = self.c.weighted(
            [
                ("binary", 6),
                ("unary", 2),
                ("matmul", 5),
                ("transpose", 3),
                ("reduce", 4),
                ("diag", 1),
                ("trace", 1),
                ("bind", 1),
                ("slice", 1),
                ("select", 1),
                ("scalar", 2),
                ("pow", 1),
                ("agg_compound", 4),
                ("idiom", 4),
                ("chain", 2),
            ]
        )
        getattr(self, f"gen_{kind}")()

    def gen_binary(self) -> None:
        a = self.mat()
        b = self.other(a)
        name = self.c.choice(ELEMENTWISE + LOGICAL)
        if name == "div":
            b = self.nonzero(b)
        elif self.c.chance(0.3):
            a, b = b, a
        self.mats.append(self.f.bin(name, a, b))

    def nonzero(self, b: V) -> V:
        """A denominator that is never zero: -O2 may change the sign of a zero (see
        test_rewrite_fuzz), and x / -0.0 and x / +0.0 are infinities of opposite sign."""
        if b.shape is None:
            return self.f.fconst(self.c.choice([x for x in SCALARS if x != 0.0]))
        return self.f.bin("add", self.f.fconst(1.0), self.f.un("abs", b))

    def gen_pow(self) -> None:
        a = self.mat()
        self.mats.append(self.f.bin("pow", a, self.f.fconst(self.c.choice((2.0, 1.0, 0.5)))))

    def gen_unary(self) -> None:
        self.mats.append(self.f.un(self.c.choice(UNARY), self.mat()))

    def gen_matmul(self) -> None:
        a = self.mat()
        assert a.shape is not None
        if self.c.chance(0.3):
            a = self.f.t(a)
            self.mats.append(a)
        assert a.shape is not None
        b = self.mat((a.shape[1], self.dim()))
        if self.c.chance(0.2):
            b = self.f.t(self.mat((self.dim(), a.shape[1])))
        self.mats.append(self.f.mm(a, b))

    def gen_transpose(self) -> None:
        self.mats.append(self.f.t(self.mat()))

    def gen_reduce(self) -> None:
        self.aggregate(self.mat())

    def aggregate(self, a: V, prefer_sum: bool = False) -> None:
        """A reduce of a over a drawn axis (mean/min/max only over non-empty a)."""
        assert a.shape is not None
        axis = self.c.choice(("all", "row", "col"))
        kinds = [k for k in REDUCE if k in ("sum", "sumsq") or (a.shape[0] and a.shape[1])]
        kind = "sum" if prefer_sum and self.c.chance(0.6) else self.c.choice(kinds)
        out = self.f.reduce(kind, axis, a)
        (self.scalars if axis == "all" else self.mats).append(out)

    def gen_diag(self) -> None:
        n = self.dim()
        a = self.mat(self.c.choice([(n, 1), (n, n)]))
        self.mats.append(self.f.diag(a))

    def gen_trace(self) -> None:
        n = self.dim()
        a = self.mat((n, n)) if self.c.chance(0.5) else None
        if a is None:  # trace of a product: trace-mm's pattern
            x = self.mat((n, self.dim()))
            assert x.shape is not None
            a = self.f.mm(x, self.mat((x.shape[1], n)))
        self.scalars.append(self.f.trace(a))

    def gen_bind(self) -> None:
        a = self.mat()
        assert a.shape is not None
        if self.c.chance(0.5):
            self.mats.append(self.f.cbind(a, self.mat((a.shape[0], self.dim()))))
        else:
            self.mats.append(self.f.rbind(a, self.mat((self.dim(), a.shape[1]))))

    def gen_slice(self) -> None:
        a = self.mat()
        assert a.shape is not None
        r, cols = a.shape
        r0 = self.c.int(0, r)
        c0 = self.c.int(0, cols)
        self.mats.append(self.f.slice(a, r0, self.c.int(r0, r), c0, self.c.int(c0, cols)))

    def gen_select(self) -> None:
        a = self.mat()
        assert a.shape is not None
        cond = self.f.bin(self.c.choice(("gt", "ne", "le")), a, self.f.fconst(0.0))
        on_true = self.mat(a.shape) if self.c.chance(0.7) else self.scalar()
        on_false = self.mat(a.shape) if self.c.chance(0.5) else self.scalar()
        self.mats.append(self.f.select(cond, on_true, on_false))

    def gen_agg_compound(self) -> None:
        """An aggregate of a fresh product, sum, difference or transpose."""
        inner = self.c.choice(("binary", "matmul", "transpose", "pow"))
        getattr(self, f"gen_{inner}")()
        self.aggregate(self.mats[-1], prefer_sum=True)

    def gen_idiom(self) -> None:
        """A shape ML scripts write and the rules rewrite."""
        f, x = self.f, self.mat()
        assert x.shape is not None
        r, cols = x.shape
        which = self.c.int(0, 20)
        if which == 0:  # -(B - A)
            out = f.un("neg", f.bin("sub", x, self.mat(x.shape)))
        elif which == 1:  # X - Y*X, Y*X + X
            yx = f.bin("mul", self.other(x), x)
            out = f.bin("sub", x, yx) if self.c.chance(0.5) else f.bin("add", yx, x)
        elif which == 2:  # (a + X) - b
            out = f.bin("sub", f.bin("add", self.scalar(), x), self.scalar())
        elif which == 3:  # 1 / (1 + exp(-X))
            e = f.un("exp", f.un("neg", x))
            out = f.bin("div", f.fconst(1.0), f.bin("add", f.fconst(1.0), e))
        elif which == 4:  # (X > 0) - (X < 0)
            zero = f.fconst(0.0)
            out = f.bin("sub", f.bin("gt", x, zero), f.bin("lt", x, zero))
        elif which == 5:  # not(A > B)
            out = f.un("not", f.bin(self.c.choice(("gt", "lt", "eq")), x, self.other(x)))
        elif which == 6:  # A %*% B + A %*% C
            k = self.dim()
            out = f.bin("add", f.mm(x, self.mat((cols, k))), f.mm(x, self.mat((cols, k))))
        elif which == 7:  # diag(v) %*% Y, diag(X %*% Y)
            if self.c.chance(0.5):
                out = f.mm(f.diag(self.mat((r, 1))), x)
            else:
                out = f.diag(f.mm(x, self.mat((cols, r))))
        elif which == 8:  # t(t(A) + s) + s, t(t(A) %*% t(B) + C)
            if self.c.chance(0.5):
                out = f.bin("add", f.t(f.bin("add", f.t(x), self.scalar())), self.scalar())
            else:
                b = self.mat((self.dim(), r))
                assert b.shape is not None
                p = f.mm(f.t(x), f.t(b))
                out = f.t(f.bin("add", p, self.mat(p.shape)))
        elif which == 9:  # colSums(X * v), rowSums(X * u)
            if self.c.chance(0.5):
                out = f.reduce("sum", "col", f.bin("mul", x, self.mat((r, 1))))
            else:
                out = f.reduce("sum", "row", f.bin("mul", x, self.mat((1, cols))))
        elif which == 10:  # colSums(X) / nrow, rowSums(X) / ncol
            axis = self.c.choice(("col", "row"))
            n = r if axis == "col" else cols
            out = f.bin("div", f.reduce("sum", axis, x), f.fconst(float(max(n, 1))))
        elif which == 11:  # abs(X) * abs(Y), (-X) %*% Y
            if self.c.chance(0.5):
                out = f.bin("mul", f.un("abs", x), f.un("abs", self.mat(x.shape)))
            else:
                out = f.mm(f.un("neg", x), self.mat((cols, self.dim())))
        elif which == 12:  # trace(A + B), trace(t(A)), sum(diag(A))
            a = self.mat((r, r))
            pick = self.c.int(0, 2)
            if pick == 0:
                s = f.trace(f.bin("add", a, self.mat((r, r))))
            elif pick == 1:
                s = f.trace(f.t(a))
            else:
                s = f.reduce("sum", "all", f.diag(a))
            self.scalars.append(s)
            out = f.bin("mul", x, s)
        elif which == 13:  # t(cbind(t(A), t(B))), cbind(X, cbind(Y, Z))
            if self.c.chance(0.5):
                out = f.t(f.cbind(f.t(x), f.t(self.mat((self.dim(), cols)))))
            else:
                inner = f.cbind(self.mat((r, self.dim())), self.mat((r, self.dim())))
                out = f.cbind(x, inner)
        elif which == 14:  # (A cmp B) == 1, != 0, == 0
            cmp = f.bin(self.c.choice(("gt", "le", "eq", "ne")), x, self.other(x))
            lit = f.fconst(self.c.choice((1.0, 0.0)))
            out = f.bin(self.c.choice(("eq", "ne")), cmp, lit)
        elif which == 15:  # A and not(A), A or not(A) on a 0/1 A
            p = f.bin("gt", x, f.fconst(0.0))
            out = f.bin(self.c.choice(("and", "or")), p, f.un("not", p))
        elif which == 16:  # sum(fill(a, r, c)), diag(v) * s, sum(s * X), rowSums(s * X)
            pick = self.c.int(0, 2)
            if pick == 0:
                self.scalars.append(f.reduce("sum", "all", f.fill(self.scalar(), (r, cols))))
                out = x
            elif pick == 1:
                out = f.bin("mul", f.diag(self.mat((r, 1))), self.scalar())
            else:
                axis = self.c.choice(("all", "row", "col"))
                red = f.reduce("sum", axis, f.bin("mul", self.scalar(), x))
                if axis == "all":
                    self.scalars.append(red)
                    out = x
                else:
                    out = red
        elif which == 17:  # X %*% fill(1, 1, 1), X %*% y with y 1x1, diag(v) %*% Y
            if cols == 1 and self.c.chance(0.5):
                out = f.mm(x, f.fill(1.0, (1, 1)))
            else:
                out = f.mm(f.diag(self.mat((r, 1))), x)
        elif which == 18:  # sum(X != 0), sum(v^2), sum(v1 * v2)
            if self.c.chance(0.5):
                self.scalars.append(f.reduce("sum", "all", f.bin("ne", x, f.fconst(0.0))))
            else:
                v = self.mat((r, 1))
                w = v if self.c.chance(0.5) else self.mat((r, 1))
                self.scalars.append(f.reduce("sum", "all", f.bin("mul", v, w)))
            out = x
        elif which == 19:  # X[i, j] of a product (sliced-mm), slice covering X
            p = f.mm(x, self.mat((cols, self.dim())))
            assert p.shape is not None
            pr, pc = p.shape
            i, j = self.c.int(0, pr), self.c.int(0, pc)
            out = f.slice(p, i, min(pr, i + 1), j, min(pc, j + 1))
        else:  # select with an all-true / all-false condition, X - X*Y, min/max with s
            pick = self.c.int(0, 1)
            if pick == 0:
                cond = f.fill(self.c.choice((0.0, 1.0)), (r, cols))
                out = f.select(cond, x, self.mat(x.shape))
            else:
                out = f.bin(self.c.choice(("min", "max")), x, self.scalar())
        self.mats.append(out)

    def gen_chain(self) -> None:
        """A matmul chain of 3 or 4, often ending in a vector."""
        a = self.mat()
        assert a.shape is not None
        for i in range(self.c.int(2, 3)):
            cols = 1 if i and self.c.chance(0.4) else self.dim()
            assert a.shape is not None
            a = self.f.mm(a, self.mat((a.shape[1], cols)))
        self.mats.append(a)

    def gen_scalar(self) -> None:
        ones = [m for m in self.mats if m.shape == (1, 1)]
        if ones and self.c.chance(0.5):
            self.scalars.append(self.f.to_scalar(self.c.choice(ones)))
            return
        x, y = self.scalar(), self.scalar()
        self.scalars.append(self.f.arith(self.c.choice(("addf", "mulf", "subf")), x, y))

    # -- the function -----------------------------------------------------------

    def generate(self) -> rc.Instance:
        self.new_arg((self.dim(), self.dim()))
        for _ in range(self.steps):
            self.step()
        results: list[V] = []
        pool = [m for m in self.mats if m.name.startswith("%v")]
        pool += [s for s in self.scalars if s.name.startswith("%v")]
        for _ in range(min(len(pool), self.c.int(1, 3))):
            v = self.c.choice(pool)
            if v not in results:
                results.append(v)
        if pool and pool[-1] not in results:
            results.append(pool[-1])
        if not results:  # no op produced anything: return the first argument's sum
            results.append(self.f.reduce("sum", "all", self.mats[0]))
        return rc.Instance(self.f.text(*results), self.f.args, exact=False)


def generate(c: progen.Chooser, steps: int = 8) -> rc.Instance:
    return ExprGen(c, steps).generate()


def generate_seed(seed: int, steps: int = 8) -> rc.Instance:
    return generate(progen.RandomChooser(seed), steps)

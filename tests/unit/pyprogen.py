"""Random NumPy programs for @amls.jit: `generate(chooser)` returns the source of one
function `def prog(X, Y, v, w, s, k)` and is the Python twin of progen (same Chooser, so a
`random.Random(seed)` gives one program per seed and hypothesis' `data.draw` shrinks).

The generator knows each value's shape (X, Y: n x m; v: 1-D m; w: 1-D n; s a float; k an
int; n, m drawn per program) and emits only what NumPy accepts: element-wise ops with
scalars, equal shapes and 1-D rows, @ of all 1-D/2-D kinds, .T, reductions with axis and
keepdims, np.where, masks, np.maximum/minimum/clip, unary functions on safe domains,
slicing and indexing (negative and clipped bounds), stacking, np.outer/diag/trace/eye,
in-place updates of copies, `if` on data, `for` over range with carried arrays and
scalars, and calls of a helper function. Values stay bounded (divisions by 1 + |x|, exp
of clipped values, loop values clipped), so decorated and plain runs compare at rtol 1e-9.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import progen

Shape = tuple[str, ...]  # ("s",) scalar, ("v", d) 1-D of dim name d, ("m", r, c) 2-D


class PyGen:
    def __init__(self, c: progen.Chooser):
        self.c = c
        self.lines: list[str] = []
        self.vars: dict[str, Shape] = {
            "X": ("m", "n", "m"), "Y": ("m", "n", "m"), "v": ("v", "m"), "w": ("v", "n"),
            "s": ("s",),
        }  # fmt: skip
        self.count = 0
        self.indent = "    "

    def pick(self, items: list[Any]) -> Any:
        return items[self.c.int(0, len(items) - 1)]

    def fresh(self) -> str:
        self.count += 1
        return f"t{self.count}"

    # -- expressions of a given shape -------------------------------------------------

    def of(self, shape: Shape) -> list[str]:
        return [n for n, s in self.vars.items() if s == shape]

    def expr(self, shape: Shape, depth: int) -> str:
        have = self.of(shape)
        if depth <= 0 or (have and self.c.chance(0.3)):
            return self.leaf(shape)
        kind = shape[0]
        if kind == "s":
            return self.scalar(depth)
        if kind == "v":
            return self.vector(shape[1], depth)
        return self.matrix(shape[1], shape[2], depth)

    def leaf(self, shape: Shape) -> str:
        have = self.of(shape)
        if have:
            return self.pick(have)
        if shape[0] == "s":
            return self.pick(["s", "0.5", "2.0", "float(k)"])
        if shape[0] == "v":
            return self.pick([f"np.ones({shape[1]})", f"np.full({shape[1]}, 0.25)"])
        return self.pick([f"np.ones(({shape[1]}, {shape[2]}))",
                          f"np.full(({shape[1]}, {shape[2]}), -0.5)"])  # fmt: skip

    def scalar(self, d: int) -> str:
        e = self.expr
        mat = ("m", self.pick(["n", "m"]), self.pick(["n", "m"]))
        vec = ("v", self.pick(["n", "m"]))
        choice = self.c.int(0, 9)
        if choice == 0:
            return f"np.sum({e(mat, d - 1)})"
        if choice == 1:
            return f"np.mean({e(vec, d - 1)})"
        if choice == 2:
            return f"np.max({e(mat, d - 1)})"
        if choice == 3:
            return f"({e(vec, d - 1)} @ {e(vec, d - 1)})"
        if choice == 4:
            return f"np.trace({e(('m', 'n', 'n'), d - 1)})"
        if choice == 5:
            return f"{self.pick(['X', 'Y'])}[{self.c.int(-1, 0)}, {self.c.int(-1, 0)}]"
        if choice == 6:
            op = self.pick(["+", "-", "*"])
            return f"({e(('s',), d - 1)} {op} {e(('s',), d - 1)})"
        if choice == 7:
            return f"({e(('s',), d - 1)} / (1.0 + abs({e(('s',), d - 1)})))"
        if choice == 8:
            return f"np.min({e(vec, d - 1)})"
        return f"np.sqrt(np.abs({e(('s',), d - 1)}))"

    def vector(self, dim: str, d: int) -> str:
        e = self.expr
        other = "m" if dim == "n" else "n"
        choice = self.c.int(0, 11)
        if choice == 0:
            return f"({e(('m', dim, other), d - 1)} @ {e(('v', other), d - 1)})"
        if choice == 1:
            return f"({e(('v', other), d - 1)} @ {e(('m', other, dim), d - 1)})"
        if choice == 2:
            axis = 0 if self.c.chance(0.5) else 1
            src = ("m", other, dim) if axis == 0 else ("m", dim, other)
            red = self.pick(["sum", "mean", "max", "min"])
            return f"np.{red}({e(src, d - 1)}, axis={axis})"
        if choice == 3:
            return f"np.diag({e(('m', dim, dim), d - 1)})"
        if choice == 4:
            op = self.pick(["+", "-", "*"])
            return f"({e(('v', dim), d - 1)} {op} {e(('v', dim), d - 1)})"
        if choice == 5:
            return f"({e(('v', dim), d - 1)} / (1.0 + np.abs({e(('v', dim), d - 1)})))"
        if choice == 6:
            src = ("m", dim, other)
            return f"{e(src, d - 1)}[:, {self.c.int(-1, 0)}]"
        if choice == 7:
            return f"{e(('m', other, dim), d - 1)}[{self.c.int(-1, 0)}]"
        if choice == 8:
            cond = f"{e(('v', dim), d - 1)} > {e(('s',), 0)}"
            return f"np.where({cond}, {e(('v', dim), d - 1)}, {self.pick(['s', '0.0'])})"
        if choice == 9:
            return f"np.clip({e(('v', dim), d - 1)}, -1.5, 1.5)"
        if choice == 10:
            return f"({e(('v', dim), d - 1)} * {e(('s',), d - 1)})"
        return f"np.maximum({e(('v', dim), d - 1)}, {e(('s',), 0)})"

    def matrix(self, r: str, c: str, d: int) -> str:
        e = self.expr
        choice = self.c.int(0, 13)
        if choice == 0:
            k = self.pick(["n", "m"])
            return f"({e(('m', r, k), d - 1)} @ {e(('m', k, c), d - 1)})"
        if choice == 1:
            return f"{e(('m', c, r), d - 1)}.T"
        if choice == 2:
            op = self.pick(["+", "-", "*"])
            return f"({e(('m', r, c), d - 1)} {op} {e(('m', r, c), d - 1)})"
        if choice == 3:
            return f"({e(('m', r, c), d - 1)} {self.pick(['+', '*', '-'])} {e(('s',), d - 1)})"
        if choice == 4:  # a 1-D array broadcasts as a row
            return f"({e(('m', r, c), d - 1)} + {e(('v', c), d - 1)})"
        if choice == 5:
            f = self.pick(["np.exp(np.clip({}, -3, 3))", "np.abs({})", "np.sqrt(np.abs({}))",
                           "np.sign({})", "np.floor({})", "np.ceil({})", "-{}",
                           "np.log(1 + np.abs({}))", "expit({})"])  # fmt: skip
            return f.format(e(("m", r, c), d - 1))
        if choice == 6:
            return (f"np.where({e(('m', r, c), d - 1)} > {e(('m', r, c), d - 1)}, "
                    f"{e(('m', r, c), d - 1)}, {e(('s',), 0)})")  # fmt: skip
        if choice == 7:
            return f"({e(('m', r, c), d - 1)} / (1.0 + np.abs({e(('m', r, c), d - 1)})))"
        if choice == 8:
            return f"(({e(('m', r, c), d - 1)} > 0) & ~({e(('m', r, c), d - 1)} < -0.5)) * 1.0"
        if choice == 9 and c == "n" and r in ("n", "m"):
            return f"np.outer({e(('v', r), d - 1)}, {e(('v', c), d - 1)})"
        if choice == 10:
            keep = self.pick(["np.sum", "np.mean", "np.max"])
            return f"({e(('m', r, c), d - 1)} - {keep}({e(('m', r, c), d - 1)}, axis=1, keepdims=True))"  # noqa: E501
        if choice == 11 and r == c:
            return f"({e(('m', r, c), d - 1)} + {self.pick(['0.5', 's'])} * np.eye({r}))"
        if choice == 12:
            return f"np.minimum({e(('m', r, c), d - 1)}, {e(('m', r, c), d - 1)})"
        return f"np.clip({e(('m', r, c), d - 1)}, -2.0, 2.0)"

    # -- statements ---------------------------------------------------------------------

    def shape(self) -> Shape:
        k = self.c.int(0, 4)
        if k == 0:
            return ("s",)
        if k == 1:
            return ("v", self.pick(["n", "m"]))
        return ("m", self.pick(["n", "m"]), self.pick(["n", "m"]))

    def emit(self, line: str) -> None:
        self.lines.append(self.indent + line)

    def assign(self, depth: int) -> None:
        sh = self.shape()
        name = self.fresh()
        self.emit(f"{name} = {self.expr(sh, depth)}")
        self.vars[name] = sh

    def statement(self, depth: int) -> None:
        k = self.c.int(0, 9)
        if k <= 4:
            self.assign(depth)
        elif k == 5:  # if on data
            sh = self.shape()
            name = self.fresh()
            self.emit(f"if {self.expr(('s',), 1)} > {self.expr(('s',), 1)}:")
            self.emit(f"    {name} = {self.expr(sh, depth)}")
            self.emit("else:")
            self.emit(f"    {name} = {self.expr(sh, depth)}")
            self.vars[name] = sh
        elif k == 6:  # a loop carrying an array and a scalar
            sh = ("m", "n", "m") if self.c.chance(0.5) else ("v", self.pick(["n", "m"]))
            acc, tot = self.fresh(), self.fresh()
            self.emit(f"{acc} = {self.expr(sh, 1)}")
            self.emit(f"{tot} = 0.0")
            self.vars[acc] = sh
            self.emit(f"for i in range({self.pick(['k', '3', '0', 'k + 1'])}):")
            body = self.expr(sh, 1)
            self.emit(f"    {acc} = np.clip(0.5 * {acc} + {body}, -10.0, 10.0)")
            self.emit(f"    {tot} = {tot} + i * 0.25 + np.sum({acc})")
            self.vars[tot] = ("s",)
        elif k == 7:  # slicing with constant (negative, clipped) bounds
            src = self.pick(["X", "Y"])
            a, b = self.c.int(-3, 2), self.c.int(-1, 9)
            name = self.fresh()
            self.emit(
                f"{name} = np.sum({src}[{a}:{b}, 1:]) + np.sum({src}[:, :{self.c.int(-2, 3)}])"
            )  # noqa: E501
            self.vars[name] = ("s",)
        elif k == 8:  # an in-place update of a copy
            name = self.fresh()
            self.emit(f"{name} = {self.pick(['X', 'Y'])}.copy()")
            self.emit(f"{name}[{self.c.int(-1, 0)}] = {self.expr(('v', 'm'), 1)}")
            self.emit(f"{name}[:, 0] += {self.expr(('s',), 1)}")
            self.vars[name] = ("m", "n", "m")
        else:  # stacking, sliced back
            name = self.fresh()
            self.emit(
                f"{name} = np.hstack([X, {self.expr(('m', 'n', 'm'), 1)}])[:, -{self.c.int(1, 2)}:]"
            )  # noqa: E501
            self.vars[name] = ("m", "n", "m")
            self.vars.pop(name)  # its cols are 1 or 2: not a known dim name
            self.emit(f"{self.fresh()} = np.sum({name})")
            self.vars[f"t{self.count}"] = ("s",)

    def program(self) -> str:
        self.lines = []
        if self.c.chance(0.3):
            self.lines.append("    h1 = helper(X, s)")
            self.vars["h1"] = ("m", "n", "m")
        for _ in range(self.c.int(1, 6)):
            self.statement(self.c.int(1, 3))
        outs = [n for n in self.vars if n.startswith(("t", "h"))][-3:] or ["X"]
        self.lines.append(f"    return {', '.join(outs)},")
        return HEADER + "\n".join(self.lines) + "\n"


HEADER = """import numpy as np
from scipy.special import expit


def helper(Z, c):
    return np.clip(Z * c, -3.0, 3.0) + 1.0


def prog(X, Y, v, w, s, k):
    n, m = X.shape
"""


def generate(c: progen.Chooser) -> tuple[str, tuple[Any, ...]]:
    """(source of `prog`, its arguments)."""
    g = PyGen(c)
    src = g.program()
    n, m = c.int(1, 6), c.int(1, 6)
    rng = np.random.default_rng(c.int(0, 10**6))
    args = (
        rng.uniform(-2, 2, (n, m)),
        rng.standard_normal((n, m)),
        rng.uniform(-1, 1, m),
        rng.uniform(-1, 1, n),
        float(rng.uniform(-2, 2)),
        c.int(0, 3),
    )
    return src, args

"""Generate a large matrix program of about N ops, for compile-time measurement.

    python bench/gen_programs.py 10000 > /tmp/prog_10000.mlir
    python bench/gen_programs.py 1000 --seed 3

Deterministic per (N, seed). The program is mostly straight-line linear algebra
in the style of the examples (regression / GD steps on an n x m data matrix):
element-wise ops with matrix, vector and scalar operands, matmul, transpose,
reductions, slices, cbind, select, nrow/ncol/fill; every ~60 ops an scf.if on a
data-dependent condition, every ~80 ops an scf.for (a gradient step carrying a
coefficient vector); one helper function of HELPER_OPS ops per OPS_PER_HELPER
ops, with `?x?` parameters, each called three times from @main (once through a
matrix.cast), so size-inference and ipa have sizes to derive and calls to
specialise and inline, in proportion to N. Every
matrix type is written `?x?` (or `?x1`): all sizes are left to the passes.

N counts every op in the module (arith.constant, scf.yield, func.return
included; the module and func.func ops excluded). The program verifies and runs
(small data: n = 40, m = 6 by default), but it is meant to be compiled.

The data are unseeded `matrix.rand`s: sizes known, values only at run time, as
for a program that reads its data. With `--seeded-data` they are seeded, and
-O1 then evaluates most of the program at compile time (40 x 6 cells are far
below constant-fold's bound): how much it can evaluate depends on the length
(the share of values downstream of a loop or call grows with it), so that
variant compares different amounts of compiler work per input op.
"""

from __future__ import annotations

import argparse
import random
import re
import sys

M = "!matrix.mat<?x?xf64>"
V = "!matrix.mat<?x1xf64>"

# Value classes by shape: data n x m, column n x 1, coefficient m x 1, row 1 x m.
CLASSES = ("data", "col", "coef", "row")
TYPE = {"data": M, "col": V, "coef": V, "row": M}
BINARY = ("add", "sub", "mul", "max", "min")
UNARY = ("neg", "abs", "sigmoid", "round", "sign")


class Fn:
    """One function's body: recent values per class, and the emitted lines."""

    def __init__(self, rng: random.Random, name: str, params: list[tuple[str, str, str]]):
        self.rng = rng
        self.name = name
        self.params = params  # (name, class, type)
        self.lines: list[str] = []
        self.n = 0
        self.ops = 0
        self.indent = 1
        self.pool: dict[str, list[str]] = {c: [] for c in CLASSES}
        self.scalars: list[str] = []
        self.consts: dict[str, str] = {}
        for name_, cls, _ in params:
            if cls in self.pool:
                self.pool[cls].append(name_)

    def fresh(self) -> str:
        self.n += 1
        return f"%v{self.n}"

    def emit(self, text: str) -> None:
        self.lines.append("  " * self.indent + text)
        self.ops += 1

    def const(self, text: str, ty: str) -> str:
        key = f"{text}:{ty}"
        if key not in self.consts:
            name = self.fresh()
            self.emit(f"{name} = arith.constant {text} : {ty}")
            self.consts[key] = name
        return self.consts[key]

    def get(self, cls: str) -> str:
        pool = self.pool[cls]
        return pool[-1 - self.rng.randrange(min(len(pool), 8))]

    def put(self, cls: str, v: str) -> str:
        pool = self.pool[cls]
        pool.append(v)
        if len(pool) > 16:
            del pool[0]
        return v

    def scalar(self) -> str:
        if self.scalars and self.rng.random() < 0.5:
            return self.rng.choice(self.scalars[-8:])
        return self.const(self.rng.choice(("0.5", "2.0", "0.001", "1.0")), "f64")

    def op(self, text: str, cls: str | None = None) -> str:
        v = self.fresh()
        self.emit(f"{v} = {text}")
        if cls == "f64":
            self.scalars.append(v)
            if len(self.scalars) > 16:
                del self.scalars[0]
        elif cls is not None:
            self.put(cls, v)
        return v

    # -- straight-line ops ---------------------------------------------------------

    def step(self) -> None:
        r = self.rng.random()
        if r < 0.30:
            cls = self.rng.choice(CLASSES)
            a, b = self.get(cls), self.get(cls)
            self.op(f"matrix.{self.rng.choice(BINARY)} {a}, {b} : {TYPE[cls]}", cls)
        elif r < 0.40:
            cls = self.rng.choice(CLASSES)
            a, s = self.get(cls), self.scalar()
            t = TYPE[cls]
            self.op(f"matrix.{self.rng.choice(BINARY)} {a}, {s} : ({t}, f64) -> {t}", cls)
        elif r < 0.46:  # data (+) row vector
            x, w = self.get("data"), self.get("row")
            self.op(f"matrix.{self.rng.choice(BINARY)} {x}, {w} : {M}", "data")
        elif r < 0.52:  # data (+) column vector
            x, c = self.get("data"), self.get("col")
            self.op(f"matrix.{self.rng.choice(BINARY)} {c}, {x} : ({V}, {M}) -> {M}", "data")
        elif r < 0.58:
            cls = self.rng.choice(CLASSES)
            t = TYPE[cls]
            self.op(f"matrix.{self.rng.choice(UNARY)} {self.get(cls)} : {t}", cls)
        elif r < 0.66:  # X %*% w
            x, w = self.get("data"), self.get("coef")
            self.op(f"matrix.matmul {x}, {w} : ({M}, {V}) -> {V}", "col")
        elif r < 0.72:  # t(X) %*% r
            xt = self.op(f"matrix.transpose {self.get('data')} : {M}")
            self.op(f"matrix.matmul {xt}, {self.get('col')} : ({M}, {V}) -> {V}", "coef")
        elif r < 0.76:  # t(w) as a row
            self.op(f"matrix.transpose {self.get('coef')} : ({V}) -> {M}", "row")
        elif r < 0.82:
            kind = self.rng.choice(("sum", "mean", "max", "min", "sumsq"))
            axis = self.rng.choice(("row", "col", "all"))
            x = self.get("data")
            if axis == "row":
                self.op(f"matrix.reduce {kind} row {x} : ({M}) -> {V}", "col")
            elif axis == "col":
                self.op(f"matrix.reduce {kind} col {x} : ({M}) -> {M}", "row")
            else:
                self.op(f"matrix.reduce {kind} all {x} : ({M}) -> f64", "f64")
        elif r < 0.86:  # whole-range slice, through nrow/ncol
            x = self.get("data")
            n = self.op(f"matrix.nrow {x} : ({M}) -> i64")
            m = self.op(f"matrix.ncol {x} : ({M}) -> i64")
            z = self.const("0", "i64")
            sig = f"({M}, i64, i64, i64, i64) -> {M}"
            self.op(f"matrix.slice {x}, {z}, {n}, {z}, {m} : {sig}", "data")
        elif r < 0.89:  # cbind(X, 1) then drop the last column again
            x = self.get("data")
            n = self.op(f"matrix.nrow {x} : ({M}) -> i64")
            m = self.op(f"matrix.ncol {x} : ({M}) -> i64")
            one = self.const("1", "i64")
            ones = self.op(
                f"matrix.fill {self.const('1.0', 'f64')}, {n}, {one} : (f64, i64, i64) -> {V}"
            )
            x1 = self.op(f"matrix.cbind {x}, {ones} : ({M}, {V}) -> {M}")
            z = self.const("0", "i64")
            sig = f"({M}, i64, i64, i64, i64) -> {M}"
            self.op(f"matrix.slice {x1}, {z}, {n}, {z}, {m} : {sig}", "data")
        elif r < 0.93:
            c = self.get("col")
            g = self.op(f"matrix.gt {c}, {self.const('0.0', 'f64')} : ({V}, f64) -> {V}")
            self.op(
                f"matrix.select {g}, {self.get('col')}, {self.scalar()} : ({V}, {V}, f64) -> {V}",
                "col",
            )
        elif r < 0.97:
            s = self.op(f"matrix.reduce sum all {self.get('col')} : ({V}) -> f64")
            self.op(f"arith.mulf {s}, {self.scalar()} : f64", "f64")
        else:
            self.op(f"matrix.nnz {self.get('data')} : ({M}) -> i64")

    # -- control flow ------------------------------------------------------------------

    def if_(self, body_ops: int) -> None:
        s = self.op(f"matrix.reduce sum all {self.get('col')} : ({V}) -> f64")
        cond = self.op(f"arith.cmpf ogt, {s}, {self.const('0.0', 'f64')} : f64")
        res = self.fresh()
        self.emit(f"{res} = scf.if {cond} -> ({V}) {{")
        for branch in range(2):
            self.indent += 1
            saved = {c: list(p) for c, p in self.pool.items()}
            saved_s, saved_c = list(self.scalars), dict(self.consts)
            for _ in range(body_ops):
                self.step()
            self.emit(f"scf.yield {self.get('col')} : {V}")
            self.pool, self.scalars, self.consts = saved, saved_s, saved_c
            self.indent -= 1
            if branch == 0:
                self.lines.append("  " * self.indent + "} else {")
        self.lines.append("  " * self.indent + "}")
        self.put("col", res)

    def for_(self, trips: int, body_ops: int) -> None:
        """w <- w - lr * t(X) %*% (X %*% w - y), plus some other work."""
        c0, c1 = self.const("0", "i64"), self.const("1", "i64")
        ub = self.const(str(trips), "i64")
        x, y, w0 = self.get("data"), self.get("col"), self.get("coef")
        res, i, w = self.fresh(), self.fresh(), self.fresh()
        self.emit(
            f"{res} = scf.for {i} = {c0} to {ub} step {c1} iter_args({w} = {w0}) -> ({V}) : i64 {{"
        )
        self.indent += 1
        saved = {c: list(p) for c, p in self.pool.items()}
        saved_s, saved_c = list(self.scalars), dict(self.consts)
        self.put("coef", w)
        xw = self.op(f"matrix.matmul {x}, {w} : ({M}, {V}) -> {V}", "col")
        r = self.op(f"matrix.sub {xw}, {y} : {V}", "col")
        xt = self.op(f"matrix.transpose {x} : {M}")
        g = self.op(f"matrix.matmul {xt}, {r} : ({M}, {V}) -> {V}", "coef")
        for _ in range(body_ops):
            self.step()
        lr = self.const("0.001", "f64")
        gl = self.op(f"matrix.mul {g}, {lr} : ({V}, f64) -> {V}")
        w2 = self.op(f"matrix.sub {w}, {gl} : {V}")
        self.emit(f"scf.yield {w2} : {V}")
        self.pool, self.scalars, self.consts = saved, saved_s, saved_c
        self.indent -= 1
        self.lines.append("  " * self.indent + "}")
        self.put("coef", res)

    def body(self, n_ops: int) -> None:
        target = self.ops + n_ops
        while self.ops < target:
            r = self.rng.random()
            if r < 0.016:
                self.if_(self.rng.randint(2, 6))
            elif r < 0.028:
                self.for_(self.rng.randint(1, 3), self.rng.randint(2, 8))
            else:
                self.step()

    def text(self, results: list[tuple[str, str]], private: bool) -> str:
        sig = ", ".join(f"{n}: {t}" for n, _, t in self.params)
        outs = ", ".join(t for _, t in results)
        ret = f"  func.return {', '.join(n for n, _ in results)} : {outs}"
        vis = "private " if private else ""
        head = f"func.func {vis}@{self.name}({sig}) -> ({outs}) {{"
        return "\n".join([head, *self.lines, ret, "}"])


HELPER_OPS = 120
"""Ops per helper function: fixed, so the program's structure scales with N."""
OPS_PER_HELPER = 500
"""One helper per this many ops of the program (at least 2)."""


def generate(
    n_ops: int, seed: int = 0, rows: int = 40, cols: int = 6, seeded_data: bool = False
) -> str:
    rng = random.Random(seed * 1_000_003 + n_ops)
    n_helpers = max(2, n_ops // OPS_PER_HELPER)
    funcs: list[str] = []
    helpers: list[str] = []
    params = [("%X", "data", M), ("%y", "col", V), ("%w", "coef", V), ("%s", "f64", "f64")]
    for h in range(n_helpers):
        f = Fn(rng, f"f{h}", params)
        f.scalars.append("%s")
        f.ops += 1  # its func.return
        f.op(f"matrix.transpose %w : ({V}) -> {M}", "row")
        f.body(HELPER_OPS - f.ops)
        funcs.append(f.text([(f.get("coef"), V), (f.get("col"), V)], private=True))
        helpers.append(f.name)

    main = Fn(rng, "main", [])
    main.ops += 1  # its func.return
    n, m, one = main.const(str(rows), "i64"), main.const(str(cols), "i64"), main.const("1", "i64")

    def rand(rows_: str, cols_: str, ty: str, seed_: int, bounds: str = "") -> str:
        attrs = [a for a in (bounds, f"seed = {seed_}" if seeded_data else "") if a]
        attr = f" {{{', '.join(attrs)}}}" if attrs else ""
        return main.op(f"matrix.rand {rows_}, {cols_}{attr} : (i64, i64) -> {ty}")

    main.put("data", rand(n, m, M, 1, "min = -1.0, max = 1.0"))
    main.put("col", rand(n, one, V, 2))
    main.put("coef", rand(m, one, V, 3))
    main.put("row", rand(one, m, M, 4))

    def call(fn: Fn, name: str, cast: bool) -> None:
        x, y, w, s = fn.get("data"), fn.get("col"), fn.get("coef"), fn.scalar()
        if cast:
            x = fn.op(f"matrix.cast {x} : {M}")  # a copy whose type forgets the facts
        w2, c2 = fn.fresh(), fn.fresh()
        fn.emit(
            f"{w2}, {c2} = func.call @{name}({x}, {y}, {w}, {s}) "
            f": ({M}, {V}, {V}, f64) -> ({V}, {V})"
        )
        fn.put("coef", w2)
        fn.put("col", c2)

    # Each helper is called three times: twice at the top of @main, once later on.
    for name in helpers:
        for _ in range(2):
            call(main, name, cast=False)
    budget = n_ops - _count_ops(funcs) - main.ops - 1 - 2 * n_helpers  # the later calls
    later = sorted(rng.sample(range(max(budget, n_helpers)), n_helpers))
    start = main.ops
    for name, at in zip(helpers, later, strict=True):
        main.body(start + at - main.ops)
        call(main, name, cast=True)
    main.body(n_ops - _count_ops(funcs) - main.ops - 1)
    s = main.op(f"matrix.reduce sum all {main.get('col')} : ({V}) -> f64")
    results = [(main.get("coef"), V), (main.get("data"), M), (s, "f64")]
    funcs.append(main.text(results, private=False))
    return "\n\n".join(funcs) + "\n"


def generate_chunks(chunks: int, chunk_ops: int, seed: int = 0, seeded_data: bool = False) -> str:
    """`chunks` independent programs of generate(chunk_ops) (seeds seed, seed+1, ...), their
    functions renamed apart and their @main made private, called once each from a new
    @main that returns all their results: a program that is k times one program's kind
    of work, for a weak-scaling measurement of compile time."""
    parts: list[str] = []
    calls: list[str] = []
    results: list[tuple[str, str]] = []
    out_types = (V, M, "f64")
    for i in range(chunks):
        text = generate(chunk_ops, seed + i, seeded_data=seeded_data)
        text = re.sub(r"@f(\d+)\b", rf"@c{i}_f\1", text)
        text = text.replace("func.func @main(", f"func.func private @c{i}_main(")
        parts.append(text.rstrip("\n"))
        names = [f"%r{i}_{j}" for j in range(len(out_types))]
        calls.append(
            f"  {', '.join(names)} = func.call @c{i}_main() : () -> ({', '.join(out_types)})"
        )
        results += list(zip(names, out_types, strict=True))
    sig = ", ".join(t for _, t in results)
    main = "\n".join(
        [f"func.func @main() -> ({sig}) {{", *calls]
        + [f"  func.return {', '.join(v for v, _ in results)} : {sig}", "}"]
    )
    return "\n\n".join([*parts, main]) + "\n"


def _count_ops(funcs: list[str]) -> int:
    """Ops in already generated functions: one per line except `}`-only and headers."""
    n = 0
    for f in funcs:
        for line in f.splitlines():
            s = line.strip()
            if s.startswith("func.func") or s in ("}", "} else {"):
                continue
            n += 1
    return n


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("n_ops", type=int, nargs="?", default=10000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--chunks", type=int, default=1, help="K independent programs of N/K ops each")
    ap.add_argument("--seeded-data", action="store_true", help="seeded (foldable) data")
    args = ap.parse_args()
    if args.chunks > 1:
        text = generate_chunks(args.chunks, args.n_ops // args.chunks, args.seed, args.seeded_data)
    else:
        text = generate(args.n_ops, args.seed, seeded_data=args.seeded_data)
    sys.stdout.write(text)


if __name__ == "__main__":
    main()

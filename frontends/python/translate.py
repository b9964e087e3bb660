"""A Python function's `ast` -> a `matrix`-dialect module (func.func per function variant).

The function is translated for its arguments' kinds (array 1-D/2-D, dense/sparse, float /
int / bool scalar); matrices are `!matrix.mat<?x?xf64>` (the plan is specialised on the
data's sizes when compiled). Python numbers known at translation time are folded in
Python; `if` on one takes only its branch. Control flow becomes scf (if / for / while);
the values a branch or loop carries are the names it assigns that exist before it (a
loop's kinds are fixed by their values on entry; an int that becomes a float restarts the
loop with a float). Calls to other Python functions become func.func + func.call (one
variant per argument kinds and constant arguments), which ipa specialises or inlines.
Every op carries its Python file:line:col. Anything else is a JitError at its line.
"""

from __future__ import annotations

import ast
import builtins
import inspect
import textwrap
import types
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from xdsl.dialects import arith, func, scf
from xdsl.dialects.builtin import ModuleOp, f64
from xdsl.ir import Attribute, Block, Region

from amls.dialects import matrix as mx
from amls.frontends.python.builder import ANY, KIND_TYPE, Builder, join_kind
from amls.frontends.python.values import Generator, JitError, Val, _Ident, const, py

_BINOPS = {
    ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Div: "/", ast.FloorDiv: "//",
    ast.Mod: "%", ast.Pow: "**", ast.BitAnd: "&", ast.BitOr: "|", ast.BitXor: "^",
}  # fmt: skip
_CMPOPS = {ast.Eq: "==", ast.NotEq: "!=", ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">="}
_STATEMENT_NAMES = {
    ast.Break: "break", ast.Continue: "continue", ast.Try: "try", ast.With: "with",
    ast.Raise: "raise", ast.Assert: "assert", ast.Delete: "del", ast.Global: "global",
    ast.Nonlocal: "nonlocal", ast.Import: "import", ast.ImportFrom: "import",
    ast.FunctionDef: "a nested def", ast.ClassDef: "class", ast.AsyncFunctionDef: "async def",
    ast.Match: "match",
}  # fmt: skip


@dataclass
class Source:
    """A Python function's definition as `ast`, and where its text is."""

    node: ast.FunctionDef
    file: str
    line_offset: int
    col_offset: int


def source_of(fn: Callable[..., Any], where: str | None = None) -> Source:
    try:
        lines, start = inspect.getsourcelines(fn)
        file = inspect.getsourcefile(fn) or fn.__code__.co_filename
    except (OSError, TypeError):
        raise JitError(
            f"cannot read the source of {getattr(fn, '__name__', fn)!r} "
            "(@amls.jit needs a def in a file)",
            where,
        ) from None
    text = "".join(lines)
    dedented = textwrap.dedent(text)
    indent = len(lines[0]) - len(lines[0].lstrip())
    tree = ast.parse(dedented)
    node = tree.body[0] if tree.body else None
    if not isinstance(node, ast.FunctionDef):
        raise JitError("@amls.jit takes a function defined with def (not a lambda)", where)
    return Source(node, file, start - 1, indent)


@dataclass
class Result:
    """The NumPy-side facts of a function's results."""

    vals: list[Val]
    is_tuple: bool


@dataclass
class Variant:
    symbol: str
    result: Result


@dataclass
class ModuleTranslation:
    """The module being built: one func.func per (function, argument kinds) variant."""

    module: ModuleOp = field(default_factory=lambda: ModuleOp([]))
    variants: dict[Any, Variant] = field(default_factory=dict)
    symbols: set[str] = field(default_factory=set)
    stack: list[Any] = field(default_factory=list)

    def symbol(self, name: str) -> str:
        base = "".join(c if c.isalnum() or c == "_" else "_" for c in name) or "f"
        s, k = base, 1
        while s in self.symbols:
            k += 1
            s = f"{base}_{k}"
        self.symbols.add(s)
        return s


def translate_entry(
    fn: Callable[..., Any], params: list[tuple[str, Val]]
) -> tuple[ModuleTranslation, Variant]:
    """The module for fn called with arguments of these kinds (matrix and scalar Vals
    are parameters of the entry; the Vals' ssa are ignored)."""
    mt = ModuleTranslation()
    variant = FunctionTranslator(mt, fn, source_of(fn)).translate(params, entry=True)
    return mt, variant


class FunctionTranslator(Builder):
    def __init__(self, mt: ModuleTranslation, fn: Callable[..., Any], src: Source):
        super().__init__(src.file, src.line_offset, src.col_offset)
        self.mt = mt
        self.fn = fn
        self.src = src
        self.env: dict[str, Val] = {}
        self.loop_depth = 0
        self.loops: list[ast.For | ast.While] = []
        self.assigned = _assigned(src.node.body)  # the function's local names
        self.free: dict[str, Any] = {}
        code = getattr(fn, "__code__", None)
        if code is not None and fn.__closure__:
            for name, cell in zip(code.co_freevars, fn.__closure__, strict=True):
                try:
                    self.free[name] = cell.cell_contents
                except ValueError:  # an empty cell
                    pass

    # -- the function --------------------------------------------------------------

    def translate(self, params: list[tuple[str, Val]], entry: bool = False) -> Variant:
        node = self.src.node
        a = node.args
        if a.vararg or a.kwarg or a.kwonlyargs or a.posonlyargs:
            raise self.err(node, "*args, **kwargs and keyword-only parameters are not supported")
        body = Block(arg_types=[ANY if v.is_mat else KIND_TYPE[v.kind] for _, v in params
                                if v.is_mat or (v.scalar and v.const is None)])  # fmt: skip
        self.block = body
        k = 0
        for name, v in params:
            if v.is_mat or (v.scalar and v.const is None):
                arg = body.args[k]
                arg.name_hint = name
                k += 1
                ident = _Ident(argument=name)
                self.env[name] = Val(v.kind, arg, None, v.ndim, v.row, v.sparse, ident,
                                     cols1=v.cols1, rows1=v.rows1, mask=v.mask)  # fmt: skip
            else:
                self.env[name] = v
        stmts = list(node.body)
        if stmts and _is_docstring(stmts[0]):
            stmts = stmts[1:]
        returned = self.stmts(stmts)
        if returned is None:
            raise self.err(node, f"{node.name} returns nothing: an @amls.jit function returns "
                           "arrays or numbers")  # fmt: skip
        result, values = returned
        ret = func.ReturnOp(*values)
        self.emit(ret, node)
        symbol = self.mt.symbol(node.name)
        fop = func.FuncOp(
            symbol,
            (list(body.arg_types), [v.type for v in values]),
            Region(body),
            None if entry else "private",
        )
        fop.location = self.loc(node)
        self.mt.module.body.block.add_op(fop)
        return Variant(symbol, result)

    # -- statements ------------------------------------------------------------------

    def stmts(self, stmts: list[ast.stmt]) -> tuple[Result, list[Any]] | None:
        """Translate; if the block returns, (the result's facts, its SSA values)."""
        for i, s in enumerate(stmts):
            if isinstance(s, ast.Return):
                if i != len(stmts) - 1:
                    raise self.err(stmts[i + 1], "unreachable code after return")
                return self.return_(s)
            if isinstance(s, ast.If) and (_returns(s.body) or _returns(s.orelse)):
                if self.loop_depth:
                    ret = next(n for n in ast.walk(s) if isinstance(n, ast.Return))
                    raise self.err(ret, "return inside a loop is not supported yet")
                rest = stmts[i + 1 :]
                then = s.body if _returns(s.body) else s.body + rest
                orelse = s.orelse if _returns(s.orelse) else s.orelse + rest
                if not (_returns(then) and _returns(orelse)):
                    raise self.err(s, "every path after this if must end in return")
                return self.if_returning(s, then, orelse)
            self.stmt(s)
        return None

    def stmt(self, s: ast.stmt) -> None:
        if isinstance(s, ast.Assign):
            value = self.expr(s.value)
            for t in s.targets:
                self.store(t, value, s)
        elif isinstance(s, ast.AnnAssign):
            if s.value is not None:
                self.store(s.target, self.expr(s.value), s)
        elif isinstance(s, ast.AugAssign):
            op = _BINOPS.get(type(s.op))
            if op is None:
                sym = "@=" if isinstance(s.op, ast.MatMult) else type(s.op).__name__
                raise self.err(s, f"operator {sym} is not supported (write x = x @ y)"
                               if sym == "@=" else f"operator {sym} is not supported")  # fmt: skip
            target = s.target
            load: ast.expr
            if isinstance(target, ast.Name):
                load = ast.Name(target.id, ast.Load())
            elif isinstance(target, ast.Subscript):
                load = ast.Subscript(target.value, target.slice, ast.Load())
            else:
                raise self.err(s, "augmented assignment to this target is not supported")
            ast.copy_location(load, target)
            lhs, rhs = self.expr(load), self.expr(s.value)
            if isinstance(target, ast.Name) and _updates_in_place(lhs, rhs, op):
                self.check_inplace(target.id, lhs, target, s)
            self.inplace = True  # NumPy's x op= y cannot grow x (no outer broadcast)
            try:
                value = self.operator(op, lhs, rhs, s)
            finally:
                self.inplace = False
            self.store(target, value, s)
        elif isinstance(s, ast.If):
            self.if_(s)
        elif isinstance(s, ast.For):
            self.for_(s)
        elif isinstance(s, ast.While):
            self.while_(s)
        elif isinstance(s, ast.Pass):
            pass
        elif isinstance(s, ast.Expr):
            if isinstance(s.value, ast.Constant) and isinstance(s.value.value, str):
                return  # a comment string
            if isinstance(s.value, ast.Call) and _is_print(s.value, self):
                raise self.err(s, "print() is not supported in an @amls.jit function")
            raise self.err(s, "an expression statement has no effect here (arrays are "
                           "values: assign the result)")  # fmt: skip
        else:
            what = _STATEMENT_NAMES.get(type(s), type(s).__name__)
            raise self.err(s, f"'{what}' is not supported in an @amls.jit function")

    def store(self, target: ast.expr, value: Val, node: ast.AST) -> None:
        if isinstance(target, ast.Name):
            self.env[target.id] = value
        elif isinstance(target, ast.Tuple | ast.List):
            items = self.unpack(value, len(target.elts), node)
            for k, (t, v) in enumerate(zip(target.elts, items, strict=True)):
                # Y[0], Y[1] = Y[1], Y[0]: NumPy assigns the view Y[0] after updating it
                name = _subscripted_name(t)
                base = self.env.get(name) if name else None
                later = items[k + 1 :]
                if base and base.is_mat and any(w.ident is base.ident for w in later):
                    raise self.err(t, f"in-place update of '{name}' while a later value of "
                                   "this assignment is (a view of) it, which NumPy would "
                                   "assign updated: copy the values first (.copy())")  # fmt: skip
                self.store(t, v, node)
        elif isinstance(target, ast.Subscript):
            from amls.frontends.python.indexing import setitem

            if not isinstance(target.value, ast.Name):
                raise self.err(target, "assignment into this subscript is not supported")
            name = target.value.id
            base = self.lookup(name, target.value)
            self.check_inplace(name, base, target, node)
            self.env[name] = setitem(self, base, target.slice, value, target)
        elif isinstance(target, ast.Starred):
            raise self.err(target, "starred assignment is not supported")
        else:
            raise self.err(target, f"assignment to {type(target).__name__} is not supported")

    def check_inplace(self, name: str, base: Val, node: ast.AST, stmt: ast.AST) -> None:
        """An in-place update must not be seen through another name that is read later
        (values are SSA)."""
        if not base.is_mat:
            raise self.err(node, f"'{name}' is {base.describe()}, not an array")
        if base.ident.argument is not None:
            raise self.err(node, f"in-place update of argument '{base.ident.argument}' (the "
                           "caller would see it): update a copy, e.g. "
                           f"{name} = {name}.copy()")  # fmt: skip
        for other, v in self.env.items():
            held = v.const if _is_seq(v) else (v,)  # a tuple's arrays too
            if other == name or not any(isinstance(w, Val) and w.ident is base.ident
                                        for w in held):  # fmt: skip
                continue
            if self.read_later(other, stmt):
                raise self.err(node, f"in-place update of an array that '{other}' also "
                               "refers to (as a name or a view: slices, .T and reshape share "
                               "memory in NumPy): copy it first "
                               f"({name} = {name}.copy())")  # fmt: skip

    def may_alias(self, name: str, sources: list[Val]) -> None:
        """name's new value may be the array object of one of sources (a branch or a loop
        that may not rebind it): keep that identity if an argument or another name
        holds it, so an in-place update through name is checked against them."""
        v = self.env.get(name)
        if v is None or not v.is_mat:
            return
        src = self.alias_source(sources)
        if src is not None:
            v.ident = src

    def read_later(self, name: str, stmt: ast.AST) -> bool:
        """Whether name may be read after stmt: below it, or in an enclosing loop's next
        iteration unless the loop body assigns name before reading it."""
        end = (stmt.end_lineno or 0, stmt.end_col_offset or 0)
        if any((n.lineno, n.col_offset) >= end for n in _reads(self.src.node, name)):
            return True
        for loop in self.loops:
            inside = _reads(loop, name)
            if inside and not _assigned_first(loop.body, name, inside):
                return True
        return False

    def unpack(self, value: Val, n: int, node: ast.AST) -> list[Val]:
        if value.kind == "py" and isinstance(value.const, list | tuple):
            if len(value.const) != n:
                raise self.err(node, f"cannot unpack {len(value.const)} values into {n}")
            return [v if isinstance(v, Val) else self.pyval(v, node) for v in value.const]
        raise self.err(node, f"cannot unpack {value.describe()} (only tuples unpack)")

    def return_(self, s: ast.Return) -> tuple[Result, list[Any]]:
        if s.value is None:
            raise self.err(s, "return without a value: return arrays or numbers")
        v = self.expr(s.value)
        is_tuple = v.kind == "py" and isinstance(v.const, tuple | list)
        items = self.unpack(v, len(v.const), s) if is_tuple else [v]
        out: list[Val] = []
        ssa: list[Any] = []
        for x in items:
            if not (x.is_mat or x.scalar):
                raise self.err(s, f"cannot return {x.describe()} (arrays and numbers only)")
            ssa.append(self.materialize(x, s) if x.scalar else x.ssa)
            out.append(x)
        return Result(out, is_tuple), ssa

    # -- control flow ------------------------------------------------------------------

    def in_block(self, block: Block, fn: Callable[[], Any]) -> Any:
        saved = self.block
        self.block = block
        try:
            return fn()
        finally:
            self.block = saved

    def condition(self, e: ast.expr) -> Val:
        c = self.expr(e)
        if not (c.is_mat or c.scalar):
            raise self.err(e, f"a condition must be a number or a one-element array, got "
                           f"{c.describe()}")  # fmt: skip
        return self.to_i1(c, e)

    def if_(self, s: ast.If) -> None:
        c = self.condition(s.test)
        if c.const is not None:
            self.stmts(s.body if c.const else s.orelse)
            return
        before = dict(self.env)
        envs, blocks = [], []
        for body in (s.body, s.orelse):
            self.env = dict(before)
            b = Block()
            self.in_block(b, lambda body=body: self.stmts(body))
            envs.append(self.env)
            blocks.append(b)
        self.env = before
        names = sorted(
            n for n in set(envs[0]) & set(envs[1])
            if envs[0][n] is not envs[1][n] and envs[0][n].kind != "py"
        )  # fmt: skip
        joined = [self.join(envs[0][n], envs[1][n], s, n) for n in names]
        for b, e in zip(blocks, envs, strict=True):
            vals = self.in_block(
                b, lambda e=e: [self.yielded(e[n], j, s) for n, j in zip(names, joined,
                                                                         strict=True)])  # fmt: skip
            y = scf.YieldOp(*vals)
            y.location = self.loc(s)
            b.add_op(y)
        op = self.emit(
            scf.IfOp(c.ssa, [_type(j) for j in joined], Region(blocks[0]), Region(blocks[1])), s
        )
        for n, j, r in zip(names, joined, op.results, strict=True):
            self.env[n] = _like(j, r)
        for n in set(envs[0]) & set(envs[1]):
            if envs[0][n] is envs[1][n]:  # the same value on both paths (maybe new, e.g. a = b)
                self.env[n] = envs[0][n]
        for n in set(envs[0]) ^ set(envs[1]):
            self.env.pop(n, None)  # defined on one path only: not defined after the if
        for n in names:
            self.may_alias(n, [envs[0][n], envs[1][n]])

    def if_returning(
        self, s: ast.If, then: list[ast.stmt], orelse: list[ast.stmt]
    ) -> tuple[Result, list[Any]]:
        c = self.condition(s.test)
        if c.const is not None:
            out = self.stmts(then if c.const else orelse)
            assert out is not None
            return out
        before = dict(self.env)
        results, blocks = [], []
        for body in (then, orelse):
            self.env = dict(before)
            b = Block()
            out = self.in_block(b, lambda body=body: self.stmts(body))
            assert out is not None
            results.append(out[0])
            blocks.append(b)
        self.env = before
        r0, r1 = results
        if r0.is_tuple != r1.is_tuple or len(r0.vals) != len(r1.vals):
            raise self.err(s, "the branches return different numbers of values")
        joined = [self.join(a, b, s, f"result {i}") for i, (a, b) in
                  enumerate(zip(r0.vals, r1.vals, strict=True))]  # fmt: skip
        for b, r in zip(blocks, results, strict=True):
            vals = self.in_block(b, lambda r=r: [self.yielded(v, j, s) for v, j in
                                                 zip(r.vals, joined, strict=True)])  # fmt: skip
            y = scf.YieldOp(*vals)
            y.location = self.loc(s)
            b.add_op(y)
        op = self.emit(
            scf.IfOp(c.ssa, [_type(j) for j in joined], Region(blocks[0]), Region(blocks[1])), s
        )
        vals = [_like(j, r) for j, r in zip(joined, op.results, strict=True)]
        for v, a, b in zip(vals, r0.vals, r1.vals, strict=True):
            src = next((x for x in (a, b) if x.is_mat and x.ident.argument is not None), None)
            if v.is_mat and src is not None:
                v.ident = src.ident  # a path returns (a view of) an argument
        return Result(vals, r0.is_tuple), list(op.results)

    def join(self, a: Val, b: Val, node: ast.AST, name: str) -> Val:
        """The kind a value takes where two paths meet (no SSA value yet)."""
        if a.is_mat and b.is_mat:
            if a.ndim != b.ndim:
                raise self.err(node, f"'{name}' is a {a.ndim}-D array on one path and "
                               f"{b.ndim}-D on another")  # fmt: skip
            return Val("mat", None, None, a.ndim, a.row, a.sparse and b.sparse,
                       mask=a.mask and b.mask)  # fmt: skip
        kind = join_kind(a, b)
        if kind is None or kind == "py":
            raise self.err(node, f"'{name}' is {a.describe()} on one path and {b.describe()} "
                           "on another")  # fmt: skip
        return Val(kind)

    def yielded(self, v: Val, j: Val, node: ast.AST) -> Any:
        if j.is_mat:
            return self.oriented(v, j.row, node) if j.ndim == 1 else v.ssa
        return self.materialize(self.coerce(v, j.kind, node), node)

    def carried(self, body: list[ast.stmt], extra: list[ast.expr] = ()) -> list[str]:  # type: ignore[assignment]
        names = _assigned(body)
        return sorted(n for n in names if n in self.env and self.env[n].kind != "py")

    def loop(
        self, s: ast.For | ast.While, build: Callable[[list[str], dict[str, Val]], bool]
    ) -> None:
        if s.orelse:
            raise self.err(s, "a loop's else clause is not supported")
        names = self.carried(s.body)
        kinds = {n: self.join(self.env[n], self.env[n], s, n) for n in names}
        self.loop_depth += 1
        self.loops.append(s)
        try:
            for _ in range(4):  # kinds only widen (int -> float, sparse -> dense)
                before = dict(self.env)
                if not build(names, kinds):
                    return
                self.env = before
            raise self.err(s, "the kinds of the loop's variables do not settle")
        finally:
            self.loop_depth -= 1
            self.loops.pop()

    def widen(self, names: list[str], kinds: dict[str, Val], new: dict[str, Val],
              node: ast.AST) -> bool:  # fmt: skip
        changed = False
        for n in names:
            v = new.get(n)
            if v is None:
                raise self.err(node, f"'{n}' is not defined on every path through the loop")
            j = self.join(kinds[n], v, node, n)
            if j.kind != kinds[n].kind or j.sparse != kinds[n].sparse or j.mask != kinds[n].mask:
                kinds[n] = j
                changed = True
        return changed

    def for_(self, s: ast.For) -> None:
        it = s.iter
        if not (isinstance(it, ast.Call) and isinstance(it.func, ast.Name)
                and self.resolve(it.func.id, it.func).const is builtins.range):  # fmt: skip
            raise self.err(it, "for loops run over range(...) only")
        if it.keywords or not 1 <= len(it.args) <= 3:
            raise self.err(it, "range takes 1 to 3 positional arguments")
        bounds = []
        for a in it.args:
            b = self.expr(a)
            if b.kind not in ("i64", "i1"):  # Python's range takes no float
                raise self.err(a, f"range() takes ints, got {b.describe()}")
            bounds.append(self.to_i64(b, a))
        lo, hi, step = (
            (Val("i64", None, 0), bounds[0], Val("i64", None, 1)) if len(bounds) == 1
            else (bounds[0], bounds[1], bounds[2] if len(bounds) == 3 else Val("i64", None, 1))
        )  # fmt: skip
        zero, one = Val("i64", None, 0), Val("i64", None, 1)
        if step.const is None:  # its sign is known when the function runs
            # ceil((hi - lo) / step) is -((lo - hi) // step) for either sign (// fails on 0)
            q = self.scalar_binop("//", self.scalar_binop("-", lo, hi, it), step, it)
            trips = self.imax(self.scalar_binop("-", zero, q, it), zero, it)
        elif step.const == 0:
            raise self.err(it, "range() arg 3 must not be zero")
        else:  # the trip count: ceil((hi - lo) / step), at least 0
            span = self.scalar_binop("-", hi, lo, it) if step.const > 0 else (
                self.scalar_binop("-", lo, hi, it))  # fmt: skip
            span = self.scalar_binop("+", span, Val("i64", None, abs(step.const) - 1), it)
            trips = self.scalar_binop("//", span, Val("i64", None, abs(step.const)), it)
            trips = self.imax(trips, zero, it)
        if step.const is not None and step.const > 0:
            lb, ub, st, iv_of = lo, hi, step, None
        else:  # k = 0 .. n-1, i = lo + k * step
            lb, ub, st, iv_of = zero, trips, one, (lo, step)
        ssa = [self.materialize(v, it) for v in (lb, ub, st)]
        before_loop = self.env.get(s.target.id) if isinstance(s.target, ast.Name) else None

        def build(names: list[str], kinds: dict[str, Val]) -> bool:
            inits = [self.yielded(self.env[n], kinds[n], s) for n in names]
            body = Block(arg_types=[KIND_TYPE["i64"], *(_type(kinds[n]) for n in names)])
            outer = dict(self.env)

            def inside() -> dict[str, Val]:
                for n, a in zip(names, body.args[1:], strict=True):
                    self.env[n] = _carried(kinds[n], a, outer[n])
                k = Val("i64", body.args[0])
                if iv_of is not None:
                    k = self.scalar_binop("+", iv_of[0],
                                          self.scalar_binop("*", k, iv_of[1], s), s)  # fmt: skip
                self.store(s.target, k, s)
                if self.stmts(s.body) is not None:
                    raise self.err(s, "return inside a loop is not supported yet")
                return dict(self.env)

            new = self.in_block(body, inside)
            if self.widen(names, kinds, new, s):
                return True
            ys = self.in_block(body, lambda: [self.yielded(new[n], kinds[n], s) for n in names])
            y = scf.YieldOp(*ys)
            y.location = self.loc(s)
            body.add_op(y)
            self.env = outer
            entry = {n: outer[n] for n in names}
            op = self.emit(scf.ForOp(ssa[0], ssa[1], ssa[2], inits, body), s)
            for n, r in zip(names, op.results, strict=True):
                self.env[n] = _like(kinds[n], r)
            self.forget_loop_locals(outer, new, names)
            known = [v.const for v in (lo, hi, step)]
            if None in known or not range(*known):
                for n in names:  # no iteration: n is still what it was on entry
                    self.may_alias(n, [entry[n]])
            return False

        self.loop(s, build)
        if isinstance(s.target, ast.Name) and s.target.id not in _assigned(s.body):
            last = self.scalar_binop("-", trips, Val("i64", None, 1), s)
            last = self.scalar_binop("+", lo, self.scalar_binop("*", last, step, s), s)
            self.loop_variable_after(s.target.id, before_loop, last, trips, s)

    def loop_variable_after(
        self, name: str, before: Val | None, last: Val, trips: Val, node: ast.AST
    ) -> None:
        """After `for name in range(...)`, name holds the last value it took, or what it
        held before where the loop ran no iteration (as in Python)."""
        if trips.const is not None:
            if trips.const > 0:
                self.env[name] = last
            return  # no iteration: the name keeps what it held (or stays undefined)
        if before is None:
            return  # undefined where the loop runs no iteration: using it is an error
        if not before.scalar:
            raise self.err(
                node,
                f"'{name}' holds {before.describe()} before this loop and "
                "the loop's counter after it; use another name for the counter",
            )
        positive = self.compare(">", trips, Val("i64", None, 0), node)
        self.env[name] = self.select(positive, last, before, node)

    def forget_loop_locals(self, outer: dict[str, Val], new: dict[str, Val],
                           names: list[str]) -> None:  # fmt: skip
        for n in set(new) - set(outer):
            self.env.pop(n, None)

    def imax(self, a: Val, b: Val, node: ast.AST) -> Val:
        return self.select(self.compare(">", a, b, node), a, b, node)

    def imin(self, a: Val, b: Val, node: ast.AST) -> Val:
        return self.select(self.compare("<", a, b, node), a, b, node)

    def while_(self, s: ast.While) -> None:
        def build(names: list[str], kinds: dict[str, Val]) -> bool:
            inits = [self.yielded(self.env[n], kinds[n], s) for n in names]
            types_ = [_type(kinds[n]) for n in names]
            outer = dict(self.env)
            before = Block(arg_types=types_)

            def cond() -> None:
                for n, a in zip(names, before.args, strict=True):
                    self.env[n] = _like(kinds[n], a)
                c = self.condition(s.test)
                self.emit(scf.ConditionOp(self.materialize(c, s.test), *before.args), s)

            self.in_block(before, cond)
            self.env = dict(outer)
            after = Block(arg_types=types_)

            def inside() -> dict[str, Val]:
                for n, a in zip(names, after.args, strict=True):
                    self.env[n] = _carried(kinds[n], a, outer[n])
                if self.stmts(s.body) is not None:
                    raise self.err(s, "return inside a loop is not supported yet")
                return dict(self.env)

            new = self.in_block(after, inside)
            if self.widen(names, kinds, new, s):
                return True
            ys = self.in_block(after, lambda: [self.yielded(new[n], kinds[n], s) for n in names])
            y = scf.YieldOp(*ys)
            y.location = self.loc(s)
            after.add_op(y)
            self.env = outer
            entry = {n: outer[n] for n in names}
            op = self.emit(scf.WhileOp(inits, types_, Region(before), Region(after)), s)
            for n, r in zip(names, op.results, strict=True):
                self.env[n] = _like(kinds[n], r)
            self.forget_loop_locals(outer, new, names)
            for n in names:  # no iteration: n is still what it was on entry
                self.may_alias(n, [entry[n]])
            return False

        self.loop(s, build)

    # -- names -------------------------------------------------------------------------

    def lookup(self, name: str, node: ast.AST) -> Val:
        v = self.env.get(name)
        if v is not None:
            return v
        if name in self.assigned:
            raise self.err(node, f"'{name}' is not defined on every path to this line "
                           "(assign it before the if or loop)")  # fmt: skip
        return self.resolve(name, node)

    def resolve(self, name: str, node: ast.AST) -> Val:
        """A free name: closure cell, module global or builtin, as a translation-time value."""
        if name in self.env:
            return self.env[name]
        if name in self.free:
            obj = self.free[name]
        elif name in self.fn.__globals__:
            obj = self.fn.__globals__[name]
        elif hasattr(builtins, name):
            obj = getattr(builtins, name)
        else:
            raise self.err(node, f"name '{name}' is not defined")
        return self.pyval(obj, node, name)

    def pyval(self, obj: Any, node: ast.AST, name: str | None = None) -> Val:
        import numpy as np

        if isinstance(obj, Val):
            return obj
        if isinstance(obj, bool | int | float | np.bool_ | np.integer | np.floating):
            return const(obj.item() if isinstance(obj, np.generic) else obj)
        if isinstance(obj, np.ndarray) or _is_sparse(obj):
            raise self.err(node, f"the array '{name or '?'}' is not an argument: pass it as "
                           "one (arrays are not compile-time constants)")  # fmt: skip
        return py(obj)

    # -- expressions ---------------------------------------------------------------------

    def expr(self, e: ast.expr) -> Val:
        if isinstance(e, ast.Constant):
            if isinstance(e.value, bool | int | float):
                return const(e.value)
            if e.value is None or isinstance(e.value, str):
                return py(e.value)
            raise self.err(e, f"constant {e.value!r} is not supported")
        if isinstance(e, ast.Name):
            return self.lookup(e.id, e)
        if isinstance(e, ast.Attribute):
            return self.attribute(self.expr(e.value), e.attr, e)
        if isinstance(e, ast.Call):
            return self.call(e)
        if isinstance(e, ast.BinOp):
            op = _BINOPS.get(type(e.op))
            if op is None:
                if isinstance(e.op, ast.MatMult):
                    return self.matmul(self.expr(e.left), self.expr(e.right), e)
                raise self.err(e, f"operator {type(e.op).__name__} is not supported")
            return self.operator(op, self.expr(e.left), self.expr(e.right), e)
        if isinstance(e, ast.UnaryOp):
            v = self.expr(e.operand)
            if isinstance(e.op, ast.UAdd):
                return v
            if isinstance(e.op, ast.USub):
                return self.unary("neg", v, e)
            if isinstance(e.op, ast.Not):
                if v.is_mat:
                    raise self.err(e, "'not' of an array is ambiguous: use ~ or np.logical_not")
                return self.scalar_unary("not", v, e)
            if v.is_mat:
                return self.matrix_unary("not", self.boolean_array(v, "~", e), e)
            if v.kind == "i1":
                return self.scalar_unary("not", v, e)
            if v.kind == "i64":  # Python's ~n is -n - 1
                return self.int_bitwise("^", v, Val("i64", None, -1), e)
            raise self.err(e, f"~ does not apply to {v.describe()} (Python's and NumPy's ~ is "
                           "bitwise: on ints, bools and boolean arrays only)")  # fmt: skip
        if isinstance(e, ast.Compare):
            out: Val | None = None
            left = self.expr(e.left)
            for op, right_e in zip(e.ops, e.comparators, strict=True):
                right = self.expr(right_e)
                if isinstance(op, ast.Is | ast.IsNot):
                    c = self.identity(left, right, isinstance(op, ast.IsNot), e)
                    out = c if out is None else self.logic("&", out, c, e)
                    left = right
                    continue
                sym = _CMPOPS.get(type(op))
                if sym is None:
                    raise self.err(e, f"comparison {type(op).__name__} is not supported")
                if _is_seq(left) and _is_seq(right) and sym in ("==", "!="):
                    c = self.seq_equal(left, right, sym == "!=", e)  # X.shape == Y.shape
                else:
                    c = self.compare(sym, left, right, e)
                out = c if out is None else self.logic("&", out, c, e)
                left = right
            assert out is not None
            return out
        if isinstance(e, ast.BoolOp):
            return self.bool_op(e)
        if isinstance(e, ast.IfExp):
            c = self.condition(e.test)
            return self.lazy_if(c, lambda: self.expr(e.body), lambda: self.expr(e.orelse), e)
        if isinstance(e, ast.Tuple | ast.List):
            if any(isinstance(x, ast.Starred) for x in e.elts):
                raise self.err(e, "starred items are not supported")
            return py(tuple(self.expr(x) for x in e.elts))
        if isinstance(e, ast.Subscript):
            from amls.frontends.python.indexing import getitem

            base = self.expr(e.value)
            if base.kind == "py" and isinstance(base.const, tuple | list):
                if isinstance(e.slice, ast.Slice):  # X.shape[::-1], X.shape[1:]
                    given = [e.slice.lower, e.slice.upper, e.slice.step]
                    parts = [None if p is None else self.expr(p).const for p in given]
                    if any(p is not None and type(c) is not int for p, c in zip(
                            given, parts, strict=True)) or parts[2] == 0:  # fmt: skip
                        raise self.err(e, "a tuple is sliced by constant ints only")
                    return py(tuple(base.const[slice(*parts)]))
                i = self.expr(e.slice)
                if i.const is None or not isinstance(i.const, int):
                    raise self.err(e, "a tuple is indexed by a constant int only")
                try:
                    return self.pyval(base.const[i.const], e)
                except IndexError:
                    raise self.err(e, "tuple index out of range") from None
            return getitem(self, base, e.slice, e)
        what = {ast.Lambda: "lambda", ast.ListComp: "a list comprehension",
                ast.GeneratorExp: "a generator expression", ast.Dict: "a dict",
                ast.DictComp: "a dict comprehension", ast.Set: "a set",
                ast.JoinedStr: "an f-string", ast.Starred: "a starred expression",
                ast.NamedExpr: "the walrus operator :="}.get(type(e), type(e).__name__)  # fmt: skip
        raise self.err(e, f"{what} is not supported in an @amls.jit function")

    def bool_op(self, e: ast.BoolOp) -> Val:
        """Python's `a or b` is a if a is true, else b (`and`: b if a is true, else a),
        and b is evaluated only then: `i < n and X[i, 0] > 0` does not index past n."""
        is_or = isinstance(e.op, ast.Or)
        out = self.expr(e.values[0])
        for nxt in e.values[1:]:
            a = out
            if a.is_mat:
                raise self.err(e, "'and'/'or' of arrays is ambiguous: use & and |")
            if a.kind == "py":  # None, a tuple: its truth is known now
                out = a if bool(a.const) == is_or else self.expr(nxt)
                continue
            c = self.to_i1(a, e)

            def rest(nxt: ast.expr = nxt) -> Val:
                v = self.expr(nxt)
                if v.is_mat:
                    raise self.err(e, "'and'/'or' of arrays is ambiguous: use & and |")
                return v

            keep: Callable[[], Val] = lambda a=a: a  # noqa: E731
            out = self.lazy_if(c, keep, rest, e) if is_or else self.lazy_if(c, rest, keep, e)
        return out

    def lazy_if(self, c: Val, then: Callable[[], Val], orelse: Callable[[], Val],
                node: ast.AST) -> Val:  # fmt: skip
        """then() if c else orelse(), each evaluated only on its path (an scf.if)."""
        if c.const is not None:
            return then() if c.const else orelse()
        blocks = [Block(), Block()]
        vals = [self.in_block(b, f) for b, f in zip(blocks, (then, orelse), strict=True)]
        if any(v.kind == "py" for v in vals):
            what = next(v for v in vals if v.kind == "py").describe()
            raise self.err(node, f"a value that depends on a condition cannot be {what}")
        if vals[0].is_mat != vals[1].is_mat:
            a, b = (v.describe() for v in vals)
            raise self.err(node, f"the two values are {a} and {b} (np.where chooses element "
                           "by element)")  # fmt: skip
        j = self.join(vals[0], vals[1], node, "the value")
        for b, v in zip(blocks, vals, strict=True):
            y = scf.YieldOp(self.in_block(b, lambda v=v: self.yielded(v, j, node)))
            y.location = self.loc(node)
            b.add_op(y)
        op = self.emit(scf.IfOp(c.ssa, [_type(j)], Region(blocks[0]), Region(blocks[1])), node)
        out = _like(j, op.results[0])
        src = self.alias_source(vals)
        if src is not None:
            out.ident = src  # it may be either value's array object
        return out

    def alias_source(self, sources: list[Val]) -> _Ident | None:
        """The identity of the first of sources that an argument or a name holds."""
        for src in sources:
            if src.is_mat and (src.ident.argument is not None or any(
                w.ident is src.ident for w in self.env.values()
            )):  # fmt: skip
                return src.ident
        return None

    def seq_equal(self, a: Val, b: Val, negate: bool, node: ast.AST) -> Val:
        """Tuples (shapes) compared item by item, as Python does."""
        xs, ys = self.unpack(a, len(a.const), node), self.unpack(b, len(b.const), node)
        out: Val = const(len(xs) == len(ys))
        if len(xs) == len(ys):
            for x, y in zip(xs, ys, strict=True):
                if not (x.scalar and y.scalar):
                    raise self.err(node, "tuples compare item by item: numbers only")
                out = self.logic("&", out, self.compare("==", x, y, node), node)
        return self.scalar_unary("not", out, node) if negate else out

    def identity(self, a: Val, b: Val, negate: bool, node: ast.AST) -> Val:
        """`a is b` / `a is not b` where one side is None (known when translating)."""
        if not (a.kind == "py" and a.const is None or b.kind == "py" and b.const is None):
            raise self.err(node, "'is' / 'is not' compare with None only")
        same = a.kind == "py" and b.kind == "py" and a.const is b.const
        return const(same != negate)

    def operator(self, op: str, a: Val, b: Val, node: ast.AST) -> Val:
        """Python's binary operator `op` (where np.logical_and & co. call binop)."""
        if op not in ("&", "|", "^"):
            return self.binop(op, a, b, node)
        if a.is_mat or b.is_mat:  # NumPy's bitwise ops: logical on boolean arrays only
            x, y = (self.boolean_array(v, op, node) for v in (a, b))
            return self.matrix_binop("!=" if op == "^" else op, x, y, node)
        if a.kind == "i1" and b.kind == "i1":
            if op == "^":
                return self.compare("!=", a, b, node)
            return self.logic(op, a, b, node)
        if a.kind in ("i64", "i1") and b.kind in ("i64", "i1"):
            return self.int_bitwise(op, a, b, node)
        bad = a if a.kind not in ("i64", "i1") else b
        raise self.err(
            node,
            f"operator {op} does not apply to {bad.describe()} (Python's and "
            f"NumPy's {op} is bitwise: on ints, bools and boolean arrays only)",
        )

    def boolean_array(self, v: Val, op: str, node: ast.AST) -> Val:
        """v, where NumPy's bitwise `op` on it is the logical op amls computes."""
        if v.is_mat and v.mask or v.kind == "i1":
            return v
        if v.is_mat:
            raise self.err(node, f"{op} of an array that is not boolean: NumPy's {op} is "
                           "bitwise (floats raise; amls holds ints as float64): compare "
                           "first, as " + ("~(X > 0)" if op == "~" else f"(X > 0) {op} (Y > 0)")
                           + ", or use np.logical_and/or/xor/not")  # fmt: skip
        raise self.err(node, f"operator {op} between a boolean array and {v.describe()} "
                       "(a bool or another boolean array only)")  # fmt: skip

    def int_bitwise(self, op: str, a: Val, b: Val, node: ast.AST) -> Val:
        """Python's & | ^ on ints (bools count as 0 and 1): bitwise on 64 bits."""
        x, y = self.to_i64(a, node), self.to_i64(b, node)
        if x.const is not None and y.const is not None:
            fold = {"&": int.__and__, "|": int.__or__, "^": int.__xor__}[op]
            return Val("i64", None, fold(int(x.const), int(y.const)))
        cls = {"&": arith.AndIOp, "|": arith.OrIOp, "^": arith.XOrIOp}[op]
        xs, ys = self.materialize(x, node), self.materialize(y, node)
        return Val("i64", self.emit(cls(xs, ys), node).results[0])

    def binop(self, op: str, a: Val, b: Val, node: ast.AST) -> Val:
        if op in ("&", "|"):
            return self.logic(op, a, b, node)
        if a.kind == "py" or b.kind == "py":
            raise self.err(node, f"operator {op} does not apply to "
                           f"{(a if a.kind == 'py' else b).describe()}")  # fmt: skip
        return self.binary(op, a, b, node)

    def attribute(self, base: Val, attr: str, node: ast.Attribute) -> Val:
        if base.kind == "py":
            obj = base.const
            if isinstance(obj, Generator):
                return py(_Method(base, attr))
            try:
                return self.pyval(getattr(obj, attr), node, attr)
            except AttributeError:
                raise self.err(node, f"{_qual(obj)} has no attribute '{attr}'") from None
        if base.is_mat:
            if attr == "T":
                if base.ndim == 1:
                    return base
                out = self.mat(self.transpose(base, node), base, sparse=base.sparse,
                               cols1=base.rows1, rows1=base.cols1)  # fmt: skip
                return self.view(out, base)
            if attr == "shape":
                return py(tuple(self.shape(base, node)))
            if attr == "ndim":
                return const(base.ndim)
            if attr == "size":
                dims = self.shape(base, node)
                return dims[0] if len(dims) == 1 else self.scalar_binop("*", *dims, node)
            if attr == "nnz":
                return Val("i64", self.mop(mx.NnzOp, [base.ssa], node, KIND_TYPE["i64"]))
            return py(_Method(base, attr))
        if base.scalar and attr in ("real",):
            return base
        if base.scalar and attr == "item":  # np.sum(X).item(): a NumPy scalar's method
            return py(_Method(base, attr))
        raise self.err(node, f"{base.describe()} has no attribute '{attr}' here")

    def call(self, e: ast.Call) -> Val:
        from amls.frontends.python import numpy_ops

        if any(isinstance(a, ast.Starred) for a in e.args) or any(
            k.arg is None for k in e.keywords
        ):
            raise self.err(e, "*args / **kwargs in calls are not supported")  # fmt: skip
        f = self.expr(e.func)
        args = [self.expr(a) for a in e.args]
        kw = {k.arg: self.expr(k.value) for k in e.keywords if k.arg is not None}
        if f.kind != "py":
            raise self.err(e, f"{f.describe()} is not callable")
        obj = f.const
        if isinstance(obj, _Method):
            return numpy_ops.method(self, obj.base, obj.name, args, kw, e)
        handler = numpy_ops.handler(obj)
        if handler is not None:
            return handler(self, args, kw, e)
        target = getattr(obj, "__amls_python_function__", None) or obj
        if isinstance(target, types.FunctionType):
            return self.call_user(target, args, kw, e)
        name = numpy_ops.name_of(obj)
        if name in numpy_ops.NOT_YET:
            raise self.err(e, f"{name} is not supported yet (no matrix op for it yet)")
        raise self.err(e, f"{name} is not supported in an @amls.jit function")

    def call_user(self, target: types.FunctionType, args: list[Val], kw: dict[str, Val],
                  e: ast.Call) -> Val:  # fmt: skip
        try:
            bound = inspect.signature(target).bind(*args, **kw)
        except TypeError as x:
            raise self.err(e, f"{target.__name__}(): {x}") from None
        bound.apply_defaults()
        params: list[tuple[str, Val]] = []
        key: list[Any] = [target.__code__]
        operands = []
        for name, v in bound.arguments.items():
            v = v if isinstance(v, Val) else self.pyval(v, e, name)
            if v.is_mat or (v.scalar and v.const is None):
                params.append((name, Val(v.kind, None, None, v.ndim, v.row, v.sparse,
                                         cols1=v.cols1, rows1=v.rows1, mask=v.mask)))  # fmt: skip
                key.append((v.kind, v.ndim, v.row, v.sparse, v.cols1, v.rows1, v.mask))
                operands.append(v.ssa)
            elif v.scalar:
                params.append((name, v))
                key.append((v.kind, repr(v.const)))
            else:
                if isinstance(v.const, Generator):
                    raise self.err(e, "passing a random generator to a function is not "
                                   "supported")  # fmt: skip
                params.append((name, v))
                key.append(("py", id(v.const)))
        k = tuple(key)
        variant = self.mt.variants.get(k)
        if variant is None:
            if target.__code__ in self.mt.stack:
                raise self.err(e, f"recursive call of {target.__name__} is not supported")
            self.mt.stack.append(target.__code__)
            try:
                src = source_of(target, self.where(e))
                variant = FunctionTranslator(self.mt, target, src).translate(params)
            finally:
                self.mt.stack.pop()
            self.mt.variants[k] = variant
        types_ = [_type(v) for v in variant.result.vals]
        op = self.emit(func.CallOp(variant.symbol, operands, types_), e)
        outs = [_like(v, r) for v, r in zip(variant.result.vals, op.results, strict=True)]
        for out, v in zip(outs, variant.result.vals, strict=True):
            passed = bound.arguments.get(v.ident.argument) if v.is_mat else None
            if isinstance(passed, Val) and passed.is_mat:
                out.ident = passed.ident  # the function returned (a view of) this argument
        return py(tuple(outs)) if variant.result.is_tuple else outs[0]


@dataclass
class _Method:
    base: Val
    name: str


def _type(v: Val) -> Attribute:
    return ANY if v.is_mat else KIND_TYPE[v.kind]


def _like(kind: Val, ssa: Any) -> Val:
    """A value of kind's kind (and array facts) held by ssa: a new array object."""
    if kind.is_mat:
        return Val("mat", ssa, None, kind.ndim, kind.row, kind.sparse, mask=kind.mask)
    return Val(kind.kind, ssa)


def _is_seq(v: Val) -> bool:
    return v.kind == "py" and isinstance(v.const, tuple | list)


def _subscripted_name(t: ast.expr) -> str | None:
    """name of a `name[...]` target."""
    if isinstance(t, ast.Subscript) and isinstance(t.value, ast.Name):
        return t.value.id
    return None


def _carried(kind: Val, ssa: Any, entry: Val) -> Val:
    """A loop-carried value inside the body: on the first iteration it is the entry's
    array object, so an in-place update there is seen through the entry's other names."""
    v = _like(kind, ssa)
    if v.is_mat and entry.is_mat:
        v.ident = entry.ident
    return v


def _updates_in_place(lhs: Val, rhs: Val, op: str) -> bool:
    """Whether NumPy's `x op= y` updates x's array object (else it rebinds x): always for
    an ndarray; for scipy.sparse only `*=` and `/=` by a scalar."""
    if not lhs.is_mat:
        return False
    return not lhs.sparse or (op in ("*", "/") and rhs.scalar)


def _reads(root: ast.AST, name: str) -> list[ast.Name]:
    """Where root reads name: its loads, and `name op= ...` (which reads it too)."""
    out = [n for n in ast.walk(root) if isinstance(n, ast.Name) and n.id == name
           and isinstance(n.ctx, ast.Load)]  # fmt: skip
    out += [n.target for n in ast.walk(root) if isinstance(n, ast.AugAssign)
            and isinstance(n.target, ast.Name) and n.target.id == name]  # fmt: skip
    return out


def _assigned_first(body: list[ast.stmt], name: str, loads: list[ast.Name]) -> bool:
    """Whether a top-level `name = ...` of body comes before every read of name in body."""
    for st in body:
        if isinstance(st, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == name for t in st.targets
        ):
            first = min((n.lineno, n.col_offset) for n in loads)
            return (st.value.lineno, st.value.col_offset) <= first and not any(
                isinstance(n, ast.Name) and n.id == name for n in ast.walk(st.value)
            )
    return False


def _returns(stmts: list[ast.stmt]) -> bool:
    """Whether every path through stmts ends in return."""
    if not stmts:
        return False
    last = stmts[-1]
    if isinstance(last, ast.Return):
        return True
    if isinstance(last, ast.If):
        return _returns(last.body) and _returns(last.orelse)
    return False


def _assigned(stmts: list[ast.stmt]) -> set[str]:
    out: set[str] = set()
    for s in stmts:
        for n in ast.walk(s):
            if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store):
                out.add(n.id)
            elif isinstance(n, ast.Subscript) and isinstance(n.ctx, ast.Store):
                if isinstance(n.value, ast.Name):
                    out.add(n.value.id)
    return out


def _is_docstring(s: ast.stmt) -> bool:
    return isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant)


def _is_print(call: ast.Call, tr: FunctionTranslator) -> bool:
    return isinstance(call.func, ast.Name) and call.func.id == "print"


def _is_sparse(obj: Any) -> bool:
    import sys

    sp = sys.modules.get("scipy.sparse")
    return sp is not None and sp.issparse(obj)


def _qual(obj: Any) -> str:
    from amls.frontends.python.numpy_ops import name_of

    return name_of(obj)


__all__ = ["ModuleTranslation", "Result", "Variant", "f64", "translate_entry"]

"""DML AST -> `matrix`-dialect module: func.func @main plus one func.func per DML function.

Values: matrices are `!matrix.mat<?x?xf64>` (read() gives the dims of its .mtd; size
inference refines the rest); scalars are f64 (double), i64 (int), i1 (boolean); strings
are compile-time constants. Control flow is scf; the values an if or loop carries are the
variables it assigns that are defined before it and read afterwards or inside it (a def
and liveness analysis over the AST). Every op carries the DML file:line:col it came from.
"""

from __future__ import annotations

import json
import math
import os
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from xdsl.dialects import arith, func, scf
from xdsl.dialects import math as xmath
from xdsl.dialects.builtin import (
    CallSiteLoc,
    FileLineColLoc,
    Float64Type,
    FloatAttr,
    IntAttr,
    IntegerAttr,
    IntegerType,
    ModuleOp,
    NameLoc,
    StringAttr,
    f64,
    i1,
    i64,
)
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue
from xdsl.utils.exceptions import VerifyException

from amls.dialects import matrix as mx
from amls.dialects.locations import named_location
from amls.dialects.matrix import defer_failures
from amls.frontends.dml import syntax as S
from amls.frontends.dml.syntax import DMLError
from amls.interpreter.kernels.javatext import java_double
from amls.passes.sizes.callgraph import CallGraph

ANY = mx.MatrixType(None, None)

NOT_YET = {
    "cumsumprod", "eigen", "svd", "lu", "qr", "cholesky", "aggregate", "time", "sample",
    "bitwAnd", "bitwOr", "bitwXor", "interQuantile", "interQuartileMean", "bitwShiftL",
    "bitwShiftR", "exists", "ppred", "unique", "compress", "decompress", "rowCumsum",
    # SystemDS's builtins written in DML (scripts/builtin) that the library (lib/*.dml)
    # does not have yet
    "kmeans", "pca", "split", "glm", "glmPredict",
    "gridSearch", "dbscan", "decisionTree",
    "randomForest", "xgboost", "arima", "alsCG", "als", "gmm", "hyperband",
    "img_brightness", "knn", "lasso", "mice", "smote", "tomeklink", "vectorToCsv",
}  # fmt: skip
UNSUPPORTED_TYPES = {"frame": "frames", "list": "lists", "tensor": "tensors"}

LIBRARY = Path(__file__).resolve().parent / "lib"
"""SystemDS's DML-bodied builtins (lm, scale, toOneHot, ...), written in DML for amls:
one file per family, loaded when a script calls a name that is neither its own function
nor a primitive builtin."""

LIBRARY_OWN = "amls_"
"""The prefix of the library's helper functions: called by its builtins, not by scripts."""

_LIBRARY_INDEX: dict[str, Path] | None = None
_LIBRARY_AST: dict[Path, list[Any]] = {}


def library_index() -> dict[str, Path]:
    """Library function name -> its file (a `name = function` line starts each one)."""
    global _LIBRARY_INDEX
    if _LIBRARY_INDEX is None:
        index: dict[str, Path] = {}
        for path in sorted(LIBRARY.glob("*.dml")):
            for m in re.finditer(r"^([A-Za-z_]\w*)\s*=\s*function\b", path.read_text(), re.M):
                index[m.group(1)] = path
        _LIBRARY_INDEX = index
    return _LIBRARY_INDEX


def library_functions(path: Path) -> dict[str, S.FuncDef]:
    """The functions a library file defines (parsed once per process)."""
    if path not in _LIBRARY_AST:
        _LIBRARY_AST[path] = S.parse(path.read_text(), str(path))
    return {s.name: s for s in _LIBRARY_AST[path] if isinstance(s, S.FuncDef)}


@dataclass
class Val:
    """A DML value: kind matrix / f64 / i64 / i1 / str / fmt; `const` when known now.
    Kind `unknown`: a string whose value only the run decides (assigned in a loop or
    in a branch of a run-time if); `const` says why, and reading it is that error."""

    kind: str
    ssa: SSAValue | None = None
    const: Any = None
    guard: Val | None = None
    """An i1: whether the variable holding this value was assigned on the path the run
    took (a variable a loop or one branch of an if defines); None: it was."""

    @property
    def scalar(self) -> bool:
        return self.kind in ("f64", "i64", "i1")


@dataclass
class Choice:
    """A string an ifelse picks on a run-time condition: print's parts where `cond`
    holds (`yes`), else `no`; printing it is an scf.if around two prints."""

    cond: Any
    yes: list[Any]
    no: list[Any]


CHOSEN_TEXT = (
    "a string that ifelse picks on a run-time condition can only be printed (or joined "
    "with +): amls keeps strings as compile-time values"
)


def picked_at_run_time(v: Val) -> bool:
    return v.kind == "fmt" and any(isinstance(p, Choice) for p in v.const)


_GUARD = "\0defined"
"""Suffix of the carried i1 that tells whether a loop-carried variable is assigned."""


def _unknown_text(name: str, where: str) -> Val:
    why = (
        f"'{name}' is a string {where} assigns: its value is known only when the script "
        "runs, and amls keeps strings as compile-time values"
    )
    return Val("unknown", None, why)


def _text_in_loop(name: str) -> Val:
    return _unknown_text(name, "the loop")


_TEXT_KINDS = ("str", "fmt", "unknown")
"""Kinds held at compile time only (strings): never an SSA value, never carried."""


def _joined_text(name: str, a: Val | None, b: Val | None) -> Val:
    """A string after a run-time if: the same constant on both paths, else unknown."""
    if a is not None and b is not None and a.kind == b.kind == "str" and a.const == b.const:
        return a
    return _unknown_text(name, "an if with a run-time condition")


_KIND_TYPE: dict[str, Attribute] = {"f64": f64, "i64": i64, "i1": i1}
_DECL_KIND = {"double": "f64", "int": "i64", "boolean": "i1", "matrix": "matrix"}


def kind_of_type(t: Attribute) -> str:
    if isinstance(t, mx.MatrixType):
        return "matrix"
    if isinstance(t, Float64Type):
        return "f64"
    if isinstance(t, IntegerType):
        return "i1" if t.width.data == 1 else "i64"
    raise AssertionError(t)


def fmt_scalar(v: Any) -> str:
    """A constant as DML prints it (TRUE, 3, 2.5, 3.0, 1.0E-5)."""
    if isinstance(v, bool):
        return "TRUE" if v else "FALSE"
    if isinstance(v, float):
        return java_double(v)
    return str(v)


def arg_value(text: str) -> Any:
    """A -args / -nvargs value as DML sees it: int, double, boolean or string."""
    if re.fullmatch(r"[+-]?\d+", text):
        return int(text)
    try:
        return float(text)
    except ValueError:
        pass
    if text in ("TRUE", "FALSE", "true", "false"):
        return text.lower() == "true"
    return text


# ---------------------------------------------------------------------------
# Def / use analysis over statements (for the values ifs and loops carry).


def _expr_uses(e: Any, out: set[str]) -> None:
    if isinstance(e, S.Name):
        out.add(e.id)
    elif isinstance(e, S.Index):
        out.add(e.name)
        for r in (e.rows, e.cols):
            if r is not None:
                _expr_uses(r.lo, out)
                if r.hi is not None:
                    _expr_uses(r.hi, out)
    elif isinstance(e, S.Call):
        for a in e.args:
            _expr_uses(a.value, out)
    elif isinstance(e, S.BinOp):
        _expr_uses(e.lhs, out)
        _expr_uses(e.rhs, out)
    elif isinstance(e, S.Unary):
        _expr_uses(e.operand, out)
    elif isinstance(e, S.MultiId):
        for x in e.items:
            _expr_uses(x, out)


def _target_name(t: Any) -> str:
    return t.id if isinstance(t, S.Name) else t.name


def defs_uses(stmts: Sequence[Any]) -> tuple[set[str], set[str]]:
    """(variables assigned, variables read) anywhere in stmts."""
    d: set[str] = set()
    u: set[str] = set()
    for s in stmts:
        if isinstance(s, S.Assign):
            d.add(_target_name(s.target))
            _expr_uses(s.value, u)
            if isinstance(s.target, S.Index) or s.accumulate:
                _expr_uses(s.target, u)
        elif isinstance(s, S.MultiAssign):
            for t in s.targets:
                d.add(_target_name(t))
                if isinstance(t, S.Index):
                    _expr_uses(t, u)
            _expr_uses(s.call, u)
        elif isinstance(s, S.ExprStmt):
            _expr_uses(s.call, u)
        elif isinstance(s, S.If):
            _expr_uses(s.cond, u)
            for b in (s.then, s.orelse):
                bd, bu = defs_uses(b)
                d |= bd
                u |= bu
        elif isinstance(s, S.For):
            _expr_uses(s.lo, u)
            if s.hi is not None:
                _expr_uses(s.hi, u)
            d.add(s.var)
            bd, bu = defs_uses(s.body)
            d |= bd
            u |= bu
        elif isinstance(s, S.While):
            _expr_uses(s.cond, u)
            bd, bu = defs_uses(s.body)
            d |= bd
            u |= bu
    return d, u


def exposed_uses(stmts: Sequence[Any], defined: set[str] | None = None) -> set[str]:
    """The variables stmts may read before assigning them (upward-exposed uses): what an
    iteration of a loop body would take from the one before."""
    done = set(defined or ())
    out: set[str] = set()

    def read(e: Any) -> None:
        u: set[str] = set()
        _expr_uses(e, u)
        out.update(u - done)

    for s in stmts:
        if isinstance(s, S.Assign):
            read(s.value)
            if isinstance(s.target, S.Index) or s.accumulate:
                read(s.target)
            done.add(_target_name(s.target))
        elif isinstance(s, S.MultiAssign):
            read(s.call)
            for t in s.targets:
                if isinstance(t, S.Index):
                    read(t)
                done.add(_target_name(t))
        elif isinstance(s, S.ExprStmt):
            read(s.call)
        elif isinstance(s, S.If):
            read(s.cond)
            branches = [(exposed_uses(b, done), defs_uses(b)[0]) for b in (s.then, s.orelse)]
            for exposed, _ in branches:
                out.update(exposed)
            done |= branches[0][1] & branches[1][1]  # assigned on both paths
        elif isinstance(s, S.For | S.While):  # a loop may run no iteration
            for e in (s.lo, s.hi) if isinstance(s, S.For) else (s.cond,):
                if e is not None:
                    read(e)
            inner = done | ({s.var} if isinstance(s, S.For) else set())
            out.update(exposed_uses(s.body, inner))
    return out


# ---------------------------------------------------------------------------


@dataclass
class FuncInfo:
    node: S.FuncDef
    file: str
    symbol: str
    op: func.FuncOp | None = None
    namespaces: dict[str, str] | None = None
    strings: dict[str, str] | None = None
    """The values of its string parameters (constants in its body), one function each."""
    site: Attribute | None = None
    """A library function's: the user's call it serves, `loc("lm"("x.dml":3:5))`; each
    of its ops is located `callsite(<its library line> at <that call>)`."""


def spelling(node: S.Node) -> str | None:
    """How errors name the construct at `node`: as the script spells it (`as.scalar`,
    `%*%`, `-`), right and left indexing by SystemDS's names; None: the IR op's name."""
    match node:
        case S.Call(name=name) | S.BinOp(op=name) | S.Unary(op=name):
            return name
        case S.Index():
            return "right indexing"
        case S.Assign(target=S.Index()):
            return "left indexing"
    return None


class Translator:
    def __init__(
        self,
        file: str,
        args: Sequence[str] = (),
        nvargs: dict[str, str] | None = None,
    ):
        self.file = file
        self.cur_file = file
        self.cmd: dict[str, Any] = {str(i + 1): arg_value(a) for i, a in enumerate(args)}
        for k, v in (nvargs or {}).items():
            self.cmd[k] = arg_value(v)
        self.module = ModuleOp([])
        self.functions: dict[str, FuncInfo] = {}  # qualified name -> info
        self.namespaces: dict[str, str] = {}  # ns -> file (of the current file)
        self.block: Block = Block()
        self.env: dict[str, Val] = {}
        self.live_after: set[str] = set()
        self._fresh: set[str] = set()
        """Variables the loop being translated defines first (carried from placeholders)."""
        self.written: dict[str, dict[str, Any]] = {}
        """Files the script writes (constant paths), as their .mtd will describe them."""
        self.consulted: set[str] = set()
        """Files the translation read or looked for (sourced scripts, .mtd): what a
        cached plan of the script depends on beyond its text."""
        self.library: dict[tuple[str, str], FuncInfo] = {}
        """Library functions translated, by (name, the user's call site they serve)."""
        self._site: Attribute | None = None
        """While translating a library function: the user's call it serves."""
        self._with_strings: dict[tuple[str, Any], FuncInfo] = {}
        """Functions with String parameters, by (symbol, the strings' values)."""
        self._ns_prefix = ""

    # -- errors and locations ------------------------------------------------

    def err(self, node: S.Node, message: str) -> DMLError:
        return DMLError(self.cur_file, node.line, node.col, message)

    def emit(self, op: Operation, node: S.Node) -> Operation:
        op.location = self._at_site(named_location(spelling(node), self._file_loc(node)))
        self.block.add_op(op)
        return op

    # -- top level -------------------------------------------------------------

    def translate(self, stmts: list[Any]) -> ModuleOp:
        self.collect_functions(stmts, self.file, "")
        main = func.FuncOp("main", ([], []))
        self.block = main.body.blocks.first  # type: ignore[assignment]
        self.main_block = self.block
        self.module.body.blocks.first.add_op(main)  # type: ignore[union-attr]
        self.stmts([s for s in stmts if not isinstance(s, S.FuncDef | S.Source)], set())
        ret = func.ReturnOp()
        ret.location = main.location = FileLineColLoc(StringAttr(self.file), IntAttr(1), IntAttr(1))
        self.block.add_op(ret)
        return self.module

    def collect_functions(self, stmts: list[Any], file: str, prefix: str) -> None:
        saved = self.cur_file
        self.cur_file = file
        for s in stmts:
            if isinstance(s, S.Source):
                self.source(s, file, prefix)
            elif isinstance(s, S.FuncDef):
                q = prefix + s.name
                symbol = q.replace("::", "__")
                old = self.functions.get(q)
                if old is not None and (old.file, old.node.line, old.node.col) != (
                    file,
                    s.line,
                    s.col,
                ):  # (the same file sourced twice defines its functions once)
                    where = f"{old.file}:{old.node.line}:{old.node.col}"
                    raise self.err(s, f"function '{q}' is already defined (at {where})")
                self.functions[q] = FuncInfo(s, file, symbol)
        self.cur_file = saved

    def source(self, s: S.Source, file: str, prefix: str) -> None:
        base = Path(file).parent
        cands = [base / s.path, Path(s.path)]
        path = next((p for p in cands if p.is_file()), None)
        self.consulted.update(str(p) for p in cands)
        if path is None:
            raise self.err(s, f"source: no such file '{s.path}'")
        text = path.read_text()
        stmts = S.parse(text, str(path))
        ns = prefix + s.ns + "::"
        self.collect_functions(stmts, str(path), ns)
        # Inside the sourced file its own functions are called without the namespace.
        for q, info in list(self.functions.items()):
            if q.startswith(ns) and info.namespaces is None:
                info.namespaces = {"": ns}

    # -- statements ------------------------------------------------------------

    def stmts(self, stmts: list[Any], live_after: set[str]) -> None:
        for i, s in enumerate(stmts):
            _, later = defs_uses(stmts[i + 1 :])
            saved = self.live_after
            self.live_after = later | live_after
            self.stmt(s)
            self.live_after = saved

    def stmt(self, s: Any) -> None:
        try:
            self._stmt(s)
        except VerifyException as e:  # a type or attribute an op was built with
            raise self.err(s, _verify_message(e)) from e

    def _stmt(self, s: Any) -> None:
        if isinstance(s, S.Assign):
            self.assign(s)
        elif isinstance(s, S.MultiAssign):
            self.multi_assign(s)
        elif isinstance(s, S.ExprStmt):
            self.call(s.call, statement=True)
        elif isinstance(s, S.If):
            self.if_(s)
        elif isinstance(s, S.For):
            self.for_(s)
        elif isinstance(s, S.While):
            self.while_(s)
        elif isinstance(s, S.FuncDef):
            raise self.err(s, "functions are defined at the top level of a script")
        elif isinstance(s, S.Source):
            raise self.err(s, "source() is allowed at the top level of a script only")
        else:  # pragma: no cover
            raise self.err(s, f"unsupported statement {type(s).__name__}")

    def assign(self, s: S.Assign) -> None:
        value = self.expr(s.value)
        if s.accumulate:
            value = self.binop("+", self.expr(s.target), value, s)
        self.store(s.target, value, s)

    def store(self, target: S.Name | S.Index, value: Val, node: S.Node) -> None:
        if value.kind == "fmt" and not isinstance(target, S.Name):
            raise self.err(node, "a string built from runtime values can only be printed")
        if isinstance(target, S.Name):
            self.env[target.id] = value
            return
        base = self.lookup(target.name, target)
        if base.kind != "matrix":
            raise self.err(target, f"left indexing needs a matrix, '{target.name}' is a scalar")
        X = base.ssa
        assert X is not None
        r0, nr, rb = self.index_range(target.rows, X, 0, target)
        c0, nc, cb = self.index_range(target.cols, X, 1, target)
        wrong = self.check_index(X, rb, cb, target)
        if value.kind == "matrix" and wrong is None:
            wrong = self.check_extent(X, value.ssa, (nr, nc), (rb, cb), target)  # type: ignore[arg-type]
        if wrong is not None:
            self.env[target.name] = Val("matrix", self.fails(mx.UpdateOp, wrong, target, X.type))
            return
        if value.kind == "matrix":
            v = value.ssa
            assert v is not None
        elif value.scalar:
            v = self.mop(mx.FillOp, [self.ssa_as(value, "f64", node), nr, nc], node)
        else:
            raise self.err(node, "cannot assign a string into a matrix")
        out = self.mop(mx.UpdateOp, [X, v, r0, c0], node)
        _mark_dml_index(out.owner, rb, cb)  # type: ignore[arg-type]
        self.env[target.name] = Val("matrix", out)

    def multi_assign(self, s: S.MultiAssign) -> None:
        results = self.call_user(s.call, want=len(s.targets))
        for t, v in zip(s.targets, results, strict=True):
            self.store(t, v, s)

    # -- control flow ------------------------------------------------------------

    def _carried(self, defs: set[str], uses_inside: set[str]) -> list[str]:
        live = self.live_after | uses_inside
        names = sorted(n for n in defs if n in self.env and n in live)
        return [n for n in names if self.env[n].kind not in _TEXT_KINDS]

    def _in_block(self, block: Block, fn: Any) -> Any:
        saved = self.block
        self.block = block
        try:
            return fn()
        finally:
            self.block = saved

    def if_(self, s: S.If) -> None:
        cond = self.to_i1(self.expr(s.cond), s.cond)
        if cond.const is not None:  # a constant predicate: only the taken branch exists
            self.stmts(s.then if cond.const else s.orelse, self.live_after)
            return
        td, tu = defs_uses(s.then)
        ed, eu = defs_uses(s.orelse)
        before = dict(self.env)
        envs: list[dict[str, Val]] = []
        blocks: list[Block] = []
        for body in (s.then, s.orelse):
            self.env = dict(before)
            b = Block()
            self._in_block(b, lambda body=body: self.stmts(body, self.live_after))
            envs.append(self.env)
            blocks.append(b)
        texts = {
            n: _joined_text(n, envs[0].get(n), envs[1].get(n))
            for n in sorted(td | ed)
            if any(n in e and e[n].kind in _TEXT_KINDS for e in envs)
        }
        for n in sorted(td | ed):  # assigned on one path only: undefined on the other
            if n in self.live_after and n not in texts and (n in envs[0]) != (n in envs[1]):
                i = 0 if n in envs[1] else 1
                kind = envs[1 - i][n].kind
                envs[i][n] = self._in_block(blocks[i], lambda k=kind: self._placeholder(k, s))
        names = sorted(
            n
            for n in (td | ed)
            if n in self.live_after and n in envs[0] and n in envs[1] and n not in texts
        )
        outs = [[e[n] for n in names] for e in envs]
        kinds = [self.join_kind(a.kind, b.kind, s) for a, b in zip(outs[0], outs[1], strict=True)]
        guarded = [n for n in names if any(e[n].guard is not None for e in envs)]
        for b, e, vals in zip(blocks, envs, outs, strict=True):

            def results(e: dict[str, Val] = e, vals: list[Val] = vals) -> list[SSAValue]:
                out = [self.ssa_as(v, k, s) for v, k in zip(vals, kinds, strict=True)]
                return out + [self._guard_of(e[n], s) for n in guarded]

            y = scf.YieldOp(*self._in_block(b, results))
            y.location = self._loc(s)
            b.add_op(y)
        types = [self.type_of(k) for k in kinds] + [i1] * len(guarded)
        op = self.emit(scf.IfOp(cond.ssa, types, Region(blocks[0]), Region(blocks[1])), s)
        self.env = before
        for n, k, r in zip(names, kinds, op.results, strict=False):
            self.env[n] = Val(k, r)
        for n, g in zip(guarded, op.results[len(names) :], strict=True):
            self.env[n] = replace(self.env[n], guard=Val("i1", g))
        self.env.update(texts)

    def _file_loc(self, node: S.Node) -> FileLineColLoc:
        return FileLineColLoc(StringAttr(self.cur_file), IntAttr(node.line), IntAttr(node.col))

    def _loc(self, node: S.Node) -> Attribute:
        """Where an op at node is: its file:line:col, and inside a library function the
        user's call it serves (MLIR's call-site location), which errors name too."""
        return self._at_site(self._file_loc(node))

    def _at_site(self, loc: Attribute) -> Attribute:
        return loc if self._site is None else CallSiteLoc(loc, self._site)

    def join_kind(self, a: str, b: str, node: S.Node) -> str:
        if a == b:
            return a
        if "matrix" in (a, b):
            raise self.err(node, "a variable is a matrix on one path and a scalar on another")
        if a in _TEXT_KINDS or b in _TEXT_KINDS:
            raise self.err(node, "a variable is a string on one path only")
        return "f64" if "f64" in (a, b) else "i64"

    def type_of(self, kind: str) -> Attribute:
        return ANY if kind == "matrix" else _KIND_TYPE[kind]

    def ssa_as(self, v: Val, kind: str, node: S.Node) -> SSAValue:
        out = self.materialize(self.coerce(v, kind, node), node).ssa
        assert out is not None
        return out

    def coerce(self, v: Val, kind: str, node: S.Node) -> Val:
        if kind == "matrix":
            if v.kind != "matrix":
                raise self.err(node, "a variable is a matrix on one path and a scalar on another")
            assert v.ssa is not None
            if v.ssa.type != ANY:
                return Val("matrix", self.mop(mx.CastOp, [v.ssa], node))
            return v
        if kind == "f64":
            return self.to_f64(v, node)
        if kind == "i64":
            return self.to_i64(v, node)
        return self.to_i1(v, node)

    def _loop(
        self,
        node: S.Node,
        body_stmts: list[Any],
        extra_uses: set[str],
        build: Any,
        only: set[str] | None = None,
    ) -> None:
        """Translate a loop whose carried variables get fixed kinds (retrying on promotion);
        `only`: the variables an iteration may pass on (a parfor's results)."""
        bd, bu = defs_uses(body_stmts)
        if only is not None:
            bd &= only
        # A variable the loop defines and the rest reads is carried from a placeholder,
        # guarded: reading it where no iteration assigned it is an error (as SystemDS).
        fresh = {n for n in bd if n not in self.env and n in self.live_after | extra_uses}
        kinds = {n: "f64" for n in fresh}  # until the body says what it holds
        for n in fresh:
            self.env[n] = self._placeholder(kinds[n], node)
        names = self._carried(bd, bu | extra_uses)
        kinds.update({n: self.env[n].kind for n in names if n not in fresh})
        for n in sorted(bd):  # strings are compile-time values: one the loop sets is unknown
            if n in self.env and self.env[n].kind in _TEXT_KINDS:
                self.env[n] = _text_in_loop(n)
        guards = [n + _GUARD for n in names if self.env[n].guard is not None]
        names += guards
        kinds.update(dict.fromkeys(guards, "i1"))
        saved, self._fresh = self._fresh, fresh
        try:
            for _attempt in range(6):
                before = dict(self.env)
                for n in fresh & set(names):
                    self.env[n] = self._placeholder(kinds[n], node)
                self._collect_guards(names, node)
                try:
                    changed = build(names, kinds)
                except BaseException:
                    self.env = before
                    raise
                if not changed:
                    self._bind_guards(names)
                    for n in fresh - set(names):  # a string after all
                        self.env[n] = _text_in_loop(n)
                    return
                self.env = before
            raise self.err(node, "the kinds of the loop's variables do not settle")
        finally:
            self._fresh = saved

    def for_(self, s: S.For) -> None:
        if s.hi is None:
            call = s.lo
            a = {i: x for i, x in enumerate(call.args)}
            if len(a) not in (2, 3):
                raise self.err(call, "seq in a loop takes from, to and an optional increment")
            lo, hi = self.expr(a[0].value), self.expr(a[1].value)
            step = self.expr(a[2].value) if 2 in a else None
        else:
            lo, hi, step = self.expr(s.lo), self.expr(s.hi), None
        for v in (lo, hi, step):
            if v is not None and not v.scalar:
                raise self.err(s, "loop bounds must be scalars")
        # SystemDS iterates integers: double bounds and steps are truncated toward zero
        # (seq(0.5, 2) runs 0, 1, 2), and a step that truncates to 0 runs no iteration.
        ints, kind, conv = True, "i64", self.to_i64
        lo, hi = conv(lo, s), conv(hi, s)
        if step is None:
            if lo.const is not None and hi.const is not None:
                step = self.const(1 if lo.const <= hi.const else -1, kind, s)
            else:
                le = self.cmp("<=", lo, hi, s)
                step = self.select(le, self.const(1, kind, s), self.const(-1, kind, s), s)
        step = conv(step, s)
        if step.const == 0:
            hi, step = self.binop("-", lo, self.const(1, "i64", s), s), self.const(1, "i64", s)
        elif step.const is None:  # a step of 0 at run time: no iteration, as above
            zero = self.cmp("==", step, self.const(0, "i64", s), s)
            hi = self.select(zero, self.binop("-", lo, self.const(1, "i64", s), s), hi, s)
            step = self.select(zero, self.const(1, "i64", s), step, s)
        # trip count: max(0, floor((hi - lo) / step) + 1), iterating k = 0 .. n-1, i = lo + k*step
        if ints and lo.const is not None and step.const == 1:
            lb, ub, st = lo, self.binop("+", hi, self.const(1, "i64", s), s), step
            iv_of = None
            trips = self.minmax("max", self.binop("-", ub, lb, s), self.const(0, "i64", s), s)
        else:
            diff = self.binop("-", self.to_f64(hi, s), self.to_f64(lo, s), s)
            q = self.binop("/", diff, self.to_f64(step, s), s)
            n = self.to_i64(self.scalar_unary("floor", q, s), s)
            n = self.binop("+", n, self.const(1, "i64", s), s)
            n = self.minmax("max", n, self.const(0, "i64", s), s)
            lb, ub, st = self.const(0, "i64", s), n, self.const(1, "i64", s)
            iv_of = (lo, step, kind)
            trips = n
        before_loop = self.env.get(s.var)

        bounds = [self.ssa_as(v, "i64", s) for v in (lb, ub, st)]

        def build(names: list[str], kinds: dict[str, str]) -> bool:
            inits = [self.ssa_as(self.env[n], kinds[n], s) for n in names]
            body = Block(arg_types=[i64, *(self.type_of(kinds[n]) for n in names)])
            outer = dict(self.env)

            def inside() -> list[SSAValue]:
                for n, a in zip(names, body.args[1:], strict=True):
                    self.env[n] = Val(kinds[n], a)
                self._bind_guards(names)
                k = Val("i64", body.args[0])
                if iv_of is None:
                    self.env[s.var] = k
                else:
                    lo_, step_, kd = iv_of
                    self.env[s.var] = self.binop(
                        "+",
                        lo_,
                        self.binop("*", k if kd == "i64" else self.to_f64(k, s), step_, s),
                        s,
                    )
                self.stmts(s.body, set(names) | self.live_after)
                self._collect_guards(names, s)
                return [self.env[n] for n in names]  # type: ignore[return-value]

            new = self._in_block(body, inside)
            promoted = self._promote(names, kinds, new, s)
            if promoted:
                return True
            ys = self._in_block(
                body, lambda: [self.ssa_as(v, kinds[n], s) for n, v in zip(names, new, strict=True)]
            )
            y = scf.YieldOp(*ys)
            y.location = self._loc(s)
            body.add_op(y)
            self.env = outer
            op = self.emit(scf.ForOp(bounds[0], bounds[1], bounds[2], inits, body), s)
            for n, r in zip(names, op.results, strict=True):
                self.env[n] = Val(kinds[n], r)
            return False

        # parfor: as in SystemDS, only left-indexed matrices are results; every other
        # variable an iteration assigns is its own (each starts from the value before the
        # loop, and after it the variable is as before).
        if s.parallel and not self._dependency_check_off(s):
            self._no_carried_dependency(s)
        self._loop(s, s.body, set(), build, left_indexed(s.body) if s.parallel else None)
        if s.var not in defs_uses(s.body)[0]:
            one = self.const(1, "i64", s)
            last = self.binop("+", lo, self.binop("*", self.binop("-", trips, one, s), step, s), s)
            self._counter_after(s.var, before_loop, last, trips, s)

    def _dependency_check_off(self, s: Any) -> bool:
        """`parfor (..., check=0)`: the user turned SystemDS's dependency analysis off."""
        for a in s.params:
            if a.name == "check":
                v = self.expr(a.value)
                return v.const is not None and not v.const
        return False

    def _no_carried_dependency(self, s: Any) -> None:
        """A parfor whose iterations read a variable they also assign (`s = s + i`) and
        that exists before the loop depends on the iteration before: SystemDS's
        dependency analysis rejects it, and run as independent iterations it would give
        a wrong answer (each starts from the value before the loop)."""
        assigned = defs_uses(s.body)[0] - left_indexed(s.body) - {s.var}
        carried = sorted(
            n for n in exposed_uses(s.body, {s.var}) & assigned if self.env.get(n) is not None
        )
        if carried:
            names = ", ".join(f"'{n}'" for n in carried)
            raise self.err(
                s,
                f"parfor: its iterations read and assign {names} (a loop-carried "
                "dependency, which SystemDS rejects too); use for, or collect each "
                "iteration's value in a left-indexed matrix",
            )

    def _counter_after(
        self, name: str, before: Val | None, last: Val, trips: Val, node: S.Node
    ) -> None:
        """After `for (name in ...)`, name holds the last value it took, or what it held
        before where the loop ran no iteration."""
        if trips.const is not None:
            if trips.const > 0:
                self.env[name] = last
            return
        if before is None or not before.scalar:
            return  # undefined after no iteration: reading it stays an error
        positive = self.cmp(">", trips, self.const(0, "i64", node), node)
        self.env[name] = self.select(positive, last, before, node)

    def _promote(
        self, names: list[str], kinds: dict[str, str], new: list[Val], node: S.Node
    ) -> bool:
        changed = False
        for n, v in zip(list(names), new, strict=True):
            if n in self._fresh and v.kind != kinds[n]:  # its placeholder takes any kind
                if v.kind in _TEXT_KINDS:
                    names.remove(n)
                    if n + _GUARD in names:
                        names.remove(n + _GUARD)
                else:
                    kinds[n] = v.kind
                changed = True
                continue
            k = self.join_kind(kinds[n], v.kind, node)
            if k != kinds[n]:
                kinds[n] = k
                changed = True
        return changed

    def while_(self, s: S.While) -> None:
        cu: set[str] = set()
        _expr_uses(s.cond, cu)

        def build(names: list[str], kinds: dict[str, str]) -> bool:
            inits = [self.ssa_as(self.env[n], kinds[n], s) for n in names]
            types = [self.type_of(kinds[n]) for n in names]
            outer = dict(self.env)
            before = Block(arg_types=types)

            def cond() -> None:
                for n, a in zip(names, before.args, strict=True):
                    self.env[n] = Val(kinds[n], a)
                self._bind_guards(names)
                c = self.to_i1(self.expr(s.cond), s.cond)
                if c.ssa is None:
                    c = self.materialize(c, s)
                self.emit(scf.ConditionOp(c.ssa, *before.args), s)

            self._in_block(before, cond)
            self.env = dict(outer)
            after = Block(arg_types=types)

            def inside() -> list[Val]:
                for n, a in zip(names, after.args, strict=True):
                    self.env[n] = Val(kinds[n], a)
                self._bind_guards(names)
                self.stmts(s.body, set(names) | self.live_after | cu)
                self._collect_guards(names, s)
                return [self.env[n] for n in names]

            new = self._in_block(after, inside)
            if self._promote(names, kinds, new, s):
                return True
            ys = self._in_block(
                after,
                lambda: [self.ssa_as(v, kinds[n], s) for n, v in zip(names, new, strict=True)],
            )
            y = scf.YieldOp(*ys)
            y.location = self._loc(s)
            after.add_op(y)
            self.env = outer
            op = self.emit(scf.WhileOp(inits, types, Region(before), Region(after)), s)
            for n, r in zip(names, op.results, strict=True):
                self.env[n] = Val(kinds[n], r)
            return False

        self._loop(s, s.body, cu, build)

    # -- values -----------------------------------------------------------------

    def lookup(self, name: str, node: S.Node) -> Val:
        v = self.env.get(name)
        if v is None and name in ("NaN", "Inf"):  # DML's float constants (unless assigned)
            return Val("f64", None, math.nan if name == "NaN" else math.inf)
        if v is None:
            raise self.err(node, f"undefined variable '{name}'")
        if v.kind == "unknown":
            raise self.err(node, v.const)
        if v.guard is not None:
            v = self._check_assigned(name, v, node)
        return v

    def _check_assigned(
        self, name: str, v: Val, node: S.Node, what: tuple[str, str] | None = None
    ) -> Val:
        """Read a variable that only some paths assign: an error, where the run took
        another path, at this read (as SystemDS: an undefined variable fails when read).
        `what`: the messages (never assigned, not assigned on the run's path) instead of
        a read's."""
        assert v.guard is not None
        never, missed = what or (
            f"undefined variable '{name}'",
            f"variable '{name}' is read, but the loop or branch that assigns it did not run",
        )
        if v.guard.const is not None:
            if not v.guard.const:
                raise self.err(node, never)
        else:
            missing = self.emit(arith.XOrIOp(v.guard.ssa, self.const(True, "i1", node).ssa), node)
            self.block.add_ops(mx.stop_if(missing.results[0], missed, self._loc(node)))
        checked = replace(v, guard=None)
        self.env[name] = checked  # checked once: later reads on this path need not
        return checked

    def _placeholder(self, kind: str, node: S.Node) -> Val:
        """A value for a variable a path does not assign: never read (its guard is false)."""
        if kind == "matrix":
            nan, zero = self.const(math.nan, "f64", node), self.const(0, "i64", node)
            v = Val("matrix", self.mop(mx.FillOp, [nan.ssa, zero.ssa, zero.ssa], node))
        else:
            v = self.const({"f64": math.nan, "i64": 0, "i1": False}[kind], kind, node)
        return replace(v, guard=Val("i1", None, False))

    def _guard_of(self, v: Val, node: S.Node) -> SSAValue:
        g = v.guard if v.guard is not None else Val("i1", None, True)
        out = self.materialize(g, node).ssa
        assert out is not None
        return out

    def _bind_guards(self, names: list[str]) -> None:
        """Inside a loop: each guarded variable takes its carried guard."""
        for c in names:
            if c.endswith(_GUARD) and (n := c.removesuffix(_GUARD)) in self.env:
                self.env[n] = replace(self.env[n], guard=self.env[c])
        for c in names:
            if c.endswith(_GUARD):
                del self.env[c]

    def _collect_guards(self, names: list[str], node: S.Node) -> None:
        """Before a loop's yield (and its first entry): each guard as a carried i1."""
        for c in names:
            if c.endswith(_GUARD):
                v = self.env[c.removesuffix(_GUARD)]
                self.env[c] = Val("i1", self._guard_of(v, node))

    def const(self, value: Any, kind: str, node: S.Node) -> Val:
        if kind == "f64":
            value = float(value)
            op: Operation = arith.ConstantOp(FloatAttr(value, f64))
        elif kind == "i64":
            value = int(value)
            op = arith.ConstantOp(IntegerAttr(value, i64))
        elif kind == "i1":
            value = bool(value)
            op = arith.ConstantOp(IntegerAttr(int(value), i1))
        else:
            return Val("str", None, value)
        self.emit(op, node)
        return Val(kind, op.results[0], value)

    def materialize(self, v: Val, node: S.Node) -> Val:
        return v if v.ssa is not None else self.const(v.const, v.kind, node)

    def mop(
        self,
        cls: type[Operation],
        operands: list[Any],
        node: S.Node,
        result: Attribute = ANY,
        props: dict[str, Attribute] | None = None,
    ) -> SSAValue:
        op = cls.build(operands=operands, result_types=[result], properties=props or {})
        self.emit(op, node)
        return op.results[0]

    def to_f64(self, v: Val, node: S.Node) -> Val:
        self.need_scalar(v, node)
        if v.kind == "f64":
            return v
        if v.const is not None:
            return self.const(float(v.const), "f64", node)
        x = v.ssa
        if v.kind == "i1":
            x = self.emit(arith.ExtUIOp(x, i64), node).results[0]
        return Val("f64", self.emit(arith.SIToFPOp(x, f64), node).results[0])

    def to_i64(self, v: Val, node: S.Node) -> Val:
        self.need_scalar(v, node)
        if v.kind == "i64":
            return v
        if v.const is not None:
            if isinstance(v.const, float) and not math.isfinite(v.const):
                raise self.err(node, f"cannot convert {v.const} to an integer")
            return self.const(int(v.const), "i64", node)
        op = arith.ExtUIOp(v.ssa, i64) if v.kind == "i1" else arith.FPToSIOp(v.ssa, i64)
        return Val("i64", self.emit(op, node).results[0])

    def to_i1(self, v: Val, node: S.Node) -> Val:
        if v.kind == "matrix":
            v = Val("f64", self.mop(mx.ToScalarOp, [v.ssa], node, f64))
        self.need_scalar(v, node)
        if v.kind == "i1":
            return v
        if v.const is not None:
            return self.const(v.const != 0, "i1", node)
        zero = self.const(0, v.kind, node)
        op = (
            arith.CmpfOp(v.ssa, zero.ssa, "une")
            if v.kind == "f64"
            else arith.CmpiOp(v.ssa, zero.ssa, "ne")
        )
        return Val("i1", self.emit(op, node).results[0])

    def need_scalar(self, v: Val, node: S.Node) -> None:
        if v.kind == "matrix":
            raise self.err(node, "expected a scalar, got a matrix (use as.scalar)")
        if v.kind in ("str", "fmt"):
            raise self.err(
                node, CHOSEN_TEXT if picked_at_run_time(v) else "expected a number, got a string"
            )

    def need_matrix(self, v: Val, node: S.Node, what: str) -> SSAValue:
        if v.kind != "matrix":
            raise self.err(node, f"{what} expects a matrix, got a scalar")
        assert v.ssa is not None
        return v.ssa

    def operand(self, v: Val, node: S.Node) -> SSAValue:
        """A matrix-op operand: the matrix, or the scalar as f64."""
        if v.kind == "matrix":
            return v.ssa  # type: ignore[return-value]
        return self.materialize(self.to_f64(v, node), node).ssa  # type: ignore[return-value]

    # -- expressions --------------------------------------------------------------

    def expr(self, e: Any) -> Val:
        try:
            return self._expr(e)
        except VerifyException as ex:  # a type or attribute an op was built with
            raise self.err(e, _verify_message(ex)) from ex

    def _expr(self, e: Any) -> Val:
        if isinstance(e, S.Num):
            return Val("i64" if isinstance(e.value, int) else "f64", None, e.value)
        if isinstance(e, S.Str):
            return Val("str", None, e.value)
        if isinstance(e, S.Bool):
            return Val("i1", None, e.value)
        if isinstance(e, S.Name):
            v = self.lookup(e.id, e)
            return v
        if isinstance(e, S.CmdArg):
            if e.name not in self.cmd:
                raise self.err(e, f"no value for ${e.name} (pass it with -args / -nvargs)")
            return self.literal(self.cmd[e.name])
        if isinstance(e, S.Index):
            return self.index(e)
        if isinstance(e, S.Call):
            return self.call(e)
        if isinstance(e, S.BinOp):
            return self.binop(e.op, self.expr(e.lhs), self.expr(e.rhs), e)
        if isinstance(e, S.Unary):
            v = self.expr(e.operand)
            if e.op == "+":
                return v
            if e.op == "-":
                if v.kind == "matrix":
                    return Val("matrix", self.mop(mx.NegOp, [v.ssa], e))
                self.need_scalar(v, e)
                if v.kind == "i1":
                    v = self.to_i64(v, e)
                if v.kind == "f64":  # negation, not 0 - v: -(0.0) is -0.0, 1/-0.0 is -Inf
                    if v.const is not None:
                        return Val("f64", None, -float(v.const))
                    return Val("f64", self.emit(arith.NegfOp(v.ssa), e).results[0])
                return self.binop("-", Val(v.kind, None, 0), v, e)
            if v.kind == "matrix":
                return Val("matrix", self.mop(mx.NotOp, [v.ssa], e))
            b = self.to_i1(v, e)
            if b.const is not None:
                r = Val("i1", None, not b.const)
            else:
                t = self.const(True, "i1", e)
                r = Val("i1", self.emit(arith.XOrIOp(b.ssa, t.ssa), e).results[0])
            # SystemDS: ! of a number is the double 1.0 / 0.0 (of a boolean, a boolean)
            return r if v.kind == "i1" else self.to_f64(r, e)
        if isinstance(e, S.MultiId):
            raise self.err(e, "a list of values [a, b] is only allowed left of '='")
        raise self.err(e, f"unsupported expression {type(e).__name__}")  # pragma: no cover

    def literal(self, v: Any) -> Val:
        if isinstance(v, bool):
            return Val("i1", None, v)
        if isinstance(v, int):
            return Val("i64", None, v)
        if isinstance(v, float):
            return Val("f64", None, v)
        return Val("str", None, v)

    # index ranges: (0-based start i64, length i64, 1-based bounds when known now)
    def index_range(
        self, r: S.Range | None, X: SSAValue, axis: int, node: S.Node
    ) -> tuple[SSAValue, SSAValue, tuple[Any, Any] | None]:
        if r is None:
            zero = self.const(0, "i64", node).ssa
            n = self.mop(mx.NrowOp if axis == 0 else mx.NcolOp, [X], node, i64)
            return zero, n, None  # type: ignore[return-value]
        lo = self.expr(r.lo)
        if lo.kind == "matrix":
            raise self.err(r, "an index must be a scalar (use as.scalar)")
        lo = self.to_i64(lo, r)
        start = self.binop("-", lo, Val("i64", None, 1), r)
        if r.hi is None:
            one = self.const(1, "i64", r).ssa
            return self.materialize(start, r).ssa, one, (lo.const, lo.const)  # type: ignore[return-value]
        hi = self.to_i64(self.expr(r.hi), r)
        n = self.binop("-", hi, start, r)
        bounds = (lo.const, hi.const)
        return self.materialize(start, r).ssa, self.materialize(n, r).ssa, bounds  # type: ignore[return-value]

    def check_extent(
        self,
        X: SSAValue,
        v: SSAValue,
        extent: tuple[SSAValue, SSAValue],
        bounds: tuple[tuple[Any, Any] | None, tuple[Any, Any] | None],
        node: S.Node,
    ) -> str | None:
        """X[rows, cols] = v needs v of the range's size, as SystemDS checks: the message
        where both sizes are known and differ (`fails` decides when it is reported),
        otherwise a check that stops the run (never a partial or broadcast assignment)."""
        xt, vt = X.type, v.type
        xdims = (xt.rows, xt.cols) if isinstance(xt, mx.MatrixType) else (None, None)
        vdims = (vt.rows, vt.cols) if isinstance(vt, mx.MatrixType) else (None, None)
        want: list[int | None] = []
        for b, n in zip(bounds, xdims, strict=True):
            if b is None:
                want.append(n if isinstance(n, int) else None)
            else:
                lo, hi = b
                want.append(hi - lo + 1 if isinstance(lo, int) and isinstance(hi, int) else None)
        shown = _shown_index(bounds)
        got = [d if isinstance(d, int) else None for d in vdims]
        if None not in want and None not in got:
            if want != got:
                return (
                    f"left index [{shown}] is {want[0]}x{want[1]}, "
                    f"but the assigned matrix is {got[0]}x{got[1]}"
                )
            return None
        # Sizes known only at run time: nrow(v) != rows or ncol(v) != cols stops the run.
        bad: SSAValue | None = None
        for n_op, ext in ((mx.NrowOp, extent[0]), (mx.NcolOp, extent[1])):
            d = self.mop(n_op, [v], node, i64)
            ne = self.emit(arith.CmpiOp(d, ext, "ne"), node).results[0]
            bad = ne if bad is None else self.emit(arith.OrIOp(bad, ne), node).results[0]
        assert bad is not None
        text = f"left index [{shown}]: the assigned matrix differs in size from the index range"
        self.block.add_ops(mx.stop_if(bad, text, self._loc(node)))
        return None

    def check_index(
        self,
        X: SSAValue,
        rows: tuple[Any, Any] | None,
        cols: tuple[Any, Any] | None,
        node: S.Node,
    ) -> str | None:
        """Index bounds known now, checked as SystemDS does (1-based, lo <= hi: a located
        error in DML's terms); the message where the matrix's known size rules them out
        (`fails` decides when it is reported)."""
        t = X.type
        dims = (t.rows, t.cols) if isinstance(t, mx.MatrixType) else (None, None)
        dims = tuple(d if isinstance(d, int) else None for d in dims)
        shown = _shown_index((rows, cols))
        size = f"{dims[0]}x{dims[1]}" if None not in dims else None
        for b, n, what in ((rows, dims[0], "row"), (cols, dims[1], "column")):
            if b is None:
                continue
            lo, hi = b
            if lo is not None and lo < 1:
                raise self.err(node, f"index [{shown}]: {what} index {lo} is below 1")
            if lo is not None and hi is not None and hi < lo:
                raise self.err(
                    node, f"index [{shown}]: {what} range {lo}:{hi} ends before it starts"
                )
            if n is not None and any(x is not None and x > n for x in b):
                return f"index [{shown}] out of bounds for a {size or '?'} matrix"
        return None

    def fails(
        self, cls: type[Operation], message: str, node: S.Node, t: Attribute = ANY
    ) -> SSAValue:
        """A `cls` op that the sizes known now prove failing: a located error where it
        surely runs (the top of the script), else a matrix.fail that raises it if it runs
        (in a branch, a loop or a function), as SystemDS reports it only then."""
        if self.block is self.main_block:
            raise self.err(node, message)
        props = {"op": StringAttr(cls.name), "message": StringAttr(message)}  # type: ignore[attr-defined]
        return self.mop(mx.FailOp, [], node, t, props)

    def index(self, e: S.Index) -> Val:
        base = self.lookup(e.name, e)
        X = self.need_matrix(base, e, "indexing")
        r0, nr, rb = self.index_range(e.rows, X, 0, e)
        c0, nc, cb = self.index_range(e.cols, X, 1, e)
        wrong = self.check_index(X, rb, cb, e)
        if wrong is not None:
            return Val("matrix", self.fails(mx.SliceOp, wrong, e))
        r1 = self.emit(arith.AddiOp(r0, nr), e).results[0]
        c1 = self.emit(arith.AddiOp(c0, nc), e).results[0]
        out = self.mop(mx.SliceOp, [X, r0, r1, c0, c1], e)
        _mark_dml_index(out.owner, rb, cb)  # type: ignore[arg-type]
        return Val("matrix", out)

    def binop(self, op: str, a: Val, b: Val, node: S.Node) -> Val:
        if a.kind in ("str", "fmt") or b.kind in ("str", "fmt"):
            return self.concat(op, a, b, node)
        if a.kind == "matrix" or b.kind == "matrix":
            return self.matrix_binop(op, a, b, node)
        return self.scalar_binop(op, a, b, node)

    def concat(self, op: str, a: Val, b: Val, node: S.Node) -> Val:
        if op != "+":
            if op in ("==", "!=") and a.kind == b.kind == "str":
                return Val("i1", None, (a.const == b.const) == (op == "=="))
            if picked_at_run_time(a) or picked_at_run_time(b):
                raise self.err(node, CHOSEN_TEXT)
            raise self.err(node, f"operator {op} does not apply to strings")
        parts: list[Any] = []
        for v in (a, b):
            if v.kind == "fmt":
                parts.extend(v.const)
            elif v.const is not None:
                parts.append(v.const if isinstance(v.const, str) else fmt_scalar(v.const))
            else:
                parts.append(v)
        merged: list[Any] = []
        for p in parts:
            if isinstance(p, str) and merged and isinstance(merged[-1], str):
                merged[-1] += p
            else:
                merged.append(p)
        if len(merged) == 1 and isinstance(merged[0], str):
            return Val("str", None, merged[0])
        return Val("fmt", None, merged)

    _MATRIX_BINARY: dict[str, type[Operation]] = {
        "+": mx.AddOp, "-": mx.SubOp, "*": mx.MulOp, "/": mx.DivOp, "^": mx.PowOp,
        "%%": mx.ModOp, "==": mx.EqOp, "!=": mx.NeOp, "<": mx.LtOp, "<=": mx.LeOp,
        ">": mx.GtOp, ">=": mx.GeOp, "&": mx.AndOp, "|": mx.OrOp,
    }  # fmt: skip

    def matrix_binop(self, op: str, a: Val, b: Val, node: S.Node) -> Val:
        if op == "%*%":
            A = self.need_matrix(a, node, "%*%")
            B = self.need_matrix(b, node, "%*%")
            return Val("matrix", self.mop(mx.MatmulOp, [A, B], node))
        x, y = self.operand(a, node), self.operand(b, node)
        if op in (
            "%/%",
            "%%",
        ):  # as SystemDS: truncating division, remainder of the dividend's sign
            q = self.mop(mx.DivOp, [x, y], node)
            aq = self.mop(mx.FloorOp, [self.mop(mx.AbsOp, [q], node)], node)
            t = self.mop(mx.MulOp, [self.mop(mx.SignOp, [q], node), aq], node)
            if op == "%/%":
                return Val("matrix", t)
            return Val("matrix", self.mop(mx.SubOp, [x, self.mop(mx.MulOp, [t, y], node)], node))
        cls = self._MATRIX_BINARY.get(op)
        if cls is None:  # pragma: no cover
            raise self.err(node, f"unsupported operator {op}")
        if op == "^":
            return Val("matrix", self.java_pow(a, b, x, y, node))
        return Val("matrix", self.mop(cls, [x, y], node))

    def java_pow(self, a: Val, b: Val, x: SSAValue, y: SSAValue, node: S.Node) -> SSAValue:
        """x ^ y with Java's Math.pow where it differs from NumPy's: |x| = 1 with a NaN or
        infinite exponent is NaN (NumPy: 1). Free for a finite constant exponent; a
        run-time scalar exponent checks itself once (scf.if), a matrix one per cell."""
        pw = self.mop(mx.PowOp, [x, y], node)
        if b.kind != "matrix" and b.const is not None and math.isfinite(b.const):
            return pw
        if a.kind != "matrix" and a.const is not None and abs(a.const) != 1:
            return pw
        nan = self.const(math.nan, "f64", node).ssa
        inf = self.const(math.inf, "f64", node).ssa

        def one_cells() -> SSAValue:  # where |x| = 1: a 0/1 matrix, or a 0/1 scalar
            if a.kind == "matrix":
                return self.mop(
                    mx.EqOp,
                    [self.mop(mx.AbsOp, [x], node), self.operand(Val("f64", None, 1.0), node)],
                    node,
                )
            return self.operand(
                self.cmp("==", self.scalar_unary("abs", a, node), Val("f64", None, 1.0), node), node
            )

        if b.kind == "matrix":
            ynan = self.mop(mx.IsNanOp, [y], node)
            yinf = self.mop(mx.EqOp, [self.mop(mx.AbsOp, [y], node), inf], node)
            bad = self.mop(mx.AndOp, [self.mop(mx.OrOp, [ynan, yinf], node), one_cells()], node)
            return self.mop(mx.SelectOp, [bad, nan, pw], node)
        if b.const is not None:  # NaN or infinite: every |x| = 1 cell is NaN
            return self.mop(mx.SelectOp, [one_cells(), nan, pw], node)
        odd = self.binop("|", *self.nan_or_inf(Val("f64", y), node), node)

        def guarded() -> SSAValue:
            return self.mop(mx.SelectOp, [one_cells(), nan, pw], node)

        blocks = (Block(), Block())
        for block, make in zip(blocks, (guarded, lambda: pw), strict=True):
            out = self._in_block(block, make)
            yield_ = scf.YieldOp(out)
            yield_.location = self._loc(node)
            block.add_op(yield_)
        op = self.emit(scf.IfOp(odd.ssa, [ANY], Region(blocks[0]), Region(blocks[1])), node)
        return op.results[0]

    def nan_or_inf(self, y: Val, node: S.Node) -> tuple[Val, Val]:
        """(y is NaN, y is +-Inf) for an f64 value: the exponents where Java's Math.pow
        differs from C's."""
        nan = Val("i1", self.emit(arith.CmpfOp(y.ssa, y.ssa, "uno"), node).results[0])
        inf = self.cmp("==", self.scalar_unary("abs", y, node), Val("f64", None, math.inf), node)
        return nan, inf

    def scalar_binop(self, op: str, a: Val, b: Val, node: S.Node) -> Val:
        if op == "%*%":
            raise self.err(node, "%*% expects matrices, got scalars")
        if a.const is not None and b.const is not None:
            folded = _fold(op, a, b)
            if folded is not None and folded.kind == "i64" and not -(2**63) <= folded.const < 2**63:
                raise self.err(node, f"integer overflow: {a.const} {op} {b.const} does not fit "
                               "in 64 bits")  # fmt: skip
            if folded is not None:
                return folded
        if op in ("&", "|"):
            x, y = (
                self.materialize(self.to_i1(a, node), node),
                self.materialize(self.to_i1(b, node), node),
            )
            cls = arith.AndIOp if op == "&" else arith.OrIOp
            return Val("i1", self.emit(cls(x.ssa, y.ssa), node).results[0])
        ints = a.kind in ("i64", "i1") and b.kind in ("i64", "i1")
        if op in ("==", "!=", "<", "<=", ">", ">="):
            if ints:
                x, y = (
                    self.materialize(self.to_i64(a, node), node),
                    self.materialize(self.to_i64(b, node), node),
                )
                pred = {"==": "eq", "!=": "ne", "<": "slt", "<=": "sle", ">": "sgt", ">=": "sge"}[
                    op
                ]
                return Val("i1", self.emit(arith.CmpiOp(x.ssa, y.ssa, pred), node).results[0])
            return self.cmp(op, a, b, node)
        if ints and not a.kind == b.kind == "i1" and op in ("+", "-", "*", "%/%", "%%"):
            x, y = (
                self.materialize(self.to_i64(a, node), node),
                self.materialize(self.to_i64(b, node), node),
            )
            cls = {
                "+": arith.AddiOp,
                "-": arith.SubiOp,
                "*": arith.MuliOp,
                "%/%": arith.DivSIOp,
                "%%": arith.RemSIOp,
            }[op]
            if op == "%%" and y.const in (None, 0):
                # SystemDS's integer x %% 0 is 0 (it computes in doubles: NaN, cast to 0),
                # and so is x %% 1: the divisor 0 becomes 1.
                zero, one = self.const(0, "i64", node), self.const(1, "i64", node)
                is0 = self.emit(arith.CmpiOp(y.ssa, zero.ssa, "eq"), node).results[0]
                y = Val("i64", self.emit(arith.SelectOp(is0, one.ssa, y.ssa), node).results[0])
            if op in ("+", "-", "*"):  # SystemDS fails on an overflow: amls's nsw traps
                nsw = arith.IntegerOverflowAttr([arith.IntegerOverflowFlag.NSW])
                return Val("i64", self.emit(cls(x.ssa, y.ssa, overflow=nsw), node).results[0])
            return Val("i64", self.emit(cls(x.ssa, y.ssa), node).results[0])
        x, y = (
            self.materialize(self.to_f64(a, node), node),
            self.materialize(self.to_f64(b, node), node),
        )
        if op in ("+", "-", "*", "/"):
            cls = {"+": arith.AddfOp, "-": arith.SubfOp, "*": arith.MulfOp, "/": arith.DivfOp}[op]
            return Val("f64", self.emit(cls(x.ssa, y.ssa), node).results[0])
        if op == "^":
            r = Val("f64", self.emit(xmath.PowFOp(x.ssa, y.ssa), node).results[0])
            if y.const is not None and math.isfinite(y.const):
                return r
            # Java's Math.pow: a NaN exponent, or |x| = 1 with an infinite one, gives NaN
            # (C's pow and NumPy's: 1)
            nan, inf = self.nan_or_inf(y, node)
            one = self.cmp("==", self.scalar_unary("abs", x, node), Val("f64", None, 1.0), node)
            bad = self.binop("|", nan, self.binop("&", inf, one, node), node)
            return self.select(bad, Val("f64", None, math.nan), r, node)
        # SystemDS: %/% truncates, %% has the sign of the dividend (a - trunc(a / b) * b)
        q = self.emit(arith.DivfOp(x.ssa, y.ssa), node).results[0]
        tq = Val("f64", self.emit(xmath.TruncOp(q), node).results[0])
        if op == "%/%":
            return tq
        if op == "%%":
            m = self.emit(arith.MulfOp(tq.ssa, y.ssa), node).results[0]
            return Val("f64", self.emit(arith.SubfOp(x.ssa, m), node).results[0])
        raise self.err(node, f"unsupported operator {op}")  # pragma: no cover

    def cmp(self, op: str, a: Val, b: Val, node: S.Node) -> Val:
        if a.const is not None and b.const is not None:
            f = _fold(op, a, b)
            if f is not None:
                return f
        x, y = (
            self.materialize(self.to_f64(a, node), node),
            self.materialize(self.to_f64(b, node), node),
        )
        pred = {"==": "oeq", "!=": "une", "<": "olt", "<=": "ole", ">": "ogt", ">=": "oge"}[op]
        return Val("i1", self.emit(arith.CmpfOp(x.ssa, y.ssa, pred), node).results[0])

    def select(self, c: Val, a: Val, b: Val, node: S.Node) -> Val:
        if c.const is not None:
            return a if c.const else b
        kind = self.join_kind(a.kind, b.kind, node)
        x, y = (
            self.materialize(self.coerce(a, kind, node), node),
            self.materialize(self.coerce(b, kind, node), node),
        )
        return Val(kind, self.emit(arith.SelectOp(c.ssa, x.ssa, y.ssa), node).results[0])

    def minmax(self, which: str, a: Val, b: Val, node: S.Node) -> Val:
        if a.const is not None and b.const is not None:
            k = "i64" if a.kind in ("i64", "i1") and b.kind in ("i64", "i1") else "f64"
            if k == "f64" and (math.isnan(a.const) or math.isnan(b.const)):
                return Val("f64", None, math.nan)  # as the kernels: NaN in either operand
            v = (max if which == "max" else min)(a.const, b.const)
            return Val(k, None, int(v) if k == "i64" else float(v))
        if a.kind in ("i64", "i1") and b.kind in ("i64", "i1"):
            x, y = (
                self.materialize(self.to_i64(a, node), node),
                self.materialize(self.to_i64(b, node), node),
            )
            cls = arith.MaxSIOp if which == "max" else arith.MinSIOp
            return Val("i64", self.emit(cls(x.ssa, y.ssa), node).results[0])
        x, y = (
            self.materialize(self.to_f64(a, node), node),
            self.materialize(self.to_f64(b, node), node),
        )
        cls = arith.MaximumfOp if which == "max" else arith.MinimumfOp
        return Val("f64", self.emit(cls(x.ssa, y.ssa), node).results[0])

    _SCALAR_UNARY = {
        "exp": (xmath.ExpOp, math.exp), "log": (xmath.LogOp, math.log),
        "sqrt": (xmath.SqrtOp, math.sqrt), "abs": (xmath.AbsFOp, abs),
        "floor": (xmath.FloorOp, math.floor), "ceil": (xmath.CeilOp, math.ceil),
    }  # fmt: skip

    def scalar_unary(self, name: str, v: Val, node: S.Node) -> Val:
        # SystemDS's math builtins return doubles, on ints too: abs(-7) prints 7.0
        x = self.to_f64(v, node)
        if name == "sign":
            pos = self.cmp(">", x, Val("f64", None, 0.0), node)
            neg = self.cmp("<", x, Val("f64", None, 0.0), node)
            s = self.select(
                pos,
                Val("f64", None, 1.0),
                self.select(neg, Val("f64", None, -1.0), Val("f64", None, 0.0), node),
                node,
            )
            return s
        if name == "sigmoid":
            e = self.scalar_unary("exp", self.binop("-", Val("f64", None, 0.0), x, node), node)
            return self.binop(
                "/", Val("f64", None, 1.0), self.binop("+", Val("f64", None, 1.0), e, node), node
            )
        if name == "round":
            return self.round_half_up(x, node)
        cls, fn = self._SCALAR_UNARY[name]
        if x.const is not None and fn is not None:
            try:
                r = float(fn(x.const))
                if r == 0 and name in ("floor", "ceil"):  # math.ceil(-0.5) is the int 0
                    r = math.copysign(0.0, x.const)  # IEEE's (and Java's) is -0.0
                return Val("f64", None, r)
            except (ValueError, OverflowError):
                pass
        x = self.materialize(x, node)
        return Val("f64", self.emit(cls(x.ssa), node).results[0])

    def round_half_up(self, x: Val, node: S.Node) -> Val:
        """DML's round of a double, as Java's Math.round: halves up, NaN to 0, saturated
        at +-2^63 (math.round rounds halves away from zero)."""
        if x.const is not None:
            return Val("f64", None, java_round(x.const))
        x = self.materialize(x, node)
        f = Val("f64", self.emit(xmath.FloorOp(x.ssa), node).results[0])
        frac = self.binop("-", x, f, node)
        up = self.cmp(">=", frac, Val("f64", None, 0.5), node)
        r = self.binop(
            "+", f, self.select(up, Val("f64", None, 1.0), Val("f64", None, 0.0), node), node
        )
        r = self.minmax("max", r, Val("f64", None, -(2.0**63)), node)
        r = self.minmax("min", r, Val("f64", None, 2.0**63), node)
        nan = Val("i1", self.emit(arith.CmpfOp(x.ssa, x.ssa, "uno"), node).results[0])
        return self.select(nan, Val("f64", None, 0.0), r, node)

    # -- calls --------------------------------------------------------------------

    def call(self, c: S.Call, statement: bool = False) -> Val:
        from amls.frontends.dml.builtins import BUILTINS

        name = c.name
        info = self.resolve_function(name)
        if info is None and name not in BUILTINS:
            info = self.library_function(c)
        if info is not None:
            outs = len(info.node.outs)
            if not statement and outs > 1 and info.site is None:
                raise self.err(
                    c, f"{name} returns {outs} values: assign them all ([a, b] = {name}(...))"
                )  # (a library builtin gives its first one, as SystemDS's do)
            results = self.call_user(c, want=1 if not statement else 0, info=info)
            return results[0] if results else Val("str", None, "")
        if name == "ceiling":  # SystemDS's other name for ceil
            name = "ceil"
            c = S.Call("ceil", c.args, line=c.line, col=c.col)
        if name in BUILTINS:
            return BUILTINS[name](self, c)  # type: ignore[no-any-return]
        if name in NOT_YET:
            raise self.err(c, f"builtin {name} not supported yet")
        if name in ("as.frame", "list", "tensor", "as.list", "frame"):
            raise self.err(c, f"{name}: frames, lists and tensors are not supported")
        raise self.err(c, f"unknown function '{name}'")

    def resolve_function(self, name: str) -> FuncInfo | None:
        """The script's function `name` (a library function sees none of them)."""
        if self._site is not None:
            return None
        if name in self.functions:
            return self.functions[name]
        prefix = self._ns_prefix
        if prefix and prefix + name in self.functions:
            return self.functions[prefix + name]
        return None

    def library_function(self, c: S.Call) -> FuncInfo | None:
        """The library's function c.name (lm, scale, ...) for this call, or None. One
        copy per call in the user's code: its ops are located at their library line and
        at that call (a library function's own calls serve the same user call)."""
        path = library_index().get(c.name)
        if path is None or (c.name.startswith(LIBRARY_OWN) and self._site is None):
            return None  # (amls_* functions are the library's helpers, not builtins)
        self.consulted.add(str(path))
        if self._site is not None:
            site = self._site
        else:
            site = NameLoc(StringAttr(c.name), self._file_loc(c))
        key = (c.name, str(site))
        info = self.library.get(key)
        if info is None:
            node = library_functions(path)[c.name]
            info = FuncInfo(node, str(path), self.fresh_symbol(c.name), site=site)
            self.library[key] = info
        return info

    def callee(self, c: S.Call) -> FuncInfo:
        """The function a call (that is no primitive builtin) calls."""
        info = self.resolve_function(c.name) or self.library_function(c)
        if info is None:
            if c.name in NOT_YET:
                raise self.err(c, f"builtin {c.name} not supported yet")
            raise self.err(c, f"unknown function '{c.name}'")
        return info

    def in_library(self, info: FuncInfo, c: S.Call, make: Any) -> Any:
        """make() for library function `info` (its defaults, its body) called at c: an
        error there is reported at the user's call, naming the library's line."""
        saved = self._site, self.cur_file
        self._site, self.cur_file = info.site, info.file
        try:
            return make()
        except DMLError as e:
            if saved[0] is not None or e.file != info.file:
                raise
            where = f"{e.file}:{e.line}:{e.col}"
            raise DMLError(
                saved[1], c.line, c.col, f"{c.name}: {e.message} (in the library, {where})"
            ) from e
        finally:
            self._site, self.cur_file = saved

    def bind_args(
        self,
        c: S.Call,
        params: list[str],
        defaults: dict[str, Any] | None = None,
        what: str | None = None,
    ) -> dict[str, Any]:
        """Match positional and named arguments to parameter names (AST nodes back)."""
        what = what or c.name
        out: dict[str, Any] = {}
        named = False
        for i, a in enumerate(c.args):
            if a.name is None:
                if named:
                    raise self.err(a, f"{what}: positional argument after a named one")
                if i >= len(params):
                    raise self.err(
                        a, f"{what}: too many arguments ({len(c.args)}; takes {len(params)})"
                    )
                out[params[i]] = a.value
            else:
                named = True
                if a.name not in params:
                    raise self.err(
                        a,
                        f"{what}: no parameter named '{a.name}' (parameters: {', '.join(params)})",
                    )
                if a.name in out:
                    raise self.err(a, f"{what}: parameter '{a.name}' given twice")
                out[a.name] = a.value
        return out

    def call_user(self, c: S.Call, want: int, info: FuncInfo | None = None) -> list[Val]:
        info = info or self.callee(c)
        fn = info.node
        bound = self.bind_args(c, [p.name for p in fn.params])
        if want > len(fn.outs):
            raise self.err(c, f"{c.name} returns {len(fn.outs)} values, {want} are assigned")
        if info.site is not None:
            self.in_library(info, c, lambda: check_signature(info))
        else:
            check_signature(info)
        values: dict[str, Val] = {}
        for p in fn.params:
            if p.name in bound:
                v = self.expr(bound[p.name])
            elif p.default is not None:
                if info.site is not None:
                    v = self.in_library(info, c, lambda p=p: self.expr(p.default))
                else:
                    saved = (self.cur_file,)
                    self.cur_file = info.file
                    try:
                        v = self.expr(p.default)
                    finally:
                        (self.cur_file,) = saved
            else:
                raise self.err(c, f"{c.name}: missing argument '{p.name}'")
            values[p.name] = v
            if p.type == "string":
                if v.kind != "str":
                    raise self.err(
                        c,
                        f"{c.name}: argument '{p.name}' must be a string known when the "
                        "script is translated (amls keeps strings as compile-time values)",
                    )
                continue
            k = _DECL_KIND.get(p.type, "matrix")
            if v.kind in _TEXT_KINDS and not picked_at_run_time(v):
                needed = {"int": "an integer", "double": "a double", "boolean": "a boolean"}
                raise self.err(
                    c,
                    f"{c.name}: argument '{p.name}' must be {needed.get(p.type, 'a matrix')}, "
                    "got a string",
                )
            if (k == "matrix") != (v.kind == "matrix"):
                have = "a matrix" if v.kind == "matrix" else "a scalar"
                raise self.err(
                    c,
                    f"{c.name}: argument '{p.name}' must be "
                    f"{'a matrix' if k == 'matrix' else 'a scalar'}, got {have}",
                )
        texts = tuple((p.name, values[p.name].const) for p in fn.params if p.type == "string")
        if texts:  # one function per set of string arguments: they are constants in it
            info = self.with_strings(info, texts)
        if info.site is not None:
            fop = self.in_library(info, c, lambda: self.function_op(info))
        else:
            fop = self.function_op(info)
        operands: list[SSAValue] = []
        for p in fn.params:
            if p.type != "string":
                v = self.coerce(values[p.name], _DECL_KIND.get(p.type, "matrix"), c)
                operands.append(self.materialize(v, c).ssa)  # type: ignore[arg-type]
        types = [self.type_of(_DECL_KIND[o.type]) for o in fn.outs]
        op = self.emit(func.CallOp(fop.sym_name.data, operands, types), c)
        return [Val(_DECL_KIND[o.type], r) for o, r in zip(fn.outs, op.results, strict=True)]

    def with_strings(self, info: FuncInfo, texts: tuple[tuple[str, str], ...]) -> FuncInfo:
        """The function `info` for these values of its string parameters."""
        key = (info.symbol, texts)
        out = self._with_strings.get(key)
        if out is None:  # (the first takes the function's own symbol, which nothing uses)
            first = all(k[0] != info.symbol for k in self._with_strings)
            symbol = info.symbol if first else self.fresh_symbol(info.symbol)
            out = replace(info, symbol=symbol, op=None)
            out.strings = dict(texts)
            self._with_strings[key] = out
        return out

    def fresh_symbol(self, base: str) -> str:
        taken = {i.symbol for i in [*self.functions.values(), *self.library.values()]}
        taken |= {i.symbol for i in self._with_strings.values()}
        symbol, n = base, 1
        while symbol in taken:
            n += 1
            symbol = f"{base}_{n}"
        return symbol

    def function_op(self, info: FuncInfo) -> func.FuncOp:
        if info.op is not None:
            return info.op
        fn = info.node
        check_signature(info)
        params = [p for p in fn.params if p.type != "string"]
        ins = [self.type_of(_DECL_KIND[p.type]) for p in params]
        outs = [self.type_of(_DECL_KIND[o.type]) for o in fn.outs]
        fop = func.FuncOp(info.symbol, (ins, outs))
        at = FileLineColLoc(StringAttr(info.file), IntAttr(fn.line), IntAttr(fn.col))
        fop.location = at if info.site is None else CallSiteLoc(at, info.site)
        info.op = fop
        self.module.body.blocks.first.add_op(fop)  # type: ignore[union-attr]
        saved = self._SCOPE, [getattr(self, a) for a in self._SCOPE]
        try:
            block = fop.body.blocks.first
            assert block is not None
            self.block, self.cur_file, self.live_after = block, info.file, set()
            self._ns_prefix = (info.namespaces or {}).get("", "")
            self._site = info.site
            self.env = {n: Val("str", None, v) for n, v in (info.strings or {}).items()}
            for p, a in zip(params, block.args, strict=True):
                a.name_hint = p.name if p.name.isidentifier() else None
                self.env[p.name] = Val(_DECL_KIND[p.type], a)
            self.stmts(fn.body, {o.name for o in fn.outs})
            rets = []
            for o in fn.outs:
                if o.name not in self.env:
                    raise DMLError(
                        info.file,
                        o.line,
                        o.col,
                        f"function {fn.name} does not assign its output '{o.name}'",
                    )
                held = self.env[o.name]
                if held.guard is not None:  # assigned on some paths only: as SystemDS, an
                    # error where the call took another path, never a made-up value
                    held = self._check_assigned(
                        o.name,
                        held,
                        o,
                        (
                            f"function {fn.name} does not assign its output '{o.name}'",
                            f"function {fn.name}: output '{o.name}' was not assigned on the "
                            "path this call took",
                        ),
                    )
                if _DECL_KIND[o.type] == "i64" and held.kind == "f64":
                    raise DMLError(
                        info.file,
                        o.line,
                        o.col,
                        f"function {fn.name}: output '{o.name}' holds a double, its signature "
                        "declares an integer (SystemDS does not cast a double to one)",
                    )
                rets.append(self.materialize(self.coerce(held, _DECL_KIND[o.type], o), o).ssa)
            self.emit(func.ReturnOp(*rets), fn)
        finally:
            for a, v in zip(*saved, strict=True):
                setattr(self, a, v)
        return fop

    _SCOPE = ("block", "env", "cur_file", "live_after", "_ns_prefix", "_site")
    """What translating a function's body changes (restored after it)."""


def check_signature(info: FuncInfo) -> None:
    """A located error for a parameter or result of a type amls does not take."""
    fn = info.node
    for p, what in [*((p, "parameters") for p in fn.params), *((o, "results") for o in fn.outs)]:
        if p.type in UNSUPPORTED_TYPES:
            raise DMLError(
                info.file, p.line, p.col, f"{UNSUPPORTED_TYPES[p.type]} are not supported"
            )
        if p.type not in _DECL_KIND and (p.type, what) != ("string", "parameters"):
            raise DMLError(info.file, p.line, p.col, f"{p.type} {what} are not supported yet")


def left_indexed(stmts: Sequence[Any]) -> set[str]:
    """The variables `X[...] = ...` assigns anywhere in `stmts` (a parfor's results)."""
    out: set[str] = set()
    for s in stmts:
        if isinstance(s, S.Assign) and isinstance(s.target, S.Index):
            out.add(s.target.name)
        elif isinstance(s, S.MultiAssign):
            out |= {t.name for t in s.targets if isinstance(t, S.Index)}
        elif isinstance(s, S.If):
            out |= left_indexed(s.then) | left_indexed(s.orelse)
        elif isinstance(s, S.For | S.While):
            out |= left_indexed(s.body)
    return out


def _shown_index(bounds: Sequence[tuple[Any, Any] | None]) -> str:
    """DML's index text for error messages: `1:3, 2` (an unknown bound as ?, a whole axis
    empty)."""
    return ", ".join(
        ""
        if b is None
        else f"{b[0] if b[0] is not None else '?'}"
        + ("" if b[0] == b[1] else f":{b[1] if b[1] is not None else '?'}")
        for b in bounds
    )


def _mark_dml_index(op: Operation, rows: Any, cols: Any) -> None:
    """`dml_index`: the axes indexed explicitly ("r", "c", "rc"), so a run-time bound error
    is reported 1-based as DML wrote it and an empty range (hi < lo) is one too."""
    axes = ("r" if rows is not None else "") + ("c" if cols is not None else "")
    op.attributes["dml_index"] = StringAttr(axes)


def java_round(x: float) -> float:
    """Java's Math.round as a double: the nearest integer, halves up; NaN is 0 and the
    result saturates at the long range."""
    if math.isnan(x):
        return 0.0
    if math.isinf(x):
        return math.copysign(2.0**63, x)
    f = math.floor(x)
    r = float(f + 1 if x - f >= 0.5 else f)
    return max(-(2.0**63), min(2.0**63, r)) + 0.0


def _verify_message(e: VerifyException) -> str:
    """A verifier's message on one line (an op's or a type's)."""
    text = str(e).removeprefix("Operation does not verify: ")
    return " ".join(text.split()) or "invalid operation"


def _fold(op: str, a: Val, b: Val) -> Val | None:
    x, y = a.const, b.const
    # SystemDS: TRUE + TRUE is the double 2.0 (an int with a boolean is its error)
    ints = a.kind in ("i64", "i1") and b.kind in ("i64", "i1") and not a.kind == b.kind == "i1"
    xf, yf = float(x), float(y)
    try:
        if op in ("==", "!=", "<", "<=", ">", ">="):
            r = {
                "==": xf == yf,
                "!=": xf != yf,
                "<": xf < yf,
                "<=": xf <= yf,
                ">": xf > yf,
                ">=": xf >= yf,
            }[op]
            return Val("i1", None, r)
        if op == "&":
            return Val("i1", None, bool(x) and bool(y))
        if op == "|":
            return Val("i1", None, bool(x) or bool(y))
        if op in ("+", "-", "*"):
            r = {"+": xf + yf, "-": xf - yf, "*": xf * yf}[op]
            if ints:
                return Val(
                    "i64",
                    None,
                    {"+": int(x) + int(y), "-": int(x) - int(y), "*": int(x) * int(y)}[op],
                )
            return Val("f64", None, r)
        if op == "/":
            return Val("f64", None, xf / yf)
        if op == "^":  # math.pow: a ValueError (-8 ^ 0.5) leaves NaN to the kernel
            if math.isnan(yf) or (abs(xf) == 1 and math.isinf(yf)):
                return Val("f64", None, math.nan)  # Java's Math.pow (C's pow: 1)
            return Val("f64", None, math.pow(xf, yf))
        if op in ("%/%", "%%") and ints:  # exact, as arith.divsi / remsi compute them
            q = abs(int(x)) // abs(int(y)) * (1 if (int(x) >= 0) == (int(y) >= 0) else -1)
            return Val("i64", None, q if op == "%/%" else int(x) - q * int(y))
        if op in ("%/%", "%%"):  # in doubles, as the kernels: a - trunc(a / b) * b
            tq = float(math.trunc(xf / yf))
            return Val("f64", None, tq if op == "%/%" else xf - tq * yf)
    except (ZeroDivisionError, OverflowError, ValueError):
        return None
    return None


def read_mtd(path: str) -> dict[str, Any] | None:
    p = Path(path + ".mtd")
    if not p.is_file():
        return None
    try:
        return json.loads(p.read_text())  # type: ignore[no-any-return]
    except (OSError, ValueError):
        return None


def import_dml(
    text: str,
    file: str,
    args: Sequence[str] = (),
    nvargs: dict[str, str] | None = None,
    consulted: list[str] | None = None,
) -> ModuleOp:
    """Translate a DML script into a matrix-dialect module (raises DMLError).
    `consulted` gets the files the translation read or looked for."""
    stmts = S.parse(text, file)
    tr = Translator(file, args, nvargs)
    module = tr.translate(stmts)
    if consulted is not None:
        consulted.extend(sorted(tr.consulted))
    # Sizes from .mtd files and literals can prove an op in a branch, a loop or a function
    # failing: it fails if it runs, as in SystemDS (an op that surely runs stays an error).
    defer_failures(module, CallGraph.build(module).called())
    return module


__all__ = ["DMLError", "Translator", "import_dml", "os"]

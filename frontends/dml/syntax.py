"""DML source text -> AST (dataclasses carrying line and column).

Lark's LALR parser: a maintained, pure-Python library whose grammars read like Dml.g4,
linear-time parsing with positions on every node and clear errors at the offending token.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import lark
from lark import Lark, Token, Transformer, v_args

from amls.frontends.dml.grammar import GRAMMAR


class DMLError(Exception):
    """A user error in a DML script: printed as one `file:line:col: error: ...` line."""

    def __init__(self, file: str, line: int, col: int, message: str):
        super().__init__(f"{file}:{line}:{col}: error: {message}")
        self.file, self.line, self.col, self.message = file, line, col, message


@dataclass
class Node:
    line: int = field(default=0, kw_only=True)
    col: int = field(default=0, kw_only=True)


# -- expressions ---------------------------------------------------------------


@dataclass
class Num(Node):
    value: int | float


@dataclass
class Str(Node):
    value: str


@dataclass
class Bool(Node):
    value: bool


@dataclass
class Name(Node):
    id: str


@dataclass
class CmdArg(Node):
    name: str  # without the $


@dataclass
class Range(Node):
    lo: Any
    hi: Any | None  # None: a single index


@dataclass
class Index(Node):
    name: str
    rows: Range | None
    cols: Range | None


@dataclass
class Arg(Node):
    name: str | None
    value: Any


@dataclass
class Call(Node):
    name: str
    args: list[Arg]


@dataclass
class BinOp(Node):
    op: str
    lhs: Any
    rhs: Any


@dataclass
class Unary(Node):
    op: str  # "-", "+", "!"
    operand: Any


@dataclass
class MultiId(Node):
    items: list[Any]


# -- statements ----------------------------------------------------------------


@dataclass
class Assign(Node):
    target: Name | Index
    value: Any
    accumulate: bool = False


@dataclass
class MultiAssign(Node):
    targets: list[Name | Index]
    call: Call


@dataclass
class ExprStmt(Node):
    call: Call


@dataclass
class If(Node):
    cond: Any
    then: list[Any]
    orelse: list[Any]


@dataclass
class For(Node):
    var: str
    lo: Any
    hi: Any | None  # None: `iter` is a seq(...) call in lo
    body: list[Any]
    parallel: bool
    params: list[Arg]


@dataclass
class While(Node):
    cond: Any
    body: list[Any]


@dataclass
class Param(Node):
    type: str  # matrix, frame, list, tensor, double, int, boolean, string, unknown
    name: str
    default: Any | None = None


@dataclass
class FuncDef(Node):
    name: str
    params: list[Param]
    outs: list[Param]
    body: list[Any]


@dataclass
class Source(Node):
    path: str
    ns: str


_VALUE_TYPES = {
    "int": "int", "integer": "int", "double": "double", "boolean": "boolean",
    "string": "string", "unknown": "unknown",
}  # fmt: skip


def _at(node: Node, meta: Any) -> Node:
    if not getattr(meta, "empty", True):
        node.line, node.col = meta.line, meta.column
    return node


def _tok(node: Node, tok: Token) -> Node:
    node.line, node.col = tok.line or 0, tok.column or 0
    return node


_ESCAPES = (("\\b", "\b"), ("\\t", "\t"), ("\\n", "\n"), ("\\f", "\f"), ("\\r", "\r"),
            ("\\'", "'"), ('\\"', '"'))  # fmt: skip


def _unquote(tok: str) -> str:
    """A string literal's text as SystemDS makes it: these seven escapes replaced, one
    after the other; any other backslash stays (print("a\\\\b") prints a\\\\b there)."""
    body = tok[1:-1]
    for esc, ch in _ESCAPES:
        body = body.replace(esc, ch)
    return body


@v_args(meta=True)
class _ToAst(Transformer):  # type: ignore[type-arg]
    def __init__(self, file: str):
        super().__init__()
        self.file = file

    def start(self, meta: Any, items: list[Any]) -> list[Any]:
        return [i for i in items if isinstance(i, Node)]

    def block(self, meta: Any, items: list[Any]) -> list[Any]:
        return [i for i in items if isinstance(i, Node)]

    # statements
    def source_stmt(self, meta: Any, c: list[Any]) -> Source:
        return _at(Source(_unquote(c[0]), str(c[1])), meta)  # type: ignore[return-value]

    def func_def(self, meta: Any, c: list[Any]) -> FuncDef:
        target, _fn, params, _ret, outs, *body = c
        if not isinstance(target, Name):
            raise DMLError(self.file, meta.line, meta.column, "a function name cannot be indexed")
        node = FuncDef(
            target.id, params or [], outs or [], [b for b in body if isinstance(b, Node)]
        )
        return _at(node, meta)  # type: ignore[return-value]

    def params(self, meta: Any, c: list[Any]) -> list[Param]:
        return c

    outs = params

    def param(self, meta: Any, c: list[Any]) -> Param:
        return _at(Param(c[0], str(c[1]), c[2]), meta)  # type: ignore[return-value]

    def out(self, meta: Any, c: list[Any]) -> Param:
        return _at(Param(c[0], str(c[1])), meta)  # type: ignore[return-value]

    def ml_type(self, meta: Any, c: list[Any]) -> str:
        outer, inner = str(c[0]), c[1]
        if inner is None:
            vt = _VALUE_TYPES.get(outer.lower())
            if vt is None:
                if outer.lower() in ("matrix", "frame", "list", "tensor", "scalar"):
                    return outer.lower() if outer.lower() != "scalar" else "double"
                raise DMLError(self.file, meta.line, meta.column, f"unknown type '{outer}'")
            return vt
        if _VALUE_TYPES.get(str(inner).lower()) is None:
            raise DMLError(self.file, meta.line, meta.column, f"unknown value type '{inner}'")
        return outer.lower()

    def assign(self, meta: Any, c: list[Any]) -> Assign:
        return _at(Assign(c[0], c[1]), meta)  # type: ignore[return-value]

    def acc_assign(self, meta: Any, c: list[Any]) -> Assign:
        return _at(Assign(c[0], c[1], accumulate=True), meta)  # type: ignore[return-value]

    def multi_assign(self, meta: Any, c: list[Any]) -> MultiAssign:
        return _at(MultiAssign(c[:-1], c[-1]), meta)  # type: ignore[return-value]

    def call_stmt(self, meta: Any, c: list[Any]) -> ExprStmt:
        return _at(ExprStmt(c[0]), meta)  # type: ignore[return-value]

    def if_stmt(self, meta: Any, c: list[Any]) -> If:
        return _at(If(c[0], c[1], c[3] or []), meta)  # type: ignore[return-value]

    def _for(self, meta: Any, c: list[Any], parallel: bool) -> For:
        var, (lo, hi), *rest = c
        body = rest[-1]
        ps = rest[:-1]
        params = [Arg(str(ps[i]), ps[i + 1]) for i in range(0, len(ps), 2)]
        return _at(For(str(var), lo, hi, body, parallel, params), meta)  # type: ignore[return-value]

    def for_stmt(self, meta: Any, c: list[Any]) -> For:
        return self._for(meta, c, False)

    def parfor_stmt(self, meta: Any, c: list[Any]) -> For:
        return self._for(meta, c, True)

    def while_stmt(self, meta: Any, c: list[Any]) -> While:
        return _at(While(c[0], c[1]), meta)  # type: ignore[return-value]

    def iter_range(self, meta: Any, c: list[Any]) -> tuple[Any, Any]:
        return (c[0], c[1])

    def iter_call(self, meta: Any, c: list[Any]) -> tuple[Any, Any]:
        e = c[0]
        if not (isinstance(e, Call) and e.name == "seq"):
            raise DMLError(
                self.file, meta.line, meta.column, "a loop iterates over a:b or seq(from, to, by)"
            )
        return (e, None)

    # expressions
    def or_(self, meta: Any, c: list[Any]) -> BinOp:
        return _at(BinOp("|", c[0], c[1]), meta)  # type: ignore[return-value]

    def and_(self, meta: Any, c: list[Any]) -> BinOp:
        return _at(BinOp("&", c[0], c[1]), meta)  # type: ignore[return-value]

    def not_(self, meta: Any, c: list[Any]) -> Unary:
        return _at(Unary("!", c[0]), meta)  # type: ignore[return-value]

    def binop(self, meta: Any, c: list[Any]) -> BinOp:
        return _tok(BinOp(str(c[1]), c[0], c[2]), c[1])  # type: ignore[return-value]

    def neg(self, meta: Any, c: list[Any]) -> Unary:
        return _at(Unary(str(c[0]), c[1]), meta)  # type: ignore[return-value]

    def int_(self, meta: Any, c: list[Any]) -> Num:
        return _tok(Num(int(str(c[0]).rstrip("lL"))), c[0])  # type: ignore[return-value]

    def double(self, meta: Any, c: list[Any]) -> Num:
        return _tok(Num(float(str(c[0]).rstrip("lL"))), c[0])  # type: ignore[return-value]

    def string(self, meta: Any, c: list[Any]) -> Str:
        return _tok(Str(_unquote(str(c[0]))), c[0])  # type: ignore[return-value]

    def true(self, meta: Any, c: list[Any]) -> Bool:
        return _at(Bool(True), meta)  # type: ignore[return-value]

    def false(self, meta: Any, c: list[Any]) -> Bool:
        return _at(Bool(False), meta)  # type: ignore[return-value]

    def name(self, meta: Any, c: list[Any]) -> Name:
        return _tok(Name(str(c[0])), c[0])  # type: ignore[return-value]

    def cmdarg(self, meta: Any, c: list[Any]) -> CmdArg:
        return _tok(CmdArg(str(c[0])[1:]), c[0])  # type: ignore[return-value]

    def multi_id(self, meta: Any, c: list[Any]) -> MultiId:
        return _at(MultiId(c), meta)  # type: ignore[return-value]

    def index(self, meta: Any, c: list[Any]) -> Index:
        name, rows, comma, cols = c
        return _tok(Index(str(name), rows, cols), name)  # type: ignore[return-value]

    def range(self, meta: Any, c: list[Any]) -> Range:
        return _at(Range(c[0], c[1]), meta)  # type: ignore[return-value]

    def call(self, meta: Any, c: list[Any]) -> Call:
        name, *args = c
        return _tok(Call(str(name), [a for a in args if a is not None]), name)  # type: ignore[return-value]

    def arg(self, meta: Any, c: list[Any]) -> Arg:
        return _at(Arg(None if c[0] is None else str(c[0]), c[1]), meta)  # type: ignore[return-value]


def parser_cache_file() -> str | bool:
    """Where Lark keeps the built LALR tables: $XDG_CACHE_HOME/amls (default ~/.cache/amls).
    Building them costs ~0.2 s per process, loading ~10 ms; Lark checks the grammar's
    hash on load and rebuilds a stale or unreadable file. False where no directory can be
    made (then every process builds them)."""
    base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "amls"
    try:
        base.mkdir(parents=True, exist_ok=True)
    except OSError:
        return False
    return str(base / f"dml-lalr-{lark.__version__}.lark")


@cache
def _parser() -> Lark:
    return Lark(
        GRAMMAR,
        parser="lalr",
        propagate_positions=True,
        maybe_placeholders=True,
        cache=parser_cache_file(),
    )


_TOKEN_NAMES = {
    "RPAR": "')'", "LPAR": "'('", "RBRACE": "'}'", "LBRACE": "'{'", "RSQB": "']'",
    "LSQB": "'['", "COMMA": "','", "EQUAL": "'='", "SEMICOLON": "';'", "COLON": "':'",
    "NAME": "a name", "INDEXED": "a name", "INT": "a number", "DOUBLE": "a number",
    "STRING": "a string", "$END": "end of file",
}  # fmt: skip


def parse(text: str, file: str) -> list[Any]:
    """The statements of a DML script; syntax errors raise DMLError at their token."""
    try:
        tree = _parser().parse(text)
    except lark.UnexpectedToken as e:
        tok = e.token
        what = "end of file" if tok.type == "$END" else f"'{tok}'"
        expected = sorted({_TOKEN_NAMES.get(t, t) for t in e.expected if not t.startswith("__")})
        hint = f" (expected {', '.join(expected[:6])})" if expected and len(expected) <= 6 else ""
        raise DMLError(file, e.line, e.column, f"syntax error: unexpected {what}{hint}") from None
    except lark.UnexpectedCharacters as e:
        ch = text[e.pos_in_stream] if e.pos_in_stream < len(text) else "?"
        raise DMLError(
            file, e.line, e.column, f"syntax error: unexpected character '{ch}'"
        ) from None
    except lark.UnexpectedEOF as e:  # pragma: no cover - LALR reports UnexpectedToken($END)
        raise DMLError(file, 1, 1, f"syntax error: unexpected end of file {e}") from None
    try:
        return _ToAst(file).transform(tree)  # type: ignore[no-any-return]
    except lark.exceptions.VisitError as e:
        if isinstance(e.orig_exc, DMLError):
            raise e.orig_exc from None
        raise

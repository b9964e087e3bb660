"""What an op's verifier rejects and which values a property may take, read from the
verifier's source (for the generated op reference, tools/gendocs.py).

The verifiers are plain Python; their `raise VerifyException(...)` messages are the
user-visible contract, and the constants they compare properties against
(`kind not in REDUCE_KINDS`) are the allowed values. Both are read from the AST of the
op's verifier and of the module-level helpers and methods it calls, so a new op or a new
check shows up in the docs without a hand-written list.
"""

from __future__ import annotations

import ast
import inspect
import textwrap
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

VERIFY_METHODS = ("verify_facts", "verify_phys", "verify_")


@dataclass
class VerifierInfo:
    rejects: list[str] = field(default_factory=list)
    """Messages of the exceptions the verifier raises, `{...}` for computed parts."""
    allowed: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """property name -> the values the verifier accepts."""


def _fn_ast(fn: Callable[..., Any]) -> ast.FunctionDef | None:
    try:
        src = textwrap.dedent(inspect.getsource(fn))
    except (OSError, TypeError):
        return None
    node = ast.parse(src).body[0]
    return node if isinstance(node, ast.FunctionDef) else None


def _unwrap(fn: Callable[..., Any]) -> Callable[..., Any]:
    """The op's own verify_ under the wrapper irdl_op_definition puts around it."""
    try:
        inner = inspect.getclosurevars(fn).nonlocals.get("custom_verify")
    except (TypeError, ValueError):
        return fn
    return inner if inspect.isfunction(inner) else fn


def _in_order(tree: ast.AST) -> Iterator[ast.AST]:
    """Every node of tree, depth first in source order (ast.walk is breadth first)."""
    yield tree
    for child in ast.iter_child_nodes(tree):
        yield from _in_order(child)


def _returned_messages(fn: Callable[..., Any]) -> Iterator[str]:
    """The error strings a helper returns (`return f"cannot broadcast ..."`)."""
    tree = _fn_ast(fn)
    if tree is None:
        return
    env = getattr(fn, "__globals__", {})
    for node in _in_order(tree):
        if isinstance(node, ast.Return) and node.value is not None:
            if isinstance(node.value, ast.Constant | ast.JoinedStr):
                msg = _message(node.value, env)
                if msg is not None:
                    yield msg


def _simplify(expr: ast.expr) -> str:
    """Readable text of a computed message part: `self.`, `.data`, `_fmt(...)` dropped;
    `a if c else b` of two constants is `a/b`."""
    if isinstance(expr, ast.IfExp):
        sides = (expr.body, expr.orelse)
        if all(isinstance(x, ast.Constant) for x in sides):
            return "/".join(str(x.value) for x in sides)  # type: ignore[attr-defined]
    if isinstance(expr, ast.Call) and isinstance(expr.func, ast.Attribute):
        if expr.func.attr == "join" and len(expr.args) == 1:
            expr = expr.args[0]  # ", ".join(allowed): the values
    text = ast.unparse(expr)
    while True:
        new = text.replace("self.", "").replace(".value.data", "").replace(".data", "")
        if new.startswith("_fmt(") and new.endswith(")"):
            new = new[5:-1]
        if new == text:
            return text
        text = new


def _message(
    node: ast.expr, env: dict[str, Any], known: dict[str, str] | None = None
) -> str | None:
    """The text of a message expression; `known` maps computed parts (`self.name`,
    `src.name`) to the text they are for this op."""
    known = known or {}
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        parts = []
        for v in node.values:
            if isinstance(v, ast.Constant):
                parts.append(str(v.value))
            elif isinstance(v, ast.FormattedValue):
                text = known.get(ast.unparse(v.value)) or _joined_constant(v.value, env)
                parts.append(text or "{" + _simplify(v.value) + "}")
        return "".join(parts)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = _message(node.left, env, known), _message(node.right, env, known)
        if left is not None and right is not None:
            return left + right
    if isinstance(node, ast.Call):  # "a, ".join(...) and the like
        return "{" + _simplify(node) + "}"
    return None


def _joined_constant(node: ast.expr, env: dict[str, Any]) -> str | None:
    """`", ".join(NAME)` of a module-level tuple of strings, as its text."""
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "join"
        and isinstance(node.func.value, ast.Constant)
        and len(node.args) == 1
        and isinstance(node.args[0], ast.Name)
    ):
        values = _string_tuple(env.get(node.args[0].id))
        if values is not None:
            return str(node.func.value.value).join(values)
    return None


def _string_tuple(value: Any) -> tuple[str, ...] | None:
    """The strings of a module-level constant: a tuple, list or set, or a dict's keys
    (`OUTER_OPS`: name -> op class)."""
    if isinstance(value, dict):
        value = tuple(value)
    if isinstance(value, tuple | list | frozenset | set) and value:
        if all(isinstance(v, str) for v in value):
            return tuple(value)
    return None


class _Reader:
    def __init__(self, cls: type) -> None:
        self.cls = cls
        self.info = VerifierInfo()
        self.seen: set[Callable[..., Any]] = set()
        name = getattr(cls, "name", None)
        self.known = {"self.name": name} if isinstance(name, str) else {}

    def read(
        self, fn: Callable[..., Any], props: dict[str, str], known: dict[str, str] | None = None
    ) -> None:
        """Walk fn in source order; `props` maps its local names (or parameters) to
        property names. A helper it calls is read where it is called."""
        fn = _unwrap(fn)
        if fn in self.seen:
            return
        self.seen.add(fn)
        tree = _fn_ast(fn)
        if tree is None:
            return
        env = getattr(fn, "__globals__", {})
        props = dict(props)
        returns: dict[str, Callable[..., Any]] = {}  # local name -> the helper it came from
        for node in _in_order(tree):
            if isinstance(node, ast.Assign):
                self._bind(node, props)
                if isinstance(node.value, ast.Call) and len(node.targets) == 1:
                    helper = self._target(node.value, env)
                    if helper is not None and isinstance(node.targets[0], ast.Name):
                        returns[node.targets[0].id] = helper
            elif isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call):
                if ast.unparse(node.exc.func).endswith("VerifyException") and node.exc.args:
                    arg = node.exc.args[0]
                    if isinstance(arg, ast.Name) and arg.id in returns:
                        for msg in _returned_messages(returns[arg.id]):
                            self._reject(msg)
                    else:
                        self._reject(_message(arg, env, {**self.known, **(known or {})}))
            elif isinstance(node, ast.Compare):
                self._allowed(node, props, env)
            elif isinstance(node, ast.Call):
                self._call(node, props, env)

    def _reject(self, msg: str | None) -> None:
        if msg is not None and msg not in self.info.rejects:
            self.info.rejects.append(msg)

    def _target(self, node: ast.Call, env: dict[str, Any]) -> Callable[..., Any] | None:
        target: Any = None
        if isinstance(node.func, ast.Name):
            target = env.get(node.func.id)
        elif isinstance(node.func, ast.Attribute) and ast.unparse(node.func.value) == "self":
            target = getattr(self.cls, node.func.attr, None)
        if inspect.isfunction(target) and (
            target.__globals__ is env or target.__module__.startswith("amls.")
        ):
            return target
        return None

    def _prop_of(self, node: ast.expr, props: dict[str, str]) -> str | None:
        """The property a value reads: `self.P.data`, `self.P.value.data`, a bound name."""
        if isinstance(node, ast.Name):
            return props.get(node.id)
        text = ast.unparse(node)
        for suffix in (".value.data", ".data"):
            if text.startswith("self.") and text.endswith(suffix):
                name = text[5 : -len(suffix)]
                if name.isidentifier():
                    return name
        return None

    def _bind(self, node: ast.Assign, props: dict[str, str]) -> None:
        for target in node.targets:
            pairs: list[tuple[ast.expr, ast.expr]] = [(target, node.value)]
            if isinstance(target, ast.Tuple) and isinstance(node.value, ast.Tuple):
                pairs = list(zip(target.elts, node.value.elts, strict=False))
            for t, v in pairs:
                p = self._prop_of(v, props)
                if isinstance(t, ast.Name) and p is not None:
                    props[t.id] = p

    def _allowed(self, node: ast.Compare, props: dict[str, str], env: dict[str, Any]) -> None:
        if len(node.ops) != 1 or not isinstance(node.ops[0], ast.In | ast.NotIn):
            return
        prop = self._prop_of(node.left, props)
        if prop is None:
            return
        values = None
        right = node.comparators[0]
        if isinstance(right, ast.Name):
            values = _string_tuple(env.get(right.id))
        elif isinstance(right, ast.Tuple | ast.List | ast.Set):
            try:
                values = _string_tuple(ast.literal_eval(right))
            except ValueError:
                values = None
        if values is not None and prop not in self.info.allowed:
            self.info.allowed[prop] = values

    def _call(self, node: ast.Call, props: dict[str, str], env: dict[str, Any]) -> None:
        target = self._target(node, env)
        if target is None:
            return
        params = list(inspect.signature(target).parameters)
        if isinstance(node.func, ast.Attribute):
            params = params[1:]  # self
        mapped = {}
        for name, arg in zip(params, node.args, strict=False):
            p = self._prop_of(arg, props)
            if p is not None:
                mapped[name] = p
        consts = {}  # a class passed in (`_check_types(MatrixType, ...)`): its name
        for name, arg in zip(params, node.args, strict=False):
            value = env.get(arg.id) if isinstance(arg, ast.Name) else None
            if isinstance(value, type) and isinstance(getattr(value, "name", None), str):
                consts[f"{name}.name"] = value.name
        self.read(target, mapped, consts)


def verifier_info(cls: type, skip: tuple[type, ...] = ()) -> VerifierInfo:
    """What the verifier of op class `cls` rejects. Methods defined on a class in `skip`
    (shared bases, documented once for the dialect) are left out."""
    reader = _Reader(cls)
    skipped = {_unwrap(k.__dict__[m]) for k in skip for m in VERIFY_METHODS if m in k.__dict__}
    for name in VERIFY_METHODS:
        if not hasattr(cls, name):
            continue
        fn = _unwrap(getattr(cls, name))
        if fn not in skipped and not getattr(fn, "__module__", "xdsl").startswith("xdsl"):
            reader.read(fn, {})
    return reader.info


def rejects_of(fn: Callable[..., Any], cls: type) -> Iterator[str]:
    """The messages one function (and its helpers) raises."""
    reader = _Reader(cls)
    reader.read(fn, {})
    yield from reader.info.rejects

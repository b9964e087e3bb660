"""Located diagnostics: where an op is in the source (`file:line:col`), the one-line
error naming it, verification that reports the failing op there, and the errors that
are the user's input rather than a bug (tools print them as one message)."""

from __future__ import annotations

import gc
import re
from collections.abc import Iterator
from contextlib import contextmanager

from xdsl.dialects.builtin import ModuleOp, StringAttr
from xdsl.ir import Block, Operation, Region, SSAValue
from xdsl.utils.exceptions import DiagnosticException, VerifyException

from amls.dialects.locations import call_site, file_line_col, format_location, source_name


class UserError(Exception):
    """An error caused by the user's input: printed as one message, exit status `code`."""

    def __init__(self, message: str, code: int = 1):
        super().__init__(message)
        self.code = code


def location_of(op: Operation) -> str | None:
    """`file:line:col` of op, or of its nearest located ancestor; for an op of a library
    function (a call-site location), the user's call it serves (`library_note` names the
    library's line)."""
    cur: Operation | None = op
    while cur is not None:
        site = call_site(cur.location)
        if site is not None:
            return format_location(site[1])
        loc = file_line_col(cur.location)
        if loc is not None:
            return format_location(loc)
        cur = cur.parent_op()
    return None


def library_note(op: Operation) -> str:
    """` (in lm, lib/lm.dml:9:5)` for an op of a library function (or inside one), else ''."""
    cur: Operation | None = op
    while cur is not None:
        site = call_site(cur.location)
        if site is not None:
            inner = file_line_col(cur.location)
            where = format_location(inner) if inner is not None else "?"
            return f" (in {site[0]}, {where})" if site[0] else f" (at {where})"
        if file_line_col(cur.location) is not None:
            return ""
        cur = cur.parent_op()
    return ""


def op_error(op: Operation, message: str, name: str | None = None) -> str:
    """`file:line:col: error: NAME: message`. NAME is the construct a frontend named at
    the op's location (DML's `as.scalar`), else `name` or the op's own; the message then
    drops a lead naming the IR op ("to_scalar expects ..." -> "expects ...")."""
    where = location_of(op)
    name = name or op.name
    spelled = source_name(op)
    if spelled is not None:
        message = _without_lead(message, (name, name.rpartition(".")[2]))
        name = spelled
    message += library_note(op)
    return f"{where}: error: {name}: {message}" if where else f"error: {name}: {message}"


def _without_lead(message: str, names: tuple[str, ...]) -> str:
    for n in names:
        for sep in (": ", " "):
            if message.startswith(n + sep):
                return message[len(n) + len(sep) :]
    return message


def source_op_name(op: Operation) -> str:
    """The op the user wrote: a phys twin reports as its matrix op (phys.slice -> matrix.slice),
    a matrix.fail (or its twin) as the op it stands for."""
    from amls.dialects.matrix import FailOp

    base = getattr(op, "MATRIX_OP", None)
    if (base or type(op)) is FailOp:
        return op.properties["op"].data  # type: ignore[attr-defined]
    return base.name if base is not None else op.name


class LocatedVerifyError(UserError):
    def __init__(self, op: Operation, message: str):
        super().__init__(op_error(op, message))
        self.op = op


def verify_located(module: Operation) -> None:
    """Verify like `module.verify()`, but report the first failing op with its location.

    Children are verified before their parent, as xDSL does.
    """

    visible: set[SSAValue] = set()  # defined before the current op, here or above

    def visit_region(region: Region) -> None:
        for block in region.blocks:
            visit_block(block)

    def visit_block(block: Block) -> None:
        added: list[SSAValue] = list(block.args)
        visible.update(block.args)
        for op in block.ops:
            visit_op(op)
            visible.update(op.results)
            added.extend(op.results)
        visible.difference_update(added)

    def visit_op(op: Operation) -> None:
        # xDSL does not check dominance: a use before its definition would parse,
        # verify, and fail only when run.
        for i, v in enumerate(op.operands):
            if v not in visible and not isinstance(op.parent_op(), ModuleOp | None):
                what = f"%{v.name_hint}" if v.name_hint else f"operand #{i}"
                raise LocatedVerifyError(op, f"{what} is used before it is defined")
        for region in op.regions:
            visit_region(region)
        if isinstance(op, ModuleOp):
            _check_unique_symbols(op)
        try:
            op.verify(verify_nested_ops=False)
        except (VerifyException, DiagnosticException) as e:
            msg = arg_error_in_words(op, str(e).removeprefix("Operation does not verify: "))
            raise LocatedVerifyError(op, msg) from e
        except ValueError as e:  # erased values, broken parents: still the input's fault
            raise LocatedVerifyError(op, str(e)) from e

    visit_op(module)


def _check_unique_symbols(module: ModuleOp) -> None:
    """A second definition of a symbol is an error at that definition (xDSL reports it on
    the module, which has no location)."""
    first: dict[str, Operation] = {}
    for op in module.ops:
        name = op.properties.get("sym_name") or op.attributes.get("sym_name")
        if not isinstance(name, StringAttr):
            continue
        if name.data in first:
            where = location_of(first[name.data])
            also = f" (first defined at {where})" if where else ""
            raise LocatedVerifyError(op, f"redefinition of @{name.data}{also}")
        first[name.data] = op


_ARG_ERROR = re.compile(r"^(operand|result) '(\w+)' at position (\d+) does not verify:\n")


def arg_error_in_words(op: Operation, msg: str) -> str:
    """xDSL's "operand 'rhs' at position 1 does not verify: Unexpected attribute i64" as
    "operand 'rhs' (#1) is i64, but matrix.mul expects a matrix or f64 there"."""
    m = _ARG_ERROR.match(msg)
    if m is None or not hasattr(op, "get_irdl_definition"):
        return msg
    kind, name, pos = m.group(1), m.group(2), int(m.group(3))
    values = op.operands if kind == "operand" else op.results
    op_def = op.get_irdl_definition()
    defs = op_def.operands if kind == "operand" else op_def.results
    want = next((constraint_in_words(d.constr) for n, d in defs if n == name), None)
    if want is None or pos >= len(values):
        return msg
    return f"{kind} '{name}' (#{pos}) is {values[pos].type}, but {op.name} expects {want} there"


def constraint_in_words(c: object) -> str | None:
    """A type constraint as a user reads it ("a matrix or f64"); None if it has no short name."""
    words = _words(c)
    if not words:
        return None
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"


def _words(c: object) -> list[str] | None:
    from xdsl.dialects.builtin import IntegerType, TensorType, VectorType
    from xdsl.irdl import AnyOf, BaseAttr, EqAttrConstraint, ParamAttrConstraint, VarConstraint
    from xdsl.irdl.constraints import RangeConstraint

    if isinstance(c, RangeConstraint | VarConstraint):  # SingleOf, RangeOf, a length, a var
        inner = getattr(c, "constr", None) or getattr(c, "constraint", None)
        return _words(inner) if inner is not None else None
    if isinstance(c, EqAttrConstraint):
        return [str(c.attr)]
    if isinstance(c, BaseAttr | ParamAttrConstraint):
        base = c.attr if isinstance(c, BaseAttr) else c.base_attr
        if base.name == "matrix.mat":
            return ["a matrix"]
        if base is IntegerType:
            return ["an integer"]
        if base in (VectorType, TensorType):
            return [f"a {base.name.removeprefix('builtin.')}"]
        if "float" in base.__name__.lower():
            return ["a float"]
        return [base.name.removeprefix("builtin.")]
    if isinstance(c, AnyOf):
        parts: list[str] = []
        for sub in c.attr_constrs:
            words = _words(sub)
            if words is None:
                return None
            parts.extend(w for w in words if w not in parts)
        return parts
    return None


@contextmanager
def compile_gc(young_threshold: int = 100_000) -> Iterator[None]:
    """Run passes with the cyclic GC out of their way.

    Passes create and drop IR objects by the hundred thousand while the module they work
    on lives on; each full collection walks all of it, so on a 10,000-op program the GC
    took ~1.5 s of 6 (and grew faster than the program). What exists now (imports, the
    parsed module) is frozen out of the collector, and young collections run every
    `young_threshold` allocations instead of 700; both are undone after, so a process
    that compiles many modules (tests, the recompiler) still collects their garbage.
    """
    old = gc.get_threshold()
    gc.freeze()
    gc.set_threshold(max(old[0], young_threshold), old[1], old[2])
    try:
        yield
    finally:
        gc.set_threshold(*old)
        gc.unfreeze()

"""Files the program reads first, loaded as its arguments are (amls-run).

A program that loads its data with `matrix.read` (a DML script's `X = read($X)`, an .mlir
program's `matrix.read`) used to be compiled before the file was opened: dims came from a
.mtd at best, and nothing proved the values finite, so the rules that need finite
operands (sum(X %*% Y) -> colSums(X) %*% rowSums(Y), ...) never fired on a user's data.
Here each read at the head of the entry function, before anything but pure ops and
prints, becomes a parameter of the entry marked READ_ATTR; amls-run loads it beside the
--arg values (the same read kernel, so the same formats, .mtd checks and errors at the
read's line), scans it in that pass, and compiles the entry for what was found, as for
an argument (amls.interpreter.entry). The plan cache keys the plan by that signature and
the entry card keeps the read's options, so a second run reads the file and finds its
plan without translating or parsing the program.

A read is left in place where moving it could change what the program does: after a
write, a loop, a branch or a call (a file the program writes or might not reach), where
the program writes the same path, or where the entry is called from the module. Moving a
read before a print changes only which of two failures shows first, as SystemDS checks
its read inputs when it compiles.
"""

from __future__ import annotations

import re
from typing import Any

from xdsl.dialects import func
from xdsl.dialects.builtin import (
    ArrayAttr,
    DictionaryAttr,
    FileLineColLoc,
    IntAttr,
    NameLoc,
    StringAttr,
)
from xdsl.ir import Attribute, Operation
from xdsl.traits import is_side_effect_free

from amls.dialects import matrix as mx
from amls.dialects.locations import file_line_col, source_name

READ_ATTR = "amls.read"
"""On an entry parameter: the matrix.read it stands for, `{properties = {...}, attributes
= {...}, at = "file:line:col", name = "read"}`; amls-run binds it by reading."""


def read_index(fn: func.FuncOp) -> list[DictionaryAttr | None]:
    """Per parameter of fn, its READ_ATTR (a read to bind by reading), else None."""
    n = len(fn.function_type.inputs.data)
    if fn.arg_attrs is None:
        return [None] * n
    out: list[DictionaryAttr | None] = []
    for d in fn.arg_attrs.data:
        spec = d.data.get(READ_ATTR)
        out.append(spec if isinstance(spec, DictionaryAttr) else None)
    return out


def hoist_reads(module: Operation, fn: func.FuncOp) -> int:
    """Make the leading reads of fn's body parameters marked READ_ATTR; how many."""
    if not fn.body.blocks or _is_called(module, fn.sym_name.data):
        return 0
    written = {op.path.data for op in module.walk() if isinstance(op, mx.WriteOp)}
    block = fn.body.block
    taken = {a.name_hint for a in block.args if a.name_hint}
    moved = 0
    for op in list(block.ops):
        if isinstance(op, mx.ReadOp):
            if op.path.data in written or not isinstance(op.result.type, mx.MatrixType):
                break
            _to_parameter(fn, op, taken)
            moved += 1
        elif not (is_side_effect_free(op) and not op.regions) and not isinstance(op, mx.PrintOp):
            break
    return moved


def _is_called(module: Operation, name: str) -> bool:
    return any(
        isinstance(op, func.CallOp) and op.callee.root_reference.data == name
        for op in module.walk()
    )


def _to_parameter(fn: func.FuncOp, op: mx.ReadOp, taken: set[str]) -> None:
    block = fn.body.block
    arg = block.insert_arg(op.result.type, len(block.args))
    arg.name_hint = _fresh(op.result.name_hint or _stem(op.path.data), taken)
    op.result.replace_all_uses_with(arg)
    loc = file_line_col(op.location)
    spec: dict[str, Attribute] = {
        "properties": DictionaryAttr(dict(op.properties)),
        "attributes": DictionaryAttr(dict(op.attributes)),
    }
    if loc is not None:
        spec["at"] = ArrayAttr([loc.filename, loc.line, loc.column])
    name = source_name(op)
    if name is not None:
        spec["name"] = StringAttr(name)
    op.detach()
    op.erase()
    inputs = [*fn.function_type.inputs.data, arg.type]
    fn.function_type = func.FunctionType.from_lists(inputs, list(fn.function_type.outputs.data))
    dicts = [dict(d.data) for d in fn.arg_attrs.data] if fn.arg_attrs else []
    dicts += [{} for _ in range(len(inputs) - 1 - len(dicts))]
    dicts.append({READ_ATTR: DictionaryAttr(spec)})
    fn.arg_attrs = ArrayAttr([DictionaryAttr(d) for d in dicts])


def _stem(path: str) -> str:
    base = re.sub(r"\.[^./]*$", "", path.rsplit("/", 1)[-1])
    name = re.sub(r"\W", "_", base) or "read"
    return name if not name[0].isdigit() else f"f{name}"


def _fresh(name: str, taken: set[str]) -> str:
    out, k = name, 1
    while out in taken:
        k += 1
        out = f"{name}_{k}"
    taken.add(out)
    return out


def read_op(spec: DictionaryAttr, t: Attribute) -> mx.ReadOp:
    """The matrix.read a READ_ATTR parameter stands for, at the read's location."""
    props, attrs = spec.data["properties"], spec.data["attributes"]
    assert isinstance(props, DictionaryAttr) and isinstance(attrs, DictionaryAttr)
    op = mx.ReadOp.create(
        properties=dict(props.data), attributes=dict(attrs.data), result_types=[t]
    )
    at = spec.data.get("at")
    if isinstance(at, ArrayAttr) and len(at.data) == 3:
        file, line, col = at.data
        assert isinstance(file, StringAttr) and isinstance(line, IntAttr)
        assert isinstance(col, IntAttr)
        loc: Attribute = FileLineColLoc(file, line, col)
        name = spec.data.get("name")
        if isinstance(name, StringAttr):
            loc = NameLoc(name, loc)
        op.location = loc
    return op


def read_value(spec: DictionaryAttr, t: Attribute) -> Any:
    """Read the parameter's file as its matrix.read would (KernelError as the read's)."""
    from amls.interpreter.kernels import load_builtin_kernels

    op = read_op(spec, t)
    return load_builtin_kernels()[mx.ReadOp](op, ())

"""Specialising a function for facts about its arguments, before the pipeline runs.

One mechanism for three users: amls-run compiles the entry function for the facts of the
data it loaded (amls.interpreter.entry), dynamic recompilation re-plans a function for
the sizes it is called with (amls.interpreter.recompile), and `amls-opt --arg-type` plans
for the argument types the user gives. Each argument may get

* a more precise type (the known dims and nnz; never contradicting the declared ones),
* value facts (`matrix.finite`, `matrix.absmax`: amls.dialects.value_facts),
* for a scalar, its value: its uses read a constant (as ipa does for callees).

The argument's uses that need its exact declared type (calls, returns, loop and if
yields) read it through a `matrix.cast` to that type, which size inference removes once
it has carried the facts through; so the IR verifies right after specialising. Calls to
the function inside the module keep calling the unspecialised body (a private copy), as
their arguments need not have these facts.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from xdsl.dialects import arith, func
from xdsl.dialects.builtin import (
    FloatAttr,
    FunctionType,
    IntegerAttr,
    IntegerType,
    ModuleOp,
    StringAttr,
    SymbolRefAttr,
)
from xdsl.ir import Attribute, BlockArgument
from xdsl.rewriter import InsertPoint, Rewriter

from amls.dialects.matrix import CastOp, MatrixOp, MatrixType, defer_failures
from amls.dialects.value_facts import ArgFacts, arg_facts, set_arg_facts
from amls.passes.sizes.callgraph import CallGraph


@dataclass(frozen=True)
class ArgSpec:
    """What one argument is specialised for (None: keep it as it is)."""

    type: Attribute | None = None
    facts: ArgFacts | None = None
    const: int | float | None = None


def refine_type(declared: Attribute, given: Attribute) -> Attribute | str:
    """The declared type with the facts of `given` added, or why they contradict."""
    if isinstance(declared, MatrixType) and isinstance(given, MatrixType):
        out: list[int | None] = []
        for what, d, g in (
            ("rows", declared.rows, given.rows),
            ("cols", declared.cols, given.cols),
            ("nnz", declared.nnz, given.nnz),
        ):
            if d is not None and g is not None and d != g:
                return f"{given} contradicts the declared type {declared} ({what} {g} != {d})"
            out.append(g if g is not None else d)
        try:
            return MatrixType(*out)
        except Exception as e:  # e.g. the declared nnz does not fit the given dims
            return f"{given} contradicts the declared type {declared}: {e}"
    if declared != given:
        return f"{given} contradicts the declared type {declared}"
    return declared


def specialise_function(module: ModuleOp, name: str, specs: Sequence[ArgSpec | None]) -> bool:
    """Specialise @name of module in place for `specs` (one per argument); whether that
    changed anything."""
    fn = _lookup(module, name)
    block = fn.body.block
    if not any(_changes(fn, a, s) for a, s in zip(block.args, specs, strict=True)):
        return False
    _keep_generic_for_callers(module, fn)
    types: list[Attribute] = []
    for i, (arg, spec) in enumerate(zip(block.args, specs, strict=True)):
        declared = arg.type
        if spec is None:
            types.append(declared)
            continue
        if spec.type is not None and spec.type != declared:
            new = Rewriter.replace_value_with_new_type(arg, spec.type)
            _cast_exact_uses(new, declared)
            arg = new
        types.append(arg.type)
        if spec.facts is not None:
            set_arg_facts(fn, i, arg_facts(fn, i).meet(spec.facts))
        if spec.const is not None and arg.uses:
            c = arith.ConstantOp(_const_attr(spec.const, arg.type), arg.type)
            Rewriter.insert_op(c, InsertPoint.at_start(block))
            arg.replace_all_uses_with(c.result)
    fn.function_type = FunctionType.from_lists(types, list(fn.function_type.outputs.data))
    # What the argument facts prove failing where it may not run fails when it runs.
    defer_failures(fn, CallGraph.build(module).called())
    return True


def _changes(fn: func.FuncOp, arg: BlockArgument, spec: ArgSpec | None) -> bool:
    if spec is None:
        return False
    if spec.type is not None and spec.type != arg.type:
        return True
    if spec.const is not None and arg.uses:
        return True
    if spec.facts is not None:
        stated = arg_facts(fn, arg.index)
        return stated.meet(spec.facts) != stated
    return False


def _lookup(module: ModuleOp, name: str) -> func.FuncOp:
    for op in module.ops:
        if isinstance(op, func.FuncOp) and op.sym_name.data == name:
            return op
    raise LookupError(name)


def _cast_exact_uses(arg: BlockArgument, declared: Attribute) -> None:
    """Uses other than matrix ops (which take any matrix type) read a cast to `declared`."""
    exact = [u for u in arg.uses if not isinstance(u.operation, MatrixOp)]
    if not exact:
        return
    cast = CastOp.build(operands=[arg], result_types=[declared])
    parent = arg.block.parent_op()
    if parent is not None:
        cast.location = parent.location
    Rewriter.insert_op(cast, InsertPoint.at_start(arg.block))
    for use in exact:
        use.operation.operands[use.index] = cast.result


def _keep_generic_for_callers(module: ModuleOp, fn: func.FuncOp) -> None:
    """Point the module's calls of fn (recursion included) at an unspecialised copy."""
    name = fn.sym_name.data
    calls = [
        op
        for op in module.walk()
        if isinstance(op, func.CallOp) and op.callee.root_reference.data == name
    ]
    if not calls:
        return
    names = {op.sym_name.data for op in module.ops if isinstance(op, func.FuncOp)}
    i = 1
    while f"{name}_generic{'' if i == 1 else i}" in names:
        i += 1
    generic = fn.clone()
    generic.sym_name = StringAttr(f"{name}_generic{'' if i == 1 else i}")
    generic.sym_visibility = StringAttr("private")
    Rewriter.insert_op(generic, InsertPoint.after(fn))
    for op in module.walk():  # the calls in the copy itself too
        if isinstance(op, func.CallOp) and op.callee.root_reference.data == name:
            op.callee = SymbolRefAttr(generic.sym_name.data)


def _const_attr(value: int | float, t: Attribute) -> Attribute:
    if isinstance(t, IntegerType):
        return IntegerAttr(int(value), t)
    return FloatAttr(float(value), t)  # type: ignore[arg-type]

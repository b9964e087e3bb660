"""`outline-loops`: move each top-level loop that reads a matrix of unknown size into its
own function, called where the loop was.

Dynamic recompilation works per function call (amls.interpreter.recompile): after this
pass, entering such a loop is a call, so the loop is re-planned once its inputs' sizes
are known (data-dependent sizes inside a function: a slice with computed bounds, a
read), once per loop entry and size signature, not per iteration.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import func, scf
from xdsl.dialects.builtin import FunctionType, ModuleOp
from xdsl.ir import Block, BlockArgument, Operation, Region, SSAValue
from xdsl.passes import ModulePass
from xdsl.rewriter import InsertPoint, Rewriter

from amls.dialects.matrix import MatrixType

LOOPS = (scf.ForOp, scf.WhileOp)


def _inside(op: Operation, v: SSAValue) -> bool:
    block = v.block if isinstance(v, BlockArgument) else v.owner.parent_block()  # type: ignore[union-attr]
    return block is not None and op.is_ancestor(block)


def live_ins(op: Operation) -> list[SSAValue]:
    seen: dict[SSAValue, None] = {}
    for inner in op.walk():
        for v in inner.operands:
            if inner is op or not _inside(op, v):
                seen.setdefault(v, None)
    return list(seen)


def _unknown(v: SSAValue) -> bool:
    t = v.type
    return isinstance(t, MatrixType) and (t.rows is None or t.cols is None)


@dataclass(frozen=True)
class OutlineLoopsPass(ModulePass):
    name = "outline-loops"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        names = {f.sym_name.data for f in op.ops if isinstance(f, func.FuncOp)}
        rw = Rewriter()
        for fn in [f for f in op.ops if isinstance(f, func.FuncOp) and f.body.blocks]:
            count = 0
            for loop in [o for o in fn.body.block.ops if isinstance(o, LOOPS)]:
                ins = live_ins(loop)
                if not any(_unknown(v) for v in ins):
                    continue
                name = f"{fn.sym_name.data}__loop{count}"
                while name in names:
                    count += 1
                    name = f"{fn.sym_name.data}__loop{count}"
                names.add(name)
                count += 1
                types = [v.type for v in ins]
                outs = [r.type for r in loop.results]
                block = Block(arg_types=types)
                for arg, v in zip(block.args, ins, strict=True):
                    arg.name_hint = v.name_hint
                mapping: dict[SSAValue, SSAValue] = dict(zip(ins, block.args, strict=True))
                body = loop.clone(value_mapper=mapping)
                block.add_op(body)
                block.add_op(func.ReturnOp(*body.results))
                new_fn = func.FuncOp(name, FunctionType.from_lists(types, outs), Region(block))
                new_fn.location = loop.location
                rw.insert_op(new_fn, InsertPoint.after(fn))
                call = func.CallOp(name, ins, outs)
                call.location = loop.location
                rw.replace_op(loop, call)

"""`--explain`: a readable plan per function, one line per op (like SystemDS -explain hops).

    ID  OP          INPUTS   ROWS  COLS   NNZ  WC-NNZ  EST-NNZ  OUT / INTERM / TOTAL  FMT

ROWS/COLS/NNZ are exact facts ("?" unknown); WC-NNZ is the worst-case bound,
EST-NNZ the estimator's average case; memory uses exact nnz, else the bound.
Loops and ifs are nested blocks; loops show the rounds their fixpoint took.
"""

from __future__ import annotations

from io import StringIO

from xdsl.dialects import func, scf
from xdsl.dialects.builtin import ModuleOp, StringAttr
from xdsl.ir import Block, Operation, SSAValue

from amls.dialects.matrix import MatrixOp, MatrixType
from amls.dialects.value_facts import arg_facts
from amls.passes.sizes.analysis import SizeAnalysis, analyze_module
from amls.passes.sizes.estimators import ESTIMATORS
from amls.passes.sizes.estimators.propagate import estimate_function
from amls.passes.sizes.facts import MatFacts, ScalarFacts
from amls.passes.sizes.memory import human, op_memory, output_bytes

HEADER = (
    f"{'ID':>5}  {'OP':<22} {'INPUTS':<16} {'ROWS':>7} {'COLS':>7} {'NNZ':>9} "
    f"{'WC-NNZ':>9} {'EST-NNZ':>9}  {'OUT / INTERM / TOTAL':<34} FMT"
)


def _num(x: float | int | None) -> str:
    if x is None:
        return "?"
    x = float(x)
    if x >= 1e7:
        return f"{x:.2e}"
    return f"{x:.0f}" if x == int(x) else f"{x:.1f}"


class Explainer:
    def __init__(self, estimator: str = "mnc"):
        self.estimator = ESTIMATORS[estimator]()
        self.out = StringIO()
        self.ids: dict[SSAValue, str] = {}
        self.next_id = 1

    def explain(self, module: ModuleOp) -> str:
        analyses = analyze_module(module)
        self.out.write(f"# amls plan (estimator: {type(self.estimator).__name__})\n")
        for op in module.ops:
            if isinstance(op, func.FuncOp):
                self._function(op, analyses[op.sym_name.data])
        return self.out.getvalue()

    def _ref(self, v: SSAValue) -> str:
        return self.ids.get(v, f"%{v.name_hint}" if v.name_hint else "%?")

    def _function(self, fn: func.FuncOp, analysis: SizeAnalysis) -> None:
        sketches = estimate_function(fn, analysis, self.estimator)
        params = []
        if fn.body.blocks:
            for a in fn.body.block.args:
                self.ids[a] = f"%{a.name_hint}" if a.name_hint else f"%arg{a.index}"
                facts = arg_facts(fn, a.index)
                stated = f" {facts.text()}" if facts.is_finite else ""
                params.append(f"{self.ids[a]}: {_short(a.type)}{stated}")
        outs = ", ".join(_short(t) for t in fn.function_type.outputs.data)
        self.out.write(f"\nfunc @{fn.sym_name.data}({', '.join(params)}) -> ({outs})\n")
        if not fn.body.blocks:
            self.out.write("  (external)\n")
            return
        self.out.write(HEADER + "\n")
        self._block(fn.body.block, analysis, sketches, 1)

    def _block(self, block: Block, analysis: SizeAnalysis, sketches: dict, depth: int) -> None:
        for op in block.ops:
            self._op(op, analysis, sketches, depth)

    def _op(self, op: Operation, analysis: SizeAnalysis, sketches: dict, depth: int) -> None:
        oid = str(self.next_id)
        self.next_id += 1
        for i, r in enumerate(op.results):
            self.ids[r] = f"({oid})" if len(op.results) == 1 else f"({oid}.{i})"
        pad = "  " * (depth - 1)
        inputs = ",".join(self._ref(v) for v in op.operands)
        name = op.name
        if isinstance(op, func.CallOp):
            name = f"call @{op.callee.root_reference.data}"
        if isinstance(op, scf.ForOp | scf.WhileOp | scf.IfOp):
            self._region_op(op, oid, pad, inputs, analysis, sketches, depth)
            return
        name += _keywords(op)
        line = f"{pad}{oid:>5}  {name:<22} {inputs:<16}"
        if len(op.results) == 1:
            line += self._facts_cols(op, op.results[0], analysis, sketches)
        elif op.results:
            line += "  " + ", ".join(_short(r.type) for r in op.results)
        phys_cols = _phys_cols(op)
        if phys_cols:  # in its column whatever the row holds (a scalar, no result)
            line = f"{line:<{_PHYS_COL + len(pad)}}" + phys_cols
        line += _frontend_source(op)
        self.out.write(line.rstrip() + "\n")

    def _facts_cols(
        self, op: Operation, v: SSAValue, analysis: SizeAnalysis, sketches: dict
    ) -> str:
        f = analysis.get(v)
        ins = [analysis.get(o) for o in op.operands]
        in_sizes = [output_bytes(i)[0] for i in ins]
        mem = op_memory(op, ins, f, in_sizes)
        memtxt = f"{human(mem.output)} / {human(mem.intermediate)} / {human(mem.total)}"
        if isinstance(f, ScalarFacts):
            # A matrix or phys op's scalar (a sum, a trace) has the memory its decision
            # states; arith's scalars show their value instead.
            val = "" if f.value is None else f"= {f.value!r}"
            if isinstance(op, MatrixOp) and (f.value is None or phys_decision(op)):
                val = memtxt
            return f" {'':>7} {'':>7} {'':>9} {'':>9} {'':>9}  {val:<34} {'scalar':<6}"
        assert isinstance(f, MatFacts)
        sk = sketches.get(v)
        est = sk.nnz if sk is not None else None
        return (
            f" {_num(f.rows) if f.rows is not None else _ub(f.rows_ub):>7}"
            f" {_num(f.cols) if f.cols is not None else _ub(f.cols_ub):>7}"
            f" {_num(f.nnz):>9} {_num(f.nnz_ub):>9} {_num(est):>9}  {memtxt:<34} {mem.format:<6}"
        )

    def _region_op(
        self,
        op: Operation,
        oid: str,
        pad: str,
        inputs: str,
        analysis: SizeAnalysis,
        sketches: dict,
        depth: int,
    ) -> None:
        rounds = analysis.loop_rounds.get(op)
        note = ""
        if rounds is not None:
            note = "  (zero trips)" if rounds == 0 else f"  (fixpoint in {rounds} round(s))"
        results = ", ".join(f"{self.ids[r]}: {_short(r.type)}" for r in op.results)
        self.out.write(f"{pad}{oid:>5}  {op.name:<22} {inputs:<16} -> [{results}]{note} {{\n")
        names = {scf.ForOp: ["body"], scf.WhileOp: ["before", "after"], scf.IfOp: ["then", "else"]}
        for label, region in zip(names[type(op)], op.regions, strict=False):
            if not region.blocks:
                continue
            block = region.block
            for a in block.args:
                self.ids[a] = f"%{a.name_hint}" if a.name_hint else f"({oid}.arg{a.index})"
            args = ", ".join(f"{self.ids[a]}: {_short(a.type)}" for a in block.args)
            self.out.write(f"{pad}       {label}({args}):\n")
            self._block(block, analysis, sketches, depth + 1)
        self.out.write(f"{pad}       }}\n")


_PHYS_COL = len(HEADER) + 3
"""Where the LOCAL/DIST column starts: after FMT (`dense`, `sparse`, `scalar`)."""


def _keywords(op: Operation) -> str:
    """The keywords a matrix op is written with (reduce's `sum row`), also on its phys twin."""
    base = getattr(type(op), "MATRIX_OP", None) or type(op)
    if base.name.startswith("phys.") or not base.name.startswith("matrix."):
        return ""
    props = [op.properties.get(k) for k in getattr(base, "KEYWORD_PROPS", ())]
    return "".join(f" {p.data}" for p in props if isinstance(p, StringAttr))


def phys_decision(op: Operation) -> bool:
    """Whether lower-to-phys recorded its decision (with the op's memory) on op."""
    from amls.lowering.budget import DECISION_ATTR

    return DECISION_ATTR in op.attributes


def _phys_cols(op: Operation) -> str:
    """After lowering: where the op runs, its method, and why (lower-to-phys's numbers)."""
    from amls.dialects import phys
    from amls.lowering.budget import DECISION_ATTR

    if isinstance(op, phys.PhysOp):
        method = op.method_name or ""
        if isinstance(op, phys.FUSED_OPS) and len(op.KEYWORD_PROPS) > 1:
            method = op.properties[op.KEYWORD_PROPS[1]].data  # type: ignore[attr-defined]
        d = op.attributes.get(DECISION_ATTR)
        why = f"  [{d.data}]" if isinstance(d, StringAttr) else ""
        return f"  | {op.exec_type.upper():<5} {method:<12}{why}"
    if isinstance(op, phys.MOVE_OPS):
        return "  | MOVE"
    return ""


def _ub(x: float | None) -> str:
    return "?" if x is None else f"<={_num(x)}"


def _short(t: object) -> str:
    if isinstance(t, MatrixType):
        s = f"{_num(t.rows)}x{_num(t.cols)}"
        return s + (f" nnz={t.nnz}" if t.nnz is not None else "")
    return str(t)


def explain_module(module: ModuleOp, estimator: str = "mnc") -> str:
    return Explainer(estimator).explain(module)


def _frontend_source(op: Operation) -> str:
    """`  @ file.dml:line:col` for ops a frontend made (an .mlir input names its own lines)."""
    from amls.dialects.locations import file_line_col, format_location

    loc = file_line_col(op.location)
    if loc is not None and loc.filename.data.endswith((".dml", ".py")):
        return f"  @ {format_location(loc)}"
    return ""

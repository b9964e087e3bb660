"""Plan pictures: a module's plan as Graphviz DOT (mlir-opt --view-op-graph's convention).

One node per op (name, method, exec type, dims, nnz, memory estimate; with run times, the
measured time and how often it ran), edges from each value's definition to its uses,
functions and region ops (scf.for / while / if) as clusters. Local ops are blue, dist
ops orange, data movement (distribute, collect, broadcast, ...) yellow and shaped apart;
arguments are ellipses. `--plan-svg` / `--plan-png` render the DOT with Graphviz's `dot`.
"""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Sequence
from dataclasses import dataclass, field

from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Block, Operation, SSAValue

from amls.dialects import phys
from amls.dialects.matrix import MatrixLikeType
from amls.passes.sizes.analysis import SizeAnalysis, analyze_module
from amls.passes.sizes.facts import MatFacts, ScalarFacts
from amls.passes.sizes.memory import human, op_memory, output_bytes

COLOURS = {"local": "#cfe2f3", "dist": "#f9cb9c", "move": "#ffe599", "other": "#ffffff"}
INSTALL_DOT = (
    "Graphviz's `dot` is not installed: apt-get install graphviz (Debian/Ubuntu), "
    "brew install graphviz (macOS) or conda install graphviz; --plan-dot FILE writes "
    "the DOT text without it"
)


@dataclass
class OpTimes:
    """Measured seconds and runs per op (amls-run's listener fills it)."""

    seconds: dict[Operation, float] = field(default_factory=dict)
    runs: dict[Operation, int] = field(default_factory=dict)


def _q(text: str) -> str:
    """A DOT string; line breaks as DOT's centred `\\n`."""
    body = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return f'"{body}"'


def _num(x: float | int | None) -> str:
    if x is None:
        return "?"
    return f"{x:.0f}" if float(x) == int(x) else f"{x:.1f}"


def _ms(t: float) -> str:
    return f"{t * 1e3:.3f} ms" if t < 1 else f"{t:.3f} s"


def kind_of(op: Operation) -> str:
    if isinstance(op, phys.MOVE_OPS):
        return "move"
    if isinstance(op, phys.PhysOp):
        return op.exec_type
    return "other"


def _method(op: Operation) -> str:
    if not isinstance(op, phys.PhysOp):
        return ""
    if op.method_name:
        return op.method_name
    if isinstance(op, phys.FUSED_OPS) and len(op.KEYWORD_PROPS) > 1:
        return op.properties[op.KEYWORD_PROPS[1]].data  # type: ignore[attr-defined]
    return ""


class DotWriter:
    def __init__(self, times: OpTimes | None = None) -> None:
        self.times = times
        self.lines: list[str] = []
        self.ids: dict[SSAValue, str] = {}
        self.node_of: dict[Operation, str] = {}
        self.edges: list[tuple[str, str]] = []
        self.n = 0

    def _fresh(self, prefix: str) -> str:
        self.n += 1
        return f"{prefix}{self.n}"

    def module(self, module: ModuleOp, label: str = "") -> None:
        analyses = analyze_module(module)
        cluster = self._fresh("cluster_plan")
        self.lines.append(f"  subgraph {cluster} {{")
        self.lines.append(f"    label={_q(label or 'plan')}; style=dashed;")
        for op in module.ops:
            if isinstance(op, func.FuncOp) and op.body.blocks:
                self._function(op, analyses[op.sym_name.data], "    ")
        self.lines.append("  }")

    def _function(self, fn: func.FuncOp, analysis: SizeAnalysis, pad: str) -> None:
        name = fn.sym_name.data
        self.lines.append(f"{pad}subgraph {self._fresh('cluster_func')} {{")
        self.lines.append(f'{pad}  label={_q("func @" + name)}; style="rounded";')
        self._args(fn.body.block, analysis, pad + "  ")
        self._block(fn.body.block, analysis, pad + "  ")
        self.lines.append(f"{pad}}}")

    def _args(self, block: Block, analysis: SizeAnalysis, pad: str) -> None:
        for a in block.args:
            node = self._fresh("arg")
            self.ids[a] = node
            text = f"%{a.name_hint or f'arg{a.index}'}\n{self._facts(a, analysis)}"
            self.lines.append(f"{pad}{node} [shape=ellipse, label={_q(text.strip())}];")

    def _block(self, block: Block, analysis: SizeAnalysis, pad: str) -> None:
        for op in block.ops:
            self._op(op, analysis, pad)

    def _op(self, op: Operation, analysis: SizeAnalysis, pad: str) -> None:
        if op.regions:
            self._region_op(op, analysis, pad)
            return
        node = self._fresh("op")
        self._node(op, node, analysis, pad)

    def _node(self, op: Operation, node: str, analysis: SizeAnalysis, pad: str) -> None:
        self.node_of[op] = node
        for v in op.operands:
            if v in self.ids:
                self.edges.append((self.ids[v], node))
        for r in op.results:
            self.ids[r] = node
        kind = kind_of(op)
        title = op.name
        if isinstance(op, func.CallOp):
            title = f"call @{op.callee.root_reference.data}"
        rows = [title]
        if kind in ("local", "dist"):
            rows.append(f"{kind} {_method(op)}".strip())
        if len(op.results) == 1:
            rows.append(self._facts(op.results[0], analysis))
            mem = self._memory(op, analysis)
            if mem:
                rows.append(f"mem {mem}")
        rows += self._time(op)
        shape = "cds" if kind == "move" else "box"
        style = '"filled"' if kind == "move" else '"rounded,filled"'
        label = "\n".join(r for r in rows if r)
        self.lines.append(
            f"{pad}{node} [shape={shape}, style={style}, fillcolor={_q(COLOURS[kind])}, "
            f"label={_q(label)}];"
        )

    def _region_op(self, op: Operation, analysis: SizeAnalysis, pad: str) -> None:
        self.lines.append(f"{pad}subgraph {self._fresh('cluster_region')} {{")
        rounds = analysis.loop_rounds.get(op)
        note = f" (fixpoint in {rounds} round(s))" if rounds else ""
        self.lines.append(f'{pad}  label={_q(op.name + note)}; style=filled; fillcolor="#f3f3f3";')
        anchor = self._fresh("op")
        self._node(op, anchor, analysis, pad + "  ")
        for region in op.regions:
            for block in region.blocks:
                for a in block.args:
                    self.ids[a] = anchor  # loop-carried values come from the loop
                self._block(block, analysis, pad + "  ")
        self.lines.append(f"{pad}}}")

    def _facts(self, v: SSAValue, analysis: SizeAnalysis) -> str:
        f = analysis.get(v)
        if isinstance(f, MatFacts):
            rows = _num(f.rows) if f.rows is not None else _bound(f.rows_ub)
            cols = _num(f.cols) if f.cols is not None else _bound(f.cols_ub)
            nnz = _num(f.nnz) if f.nnz is not None else _bound(f.nnz_ub)
            where = " dist" if phys.is_dist(v.type) else " bcast" if phys.is_bcast(v.type) else ""
            return f"{rows}x{cols} nnz {nnz}{where}"
        if isinstance(f, ScalarFacts) and f.value is not None:
            return f"{v.type} = {f.value!r}"
        if not isinstance(v.type, MatrixLikeType):
            return str(v.type)
        return ""

    def _memory(self, op: Operation, analysis: SizeAnalysis) -> str:
        out = analysis.get(op.results[0])
        if not isinstance(out, MatFacts):
            return ""
        ins = [analysis.get(o) for o in op.operands]
        mem = op_memory(op, ins, out, [output_bytes(i)[0] for i in ins])
        return f"{human(mem.output)} out, {human(mem.total)} total"

    def _time(self, op: Operation) -> list[str]:
        if self.times is None:
            return []
        t = self.times.seconds.get(op)
        runs = self.times.runs.get(op, 0)
        if t is None:
            return ["not run"] if not runs else [f"ran {runs}x"]
        return [f"time {_ms(t)}" + (f" ({runs}x)" if runs > 1 else "")]

    def text(self) -> str:
        head = [
            "digraph amls_plan {",
            "  compound=true; rankdir=TB;",
            '  node [fontname="monospace", fontsize=10];',
            '  edge [color="#555555"];',
        ]
        edges = [f"  {a} -> {b};" for a, b in dict.fromkeys(self.edges)]
        legend = [
            "  subgraph cluster_legend {",
            '    label="legend"; style=dotted;',
            *(
                f"    legend_{k} [shape=box, style=filled, fillcolor={_q(c)}, label={_q(k)}];"
                for k, c in COLOURS.items()
            ),
            "  }",
        ]
        return "\n".join([*head, *self.lines, *edges, *legend, "}"]) + "\n"


def _bound(x: float | None) -> str:
    return "?" if x is None else f"<={_num(x)}"


def plan_dot(plans: Sequence[tuple[str, ModuleOp]], times: OpTimes | None = None) -> str:
    """DOT text of labelled plans (one cluster each), with measured times if given."""
    w = DotWriter(times)
    for label, module in plans:
        w.module(module, label)
    return w.text()


def render(dot_text: str, path: str, fmt: str) -> None:
    """Write `dot -T<fmt>` of the DOT text to path (RuntimeError: dot failed)."""
    exe = shutil.which("dot")
    if exe is None:
        raise FileNotFoundError(INSTALL_DOT)
    proc = subprocess.run(
        [exe, f"-T{fmt}", "-o", path], input=dot_text, text=True, capture_output=True
    )
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr.strip().splitlines()[0] if proc.stderr else "dot failed")

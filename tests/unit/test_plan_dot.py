"""Plan pictures: --plan-dot writes one node per op, coloured by where it runs, with
functions and loops as clusters; --plan-svg/--plan-png need Graphviz's dot."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from amls.tools.plan_dot import COLOURS

PROG = Path(__file__).parent / "data" / "plan_loop.mlir"
LOWER = "size-inference,lower-to-phys{memory-budget=100000},phys-opt"
BIN = Path(sys.executable).parent


@dataclass
class Dot:
    nodes: dict[str, dict[str, str]] = field(default_factory=dict)
    cluster_of: dict[str, list[str]] = field(default_factory=dict)
    """node -> the labels of the clusters it is in, outermost first."""
    edges: list[tuple[str, str]] = field(default_factory=list)


NODE = re.compile(r"^\s*(\w+) \[(.*)\];$")
ATTR = re.compile(r'(\w+)=("(?:[^"\\]|\\.)*"|[^,\s]+)')


def parse_dot(text: str) -> Dot:
    """The nodes, edges and cluster nesting of the DOT our writer emits (no graphviz)."""
    dot = Dot()
    stack: list[str] = []
    for line in text.splitlines():
        s = line.strip()
        if s.startswith("subgraph "):
            stack.append("?")
        elif s.startswith("label=") and stack and stack[-1] == "?":
            stack[-1] = ATTR.match(s).group(2).strip('"')  # type: ignore[union-attr]
        elif s == "}" and stack:
            stack.pop()
        elif m := re.match(r"^(\w+) -> (\w+);$", s):
            dot.edges.append((m.group(1), m.group(2)))
        elif (m := NODE.match(line)) and m.group(1) not in ("node", "edge", "graph"):
            attrs = {k: v.strip('"') for k, v in ATTR.findall(m.group(2))}
            dot.nodes[m.group(1)] = attrs
            dot.cluster_of[m.group(1)] = list(stack)
    return dot


def run(tool: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(BIN / tool), *args], capture_output=True, text=True, timeout=300)


def ops_of(ir: str) -> list[str]:
    """The op names of printed IR, one per line that defines or runs an op."""
    names = []
    for line in ir.splitlines():
        m = re.match(r"^\s*(?:%[\w, %]+ = )?([a-z_]+\.[a-z_]+)", line)
        if m and m.group(1) not in ("builtin.module", "func.return", "scf.yield"):
            names.append(m.group(1))
    return names


def test_amls_opt_plan_dot(tmp_path: Path) -> None:
    out = tmp_path / "plan.dot"
    proc = run("amls-opt", str(PROG), "-p", LOWER, "--plan-dot", str(out))
    assert proc.returncode == 0, proc.stderr
    dot = parse_dot(out.read_text())
    ops = {k: v for k, v in dot.nodes.items() if k.startswith("op")}
    # One node per op (func.func is a cluster; return and yield carry no data of their own).
    names = [v["label"].split("\\n")[0] for v in ops.values()]
    expected = [n for n in ops_of(proc.stdout) if n != "func.func"]
    assert sorted(n for n in names if n not in ("func.return", "scf.yield")) == sorted(expected)
    by_name: dict[str, str] = {}  # op name -> its first node
    for k, v in ops.items():
        by_name.setdefault(v["label"].split("\\n")[0], k)
    matmul = [k for k, v in ops.items() if v["label"].startswith("phys.matmul")]
    assert {ops[k]["label"].split("\\n")[1] for k in matmul} == {"dist mapmm_right", "dist rmm"}
    for k in matmul:
        assert ops[k]["fillcolor"] == COLOURS["dist"]
        clusters = dot.cluster_of[k]
        assert "func @main" in clusters and any(c.startswith("scf.for") for c in clusters)
    local = ops[by_name["phys.reduce"]]
    assert local["fillcolor"] == COLOURS["local"]
    for move in ("phys.collect", "phys.broadcast", "phys.persist"):
        node = ops[by_name[move]]
        assert node["shape"] == "cds" and node["fillcolor"] == COLOURS["move"], move
    # X's rand is over the budget: made on the workers (dist), nothing to distribute.
    assert "phys.distribute" not in by_name
    rand = ops[by_name["phys.rand"]]
    assert "2000x50 nnz" in rand["label"] and "mem 781.2 KB" in rand["label"]
    assert rand["fillcolor"] == COLOURS["dist"]
    # def-use edges: the persist reads rand's result, the collect the rmm's.
    assert (by_name["phys.rand"], by_name["phys.persist"]) in dot.edges
    rmm = next(k for k in matmul if "rmm" in ops[k]["label"])
    assert (rmm, by_name["phys.collect"]) in dot.edges


def test_amls_run_plan_dot_has_times(tmp_path: Path) -> None:
    out = tmp_path / "ran.dot"
    proc = run("amls-run", str(PROG), "--plan-dot", str(out))
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("result_0 : f64 = ")
    dot = parse_dot(out.read_text())
    labels = [v["label"] for k, v in dot.nodes.items() if k.startswith("op")]
    # The loop body runs 3 times (mmchain may plan the loop-invariant t(X)%*%X before
    # the loop: then the body is the product with the hoisted Gram matrix and the mul).
    body = [lab for lab in labels if "(3x)" in lab]
    assert any(b.startswith("phys.mul") for b in body), labels
    assert all(re.search(r"time [\d.]+ m?s \(3x\)", b) for b in body), body
    once = next(lab for lab in labels if lab.startswith("phys.reduce"))
    assert re.search(r"time [\d.]+ m?s$", once), once
    assert any(c.startswith("@main compiled") for c in dot.cluster_of[next(iter(dot.nodes))])


@pytest.mark.skipif(shutil.which("dot") is None, reason="Graphviz's dot is not installed")
def test_plan_svg_renders(tmp_path: Path) -> None:
    out = tmp_path / "plan.svg"
    proc = run("amls-opt", str(PROG), "-p", LOWER, "--plan-svg", str(out))
    assert proc.returncode == 0, proc.stderr
    assert "<svg" in out.read_text()


@pytest.mark.skipif(shutil.which("dot") is not None, reason="Graphviz's dot is installed")
def test_plan_svg_without_dot_says_how_to_install(tmp_path: Path) -> None:
    for tool in ("amls-opt", "amls-run"):
        proc = run(tool, str(PROG), "--plan-png", str(tmp_path / "p.png"))
        assert proc.returncode == 2
        lines = proc.stderr.strip().splitlines()
        assert len(lines) == 1 and "apt-get install graphviz" in lines[0], proc.stderr
        assert not proc.stdout  # checked before anything ran

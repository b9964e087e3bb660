"""Plugins as users write them (README "Extending amls"): what loading one reports when it
is broken or clashes with amls or with another plugin. One located message, status 1."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TINY = ROOT / "bench" / "startup_tiny.mlir"
STATS = ROOT / "examples" / "plugin" / "amls_stats.py"

PASS = """from xdsl.passes import ModulePass
from amls.passes import register_pass


@register_pass
class {cls}(ModulePass):
    name = "{name}"

    def apply(self, ctx, op):
        return None
"""


def opt(*argv: str | Path, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "amls.tools.opt", *map(str, argv)],
        capture_output=True,
        text=True,
        cwd=cwd or ROOT,
    )


def test_an_error_inside_a_plugin_names_its_file_and_line(tmp_path: Path) -> None:
    bad = tmp_path / "raises.py"
    bad.write_text("def helper():\n    return {}['missing']\n\n\nhelper()\n")
    r = opt("--load-plugin", bad, TINY)
    assert r.returncode == 1 and r.stderr.count("error:") == 1, r.stderr
    assert f"failed to load: KeyError: 'missing' (at {bad}:2, in helper)" in r.stderr


def test_a_plugin_imports_the_modules_beside_it(tmp_path: Path) -> None:
    (tmp_path / "helpers_beside.py").write_text("VALUE = 3\n")
    (tmp_path / "main_plugin.py").write_text("from helpers_beside import VALUE\n")
    r = opt("--load-plugin", tmp_path / "main_plugin.py", TINY, cwd=tmp_path.parent)
    assert r.returncode == 0, r.stderr


def test_a_pass_name_amls_uses_is_an_error_not_a_replacement(tmp_path: Path) -> None:
    for name in ("cse", "lower-to-phys"):
        p = tmp_path / "clash.py"
        p.write_text(PASS.format(cls="Mine", name=name))
        r = opt("--load-plugin", p, "-O1", TINY)
        assert r.returncode == 1, r.stderr
        assert f"pass '{name}' is already amls's own; give amls_plugin_clash.Mine" in r.stderr


def test_two_plugins_with_one_pass_name_clash_and_one_plugin_twice_does_not(
    tmp_path: Path,
) -> None:
    a, b = tmp_path / "a.py", tmp_path / "b.py"
    a.write_text(PASS.format(cls="A", name="my-pass"))
    b.write_text(PASS.format(cls="B", name="my-pass"))
    r = opt("--load-plugin", a, "--load-plugin", b, TINY)
    assert r.returncode == 1
    assert "pass 'my-pass' is already registered by amls_plugin_a.A" in r.stderr
    r = opt("--load-plugin", a, "--load-plugin", a, "-p", "my-pass", TINY)
    assert r.returncode == 0, r.stderr
    r = opt("--load-plugin", STATS, "--load-plugin", STATS, "-p", "expand-zscore", TINY)
    assert r.returncode == 0, r.stderr


def test_a_dialect_named_as_amls_own_is_an_error(tmp_path: Path) -> None:
    p = tmp_path / "dup.py"
    p.write_text(
        "from xdsl.ir import Dialect\n"
        "from amls.dialects import register_dialect\n"
        "register_dialect(Dialect('matrix', [], []))\n"
    )
    r = opt("--load-plugin", p, TINY)
    assert r.returncode == 1
    assert "dialect 'matrix' is amls's own; a plugin's needs another name" in r.stderr


def test_a_plugin_size_rule_that_raises_is_reported_once(tmp_path: Path) -> None:
    p = tmp_path / "sizeraise.py"
    p.write_text(
        "from xdsl.irdl import irdl_op_definition, operand_def, result_def, traits_def\n"
        "from xdsl.ir import Dialect\n"
        "from xdsl.traits import Pure\n"
        "from amls.dialects import register_dialect\n"
        "from amls.dialects.matrix import MatrixOp, MatrixType\n"
        "from amls.passes.sizes.rules import size_rule\n"
        "@irdl_op_definition\n"
        "class Sq(MatrixOp):\n"
        "    name = 'bs.sq'\n"
        "    x = operand_def(MatrixType)\n"
        "    r = result_def(MatrixType)\n"
        "    traits = traits_def(Pure())\n"
        "register_dialect(Dialect('bs', [Sq], []))\n"
        "@size_rule(Sq)\n"
        "def sq_rule(op, ins):\n"
        "    return ins[0].colz\n"
    )
    src = tmp_path / "p.mlir"
    src.write_text(
        "func.func @main(%X: !matrix.mat<6x3xf64>) -> f64 {\n"
        "  %a = bs.sq %X : (!matrix.mat<6x3xf64>) -> !matrix.mat<?x?xf64>\n"
        "  %b = bs.sq %a : (!matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>\n"
        "  %s = matrix.reduce sum all %b : (!matrix.mat<?x?xf64>) -> f64\n"
        "  func.return %s : f64\n"
        "}\n"
    )
    r = opt("--load-plugin", p, "-p", "size-inference", src)
    assert r.returncode == 0, r.stderr
    assert r.stderr.count("warning: size rule amls_plugin_sizeraise.sq_rule for bs.sq") == 1
    assert "raised AttributeError" in r.stderr

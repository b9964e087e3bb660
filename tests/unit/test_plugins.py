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


RULE = """from amls.passes.rewrite.driver import Rule
from amls.passes.rewrite.pattern import Var
from amls.passes.rewrite.registry import register_rule

X = Var("X")
register_rule(Rule("{name}", -(-X), X){table})
"""


def load_fails(plugin: Path, text: str, *argv: str | Path) -> str:
    """Write `text` as the plugin, load it: status 1; returns stderr."""
    plugin.write_text(text)
    r = opt("--load-plugin", plugin, *argv, TINY)
    assert r.returncode == 1, r.stderr
    return r.stderr


def test_a_rule_name_amls_uses_is_an_error(tmp_path: Path) -> None:
    err = load_fails(tmp_path / "r.py", RULE.format(name="neg-neg", table=""), "-O2")
    assert "rewrite rule 'neg-neg' is already amls's own; give it another name" in err


def test_two_plugins_with_one_rule_name_clash_and_a_bad_table_is_an_error(tmp_path: Path) -> None:
    a, b, c = tmp_path / "a.py", tmp_path / "b.py", tmp_path / "c.py"
    a.write_text(RULE.format(name="my-neg-neg", table=""))
    b.write_text(RULE.format(name="my-neg-neg", table=', "dynamic"'))
    r = opt("--load-plugin", a, "--load-plugin", b, TINY)
    assert r.returncode == 1
    assert "rewrite rule 'my-neg-neg' is already registered by amls_plugin_a" in r.stderr
    r = opt("--load-plugin", a, "--load-plugin", a, "-O2", TINY)
    assert r.returncode == 0, r.stderr
    err = load_fails(c, RULE.format(name="other", table=', "fancy"'))
    assert "register_rule: table must be one of static, dynamic, got 'fancy'" in err


def test_a_kernel_for_an_op_amls_runs_is_an_error(tmp_path: Path) -> None:
    err = load_fails(
        tmp_path / "k.py",
        "from amls.dialects import matrix as m\n"
        "from amls.interpreter.kernels import kernel\n"
        "@kernel(m.AddOp)\n"
        "def add(op, args):\n"
        "    return args[0]\n",
    )
    assert "op 'matrix.add' has amls's own kernel; a plugin cannot replace it" in err
    assert "k.py:3)" in err


ZSCORE_NEG = """func.func @main(%X: !matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64> {
  %n = matrix.neg %X : !matrix.mat<?x?xf64>
  %z = stats.zscore %n : !matrix.mat<?x?xf64>
  %r = matrix.neg %z : !matrix.mat<?x?xf64>
  func.return %r : !matrix.mat<?x?xf64>
}
"""


def test_the_plugin_rule_keeps_the_numbers(tmp_path: Path) -> None:
    """zscore-neg (examples/plugin) at -O2 gives -O0's numbers: random data from files,
    vectors, a column with one value (NaN), sparse and empty inputs."""
    import numpy as np
    import scipy.io
    import scipy.sparse as sp

    src = tmp_path / "zn.mlir"
    src.write_text(ZSCORE_NEG)
    rng = np.random.default_rng(7)
    const = rng.standard_normal((5, 3))
    const[:, 1] = 2.5
    inputs: dict[str, object] = {
        "2x1.npy": rng.standard_normal((2, 1)),
        "9x1.npy": rng.standard_normal((9, 1)) * 1e3,
        "6x4.npy": rng.uniform(-1, 1, (6, 4)),
        "const.npy": const,
        "sparse.mtx": sp.random(20, 6, density=0.2, random_state=3, format="coo"),
        "empty.npy": np.zeros((4, 0)),
    }
    for name, value in inputs.items():
        path = tmp_path / name
        if name.endswith(".mtx"):
            scipy.io.mmwrite(str(path), value)
        else:
            np.save(path, value)
        got = []
        for level in ("-O0", "-O2"):
            out = tmp_path / f"{name}{level}.npz"
            r = subprocess.run(
                [sys.executable, "-m", "amls.tools.run", "--load-plugin", str(STATS), str(src),
                 level, "--arg", f"X={path}", "-o", str(out)],
                capture_output=True, text=True, cwd=ROOT,
            )  # fmt: skip
            assert r.returncode == 0, (name, level, r.stderr)
            with np.load(out) as z:
                got.append(z["result_0"])
        np.testing.assert_array_equal(got[0], got[1], err_msg=name)  # NaN == NaN, -0 == 0

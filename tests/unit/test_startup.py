"""Start-up: what amls-opt and amls-run import, in a fresh process (no timing here: that is
bench/startup.py's). A dense local run loads neither xDSL's riscv/snitch interpreters, nor
Dask, nor scipy.sparse, nor the DML frontend; sparse data still works, scipy.sparse being
imported when it appears."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from xdsl.passes import PassPipeline

from amls.lowering.pipeline import UPSTREAM_PASSES, all_passes
from amls.tools.common import make_context, parse_module, verify_located

ROOT = Path(__file__).resolve().parents[2]
TINY = ROOT / "bench" / "startup_tiny.mlir"
MTX = ROOT / "tests" / "filecheck" / "Inputs" / "S_3x2_nnz2.mtx"

DRIVER = """
import contextlib, importlib, io, json, sys
tool, argv = sys.argv[1], sys.argv[2:]
sys.argv = [tool, *argv]
out = io.StringIO()
code = 0
with contextlib.redirect_stdout(out):
    try:
        importlib.import_module("amls.tools." + tool.removeprefix("amls-")).main()
    except SystemExit as e:
        code = e.code or 0
print(json.dumps({"code": code, "stdout": out.getvalue(), "modules": sorted(sys.modules)}))
"""

NOT_FOR_DENSE_LOCAL = (
    "xdsl.interpreters.riscv",
    "xdsl.interpreters.rv32",
    "xdsl.interpreters.rv64",
    "xdsl.interpreters.snitch_stream",
    "xdsl.interpreters.linalg",
    "xdsl.interpreters.pdl",
    "xdsl.dialects.riscv",
    "xdsl.dialects.snitch",
    "xdsl.dialects.csl",
    "dask",
    "distributed",
    "scipy.sparse",
    "scipy.io",
    "lark",
    "amls.frontends",
    "amls.interpreter.dist",
    "amls.lowering.cost",
    "xdsl.dialects.math",  # registered on first use (amls.dialects.lazy)
    "subprocess",  # xDSL's Interpreter asks platform.architecture(): `file`, unless amls answers
)


def launch(tool: str, *argv: str | Path, src: Path | None = None) -> dict:
    """Run the tool's main in a fresh interpreter; its exit code, stdout and sys.modules."""
    args = [str(a) for a in argv]
    if src is not None:
        args.append(str(src))
    r = subprocess.run(
        [sys.executable, "-c", DRIVER, tool, *args],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    return json.loads(r.stdout.splitlines()[-1])


def loaded(modules: list[str], prefixes: tuple[str, ...]) -> list[str]:
    """The modules that are one of `prefixes` or inside one (riscv matches riscv_snitch)."""
    return [m for m in modules if m.startswith(prefixes)]


@pytest.mark.parametrize("level", ["-O0", "-O2"])
def test_dense_local_run_imports_nothing_it_does_not_need(level: str) -> None:
    got = launch("amls-run", level, "--arg", "n=2", src=TINY)
    assert got["code"] == 0 and got["stdout"].startswith("result_0 : f64 = 3.25584531539")
    assert loaded(got["modules"], NOT_FOR_DENSE_LOCAL) == []
    # the interpreters amls registers, and no other
    interps = {m for m in got["modules"] if m.startswith("xdsl.interpreters.")}
    assert {f"xdsl.interpreters.{d}" for d in ("arith", "builtin", "func", "scf")} <= interps
    assert interps <= {
        *(f"xdsl.interpreters.{d}" for d in ("arith", "builtin", "func", "scf")),
        *("xdsl.interpreters.shaped_array", "xdsl.interpreters.utils"),
        "xdsl.interpreters.utils.ptr",
    }


def test_opt_help_lists_amls_and_applicable_xdsl_passes_only() -> None:
    got = launch("amls-opt", "--help")
    assert got["code"] == 0
    never = ("numpy", "scipy", "xdsl.interpreters", *NOT_FOR_DENSE_LOCAL)
    assert loaded(got["modules"], never) == []
    text = " ".join(got["stdout"].split())
    passes = text.split("Available passes are:")[1].split("--print-between-passes")[0]
    passes = passes.replace("- ", "-").replace(" ", "")  # argparse wraps names at dashes
    names = set(passes.split(","))
    assert {"size-inference", "rewrite-fixpoint", "lower-to-phys", "cse"} <= names
    assert {"canonicalize", "dce", "licm"} <= names
    assert not any(w in passes for w in ("riscv", "csl", "stencil", "x86", "snitch", "linalg"))
    assert "Available targets are: mlir " in text


def test_opt_compiles_without_interpreters_dask_or_scipy_sparse() -> None:
    got = launch("amls-opt", "-O2", src=TINY)  # sizes unknown: plans dist ops (cost model)
    assert got["code"] == 0 and "phys.reduce dist" in got["stdout"]
    never = ("xdsl.interpreters", "dask", "distributed", "scipy.sparse", "lark")
    assert loaded(got["modules"], never) == []


def test_opt_never_evaluates_a_result_too_big_to_fold(tmp_path: Path) -> None:
    """constant-fold evaluates a matrix op only when its known result has at most
    max-cells cells: a 1000x1000 identity from diag(fill(...)) is neither built nor makes
    compilation import scipy.sparse (it did: ~0.13 s of ridge's 0.19 s compile)."""
    src = tmp_path / "ridge_like.mlir"
    src.write_text(
        "func.func @main(%X: !matrix.mat<1000x1000xf64>) -> !matrix.mat<1000x1000xf64> {\n"
        "  %one = arith.constant 1.0 : f64\n"
        "  %n = arith.constant 1000 : i64\n"
        "  %c1 = arith.constant 1 : i64\n"
        "  %e = matrix.fill %one, %n, %c1 : (f64, i64, i64) -> !matrix.mat<1000x1xf64>\n"
        "  %I = matrix.diag %e : (!matrix.mat<1000x1xf64>) -> !matrix.mat<1000x1000xf64>\n"
        "  %A = matrix.add %X, %I : !matrix.mat<1000x1000xf64>\n"
        "  func.return %A : !matrix.mat<1000x1000xf64>\n"
        "}\n"
    )
    got = launch("amls-opt", "-O2", src=src)
    assert got["code"] == 0 and "phys.diag" in got["stdout"]
    assert loaded(got["modules"], ("scipy.sparse",)) == []


def test_sparse_input_imports_scipy_sparse_and_stays_sparse(tmp_path: Path) -> None:
    prog = tmp_path / "nnz.mlir"
    prog.write_text(
        "func.func @main(%S: !matrix.mat<3x2xf64>) -> (i64, f64) {\n"
        "  %n = matrix.nnz %S : (!matrix.mat<3x2xf64>) -> i64\n"
        "  %s = matrix.reduce sum all %S : (!matrix.mat<3x2xf64>) -> f64\n"
        "  func.return %n, %s : i64, f64\n"
        "}\n"
    )
    got = launch("amls-run", "-O0", "--arg", f"S={MTX}", src=prog)
    assert got["code"] == 0
    assert got["stdout"].splitlines() == ["result_0 : i64 = 2", "result_1 : f64 = 3.0"]
    # a coordinate .mtx is read by files._load_mm: scipy.io stays unloaded
    assert "scipy.sparse" in got["modules"] and "scipy.io" not in got["modules"]


def test_sparse_rand_imports_scipy_sparse_on_demand(tmp_path: Path) -> None:
    prog = tmp_path / "sprand.mlir"
    prog.write_text(
        "func.func @main() -> i64 {\n"
        "  %n = arith.constant 100 : i64\n"
        '  %X = matrix.rand %n, %n {min = 1.0, max = 2.0, sparsity = 0.01, pdf = "uniform",'
        " seed = 3} : (i64, i64) -> !matrix.mat<100x100xf64>\n"
        "  %Y = matrix.mul %X, %X : !matrix.mat<100x100xf64>\n"
        "  %k = matrix.nnz %Y : (!matrix.mat<100x100xf64>) -> i64\n"
        "  func.return %k : i64\n"
        "}\n"
    )
    got = launch("amls-run", "-O0", src=prog)
    assert got["code"] == 0 and got["stdout"].strip() == "result_0 : i64 = 100"
    assert "scipy.sparse" in got["modules"]


@pytest.mark.parametrize(
    "module",
    [
        "amls.interpreter.kernels.matrix",
        "amls.interpreter.kernels.blocks",
        "amls.interpreter.engine",
        "amls.interpreter.values",
        "amls.interpreter.recompile",
        "amls.passes.constant_fold",
        "amls.passes.sizes.estimators.mnc",
        "amls.tools.run",
    ],
)
def test_importing_does_not_load_scipy_sparse(module: str) -> None:
    code = f"import sys, {module}; print([m for m in sys.modules if m.startswith('scipy')])"
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert r.stdout.strip() == "[]", f"{module} loads {r.stdout.strip()}"


def test_xdsl_interpreters_package_completes_on_first_use() -> None:
    """amls enters xdsl.interpreters without its __init__; whoever asks for the package's
    own names (or a submodule amls did not load) still gets them."""
    code = (
        "import sys, amls.interpreter.engine\n"
        "assert 'xdsl.interpreters.riscv' not in sys.modules\n"
        "import xdsl.interpreters as xi\n"
        "from xdsl.interpreters import riscv, snitch_stream\n"
        "assert callable(xi.register_implementations)\n"
        "assert riscv.RiscvFunctions and snitch_stream.SnitchStreamFunctions\n"
        "from xdsl.interpreters.arith import ArithFunctions\n"
        "from amls.interpreter.upstream import ArithFunctions as Ours\n"
        "assert ArithFunctions is Ours\n"
        "print('ok')\n"
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 0 and r.stdout.strip() == "ok", r.stderr


def test_math_ops_registered_when_math_is_imported_late() -> None:
    """The tables name xDSL's math ops; importing math later (a frontend, a test, the
    context's factory) registers them: kernel, value rule, never-fail, folding."""
    code = (
        "import sys, amls.tools.run\n"
        "from amls.interpreter.kernels import load_builtin_kernels\n"
        "from amls.passes import speculation\n"
        "from amls.passes.sizes import value_rules\n"
        "kernels = load_builtin_kernels()\n"
        "assert 'xdsl.dialects.math' not in sys.modules\n"
        "from xdsl.dialects import math\n"
        "assert math.ExpOp in kernels and math.FPowIOp in kernels\n"
        "assert math.SqrtOp in value_rules.VALUE_RULES\n"
        "assert not speculation.can_fail(math.ExpOp.__new__(math.ExpOp))\n"
        "print(kernels[math.ExpOp](None, (1.0,)), kernels[math.LogOp](None, (0.0,)))\n"
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 0, r.stderr
    assert r.stdout.split() == ["2.718281828459045", "-inf"]


def test_phys_twins_are_defined_on_first_use() -> None:
    """A run defines the twins its plan needs; a twin defined after the interpreter was
    made (a recompilation) still gets its local and dist kernels and its xDSL impl."""
    code = (
        "import sys, amls.tools.run\n"
        "from amls.dialects import matrix as mx, phys\n"
        "from amls.interpreter.engine import KERNELS, make_interpreter\n"
        "from amls.interpreter.phys.dist import DIST_KERNELS\n"
        "from xdsl.dialects.builtin import ModuleOp\n"
        "interp = make_interpreter(ModuleOp([]))\n"
        "made = set(phys.TWINS._made)\n"
        "assert mx.SolveOp not in made and len(made) < len(phys.TWINS) / 4, made\n"
        "assert mx.SolveOp in phys.TWINS\n"
        "t = phys.TWINS[mx.SolveOp]\n"
        "assert t.name == 'phys.solve' and t in KERNELS and t in DIST_KERNELS\n"
        "assert phys.TWINS[mx.SolveOp] is t and phys.TWINS.get(object) is None\n"
        "ops = {o.name for o in phys.Phys.operations}\n"
        "assert len(phys.TWINS._made) == len(phys.TWINS) and 'phys.rev' in ops\n"
        "print('ok')\n"
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 0 and r.stdout.strip() == "ok", r.stderr


EXAMPLES = sorted((ROOT / "examples").glob("*.mlir"))


@pytest.mark.parametrize("name", UPSTREAM_PASSES)
def test_each_listed_xdsl_pass_works_on_the_examples(name: str) -> None:
    """The xDSL passes amls-opt offers run on every example and leave IR that verifies
    and parses again with amls's dialects."""
    ctx = make_context()
    for path in EXAMPLES:
        module = parse_module(ctx, path.read_text(), str(path))
        PassPipeline.parse_spec(all_passes(), name).apply(ctx, module)
        verify_located(module)
        parse_module(make_context(), str(module), f"{path.name} after {name}")


# --- amls.startup: cached dataclass code and lazily parsed op formats ----------------

DATACLASSES = """
import dataclasses, sys
from amls.startup import install
cache = install()

@dataclasses.dataclass(frozen=True, order=True)
class P:
    x: int
    y: list = dataclasses.field(default_factory=list, compare=False)

@dataclasses.dataclass(kw_only=True)
class Q:
    a: float = 1.5
    b: str = "b"

p, q = P(2), P(1, [3])
assert sorted([p, q])[0] is q and p == P(2, [9]) and repr(q) == "P(x=1, y=[3])"
frozen = False
try:
    p.x = 3
except dataclasses.FrozenInstanceError:
    frozen = True
assert frozen, "frozen dataclass was assigned"
assert Q(b="c") == Q(a=1.5, b="c") and repr(Q()) == "Q(a=1.5, b='b')"
print(cache.added if cache is not None else "off")
"""


def run_dataclasses(tmp_path: Path, **env: str) -> str:
    import os

    full = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache"), **env}
    r = subprocess.run(
        [sys.executable, "-c", DATACLASSES], capture_output=True, text=True, env=full, cwd=ROOT
    )
    assert r.returncode == 0, r.stderr
    return r.stdout.strip()


def test_cached_dataclass_code_behaves_as_compiled(tmp_path: Path) -> None:
    """The first process compiles and saves the generated methods; the second takes every
    one from the file (nothing new compiled) and its dataclasses behave the same."""
    from amls.startup import cache_file

    assert int(run_dataclasses(tmp_path)) > 0
    assert (tmp_path / "cache" / "amls" / cache_file().name).is_file()
    assert run_dataclasses(tmp_path) == "0"
    assert run_dataclasses(tmp_path / "other", AMLS_CODE_CACHE="off") == "off"
    assert not (tmp_path / "other" / "cache").exists()


def test_code_cache_file_errors_cost_only_time(tmp_path: Path) -> None:
    from amls.startup import CodeCache

    path = tmp_path / "code.marshal"
    src = "def __create_fn__(k):\n def f(self):\n  return k\n return f"
    cache = CodeCache(path)
    ns: dict = {}
    cache.exec(src, {}, ns)
    assert cache.added == 1 and ns["__create_fn__"](3)(None) == 3
    cache.save()
    again = CodeCache(path)
    ns = {}
    again.exec(src, {}, ns)
    assert again.added == 0 and ns["__create_fn__"](4)(None) == 4
    path.write_bytes(b"\x00not marshal")  # corrupt: starts empty
    assert CodeCache(path).code == {}
    blocked = CodeCache(tmp_path / "file" / "code.marshal")
    (tmp_path / "file").write_text("a file where the directory would be")
    blocked.exec(src, {}, {})
    blocked.save()  # cannot write: nothing raised, nothing kept
    assert blocked.added == 0


def test_code_cache_of_many_versions_starts_over(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Entries of earlier versions are never used again: a file grown past MAX_ENTRIES
    (more to load than it saves) starts over, and the next save holds this run's only."""
    import marshal

    from amls import startup

    monkeypatch.setattr(startup, "MAX_ENTRIES", 3)
    path = tmp_path / "code.marshal"
    old = {f"x = {i}": compile(f"x = {i}", "<string>", "exec") for i in range(4)}
    path.write_bytes(marshal.dumps(old))
    cache = startup.CodeCache(path)
    assert cache.code == {}
    cache.exec("y = 1", {}, {})
    cache.save()
    assert list(marshal.loads(path.read_bytes())) == ["y = 1"]
    path.write_bytes(marshal.dumps(dict(list(old.items())[:3])))  # at the bound: kept
    assert len(startup.CodeCache(path).code) == 3


def test_every_op_format_amls_loads_parses() -> None:
    """Formats are parsed on first use in amls's tools: each one of every dialect amls
    registers must parse, so that no user input meets a broken one."""
    import xdsl.dialects.math  # noqa: F401  (registered on first use)

    from amls.startup import _parse_format

    ctx = make_context()
    checked = 0
    for name in ctx.registered_dialect_names:
        for op in ctx.get_dialect(name).operations:
            op_def = getattr(op, "get_irdl_definition", lambda: None)()
            if op_def is not None and op_def.assembly_format is not None:
                _parse_format(op_def.assembly_format, op_def)
                checked += 1
    assert checked > 40


def test_lazy_formats_print_and_parse_as_eager(tmp_path: Path) -> None:
    """An arith/scf program (formatted ops) round-trips through amls-opt, whose formats
    are parsed on first use, exactly as xDSL prints it with eager formats."""
    src = tmp_path / "loop.mlir"
    src.write_text(
        "func.func @main(%n: index) -> f64 {\n"
        "  %c0 = arith.constant 0 : index\n"
        "  %c1 = arith.constant 1 : index\n"
        "  %z = arith.constant 0.0 : f64\n"
        "  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %z) -> (f64) {\n"
        "    %one = arith.constant 1.5 : f64\n"
        "    %b = arith.addf %a, %one : f64\n"
        "    %c = arith.mulf %b, %b fastmath<fast> : f64\n"
        "    scf.yield %c : f64\n"
        "  }\n"
        "  func.return %r : f64\n"
        "}\n"
    )
    got = launch("amls-opt", src=src)
    assert got["code"] == 0
    eager = str(parse_module(make_context(), src.read_text(), str(src)))
    assert got["stdout"].strip() == eager.strip()
    assert "arith.mulf %b, %b fastmath<fast> : f64" in eager


def test_a_plugin_with_a_broken_op_format_fails_where_it_loads(tmp_path: Path) -> None:
    plugin = tmp_path / "badfmt.py"
    plugin.write_text(
        "from xdsl.irdl import IRDLOperation, irdl_op_definition, operand_def\n"
        "from xdsl.dialects.builtin import f64\n"
        "@irdl_op_definition\n"
        "class Bad(IRDLOperation):\n"
        "    name = 'badfmt.op'\n"
        "    x = operand_def(f64)\n"
        "    assembly_format = '$x $nosuch attr-dict'\n"
    )
    r = subprocess.run(
        [sys.executable, "-m", "amls.tools.opt", "--load-plugin", str(plugin), str(TINY)],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert r.returncode == 1 and "Traceback" not in r.stderr, r.stderr
    assert f"plugin '{plugin}' failed to load: PyRDLOpDefinitionError" in r.stderr
    assert "assembly format" in r.stderr


def test_jit_caches_only_while_amls_imports_and_compiles(tmp_path: Path) -> None:
    """In a user's process the speed-ups are on only inside amls: afterwards the user's
    dataclasses are compiled by Python and an op with a broken format fails where it is
    defined, as without amls."""
    script = tmp_path / "user.py"
    script.write_text(
        "import dataclasses\n"
        "import numpy as np\n"
        "import amls\n"
        "@amls.jit\n"
        "def gram(X):\n"
        "    return X.T @ X\n"
        "print(float(gram(np.ones((3, 2))).sum()))\n"
        "from amls.startup import _cache\n"
        "print(hasattr(dataclasses, 'exec'), len(_cache().code) > 100)\n"
        "from xdsl.irdl import IRDLOperation, irdl_op_definition, operand_def\n"
        "from xdsl.dialects.builtin import f64\n"
        "try:\n"
        "    @irdl_op_definition\n"
        "    class Bad(IRDLOperation):\n"
        "        name = 'user.bad'\n"
        "        x = operand_def(f64)\n"
        "        assembly_format = '$x $nosuch attr-dict'\n"
        "    print('defined')\n"
        "except Exception as e:\n"
        "    print(type(e).__name__)\n"
    )
    import os

    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache")}
    for _ in range(2):  # the second process reads the cache the first wrote
        r = subprocess.run(
            [sys.executable, str(script)], capture_output=True, text=True, env=env, cwd=tmp_path
        )
        assert r.returncode == 0, r.stderr
        assert r.stdout.split() == ["12.0", "False", "True", "PyRDLOpDefinitionError"]


def test_jit_freezes_at_exit_after_its_own_and_before_the_users_handlers(tmp_path: Path) -> None:
    """After the first compile, one atexit handler freezes the heap (CPython's last
    collection would walk the plans' IR): handlers registered later run before it, ones
    registered earlier after it, and output and the exit status are as without it."""
    script = tmp_path / "user.py"
    script.write_text(
        "import atexit, gc\n"
        "import numpy as np\n"
        "import amls\n"
        "atexit.register(lambda: print('early', gc.get_freeze_count() > 0))\n"
        "@amls.jit\n"
        "def gram(X):\n"
        "    return X.T @ X\n"
        "print(float(gram(np.ones((3, 2))).sum()), float(gram(np.ones((4, 3))).sum()))\n"
        "import sys\n"
        "print(sys.modules['amls.frontends.python.jit']._freeze_at_exit.cache_info().misses)\n"
        "atexit.register(lambda: print('late', gc.get_freeze_count() > 0))\n"
    )
    r = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert r.stdout.split("\n")[:-1] == ["12.0 36.0", "1", "late False", "early True"]


def test_architecture_is_platforms_answer_without_a_subprocess(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """amls.startup's stand-in for platform.architecture() (xDSL asks it when its
    Interpreter class is defined) answers as platform does, for this interpreter, without
    running `file`; other executables go to platform.architecture itself."""
    import platform

    from amls import startup

    real = platform.architecture  # platform's own (amls.tools.run installs the stand-in)
    if real is startup._architecture:
        real = startup._ARCHITECTURE[0]
    expected = real()
    ran: list[object] = []
    monkeypatch.setattr(subprocess, "check_output", lambda *a, **k: ran.append(a))
    monkeypatch.setattr(startup, "_ARCHITECTURE", [real])
    assert startup._architecture()[0] == expected[0]
    if shutil.which("file"):  # (without it platform cannot name the linkage)
        assert startup._architecture() == expected
    assert ran == []
    startup._architecture("/bin/sh")  # another binary: platform asks `file`
    assert len(ran) == 1

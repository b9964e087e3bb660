"""The plan cache (amls.interpreter.plan_cache): a second amls-run of the same program on
data of the same signature parses the plan the first one compiled, prints the same
results and the same located errors, and anything compiling reads changes the key.

The rest of the suite runs with AMLS_PLAN_CACHE=off (tests/conftest.py): each test
compiles, whatever ran before it."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
from xdsl.printer import Printer

from amls.interpreter import plan_cache
from amls.interpreter.entry import EntryCompiler
from amls.interpreter.plan_cache import PlanCache
from amls.tools.common import make_context, parse_module, read_source
from amls.tools.run import bind_arguments, build_arg_parser, lowering_pass

ROOT = Path(__file__).resolve().parents[2]
INPUTS = ROOT / "tests" / "filecheck" / "Inputs"
TINY = ROOT / "bench" / "startup_tiny.mlir"


def amls_run(cache: Path, *argv: str, **env: str) -> subprocess.CompletedProcess[str]:
    full = {**os.environ, "XDG_CACHE_HOME": str(cache), "AMLS_PLAN_CACHE": "on", **env}
    return subprocess.run(
        [sys.executable, "-m", "amls.tools.run", *argv],
        capture_output=True,
        text=True,
        env=full,
        cwd=ROOT,
    )


def plans(cache: Path) -> list[Path]:
    return sorted((cache / "amls" / "plans").glob("*.mlir"))


def results(out: str) -> list[str]:
    return [line for line in out.splitlines() if line.startswith("result_")]


def test_second_run_takes_the_plan_from_the_cache(tmp_path: Path) -> None:
    first = amls_run(tmp_path, str(TINY), "--arg", "n=2", "--stats")
    assert first.returncode == 0, first.stderr
    assert "compiled, kept in the plan cache" in first.stdout
    assert len(plans(tmp_path)) == 1
    second = amls_run(tmp_path, str(TINY), "--arg", "n=2", "--stats")
    assert second.returncode == 0, second.stderr
    assert "from the plan cache" in second.stdout
    assert results(second.stdout) == results(first.stdout)
    assert len(plans(tmp_path)) == 1
    # another scalar value is another signature: compiled and kept beside the first
    third = amls_run(tmp_path, str(TINY), "--arg", "n=3", "--stats")
    assert "compiled, kept" in third.stdout
    assert results(third.stdout) != results(first.stdout)
    assert len(plans(tmp_path)) == 2


def cards(cache: Path) -> list[Path]:
    return sorted((cache / "amls" / "plans").glob(f"*{plan_cache.CARD}"))


def run_in_process(
    cache: Path,
    argv: list[str],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> tuple[int, str, str, int]:
    """amls-run in this process: (exit code, stdout, stderr, how often it parsed the
    program)."""
    from amls.tools import common
    from amls.tools import run as run_tool

    monkeypatch.setenv("XDG_CACHE_HOME", str(cache))
    monkeypatch.setenv("AMLS_PLAN_CACHE", "on")
    parsed = []
    real = run_tool._parse_program

    def counting(*a: object) -> object:
        parsed.append(a)
        return real(*a)  # type: ignore[arg-type]

    monkeypatch.setattr(run_tool, "_parse_program", counting)
    capsys.readouterr()
    try:
        with common.user_errors("amls-run"):
            code = run_tool.run(argv)
    except SystemExit as e:
        code = int(e.code or 0)
    out, err = capsys.readouterr()
    return code, out, err, len(parsed)


def test_second_run_binds_its_arguments_through_the_entry_card(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The first run keeps the entry's card beside the plan; the second loads and checks
    its arguments through the card and finds the plan without parsing the program. Data
    of another signature miss the plan: the program is parsed then, once."""
    src = ROOT / "tests" / "filecheck" / "cli" / "run_data_facts.mlir"
    argv = [str(src), "--arg", f"X={INPUTS / 'X_3x2.npy'}", "--arg", f"y={INPUTS / 'y_3x1.csv'}"]
    first = run_in_process(tmp_path, [*argv, "--arg", "k=2"], monkeypatch, capsys)
    assert first[0] == 0 and first[3] == 1, first
    assert len(cards(tmp_path)) == 1 and len(plans(tmp_path)) == 1
    second = run_in_process(tmp_path, [*argv, "--arg", "k=2", "--stats"], monkeypatch, capsys)
    assert second[0] == 0 and second[3] == 0, second  # not parsed
    assert "from the plan cache" in second[1]
    assert results(second[1]) == results(first[1])
    other = run_in_process(tmp_path, [*argv, "--arg", "k=3", "--stats"], monkeypatch, capsys)
    assert other[0] == 0 and other[3] == 1, other  # no plan for k=3: parsed, compiled, kept
    assert "compiled, kept in the plan cache" in other[1]
    fresh = amls_run(tmp_path, *argv, "--arg", "k=3", AMLS_PLAN_CACHE="off")
    assert results(other[1]) == results(fresh.stdout)
    assert len(cards(tmp_path)) == 1 and len(plans(tmp_path)) == 2


@pytest.mark.parametrize(
    ("argv", "code"),
    [
        (["--arg", "m=1"], 2),  # no such parameter
        (["--arg", "s=1"], 2),  # X and y missing
        (["--arg", f"X={INPUTS / 'nan_3x2.csv'}", "--arg", "s=1"], 1),  # false claim: finite
        (["--arg", f"X={INPUTS / 'X_3x2.npy'}", "--arg", "s=2.5"], 1),  # |s| <= 2 is false
        (["--arg", f"X={INPUTS / 'X_3x2.npy'}", "--arg", "s=x"], 2),  # not a number
    ],
    ids=["unknown", "missing", "nan-claim", "absmax-claim", "not-a-number"],
)
def test_argument_errors_through_the_entry_card_are_the_programs(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    argv: list[str],
    code: int,
) -> None:
    """Arguments bound through the card are checked against the same types and stated
    facts, with the same message, location and exit code as from the parsed program."""
    src = ROOT / "tests" / "filecheck" / "cli" / "run_data_facts.mlir"
    good = ["--arg", f"X={INPUTS / 'X_3x2.npy'}", "--arg", "s=-1.5"]
    base = [str(src), "--entry", "claims", "--arg", f"y={INPUTS / 'y_3x1.csv'}"]
    assert run_in_process(tmp_path, [*base, *good], monkeypatch, capsys)[0] == 0
    assert len(cards(tmp_path)) == 1
    if argv[:2] == ["--arg", "m=1"]:
        argv = [*good, *argv]
    via_card = run_in_process(tmp_path, [*base, *argv], monkeypatch, capsys)
    assert via_card[3] == 0  # the card, not the program
    fresh = amls_run(tmp_path, *base, *argv, AMLS_PLAN_CACHE="off")
    assert (via_card[0], via_card[2]) == (fresh.returncode, fresh.stderr) == (code, fresh.stderr)
    assert fresh.stderr.count("error") == 1, fresh.stderr


def test_a_damaged_entry_card_is_a_miss(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = [str(TINY), "--arg", "n=2"]
    first = run_in_process(tmp_path, argv, monkeypatch, capsys)
    [card] = cards(tmp_path)
    card.write_text('"builtin.module"() ({ "no.such_op"() : () -> () }) : () -> ()\n')
    again = run_in_process(tmp_path, argv, monkeypatch, capsys)
    assert again[0] == 0 and again[3] == 1  # parsed the program
    assert results(again[1]) == results(first[1])
    assert not card.exists() or "no.such_op" not in card.read_text()


def test_off_keeps_nothing(tmp_path: Path) -> None:
    r = amls_run(tmp_path, str(TINY), "--arg", "n=2", "--stats", AMLS_PLAN_CACHE="off")
    assert r.returncode == 0, r.stderr
    assert "plan cache" not in r.stdout
    assert plans(tmp_path) == []


def test_cached_plan_reports_run_time_errors_at_the_users_line(tmp_path: Path) -> None:
    """The plan keeps its locations: a kernel failure names the file and line as after a
    fresh compile."""
    src = ROOT / "tests" / "filecheck" / "cli" / "run_kernel_errors.mlir"
    argv = [str(src), "--entry", "inv_singular", "--arg", f"A={INPUTS / 'singular_2x2.npy'}"]
    first = amls_run(tmp_path, *argv)
    second = amls_run(tmp_path, *argv)
    assert len(plans(tmp_path)) == 1
    assert first.returncode == second.returncode == 1
    assert "run_kernel_errors.mlir:28:3: error:" in first.stderr
    assert second.stderr == first.stderr


def test_data_facts_are_part_of_the_key(tmp_path: Path) -> None:
    """Same program, data of other sizes: another plan (each compiled for its data)."""
    src = ROOT / "tests" / "filecheck" / "cli" / "run_data_facts.mlir"
    common = [str(src), "--arg", f"y={INPUTS / 'y_3x1.csv'}", "--arg", "k=2", "--explain"]
    a = amls_run(tmp_path, *common, "--arg", f"X={INPUTS / 'X_3x2.npy'}")
    a2 = amls_run(tmp_path, *common, "--arg", f"X={INPUTS / 'X_3x2.npy'}")
    assert a.returncode == a2.returncode == 0, a.stderr
    assert a2.stdout == a.stdout  # --explain prints the same plan, from the cache
    assert len(plans(tmp_path)) == 1


def test_no_cache_with_rewrite_trace(tmp_path: Path) -> None:
    r = amls_run(tmp_path, str(TINY), "--arg", "n=2", "--rewrite-trace")
    assert r.returncode == 0, r.stderr
    assert plans(tmp_path) == []


def compiler(path: Path, argv: list[str], cache: PlanCache, key: str = "") -> EntryCompiler:
    args = build_arg_parser().parse_args([str(path), *argv])
    ctx = make_context()
    text, name = read_source(str(path))
    module = parse_module(ctx, text, name)
    return EntryCompiler(
        module,
        ctx,
        args.opt_level,
        "main",
        lowering_pass(args),
        consume=True,
        plans=cache,
        source_key=key or f"{name}\0{text}",
    )


def generic(module: object) -> str:
    out = io.StringIO()
    Printer(out, print_generic_format=True, print_debuginfo=True).print_op(module)  # type: ignore[arg-type]
    return out.getvalue()


@pytest.mark.parametrize(
    "example", sorted(p.name for p in (ROOT / "examples").glob("*.mlir")), ids=str
)
def test_example_plans_round_trip(tmp_path: Path, example: str) -> None:
    """Every example's -O2 plan, stored and parsed back, is the plan compiled: the same
    ops, attributes, types and locations (so it runs as the compiled one does)."""
    cache = PlanCache(tmp_path)
    path = ROOT / "examples" / example
    fresh = compiler(path, [], cache).compile([])
    assert not fresh.cached and len(list(tmp_path.glob("*.mlir"))) == 1
    hit = compiler(path, [], cache).compile([])
    assert hit.cached
    assert generic(hit.module) == generic(fresh.module)


def test_key_changes_with_what_compiling_reads(tmp_path: Path) -> None:
    cache = PlanCache(tmp_path)
    base = ("f.mlir\0text", "O2", "main", "lower-to-phys", "(3x2)", "ndarray")
    k = cache.key(base)
    assert cache.key(base) == k
    for i in range(len(base)):
        changed = base[:i] + (base[i] + "!",) + base[i + 1 :]
        assert cache.key(changed) != k, i


def test_source_files_see_an_edit(tmp_path: Path) -> None:
    """The fingerprint of amls's code: a changed size or mtime of any source file."""
    (tmp_path / "sub").mkdir()
    f = tmp_path / "sub" / "m.py"
    f.write_text("x = 1\n")
    before = plan_cache._source_files([str(tmp_path)])
    assert len(before) == 1
    f.write_text("x = 22\n")
    assert plan_cache._source_files([str(tmp_path)]) != before


def test_a_damaged_plan_is_a_miss(tmp_path: Path) -> None:
    cache = PlanCache(tmp_path)
    c = compiler(TINY, ["--arg", "n=2"], cache)
    values = bind_arguments(c.source.ops.first, ["n=2"])
    c.compile(values)
    [stored] = tmp_path.glob("*.mlir")
    stored.write_text('"builtin.module"() ({ "no.such_op"() : () -> () }) : () -> ()\n')
    again = compiler(TINY, ["--arg", "n=2"], cache)
    compiled = again.compile(values)
    assert not compiled.cached  # compiled again, and the good plan stored in its place
    assert "no.such_op" not in stored.read_text()
    third = compiler(TINY, ["--arg", "n=2"], cache).compile(values)
    assert third.cached


def test_a_compile_that_warns_is_not_kept(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A warning printed while compiling (a rewrite bound, ipa without a fixpoint) must be
    printed by the next run too: such a plan is not stored."""
    from amls.interpreter import entry

    real = entry.compile_module

    def warns(*args: object, **kwargs: object) -> object:
        print("rewrite-fixpoint: warning: no fixpoint after 1 rounds", file=sys.stderr)
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(entry, "compile_module", warns)
    cache = PlanCache(tmp_path)
    compiler(ROOT / "examples" / "kmeans.mlir", [], cache).compile([])
    assert "warning" in capsys.readouterr().err
    assert list(tmp_path.glob("*.mlir")) == []
    monkeypatch.setattr(entry, "compile_module", real)
    compiler(ROOT / "examples" / "kmeans.mlir", [], cache).compile([])
    assert len(list(tmp_path.glob("*.mlir"))) == 1


def test_unwritable_cache_directory_runs_without(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    cache = PlanCache(blocker / "plans")  # a file where the directory would be
    c = compiler(TINY, ["--arg", "n=2"], cache)
    values = bind_arguments(c.source.ops.first, ["n=2"])
    compiled = c.compile(values)
    assert not compiled.cached and cache.last_path is None
    assert blocker.read_text() == ""


def write_matrix(path: Path, rows: list[list[float]]) -> None:
    path.write_text("\n".join(",".join(str(v) for v in r) for r in rows) + "\n")
    meta = f'{{"data_type": "matrix", "format": "csv", "rows": {len(rows)}, '
    path.with_name(path.name + ".mtd").write_text(meta + f'"cols": {len(rows[0])}}}\n')


def test_dml_plan_is_kept_with_the_files_its_translation_read(tmp_path: Path) -> None:
    """A DML script's plan is found before translating it; it is used only while the .mtd
    files and sourced scripts its translation read are as they were, and for the same
    -args."""
    cache = tmp_path / "cache"
    x = tmp_path / "X.csv"
    write_matrix(x, [[1.0, 2.0], [3.0, 4.0]])
    lib = tmp_path / "lib.dml"
    lib.write_text("twice = function(Matrix[Double] A) return (Matrix[Double] B) { B = 2 * A }\n")
    script = tmp_path / "s.dml"
    script.write_text(
        f'source("{lib}") as lib\nX = read($1)\nY = lib::twice(X)\nprint(sum(Y %*% t(Y)))\n'
    )
    first = amls_run(cache, str(script), "--stats", "-args", str(x))
    assert first.returncode == 0, first.stderr
    assert "compiled, kept in the plan cache" in first.stdout
    second = amls_run(cache, str(script), "--stats", "-args", str(x))
    assert "from the plan cache" in second.stdout
    assert second.stdout.splitlines()[0] == first.stdout.splitlines()[0] == "208.0"

    write_matrix(x, [[1.0, 2.0, 3.0]])  # other dims in the .mtd: the plan is not used
    third = amls_run(cache, str(script), "--stats", "-args", str(x))
    assert third.returncode == 0, third.stderr
    assert "compiled, kept" in third.stdout
    assert third.stdout.splitlines()[0] == "56.0"

    lib.write_text("twice = function(Matrix[Double] A) return (Matrix[Double] B) { B = 3 * A }\n")
    fourth = amls_run(cache, str(script), "--stats", "-args", str(x))
    assert "compiled, kept" in fourth.stdout
    assert fourth.stdout.splitlines()[0] == "126.0"

    y = tmp_path / "Y.csv"
    write_matrix(y, [[1.0], [1.0]])
    fifth = amls_run(cache, str(script), "--stats", "-args", str(y))  # other -args
    assert "compiled, kept" in fifth.stdout
    assert fifth.stdout.splitlines()[0] == "36.0"


@pytest.mark.parametrize(
    "example", sorted(p.name for p in (ROOT / "examples").glob("*.mlir")), ids=str
)
def test_examples_print_the_same_results_from_a_cached_plan(tmp_path: Path, example: str) -> None:
    """End to end: each example run twice, the second from its cached plan, prints the
    same results to the last digit."""
    path = str(ROOT / "examples" / example)
    first = amls_run(tmp_path, path, "--stats")
    second = amls_run(tmp_path, path, "--stats")
    assert first.returncode == second.returncode == 0, first.stderr + second.stderr
    assert "compiled, kept in the plan cache" in first.stdout
    assert "from the plan cache" in second.stdout
    assert results(second.stdout) == results(first.stdout) != []


def test_non_ascii_strings_survive_the_plan_and_a_round_trip(tmp_path: Path) -> None:
    """xDSL prints "é" as escaped UTF-8 bytes and reads that back as a BytesAttr: a DML
    print label with an accent failed once its plan came from the cache, and amls-opt's
    output read back held bytes. Both read strings now (amls.dialects.parsing)."""
    script = tmp_path / "u.dml"
    script.write_text('print("héllo ✓")\nX = matrix(1, 2, 2)\nprint(toString(X, sep="→"))\n')
    first = amls_run(tmp_path, str(script))
    second = amls_run(tmp_path, str(script), "--stats")
    assert first.returncode == second.returncode == 0, second.stderr
    assert "from the plan cache" in second.stdout
    assert first.stdout.startswith("héllo ✓\n1.000→1.000\n")
    assert second.stdout.startswith(first.stdout)
    src = tmp_path / "p.mlir"
    src.write_text(
        "func.func @main() {\n  %x = arith.constant 1.0 : f64\n"
        '  matrix.print %x {label = "naïve →"} : f64\n  func.return\n}\n'
    )
    opt = [sys.executable, "-m", "amls.tools.opt"]
    once = subprocess.run([*opt, str(src)], capture_output=True, text=True, check=True).stdout
    twice = subprocess.run([*opt], input=once, capture_output=True, text=True, check=True)
    assert twice.stdout == once
    (tmp_path / "q.mlir").write_text(once)
    run = amls_run(tmp_path, str(tmp_path / "q.mlir"), AMLS_PLAN_CACHE="off")
    assert run.returncode == 0 and run.stdout.startswith("naïve →"), run.stderr + run.stdout

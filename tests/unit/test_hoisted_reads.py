"""A program's leading reads are loaded and scanned as arguments (amls.interpreter.reads):
the rules that need finite data fire on files a DML script reads, the answer stays the
-O0 answer, and a read that must stay in place stays."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

AMLS_RUN = str(Path(sys.executable).with_name("amls-run"))

SUM_MM = """X = read($X)
Y = read($Y)
print(sum(X %*% Y))
"""


def _csv(path: Path, x: np.ndarray) -> str:
    np.savetxt(path, x, delimiter=",")
    r, c = x.shape
    path.with_name(path.name + ".mtd").write_text(
        f'{{"data_type":"matrix","value_type":"double","rows":{r},"cols":{c},'
        '"format":"csv","header":false}'
    )
    return str(path)


def _run(tmp: Path, script: str, *args: str, cache: bool = True) -> subprocess.CompletedProcess:
    f = tmp / "p.dml"
    f.write_text(script)
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp / "cache")}
    env["AMLS_PLAN_CACHE"] = "on" if cache else "off"  # (the suite turns it off)
    return subprocess.run(
        [AMLS_RUN, str(f), *args], capture_output=True, text=True, env=env, cwd=tmp
    )


@pytest.fixture
def data(tmp_path: Path) -> dict[str, str]:
    rng = np.random.default_rng(3)
    return {
        "X": _csv(tmp_path / "X.csv", rng.random((30, 8))),
        "Y": _csv(tmp_path / "Y.csv", rng.random((8, 30))),
    }


def test_sum_mm_fires_on_read_data(tmp_path: Path, data: dict[str, str]) -> None:
    nv = ["-nvargs", f"X={data['X']}", f"Y={data['Y']}"]
    traced = _run(tmp_path, SUM_MM, "--rewrite-trace", *nv)
    assert traced.returncode == 0, traced.stderr
    assert "compiled for (30x8 nnz=240 |x|<=1.0, 8x30 nnz=240 |x|<=1.0)" in traced.stderr
    assert "rewrite: sum-mm at" in traced.stderr
    o0 = _run(tmp_path, SUM_MM, "-O0", *nv)
    want = float(o0.stdout)
    first, second = _run(tmp_path, SUM_MM, "--stats", *nv), _run(tmp_path, SUM_MM, "--stats", *nv)
    assert "kept in the plan cache" in first.stdout
    assert "from the plan cache" in second.stdout  # found through the entry card
    for out in (first, second):
        assert float(out.stdout.splitlines()[0]) == pytest.approx(want, rel=1e-12)


def test_nonfinite_file_gets_another_plan(tmp_path: Path, data: dict[str, str]) -> None:
    nv = ["-nvargs", f"X={data['X']}", f"Y={data['Y']}"]
    assert _run(tmp_path, SUM_MM, *nv).returncode == 0  # a plan for finite data, kept
    x = np.loadtxt(data["X"], delimiter=",")
    x[0, 0], x[1, 0] = np.inf, -np.inf  # (X %*% Y) holds NaN; colSums %*% rowSums too
    np.savetxt(data["X"], x, delimiter=",")
    out = _run(tmp_path, SUM_MM, "--rewrite-trace", *nv)
    assert "held-back: sum-mm" in out.stderr
    assert out.stdout.strip().splitlines()[-1] == "NaN"


def test_read_error_is_at_the_read(tmp_path: Path, data: dict[str, str]) -> None:
    bad = tmp_path / "bad.csv"
    bad.write_text("1,2\n3\n")
    for cache in (True, False):
        out = _run(tmp_path, SUM_MM, "-nvargs", f"X={bad}", f"Y={data['Y']}", cache=cache)
        assert out.returncode == 1
        assert "p.dml:1:5: error: read: cannot read" in out.stderr, out.stderr
        assert "Traceback" not in out.stderr


@pytest.mark.parametrize(
    ("program", "hoisted"),
    [
        (SUM_MM, "%X: 30x8"),
        ('print("start")\n' + SUM_MM, "%X: 30x8"),  # past a print
        # a file the program writes first is read where it is
        (
            'X = read($X)\nwrite(X * 2, "X2.csv", format="csv")\n'
            'Z = read("X2.csv", format="csv", rows=30, cols=8)\nprint(sum(Z) / sum(X))\n',
            None,
        ),
        # a read after a loop stays after it
        ("s = 0\nfor (i in 1:3) { s = s + i }\nX = read($X)\nprint(sum(X) + s)\n", None),
    ],
)
# (not `script`: the DML oracle's fixture collects every test's `script` parameter)
def test_which_reads_move(
    tmp_path: Path, data: dict[str, str], program: str, hoisted: str | None
) -> None:
    nv = ["-nvargs", f"X={data['X']}", f"Y={data['Y']}"]
    out = _run(tmp_path, program, "--explain", *nv)
    assert out.returncode == 0, out.stderr
    header = next(line for line in out.stdout.splitlines() if line.startswith("func @main"))
    if hoisted is None:
        assert "phys.read" in out.stdout
        assert header.startswith("func @main(%X: 30x8") == ("X2.csv" in program)
    else:
        assert hoisted in header
    o0 = _run(tmp_path, program, "-O0", *nv)
    got = out.stdout.strip().splitlines()[-1]
    assert float(o0.stdout.strip().splitlines()[-1]) == pytest.approx(float(got), rel=1e-12)


def test_mlir_read_becomes_a_parameter(tmp_path: Path, data: dict[str, str]) -> None:
    prog = tmp_path / "r.mlir"
    prog.write_text(
        "func.func @main(%k: f64) -> f64 {\n"
        f'  %X = matrix.read {{path = "{data["X"]}", format = "csv"}} : !matrix.mat<?x?xf64>\n'
        "  %s = matrix.reduce sum all %X : (!matrix.mat<?x?xf64>) -> f64\n"
        "  %r = arith.mulf %s, %k : f64\n"
        "  func.return %r : f64\n}\n"
    )
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache"), "AMLS_PLAN_CACHE": "on"}
    runs = [
        subprocess.run(
            [AMLS_RUN, str(prog), "--arg", "k=2", *extra],
            capture_output=True,
            text=True,
            env=env,
        )
        for extra in (["--explain"], ["-O0"], [])
    ]
    assert all(r.returncode == 0 for r in runs), [r.stderr for r in runs]
    assert "compiled for (=2.0, 30x8 nnz=240 |x|<=1.0)" in runs[0].stdout
    want = 2 * np.loadtxt(data["X"], delimiter=",").sum()
    for r in runs:
        assert float(r.stdout.split("=")[-1]) == pytest.approx(want, rel=1e-12)
    bad = subprocess.run([AMLS_RUN, str(prog), "--arg", "X=1"], capture_output=True, text=True)
    assert bad.returncode == 2 and "has no parameter 'X' (parameters: k)" in bad.stderr

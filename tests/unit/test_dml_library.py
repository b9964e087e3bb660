"""The DML library (frontends/dml/lib): SystemDS's DML-bodied builtins (lm, scale,
toOneHot, ...) loaded when a script calls them; their numbers are the oracle test's
(tests/dml/builtin_lib_*.dml against SystemDS 3.4), here the same at -O0 and -O2, how
they are bound and where their errors point."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from dml_oracle import DML_DIR, make_inputs, read_outputs, run_amls

from amls.frontends.dml import DMLError, import_dml
from amls.frontends.dml import translate as T
from amls.interpreter.engine import OpFailure, run_function
from amls.lowering.diagnostics import UserError
from amls.lowering.pipeline import compile_module, make_pass
from amls.tools.common import make_context, verify_located

LIB_SCRIPTS = sorted(DML_DIR.glob("builtin_lib_*.dml"))
LIB = str(T.LIBRARY)


@pytest.fixture(scope="module")
def data(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    return make_inputs(tmp_path_factory.mktemp("lib_inputs"))


@pytest.mark.parametrize("dml_file", LIB_SCRIPTS, ids=[s.stem for s in LIB_SCRIPTS])
def test_same_outputs_at_O0_and_O2(dml_file: Path, data: dict[str, str], tmp_path: Path) -> None:
    run_amls(dml_file, data, tmp_path / "O0", "O0")
    run_amls(dml_file, data, tmp_path / "O2", "O2")
    low, high = read_outputs(tmp_path / "O0"), read_outputs(tmp_path / "O2")
    assert low and sorted(low) == sorted(high)
    for name, a in low.items():
        np.testing.assert_allclose(high[name], a, rtol=1e-9, atol=1e-12, err_msg=name)


def run(text: str, capsys: pytest.CaptureFixture[str], level: str = "O0") -> str:
    module = import_dml(text, "t.dml", (), {})
    verify_located(module)
    compile_module(module, make_context(), level, "main", make_pass("lower-to-phys", dist=False))
    capsys.readouterr()
    run_function(module, "main", [])
    return capsys.readouterr().out


def run_error(text: str, level: str) -> str:
    """The located message of a script that fails (when translated, compiled or run)."""
    try:
        module = import_dml(text, "t.dml", (), {})
        verify_located(module)
        compile_module(
            module, make_context(), level, "main", make_pass("lower-to-phys", dist=False)
        )
        run_function(module, "main", [])
    except DMLError as e:
        return str(e)
    except OpFailure as e:
        return e.located()
    except UserError as e:
        return str(e)
    raise AssertionError("no error")


XY = 'X = matrix("1 2 3 4 5 7 2 2 0 1", rows=5, cols=2)\ny = matrix("1 3 4 2 0", rows=5, cols=1)\n'


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (
            "B = lm(X=X, why=y)",
            "t.dml:3:13: error: lm: no parameter named 'why' (parameters: X, y, icpt, reg, "
            "tol, maxi, verbose)",
        ),
        ("Y = toOneHot(y)", "t.dml:3:5: error: toOneHot: missing argument 'numClasses'"),
        # as SystemDS 3.4: winsorize's verbose has no default
        ("Y = winsorize(X=X)", "t.dml:3:5: error: winsorize: missing argument 'verbose'"),
        (
            "Y = outlierByIQR(X=X)",
            "t.dml:3:5: error: outlierByIQR: missing argument 'max_iterations'",
        ),
        (
            'Y = toOneHot(y, "4")',
            "t.dml:3:5: error: toOneHot: argument 'numClasses' must be an integer, got a string",
        ),
        ("Y = dist(3)", "t.dml:3:5: error: dist: argument 'X' must be a matrix, got a scalar"),
        ("[A, B, C, D] = scale(X)", "t.dml:3:16: error: scale returns 3 values, 4 are assigned"),
        ("Y = lmPredict(X, y, y, 0, FALSE, 1)", "t.dml:3:34: error: lmPredict: too many"),
        (
            "Y = logSumExp(X, 1)",
            "t.dml:3:5: error: logSumExp: argument 'margin' must be a string known when the "
            "script is translated",
        ),
        # the library's helpers are not builtins
        ("[A, B, C] = amls_lmSetup(X, 1)", "t.dml:3:13: error: unknown function 'amls_lmSetup'"),
    ],
)
@pytest.mark.parametrize("level", ["O0", "O2"])
def test_call_errors_at_the_call(call: str, message: str, level: str) -> None:
    assert run_error(XY + call + "\nprint(sum(Y))", level).startswith(message)


@pytest.mark.parametrize(
    ("call", "message", "where"),
    [
        # a stop in the library: at the user's call, naming the library's line
        (
            "Y = toOneHot(y + 1, 3)",
            "t.dml:3:5: error: stop: toOneHot: numClasses (3) is below the largest value "
            "in X (5.0)",
            "encode.dml:",
        ),
        (
            "Y = toOneHot(X=y, numClasses=4)",
            "t.dml:3:5: error: stop: toOneHot: the values in X must be at least 1, found 0.0",
            "encode.dml:",
        ),
        (
            "[R, Y] = l2svmPredict(X=X, W=y)",
            "t.dml:3:10: error: stop: l2svmPredict: W has 5 rows, X has 2 columns",
            "svm.dml:",
        ),
        (
            "[Y, a] = confusionMatrix(y + 1, y)",
            "t.dml:3:10: error: stop: confusionMatrix: labels must be at least 1, min(P) is "
            "1.0, min(Y) is 0.0",
            "metrics.dml:",
        ),
        (
            "[Y, c] = naiveBayes(D=X, C=y / 2 + 1)",
            "t.dml:3:10: error: stop: naiveBayes: labels must be integers",
            "bayes.dml:",
        ),
        (
            "Y = msvm(X=X, Y=y - 1)",
            "t.dml:3:5: error: stop: msvm: labels must not be negative, min(Y) is -1.0",
            "svm.dml:",
        ),
        (
            "Y = f1Score(y + 1, y + 1)",
            "t.dml:3:5: error: stop: f1Score: binary labels only (1 and 2), the largest is 5",
            "metrics.dml:",
        ),
        (
            'Y = logSumExp(X, "diag")',
            "t.dml:3:5: error: stop: logSumExp: margin must be rows, cols or none, got diag",
            "nn.dml:",
        ),
        (
            "Y = pageRank(G=X %*% t(X), seed=3)",
            "t.dml:3:5: error: stop: pageRank: a seeded random start vector is not supported "
            "(seed 3): pass the start vector p",
            "graph.dml:",
        ),
        (
            "Y = outlierBySd(X=X, k=0.5, max_iterations=1)",
            "t.dml:3:5: error: stop: outlierBySd: k must be from 1 to 10, got 0.5",
            "clean.dml:",
        ),
        (
            "Y = outlierByIQR(X=rbind(X, X * 9), k=0.1, repairMethod=3, max_iterations=1)",
            "t.dml:3:5: error: stop: outlierByIQR: repairMethod must be 0, 1 or 2, got 3",
            "clean.dml:",
        ),
        (
            "Y = knnbf(X=X, T=X, k_value=6)",
            "t.dml:3:5: error: stop: knnbf: cannot pick 6 nearest neighbours from 5 rows",
            "cluster.dml:",
        ),
        # an op of the library that fails on the user's data
        (
            "Y = lmPredict(X=X, B=y[1:1, ])",
            "t.dml:3:5: error: right indexing: ",
            "lm.dml:",
        ),
        ("Y = scaleApply(X, t(y), t(y))", "t.dml:3:5: error: -: ", "scale.dml:"),
    ],
)
@pytest.mark.parametrize("level", ["O0", "O2"])
def test_errors_inside_the_library_point_at_the_call(
    call: str, message: str, where: str, level: str
) -> None:
    got = run_error(XY + call + "\nprint(sum(Y))", level)
    assert got.startswith(message), got
    name = call.split("(")[0].split("=")[1].strip()
    assert f"(in {name}, {LIB}/{where}" in got, got


def test_error_translating_the_library_names_its_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "broken.dml").write_text(
        "twice = function(Matrix[Double] X) return (Matrix[Double] Y) {\n"
        "  Y = helperOf(X)\n"
        "}\n"
        "helperOf = function(Matrix[Double] X) return (Matrix[Double] Y) {\n"
        "  Y = X + undefinedName\n"
        "}\n"
    )
    monkeypatch.setattr(T, "LIBRARY", tmp_path)
    monkeypatch.setattr(T, "_LIBRARY_INDEX", None)
    with pytest.raises(DMLError) as e:
        import_dml("A = matrix(1, rows=2, cols=2)\nB = twice(A)\nprint(sum(B))", "t.dml")
    assert str(e.value) == (
        "t.dml:2:5: error: twice: undefined variable 'undefinedName' "
        f"(in the library, {tmp_path}/broken.dml:5:11)"
    )
    monkeypatch.setattr(T, "_LIBRARY_INDEX", None)  # (the real library for later tests)


@pytest.mark.parametrize("level", ["O0", "O2"])
def test_binding_as_documented(level: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Positional arguments with the defaults left out (SystemDS 3.4 fails on these:
    "Missing default expression"), named ones in any order, the first result alone."""
    text = XY + (
        "A = lm(X, y, 1)\n"
        "B = lm(verbose=FALSE, icpt=1, y=y, X=X)\n"
        "print(sum(abs(A - B)))\n"
        "[S, c, s] = scale(X, FALSE)\n"
        "S1 = scale(X=X, center=FALSE)\n"
        "print(sum(abs(S - S1)) + nrow(c) + ncol(c))\n"
        "e = mse(X, y %*% matrix(1, rows=1, cols=2))\n"
        "print(as.scalar(e))\n"
    )
    out = run(text, capsys, level).splitlines()
    assert out[-3:] == ["0.0", "0.0", "1.3"]


def test_scripts_own_functions_come_first(capsys: pytest.CaptureFixture[str]) -> None:
    """A script's function of a builtin's name is the one called; the library's functions
    call the library's (normalize's normalizeApply, not the script's)."""
    text = XY + (
        "mse = function(Matrix[Double] X, Matrix[Double] Y) return (Double e) { e = -1 }\n"
        "normalizeApply = function(Matrix[Double] X, Matrix[Double] cmin, "
        "Matrix[Double] cmax) return (Matrix[Double] Y) { Y = X * 0 - 5 }\n"
        "print(mse(X, X))\n"
        "[N, lo, hi] = normalize(X)\n"
        "print(min(N) + max(N))\n"
        "print(min(normalizeApply(X, lo, hi)))\n"
    )
    assert run(text, capsys).splitlines()[-3:] == ["-1.0", "1.0", "-5.0"]


def test_one_copy_per_call_located_at_it() -> None:
    """Each call in the script gets its library functions (lm's lmDS too), their ops at
    the library's lines, at that call."""
    text = XY + "A = lm(X=X, y=y, verbose=FALSE)\nB = lm(X=X, y=y, icpt=2, verbose=FALSE)\n"
    module = import_dml(text + "print(sum(A) + sum(B))", "t.dml")
    names = [op.sym_name.data for op in module.ops if hasattr(op, "sym_name")]
    assert names == [
        "main", "lm", "lmDS", "amls_lmSetup", "lmCG",
        "lm_2", "lmDS_2", "amls_lmSetup_2", "lmCG_2",
    ]  # fmt: skip
    from io import StringIO

    from xdsl.printer import Printer

    out = StringIO()
    Printer(stream=out, print_debuginfo=True).print_op(module)
    text = out.getvalue()
    assert f'callsite("{LIB}/lm.dml":' in text
    assert 'at "lm"("t.dml":3:5))' in text and 'at "lm"("t.dml":4:5))' in text


def test_translation_depends_on_the_library_files() -> None:
    consulted: list[str] = []
    import_dml(XY + "Y = softmax(X)\nprint(sum(Y))", "t.dml", consulted=consulted)
    assert f"{LIB}/nn.dml" in consulted


def test_amls_run_reports_one_line(tmp_path: Path) -> None:
    f = tmp_path / "bad.dml"
    f.write_text(XY + "Y = toOneHot(y, 2)\nprint(sum(Y))\n")
    r = subprocess.run(
        [sys.executable, "-m", "amls.tools.run", str(f)], capture_output=True, text=True
    )
    assert r.returncode == 1
    assert r.stderr.strip().splitlines() == [
        f"{f}:3:5: error: stop: toOneHot: numClasses (2) is below the largest value in X "
        f"(4.0) (in toOneHot, {LIB}/encode.dml:10:5)"
    ]


def test_the_library_ships_with_the_package() -> None:
    """pyproject's package data takes lib/*.dml (a non-editable install has them)."""
    import tomllib

    root = Path(__file__).resolve().parents[2]
    cfg = tomllib.loads((root / "pyproject.toml").read_text())
    assert cfg["tool"]["setuptools"]["package-data"]["amls.frontends.dml"] == ["lib/*.dml"]
    assert T.LIBRARY == root / "frontends" / "dml" / "lib"
    index = T.library_index()
    for name in ["toOneHot", "scale", "scaleApply", "normalize", "normalizeApply", "mse",
                 "lm", "lmDS", "lmCG", "lmPredict", "l2svm", "l2svmPredict", "winsorize",
                 "winsorizeApply", "imputeByMean", "imputeByMeanApply", "confusionMatrix",
                 "dist", "softmax", "multiLogReg", "multiLogRegPredict", "msvm",
                 "msvmPredict", "kmeansPredict", "naiveBayes", "naiveBayesPredict",
                 "imputeByMedian", "imputeByMedianApply", "imputeByMode",
                 "imputeByModeApply", "outlier", "rmse", "nrmse", "mae", "mape", "smape",
                 "msmape", "psnr", "getAccuracy", "f1Score", "cor", "scaleMinMax",
                 "pcaTransform", "pcaInverse", "logSumExp", "pageRank", "cvlm",
                 "scaleRobust", "scaleRobustApply", "outlierByIQR", "outlierByIQRApply",
                 "outlierBySd", "outlierBySdApply", "steplm", "lmPredictStats", "knnbf",
                 "skewness"]:  # fmt: skip
        assert name in index and name not in T.NOT_YET
    from amls.frontends.dml.builtins import BUILTINS

    stale = sorted(n for n in T.NOT_YET if n in BUILTINS or n in index)
    assert not stale, f"NOT_YET names that exist: {stale}"


@pytest.mark.parametrize("level", ["O0", "O2"])
def test_string_parameters_are_constants(level: str, capsys: pytest.CaptureFixture[str]) -> None:
    """A function's String parameter (the script's or the library's, logSumExp's margin):
    one function per set of string arguments, the strings constants in its body."""
    text = (
        'f = function(Matrix[Double] X, String how = "sum") return (Double y) {\n'
        '  if (how == "sum") { y = sum(X) } else { y = max(X) }\n'
        "}\n"
        'X = matrix("1 2 3 4", rows=2, cols=2)\n'
        'print(f(X) + " " + f(X, "max") + " " + f(X=X, how="sum"))\n'
        'print(as.scalar(logSumExp(X, "none")) - log(sum(exp(X))))\n'
        'print(sum(abs(logSumExp(M=X, margin="rows") - log(rowSums(exp(X))))) < 1e-12)\n'
    )
    assert run(text, capsys, level).splitlines() == ["10.0 4.0 10.0", "0.0", "TRUE"]
    module = import_dml(text, "t.dml")
    names = [op.sym_name.data for op in module.ops if hasattr(op, "sym_name")]
    assert names == ["main", "f", "f_2", "logSumExp", "logSumExp_2"]


@pytest.mark.parametrize("level", ["O0", "O2"])
def test_page_rank_default_start(level: str, capsys: pytest.CaptureFixture[str]) -> None:
    """pageRank's default start vector is rand's (unseeded): the ranks of a symmetric
    graph are the same from any start."""
    text = (
        "G = matrix(0.5, rows=3, cols=3) * (1 - diag(matrix(1, rows=3, cols=1)))\n"
        "p = pageRank(G=G, max_iter=60)\n"
        "print(abs(as.scalar(p[1, 1]) - as.scalar(p[3, 1])) < 1e-9)\n"
    )
    assert run(text, capsys, level).splitlines() == ["TRUE"]

"""DML's table, removeEmpty, outer and order builtins: arguments, results and errors."""

from __future__ import annotations

import numpy as np
import pytest

from amls.frontends.dml import DMLError, import_dml
from amls.interpreter.engine import run_function
from amls.lowering.pipeline import compile_module, make_pass
from amls.tools.common import make_context, verify_located


def run_dml(text: str, level: str) -> tuple[object, ...]:
    """Translate, compile at `level` and run a script."""
    module = import_dml(text, "t.dml", (), {})
    verify_located(module)
    compile_module(module, make_context(), level, "main", make_pass("lower-to-phys", dist=False))
    return run_function(module, "main", [])


@pytest.mark.parametrize("level", ["O0", "O2"])
@pytest.mark.parametrize(
    ("expr", "want"),
    [  # the values SystemDS 3.4 prints for the same expressions
        ('sum(table(A, B) * matrix("1 2 3 4 5 6", rows=3, cols=2))', 0 * 1 + 2 * 2 + 3 + 4 + 5),
        ("sum(table(A, B, W, 2, 2))", 7.5),
        ("nrow(table(A, B, 4, 3)) * 10 + ncol(table(A, B, 4, 3))", 43),
        ('sum(table(A, 1, 2.0) * matrix("1 0 0", rows=3, cols=1))', 4.0),
        ('nrow(removeEmpty(target=X, margin="rows"))', 2),
        ('ncol(removeEmpty(target=X, margin="cols"))', 2),
        ('nrow(removeEmpty(target=X * 0, margin="rows"))', 1),
        ('nrow(removeEmpty(target=X * 0, margin="rows", empty.return=FALSE))', 0),
        ('sum(removeEmpty(target=X, margin="rows", select=A[1:3, ] > 1))', 5.0),
        ('sum(outer(A, t(B), "-") * outer(A, t(B), "<"))', -6.0),
        ("sum(order(target=A, index.return=TRUE) * seq(1, 5))", 49),  # 1 5 2 3 4
        ("sum(order(target=A, decreasing=TRUE) * seq(1, 5))", 22),  # 3 2 2 1 1
        ("sum(order(target=cbind(A, B), by=2, index.return=TRUE) * seq(1, 5))", 50),
    ],
)
def test_values(expr: str, want: float, level: str, capsys: pytest.CaptureFixture[str]) -> None:
    head = (
        'A = matrix("1 2 2 3 1", rows=5, cols=1)\nB = matrix("2 1 2 1 2", rows=5, cols=1)\n'
        'W = matrix("0.5 1 2 3 4", rows=5, cols=1)\n'
        'X = matrix("0 0 1 0 0 0 2 0 3", rows=3, cols=3)\n'
    )
    run_dml(head + f"print({expr})", level)
    out = capsys.readouterr().out.strip().splitlines()[-1]
    assert float(out) == pytest.approx(float(want)), out


@pytest.mark.parametrize(
    ("text", "where", "message"),
    [
        ("A = matrix(1, rows=2, cols=1)\nT = table(A)", "2:5", "takes 2 to 5 arguments"),
        ("T = table(1, 2)", "1:11", "table expects a matrix"),
        ("A = matrix(1, rows=2, cols=1)\nT = table(A, A, x=1)", "2:5", "positional arguments"),
        (
            'X = matrix(1, rows=2, cols=2)\nR = removeEmpty(target=X, margin="diag")',
            "2:34",
            'margin must be "rows" or "cols"',
        ),
        ("X = matrix(1, rows=2, cols=2)\nR = removeEmpty(target=X)", "2:5", "missing argument"),
        (
            'X = matrix(1, rows=2, cols=2)\nR = removeEmpty(target=X, margin="rows", sel=X)',
            "2:42",
            "no parameter named 'sel'",
        ),
        (
            'x = matrix(1, rows=2, cols=1)\nO = outer(x, t(x), "&")',
            "2:20",
            "unknown operator '&'",
        ),
        ("x = matrix(1, rows=2, cols=1)\nO = outer(x, t(x))", "2:5", "three positional"),
        (
            "X = matrix(1, rows=2, cols=2)\nd = sum(X) > 1\nO = order(target=X, decreasing=d)",
            "3:32",
            "decreasing must be known at compile time",
        ),
    ],
)
def test_errors_are_located(text: str, where: str, message: str) -> None:
    with pytest.raises(DMLError) as e:
        import_dml(text, "bad.dml")
    assert str(e.value).startswith(f"bad.dml:{where}: error: "), str(e.value)
    assert message in str(e.value)


def test_remove_empty_result_flows_into_a_loop(capsys: pytest.CaptureFixture[str]) -> None:
    # The row count is known at run time only; a loop over the result gives the numbers
    # NumPy gives, at -O0 and at -O2.
    text = (
        'X = matrix("0 0 1 0 0 0 2 0 3 0 0 0", rows=4, cols=3)\n'
        'R = removeEmpty(target=X, margin="rows")\n'
        "w = matrix(1, rows=ncol(R), cols=1)\n"
        "for (i in 1:3) { w = w - 0.1 * t(R) %*% (R %*% w) / nrow(R) }\n"
        "print(sum(w))\n"
    )
    R = np.array([[0.0, 0, 1], [2, 0, 3]])
    w = np.ones((3, 1))
    for _ in range(3):
        w = w - 0.1 * R.T @ (R @ w) / 2
    for level in ("O0", "O2"):
        capsys.readouterr()
        run_dml(text, level)
        assert float(capsys.readouterr().out.strip()) == pytest.approx(w.sum(), rel=1e-12)

"""The DML frontend: grammar, DML semantics, diagnostics and the tools that take .dml files."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from amls.frontends.dml import DMLError, import_dml
from amls.interpreter.engine import run_function
from amls.lowering.pipeline import compile_module, make_pass
from amls.tools.common import make_context, verify_located
from amls.tools.translate import split_dml_args

ROOT = Path(__file__).resolve().parents[2]


def run_dml(text: str, capsys: pytest.CaptureFixture[str], level: str = "O0", **nv: str) -> str:
    """Translate and run a script; what it printed."""
    module = import_dml(text, "t.dml", (), nv)
    verify_located(module)
    compile_module(module, make_context(), level, "main", make_pass("lower-to-phys", dist=False))
    capsys.readouterr()
    run_function(module, "main", [])
    return capsys.readouterr().out


@pytest.mark.parametrize("level", ["O0", "O2"])
@pytest.mark.parametrize(
    ("expr", "want"),
    [
        ("5 / 2", "2.5"),
        ("7 %/% 2", "3"),
        ("-7 %% 3", "-1"),
        ("7 %% -3", "1"),
        ("-2 ^ 2", "-4.0"),
        ("2 ^ -1", "0.5"),
        ("1 + 2 * 3 - 4 / 8", "6.5"),
        ("(1 + 2) * 3", "9"),
        ("3 > 2 & 1 > 2 | TRUE", "TRUE"),
        ("!(1 < 2)", "FALSE"),
        ("as.integer(3.7) + as.integer(-3.7)", "0"),
        ("round(2.5) + floor(-1.5) + ceil(1.2)", "3.0"),
        ("ceiling(1.2)", "2.0"),
        ("max(3, 7.5, -1)", "7.5"),
        ("min(4, 2)", "2"),
    ],
)
def test_scalar_semantics(
    expr: str, want: str, level: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # constants fold at translation; through a runtime value (nrow) they are computed
    assert run_dml(f"print({expr})", capsys, level).strip() == want
    rt = f"one = nrow(matrix(0, rows=1, cols=1))\nprint(({expr}) * one)"
    got = run_dml(rt, capsys, level).strip()
    assert float(got.replace("TRUE", "1").replace("FALSE", "0")) == float(
        want.replace("TRUE", "1").replace("FALSE", "0")
    )


@pytest.mark.parametrize("level", ["O0", "O2"])
@pytest.mark.parametrize("expr", ["min(1, NaN)", "max(NaN, 1)", "min(NaN, 1)", "(-8) ^ 0.5"])
def test_scalar_nan(expr: str, level: str, capsys: pytest.CaptureFixture[str]) -> None:
    # folded at translation as the kernels compute it: NaN in either operand of min/max,
    # NaN for a negative base to a fractional power (it was a Python complex: a crash)
    assert run_dml(f"print({expr})", capsys, level).strip() == "NaN"
    rt = f"one = nrow(matrix(0, rows=1, cols=1))\nprint(({expr}) * one)"
    assert run_dml(rt, capsys, level).strip() == "NaN"


def test_print_concatenation_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    text = (
        "X = matrix(2, rows=2, cols=2)\ns = sum(X)\nn = nrow(X)\nprint('s=' + s + ', n=' + n + '.')"
    )
    assert run_dml(text, capsys) == "s=8.0, n=2.\n"


def test_loops_and_left_indexing(capsys: pytest.CaptureFixture[str]) -> None:
    text = """
X = matrix(0, rows=3, cols=3)
for (i in 1:3) X[i, i] = i
k = 0
for (j in 3:1) k = k * 10 + j
s = 0
for (t in seq(0.5, 2.7)) s = s + t
for (t in seq(0, 1, 0.5)) s = s + 1000
i = 0
while (i < 5) { i = i + 2 }
print(sum(X) + k + s + i)
"""
    # SystemDS's for runs integers: seq(0.5, 2.7) is 0, 1, 2 and a step of 0.5 (0) runs none
    assert run_dml(text, capsys, "O2").strip() == str(6 + 321 + 3 + 6.0)


def test_strings_the_script_can_know(capsys: pytest.CaptureFixture[str]) -> None:
    # set and read within one iteration; the same constant on both paths of an if
    text = """
X = matrix(1, rows=2, cols=2)
for (i in 1:2) { msg = "it " + i; print(msg) }
m = "a"
if (sum(X) > 1) { m = "same" } else { m = "same" }
print(m)
"""
    assert run_dml(text, capsys) == "it 1\nit 2\nsame\n"


@pytest.mark.parametrize("level", ["O0", "O2"])
def test_defined_in_a_loop_or_a_branch(level: str, capsys: pytest.CaptureFixture[str]) -> None:
    # carried from a guarded placeholder (tests/dml/printed/defined_in_loops.dml has the
    # cases SystemDS accepts); a read before the first assignment is checked when it runs
    text = """
j = 0
while (j < 4) {
  j = j + 1
  if (j > 1) { prev = cur }
  cur = j * 10
}
print(prev + " " + cur)
"""
    assert run_dml(text, capsys, level).strip() == "30.0 40"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("X = matrix(1, rows=2, cols=2)\nassert(sum(X) > 5)", "2:1: error: assertion failed"),
        (
            'X = matrix("1 2 3", rows=3, cols=1)\nW = X / 2\nq = median(X, W)',
            "3:5: error: median: weights must be integers",
        ),
        (  # SystemDS reads past its sorted table here: weight 0 on the last value
            'X = matrix("3 5 3 2 3 0", rows=6, cols=1)\nW = matrix("1 1 0 1 0 1", rows=6, '
            "cols=1)\nq = quantile(X, W, 0.9)",
            "3:5: error: quantile: SystemDS's pick reads past the end of its sorted table",
        ),
        # a format Java rejects fails when the print runs, as in SystemDS
        ('for (i in 1:2) { if (i > 1) { print("%d", i / 2) } }', "1:31: error: print: %d cannot"),
        ('assert("no")', "1:1: error: assertion failed"),
        # SystemDS fails on these when they run (an index out of its sorted table)
        (
            "X = rand(rows=4, cols=1, seed=1)\nq = quantile(X, matrix(1.2, rows=2, cols=1))",
            "2:5: error: quantile: p must be at most 1",
        ),
        (
            "X = rand(rows=4, cols=1, seed=1)\nW = X - 1\nq = moment(X, W, 2)",
            "3:5: error: moment: weights must be >= 0",
        ),
    ],
)
@pytest.mark.parametrize("level", ["O0", "O2"])
def test_statistics_fail_when_run(text: str, message: str, level: str) -> None:
    module = import_dml(text, "t.dml", (), {})
    verify_located(module)
    compile_module(module, make_context(), level, "main", make_pass("lower-to-phys", dist=False))
    from amls.interpreter.engine import OpFailure

    with pytest.raises(OpFailure) as e:
        run_function(module, "main", [])
    assert e.value.located().startswith("t.dml:" + message), e.value.located()


@pytest.mark.parametrize(
    "text",
    [
        "X = matrix(1, rows=2, cols=2)\nif (sum(X) > 100) { z = 5 }\nprint(z)",
        "x = nrow(matrix(1, rows=2, cols=1))\nwhile (x > 5) { v = 3 }\nprint(v)",
        "x = 0\nfor (i in 1:3) { if (i > x + 5) { w = i } }\nprint(w)",
    ],
)
@pytest.mark.parametrize("level", ["O0", "O2"])
def test_read_of_a_variable_no_path_assigned(text: str, level: str) -> None:
    # the error is at the read, when the run gets there (SystemDS fails the read too)
    module = import_dml(text, "t.dml", (), {})
    verify_located(module)
    compile_module(module, make_context(), level, "main", make_pass("lower-to-phys", dist=False))
    from amls.interpreter.engine import OpFailure

    with pytest.raises(OpFailure) as e:
        run_function(module, "main", [])
    assert e.value.located() == (
        f"t.dml:{len(text.splitlines())}:7: error: variable "
        f"'{text.splitlines()[-1][6]}' is read, but the loop or branch that assigns it did not run"
    )


@pytest.mark.parametrize("level", ["O0", "O2"])
def test_for_counter_after_the_loop(level: str, capsys: pytest.CaptureFixture[str]) -> None:
    # the counter keeps its last value, as in SystemDS (1:0 runs 1, 0: DML counts down)
    text = """
n = nrow(matrix(1, rows=4, cols=1))
i = 10
for (i in 1:3) { n = n + 0 }
j = 7
for (j in 1:n) { n = n + 0 }
e = 5
for (e in 1:(n - 4)) { n = n + 0 }
k = 7
for (k in seq(10, 1, -3)) { n = n + 0 }
print(i + " " + j + " " + e + " " + k)
"""
    assert run_dml(text, capsys, level).strip() == "3 4 0 1"


def test_function_defaults_named_and_recursion(capsys: pytest.CaptureFixture[str]) -> None:
    text = """
f = function(double a, double b = 10, int c = 100) return (double r) { r = a + b + c }
fib = function(int n) return (int r) {
  if (n < 2) r = n
  else r = fib(n - 1) + fib(n - 2)
}
print(f(1) + f(1, 2) + f(a=1, c=3) + fib(10))
"""
    assert run_dml(text, capsys).strip() == str(111.0 + 103 + 14 + 55)


def test_read_back_what_the_script_wrote(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # no format= and no .mtd yet when translating: the earlier write says what it is; a
    # stale .mtd from an earlier run (other dims) is not believed
    (tmp_path / "A.mtd").write_text(
        '{"data_type": "matrix", "rows": 9, "cols": 9, "format": "csv"}'
    )
    (tmp_path / "P.csv").write_text("1,,3\n4,5,\n")
    text = f"""
A = matrix(2.5, rows=3, cols=4)
write(A, "{tmp_path}/A")
B = read("{tmp_path}/A")
s = 7
write(s, "{tmp_path}/s", format="text")
print(sum(B) + " " + nrow(B) + " " + (read("{tmp_path}/s") + 1))
P = read("{tmp_path}/P.csv", format="csv")
print(sum(P))
"""
    assert run_dml(text, capsys) == "30.0 3 8\n13.0\n"  # P's empty fields read as 0


def test_deep_recursion(capsys: pytest.CaptureFixture[str]) -> None:
    # ~15 interpreter frames per call: Python's default limit stopped this under 100
    text = """
f = function(int n) return (int r) {
  if (n <= 0) { r = 0 } else { r = 1 + f(n - 1) }
}
print(f(500))
"""
    assert run_dml(text, capsys, "O0").strip() == "500"


def test_index_after_space_not_newline_or_keyword(capsys: pytest.CaptureFixture[str]) -> None:
    # `X [2, 2]` and `X\t[1, 2]` index (as SystemDS); `[a, b] = f()` on the next line and
    # after `else` starts a statement
    text = """
f = function(double x) return (double a, double b) { a = x; b = x + 1 }
X = matrix("1 2 3 4", rows=2, cols=2)
y = as.scalar(X [2, 2]) + as.scalar(X\t[1, 2])
z = X
[a, b] = f(10)
if (a > 50) {
  a = 0
} else [a, b] = f(a + b)
print(y + a + b)
"""
    assert run_dml(text, capsys).strip() == str(6.0 + 21 + 22)


def test_ifdef_and_command_line_args(capsys: pytest.CaptureFixture[str]) -> None:
    text = "a = ifdef($a, 1)\nb = ifdef($b, 2)\nprint(a + b + $c)"
    assert run_dml(text, capsys, b="20", c="0.5").strip() == "21.5"


def test_source_namespace(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "lib.dml").write_text(
        "sq = function(double x) return (double y) { y = twice(x) * x / 2 }\n"
        "twice = function(double x) return (double y) { y = 2 * x }\n"
    )
    main = tmp_path / "main.dml"
    main.write_text('source("lib.dml") as L\nprint(L::sq(3))\n')
    module = import_dml(main.read_text(), str(main))
    capsys.readouterr()
    run_function(module, "main", [])
    assert capsys.readouterr().out.strip() == "9.0"


def test_read_write_csv_header_sep_and_mtd(tmp_path: Path) -> None:
    src = tmp_path / "in.csv"
    src.write_text("a;b\n1;2\n3;4\n")
    out = tmp_path / "out.csv"
    text = (
        f'X = read("{src}", format="csv", header=TRUE, sep=";")\nwrite(t(X), "{out}", format="csv")'
    )
    module = import_dml(text, "t.dml")
    run_function(module, "main", [])
    assert np.loadtxt(out, delimiter=",").tolist() == [[1, 3], [2, 4]]
    meta = (tmp_path / "out.csv.mtd").read_text()
    assert '"rows": 2' in meta and '"nnz": 4' in meta and '"format": "csv"' in meta
    # the .mtd written is read back: its dims are compile-time facts
    module = import_dml(f'Y = read("{out}")\nprint(sum(Y))', "t.dml")
    assert "!matrix.mat<2x2xf64, nnz=4>" in str(module)


@pytest.mark.parametrize("level", ["O0", "O2"])
def test_write_makes_missing_folders(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], level: str
) -> None:
    """As SystemDS: write() into a folder that does not exist yet makes it (amls failed
    with 'No such file or directory'); a file where a folder must be is a located error."""
    script = f"""X = matrix("1 2 3 4", rows=2, cols=2)
write(X, "{tmp_path}/new/deeper/x.csv", format="csv")
write(7, "{tmp_path}/new/s")
print("written")
"""
    assert run_dml(script, capsys, level) == "written\n"
    assert np.loadtxt(tmp_path / "new/deeper/x.csv", delimiter=",").tolist() == [[1, 2], [3, 4]]
    assert (tmp_path / "new" / "s").read_text() == "7\n"
    (tmp_path / "file").write_text("")
    from amls.interpreter.engine import OpFailure

    with pytest.raises(OpFailure) as e:
        run_dml(f'write(1, "{tmp_path}/file/x")', capsys, level)
    assert e.value.located().startswith("t.dml:1:1: error: write: cannot write"), e.value


@pytest.mark.parametrize("level", ["O0", "O2"])
def test_write_defaults_to_text_and_booleans_are_true_false(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], level: str
) -> None:
    """As SystemDS: write() without format= writes text (`i j v`), a boolean scalar is
    written `true` / `false`; both read back, the boolean as a boolean (SystemDS read
    amls's `1` as FALSE, amls failed on SystemDS's `true`)."""
    script = f"""X = matrix("1 2 3 4", rows=2, cols=2)
write(X, "{tmp_path}/x")
write(TRUE, "{tmp_path}/b")
write(3 > 4, "{tmp_path}/f")
"""
    run_dml(script, capsys, level)
    assert (tmp_path / "x").read_text().splitlines()[:2] == ["1 1 1.0", "1 2 2.0"]
    assert '"format": "text"' in (tmp_path / "x.mtd").read_text()
    assert (tmp_path / "b").read_text() == "true\n"
    assert (tmp_path / "f").read_text() == "false\n"
    assert '"value_type": "boolean"' in (tmp_path / "b.mtd").read_text()
    back = f"""b = read("{tmp_path}/b")
f = read("{tmp_path}/f")
if (b & !f) {{ print("yes") }} else {{ print("no") }}
print(b)
print(sum(read("{tmp_path}/x")))
"""
    assert run_dml(back, capsys, level) == "yes\nTRUE\n10.0\n"


@pytest.mark.parametrize("level", ["O0", "O2"])
def test_written_files_spell_values_as_systemds(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], level: str
) -> None:
    """NaN and the infinities are written NaN, Infinity, -Infinity (SystemDS fails to read
    NumPy's nan / inf), -0.0 as 0, a double scalar with Java's shortest digits; and read
    back by amls."""
    script = f"""M = matrix("1 0 -2 4", rows=2, cols=2)
N = M / 0
write(N, "{tmp_path}/n.csv", format="csv")
write(N, "{tmp_path}/n.txt", format="text")
write(-(M * 0), "{tmp_path}/z.csv", format="csv")
write(M + 0.5, "{tmp_path}/m.csv", format="csv")
s = 0.1
write(s, "{tmp_path}/s.txt")
"""
    run_dml(script, capsys, level)
    assert (tmp_path / "n.csv").read_text() == "Infinity,NaN\n-Infinity,Infinity\n"
    assert (tmp_path / "n.txt").read_text() == (
        "1 1 Infinity\n1 2 NaN\n2 1 -Infinity\n2 2 Infinity\n"
    )
    assert (tmp_path / "z.csv").read_text() == "0,0\n0,0\n"
    assert (tmp_path / "m.csv").read_text() == "1.5,0.5\n-1.5,4.5\n"
    assert (tmp_path / "s.txt").read_text().strip() == "0.1"
    back = run_dml(f'N = read("{tmp_path}/n.csv")\nprint(sum(N == N))', capsys, level)
    assert back.strip() == "3.0"


@pytest.mark.parametrize(
    ("text", "where", "message"),
    [
        ("x = 1 +\n", "1:7", "syntax error: unexpected end of file"),
        ("x = (1 + 2\ny = 3", "2:1", "syntax error: unexpected 'y'"),
        ("x = 1\ny = x + z", "2:9", "undefined variable 'z'"),
        (
            "X = matrix(0, rows=2, cols=2)\nif (1 > 0) y = X[1,1] %*% 2",
            "2:23",
            "%*% expects a matrix",
        ),
        (
            "f = function(double a) return (double b) { b = a }\n"
            "X = matrix(0, rows=1, cols=1)\ny = f(X)",
            "3:5",
            "argument 'a' must be a scalar, got a matrix",
        ),
        (
            "f = function(double a) return (double b) { b = a }\ny = f(q=1)",
            "2:7",
            "no parameter named 'q'",
        ),
        (
            "f = function(double a) return (double b) { b = a }\ny = f(1, 2)",
            "2:10",
            "too many arguments",
        ),
        ("y = nosuchfunction(1)", "1:5", "unknown function 'nosuchfunction'"),
        ("X = matrix(0, rows=2, cols=2)\nY = glm(X, X)", "2:5", "builtin glm not supported yet"),
        # the statistics builtins: forms SystemDS rejects, and the weighted pick amls lacks
        ("X = matrix(0, rows=2, cols=2)\ny = median(X)", "2:5", "median expects a column vector"),
        (
            "X = matrix(0, rows=2, cols=1)\nW = matrix(1, rows=1, cols=2)\nY = quantile(X, W, 0.5)",
            "3:5",
            "quantile weights expects a column vector",
        ),
        ("X = matrix(0, rows=2, cols=1)\ny = moment(X, 5)", "2:5", "order must be the integer 2"),
        ("X = matrix(0, rows=2, cols=1)\ny = moment(X, 2.0)", "2:5", "order must be the integer"),
        ("X = matrix(0, rows=2, cols=1)\ny = moment(target=X, 2)", "2:5", "takes positional"),
        ("X = matrix(0, rows=1, cols=3)\ny = cov(X, X)", "2:5", "cov expects a column vector"),
        (
            "X = matrix(0, rows=3, cols=1)\nY = matrix(0, rows=2, cols=1)\ny = cov(X, Y)",
            "3:5",
            "cov: its vectors differ in length",
        ),
        ("X = rand(rows=4, cols=1)\nq = quantile(X, 1.5)", "2:5", "quantile: p must be at most 1"),
        ("X = matrix(0, rows=2, cols=2)\nY = lower.tri(X)", "2:5", "takes named arguments only"),
        ("X = matrix(0, rows=2, cols=2)\nY = upper.tri(target=X, diag=1)", "2:30", "diag must be"),
        ("x = assert(1, 2)", "1:5", "assert takes one argument"),
        # ifelse between strings on a run-time condition: printed, else a clear limit
        (
            'X = matrix(1, rows=1, cols=2)\ns = ifelse(sum(X) > 1, "a", "b")\nx = as.double(s)',
            "3:5",
            "a string that ifelse picks on a run-time condition can only be printed",
        ),
        (
            'X = matrix(1, rows=1, cols=2)\ns = ifelse(sum(X) > 1, "a", "b")\nb = s == "a"',
            "3:7",
            "amls keeps strings as compile-time values",
        ),
        ('X = matrix(1, rows=1, cols=2)\nY = ifelse(X > 0, "a", 1)', "2:5", "takes numbers, not"),
        # printf-style print: what Java's String.format (or SystemDS's validation) rejects
        ('f = "x=%d"\nprint(f, 5)', "2:1", "requires the first argument to be a string literal"),
        ('print("x=%d", 5.0)', "1:1", "print: %d cannot format a double"),
        ('print("x=%f", 5)', "1:1", "print: %f cannot format an integer"),
        ('print("x=%d", TRUE)', "1:1", "print: %d cannot format a boolean"),
        ('print("x=%d %d", 5)', "1:1", "print: %d has no argument"),
        ('print("x=%c", 65)', "1:1", "the format conversion %c is not supported"),
        ('X = matrix(1, rows=2, cols=2)\nprint("x=%s", X)', "2:1", "cannot format a matrix"),
        ('print("x=%.2d", 5)', "1:1", "an integer takes no precision"),
        ('print("x=%y", 5)', "1:1", "the format conversion %y is not supported"),
        ('print("x=%", 5)', "1:7", "unknown format conversion at '%'"),
        (
            'X = matrix(1, rows=2, cols=2)\nprint("x=%5s", toString(X))',
            "2:1",
            "%5s of a string known only at run time is not supported",
        ),
        (
            "f = function(frame[string] F) return (double b) { b = 1 }\ny = f(1)",
            "1:14",
            "frames are not supported",
        ),
        ("x = $nope + 1", "1:5", "no value for $nope"),
        (
            "X = matrix(0, rows=2, cols=2)\nx = sum(X) + X + nrow(1)",
            "2:18",
            "nrow expects a matrix",
        ),
        ("x = 3000000000\ny = x * x * x", "2:11", "integer overflow: 9000000000000000000 * "),
        ("X = matrix(1, rows=2, cols=2)\nY = order(target=X, by=3)", "2:5", "order: by=3 is not"),
        ("x = bitwAnd(1, 3)", "1:5", "builtin bitwAnd not supported yet"),
        ("x = xor(TRUE)", "1:5", "xor takes two positional arguments"),
        ("x = castAsScalar(5)", "1:5", "castAsScalar expects a matrix, got a scalar"),
        # SystemDS's builtins written in DML are not unknown: not translated yet
        ("X = matrix(1, rows=2, cols=1)\nY = kmeans(X)", "2:5", "builtin kmeans not supported"),
        ("X = matrix(1, rows=2, cols=2)\nY = cholesky(X)", "2:5", "builtin cholesky not supp"),
        # SystemDS rejects these; amls truncated 2.5 to 2 and took the first output
        (
            "f = function(Double x) return (Integer r) { r = x * 2 }\nprint(f(1.25))",
            "1:32",
            "output 'r' holds a double, its signature declares an integer",
        ),
        (
            "f = function(Double a) return (Double b, Double c) { b = a\n c = a }\nx = f(1)",
            "3:5",
            "f returns 2 values: assign them all ([a, b] = f(...))",
        ),
        # strings are compile-time values: one a loop or a run-time if sets is refused
        # where it is read (it used to keep its old value)
        ('s = "a"\nfor (i in 1:3) { s = s + i }', "2:22", "'s' is a string the loop assigns"),
        ('s = "a"\nfor (i in 1:3) { s = "b" }\nprint(s)', "3:7", "string the loop assigns"),
        (
            'm = "a"\nX = matrix(1, rows=2, cols=2)\nif (sum(X) > 1) { m = "b" }\nprint(m)',
            "4:7",
            "'m' is a string an if with a run-time condition assigns",
        ),
        (
            's = "a"\ni = 0\nwhile (i < 3) { i = i + 1; s = "b" }\nwrite(i, s)',
            "4:10",
            "string the loop assigns",
        ),
    ],
)
def test_errors_are_located(text: str, where: str, message: str) -> None:
    with pytest.raises(DMLError) as e:
        import_dml(text, "bad.dml")
    assert str(e.value).startswith(f"bad.dml:{where}: error: "), str(e.value)
    assert message in str(e.value)


def test_parser_tables_are_cached(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The LALR tables are built once and kept under $XDG_CACHE_HOME/amls; a corrupt
    cache file is rebuilt and an unusable cache directory only costs the build."""
    from amls.frontends.dml import syntax

    def parses() -> bool:
        syntax._parser.cache_clear()
        return len(syntax.parse("x = 1\nprint(x)", "t.dml")) == 2

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "c"))
    try:
        assert parses()
        cached = Path(str(syntax.parser_cache_file()))
        assert cached.parent == tmp_path / "c" / "amls" and cached.stat().st_size > 0
        cached.write_bytes(b"not a parser")
        assert parses() and cached.read_bytes() != b"not a parser"
        (tmp_path / "file").write_text("")
        monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "file"))
        assert syntax.parser_cache_file() is False and parses()
    finally:
        syntax._parser.cache_clear()


def test_split_dml_args() -> None:
    rest, args, nv = split_dml_args(["x.dml", "-args", "A", "-3", "--nvargs", "k=v", "n=2", "-O0"])
    assert rest == ["x.dml", "-O0"] and args == ["A", "-3"] and nv == {"k": "v", "n": "2"}


def _tool(name: str, *argv: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    code = f"import sys; from amls.tools.{name} import main; sys.argv[0] = '{name}'; main()"
    return subprocess.run(
        [sys.executable, "-c", code, *argv], capture_output=True, text=True, cwd=cwd
    )


def test_tools_take_dml(tmp_path: Path) -> None:
    script = tmp_path / "s.dml"
    script.write_text('X = matrix($1, rows=2, cols=2)\nprint("total " + sum(X) * $k)\n')
    r = _tool("run", str(script), "-args", "1.5", "-nvargs", "k=2")
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "total 12.0"
    r = _tool("opt", str(script), "--args", "1.5", "--nvargs", "k=2", "-O1")
    assert r.returncode == 0 and "func.func @main" in r.stdout, r.stderr
    out = tmp_path / "s.mlir"
    r = _tool(
        "translate", "--import-dml", str(script), "-args", "1.5", "-nvargs", "k=2", "-o", str(out)
    )
    assert r.returncode == 0 and "matrix.fill" in out.read_text(), r.stderr
    r = _tool("run", str(out))  # the printed module is valid input again
    assert r.returncode == 0 and r.stdout.strip() == "total 12.0", r.stderr


def test_tool_errors_are_one_line(tmp_path: Path) -> None:
    script = tmp_path / "bad.dml"
    script.write_text("X = matrix(0, rows=2, cols=3)\nY = X %*% X\n")
    r = _tool("run", str(script))
    assert r.returncode == 1
    assert r.stderr.strip().count("\n") == 0, r.stderr
    assert r.stderr.startswith(f"{script}:2:7: error: %*%: inner dimensions differ")
    r = _tool("translate", "--import-dml", str(script), "-nvargs", "x")
    assert r.returncode == 2 and "NAME=VALUE" in r.stderr


@pytest.mark.parametrize(("name", "files"), [
    ("pagerank", ["sum", "max", "p"]),
    ("lm_cg", ["sum_beta", "rss", "iters", "beta"]),
    ("lm_ds", ["sum_beta", "rss", "beta"]),
    ("l2svm", ["obj", "sum_w", "acc", "iters", "w"]),
    ("kmeans", ["wcss", "C"]),
    ("logreg", ["loss", "sum_w", "iters", "w"]),
])  # fmt: skip
def test_dml_examples_match_mlir(name: str, files: list[str], tmp_path: Path) -> None:
    from amls.tools.common import parse_module
    from amls.tools.translate import import_dml_file

    ctx = make_context()
    mlir = parse_module(ctx, (ROOT / "examples" / f"{name}.mlir").read_text(), f"{name}.mlir")
    compile_module(mlir, ctx, "O2", "main", make_pass("lower-to-phys", dist=False))
    want = run_function(mlir, "main", [])
    dml = import_dml_file(
        str(ROOT / "examples" / "dml" / f"{name}.dml"), (), {"out": str(tmp_path)}
    )
    compile_module(dml, make_context(), "O2", "main", make_pass("lower-to-phys", dist=False))
    run_function(dml, "main", [])
    for w, f in zip(want, files, strict=True):
        got = np.loadtxt(tmp_path / f"{f}.csv", delimiter=",", ndmin=2)
        np.testing.assert_allclose(got, np.asarray(w, dtype=float).reshape(got.shape), rtol=1e-9)


@pytest.mark.parametrize("level", ["-O0", "-O2"])
def test_output_into_a_pipe_that_closes_ends_quietly(tmp_path: Path, level: str) -> None:
    """`amls-run x.dml | head -1`: the write after head exits fails; the run ends with
    status 0 and no message (it was "error: matrix.print: BrokenPipeError", status 1).
    30,000 lines are more than a pipe buffers."""
    script = tmp_path / "lines.dml"
    script.write_text('for (i in 1:30000) {\n  print("line " + i)\n}\n')
    tool = str(Path(sys.executable).parent / "amls-run")
    cmd = f"'{tool}' {level} '{script}' 2> '{tmp_path}/err' | head -1"
    r = subprocess.run(
        cmd + '; echo "rc=${PIPESTATUS[0]}"',
        shell=True,
        executable="/bin/bash",
        capture_output=True,
        text=True,
    )
    assert r.stdout.split("\n")[:2] == ["line 1", "rc=0"], r.stdout
    assert (tmp_path / "err").read_text() == ""


def test_seq_counts_as_systemds(tmp_path: Path) -> None:
    """floor((to - from) / by) + 1 values, without R's tolerance: 0.3 / 0.1 is
    2.9999999999999996, so seq(0, 0.3, 0.1) has 3 values in SystemDS (amls made 4)."""
    script = tmp_path / "seq.dml"
    script.write_text(
        "a = seq(0, 0.3, 0.1)\nb = seq(0.1, 0.7, 0.2)\nc = seq(0, 1, 0.1)\n"
        "d = seq(5, 1, -0.5)\nn = 4\ne = seq(0, n * 0.1 - 0.1, 0.1)\n"
        'print(nrow(a) + " " + nrow(b) + " " + nrow(c) + " " + nrow(d) + " " + nrow(e))\n'
        "print(toString(t(b)))\n"
    )
    for level in ("-O0", "-O2"):
        r = _tool("run", str(script), level)
        assert r.returncode == 0, r.stderr
        assert r.stdout.split("\n")[:2] == ["3 3 11 9 4", "0.100 0.300 0.500"], r.stdout


def test_as_logical_of_a_string_is_javas_parse_boolean(tmp_path: Path) -> None:
    """SystemDS's as.logical("...") is Java's Boolean.parseBoolean: TRUE only for "true"
    in any case ("1" gave TRUE here, "T" was an error)."""
    script = tmp_path / "s.dml"
    script.write_text(
        'print(as.logical("1"))\nprint(as.logical("TRUE"))\nprint(as.logical("True"))\n'
        'print(as.logical("T"))\nprint(as.logical("yes"))\n'
    )
    r = _tool("run", str(script))
    assert r.returncode == 0, r.stderr
    assert r.stdout.split() == ["FALSE", "TRUE", "TRUE", "FALSE", "FALSE"]


@pytest.mark.parametrize("level", ["-O0", "-O2"])
def test_parfor_results_are_its_left_indexed_matrices(tmp_path: Path, level: str) -> None:
    """As in SystemDS: a parfor iteration's scalar writes stay in the iteration (each
    starts from the value before the loop; s stays 0, it was 15 here), only left-indexed
    matrices are results, and a variable first set inside is undefined after."""
    script = tmp_path / "pf.dml"
    script.write_text(
        "s = 0\nparfor (i in 1:5, check=0) {\n  s = s + i\n}\nprint(s)\n"
        "A = matrix(0, rows=5, cols=1)\nparfor (i in 1:5) {\n  t = i * 2\n  A[i, 1] = t\n}\n"
        "print(toString(t(A)))\nfor (i in 1:3) {\n  s = s + i\n}\nprint(s)\n"
    )
    r = _tool("run", str(script), level)
    assert r.returncode == 0, r.stderr
    assert r.stdout.split("\n")[:3] == ["0", "2.000 4.000 6.000 8.000 10.000", ""], r.stdout
    assert r.stdout.split("\n")[3] == "6"
    local = tmp_path / "local.dml"
    local.write_text("parfor (p in 1:4) {\n  tmp = p * 2\n}\nprint(tmp)\n")
    r = _tool("run", str(local), level)
    assert r.returncode == 1 and "local.dml:4:7: error: undefined variable 'tmp'" in r.stderr

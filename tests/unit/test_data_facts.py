"""Facts from the data: the scan at load (dims, nnz, finiteness, max |x|), the facts kept
beside loaded values, claims checked against them, and the entry compiled for them,
once per signature."""

from __future__ import annotations

import gc
import math
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import scipy.io
import scipy.sparse as sp
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays
from xdsl.passes import PassPipeline

from amls.dialects.value_facts import ArgFacts
from amls.interpreter.engine import find_entry, run_function
from amls.interpreter.entry import EntryCompiler
from amls.interpreter.kernels import KernelError
from amls.interpreter.kernels.files import load_matrix
from amls.interpreter.kernels.matrix import read
from amls.interpreter.kernels.scan import CHUNK, DataFacts, recall, scan
from amls.interpreter.recompile import Recompiler, pow2_ceil, signature
from amls.interpreter.values import check_claim
from amls.lowering.pipeline import make_pass, recompile_passes
from amls.tools.common import make_context, parse_module, verify_located


def reference(x: np.ndarray, counted: bool = True) -> DataFacts:
    """The facts by NumPy; `counted=False`: nnz unknown, as a .npy's scan leaves it."""
    a = np.asarray(x, dtype=np.float64)
    if np.isnan(a).any():
        m = math.nan
    else:
        m = float(np.abs(a).max()) if a.size else 0.0
    return DataFacts(a.shape[0], a.shape[1], int(np.count_nonzero(a)) if counted else None, m)


def same(a: DataFacts, b: DataFacts) -> None:
    assert (a.rows, a.cols, a.nnz) == (b.rows, b.cols, b.nnz)
    assert a.absmax == b.absmax or (math.isnan(a.absmax) and math.isnan(b.absmax))


CASES = {
    "dense": np.array([[1.0, -3.5], [0.0, 2.0]]),
    "nan": np.array([[1.0, np.nan], [-7.0, 0.0]]),
    "inf": np.array([[1.0, -np.inf], [2.0, 0.0]]),
    "nan-and-inf": np.array([[np.inf, np.nan]]),
    "1x1": np.array([[-2.5]]),
    "1x1-zero": np.array([[0.0]]),
    "negative-zero": np.array([[-0.0, 0.0, -1.0]]),
    "empty-rows": np.zeros((0, 3)),
    "empty": np.zeros((0, 0)),
    "denormal": np.array([[5e-324, 0.0]]),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_scan_dense(name: str) -> None:
    x = CASES[name]
    same(scan(x), reference(x))


@pytest.mark.parametrize("name", sorted(CASES))
def test_scan_at_load_npy_csv(name: str, tmp_path: Path) -> None:
    """Loading scans: the facts of .npy (read and scanned chunk by chunk; non-zeros not
    counted) and .csv (counted: parsing text costs far more than counting)."""
    x = CASES[name]
    np.save(tmp_path / "x.npy", x)
    got = load_matrix(str(tmp_path / "x.npy"))
    same(recall(got), reference(x, counted=False))  # type: ignore[arg-type]
    if x.size:
        np.savetxt(tmp_path / "x.csv", x, delimiter=",")
        got = load_matrix(str(tmp_path / "x.csv"))
        same(recall(got), reference(x))  # type: ignore[arg-type]


def test_scan_csr_reads_the_stored_values() -> None:
    """CSR: nnz counts stored non-zeros only (explicit zeros are not), duplicates add up."""
    data = np.array([1.0, 0.0, -4.0, 2.0, 2.0])
    rows = np.array([0, 0, 1, 2, 2])
    cols = np.array([0, 1, 1, 2, 2])
    coo = sp.coo_array((data, (rows, cols)), shape=(3, 4))
    csr = sp.csr_array((data, cols, np.array([0, 2, 3, 5])), shape=(3, 4))
    assert not csr.has_canonical_format
    for x in (coo, csr):
        same(scan(x), DataFacts(3, 4, 3, 4.0))
    same(scan(sp.csr_array((3, 4))), DataFacts(3, 4, 0, 0.0))
    same(scan(sp.csr_array(np.array([[0.0, np.inf]]))), DataFacts(1, 2, 1, math.inf))


def test_scan_at_load_mtx(tmp_path: Path) -> None:
    x = sp.csr_array(np.array([[0.0, -2.0, 0.0], [0.5, 0.0, 0.0]]))
    scipy.io.mmwrite(tmp_path / "x.mtx", x)
    got = load_matrix(str(tmp_path / "x.mtx"))
    assert sp.issparse(got)
    same(recall(got), DataFacts(2, 3, 2, 2.0))  # type: ignore[arg-type]


@pytest.mark.parametrize("chunks", [2, 5])
def test_scan_across_chunks(chunks: int, tmp_path: Path) -> None:
    """A NaN or the largest |x| in a later chunk, and a partial last chunk, are found."""
    x = np.ones((chunks * CHUNK - 7, 1))
    x[CHUNK + 5] = -9.0
    x[-1] = 0.0
    np.save(tmp_path / "x.npy", x)
    got = load_matrix(str(tmp_path / "x.npy"))
    np.testing.assert_array_equal(got, x)
    same(recall(got), reference(x, counted=False))  # type: ignore[arg-type]
    x[(chunks - 1) * CHUNK + 1] = np.nan
    np.save(tmp_path / "x.npy", x)
    got = load_matrix(str(tmp_path / "x.npy"))
    same(recall(got), reference(x, counted=False))  # type: ignore[arg-type]


@pytest.mark.parametrize("pipelined", [False, True])
def test_pipelined_scan_finds_what_the_serial_one_finds(
    pipelined: bool, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Large files are scanned on a second thread while the next chunk is read: the facts
    (a NaN, an Inf, the largest |x| in any chunk, a partial last chunk) and the data are
    those of the serial scan. Small thresholds make a small file take that path."""
    from amls.interpreter.kernels import files

    monkeypatch.setattr(files, "PIPELINE_BYTES", 0 if pipelined else 1 << 62)
    monkeypatch.setattr(files, "PIPELINE_CHUNK", 1000)
    rng = np.random.default_rng(3)
    for poison in (None, 4321.0, -np.inf, np.nan):
        x = rng.standard_normal((5003, 1))
        if poison is not None:
            x[2999] = poison  # in the third of six chunks
        np.save(tmp_path / "x.npy", x)
        got = load_matrix(str(tmp_path / "x.npy"))
        np.testing.assert_array_equal(got, x)
        same(recall(got), reference(x, counted=False))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "arr",
    [
        np.asfortranarray(np.arange(6.0).reshape(2, 3) - 4),  # Fortran order
        np.arange(6, dtype=np.int32).reshape(3, 2),  # not f64: numpy's reader
        np.arange(4.0, dtype=">f8").reshape(2, 2),  # big-endian
        np.float64(-3.0),  # 0-D: 1x1
        np.arange(5.0),  # 1-D: a column
    ],
)
def test_npy_layouts_load_as_before(arr: np.ndarray, tmp_path: Path) -> None:
    np.save(tmp_path / "x.npy", arr)
    got = load_matrix(str(tmp_path / "x.npy"))
    want = np.asarray(arr, dtype=np.float64)
    want = want.reshape(1, 1) if want.ndim == 0 else want.reshape(want.shape[0], -1)
    assert got.flags.c_contiguous and got.dtype == np.float64
    np.testing.assert_array_equal(got, want)
    same(recall(got), reference(want, counted=False))  # type: ignore[arg-type]


def test_npy_format_3_loads(tmp_path: Path) -> None:
    """A .npy of format version 3.0: numpy's reader, then the scan."""
    x = np.array([[1.0, -5.0]])
    with open(tmp_path / "x.npy", "wb") as f:
        np.lib.format.write_array(f, x, version=(3, 0))
    got = load_matrix(str(tmp_path / "x.npy"))
    np.testing.assert_array_equal(got, x)
    same(recall(got), reference(x, counted=False))  # type: ignore[arg-type]


@pytest.mark.parametrize("cells", [1000, 3 * CHUNK])
def test_truncated_npy_is_an_error(cells: int, tmp_path: Path) -> None:
    np.save(tmp_path / "x.npy", np.ones((cells, 1)))
    raw = (tmp_path / "x.npy").read_bytes()
    (tmp_path / "x.npy").write_bytes(raw[:-80])
    with pytest.raises(KernelError, match="cannot read .*x.npy.*: the file ends"):
        load_matrix(str(tmp_path / "x.npy"))


def test_truncated_mtx_is_an_error(tmp_path: Path) -> None:
    """A MatrixMarket file holding fewer (or more) entries than its header states is an
    error, not a matrix missing cells; SystemDS's `0 0 0` line of an empty matrix counts
    either way."""
    head = "%%MatrixMarket matrix coordinate real general\n"
    (tmp_path / "short.mtx").write_text(head + "2 2 3\n1 1 1\n")
    with pytest.raises(KernelError, match="header states 3 entries, the file holds 1"):
        load_matrix(str(tmp_path / "short.mtx"))
    (tmp_path / "long.mtx").write_text(head + "2 2 1\n1 1 1\n2 2 5\n")
    with pytest.raises(KernelError, match="header states 1 entries, the file holds 2"):
        load_matrix(str(tmp_path / "long.mtx"))
    for n in (0, 1):  # an empty matrix as SystemDS writes it
        (tmp_path / "e.mtx").write_text(head + f"0 0 {n}\n0 0 0\n")
        assert load_matrix(str(tmp_path / "e.mtx")).shape == (0, 0)
    (tmp_path / "ok.mtx").write_text(head + "2 2 2\n1 1 1\n2 2 5\n")
    assert load_matrix(str(tmp_path / "ok.mtx")).toarray().tolist() == [[1, 0], [0, 5]]


@settings(max_examples=60, deadline=None)
@given(
    arrays(
        np.float64,
        st.tuples(st.integers(0, 6), st.integers(0, 6)),
        elements=st.one_of(
            st.floats(allow_nan=True, allow_infinity=True),
            st.sampled_from([0.0, -0.0, 1.0]),
        ),
    )
)
def test_scan_matches_numpy(x: np.ndarray) -> None:
    same(scan(x), reference(x))
    same(scan(x, count_nnz=False), reference(x, counted=False))
    same(scan(sp.csr_array(x)), reference(x))


def test_computed_values_have_no_facts() -> None:
    """Only loaded values carry scanned facts (a computed one would need a scan)."""
    x = np.array([[1.0, 2.0]])
    assert recall(x) is None
    assert recall(x + 1) is None


def test_read_kernel_keeps_facts(tmp_path: Path) -> None:
    """matrix.read turns a sparse-enough .mtx dense (the sparsity policy): the facts
    scanned at load go with the value it returns."""
    scipy.io.mmwrite(tmp_path / "d.mtx", sp.csr_array(np.array([[1.0, -2.0], [3.0, 0.0]])))
    ctx = make_context()
    t = "!matrix.mat<?x?xf64>"
    text = (
        f"func.func @f() -> {t} {{\n"
        f'  %r = matrix.read {{path = "{tmp_path}/d.mtx", format = "mtx"}} : {t}\n'
        f"  func.return %r : {t}\n}}"
    )
    m = parse_module(ctx, text, "r.mlir")
    op = next(o for o in m.walk() if o.name == "matrix.read")
    out = read(op, ())  # type: ignore[arg-type]
    assert isinstance(out, np.ndarray)  # 3 of 4 cells: dense
    same(recall(out), DataFacts(2, 2, 3, 3.0))  # type: ignore[arg-type]
    ref = id(out)
    del out
    gc.collect()
    assert all(k != ref for k in list(_table()))


def _table() -> dict[int, Any]:
    from amls.interpreter.kernels import scan as scan_module

    return scan_module._FACTS  # noqa: SLF001


@pytest.mark.parametrize(
    ("m", "p"),
    [
        (0.0, 0.0),
        (1.0, 1.0),
        (0.7, 1.0),
        (3.5, 4.0),
        (4.0, 4.0),
        (5e-324, 5e-324),
        (8e307, 2.0**1023),
        (1e308, 1.7976931348623157e308),  # 2**1024 is Inf: the largest float
    ],
)
def test_pow2_ceil(m: float, p: float) -> None:
    assert pow2_ceil(m) == p
    assert pow2_ceil(m) >= m
    assert pow2_ceil(1.7976931348623157e308) == 1.7976931348623157e308  # no overflow to Inf


def test_check_claim() -> None:
    x = np.array([[1.0, -3.5]])
    assert check_claim(x, ArgFacts()) is None
    assert check_claim(x, ArgFacts(finite=True)) is None
    assert check_claim(x, ArgFacts(absmax=3.5)) is None
    assert check_claim(x, ArgFacts(absmax=3.0)) == (
        "claims {matrix.absmax = 3.0} but max |x| is 3.5"
    )
    nan = np.array([[np.nan]])
    assert check_claim(nan, ArgFacts(True)) == "claims {matrix.finite} but the data hold NaN"
    assert check_claim(-math.inf, ArgFacts(True)) == "claims {matrix.finite} but the data hold Inf"
    assert check_claim(2.0, ArgFacts(absmax=2.0)) is None


PROGRAM = """
func.func @main(%X: !matrix.mat<?x?xf64>, %y: !matrix.mat<?x1xf64>) -> f64 {
  %Xt = matrix.transpose %X : (!matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>
  %b = matrix.matmul %Xt, %y : (!matrix.mat<?x?xf64>, !matrix.mat<?x1xf64>) -> !matrix.mat<?x1xf64>
  %s = matrix.reduce sum all %b : (!matrix.mat<?x1xf64>) -> f64
  func.return %s : f64
}
"""


def loaded(x: np.ndarray, tmp_path: Path, name: str) -> Any:
    np.save(tmp_path / f"{name}.npy", x)
    return load_matrix(str(tmp_path / f"{name}.npy"))


def test_entry_compiled_once_per_signature(tmp_path: Path) -> None:
    """Same shapes and facts (max |x| within the same power of two): one compilation;
    other facts: another plan, with the facts in its entry's signature."""
    ctx = make_context()
    source = parse_module(ctx, PROGRAM, "p.mlir")
    verify_located(source)
    compiler = EntryCompiler(source, ctx, "O2", "main", make_pass("lower-to-phys", dist=False))
    rng = np.random.default_rng(0)
    x1, y1 = (
        loaded(rng.uniform(0.5, 0.9, (20, 3)), tmp_path, "x1"),
        loaded(rng.uniform(0.1, 0.9, (20, 1)), tmp_path, "y1"),
    )
    x2, y2 = (
        loaded(rng.uniform(0.5, 0.9, (20, 3)), tmp_path, "x2"),
        loaded(rng.uniform(0.1, 0.9, (20, 1)), tmp_path, "y2"),
    )
    first = compiler.compile([x1, y1])
    assert compiler.compile([x2, y2]) is first
    assert len(compiler.cache) == 1
    assert first.signature == "(20x3 |x|<=1.0, 20x1 |x|<=1.0)"
    fn = find_entry(first.module, "main")
    assert [str(t) for t in fn.function_type.inputs.data] == [
        "!matrix.mat<20x3xf64>",
        "!matrix.mat<20x1xf64>",
    ]
    assert fn.arg_attrs is not None and "matrix.absmax" in str(fn.arg_attrs)
    for x, y in ((x1, y1), (x2, y2)):
        (got,) = run_function(first.module, "main", [x, y])
        assert got == pytest.approx(float((x.T @ y).sum()), rel=1e-12)
    big = loaded(rng.uniform(-3.0, 3.0, (20, 3)), tmp_path, "big")
    second = compiler.compile([big, y1])
    assert second is not first and len(compiler.cache) == 2
    assert second.signature.startswith("(20x3 |x|<=4.0,")
    # The source stays as written: the declared types are what the next compile starts from.
    assert "?x?" in str(find_entry(source, "main").function_type)
    # Compiled from the declared types (--no-data-facts): no facts, the types as declared.
    declared = compiler.compile(None)
    assert declared.signature == ""
    assert "?x?" in str(find_entry(declared.module, "main").function_type)


def test_recompile_signature_has_scanned_facts(tmp_path: Path) -> None:
    """A phys.recompile function called with loaded values recompiles with their facts,
    once per signature; computed values (no scan) add only their sizes."""
    ctx = make_context()
    module = parse_module(ctx, PROGRAM, "p.mlir")
    lowering = make_pass("lower-to-phys", memory_budget=100_000, workers=2)
    compiler = EntryCompiler(module, ctx, "O2", "main", lowering, keep_logical=True)
    plan = compiler.compile(None)  # the declared types: @main is recompiled at its call
    assert plan.logical is not None
    rec = Recompiler(plan.logical, ctx, PassPipeline(recompile_passes(lowering)))
    fn = find_entry(plan.module, "main")
    x = loaded(np.full((30, 4), 0.25), tmp_path, "x")
    y = loaded(np.full((30, 1), -3.0), tmp_path, "y")
    assert signature(fn, [x, y]) == (
        (30, 4, None, ArgFacts(True, 0.25)),
        (30, 1, None, ArgFacts(True, 4.0)),
    )
    assert signature(fn, [x, y], with_facts=False) == ((30, 4, None, None), (30, 1, None, None))
    assert signature(fn, [x + 0, y]) == ((30, 4, None, None), (30, 1, None, ArgFacts(True, 4.0)))
    s = sp.csr_array(np.eye(30, 4))
    assert signature(fn, [s, y]) == ((30, 4, 4, None), (30, 1, None, ArgFacts(True, 4.0)))
    got = rec.variant(fn, [x, y])
    assert got is not None
    assert rec.variant(fn, [x, y])[0] is got[0]  # type: ignore[index]
    assert len(rec.events) == 1
    assert rec.events[0].sizes == "(30x4 |x|<=0.25, 30x1 |x|<=4.0)"
    variant = find_entry(got[0], "main")
    assert "matrix.absmax = 2.500000e-01" in str(variant)
    (res,) = run_function(got[0], "main", [x, y])
    assert res == pytest.approx(float((x.T @ y).sum()))


def test_read_inside_the_program_recompiles_with_facts(tmp_path: Path) -> None:
    """matrix.read scans at run time; a function recompiled for the value it read (here
    the loop over it, outlined) gets the facts with the sizes."""
    np.save(tmp_path / "X.npy", np.full((40, 3), -0.5))
    src = f"""
func.func @main() -> f64 {{
  %X = matrix.read {{path = "{tmp_path}/X.npy", format = "npy"}} : !matrix.mat<?x?xf64>
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %c3 = arith.constant 3 : i64
  %z = arith.constant 0.0 : f64
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %z) -> (f64) : i64 {{
    %one = arith.constant 1.0 : f64
    %t = arith.addf %acc, %one : f64
    %Y = matrix.mul %X, %t : (!matrix.mat<?x?xf64>, f64) -> !matrix.mat<?x?xf64>
    %s = matrix.reduce sum all %Y : (!matrix.mat<?x?xf64>) -> f64
    %a = arith.addf %acc, %s : f64
    scf.yield %a : f64
  }}
  func.return %r : f64
}}
"""
    ctx = make_context()
    lowering = make_pass("lower-to-phys", memory_budget=10**8, workers=2)
    plan = EntryCompiler(parse_module(ctx, src, "r.mlir"), ctx, "O2", "main", lowering, True)
    compiled = plan.compile([])
    assert compiled.logical is not None
    rec = Recompiler(compiled.logical, ctx, PassPipeline(recompile_passes(lowering)))
    want = 0.0
    for _ in range(3):  # the loop reads X * (acc + 1): loop-variant, so licm leaves it in
        want += -60.0 * (want + 1.0)
    assert run_function(compiled.module, "main", [], [], rec) == (want,)
    assert [(e.function, e.sizes) for e in rec.events] == [
        ("main__loop0", "(-, -, -, -, -, 40x3 |x|<=0.5)")
    ]

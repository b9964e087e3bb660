"""Large CSV files are parsed in parts by forked processes (amls.interpreter.kernels.files
_loadtxt): the matrix is the one a single np.loadtxt gives, bit for bit, and a file one
loadtxt cannot read fails, or falls back, exactly as it does read whole."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from amls.interpreter.kernels import KernelError, files


@pytest.fixture
def parts(monkeypatch: pytest.MonkeyPatch) -> None:
    """Parts of a few hundred bytes, four of them: every file below is split."""
    monkeypatch.setattr(files, "PARALLEL_CSV_BYTES", 256)
    monkeypatch.setattr(files.os, "cpu_count", lambda: 4)


def write(path: Path, rows: list[str], newline: str = "\n") -> Path:
    path.write_bytes(newline.join(rows).encode() + newline.encode())
    return path


def test_parts_give_loadtxts_matrix(tmp_path: Path, parts: None) -> None:
    rng = np.random.default_rng(3)
    m = rng.standard_normal((60, 7)) * 10.0 ** rng.integers(-300, 300, (60, 7))
    m[5, 2], m[40, 6] = -0.0, 0.0
    rows = [",".join(repr(float(x)) for x in r) for r in m]
    for newline in ("\n", "\r\n"):
        p = write(tmp_path / "m.csv", rows, newline)
        got = files.load_matrix(str(p), "csv")
        assert got.tobytes() == np.loadtxt(p, delimiter=",", ndmin=2).tobytes()
        assert got.tobytes() == m.tobytes()  # repr round-trips
    with_header = write(tmp_path / "h.csv", ["a;b;c;d;e;f;g"] + [r.replace(",", ";") for r in rows])
    assert files.load_matrix(str(with_header), "csv", sep=";", header=True).tobytes() == m.tobytes()


def test_a_bad_field_in_a_later_part_is_named_as_when_read_whole(
    tmp_path: Path, parts: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    rows = ["1.5,2.5,3.5"] * 80
    rows[70] = "1.5,oops,3.5"
    p = write(tmp_path / "bad.csv", rows)
    with pytest.raises(KernelError) as split:
        files.load_matrix(str(p), "csv")
    monkeypatch.setattr(files, "PARALLEL_CSV_BYTES", 1 << 40)
    with pytest.raises(KernelError) as whole:
        files.load_matrix(str(p), "csv")
    assert str(split.value) == str(whole.value)
    assert "line 71, field 2" in str(split.value)


def test_empty_fields_and_old_mac_newlines_fall_back(tmp_path: Path, parts: None) -> None:
    rows = ["1,2,3"] * 80
    rows[75] = "1,,3"  # SystemDS's fill: an empty field is 0
    got = files.load_matrix(str(write(tmp_path / "e.csv", rows)), "csv")
    want = np.tile([1.0, 2.0, 3.0], (80, 1))
    want[75, 1] = 0.0
    assert np.array_equal(got, want)
    mac = write(tmp_path / "r.csv", ["1,2,3"] * 80, "\r")  # loadtxt reads it whole only
    assert np.array_equal(files.load_matrix(str(mac), "csv"), np.tile([1.0, 2.0, 3.0], (80, 1)))


def test_rows_of_other_widths_in_other_parts_fail_as_whole(tmp_path: Path, parts: None) -> None:
    rows = ["1,2,3"] * 40 + ["1,2"] * 40
    with pytest.raises(KernelError, match=r"line \d+ has \d+ fields|columns"):
        files.load_matrix(str(write(tmp_path / "w.csv", rows)), "csv")


def test_a_ragged_row_is_named_by_its_line(tmp_path: Path) -> None:
    """A row with another number of fields than the first is an error naming both lines
    (as in the file: a header line counts)."""
    bad = write(tmp_path / "r.csv", ["1,2", "3,4", "5"])
    with pytest.raises(KernelError, match="line 3 has 1 fields, line 1 has 2"):
        files.load_matrix(str(bad), "csv")
    head = write(tmp_path / "h.csv", ["a,b", "1,2", "", "3"])
    with pytest.raises(KernelError, match="line 4 has 1 fields, line 2 has 2"):
        files.load_matrix(str(head), "csv", header=True)

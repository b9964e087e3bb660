"""Matrix files: .npy, .csv (a separator, optionally a header line), .mtx (MatrixMarket) and
SystemDS's text format (`i j v` lines, 1-based), and SystemDS's .mtd metadata file beside them.

One loader for every way a matrix enters a program (`matrix.read`, amls-run's --arg), so
a file means the same matrix both ways: a vector is a column, a 0-D value 1x1, an empty
CSV 0x0; .mtx stays CSR (callers apply their sparsity policy).

Every load also scans the data (dims, nnz, finiteness, max |x|: amls.interpreter.kernels.scan)
and remembers the facts beside the value. A native f64 .npy is read chunk by chunk into
its array and each chunk is scanned as it arrives, while it is still in cache.
"""

from __future__ import annotations

import io
import json
import math
import os
import warnings
from pathlib import Path
from typing import Any

import numpy as np

from amls.interpreter.kernels import KernelError
from amls.interpreter.kernels import sparse as sp
from amls.interpreter.kernels.javatext import java_double
from amls.interpreter.kernels.scan import CHUNK, DataFacts, DenseScan, remember, scan

FORMATS = ("npy", "csv", "mtx", "text")


def load_matrix(
    path: str,
    fmt: str | None = None,
    sep: str = ",",
    header: bool = False,
    dims: tuple[int | None, int | None] = (None, None),
) -> np.ndarray | sp.csr_array:
    """The 2-D float64 matrix in `path` (format from the suffix unless given; `sep` and
    `header` describe a CSV file; `dims` a text (ijv) file's size, from its .mtd).
    Its scanned facts are remembered (scan.recall)."""
    p = Path(path)
    fmt = fmt or p.suffix.lstrip(".").lower()
    if not p.is_file():
        raise KernelError(f"cannot read '{path}': no such file")
    facts: DataFacts | None = None
    try:
        if fmt == "npy":
            a, facts = _load_npy(p)
        elif fmt == "csv":
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")  # an empty file is a 0x0 matrix, not a warning
                try:
                    a = _loadtxt(p, sep, header)
                except ValueError:  # empty fields read as 0, as SystemDS's fill=TRUE
                    b = _boolean_scalar(p)
                    a = b if b is not None else _csv_with_empty_fields(p, sep, header)
            if a.size == 0:
                a = np.zeros((0, 0))
        elif fmt == "mtx":
            a = _load_mm(p)
        elif fmt == "text":
            a = _load_ijv(p, np.loadtxt(p, ndmin=2, dtype=np.float64), dims)
        else:
            raise KernelError(f"cannot read '{path}': unknown format '{fmt}' (npy, csv, mtx, text)")
    except KernelError:
        raise
    except Exception as e:  # corrupt file, bad numbers, ...
        raise KernelError(f"cannot read '{path}': {e}") from e
    if not isinstance(a, np.ndarray) and not sp.issparse(a):
        raise KernelError(f"cannot read '{path}': {type(a).__name__} is not a matrix")
    if a.dtype.kind not in "biuf":
        raise KernelError(f"cannot read '{path}': {a.dtype} values are not real numbers")
    if sp.issparse(a):
        out: np.ndarray | sp.csr_array = sp.csr_array(a, dtype=np.float64)
    else:
        if a.ndim == 0:
            a = a.reshape(1, 1)
        elif a.ndim == 1:
            a = a.reshape(-1, 1)  # a vector is a column, as everywhere in DML
        elif a.ndim > 2:
            raise KernelError(f"cannot read '{path}': {a.ndim}-D data, expected a matrix")
        out = np.ascontiguousarray(a, dtype=np.float64)
    if facts is None:
        facts = scan(out, count_nnz=fmt != "npy")  # see DenseScan: a .npy's nnz is not counted
    else:  # scanned while read: the facts of the cells, in the matrix's final shape
        facts = DataFacts(int(out.shape[0]), int(out.shape[1]), facts.nnz, facts.absmax)
    remember(out, facts)
    return out


PARALLEL_CSV_BYTES = 4 << 20
"""A CSV file of at least this many bytes per part is parsed in parts, one per CPU (at
most MAX_CSV_PARTS), by forked processes: NumPy's loadtxt holds the GIL (~4 us per
field on a slow host: 52 MB of CSV took 1.4 s), and SystemDS's reader is multithreaded."""
MAX_CSV_PARTS = 4


def _boolean_scalar(p: Path) -> np.ndarray | None:
    """A boolean scalar's file as SystemDS writes it (`true` / `false`), as 1x1 of 1 / 0."""
    if p.stat().st_size > 16:
        return None
    word = p.read_text(errors="replace").strip().lower()
    return np.array([[1.0 if word == "true" else 0.0]]) if word in ("true", "false") else None


def _loadtxt(p: Path, sep: str, header: bool) -> np.ndarray:
    """np.loadtxt of the file (ValueError as it raises it), in parts on several CPUs where
    the file is large: each part is whole lines, read by the same loadtxt, so the result
    is the one loadtxt gives, bit for bit. Any part that fails (a bad field, a row of
    another width) makes the whole file read again by one loadtxt, for its own error."""

    def whole() -> np.ndarray:
        return np.loadtxt(p, delimiter=sep, ndmin=2, dtype=np.float64, skiprows=int(header))

    size = p.stat().st_size
    parts = min(os.cpu_count() or 1, MAX_CSV_PARTS, size // PARALLEL_CSV_BYTES)
    if parts < 2 or not hasattr(os, "fork"):
        return whole()
    text = p.read_bytes()  # (a part loadtxt reads otherwise than the path: read again)
    cuts = [0]
    for i in range(1, parts):
        cut = text.find(b"\n", max(cuts[-1], len(text) * i // parts)) + 1
        cuts.append(cut if cut > 0 else len(text))
    cuts.append(len(text))
    children = []
    for i in range(1, parts):
        r, w = os.pipe()
        pid = os.fork()
        if pid == 0:  # the child: its lines, as raw rows, down the pipe; never returns
            code = 1
            try:
                os.close(r)
                a = _parse_part(text[cuts[i] : cuts[i + 1]], sep, 0)
                with os.fdopen(w, "wb") as out:
                    out.write(np.array(a.shape, dtype=np.int64).tobytes())
                    out.write(a.tobytes())
                code = 0
            finally:
                os._exit(code)
        os.close(w)
        children.append((pid, r))
    blocks: list[np.ndarray | None] = []
    try:
        blocks.append(_parse_part(text[cuts[0] : cuts[1]], sep, int(header)))
    except ValueError:
        blocks.append(None)
    for pid, r in children:
        with os.fdopen(r, "rb") as f:
            raw = f.read()
        _, status = os.waitpid(pid, 0)
        ok = os.waitstatus_to_exitcode(status) == 0 and len(raw) >= 16
        if not ok:
            blocks.append(None)
            continue
        rows, cols = (int(x) for x in np.frombuffer(raw[:16], dtype=np.int64))
        blocks.append(np.frombuffer(raw[16:], dtype=np.float64).reshape(rows, cols))
    got = [b for b in blocks if b is not None and b.size]
    if len(got) != len(blocks) or len({b.shape[1] for b in got}) != 1:
        return whole()  # a part failed or parts disagree: loadtxt's own answer or error
    return np.concatenate(got)


def _parse_part(text: bytes, sep: str, skip: int) -> np.ndarray:
    return np.loadtxt(io.BytesIO(text), delimiter=sep, ndmin=2, dtype=np.float64, skiprows=skip)


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def _csv_with_empty_fields(p: Path, sep: str, header: bool) -> np.ndarray:
    """A CSV file NumPy would not read: empty fields are 0; a field that is not a number
    is an error naming its line and field, both from 1."""
    with open(p) as f:
        lines = f.read().splitlines()
    numbered = [(n, ln.split(sep)) for n, ln in enumerate(lines, 1) if n > header and ln.strip()]
    rows = [r for _, r in numbered]
    for n, r in numbered:
        if len(r) != len(rows[0]):
            raise KernelError(
                f"cannot read '{p}': line {n} has {len(r)} fields, line {numbered[0][0]} "
                f"has {len(rows[0])}"
            )
    cells = np.zeros((len(rows), len(rows[0]) if rows else 0))
    for i, r in enumerate(rows):
        for j, x in enumerate(r):
            try:
                cells[i, j] = float(x) if x.strip() else 0.0
            except ValueError:
                where = f"row {i + 1} (after the header line)" if header else f"line {i + 1}"
                hint = ""
                if not header and i == 0 and not any(_is_number(y) for y in r):
                    hint = (  # the first line names the columns
                        f" (a header line? say so: read(..., header=TRUE) in DML, or "
                        f'{{"format": "csv", "header": true}} in {p.name}.mtd)'
                    )
                raise KernelError(
                    f"cannot read '{p}': '{x.strip()}' in {where}, field {j + 1} is not a "
                    f"number{hint}"
                ) from None
    return cells


def mm_header(path: str) -> tuple[int, int, int | None] | None:
    """rows, cols and (coordinate format) entries of a MatrixMarket file, from its header."""
    try:
        with open(path) as f:
            banner = f.readline().lower().split()
            for line in f:
                if line.strip() and not line.startswith("%"):
                    n = [int(x) for x in line.split()]
                    break
            else:
                return None
    except (OSError, ValueError, UnicodeDecodeError):
        return None
    if banner[:2] != ["%%matrixmarket", "matrix"] or len(n) < 2:
        return None
    return n[0], n[1], (n[2] if "coordinate" in banner and len(n) > 2 else None)


MM_FAST_ENTRIES = 200_000
"""A coordinate MatrixMarket file with at least this many entries is parsed by scipy.io
(fast_matrix_market); below, importing scipy.io would cost more than parsing."""


def _load_mm(p: Path) -> Any:
    """A MatrixMarket file; coordinate files read by us, as SystemDS writes them (an empty
    matrix has one `0 0 0` entry, which scipy rejects)."""
    head = mm_header(str(p))
    with open(p) as f:
        banner = f.readline().lower().split()
    if head is None or head[2] is None or banner[-1:] != ["general"] or "pattern" in banner:
        import scipy.io  # array, symmetric, ... files (start-up cost only here)

        return scipy.io.mmread(p)
    if head[2] >= MM_FAST_ENTRIES:
        # scipy's C++ reader: 1e6 entries in 0.07 s (+0.2 s to import scipy.io once)
        # against 0.75 s for loadtxt. SystemDS's `0 0 0` entry only occurs in empty files.
        import scipy.io

        coo = scipy.io.mmread(p)
        return sp.csr_array((coo.data, (coo.row, coo.col)), shape=coo.shape)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # no entries: an empty matrix
        cells = np.loadtxt(p, comments="%", skiprows=0, ndmin=2, dtype=np.float64)
    entries = cells[1:]
    markers = (
        int(np.count_nonzero((entries[:, 0] == 0) & (entries[:, 1] == 0))) if entries.size else 0
    )
    if head[2] not in (len(entries), len(entries) - markers):  # a truncated (or padded) file
        raise ValueError(f"its header states {head[2]} entries, the file holds {len(entries)}")
    return _load_ijv(p, entries, head[:2])


def _load_ijv(p: Path, cells: np.ndarray, dims: tuple[int | None, int | None]) -> Any:
    """CSR from `i j v` rows (1-based; a `0 0 0` row stands for an empty matrix)."""
    if cells.size and cells.shape[1] != 3:
        raise ValueError(f"expected 'row col value' lines, got {cells.shape[1]} columns")
    cells = cells.reshape(-1, 3)
    cells = cells[(cells[:, 0] != 0) | (cells[:, 1] != 0)]
    i, j = cells[:, 0].astype(np.int64) - 1, cells[:, 1].astype(np.int64) - 1
    rows = dims[0] if dims[0] is not None else (int(i.max()) + 1 if i.size else 0)
    cols = dims[1] if dims[1] is not None else (int(j.max()) + 1 if j.size else 0)
    if i.size and (i.min() < 0 or j.min() < 0 or i.max() >= rows or j.max() >= cols):
        raise ValueError(f"a cell lies outside the {rows}x{cols} matrix of its metadata")
    return sp.csr_array((cells[:, 2], (i, j)), shape=(rows, cols))


def _load_npy(p: Path) -> tuple[Any, DataFacts | None]:
    """A .npy file's array, and its facts when it was scanned while read (native f64)."""
    with open(p, "rb") as f:
        read_header = {
            (1, 0): np.lib.format.read_array_header_1_0,
            (2, 0): np.lib.format.read_array_header_2_0,
        }.get(np.lib.format.read_magic(f))
        shape, fortran, dtype = read_header(f) if read_header else ((), False, None)
        # (dtype None: np.dtype(None) is f64, so test for it first)
        if dtype is None or dtype != np.dtype(np.float64) or len(shape) > 2:  # numpy's reader
            f.seek(0)
            return np.load(f, allow_pickle=False), None
        arr = np.empty(shape[::-1] if fortran else shape, dtype=np.float64)
        s = _read_scanned(f, arr.reshape(-1))
    return (arr.T if fortran else arr), s.facts(0, 0)


def _read_scanned(f: Any, flat: np.ndarray) -> DenseScan:
    """Read f into `flat` chunk by chunk, scanning each chunk right after it arrives,
    while it is in cache. Above PIPELINE_BYTES with more than one CPU, the scan of a
    chunk runs on a second thread while the next chunk is read (the read and NumPy's
    reductions both release the GIL), so the scan costs CPU time but little wall time."""
    raw = memoryview(flat.view(np.uint8))
    s = DenseScan(count_nnz=False)
    if flat.nbytes < PIPELINE_BYTES or (os.cpu_count() or 1) < 2:
        for start in range(0, flat.size, CHUNK):
            stop = min(start + CHUNK, flat.size)
            _read_exactly(f, raw[start * 8 : stop * 8])
            s.add(flat[start:stop])
        return s
    from concurrent.futures import ThreadPoolExecutor  # only when a file is read

    with ThreadPoolExecutor(max_workers=1, thread_name_prefix="amls-scan") as pool:
        pending = None
        for start in range(0, flat.size, PIPELINE_CHUNK):
            stop = min(start + PIPELINE_CHUNK, flat.size)
            _read_exactly(f, raw[start * 8 : stop * 8])
            if pending is not None:
                pending.result()  # in order: DenseScan is not thread-safe
            pending = pool.submit(s.add, flat[start:stop])
        if pending is not None:
            pending.result()
    return s


PIPELINE_BYTES = 64 << 20
"""Files this large are read and scanned in a pipeline (one chunk read ahead)."""
PIPELINE_CHUNK = 1 << 19
"""Cells per pipelined chunk (4 MB: fewer hand-overs between the threads; 1 GB: +0-8% wall
over reading alone, against +13% with 2 MB and +25% scanning serially; load_scan.py)."""


def _read_exactly(f: Any, buf: memoryview) -> None:
    got = 0
    while got < len(buf):
        n = f.readinto(buf[got:])
        if not n:
            raise ValueError(f"the file ends after {got} of {len(buf)} bytes of a chunk")
        got += n


def save_matrix(
    x: np.ndarray | sp.csr_array,
    path: str,
    fmt: str,
    sep: str = ",",
    header: bool = False,
    mtd: bool = False,
    scalar: str | None = None,
) -> None:
    """Write x to `path` in `fmt` (its folder made if missing; CSV with round-tripping f64
    digits, a header line of column names C1, C2, ... if asked); with `mtd`, SystemDS's
    metadata file beside it (for a `scalar` of that value type, a 1x1 x, SystemDS's scalar
    metadata)."""
    try:
        _make_folder(path)
        # Open the file ourselves: np.save and mmwrite would append their extension.
        if scalar is not None and fmt != "npy":  # the value alone, in any text format
            dense = x.toarray() if sp.issparse(x) else np.asarray(x)
            v = float(dense.reshape(-1)[0])
            if scalar == "boolean":  # as SystemDS (Java's Boolean.toString)
                text = "true" if v != 0 else "false"
            else:
                text = java_double(v) if scalar == "double" else f"{v:.17g}"
            Path(path).write_text(text + "\n")
        elif fmt == "npy":
            with open(path, "wb") as f:
                np.save(f, x.toarray() if sp.issparse(x) else x)
        elif fmt == "csv":
            names = sep.join(f"C{j + 1}" for j in range(x.shape[1])) if header else ""
            dense = (x.toarray() if sp.issparse(x) else x) + 0.0  # -0.0 is written 0
            if np.isfinite(dense).all():
                np.savetxt(path, dense, delimiter=sep, fmt="%.17g", header=names, comments="")
            else:  # NaN, Infinity, -Infinity as SystemDS spells them (and reads them back)
                with open(path, "w") as f:
                    f.write(names + "\n" if header else "")
                    rows = dense.tolist()
                    f.writelines(sep.join(_cell(v, True) for v in r) + "\n" for r in rows)
        elif fmt in ("mtx", "text"):
            _save_ijv(x, path, fmt == "mtx")
        else:
            raise KernelError(f"cannot write '{path}': unknown format '{fmt}'")
        if mtd and scalar is not None:
            _write_json(
                path + ".mtd", {"data_type": "scalar", "value_type": scalar, "format": "text"}
            )
        elif mtd and fmt != "mtx":  # SystemDS writes none beside MatrixMarket files
            _write_mtd(x, path, fmt, sep, header)
    except OSError as e:
        raise KernelError(f"cannot write '{path}': {e}") from e


def _make_folder(path: str) -> None:
    """`path`'s folder, made where missing, as SystemDS's write makes it."""
    folder = Path(path).parent
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except (FileExistsError, NotADirectoryError):
        there = next((p for p in (folder, *folder.parents) if p.exists()), folder)
        raise KernelError(f"cannot write '{path}': '{there}' is a file, not a folder") from None


def _save_ijv(x: np.ndarray | sp.csr_array, path: str, mm: bool) -> None:
    """The non-zero cells as `i j v` lines (1-based, row-major), as SystemDS writes text and
    coordinate MatrixMarket files; an empty matrix is one `0 0 0` line in text."""
    c = sp.csr_array(x)
    c.eliminate_zeros()
    c.sort_indices()
    rows = np.repeat(np.arange(c.shape[0], dtype=np.int64) + 1, np.diff(c.indptr))
    with open(path, "w") as f:
        if mm:
            f.write("%%MatrixMarket matrix coordinate real general\n")
            f.write(f"{c.shape[0]} {c.shape[1]} {c.nnz}\n")
        elif c.nnz == 0:
            f.write("0 0 0\n")
        f.writelines(
            f"{i} {j} {_cell(v)}\n"
            for i, j, v in zip(rows, c.indices + 1, c.data.tolist(), strict=True)
        )


def _cell(v: float, fixed: bool = False) -> str:
    """A cell as text: round-tripping digits (17 significant ones if `fixed`, as the csv
    writer's finite files); NaN, Infinity, -Infinity as Java spells them."""
    if not math.isfinite(v):
        return java_double(v)
    return f"{v:.17g}" if fixed else repr(v)


def _write_mtd(x: np.ndarray | sp.csr_array, path: str, fmt: str, sep: str, header: bool) -> None:
    nnz = int(x.nnz) if sp.issparse(x) else int(np.count_nonzero(x))
    meta: dict[str, Any] = {
        "data_type": "matrix",
        "value_type": "double",
        "rows": int(x.shape[0]),
        "cols": int(x.shape[1]),
        "nnz": nnz,
        "format": fmt,
    }
    if fmt == "csv":
        meta["header"] = header
        meta["sep"] = sep
    _write_json(path + ".mtd", meta)


def _write_json(path: str, meta: dict[str, Any]) -> None:
    with open(path, "w") as f:
        json.dump(meta, f, indent=4)

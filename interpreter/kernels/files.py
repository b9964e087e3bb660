"""Matrix files: .npy, .csv (a separator, optionally a header line) and .mtx (MatrixMarket),
and SystemDS's .mtd metadata file written beside them.

One loader for every way a matrix enters a program (`matrix.read`, amls-run's --arg), so
a file means the same matrix both ways: a vector is a column, a 0-D value 1x1, an empty
CSV 0x0; .mtx stays CSR (callers apply their sparsity policy).
"""

from __future__ import annotations

import json
import warnings
from pathlib import Path
from typing import Any

import numpy as np

from amls.interpreter.kernels import KernelError
from amls.interpreter.kernels import sparse as sp

FORMATS = ("npy", "csv", "mtx")


def load_matrix(
    path: str, fmt: str | None = None, sep: str = ",", header: bool = False
) -> np.ndarray | sp.csr_array:
    """The 2-D float64 matrix in `path` (format from the suffix unless given; `sep` and
    `header` describe a CSV file)."""
    p = Path(path)
    fmt = fmt or p.suffix.lstrip(".").lower()
    if not p.is_file():
        raise KernelError(f"cannot read '{path}': no such file")
    try:
        if fmt == "npy":
            a: Any = np.load(p, allow_pickle=False)
        elif fmt == "csv":
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")  # an empty file is a 0x0 matrix, not a warning
                a = np.loadtxt(p, delimiter=sep, ndmin=2, dtype=np.float64, skiprows=int(header))
            if a.size == 0:
                a = np.zeros((0, 0))
        elif fmt == "mtx":
            import scipy.io  # .mtx files only (start-up)

            a = scipy.io.mmread(p)
        else:
            raise KernelError(f"cannot read '{path}': unknown format '{fmt}' (npy, csv, mtx)")
    except KernelError:
        raise
    except Exception as e:  # corrupt file, bad numbers, ...
        raise KernelError(f"cannot read '{path}': {e}") from e
    if not isinstance(a, np.ndarray) and not sp.issparse(a):
        raise KernelError(f"cannot read '{path}': {type(a).__name__} is not a matrix")
    if a.dtype.kind not in "biuf":
        raise KernelError(f"cannot read '{path}': {a.dtype} values are not real numbers")
    if sp.issparse(a):
        return sp.csr_array(a, dtype=np.float64)
    if a.ndim == 0:
        a = a.reshape(1, 1)
    elif a.ndim == 1:
        a = a.reshape(-1, 1)  # a vector is a column, as everywhere in DML
    elif a.ndim > 2:
        raise KernelError(f"cannot read '{path}': {a.ndim}-D data, expected a matrix")
    return np.ascontiguousarray(a, dtype=np.float64)


def save_matrix(
    x: np.ndarray | sp.csr_array,
    path: str,
    fmt: str,
    sep: str = ",",
    header: bool = False,
    mtd: bool = False,
) -> None:
    """Write x to `path` in `fmt` (CSV with round-tripping f64 digits, a header line of
    column names C1, C2, ... if asked); with `mtd`, SystemDS's metadata file beside it."""
    try:
        # Open the file ourselves: np.save and mmwrite would append their extension.
        if fmt == "npy":
            with open(path, "wb") as f:
                np.save(f, x.toarray() if sp.issparse(x) else x)
        elif fmt == "csv":
            names = sep.join(f"C{j + 1}" for j in range(x.shape[1])) if header else ""
            dense = x.toarray() if sp.issparse(x) else x
            np.savetxt(path, dense, delimiter=sep, fmt="%.17g", header=names, comments="")
        elif fmt == "mtx":
            import scipy.io

            with open(path, "wb") as f:
                scipy.io.mmwrite(f, x)
        else:
            raise KernelError(f"cannot write '{path}': unknown format '{fmt}'")
        if mtd:
            _write_mtd(x, path, fmt, sep, header)
    except OSError as e:
        raise KernelError(f"cannot write '{path}': {e}") from e


def _write_mtd(x: np.ndarray | sp.csr_array, path: str, fmt: str, sep: str, header: bool) -> None:
    nnz = int(x.nnz) if sp.issparse(x) else int(np.count_nonzero(x))
    meta: dict[str, Any] = {
        "data_type": "matrix",
        "value_type": "double",
        "rows": int(x.shape[0]),
        "cols": int(x.shape[1]),
        "nnz": nnz,
        "format": {"mtx": "mm"}.get(fmt, fmt),
    }
    if fmt == "csv":
        meta["header"] = header
        meta["sep"] = sep
    with open(path + ".mtd", "w") as f:
        json.dump(meta, f, indent=4)

"""Runtime values at the program boundary: loading arguments, checking them, saving results."""

from __future__ import annotations

import os
from typing import Any

import numpy as np
from xdsl.dialects.builtin import Float64Type, IntegerType
from xdsl.ir import Attribute

from amls.dialects.matrix import MatrixType
from amls.dialects.value_facts import ArgFacts
from amls.interpreter.kernels import KernelError
from amls.interpreter.kernels import sparse as sp
from amls.interpreter.kernels.files import load_matrix
from amls.interpreter.kernels.scan import DataFacts, recall, remember, scan


class ValueError_(Exception):
    """A runtime value that does not fit (bad file, wrong shape...)."""


class ArgTextError(ValueError_):
    """An --arg VALUE whose text cannot be a value of the parameter's type (not a number,
    not an integer, out of range, a matrix file for a scalar): a usage error, as argparse's
    for a bad option value; a file that fails to load is a ValueError_ (the data's)."""


MATRIX_SUFFIXES = (".npy", ".csv", ".mtx")


def parse_arg_value(text: str, t: Attribute) -> Any:
    """An --arg VALUE for a parameter of type t: a data file or a number."""
    if text.lower().endswith(MATRIX_SUFFIXES):
        if not isinstance(t, MatrixType):
            raise ArgTextError(f"'{text}' is a matrix file but the parameter has type {t}")
        try:
            return _load_with_mtd(text)
        except KernelError as e:
            raise ValueError_(str(e)) from e
    try:
        if isinstance(t, IntegerType):
            width = t.width.data
            if width == 1 and text.lower() in ("true", "false"):
                return int(text.lower() == "true")
            try:
                n = int(text)
            except ValueError:
                float(text)  # not a number at all: the message below
                raise ArgTextError(
                    f"'{text}' is not an integer (the parameter has type {t})"
                ) from None
            lo, hi = (0, 1) if width == 1 else (-(2 ** (width - 1)), 2 ** (width - 1) - 1)
            if not lo <= n <= hi:
                raise ArgTextError(f"{n} is out of range for {t} ({lo}..{hi})")
            return n
        number = float(text)
    except ValueError:
        raise ArgTextError(
            f"'{text}' is neither a number nor a .npy/.csv/.mtx file (for type {t})"
        ) from None
    if isinstance(t, Float64Type):
        return number
    if isinstance(t, MatrixType):
        m = np.full((1, 1), number)
        remember(m, scan(m))  # facts as for a loaded matrix
        return m
    raise ArgTextError(f"cannot pass '{text}' for a parameter of type {t}")


def _load_with_mtd(path: str) -> Any:
    """A matrix file; a CSV file with SystemDS's metadata beside it (`X.csv.mtd`) is read
    with its separator and header, and must have the dims and nnz it states, as DML's
    read() does."""
    mtd_path = path + ".mtd"
    if not path.lower().endswith(".csv") or not os.path.isfile(mtd_path):
        return load_matrix(path)
    import json  # (only here: amls-run's start-up)

    try:
        with open(mtd_path) as f:
            mtd = json.load(f)
        if not isinstance(mtd, dict):
            raise ValueError("not a JSON object")
    except (OSError, ValueError) as e:
        raise KernelError(f"cannot read '{mtd_path}': {e}") from e
    sep, header = str(mtd.get("sep", ",")), bool(mtd.get("header", False))
    m = load_matrix(path, "csv", sep=sep, header=header)
    nnz = (m.nnz if hasattr(m, "nnz") else int(np.count_nonzero(m))) if "nnz" in mtd else None
    for key, got in (("rows", m.shape[0]), ("cols", m.shape[1]), ("nnz", nnz)):
        want = mtd.get(key)
        if isinstance(want, int) and want >= 0 and got is not None and want != got:
            raise KernelError(f"'{path}' holds {got} {key}, its .mtd states {want}")
    return m


def check_against_type(value: Any, t: Attribute) -> str | None:
    """Why value does not fit the static type t, or None if it does."""
    if isinstance(t, MatrixType):
        if not (isinstance(value, np.ndarray) or sp.issparse(value)) or value.ndim != 2:
            return f"expected a matrix for {t}, got {type(value).__name__}"
        r, c = value.shape
        if (t.rows is not None and t.rows != r) or (t.cols is not None and t.cols != c):
            return f"data is {r}x{c} but the declared type is {t}"
        if t.nnz is not None:
            nnz = int(value.count_nonzero()) if sp.issparse(value) else int(np.count_nonzero(value))
            if nnz != t.nnz:
                return f"data has {nnz} non-zeros but the declared type is {t}"
        return None
    if isinstance(t, Float64Type) and not isinstance(value, float | int):
        return f"expected a number for {t}, got {type(value).__name__}"
    if isinstance(t, IntegerType) and not isinstance(value, int | bool | np.integer):
        return f"expected an integer for {t}, got {type(value).__name__}"
    return None


def check_claim(value: Any, claim: ArgFacts) -> str | None:
    """Why value breaks the value facts its argument claims, or None if it keeps them:
    `claims {matrix.absmax = 1.0} but max |x| is 3.5`."""
    if not claim.is_finite:
        return None
    if isinstance(value, int | float | np.integer | np.floating):
        v = float(value)
        facts = DataFacts(1, 1, int(v != 0), abs(v) if v == v else float("nan"))
    else:
        found = recall(value)
        facts = found if found is not None else scan(value)
    if not facts.finite or (claim.absmax is not None and facts.absmax > claim.absmax):
        return f"claims {claim.text()} but {facts.describe_absmax()}"
    return None


def to_saveable(value: Any) -> np.ndarray:
    if sp.issparse(value):
        return value.toarray()
    return np.asarray(value)

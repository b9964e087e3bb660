"""Results of amls-run: their names (func result attributes) and the -o .npz layout.

A result is named by `{amls.name = "beta"}` on the entry's result type; unnamed ones are
`result_N`. In the .npz a dense result or a scalar is one member NAME; a sparse result is
the members SciPy's `save_npz` writes, prefixed: NAME.format ("csr"), NAME.shape,
NAME.data, NAME.indices, NAME.indptr. `load_results` reads both back."""

from __future__ import annotations

import re
from typing import Any

import numpy as np
from xdsl.dialects import func
from xdsl.dialects.builtin import StringAttr

from amls.interpreter.kernels import sparse as sp
from amls.tools.common import UserError, op_error

NAME_ATTR = "amls.name"
_SPARSE_KEYS = ("format", "shape", "data", "indices", "indptr")
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*$")  # an identifier: no '.' to clash with members


def result_names(fn: func.FuncOp) -> list[str]:
    """The name of each result of `fn`: its `amls.name` result attribute, else result_N."""
    n = len(fn.function_type.outputs.data)
    dicts = [d.data for d in fn.res_attrs.data] if fn.res_attrs is not None else [{}] * n
    names: list[str] = []
    for i, attrs in enumerate(dicts):
        attr = attrs.get(NAME_ATTR)
        if attr is None:
            names.append(f"result_{i}")
            continue
        if not isinstance(attr, StringAttr) or not _NAME.match(attr.data):
            raise UserError(
                op_error(
                    fn,
                    f"result {i}: {NAME_ATTR} must be a string naming an identifier "
                    f"(letters, digits, '_'), got {attr}",
                )
            )
        names.append(attr.data)
    for i, name in enumerate(names):
        if name in names[:i]:
            raise UserError(op_error(fn, f"two results are named '{name}'"))
    return names


def save_results(path: str, names: list[str], values: list[Any]) -> None:
    """Write the results to the .npz `path` (the layout of the module docstring)."""
    members: dict[str, np.ndarray] = {}
    for name, v in zip(names, values, strict=True):
        if sp.issparse(v):
            m = sp.csr_array(v)
            members.update(
                {
                    f"{name}.format": np.array("csr"),
                    f"{name}.shape": np.array(m.shape),
                    f"{name}.data": m.data,
                    f"{name}.indices": m.indices,
                    f"{name}.indptr": m.indptr,
                }
            )
        else:
            members[name] = np.asarray(v)
    try:
        np.savez(path, **members)
    except OSError as e:
        raise UserError(f"cannot write '{path}': {e}") from e


def load_results(path: str) -> dict[str, Any]:
    """The results of an amls-run -o .npz: ndarrays, scalars as 0-d arrays, sparse ones as
    scipy.sparse csr_array."""
    out: dict[str, Any] = {}
    with np.load(path) as z:
        keys = set(z.files)
        for key in z.files:
            stem, dot, field = key.rpartition(".")
            if not dot:
                out[key] = z[key]
            elif field == "format" and all(f"{stem}.{k}" in keys for k in _SPARSE_KEYS):
                parts = (z[f"{stem}.data"], z[f"{stem}.indices"], z[f"{stem}.indptr"])
                out[stem] = sp.csr_array(parts, shape=tuple(z[f"{stem}.shape"]))
    return out

"""Is the naive scripts' data bit-identical to amls's?

For each example, runs @make_data on amls's interpreter (the program as written,
-O0: the matrix.rand kernel and the ops around it) and the naive script's
make_data(), and compares every output byte for byte (shape, storage kind
aside: a sparse result is compared on its dense cells and its pattern).

    python bench/check_data.py                 # all examples
    python bench/check_data.py pagerank kmeans

Prints one JSON line per example: {"example", "identical", "outputs": [...]};
exits 1 if any output differs.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from typing import Any

import numpy as np
import scipy.sparse as sp

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
EXAMPLES = ["lm_ds", "lm_cg", "l2svm", "pagerank", "kmeans", "logreg"]


def load_naive(example: str) -> Any:
    sys.path.insert(0, str(BENCH / "naive"))  # for `from _common import report`
    spec = importlib.util.spec_from_file_location(
        f"naive_{example}", BENCH / "naive" / f"{example}.py"
    )
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def amls_make_data(example: str) -> tuple[Any, ...]:
    from amls.interpreter.engine import run_function
    from amls.tools.common import make_context, parse_module, read_source, verify_located

    text, name = read_source(str(ROOT / "examples" / f"{example}.mlir"))
    module = parse_module(make_context(), text, name)
    verify_located(module)
    return run_function(module, "make_data", [])


def compare(a: Any, b: Any) -> dict[str, Any]:
    """Bitwise comparison of two matrices (ndarray or scipy sparse)."""
    info: dict[str, Any] = {
        "amls": f"{'sparse' if sp.issparse(a) else 'dense'} {a.shape[0]}x{a.shape[1]}",
        "naive": f"{'sparse' if sp.issparse(b) else 'dense'} {b.shape[0]}x{b.shape[1]}",
    }
    if a.shape != b.shape:
        return {**info, "identical": False, "why": "shapes differ"}
    if sp.issparse(a) != sp.issparse(b):
        info["note"] = "storage differs"
    if sp.issparse(a) and sp.issparse(b):
        ca, cb = sp.csr_array(a), sp.csr_array(b)
        ca.sum_duplicates()
        cb.sum_duplicates()
        same_pattern = np.array_equal(ca.indptr, cb.indptr) and np.array_equal(
            ca.indices, cb.indices
        )
        if not same_pattern:
            return {**info, "identical": False, "why": "sparsity patterns differ"}
    da = np.ascontiguousarray(a.toarray() if sp.issparse(a) else a, dtype=np.float64)
    db = np.ascontiguousarray(b.toarray() if sp.issparse(b) else b, dtype=np.float64)
    if da.tobytes() == db.tobytes():
        return {**info, "identical": True}
    diff = da != db
    with np.errstate(all="ignore"):
        rel = np.abs(da - db) / np.maximum(np.abs(da), np.abs(db))
    return {
        **info,
        "identical": False,
        "cells_differing": int(diff.sum()),
        "max_rel_diff": float(np.nanmax(rel[diff])),
    }


def check(example: str) -> dict[str, Any]:
    ours = amls_make_data(example)
    naive = load_naive(example).make_data()
    if not isinstance(naive, tuple):
        naive = (naive,)
    if len(ours) != len(naive):
        return {"example": example, "identical": False, "why": "output counts differ"}
    outputs = [compare(a, b) for a, b in zip(ours, naive, strict=True)]
    return {
        "example": example,
        "identical": all(o["identical"] for o in outputs),
        "outputs": outputs,
    }


def main(argv: list[str]) -> int:
    ok = True
    for example in argv or EXAMPLES:
        r = check(example)
        ok &= r["identical"]
        print(json.dumps(r), flush=True)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

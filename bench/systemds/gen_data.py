"""Write the SystemDS benchmark's input files once, seeded: the very files both systems read.

    python bench/systemds/gen_data.py                    # full sizes, bench/out/systemds
    python bench/systemds/gen_data.py --scale tiny --out /tmp/sds

Dense matrices are CSV (no header) and the graph is Matrix Market coordinate, each with
SystemDS's .mtd beside it (dims and nnz, so both compile for known sizes). SystemDS's
binary format is its own and amls's .npy is amls's; CSV and Matrix Market are the
formats both read. Values are written with 8 significant digits: the data *are* those
decimals (both parse them to the same doubles), and the text is half as long as with 17.
Files are rewritten only when the manifest.json beside them differs (sizes, seed, version).
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

import numpy as np
import scipy.io
import scipy.sparse as sp

VERSION = 2
SEED = 20261202
HERE = Path(__file__).resolve().parent
DEFAULT_OUT = HERE.parent / "out" / "systemds"
SCALES: dict[str, dict[str, Any]] = {
    # reg: X n x m for lm_cg, lm_ds, l2svm, logreg; km: n x d points in k blobs;
    # graph: nodes, non-zeros.
    "full": {"reg": (50000, 100), "km": (100000, 20, 10), "graph": (100000, 10_000_000)},
    "tiny": {"reg": (500, 10), "km": (1000, 5, 4), "graph": (1000, 20000)},
}


def _mtd(path: Path, rows: int, cols: int, nnz: int, fmt: str) -> None:
    meta: dict[str, Any] = {
        "data_type": "matrix", "value_type": "double", "rows": rows, "cols": cols,
        "nnz": nnz, "format": fmt,
    }  # fmt: skip
    if fmt == "csv":
        meta.update(header=False, sep=",")
    Path(str(path) + ".mtd").write_text(json.dumps(meta, indent=1) + "\n")


def write_csv(path: Path, a: np.ndarray) -> None:
    """a as CSV with 8 significant digits (callers round to them) and its .mtd."""
    np.savetxt(path, a, delimiter=",", fmt="%.8g")
    _mtd(path, a.shape[0], a.shape[1], int(np.count_nonzero(a)), "csv")


def write_mm(path: Path, a: sp.coo_array) -> None:
    scipy.io.mmwrite(path, a, field="real", symmetry="general")
    if not path.exists() and Path(str(path) + ".mtx").exists():  # mmwrite's suffix
        Path(str(path) + ".mtx").rename(path)
    _mtd(path, a.shape[0], a.shape[1], a.nnz, "mm")


def _graph(rng: np.random.Generator, n: int, nnz: int) -> sp.coo_array:
    """n x n, exactly nnz distinct cells A[i, j] = 1 (a link j -> i), no self-loops;
    targets skewed to low ids (a few hubs), so some columns are empty (dangling nodes)."""
    keys = np.empty(0, dtype=np.int64)
    while len(keys) < nnz:
        k = int((nnz - len(keys)) * 1.05) + 1000
        dst = np.minimum((n * rng.random(k) ** 1.5).astype(np.int64), n - 1)
        src = rng.integers(0, n, k)
        new = dst * n + src
        keys = np.unique(np.concatenate([keys, new[dst != src]]))
    keys = np.sort(rng.permutation(keys)[:nnz])
    rows, cols = np.divmod(keys, n)
    return sp.coo_array((np.ones(nnz), (rows, cols)), shape=(n, n))


def generate(out: Path = DEFAULT_OUT, scale: str = "full") -> dict[str, str]:
    """Write the files (unless the manifest says they are there); return them by name."""
    cfg = SCALES[scale]
    manifest = {"version": VERSION, "seed": SEED, "scale": scale, "sizes": cfg}
    files = {n: str(out / f) for n, f in [
        ("X", "X.csv"), ("y", "y.csv"), ("Y", "Y.csv"), ("y01", "y01.csv"),
        ("Xkm", "Xkm.csv"), ("A", "A.mtx"),
    ]}  # fmt: skip
    mf = out / "manifest.json"
    if mf.is_file() and json.loads(mf.read_text()) == json.loads(json.dumps(manifest)):
        if all(Path(f).is_file() for f in files.values()):
            return files
    out.mkdir(parents=True, exist_ok=True)
    t0 = time.perf_counter()
    rng = np.random.default_rng(SEED)
    n, m = cfg["reg"]
    # columns on different scales (as real features are), a linear truth with an intercept
    X = rng.uniform(-1, 1, (n, m)) * np.exp(rng.uniform(-0.75, 0.75, (1, m)))
    X = np.round(X, 7)  # <= 8 significant digits: the CSV holds these values exactly
    w = rng.uniform(-1, 1, (m, 1))
    y = np.round(X @ w + 0.5 + 0.1 * rng.standard_normal((n, 1)), 6)
    # label noise of about the margin's own spread: not separable, so the logistic fit's
    # probabilities stay inside (0, 1) and its log-likelihood finite
    margin = X @ rng.uniform(-1, 1, (m, 1)) + 4.0 * rng.standard_normal((n, 1))
    Y = np.where(margin > 0, 1.0, -1.0)
    write_csv(out / "X.csv", X)
    write_csv(out / "y.csv", y)
    write_csv(out / "Y.csv", Y)
    write_csv(out / "y01.csv", (Y + 1) / 2)
    n, d, k = cfg["km"]
    centres = rng.uniform(-5, 5, (k, d))
    Xkm = np.round(centres[rng.integers(0, k, n)] + rng.standard_normal((n, d)), 6)
    write_csv(out / "Xkm.csv", Xkm)
    n, nnz = cfg["graph"]
    write_mm(out / "A.mtx", _graph(rng, n, nnz))
    mf.write_text(json.dumps(manifest, indent=1) + "\n")
    print(f"gen_data: wrote {out} in {time.perf_counter() - t0:.1f} s")
    return files


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT)
    ap.add_argument("--scale", choices=sorted(SCALES), default="full")
    args = ap.parse_args()
    for name, f in generate(args.out, args.scale).items():
        print(f"{name}: {f}")


if __name__ == "__main__":
    main()

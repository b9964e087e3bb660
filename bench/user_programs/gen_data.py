"""Write the user programs' input files once: dense .npy, sparse .mtx, seeded.

    python bench/user_programs/gen_data.py                 # full sizes, bench/out/user_programs
    python bench/user_programs/gen_data.py --scale tiny --out /tmp/up

Files are rewritten only when their sizes, seed or format version differ from the
manifest.json beside them (so a benchmark run does not pay for them again).
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

VERSION = 1
SEED = 20261130
# mm: X n x k, Y k x n; tall: n x m (tsmm_vec, ridge); pca: n x m;
# logreg: n x m sparse with density d; graph: nodes, out-links per node.
FULL: dict[str, Any] = {
    "mm": (3000, 1500),
    "tall": (20000, 1000),
    "pca": (8000, 250),
    "logreg": (100000, 1000, 0.01),
    "graph": (300000, 10),
}
SCALES: dict[str, dict[str, Any]] = {
    "full": FULL,
    # The asymptotic cases at sizes where the product they avoid takes seconds (naive
    # NumPy: ~2.5 s for X %*% Y, ~4 s for t(X) %*% X): the wall-time target (>= 3x naive,
    # start-up included) is about data that large; at "full" sizes naive NumPy's whole
    # process takes ~0.6 s, less than 3x what Python plus NumPy plus xDSL take to start.
    # Loop programs' inputs as in "full".
    "large": {**FULL, "mm": (6000, 3000), "tall": (20000, 4000)},
    "tiny": {
        "mm": (30, 15),
        "tall": (200, 20),
        "pca": (100, 10),
        "logreg": (500, 40, 0.1),
        "graph": (300, 5),
    },
}


def _sparse(rng: np.random.Generator, n: int, m: int, density: float) -> sp.coo_array:
    """n x m with round(density n m) distinct cells, standard normal values."""
    k = round(density * n * m)
    pos = np.sort(rng.choice(n * m, size=k, replace=False))
    rows, cols = np.divmod(pos, m)
    return sp.coo_array((rng.standard_normal(k), (rows, cols)), shape=(n, m))


def _graph(rng: np.random.Generator, n: int, deg: int) -> sp.coo_array:
    """A[i, j] = 1 for a link i -> j: out-degrees ~ Poisson(deg), targets skewed to low ids
    (a few hubs), no self-loops, no duplicates; nodes with no out-link occur."""
    out = rng.poisson(deg, n)
    src = np.repeat(np.arange(n), out)
    dst = np.minimum((n * rng.random(len(src)) ** 2).astype(np.int64), n - 1)
    keys = np.unique(src * n + dst)
    src, dst = np.divmod(keys, n)
    keep = src != dst
    src, dst = src[keep], dst[keep]
    return sp.coo_array((np.ones(len(src)), (src, dst)), shape=(n, n))


def generate(out: Path, scale: str = "full", force: bool = False) -> dict[str, Any]:
    """Write every input file under out (unless its manifest already matches)."""
    sizes = SCALES[scale]
    want = {"version": VERSION, "seed": SEED, "scale": scale, "sizes": sizes}
    want = json.loads(json.dumps(want))  # tuples as lists, as read back
    manifest = out / "manifest.json"
    if not force and manifest.is_file():
        have = json.loads(manifest.read_text())
        if {k: have.get(k) for k in want} == want and all(
            (out / f).is_file() for f in have.get("files", {})
        ):
            return have
    out.mkdir(parents=True, exist_ok=True)
    t0 = time.perf_counter()
    rng = np.random.default_rng(SEED)
    files: dict[str, str] = {}

    def npy(name: str, a: np.ndarray) -> None:
        np.save(out / name, np.ascontiguousarray(a, dtype=np.float64))
        files[name] = f"{a.shape[0]}x{a.shape[1]} dense"

    def mtx(name: str, a: sp.coo_array) -> None:
        scipy.io.mmwrite(out / name, a)
        files[name] = f"{a.shape[0]}x{a.shape[1]} sparse, nnz={a.nnz}"

    n, k = sizes["mm"]
    npy("mm_X.npy", rng.standard_normal((n, k)))
    npy("mm_Y.npy", rng.standard_normal((k, n)))
    npy("mm_v.npy", rng.standard_normal((n, 1)))
    n, m = sizes["tall"]
    X = rng.standard_normal((n, m))
    npy("tall_X.npy", X)
    npy("tall_v.npy", rng.standard_normal((m, 1)))
    npy("tall_y.npy", X @ rng.uniform(-1, 1, (m, 1)) + rng.standard_normal((n, 1)))
    n, m = sizes["pca"]
    # A few dominant directions, so power iteration has an eigenvalue gap to find.
    scales = np.linspace(3.0, 1.0, m) ** 2
    npy("pca_X.npy", rng.standard_normal((n, m)) * scales)
    n, m, d = sizes["logreg"]
    Xs = _sparse(rng, n, m, d)
    mtx("logreg_X.mtx", Xs)
    eta = sp.csr_array(Xs) @ rng.uniform(-1, 1, (m, 1))
    npy("logreg_y.npy", (rng.random((n, 1)) < 1.0 / (1.0 + np.exp(-eta))).astype(np.float64))
    n, deg = sizes["graph"]
    mtx("graph.mtx", _graph(rng, n, deg))
    have = want | {"files": files, "generate_s": round(time.perf_counter() - t0, 1)}
    manifest.write_text(json.dumps(have, indent=1) + "\n")
    return have


def main() -> None:
    from cases import DATA

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scale", choices=sorted(SCALES), default="full")
    ap.add_argument("--out", type=Path, default=DATA)
    ap.add_argument("--force", action="store_true", help="rewrite even if the manifest matches")
    args = ap.parse_args()
    print(json.dumps(generate(args.out, args.scale, args.force), indent=1))


if __name__ == "__main__":
    main()

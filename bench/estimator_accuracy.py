"""Sparsity-estimate accuracy on the five C = A %*% B cases of peers.md section 4c.

    python bench/estimator_accuracy.py            # the sizes of section 4c
    python bench/estimator_accuracy.py --scale 0.2

Prints a markdown table: true nnz (scipy), the metadata (SystemDS BASIC_AVG)
and MNC estimates with their relative errors, the worst-case bound of the size
rules, and the time to build both MNC sketches and estimate, against the time
of the sparse product itself (best of --repeat runs each).

The cases are reconstructions (section 4c gives shapes and sparsities, not
generators): non-zero positions are drawn with a fixed seed, values are
uniform in [0.5, 1.5) so no product cancels, power laws are Zipf over the
common dimension, with positions drawn with replacement and merged.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
import scipy.sparse as sp

from amls.passes.sizes.estimators.estimator import SparsityEstimator
from amls.passes.sizes.estimators.metadata import MetadataEstimator
from amls.passes.sizes.estimators.mnc import MNCEstimator
from amls.passes.sizes.facts import MatFacts
from amls.passes.sizes.rules import matmul as matmul_rule

Mat = sp.csr_array


def random_sparse(
    m: int,
    n: int,
    draws: int,
    rng: np.random.Generator,
    row_p: np.ndarray | None = None,
    col_p: np.ndarray | None = None,
) -> Mat:
    """`draws` positions (uniform, or from row/column distributions), duplicates merged."""
    r = rng.choice(m, draws, p=row_p) if row_p is not None else rng.integers(0, m, draws)
    c = rng.choice(n, draws, p=col_p) if col_p is not None else rng.integers(0, n, draws)
    a = sp.csr_array((rng.uniform(0.5, 1.5, draws), (r, c)), shape=(m, n))
    a.sum_duplicates()
    return a


def zipf(n: int, alpha: float) -> np.ndarray:
    p = 1.0 / np.arange(1, n + 1) ** alpha
    return p / p.sum()


def selection(m: int, n: int, targets: np.ndarray) -> Mat:
    """m x n with one 1 per row, row i selecting column targets[i]."""
    return sp.csr_array((np.ones(m), (np.arange(m), targets)), shape=(m, n))


@dataclass
class Case:
    name: str
    make: Callable[[np.random.Generator], tuple[Mat, Mat]]


def cases(scale: float) -> list[Case]:
    big = max(10, round(20_000 * scale))  # the 20k dimension
    small = max(10, round(2_000 * scale))  # the 2k dimension
    rows100 = max(1, round(100 * scale))

    def uniform(rng: np.random.Generator) -> tuple[Mat, Mat]:
        d = round(big * big * 1e-3)
        return random_sparse(big, big, d, rng), random_sparse(big, big, d, rng)

    def one_per_row(rng: np.random.Generator) -> tuple[Mat, Mat]:
        p = selection(big, big, rng.integers(0, big, big))
        return p, random_sparse(big, big, round(big * big * 1e-3), rng)

    def powerlaw_cols(rng: np.random.Generator) -> tuple[Mat, Mat]:
        a = random_sparse(big, big, round(175_000 * scale**2), rng, col_p=zipf(big, 1.0))
        return a, random_sparse(big, big, round(big * big * 1e-3), rng)

    def dense_rows(rng: np.random.Generator) -> tuple[Mat, Mat]:
        full = rng.choice(big, rows100, replace=False)
        p = selection(small, big, full[np.arange(small) % rows100])
        r, c = np.repeat(full, small), np.tile(np.arange(small), rows100)
        return p, sp.csr_array((np.ones(len(r)), (r, c)), shape=(big, small))

    def correlated(rng: np.random.Generator) -> tuple[Mat, Mat]:
        p = zipf(big, 1.2)
        draws = round(40_000 * scale)
        return (
            random_sparse(small, big, draws, rng, col_p=p),
            random_sparse(big, small, draws, rng, row_p=p),
        )

    b, s = (
        f"{big // 1000}k" if big >= 1000 else str(big),
        f"{small // 1000}k" if small >= 1000 else str(small),
    )
    return [
        Case(f"uniform {b}², sp 1e-3 × 1e-3", uniform),
        Case(f"one-nnz-per-row P × uniform ({b}²)", one_per_row),
        Case(f"power-law columns A × uniform B ({b}²)", powerlaw_cols),
        Case(f"selection P × B with {rows100} dense rows ({s}×{b}×{s})", dense_rows),
        Case(f"power-law cols A × power-law rows B ({s}×{b}×{s})", correlated),
    ]


def best_of(repeat: int, fn: Callable[[], Any]) -> tuple[float, Any]:
    best, out = float("inf"), None
    for _ in range(repeat):
        t = time.perf_counter()
        out = fn()
        best = min(best, time.perf_counter() - t)
    return best, out


def estimate(est: SparsityEstimator, a: Mat, b: Mat) -> float:
    s = est.matmul(est.from_data(a), est.from_data(b))
    assert s.nnz is not None
    return s.nnz


def err(x: float, true: int) -> str:
    return f"{(x - true) / true * 100:+.2f}%"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--scale", type=float, default=1.0, help="dimension scale (1 = section 4c)")
    ap.add_argument("--seed", type=int, default=4)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    rng = np.random.default_rng(args.seed)
    meta, mnc = MetadataEstimator(), MNCEstimator()
    print("| case (C = A %*% B) | true nnz | metadata (BASIC_AVG) | MNC | worst-case bound "
          "| MNC sketch+estimate | sparse product |")  # fmt: skip
    print("|---|---:|---:|---:|---:|---:|---:|")
    for case in cases(args.scale):
        a, b = case.make(rng)
        t_prod, c = best_of(args.repeat, lambda a=a, b=b: a @ b)
        true = int(np.count_nonzero(c.data))
        t_mnc, nnz_mnc = best_of(args.repeat, lambda a=a, b=b: estimate(mnc, a, b))
        nnz_meta = estimate(meta, a, b)
        fa = MatFacts.make(a.shape[0], a.shape[1], int(a.count_nonzero()))
        fb = MatFacts.make(b.shape[0], b.shape[1], int(b.count_nonzero()))
        worst = matmul_rule(None, [fa, fb]).nnz_ub  # type: ignore[union-attr]
        assert worst is not None
        print(
            f"| {case.name} | {true:,} | {nnz_meta:,.0f} ({err(nnz_meta, true)}) "
            f"| {nnz_mnc:,.0f} ({err(nnz_mnc, true)}) | {worst:,.0f} ({err(worst, true)}) "
            f"| {t_mnc * 1e3:.1f} ms | {t_prod * 1e3:.1f} ms |"
        )


if __name__ == "__main__":
    main()

"""The user-program cases: which .mlir program, which data files, what kind of target.

Shared by run.py, harness.py and tests/unit/test_user_programs.py. A case's `args`
maps each parameter of the program's @main (in order) to a file written by gen_data.py;
the naive and hand-optimised scripts' `load` takes the same names.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
DATA = HERE.parent / "out" / "user_programs"  # bench/out is git-ignored

ASYMPTOTIC = "asymptotic"  # a rewrite changes the asymptotic cost
LOOP = "loop"  # an iterative program: the target is hand-optimised NumPy
OTHER = "other"


@dataclass(frozen=True)
class Case:
    name: str
    kind: str
    args: dict[str, str]  # parameter -> data file (in bench/out/user_programs)
    math: str  # the program, DML-like
    cost: str  # as written -> best known

    @property
    def program(self) -> Path:
        return HERE / f"{self.name}.mlir"

    def script(self, variant: str) -> Path:
        return HERE / variant / f"{self.name}.py"


MM = {"X": "mm_X.npy", "Y": "mm_Y.npy"}
CASES: list[Case] = [
    Case("sum_mm", ASYMPTOTIC, MM, "sum(X %*% Y)", "nkm -> nk + km"),
    Case("trace_mm", ASYMPTOTIC, MM, "trace(X %*% Y)", "nkn -> nk"),
    Case("diag_mm", ASYMPTOTIC, MM, "diag(X %*% Y)", "nkn -> nk"),
    Case("rowsums_mm", ASYMPTOTIC, MM, "rowSums(X %*% Y)", "nkm -> nk + km"),
    Case("colsums_mm", ASYMPTOTIC, MM, "colSums(X %*% Y)", "nkm -> nk + km"),
    Case(
        "mm_vec",
        ASYMPTOTIC,
        {"A": "mm_X.npy", "B": "mm_Y.npy", "v": "mm_v.npy"},
        "(A %*% B) %*% v",
        "nkm -> nk + km",
    ),
    Case(
        "tsmm_vec",
        ASYMPTOTIC,
        {"X": "tall_X.npy", "v": "tall_v.npy"},
        "t(X) %*% X %*% v",
        "nm^2 -> nm",
    ),
    Case(
        "ridge",
        OTHER,
        {"X": "tall_X.npy", "y": "tall_y.npy"},
        "w = solve(t(X) %*% X + lambda * I, t(X) %*% y); rss = sum((y - X %*% w)^2)",
        "nm^2 + m^3",
    ),
    Case(
        "logreg_gd",
        LOOP,
        {"X": "logreg_X.mtx", "y": "logreg_y.npy"},
        "100 x: w = w - lr * (t(X) %*% (sigmoid(X %*% w) - y) / n + lambda * w); X sparse",
        "per iteration: nnz(X) (+ nnz(X) log for t(X) if not hoisted)",
    ),
    Case(
        "pca_power",
        LOOP,
        {"X": "pca_X.npy"},
        "50 x: u = t(X) %*% X %*% v; v = u / sqrt(sum(u^2))",
        "50 nm^2 -> nm^2 once (Gram hoisted) or 50 nm (chain)",
    ),
    Case(
        "pagerank",
        LOOP,
        {"A": "graph.mtx"},
        "P = A / max(rowSums(A), 1); 50 x: p = alpha * (t(P) %*% p) + (1 - alpha) / n",
        "per iteration: nnz(A) (+ a transpose if not hoisted)",
    ),
]
BY_NAME = {c.name: c for c in CASES}

"""Every fused phys kernel against the unfused kernels it replaces, at 1 and 2 BLAS threads.

    python bench/fused_kernels.py               # writes bench/results/fused_kernels.json
    python bench/fused_kernels.py --readme      # ... and the bench/README.md section
    python bench/fused_kernels.py --reps 31 --threads 1 2

Layout rows: products on phys-opt's column-major copy of a tall, narrow X against the
same products on the row-major X (and the copy against the transposed copy a hoisted
t(X) makes); they decide phys-opt's LAYOUT_* thresholds.

Shapes are those of the examples (lm_cg, lm_ds, l2svm, logreg, kmeans) and of the rewrite
suite. Each thread count runs in its own child process (OPENBLAS_NUM_THREADS etc. set
before NumPy loads); within it the fused and unfused calls alternate, and the table
reports medians and the median of the per-pair ratios (pairs saw the same machine).
Target: fused never slower than unfused by more than 5% (ratio <= 1.05).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from functools import partial
from pathlib import Path
from types import SimpleNamespace
from typing import Any

BENCH = Path(__file__).resolve().parent
TARGET = 1.05


def cases() -> list[tuple[str, str, Any, Any]]:
    """(name, shape text, fused(), unfused()) with inputs built once."""
    import numpy as np
    import scipy.sparse as sp

    from amls.dialects import matrix as mx
    from amls.dialects import phys
    from amls.interpreter.kernels import IEEE_BODY, KERNELS
    from amls.interpreter.kernels import matrix as mk
    from amls.interpreter.phys import local  # noqa: F401 - registers the phys kernels

    rng = np.random.default_rng(7)

    def u(*shape: int) -> np.ndarray:
        return rng.uniform(-1.0, 1.0, shape)

    def k(op_type: type, **props: str) -> Any:
        op = SimpleNamespace(**{p: SimpleNamespace(data=v) for p, v in props.items()})
        # The body the engine runs (under the one np.errstate of its call), not the
        # stand-alone wrapper that enters errstate per call (~1 us).
        body = getattr(KERNELS[op_type], IEEE_BODY, KERNELS[op_type])
        return lambda *args: body(op, args)

    # The unfused side is what amls runs without the fused op: its matrix kernels.
    mm = mk.matmul_values
    ew = mk.elementwise

    def sum_(a: Any) -> float:
        return mk._reduce_all(a, "sum")

    def tr(a: Any) -> Any:
        return KERNELS[mx.TransposeOp](None, (a,))

    out: list[tuple[str, str, Any, Any]] = []

    def add(name: str, shape: str, fused: Any, unfused: Any, *args: Any) -> None:
        out.append((name, shape, partial(fused, *args), partial(unfused, *args)))

    shapes = ((100000, 201, "lm_cg"), (100000, 101, "l2svm/logreg"), (20000, 1000, "wide"))
    for n, m, where in shapes:
        X, v, w, y = u(n, m), u(m, 1), u(n, 1), u(n, 1)
        add(
            f"mmchain xtxv ({where})",
            f"{n}x{m}",
            k(phys.MmchainOp, kind="xtxv"),
            lambda X, v: mm(tr(X), mm(X, v)),
            X,
            v,
        )
        add(
            f"mmchain xtwxv ({where})",
            f"{n}x{m}",
            k(phys.MmchainOp, kind="xtwxv"),
            lambda X, v, w: mm(tr(X), ew(np.multiply, w, mm(X, v))),
            X,
            v,
            w,
        )
        add(
            f"mmchain xtxvy ({where})",
            f"{n}x{m}",
            k(phys.MmchainOp, kind="xtxvy"),
            lambda X, v, y: mm(tr(X), ew(np.subtract, mm(X, v), y)),
            X,
            v,
            y,
        )
    for n, m, where in ((50000, 401, "lm_ds"), (100000, 101, "logreg")):
        add(
            f"tsmm left ({where})",
            f"{n}x{m}",
            k(phys.TsmmOp, side="left"),
            lambda X: mm(tr(X), X),
            u(n, m),
        )
    add(
        "tmm t(X)%*%Y",
        "100000x101, 100000x20",
        k(phys.TmmOp),
        lambda X, Y: mm(tr(X), Y),
        u(100000, 101),
        u(100000, 20),
    )
    for n, m, where in ((100000, 101, "logreg Hessian"), (20000, 500, "")):
        add(
            f"wtsmm t(X)%*%(w*X) {where}".strip(),
            f"{n}x{m}",
            k(phys.WtsmmOp),
            lambda X, w: mm(tr(X), ew(np.multiply, w, X)),
            u(n, m),
            u(n, 1),
        )
    # A sparse X's CSC view against the product on a t(X) transposed once (licm hoisted
    # it out of the loop: the unfused side does not pay the transpose), in the loop
    # iteration that makes the choice (logreg_gd's X %*% w, then t(X) %*% r): the view
    # keeps one copy of X in the loop's working set instead of two.
    Xs = sp.random_array((100000, 1000), density=0.01, format="csr", rng=rng)
    Xs_t = tr(Xs)
    tmm = k(phys.TmmOp)
    add(
        "tmm sparse: X%*%w, t(X)%*%r (logreg_gd; t(X) hoisted)",
        "100000x1000 1% CSR",
        lambda X, w, r: tmm(X, ew(np.add, mm(X, w), r, (0,))),
        lambda X, w, r: mm(Xs_t, ew(np.add, mm(X, w), r, (0,))),
        Xs,
        u(1000, 1),
        u(100000, 1),
    )
    # Layout (phys-opt's phys.colmajor): matrix-vector products on the column-major copy
    # of a tall, narrow X against the same products on the row-major X, and the copy
    # itself against the transposed copy a hoisted t(X) makes.
    colmajor = k(phys.ColMajorOp)
    for n, m, where in ((100000, 101, "l2svm/logreg"), (100000, 201, "lm_cg"), (40000, 500, "")):
        X, v, r = u(n, m), u(m, 1), u(n, 1)
        F = colmajor(X)
        add(
            f"layout X%*%v {where}".strip(),
            f"{n}x{m}",
            lambda F, X, v: mm(F, v),
            lambda F, X, v: mm(X, v),
            F,
            X,
            v,
        )
        add(
            f"layout t(X)%*%r {where}".strip(),
            f"{n}x{m}",
            lambda F, X, r: tmm(F, r),
            lambda F, X, r: tmm(X, r),
            F,
            X,
            r,
        )
    add(
        "layout: the copy (once per loop) vs t(X)",
        "100000x101",
        colmajor,
        lambda X: np.ascontiguousarray(X.T).T,
        u(100000, 101),
    )
    for shape, where in (((100000, 1), "l2svm line search"), ((2000, 2000), "matrix")):
        A, B, C = u(*shape), u(*shape), u(*shape)
        text = "x".join(map(str, shape))
        add(
            f"tak+ sum(X*Y) ({where})",
            text,
            k(phys.TakOp, axis="all"),
            lambda A, B: sum_(ew(np.multiply, A, B)),
            A,
            B,
        )
        add(
            f"tak+ sum(X*Y*Z) ({where})",
            text,
            k(phys.TakOp, axis="all"),
            lambda A, B, C: sum_(ew(np.multiply, ew(np.multiply, A, B), C)),
            A,
            B,
            C,
        )
    add(
        "tak+ colSums(X*Y)",
        "2000x2000",
        k(phys.TakOp, axis="col"),
        lambda A, B: mk._reduce_axis(ew(np.multiply, A, B), "sum", "col"),
        u(2000, 2000),
        u(2000, 2000),
    )
    for shape, where in (((201, 1), "lm_cg"), ((100000, 1), "l2svm"), ((2000, 2000), "matrix")):
        add(
            f"axpy X+s*Y ({where})",
            "x".join(map(str, shape)),
            k(phys.AxpyOp, sign="add"),
            lambda A, s, B: ew(np.add, A, ew(np.multiply, s, B)),
            u(*shape),
            0.5,
            u(*shape),
        )
    add(
        "wsloss dense",
        "2000x1000, k=10",
        k(phys.WslossOp),
        lambda W, X, U, V: sum_(
            ew(np.multiply, W, ew(np.power, ew(np.subtract, X, mm(U, tr(V))), 2.0))
        ),
        u(2000, 1000),
        u(2000, 1000),
        u(2000, 10),
        u(1000, 10),
    )
    return out  # fmt: skip


def measure_here(reps: int) -> dict[str, Any]:
    import numpy as np

    from amls.interpreter.phys.blas_threads import blas_threads

    rows = []
    np.seterr(all="ignore")  # as the engine runs kernels: one errstate per call
    for name, shape, fused, unfused in cases():
        a, b = fused(), unfused()
        equal = bool(np.allclose(np.asarray(a), np.asarray(b), rtol=1e-9, atol=1e-12))
        tf: list[float] = []
        tu: list[float] = []
        for r in range(reps + 2):
            pair = (fused, unfused) if r % 2 == 0 else (unfused, fused)
            got = {}
            for f in pair:
                t0 = time.perf_counter()
                f()
                got[f is fused] = time.perf_counter() - t0
            if r >= 2:  # two warm-up pairs
                tf.append(got[True])
                tu.append(got[False])
        ratios = sorted(x / y for x, y in zip(tf, tu, strict=True))
        rows.append({
            "name": name, "shape": shape, "equal": equal,
            "fused_s": sorted(tf)[len(tf) // 2], "unfused_s": sorted(tu)[len(tu) // 2],
            "ratio": ratios[len(ratios) // 2],
        })  # fmt: skip
    return {"blas_threads": blas_threads(), "rows": rows}


def markdown(result: dict[str, Any]) -> str:
    by = {t: {r["name"]: r for r in res["rows"]} for t, res in result["threads"].items()}
    ts = list(by)
    head = " | ".join(f"{t} thread(s): fused / unfused ms, ratio" for t in ts)
    lines = [
        f"Measured {result['date']}, load average {result['loadavg']}; {result['cpu']}; "
        f"{result['blas']}. Medians of {result['reps']} alternating pairs per kernel, one "
        f"child process per BLAS thread count; ratio = median of fused/unfused per pair "
        f"(target <= {TARGET:.2f}).",
        "",
        f"| kernel | shape | {head} | equal |",
        "|---|---|" + "---:|" * len(ts) + "---|",
    ]
    first = by[ts[0]]
    for name, r0 in first.items():
        cells = []
        for t in ts:
            r = by[t][name]
            ok = "" if r["ratio"] <= TARGET else " **NO**"
            cells.append(
                f"{1e3 * r['fused_s']:.2f} / {1e3 * r['unfused_s']:.2f}, {r['ratio']:.2f}{ok}"
            )
        eq = all(by[t][name]["equal"] for t in ts)
        lines.append(
            f"| {name} | {r0['shape']} | " + " | ".join(cells) + f" | {'yes' if eq else 'NO'} |"
        )
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--reps", type=int, default=21)
    ap.add_argument("--threads", type=int, nargs="+", default=[1, 2])
    ap.add_argument("--readme", action="store_true")
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.child:
        json.dump(measure_here(args.reps), sys.stdout)
        return 0
    sys.path.insert(0, str(BENCH))
    from _common import per_thread_count, replace_section

    by_threads, head = per_thread_count(__file__, args.threads, ["--reps", str(args.reps)])
    result: dict[str, Any] = {**head, "reps": args.reps, "threads": by_threads}
    (BENCH / "results").mkdir(exist_ok=True)
    (BENCH / "results" / "fused_kernels.json").write_text(json.dumps(result, indent=1) + "\n")
    text = markdown(result)
    print(text)
    if args.readme:
        replace_section("fused-kernels", text)
    bad = [r for res in result["threads"].values() for r in res["rows"] if not r["equal"]]
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())

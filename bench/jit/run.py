"""@amls.jit against plain NumPy, in one process: each examples/python function.

For every program: NumPy (the undecorated function), the first decorated call (translate
+ compile + run: a fresh JitFunction), later calls (the cached plan), the compile time
(translation + pipeline, from f.stats()), and the per-call overhead of a cached plan (the
wrapper's own phases: binding and scanning the arguments, the plan lookup, converting the
results; the interpreter's per-op cost is in the execute time). One warm-up program first
so that imports are not counted as compile time. Medians of --reps calls, NumPy and amls
interleaved. Results are checked against NumPy (rtol 1e-9) before timing.

    python bench/jit/run.py [--reps 5] [--only NAME ...] [--readme]
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import statistics
import sys
import time
from pathlib import Path

import numpy as np
import scipy.sparse as sp

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))

from _common import replace_section  # noqa: E402

import amls  # noqa: E402

ASYMPTOTIC = {"sum_mm", "trace_mm", "diag_mm", "rowsums_mm", "colsums_mm", "mm_vec",
              "tsmm_vec", "pagerank", "pca_power"}  # fmt: skip
"""Programs where a rewrite changes the asymptotic cost (target: >= 10x NumPy)."""
SIZES = {"lm_cg": {"n": 100000, "m": 200}, "lm_ds": {"n": 50000, "m": 400},
         "l2svm": {"n": 100000, "m": 100}, "kmeans": {"n": 100000, "m": 20, "k": 10},
         "logreg": {"n": 100000, "m": 100}, "pagerank": {"n": 2000, "density": 0.01}}  # fmt: skip
"""The data sizes of the MLIR examples (examples/*.mlir @make_data): both routes measured
on the same work."""
USER_SIZES = "the shapes of bench/user_programs (gen_data.py)"


def user_data(up, name: str) -> tuple:
    """bench/user_programs' programs on data of the CLI benchmark's shapes (gen_data.py:
    X 3000x1500 and Y 1500x3000; tall X 20000x1000; PCA 8000x250; a 100000x1000 sparse X
    with 1% non-zeros; a graph of 20,000 nodes with 4e6 links), generated in memory."""
    mm, tall = (3000, 1500), (20000, 1000)
    if name in ("sum_mm", "trace_mm", "diag_mm", "rowsums_mm", "colsums_mm"):
        return up._mm(*mm)
    if name == "mm_vec":
        return (*up._mm(*mm), up._v(mm[0]))
    if name == "tsmm_vec":
        return up._tall(*tall)[:2]
    if name == "ridge":
        X, _, y = up._tall(*tall)
        return X, y
    if name == "logreg_gd":
        return up._logreg(100000, 1000, density=0.01)
    if name == "pca_power":
        return (up._tall(8000, 250)[0],)
    if name == "pagerank_user":
        return (up._graph(20000),)
    raise KeyError(name)


def load(name: str):
    path = ROOT / "examples" / "python" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(f"bench_jit_{name}", path)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def programs() -> list[tuple[str, object, tuple]]:
    out = []
    for name in ("lm_cg", "lm_ds", "l2svm", "kmeans", "logreg", "pagerank"):
        mod = load(name)
        out.append((name, mod.PROGRAM.__wrapped__, mod.data(**SIZES[name])))
    up = load("user_programs")
    for name, (f, _) in up.PROGRAMS.items():
        out.append((name, f.__wrapped__, user_data(up, name)))
    return out


def dense(x):
    return x.toarray() if sp.issparse(x) else x


def check(got, want) -> float:
    got = got if isinstance(got, tuple) else (got,)
    want = want if isinstance(want, tuple) else (want,)
    worst = 0.0
    for g, w in zip(got, want, strict=True):
        g, w = np.asarray(dense(g), float), np.asarray(dense(w), float)
        np.testing.assert_allclose(g, w, rtol=1e-9, atol=1e-12)
        if w.size:
            worst = max(worst, float(np.max(np.abs(g - w) / (np.abs(w) + 1e-300))))
    return worst


def timed(f, args) -> float:
    t = time.perf_counter()
    f(*args)
    return time.perf_counter() - t


def measure(name: str, fn, args, reps: int) -> dict[str, float | str]:
    jf = amls.jit(fn)
    t0 = time.perf_counter()
    got = jf(*args)
    first = time.perf_counter() - t0
    st = jf._stats  # noqa: SLF001 - the bench reads the compile events
    ev = st.events[0]
    compile_s = ev.seconds + ev.translate_seconds
    want = fn(*args)
    err = check(got, want)
    np_t, jit_t, over = [], [], []
    for _ in range(reps):
        np_t.append(timed(fn, args))
        jit_t.append(timed(jf, args))
        last = st.last
        over.append(last["bind, scan, plan lookup"] + last["results to NumPy"])
    numpy_s, later_s = statistics.median(np_t), statistics.median(jit_t)
    ratio = numpy_s / later_s
    if name in ASYMPTOTIC:
        target, ok = ">= 10x", ratio >= 10
    else:
        target, ok = "<= 1.10x NumPy", later_s <= 1.10 * numpy_s
    return {"name": name, "numpy": numpy_s, "first": first, "later": later_s,
            "compile": compile_s, "overhead": statistics.median(over), "speedup": ratio,
            "target": target, "met": "yes" if ok else "no", "err": err}  # fmt: skip


def tiny_overhead(reps: int) -> tuple[float, float]:
    """Wall time of a cached call of a one-op function on a 10x10 array, and of NumPy."""
    mod = load("user_programs")
    x = np.ones((10, 10))
    f = amls.jit(mod.sum_mm.__wrapped__)
    f(x, x)
    a = [timed(f, (x, x)) for _ in range(max(reps, 50))]
    b = [timed(mod.sum_mm.__wrapped__, (x, x)) for _ in range(max(reps, 50))]
    return statistics.median(a), statistics.median(b)


def markdown(rows: list[dict], tiny: tuple[float, float], reps: int) -> str:
    out = [
        f"`python bench/jit/run.py --reps {reps} --readme` (one process; medians of {reps} "
        "calls, NumPy and amls interleaved; every result checked against NumPy at rtol 1e-9 "
        "first).",
        "",
        "| program | NumPy (s) | first call (s) | later calls (s) | NumPy / later | target | met "
        "| compile (s) | overhead (ms) |",
        "|---|---:|---:|---:|---:|---|---|---:|---:|",
    ]  # fmt: skip
    for r in rows:
        out.append(
            f"| {r['name']} | {r['numpy']:.4f} | {r['first']:.3f} | {r['later']:.4f} | "
            f"{r['speedup']:.2f}x | {r['target']} | {r['met']} | {r['compile']:.3f} | "
            f"{1e3 * r['overhead']:.3f} |"
        )
    met = sum(r["met"] == "yes" for r in rows)
    worst_compile = max(r["compile"] for r in rows)
    out += [
        "",
        f"Targets met: {met} of {len(rows)}. Compile (translation + -O2 pipeline) at most "
        f"{worst_compile:.3f} s (target < 0.5 s). Overhead = the wrapper's own phases per "
        "cached call (bind and scan the arguments, plan lookup, results to NumPy). A "
        f"cached call of sum_mm on 10x10 inputs takes {1e3 * tiny[0]:.3f} ms in all "
        f"(NumPy: {1e3 * tiny[1]:.3f} ms; target < 1 ms).",
        f"Load average at the start: {LOAD} (2 shared cores: read the ratios, not the "
        "seconds, and rerun on a quiet machine).",
        f"Sizes: {', '.join(f'{k} {v}' for k, v in SIZES.items())}; user programs on {USER_SIZES}.",
    ]
    return "\n".join(out) + "\n"


LOAD = " ".join(f"{x:.2f}" for x in os.getloadavg())


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--reps", type=int, default=5)
    p.add_argument("--only", nargs="*")
    p.add_argument("--readme", action="store_true", help="write the jit section of README.md")
    a = p.parse_args()
    warm = load("user_programs").PROGRAMS["sum_mm"]
    amls.jit(warm[0].__wrapped__)(*warm[1](1))  # imports and first-use costs
    rows = []
    for name, fn, args in programs():
        if a.only and name not in a.only:
            continue
        r = measure(name, fn, args, a.reps)
        rows.append(r)
        print(f"{name:<14} numpy {r['numpy']:.4f}  first {r['first']:.3f}  later "
              f"{r['later']:.4f}  x{r['speedup']:.2f}  compile {r['compile']:.3f}  "
              f"overhead {1e3 * r['overhead']:.3f} ms  {r['met']}", flush=True)  # fmt: skip
    tiny = tiny_overhead(a.reps)
    text = markdown(rows, tiny, a.reps)
    print(text)
    if a.readme:
        replace_section("jit", text)


if __name__ == "__main__":
    main()

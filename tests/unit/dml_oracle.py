"""Running DML scripts on amls and on SystemDS (the oracle) with the same input files."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy as np

DML_DIR = Path(__file__).resolve().parent.parent / "dml"
DATA_VERSION = "1"


def systemds_jar() -> Path | None:
    """SystemDS.jar (with its lib/ next to it): $AMLS_SYSTEMDS_JAR or ~/.cache/amls/systemds."""
    env = os.environ.get("AMLS_SYSTEMDS_JAR")
    jar = Path(env) if env else Path.home() / ".cache" / "amls" / "systemds" / "SystemDS.jar"
    return jar if jar.is_file() else None


def write_matrix(path: Path, a: np.ndarray, header: bool = False, sep: str = ",") -> None:
    """A csv matrix and its .mtd, as SystemDS writes them."""
    text = ""
    if header:
        text = sep.join(f"C{j + 1}" for j in range(a.shape[1])) + "\n"
    text += "".join(sep.join(repr(float(x)) for x in row) + "\n" for row in a)
    path.write_text(text)
    meta = {
        "data_type": "matrix", "value_type": "double", "rows": a.shape[0], "cols": a.shape[1],
        "nnz": int(np.count_nonzero(a)), "format": "csv", "header": header, "sep": sep,
    }  # fmt: skip
    Path(str(path) + ".mtd").write_text(json.dumps(meta))


def make_inputs(d: Path) -> dict[str, str]:
    """The input files every script may read, by $-name."""
    rng = np.random.default_rng(20261201)
    X = rng.random((30, 4))
    Y = rng.random((30, 4))
    A = rng.random((5, 5)) + 5 * np.eye(5)
    S = rng.random((30, 4)) * (rng.random((30, 4)) < 0.3)
    files = {
        "X": X, "Y": Y, "A": A, "b": rng.random((5, 1)), "v": rng.random((30, 1)),
        "w": rng.random((4, 1)), "y": np.where(rng.random((30, 1)) < 0.5, -1.0, 1.0), "S": S,
    }  # fmt: skip
    out = {}
    for name, a in files.items():
        write_matrix(d / f"{name}.csv", a)
        out[name] = str(d / f"{name}.csv")
    write_matrix(d / "H.csv", rng.random((6, 3)), header=True, sep=";")
    out["H"] = str(d / "H.csv")
    # SystemDS's text (ijv, with .mtd) and MatrixMarket (dims in its header) files
    T = rng.random((7, 5)) * (rng.random((7, 5)) < 0.4)
    write_ijv(d / "T.txt", T, mm=False)
    write_ijv(d / "M.mm", T.T, mm=True)
    out["T"], out["M"] = str(d / "T.txt"), str(d / "M.mm")
    return out


def write_ijv(path: Path, a: np.ndarray, mm: bool) -> None:
    """`i j v` lines (1-based) as SystemDS writes them: text with a .mtd, mm with its header."""
    i, j = np.nonzero(a)
    lines = "".join(f"{r + 1} {c + 1} {float(a[r, c])!r}\n" for r, c in zip(i, j, strict=True))
    if mm:
        head = (
            f"%%MatrixMarket matrix coordinate real general\n{a.shape[0]} {a.shape[1]} {len(i)}\n"
        )
        path.write_text(head + lines)
        return
    path.write_text(lines or "0 0 0\n")
    meta = {"data_type": "matrix", "value_type": "double", "rows": a.shape[0],
            "cols": a.shape[1], "nnz": len(i), "format": "text"}  # fmt: skip
    Path(str(path) + ".mtd").write_text(json.dumps(meta))


def read_outputs(d: Path) -> dict[str, np.ndarray]:
    """Every csv, text (ijv) and mm file a script wrote, as dense arrays."""
    from amls.interpreter.kernels.files import load_matrix

    out = {}
    for p in sorted(d.glob("*.csv")):
        text = p.read_text().strip()
        rows = [r.split(",") for r in text.splitlines() if r.strip()] if text else []
        out[p.name] = np.array([[float(x) for x in r] for r in rows], dtype=float).reshape(
            len(rows), -1 if rows else 0
        )
    for p in sorted([*d.glob("*.txt"), *d.glob("*.mm")]):
        meta = json.loads(Path(str(p) + ".mtd").read_text()) if p.suffix == ".txt" else {}
        dims = (meta.get("rows"), meta.get("cols"))
        x = load_matrix(str(p), "text" if p.suffix == ".txt" else "mtx", dims=dims)
        out[p.name] = x.toarray() if hasattr(x, "toarray") else np.asarray(x)
    return out


def nvargs(inputs: dict[str, str], out: Path) -> list[str]:
    return [f"{k}={v}" for k, v in inputs.items()] + [f"out={out}"]


def run_amls(script: Path, inputs: dict[str, str], out: Path, level: str = "O2") -> None:
    from amls.interpreter.engine import run_function
    from amls.lowering.pipeline import compile_module, make_pass
    from amls.tools.common import make_context
    from amls.tools.translate import import_dml_file

    out.mkdir(parents=True, exist_ok=True)
    nv = dict(a.split("=", 1) for a in nvargs(inputs, out))
    module = import_dml_file(str(script), (), nv)
    compile_module(module, make_context(), level, "main", make_pass("lower-to-phys", dist=False))
    run_function(module, "main", [])


def cache_dir(script: Path) -> Path:
    """Where SystemDS's outputs for a script are kept (keyed by script, libraries and data)."""
    h = hashlib.sha256((DATA_VERSION + script.read_text()).encode())
    for lib in sorted((DML_DIR / "lib").glob("*.dml")):
        h.update(lib.read_bytes())
    return Path.home() / ".cache" / "amls" / "systemds-oracle" / h.hexdigest()[:16]


def systemds_cmd(jar: Path, script: Path, nv: list[str]) -> list[str]:
    return [
        "java", "--add-modules", "jdk.incubator.vector", "-Xmx1g", "-XX:+UseSerialGC",
        "-XX:TieredStopAtLevel=1", "-cp", f"{jar}{os.pathsep}{jar.parent / 'lib'}/*",
        "org.apache.sysds.api.DMLScript", "-f", str(script), "-exec", "singlenode",
        "-nvargs", *nv,
    ]  # fmt: skip


def _systemds_into_cache(script: Path, inputs: dict[str, str], jar: Path) -> Path:
    cache = cache_dir(script)
    if (cache / "done").is_file():
        return cache
    tmp = cache.with_suffix(f".tmp{os.getpid()}")
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir(parents=True)
    cmd = systemds_cmd(jar, script, nvargs(inputs, tmp))
    r = subprocess.run(cmd, cwd=DML_DIR, capture_output=True, text=True, timeout=600)
    if r.returncode != 0 or "An Error Occurred" in r.stdout + r.stderr:
        shutil.rmtree(tmp, ignore_errors=True)
        raise RuntimeError(f"SystemDS failed on {script.name}:\n{r.stdout}\n{r.stderr}")
    (tmp / "done").write_text("ok")
    shutil.rmtree(cache, ignore_errors=True)
    tmp.rename(cache)
    return cache


def prefetch_systemds(
    scripts: list[Path], inputs: dict[str, str], jar: Path, workers: int = 2
) -> dict[Path, str]:
    """Run the scripts not cached yet on SystemDS, `workers` JVMs at a time (one JVM costs
    ~1.5 s of start-up per script); the failures by script, for their tests to report."""
    todo = [s for s in scripts if not (cache_dir(s) / "done").is_file()]
    failed: dict[Path, str] = {}

    def one(s: Path) -> None:
        try:
            _systemds_into_cache(s, inputs, jar)
        except (RuntimeError, subprocess.TimeoutExpired) as e:
            failed[s] = str(e)

    with ThreadPoolExecutor(max_workers=workers) as pool:
        list(pool.map(one, todo))
    return failed


def run_systemds(script: Path, inputs: dict[str, str], out: Path, jar: Path) -> None:
    """Run the script on SystemDS, or take its outputs from the cache (keyed by script + data)."""
    cache = _systemds_into_cache(script, inputs, jar)
    out.mkdir(parents=True, exist_ok=True)
    for p in cache.iterdir():
        if p.name != "done":
            shutil.copy(p, out / p.name)

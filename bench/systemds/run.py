"""amls-run against SystemDS 3.4 on the same DML scripts and the same data files.

    python bench/systemds/run.py                       # all scripts, median of 3, README
    python bench/systemds/run.py --reps 1 --only lm_ds pagerank --no-readme
    python bench/systemds/run.py --scale tiny --no-readme   # a quick check of the harness

Each script bench/systemds/dml/<case>.dml is a DML program as a SystemDS user writes it
(the algorithm of SystemDS's builtin of that name, parameters from -nvargs); it reads
its inputs with read() (CSV or Matrix Market with .mtd, written once by gen_data.py
under the git-ignored bench/out/systemds) and writes its outputs with write(). Per
round and case, two fresh processes in alternating order (bench/_common.run_child: wall
time, peak RSS from wait4, the CPU share other processes used meanwhile):

- `java ... org.apache.sysds.api.DMLScript -f <case>.dml -exec singlenode -stats
  -nvargs ...` (as tests/unit/dml_oracle.py runs it): SystemDS's own "Total elapsed
  time", "Total compilation time" and "Total execution time" from -stats;
- `amls-run <case>.dml --stats -nvargs ...`: the phases from --stats (start-up and
  imports, parse and verify, compile, execute; read() and write() run in execute, as
  SystemDS's read and write instructions count in its execution time).

Median of --reps rounds after one untimed warm-up round (page cache, JIT-less JVM class
data, .pyc files). Every run's outputs (each file the script wrote) are compared with
SystemDS's: normwise relative error max|a - b| / max|b| <= 1e-6 per output, else the
case is marked MISMATCH (exit status 1). Targets: amls's execute time below SystemDS's
execution time and amls's wall time below SystemDS's, on every script. Writes
bench/systemds/results.json, bench/systemds/systemds.png and, with --readme (the
default), the "SystemDS" section of bench/README.md.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np
from gen_data import DEFAULT_OUT, HERE, generate

sys.path.insert(0, str(HERE.parent))  # bench/: its _common and run_examples
from _common import (  # noqa: E402
    AMLS_RUN,
    Child,
    loadavg,
    machine,
    median,
    replace_section,
    run_child,
    wait_for_quiet,
)
from run_examples import parse_amls  # noqa: E402

RTOL = 1e-6
DML = HERE / "dml"
# case -> its -nvargs (a data file by gen_data's name, or a literal value)
CASES: dict[str, dict[str, str]] = {
    "lm_cg": {"X": "@X", "y": "@y"},
    "lm_ds": {"X": "@X", "y": "@y"},
    "l2svm": {"X": "@X", "Y": "@Y"},
    "logreg": {"X": "@X", "y": "@y01"},
    "kmeans": {"X": "@Xkm"},
    "pagerank": {"A": "@A"},
    # SystemDS's DML-bodied builtins as users call them (amls: frontends/dml/lib)
    "lm_builtin": {"X": "@X", "y": "@y"},
    "l2svm_builtin": {"X": "@X", "Y": "@Y"},
    "multilogreg_builtin": {"X": "@X", "y": "@y01"},
}
SDS_STATS = {
    "elapsed": re.compile(r"^Total elapsed time:\s+([\d.]+) sec", re.M),
    "compile": re.compile(r"^Total compilation time:\s+([\d.]+) sec", re.M),
    "execute": re.compile(r"^Total execution time:\s+([\d.]+) sec", re.M),
}


def systemds_jar() -> Path:
    env = os.environ.get("AMLS_SYSTEMDS_JAR")
    jar = Path(env) if env else Path.home() / ".cache" / "amls" / "systemds" / "SystemDS.jar"
    if not jar.is_file():
        sys.exit(f"run.py: no SystemDS.jar at {jar} (set AMLS_SYSTEMDS_JAR; see README)")
    return jar


def nvargs(case: str, files: dict[str, str], out: Path) -> list[str]:
    vals = {k: files[v[1:]] if v.startswith("@") else v for k, v in CASES[case].items()}
    return [f"{k}={v}" for k, v in vals.items()] + [f"out={out}"]


def sds_cmd(case: str, files: dict[str, str], out: Path, jar: Path, xmx: str) -> list[str]:
    return [
        "java", "--add-modules", "jdk.incubator.vector", f"-Xmx{xmx}",
        "-cp", f"{jar}{os.pathsep}{jar.parent / 'lib'}/*",
        "org.apache.sysds.api.DMLScript", "-f", str(DML / f"{case}.dml"),
        "-exec", "singlenode", "-stats", "-nvargs", *nvargs(case, files, out),
    ]  # fmt: skip


def amls_cmd(case: str, files: dict[str, str], out: Path) -> list[str]:
    return [AMLS_RUN, str(DML / f"{case}.dml"), "--stats", "-nvargs", *nvargs(case, files, out)]


def read_outputs(d: Path) -> dict[str, np.ndarray]:
    """Every CSV the script wrote (SystemDS may write a large one as a folder of parts)."""
    out = {}
    for p in sorted(d.glob("*.csv")):
        parts = sorted(q for q in p.iterdir() if not q.name.startswith(".")) if p.is_dir() else [p]
        text = "".join(q.read_text() for q in parts if q.suffix != ".crc")
        rows = [r for r in text.splitlines() if r.strip()]
        out[p.name] = np.array([[float(x) for x in r.split(",")] for r in rows]).reshape(
            len(rows), -1
        )
    return out


def compare(a: dict[str, np.ndarray], ref: dict[str, np.ndarray]) -> dict[str, Any]:
    """Per output the normwise relative error against SystemDS's; ok when all <= RTOL."""
    errs: dict[str, float] = {}
    for name, b in ref.items():
        x = a.get(name)
        if x is None or x.shape != b.shape:
            errs[name] = float("inf")
            continue
        scale = float(np.max(np.abs(b))) if b.size else 0.0
        diff = float(np.max(np.abs(x - b))) if b.size else 0.0
        errs[name] = diff / scale if scale else diff
    missing = sorted(set(a) - set(ref))
    ok = bool(ref) and all(e <= RTOL for e in errs.values()) and not missing
    return {"ok": ok, "rel_err": errs, "extra_outputs": missing}


def run_one(kind: str, case: str, files: dict[str, str], jar: Path, xmx: str) -> dict[str, Any]:
    out = Path(tempfile.mkdtemp(prefix=f"sds_{kind}_{case}_"))
    try:
        cmd = (
            sds_cmd(case, files, out, jar, xmx)
            if kind == "systemds"
            else amls_cmd(case, files, out)
        )
        c: Child = run_child(cmd)
        text = c.stdout + c.stderr
        failed = c.rc != 0 or "An Error Occurred" in text
        r: dict[str, Any] = {"wall": c.wall_s, "peak_mb": c.maxrss_mb, "others_busy": c.others_busy}
        if failed:
            r["error"] = text[-3000:]
            return r
        if kind == "systemds":
            r["phases"] = {
                k: float(m.group(1)) for k, rx in SDS_STATS.items() if (m := rx.search(text))
            }
        else:
            r["phases"] = parse_amls(c.stdout)["phases"]
        r["outputs"] = read_outputs(out)
        return r
    finally:
        shutil.rmtree(out, ignore_errors=True)


def measure(
    cases: list[str], reps: int, files: dict[str, str], xmx: str, max_wait: float, warmup: int
) -> dict[str, Any]:
    jar = systemds_jar()
    res: dict[str, Any] = {
        "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "machine": machine(),
        "loadavg_start": loadavg(),
        "uptime_start": os.popen("uptime").read().strip(),
        "reps": reps,
        "warmup": warmup,
        "cases": {c: {"amls": [], "systemds": [], "check": []} for c in cases},
    }
    for rnd in range(1 - warmup, reps + 1):  # rounds < 1: warm-up, not recorded
        for i, case in enumerate(cases):
            order = ["systemds", "amls"] if (rnd + i) % 2 == 0 else ["amls", "systemds"]
            busy, _ = wait_for_quiet(0.5, max_wait)
            runs = {k: run_one(k, case, files, jar, xmx) for k in order}
            for k, r in runs.items():
                if "error" in r:
                    sys.exit(f"run.py: {k} failed on {case}:\n{r['error']}")
            chk = compare(runs["amls"]["outputs"], runs["systemds"]["outputs"])
            tag = "warm-up" if rnd < 1 else f"round {rnd}"
            print(
                f"{tag:8} {case:9} systemds {runs['systemds']['wall']:6.2f} s  "
                f"amls {runs['amls']['wall']:6.2f} s  outputs {'ok' if chk['ok'] else 'MISMATCH'}"
                f"  (busy before {busy:.0%})",
                flush=True,
            )
            if rnd < 1:
                continue
            cr = res["cases"][case]
            for k, r in runs.items():
                cr[k].append({x: y for x, y in r.items() if x != "outputs"})
            cr["check"].append(chk)
    res["loadavg_end"] = loadavg()
    res["uptime_end"] = os.popen("uptime").read().strip()
    return res


def summary(cr: dict[str, Any]) -> dict[str, float]:
    s, a = cr["systemds"], cr["amls"]

    def ph(runs: list[dict[str, Any]], key: str) -> float:
        return median([r["phases"].get(key, float("nan")) for r in runs])

    return {
        "sds_wall": median([r["wall"] for r in s]),
        "sds_compile": ph(s, "compile"),
        "sds_execute": ph(s, "execute"),
        "sds_peak": median([r["peak_mb"] for r in s]),
        "amls_wall": median([r["wall"] for r in a]),
        "amls_startup": ph(a, "start-up and imports"),
        "amls_parse": ph(a, "parse and verify"),
        "amls_compile": ph(a, "compile"),
        # the reads a script starts with run in amls's load phase (amls.interpreter.reads);
        # SystemDS's execution time includes its reads
        "amls_execute": median(
            [
                r["phases"].get("execute", 0.0) + r["phases"].get("load and fact scan", 0.0)
                for r in a
            ]
        ),
        "amls_peak": median([r["peak_mb"] for r in a]),
        "max_rel_err": max(max(c["rel_err"].values()) for c in cr["check"]),
        "ok": all(c["ok"] for c in cr["check"]),
        "others_busy": median([r["others_busy"] for r in s + a]),
    }


def markdown(res: dict[str, Any], cmd: str) -> str:
    m = res["machine"]
    lines = [
        f"`{cmd}`: median of {res['reps']} interleaved rounds (after {res['warmup']} warm-up), "
        f"{res['date']}; {m['nproc']} CPUs ({m['cpu']}), shared. Load average "
        f"{res['loadavg_start']} at the start and {res['loadavg_end']} at the end "
        f"(`uptime`: {res['uptime_end']}).",
        "",
        "SystemDS 3.4 (`-exec singlenode -stats`, Java 17, -Xmx from --xmx) and "
        "`amls-run --stats` on the same script and the same input files. SystemDS's "
        "compile / execute are its own -stats totals; amls's compile is the compile "
        "phase, parse is parsing the DML and building and verifying the IR, execute "
        "includes read() and write(), as SystemDS's execution does. Wall: the whole "
        "process (JVM or Python start-up included). Peak: max RSS of the process. "
        "err: the largest normwise relative error of any output against SystemDS's.",
        "",
        "| script | data | SystemDS wall s | amls wall s | SystemDS compile s "
        "| amls parse + compile s "
        "| SystemDS execute s | amls load + execute s | exec ratio amls/SDS | wall ratio amls/SDS "
        "| SystemDS peak MB | amls peak MB | err | outputs | targets |",
        "|---|---|" + "---:|" * 12 + "---|",
    ]
    for case, cr in res["cases"].items():
        s = summary(cr)
        ex = s["amls_execute"] / s["sds_execute"]
        wl = s["amls_wall"] / s["sds_wall"]
        tgt = (
            "yes"
            if ex < 1 and wl < 1
            else "no (" + ", ".join(x for x, r in (("execute", ex), ("wall", wl)) if r >= 1) + ")"
        )
        lines.append(
            f"| {case} | {res.get('data', {}).get(case, '')} | {s['sds_wall']:.2f} | "
            f"{s['amls_wall']:.2f} | {s['sds_compile']:.3f} | "
            f"{s['amls_parse'] + s['amls_compile']:.3f} | {s['sds_execute']:.3f} | "
            f"{s['amls_execute']:.3f} | {ex:.2f} | {wl:.2f} | {s['sds_peak']:.0f} | "
            f"{s['amls_peak']:.0f} | {s['max_rel_err']:.1e} | "
            f"{'ok' if s['ok'] else '**MISMATCH**'} | {tgt} |"
        )
    lines += ["", "![amls-run against SystemDS](systemds/systemds.png)", ""]
    return "\n".join(lines) + "\n"


def plot(res: dict[str, Any], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    cases = list(res["cases"])
    ss = [summary(res["cases"][c]) for c in cases]
    x = np.arange(len(cases))
    fig, axes = plt.subplots(1, 2, figsize=(11, 4))
    for ax, (title, sk, ak) in zip(
        axes,
        [
            ("execution time (s)", "sds_execute", "amls_execute"),
            ("wall time (s)", "sds_wall", "amls_wall"),
        ],
        strict=True,
    ):
        ax.bar(x - 0.2, [s[sk] for s in ss], 0.4, label="SystemDS 3.4")
        ax.bar(x + 0.2, [s[ak] for s in ss], 0.4, label="amls-run")
        ax.set_xticks(x, cases, rotation=20)
        ax.set_title(title)
        ax.legend()
    fig.suptitle(f"same DML script, same data; median of {res['reps']} (load {res['loadavg_end']})")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def describe_data(files: dict[str, str]) -> dict[str, str]:
    def dims(name: str) -> str:
        meta = json.loads(Path(files[name] + ".mtd").read_text())
        size = Path(files[name]).stat().st_size / 1e6
        extra = f", nnz {meta['nnz']:.3g}" if meta["format"] == "mm" else ""
        return f"{name} {meta['rows']}x{meta['cols']}{extra} ({meta['format']}, {size:.0f} MB)"

    return {c: "; ".join(dims(v[1:]) for v in a.values() if v.startswith("@")) for c, a in
            CASES.items()}  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--warmup", type=int, default=1, help="untimed rounds first")
    ap.add_argument("--only", nargs="+", choices=sorted(CASES))
    ap.add_argument("--scale", default="full", choices=["full", "tiny"])
    ap.add_argument("--data", type=Path, help="where the input files go (default: bench/out)")
    ap.add_argument("--xmx", default="8g", help="SystemDS's JVM heap (-Xmx)")
    ap.add_argument("--max-wait", type=float, default=20.0, help="for a quiet machine, per run")
    ap.add_argument("--no-readme", action="store_true")
    args = ap.parse_args(argv)
    data = args.data or (
        DEFAULT_OUT if args.scale == "full" else DEFAULT_OUT.with_name("systemds_tiny")
    )
    files = generate(data, args.scale)
    cases = args.only or list(CASES)
    res = measure(cases, args.reps, files, args.xmx, args.max_wait, args.warmup)
    res["data"] = {c: d for c, d in describe_data(files).items() if c in cases}
    res["scale"] = args.scale
    cmd = "python bench/systemds/run.py" + (f" --reps {args.reps}" if args.reps != 3 else "")
    cmd += f" --warmup {args.warmup}" if args.warmup != 1 else ""
    if args.only:
        cmd += " --only " + " ".join(args.only)
    md = markdown(res, cmd)
    print(md)
    if not args.no_readme:
        (HERE / "results.json").write_text(json.dumps(res, indent=1) + "\n")
        plot(res, HERE / "systemds.png")
        replace_section("systemds", md)
    bad = [c for c, cr in res["cases"].items() if not summary(cr)["ok"]]
    if bad:
        print("OUTPUT MISMATCH in: " + ", ".join(bad), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

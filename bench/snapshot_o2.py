"""Print (or compare) the -O2 output of every example, every bench/rewrites program and
10 generated programs: the byte-identical check for behaviour-preserving refactors.

    python bench/snapshot_o2.py --write /tmp/o2_before
    python bench/snapshot_o2.py --compare /tmp/o2_before
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def programs(tmp: Path) -> list[Path]:
    paths = sorted((ROOT / "examples").glob("*.mlir")) + sorted(
        (ROOT / "bench" / "rewrites").glob("*.mlir")
    )
    tmp.mkdir(parents=True, exist_ok=True)
    for seed, n in enumerate((200, 300, 400, 500, 600, 700, 800, 1000, 1500, 2000)):
        p = tmp / f"gen_{n}_{seed}.mlir"
        text = subprocess.run(
            [sys.executable, str(ROOT / "bench" / "gen_programs.py"), str(n), "--seed", str(seed)],
            check=True,
            capture_output=True,
            text=True,
        ).stdout
        p.write_text(text)
        paths.append(p)
    return paths


def compile_o2(path: Path) -> str:
    r = subprocess.run(["amls-opt", "-O2", str(path)], capture_output=True, text=True)
    return r.stdout + r.stderr


def main() -> None:
    ap = argparse.ArgumentParser()
    g = ap.add_mutually_exclusive_group(required=True)
    g.add_argument("--write", type=Path)
    g.add_argument("--compare", type=Path)
    a = ap.parse_args()
    out = a.write or a.compare
    bad = 0
    for p in programs(out / "gen"):
        got = compile_o2(p)
        ref = out / (p.stem + ".o2")
        if a.write:
            ref.write_text(got)
        elif ref.read_text() != got:
            bad += 1
            print(f"DIFFERS: {p.name}")
        print(f"{p.name}: {len(got)} bytes", file=sys.stderr)
    if a.compare:
        print("byte-identical" if not bad else f"{bad} programs differ")
        sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()

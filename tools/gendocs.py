"""Regenerate the reference docs in docs/ from the code.

    python -m amls.tools.gendocs            # write docs/
    python -m amls.tools.gendocs --check    # exit 1 and name the stale files

docs/dialects/matrix.md and docs/dialects/phys.md (every op: syntax, operands, properties
and their allowed values, results, traits, what the verifier rejects, size rule,
distributed implementation), docs/passes.md (every pass and its options) and
docs/rewrites.md (every rewrite rule and fused operator). tests/unit/test_gendocs.py
fails while a file is stale. Plugins are not loaded: the docs describe amls itself.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
COMMAND = "python -m amls.tools.gendocs"


def generators() -> dict[str, Callable[[], str]]:
    """docs/-relative path -> the function rendering it."""
    from amls.tools.docgen_ops import matrix_reference, phys_reference
    from amls.tools.docgen_passes import passes_reference
    from amls.tools.rewrite_catalogue import render

    return {
        "dialects/matrix.md": matrix_reference,
        "dialects/phys.md": phys_reference,
        "passes.md": passes_reference,
        "rewrites.md": render,
    }


def stale(docs: Path = ROOT / "docs") -> list[str]:
    """The docs/ files whose text differs from what the code generates."""
    out = []
    for rel, gen in generators().items():
        path = docs / rel
        if not path.exists() or path.read_text() != gen():
            out.append(f"docs/{rel}")
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog=COMMAND, description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="only report stale files")
    ap.add_argument("--docs", type=Path, default=ROOT / "docs", help="the docs folder")
    args = ap.parse_args(argv)
    if args.check:
        bad = stale(args.docs)
        for rel in bad:
            print(f"{rel} is stale: run {COMMAND}", file=sys.stderr)
        return 1 if bad else 0
    for rel, gen in generators().items():
        path = args.docs / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        text = gen()
        if not path.exists() or path.read_text() != text:
            path.write_text(text)
            print(f"wrote docs/{rel}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

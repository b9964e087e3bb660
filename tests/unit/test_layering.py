"""The README's layering ("Layout"), checked on every amls module's imports.

dialects <- op semantics (amls.interpreter.kernels, the leaf) <- passes <- lowering
<- interpreter <- frontends <- tools: a module may import its own layer and the ones below. Every
import counts: module level, inside functions, and lazy `"amls.module:Class"` strings
(the pass registries). The leaf also stays free of Dask and of the rest of amls.
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FOLDERS = ("dialects", "passes", "lowering", "interpreter", "frontends", "tools")
LAYERS = ("dialects", "kernels", "passes", "lowering", "interpreter", "frontends", "tools")
"""Bottom to top; `kernels` is amls.interpreter.kernels."""
LEAF_MAY_IMPORT = ("amls.dialects", "amls.interpreter.kernels", "numpy", "scipy", "xdsl")
LAZY = re.compile(r"amls(\.\w+)+:\w+")


def layer(module: str) -> str | None:
    parts = module.split(".")
    if parts[0] != "amls" or len(parts) < 2 or parts[1] not in FOLDERS:
        return None
    if parts[1:3] == ["interpreter", "kernels"]:
        return "kernels"
    return parts[1]


def modules() -> list[tuple[Path, str]]:
    found = []
    for folder in FOLDERS:
        for path in sorted((ROOT / folder).rglob("*.py")):
            rel = path.relative_to(ROOT).with_suffix("")
            found.append((path, "amls." + ".".join(rel.parts).removesuffix(".__init__")))
    return found


def imports(path: Path) -> list[tuple[int, str]]:
    """(line, imported module) of every import in the file, lazy strings included."""
    out: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            out += [(node.lineno, a.name) for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            out.append((node.lineno, node.module))
            out += [(node.lineno, f"{node.module}.{a.name}") for a in node.names]
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            if LAZY.fullmatch(node.value):
                out.append((node.lineno, node.value.split(":")[0]))
    return out


def test_no_upward_imports() -> None:
    bad = []
    for path, module in modules():
        here = layer(module)
        assert here is not None
        for line, target in imports(path):
            there = layer(target)
            if there is not None and LAYERS.index(there) > LAYERS.index(here):
                rel = path.relative_to(ROOT)
                bad.append(f"{rel}:{line}: {here} imports {target} ({there} is above)")
    assert not bad, "upward imports:\n" + "\n".join(bad)


def test_the_leaf_imports_only_dialects_numpy_scipy_xdsl() -> None:
    bad = []
    for path, module in modules():
        if layer(module) != "kernels":
            continue
        for line, target in imports(path):
            top = target.split(".")[0]
            if top == "amls" or top in ("dask", "distributed", "numpy", "scipy", "xdsl"):
                if not target.startswith(LEAF_MAY_IMPORT):
                    bad.append(f"{path.relative_to(ROOT)}:{line}: imports {target}")
    assert not bad, "the kernel leaf reaches out:\n" + "\n".join(bad)


@pytest.mark.parametrize(
    "module",
    [
        "amls.interpreter",
        "amls.interpreter.kernels.matrix",
        "amls.interpreter.engine",
        "amls.lowering.lower_to_phys",
        "amls.lowering.pipeline",
        "amls.passes.constant_fold",
        "amls.tools.run",
        "amls.tools.opt",
    ],
)
def test_importing_does_not_load_dask(module: str) -> None:
    code = f"import sys, {module}; print(sorted(m for m in sys.modules if m.split('.')[0] in "
    code += "('dask', 'distributed')))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]", f"{module} loads {out.stdout.strip()}"

"""The README's commands print what the README says they print.

A ```console block holds `$ command` lines, each followed by its expected stdout; `...`
in an expected line matches any text, a line that is only `...` any number of lines.
A code block right after `<!-- file: NAME -->` is written to NAME in the directory the
commands run in (which also sees the repository's folders, so `examples/...` works).

Commands shown without their output must at least run: each `amls-*` line of a ```sh
block, and each inline `amls-opt ...` / `amls-run ...` whose input file exists (the
README's or the repository's; `amls-opt FILE ...` and `script.dml` are templates) exit 0.
The other lines of ```sh blocks (pip, pytest) are not run. The Dask command starts a
LocalCluster (~5 s) and runs like the rest.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
FENCE = re.compile(r"^```(\w*)\s*$")
FILE_MARK = re.compile(r"^<!-- file: (\S+) -->\s*$")


INLINE = re.compile(r"`(amls-(?:opt|run) [^`]+)`")
TOOLS = ("amls-opt", "amls-run", "amls-translate")


@dataclass
class Command:
    line: int
    argv: list[str]
    expected: list[str] | None
    """The stdout shown (None: not shown, the command must only succeed)."""


def parse(text: str) -> tuple[dict[str, str], list[Command]]:
    files: dict[str, str] = {}
    commands: list[Command] = []
    lines = text.splitlines()
    i = 0
    pending: str | None = None
    while i < len(lines):
        if m := FILE_MARK.match(lines[i]):
            pending = m.group(1)
            i += 1
            continue
        fence = FENCE.match(lines[i])
        if not fence:
            if lines[i].strip():
                pending = None
            i += 1
            continue
        lang, start = fence.group(1), i + 1
        end = next(j for j in range(start, len(lines)) if lines[j].startswith("```"))
        body = lines[start:end]
        if pending is not None:
            files[pending] = "\n".join(body) + "\n"
            pending = None
        if lang == "console":
            for k, line in enumerate(body):
                if line.startswith("$ "):
                    commands.append(Command(start + k + 1, shlex.split(line[2:]), []))
                elif commands and commands[-1].expected is not None:
                    commands[-1].expected.append(line)
        if lang == "sh":
            for k, line in enumerate(body):
                if line.split(" ", 1)[0] in TOOLS:
                    commands.append(Command(start + k + 1, shlex.split(line), None))
        i = end + 1
    return files, commands


def inline_commands(text: str, files: dict[str, str]) -> list[Command]:
    """The inline `amls-opt ...` / `amls-run ...` of the prose (outside code blocks) whose
    input file is one the commands can read."""
    out = []
    fenced = False
    for n, line in enumerate(text.splitlines(), 1):
        if line.startswith("```"):
            fenced = not fenced
            continue
        for m in [] if fenced else INLINE.finditer(line):
            argv = shlex.split(m.group(1))
            inputs = [a for a in argv[1:] if a.endswith((".mlir", ".dml"))]
            if inputs and all(a in files or (ROOT / a).is_file() for a in inputs):
                out.append(Command(n, argv, None))
    return out


def matches(expected: list[str], actual: list[str]) -> bool:
    """Line by line; `...` in a line is any text, a `...` line any lines."""
    if not expected:
        return not actual
    head, rest = expected[0], expected[1:]
    if head == "...":
        return any(matches(rest, actual[k:]) for k in range(len(actual) + 1))
    if not actual:
        return False
    pattern = ".*".join(re.escape(part) for part in head.split("..."))
    return re.fullmatch(pattern, actual[0]) is not None and matches(rest, actual[1:])


FILES, COMMANDS = parse(README.read_text())
COMMANDS += inline_commands(README.read_text(), FILES)


@pytest.fixture(scope="module")
def workdir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    d = tmp_path_factory.mktemp("readme")
    for entry in ROOT.iterdir():
        if entry.is_dir() and not entry.name.startswith("."):
            (d / entry.name).symlink_to(entry)
    for name, text in FILES.items():
        (d / name).write_text(text)
    return d


def test_the_readme_has_checked_commands() -> None:
    names = {c.argv[0] for c in COMMANDS}
    assert {"amls-run", "amls-opt"} <= names
    assert "prog.mlir" in FILES
    runs_only = [c.argv for c in COMMANDS if c.expected is None]
    assert any("--arg-type" in argv for argv in runs_only)  # the inline example
    assert any("--backend" in argv for argv in runs_only)  # the sh block's Dask command


@pytest.mark.parametrize("cmd", COMMANDS, ids=[f"README.md:{c.line}" for c in COMMANDS])
def test_readme_command(cmd: Command, workdir: Path) -> None:
    bindir = Path(sys.executable).parent
    env = {**os.environ, "PATH": f"{bindir}{os.pathsep}{os.environ.get('PATH', '')}"}
    proc = subprocess.run(
        cmd.argv, cwd=workdir, env=env, capture_output=True, text=True, timeout=300
    )
    assert proc.returncode == 0, f"README.md:{cmd.line}: {shlex.join(cmd.argv)}\n{proc.stderr}"
    if cmd.expected is None:  # shown without its output
        return
    actual = proc.stdout.rstrip("\n").splitlines()  # trailing blank lines are not shown
    assert matches(cmd.expected, actual), (
        f"README.md:{cmd.line}: {shlex.join(cmd.argv)} printed\n"
        + "\n".join(actual)
        + "\nbut the README says\n"
        + "\n".join(cmd.expected)
    )


def test_matcher() -> None:
    assert matches(["a = 1.2..."], ["a = 1.25"])
    assert not matches(["a = 1.2..."], ["a = 1.35"])
    assert matches(["x", "...", "z"], ["x", "y1", "y2", "z"])
    assert not matches(["x", "z"], ["x", "y", "z"])
    assert not matches(["x"], ["x", "extra"])

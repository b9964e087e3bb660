"""Start-up: work that importing amls repeats in every process, skipped.

1. Keep the code that dataclasses generates, as .pyc files keep a module's code.
Python 3.11 builds each dataclass's __init__, __eq__, __repr__, ... from source text with
exec, at import. xDSL's attributes and ops and amls's own classes are ~300 dataclasses:
compiling their ~1,400 methods was ~0.1 s of every amls-run and amls-opt start-up. The
compiled code objects are kept, keyed by their source text, in one marshal file under
$XDG_CACHE_HOME/amls, one file per Python build (marshal's format is the interpreter's).

The cache shadows the name `exec` inside the dataclasses module only, so what is cached is
exactly what `exec(text)` would have compiled; nothing else changes. amls's own tool
processes install it for good; in a user's process (`@amls.jit`) it is on only while amls
imports its modules and compiles (`cached_imports`). AMLS_CODE_CACHE=off disables it. A
missing, stale or unreadable file costs one ordinary start-up.

2. Parse declarative assembly formats when first used. xDSL parses each op's
`assembly_format` when the op class is defined (~50 formats, ~18 ms per start-up); most
runs print and parse only a few of those ops. The formats of xDSL's and amls's dialects
are checked by tests (tests/unit/test_startup.py); a plugin's dialects are imported with
eager formats (`eager_formats`), so an error in their format is still reported where the
plugin is loaded.

3. Answer xDSL's question for the pointer size without a subprocess. xDSL's Interpreter
class asks `platform.architecture()` when it is defined, and that runs the `file` command
on the Python binary (a fork and exec, ~11 ms of every amls-run). For the running
interpreter the answer is its pointer size and its binary's format (what `platform` itself
falls back to); any other question goes to `platform.architecture`.
"""

from __future__ import annotations

import atexit
import contextlib
import dataclasses
import functools
import marshal
import os
import struct
import sys
from collections.abc import Iterator
from pathlib import Path
from types import CodeType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from xdsl.irdl.declarative_assembly_format import FormatProgram

MAX_ENTRIES = 2_500
"""A file that grew past this starts over. One amls version's tools use ~850 entries (~0.75
MB, ~5 ms to load); entries of earlier versions are never used again, and loading costs
~6 ms per 1,000 entries, so a file of several versions costs more than it saves."""


def cache_file() -> Path:
    base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "amls"
    tag = f"{sys.implementation.cache_tag}-{marshal.version}-{sys.hexversion:x}"
    return base / f"dataclass-code-{tag}.marshal"


class CodeCache:
    """Source text -> code object, loaded from and saved to one file."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.code: dict[str, CodeType] = {}
        self.added = 0
        self.depth = 0  # open cached_imports scopes; install() opens one for good
        try:
            loaded = marshal.loads(path.read_bytes())
        except (OSError, EOFError, ValueError, TypeError):
            loaded = None
        if isinstance(loaded, dict) and len(loaded) <= MAX_ENTRIES:
            self.code = loaded

    def exec(
        self,
        source: Any,
        globals: dict[str, Any] | None = None,
        locals: Any = None,
        /,
    ) -> None:
        if isinstance(source, str):
            code = self.code.get(source)
            if code is None:
                code = compile(source, "<string>", "exec")
                self.code[source] = code
                self.added += 1
            source = code
        exec(source, globals, locals)

    def save(self) -> None:
        """Write the file if this process compiled anything new (atomically: other
        processes may read or write it at the same time)."""
        if not self.added:
            return
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            tmp = self.path.with_suffix(f".{os.getpid()}.tmp")
            tmp.write_bytes(marshal.dumps(self.code))
            os.replace(tmp, self.path)
        except (OSError, ValueError):
            pass  # a read-only home: every start-up compiles, as without the cache
        self.added = 0


def _architecture(executable: str = sys.executable, bits: str = "", linkage: str = "") -> Any:
    """platform.architecture() for this interpreter, without running `file` on it."""
    if executable == sys.executable and not bits and not linkage:
        try:
            with open(executable, "rb") as f:
                elf = f.read(4) == b"\x7fELF"
        except OSError:
            elf = False
        if elf:
            return f"{struct.calcsize('P') * 8}bit", "ELF"
    return _ARCHITECTURE[0](executable, bits, linkage)


_ARCHITECTURE: list[Any] = []
"""platform.architecture while _architecture stands in for it."""


def _parse_format(text: str, op_def: Any) -> FormatProgram:
    from xdsl.irdl.declarative_assembly_format_parser import FormatParser

    return FormatParser(text, op_def).parse_format()


class LazyFormatProgram:
    """A FormatProgram parsed from its text on the first parse or print of its op."""

    __slots__ = ("text", "op_def", "_program")

    def __init__(self, text: str, op_def: Any) -> None:
        self.text = text
        self.op_def = op_def
        self._program: FormatProgram | None = None

    def program(self) -> FormatProgram:
        if self._program is None:
            self._program = _parse_format(self.text, self.op_def)
        return self._program

    def parse(self, parser: Any, op_type: Any) -> Any:
        return self.program().parse(parser, op_type)

    def print(self, printer: Any, op: Any) -> None:
        self.program().print(printer, op)


def _lazy_from_str(text: str, op_def: Any) -> Any:
    return LazyFormatProgram(text, op_def)


@contextlib.contextmanager
def eager_formats() -> Iterator[None]:
    """Formats defined inside are parsed at once (a plugin's: errors where it loads)."""
    from xdsl.irdl.declarative_assembly_format import FormatProgram

    was = FormatProgram.from_str
    FormatProgram.from_str = staticmethod(_parse_format)  # type: ignore[method-assign]
    try:
        yield
    finally:
        FormatProgram.from_str = staticmethod(was)  # type: ignore[method-assign]


@functools.cache
def _cache() -> CodeCache:
    """The process's one cache, loaded on first use."""
    return CodeCache(cache_file())


def _enter() -> CodeCache | None:
    if os.environ.get("AMLS_CODE_CACHE") == "off":
        return None
    cache = _cache()
    cache.depth += 1
    if cache.depth == 1:
        dataclasses.exec = cache.exec  # type: ignore[attr-defined]
        import platform

        _ARCHITECTURE.append(platform.architecture)
        platform.architecture = _architecture
        from xdsl.irdl.declarative_assembly_format import FormatProgram

        FormatProgram.from_str = staticmethod(_lazy_from_str)  # type: ignore[method-assign]
    return cache


def _leave(cache: CodeCache) -> None:
    cache.depth -= 1
    if cache.depth == 0:
        del dataclasses.exec  # type: ignore[attr-defined]
        import platform

        platform.architecture = _ARCHITECTURE.pop()
        from xdsl.irdl.declarative_assembly_format import FormatProgram

        FormatProgram.from_str = staticmethod(_parse_format)  # type: ignore[method-assign]
    cache.save()


@contextlib.contextmanager
def cached_imports() -> Iterator[CodeCache | None]:
    """Both speed-ups while amls imports and compiles inside a user's process
    (`@amls.jit`): the user's own dataclasses and ops, defined outside, are built as
    Python and xDSL build them."""
    cache = _enter()
    try:
        yield cache
    finally:
        if cache is not None:
            _leave(cache)


def install() -> CodeCache | None:
    """Both speed-ups for the rest of this process: amls's own tools, called before
    xDSL is imported (its classes are the dataclasses). The cache is saved at exit.
    Returns the cache; None where AMLS_CODE_CACHE=off, which leaves both as they are."""
    if os.environ.get("AMLS_CODE_CACHE") != "off" and _cache().depth:
        return _cache()
    cache = _enter()
    if cache is not None:
        atexit.register(cache.save)
    return cache

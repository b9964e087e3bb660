"""Compiled plans kept between runs (amls-run), as ccache keeps objects and JAX its
compilation cache: running the same program again on data of the same signature parses
the plan it compiled last time instead of compiling it again (and imports no pass).

A plan is stored under a key that covers everything compiling reads: the program's text
and file name (locations name the file), the entry, -O level and lowering options, the
entry signature (each argument's sizes, nnz and scanned value facts, each scalar's value),
--assume-finite, this machine's memory and cores (operator selection reads them), the
environment variables the passes read, and amls's code itself (every source file's size
and mtime, and Python's version, xDSL's, NumPy's and SciPy's __init__.py). A change to
any of them misses. A plan also records the files compiling read beyond the program (a
DML script's .mtd files and sourced scripts, as size and mtime or absence) and is used
only while each is unchanged. Plans are stored in MLIR's generic form with locations
(`loc(...)`; the custom form of xDSL 0.74's scf.while prints its loc where its parser
expects the region), so diagnostics at run time name the user's file and line as a
fresh compile does.

Not cached: compiles that printed a warning (the next run must print it too), plans kept
for dynamic recompilation (--backend dask at -O2), runs with --rewrite-trace or plugins
(amls-run decides). Beside a program's plans, amls-run keeps its entry card (the entry's
parameters and results, without its body): a second run loads and checks its arguments
from the card and parses the program only when no plan fits them. A stored plan that no
longer parses or verifies is a miss and is removed. AMLS_PLAN_CACHE=off turns the cache
off; it lives in $XDG_CACHE_HOME/amls/plans (default ~/.cache/amls/plans) and keeps the
MAX_PLANS most recently used plans and cards.
"""

from __future__ import annotations

import contextlib
import functools
import io
import json
import os
import re
import sys
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any, TextIO

from xdsl.context import Context
from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Block, Region
from xdsl.printer import Printer

from amls.dialects.parsing import Utf8Parser

try:  # CPython's own BLAKE2: hashlib would load OpenSSL first (~4 ms of start-up)
    from _blake2 import blake2b
except ImportError:  # pragma: no cover - other Pythons
    from hashlib import blake2b

MAX_PLANS = 200
"""Plans and entry cards kept (the most recently used)."""
PLAN, CARD = ".mlir", ".entry.card"
ENV = "AMLS_PLAN_CACHE"
FORMAT = "1"  # bump when what a plan file holds changes meaning
_PACKAGES = (
    "amls",
    "amls.dialects",
    "amls.passes",
    "amls.lowering",
    "amls.interpreter",
    "amls.frontends",
    "amls.tools",
)
_ENV_READ = ("AMLS_STRICT_FACTS",)  # environment the passes read


def enabled() -> bool:
    return os.environ.get(ENV, "").lower() not in ("off", "0", "no")


def cache_dir() -> Path:
    base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "amls"
    return base / "plans"


def _source_files(roots: Iterable[str]) -> list[str]:
    files: list[str] = []
    stack = list(roots)
    while stack:
        try:
            entries = list(os.scandir(stack.pop()))
        except OSError:
            continue
        for e in entries:
            if e.is_dir(follow_symlinks=False) and e.name != "__pycache__":
                stack.append(e.path)
            elif e.name.endswith(".py"):
                st = e.stat()
                files.append(f"{e.path}:{st.st_size}:{st.st_mtime_ns}")
    return sorted(files)


@functools.cache
def code_fingerprint() -> str:
    """What compiling is: amls's sources and the packages it builds on (the size and
    mtime of each source file of amls, ~2 ms for ~250 files; of xDSL's, NumPy's and
    SciPy's __init__.py, which an upgrade rewrites; importlib.metadata costs 40 ms)."""
    import importlib.util

    roots: list[str] = []
    for name in _PACKAGES:  # where each package is, without importing it
        module = sys.modules.get(name)
        spec = module.__spec__ if module is not None else importlib.util.find_spec(name)
        roots.extend((spec.submodule_search_locations or ()) if spec is not None else ())
    files = _source_files(sorted(set(roots)))
    for dist in ("xdsl", "numpy", "scipy"):
        spec = importlib.util.find_spec(dist)
        origin = spec.origin if spec is not None else None
        try:
            st = os.stat(origin) if origin else None
        except OSError:
            st = None
        files.append(f"{origin}:{st.st_size}:{st.st_mtime_ns}" if st else f"{dist}:-")
    h = blake2b(digest_size=32)
    for part in (FORMAT, sys.version, *files):
        h.update(part.encode())
        h.update(b"\0")
    return h.hexdigest()


def _machine() -> str:
    try:  # what amls.passes.sizes.memory.machine_memory reads, without importing passes
        pages = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (ValueError, OSError, AttributeError):  # pragma: no cover - non-POSIX
        pages = -1
    env = ",".join(f"{k}={os.environ.get(k, '')}" for k in _ENV_READ)
    return f"mem={pages} cpus={os.cpu_count()} {env}"


class PlanCache:
    """Plan text files named by their key."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self.last_path: Path | None = None
        """The file of the last plan found or stored (for --stats)."""

    def key(self, parts: Sequence[str]) -> str:
        h = blake2b(digest_size=32)
        for part in (code_fingerprint(), _machine(), *parts):
            h.update(part.encode())
            h.update(b"\0")
        return h.hexdigest()[:32]

    def _path(self, key: str, suffix: str = PLAN) -> Path:
        return self.directory / f"{key}{suffix}"

    def load(self, key: str, ctx: Context) -> ModuleOp | None:
        """The plan stored under `key`, parsed and verified; None: a miss."""
        return self._load(self._path(key), ctx, verify=True)

    def _load(self, path: Path, ctx: Context, verify: bool) -> ModuleOp | None:
        try:
            text = path.read_text()
        except OSError:
            return None
        first, _, body = text.partition("\n")
        try:
            deps = json.loads(first[len(_DEPS) :]) if first.startswith(_DEPS) else None
        except ValueError:
            deps = None
        if not _unchanged(deps):
            return None  # a file compiling read has changed (or the header is foreign)
        try:
            module = Utf8Parser(_plan_context(ctx, body), body, str(path)).parse_module()
            if verify:
                module.verify()
        except Exception:  # noqa: BLE001 - a damaged or foreign file is a miss
            with contextlib.suppress(OSError):
                path.unlink()
            return None
        with contextlib.suppress(OSError):
            os.utime(path)  # most recently used: kept when the directory is trimmed
        if not path.name.endswith(CARD):
            self.last_path = path
        return module

    def store(
        self, key: str, module: ModuleOp, deps: Sequence[str] = (), suffix: str = PLAN
    ) -> None:
        """Keep the plan; `deps` are files compiling read (their size and mtime, or their
        absence, are checked before the plan is used)."""
        out = io.StringIO()
        out.write(_DEPS + json.dumps([[p, _stamp(p)] for p in sorted(set(deps))]) + "\n")
        Printer(out, print_generic_format=True, print_debuginfo=True).print_op(module)
        out.write("\n")
        path = self._path(key, suffix)
        with contextlib.suppress(OSError):  # a read-only or full directory: no cache
            self.directory.mkdir(parents=True, exist_ok=True)
            tmp = path.with_suffix(f".{os.getpid()}.tmp")
            tmp.write_text(out.getvalue())
            os.replace(tmp, path)  # atomic: another process may read it now
            if suffix == PLAN:
                self.last_path = path
            self._trim()

    def load_entry(self, key: str, ctx: Context) -> func.FuncOp | None:
        """The entry card stored under `key` (store_entry), or None."""
        module = self._load(self._path(key, CARD), ctx, verify=False)  # (it has no body)
        ops = list(module.ops) if module is not None else []
        if len(ops) == 1 and isinstance(ops[0], func.FuncOp) and ops[0].body.blocks:
            return ops[0]
        return None

    def store_entry(self, key: str, fn: func.FuncOp, deps: Sequence[str] = ()) -> None:
        """Keep `fn`'s entry card: the function with its parameters (types, names,
        attributes), results and location, and no body. What amls-run reads of the program
        to load and check the arguments and look their plan up, without parsing it all;
        used only while each of `deps` is unchanged (as a plan)."""
        block = Block(arg_types=[a.type for a in fn.args])
        for old, new in zip(fn.args, block.args, strict=True):
            new.name_hint = old.name_hint
        card = func.FuncOp.create(
            properties=dict(fn.properties),
            attributes=dict(fn.attributes),
            regions=[Region(block)],
        )
        card.location = fn.location
        self.store(key, ModuleOp([card]), deps, suffix=CARD)

    def _trim(self) -> None:
        plans = [*self.directory.glob(f"*{PLAN}"), *self.directory.glob(f"*{CARD}")]
        if len(plans) <= MAX_PLANS:
            return
        plans.sort(key=lambda p: p.stat().st_mtime_ns)
        for p in plans[: len(plans) - MAX_PLANS]:
            with contextlib.suppress(OSError):
                p.unlink()


_PHYS_OP = re.compile(r'"(phys\.\w+)"\(')


def _plan_context(ctx: Context, text: str) -> Context:
    """A context for parsing a local plan that loads only the phys ops it names (loading
    the phys dialect defines all ~70; amls.dialects.phys.op_named), else ctx."""
    if "phys" in {d.name for d in ctx.loaded_dialects} or "phys." in _PHYS_OP.sub("", text):
        return ctx  # loaded already, or phys types or attributes: the whole dialect
    from amls.dialects import DIALECTS
    from amls.dialects.phys import op_named

    plan_ctx = Context(allow_unregistered=ctx.allow_unregistered)
    for name, factory in DIALECTS.items():
        if name != "phys":
            plan_ctx.register_dialect(name, factory)
    for name in set(_PHYS_OP.findall(text)):
        op = op_named(name)
        if op is None:
            return ctx
        plan_ctx.load_op(op)
    return plan_ctx


_DEPS = "// amls plan; compiled from: "


def _stamp(path: str) -> list[int] | None:
    """A file's size and mtime; None where it does not exist."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return [st.st_size, st.st_mtime_ns]


def _unchanged(deps: Any) -> bool:
    """Whether every recorded file is as recorded (size and mtime, or absent)."""
    if not isinstance(deps, list):
        return False
    for item in deps:
        if not (isinstance(item, list) and len(item) == 2) or _stamp(item[0]) != item[1]:
            return False
    return True


def default_cache() -> PlanCache | None:
    """The user's plan cache, or None where AMLS_PLAN_CACHE=off."""
    return PlanCache(cache_dir()) if enabled() else None


class _Watched:
    """sys.stderr, noting whether anything was written to it."""

    def __init__(self, inner: TextIO) -> None:
        self.inner = inner
        self.written = False

    def write(self, text: str) -> int:
        self.written = self.written or bool(text)
        return self.inner.write(text)

    def __getattr__(self, name: str) -> Any:  # flush, isatty, encoding, ...
        return getattr(self.inner, name)


@contextlib.contextmanager
def stderr_watch() -> Iterator[_Watched]:
    """Notes whether the block wrote to stderr (`.written`: a compile's warnings; such a
    plan is not kept, so that the next run prints them too)."""
    watched = _Watched(sys.stderr)
    was, sys.stderr = sys.stderr, watched  # type: ignore[assignment]
    try:
        yield watched
    finally:
        sys.stderr = was

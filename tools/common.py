"""What amls-opt and amls-run share: context, plugins, located parsing, error reporting.

Located diagnostics (verify_located, op_error, UserError) live in amls.lowering.diagnostics,
where recompilation uses them too; they are re-exported here for the tools."""

from __future__ import annotations

import bisect
import dataclasses
import gc
import importlib
import importlib.util
import os
import re
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import NoReturn

from xdsl.context import Context
from xdsl.dialects.builtin import FileLineColLoc, IntAttr, ModuleOp, StringAttr, UnknownLoc
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.parser import UnresolvedOperand
from xdsl.utils.exceptions import MultipleSpansParseError, ParseError, VerifyException
from xdsl.utils.lexer import Span
from xdsl.utils.mlir_lexer import MLIRTokenKind

from amls.dialects.parsing import Utf8Parser
from amls.lowering.diagnostics import (
    LocatedVerifyError,
    UserError,
    compile_gc,
    location_of,
    op_error,
    source_op_name,
    verify_located,
)
from amls.lowering.pipeline import all_passes
from amls.passes import PassOptionError
from amls.startup import eager_formats

__all__ = [
    "LocatedVerifyError",
    "UserError",
    "all_passes",
    "compile_gc",
    "location_of",
    "op_error",
    "source_op_name",
    "verify_located",
    "verify_value_facts",
]


@contextmanager
def without_gc() -> Iterator[None]:
    """No cyclic GC inside, and what was made inside frozen out of later collections.

    For start-up (imports, parsing): ~10% of it was collections walking objects that all
    stay alive (modules, classes, the IR), and re-enabling the collector without freezing
    them would walk them all once more at the next allocation."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.freeze()
            gc.enable()


_NOT_PLUGINS = (".mlir", ".dml", ".npy", ".npz", ".csv", ".mtx", ".txt", ".json")


def load_plugin(spec: str) -> None:
    """Import a plugin: a module name on sys.path or a path to a .py file.

    Importing it runs its registrations (dialects, passes, kernels).
    """
    suffix = Path(spec).suffix
    is_path = os.sep in spec or Path(spec).is_file()
    if suffix != ".py" and (is_path or suffix in _NOT_PLUGINS):  # "pkg.mod" is a module name
        hint = f"; to run {spec}, give it as the input file" if suffix in (".mlir", ".dml") else ""
        raise UserError(
            f"plugin '{spec}': a plugin is a Python module (a module name on sys.path or a "
            f".py file) that registers dialects, passes or kernels when imported{hint}",
            2,
        )
    try:
        with eager_formats():  # an error in a plugin's op format is reported here
            if spec.endswith(".py") or os.sep in spec:
                path = Path(spec)
                if not path.is_file():
                    raise UserError(f"plugin '{spec}': no such file", 2)
                name = f"amls_plugin_{path.stem}"
                here = str(path.resolve().parent)  # its sibling modules import, as for a script
                if here not in sys.path:
                    sys.path.insert(0, here)
                mod_spec = importlib.util.spec_from_file_location(name, path)
                assert mod_spec is not None and mod_spec.loader is not None
                module = importlib.util.module_from_spec(mod_spec)
                sys.modules[name] = module
                mod_spec.loader.exec_module(module)
            else:
                importlib.import_module(spec)
    except UserError:
        raise
    except ModuleNotFoundError as e:
        raise UserError(f"plugin '{spec}': {e}", 2) from e
    except Exception as e:  # a broken plugin is the user's input
        if os.environ.get("AMLS_DEBUG"):
            raise
        raise UserError(
            f"plugin '{spec}' failed to load: {type(e).__name__}: {e}{_plugin_frame(e)}", 1
        ) from e


def _plugin_frame(e: BaseException) -> str:
    """' (at file:line, in fn)' for the last frame of the traceback outside amls, the
    standard library and installed packages: where in the plugin the error happened."""
    import sysconfig
    import traceback

    root = Path(__file__).resolve().parents[1]
    pkgs = ("dialects", "passes", "lowering", "interpreter", "tools", "frontends")
    paths = sysconfig.get_paths()
    ours = (
        *(str(root / p) + os.sep for p in pkgs),
        *(paths[k] for k in ("stdlib", "platstdlib", "purelib", "platlib")),
        "<frozen ",
    )
    frames = [f for f in traceback.extract_tb(e.__traceback__) if not f.filename.startswith(ours)]
    if not frames:
        return ""
    f = frames[-1]
    where = "" if f.name == "<module>" else f", in {f.name}"
    return f" (at {f.filename}:{f.lineno}{where})"


def prescan_plugins(argv: list[str]) -> list[str]:
    """The values of every --load-plugin in argv (needed before the context exists)."""
    found: list[str] = []
    for i, a in enumerate(argv):
        if a == "--load-plugin" and i + 1 < len(argv):
            found.append(argv[i + 1])
        elif a.startswith("--load-plugin="):
            found.append(a.split("=", 1)[1])
    return found


def make_context(allow_unregistered: bool = False) -> Context:
    from amls.dialects import DIALECTS

    ctx = Context(allow_unregistered=allow_unregistered)
    for name, factory in DIALECTS.items():
        ctx.register_dialect(name, factory)
    return ctx


class LocatedParser(Utf8Parser):
    """A Parser that records `file:line:col` on every op it parses.

    xDSL only keeps locations written as `loc(...)`; diagnostics need the
    source position of every op, so we attach it here (cheaply: newline
    offsets are computed once per input, not per op).
    """

    def __init__(self, ctx: Context, text: str, name: str, line_offset: int = 0):
        super().__init__(ctx, text, name)
        self._file = StringAttr(name)
        self._line_offset = line_offset
        self._newlines: list[int] | None = None
        self._text = text
        self._first_use: dict[str, Span] = {}  # forward references, where first used

    def resolve_operand(self, operand: UnresolvedOperand, type: Attribute) -> SSAValue:
        name = operand.operand_name
        if name not in self.ssa_values and name not in self._first_use:
            self._first_use[name] = operand.span
        try:
            return super().resolve_operand(operand, type)
        except ParseError as e:
            m = re.match(
                r"operand is used with type (.+), but has been previously used or "
                r"defined with type (.+)$",
                e.msg,
            )
            if m is None:
                raise
            e.msg = f"%{name} has type {m.group(2)}, but is used here as {m.group(1)}"
            raise

    def parse_module(self, allow_implicit_module: bool = True) -> ModuleOp:
        if allow_implicit_module and self._current_token.kind == MLIRTokenKind.EOF:
            return ModuleOp([])  # as mlir-opt: nothing (or only comments) is an empty module
        try:
            return super().parse_module(allow_implicit_module)
        except ParseError as e:
            if not (
                e.msg.startswith("values used but not defined") and self.forward_ssa_references
            ):
                raise
        # xDSL reports undefined values at the end of the input; MLIR at their use.
        names = sorted(self.forward_ssa_references, key=lambda n: self._first_use[n].start)
        span = self._first_use[names[0]]
        also = f" (also undefined: {', '.join('%' + n for n in names[1:])})" if names[1:] else ""
        self.raise_error(f"use of undefined value %{names[0]}{also}", span.start, span.end)

    def _loc(self, start: int) -> FileLineColLoc:
        if self._newlines is None:
            self._newlines = [i for i, ch in enumerate(self._text) if ch == "\n"]
        line = bisect.bisect_left(self._newlines, start)
        line_start = self._newlines[line - 1] + 1 if line > 0 else 0
        return FileLineColLoc(
            self._file, IntAttr(line + 1 + self._line_offset), IntAttr(start - line_start + 1)
        )

    def _parse_dialect_type_or_attribute_body(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        # A type whose parameters do not verify (nnz > cells, ...) is a parse
        # error at its position, not a located-nowhere VerifyException.
        start = self.pos
        try:
            return super()._parse_dialect_type_or_attribute_body(*args, **kwargs)
        except VerifyException as e:
            self.raise_error(str(e), start, self.pos)

    def parse_operation(self) -> Operation:
        start = self._current_token.span.start
        try:
            op = super().parse_operation()
        except VerifyException as e:  # a type its op's assembly format rejects (addf : i64)
            self.raise_error(type_error_in_words(self.ctx, self._text, start, str(e)), start)
        if isinstance(op.location, UnknownLoc):
            op.location = self._loc(start)
        return op


def parse_module(ctx: Context, text: str, name: str, line_offset: int = 0) -> ModuleOp:
    """Parse a whole module; errors become UserError with file:line:col and a caret."""
    try:
        return LocatedParser(ctx, text, name, line_offset).parse_module()
    except ParseError as e:
        e.span = dataclasses.replace(e.span, line_offset=line_offset)
        exponent = exponent_without_point(text, e.span.start)
        if exponent is not None:  # `1e-300`: MLIR's lexer reads 1, then an op named `e`
            e.msg = f"a float literal needs a '.' before its exponent: write {exponent}"
        elif e.msg.strip() == "in block definition":  # xDSL: not an op, so a block label?
            e.msg = not_an_operation(text, e.span.start, e.span.end)
        elif m := re.match(r"(?:Operation (\S+)|dialect \S+|'(\S+)') is not registered$", e.msg):
            close = _close_names(ctx, m.group(1), op=True) + _close_names(ctx, m.group(2))
            plugin = " (if a plugin defines it, load it with --load-plugin MODULE)"
            e.msg += f" (did you mean {' or '.join(close)}?)" if close else plugin
        raise UserError(format_parse_error(e)) from e
    except VerifyException as e:  # an attribute or type that does not verify
        raise UserError(f"{name}: error: {e}") from e


def _close_names(ctx: Context, name: str | None, op: bool = False) -> list[str]:
    """Names of the same dialect's ops (or types and attributes) close to a misspelt one:
    near in spelling after the dialect's prefix, or one a prefix of the other (mat,
    matrix)."""
    import difflib

    if not name or "." not in name:
        return []
    dialect, _, short = name.partition(".")
    classes = (*ctx.loaded_ops,) if op else (*ctx.loaded_types, *ctx.loaded_attrs)
    known = sorted({c.name.partition(".")[2] for c in classes if c.name.startswith(dialect + ".")})
    close = difflib.get_close_matches(short, known, n=2, cutoff=0.8)
    if len(short) >= 3:
        close += [
            k for k in known if k not in close and (short.startswith(k) or k.startswith(short))
        ]
    return [f"{dialect}.{k}" for k in close[:2]]


def not_an_operation(text: str, start: int, end: int) -> str:
    """Where the parser wanted the next operation (or a region's `}`) and found other text:
    most often the rest of the previous op, as `: T -> R` written without `(T)`."""
    got = text[start:end] or text[start : start + 1]
    msg = f"expected an operation or '}}', got '{got}'"
    if got == "->":
        msg += " (a function type's inputs are in parentheses: `: (T1, T2) -> R`)"
    return msg


def exponent_without_point(text: str, at: int) -> str | None:
    """`1.0e-300` where the error is at a literal written `1e-300` (the lexer stops after
    its `e`), else None."""
    lo = max(0, at - 40)
    for m in re.finditer(r"(?<![\w.])([+-]?\d+)([eE][+-]?\d+)", text[lo : at + 40]):
        if m.start() + lo < at <= m.end() + lo:
            return f"{m.group(1)}.0{m.group(2)}"
    return None


def verify_value_facts(module: ModuleOp) -> None:
    """The value facts stated on function arguments are well formed (a located error)."""
    from xdsl.dialects import func

    from amls.dialects.value_facts import arg_facts

    for fn in module.walk():
        if isinstance(fn, func.FuncOp) and fn.arg_attrs is not None:
            for i in range(len(fn.arg_attrs.data)):
                try:
                    arg_facts(fn, i)
                except VerifyException as e:
                    raise UserError(op_error(fn, str(e))) from e


def type_error_in_words(ctx: Context, text: str, start: int, msg: str) -> str:
    """ "Unexpected attribute i64" met while parsing the op at `start`, as
    "arith.addf: i64 is not allowed here: expects a float, a vector or a tensor"."""
    from amls.lowering.diagnostics import constraint_in_words

    m = re.match(r'"?([\w.]+)', text[start:].split("=", 1)[-1].strip())
    got = re.search(r"(?:Unexpected attribute|but got) (.+)$", msg)
    cls = ctx.get_optional_op(m.group(1)) if m else None
    if cls is None or got is None or not hasattr(cls, "get_irdl_definition"):
        return msg
    op_def = cls.get_irdl_definition()
    wants = [constraint_in_words(d.constr) for _, d in [*op_def.operands, *op_def.results]]
    want = next((w for w in wants if w is not None), None)
    if want is None:
        return f"{cls.name}: {msg}"
    return f"{cls.name}: type {got.group(1)} is not allowed here ({cls.name} expects {want})"


def format_parse_error(e: ParseError) -> str:
    # MLIR's layout: "file:line:col: error: message", the line, the caret; xDSL's context
    # repeats the message under the caret, which printed it twice.
    first, _, rest = e.span.print_with_context(None).rstrip("\n").partition("\n")
    text = f"{first}: error: {e.msg}\n{rest}" if rest else f"{first}: error: {e.msg}"
    if isinstance(e, MultipleSpansParseError):
        text += ("\n" + e.ref_text if e.ref_text else "") + "".join(
            "\n" + span.print_with_context(msg).rstrip("\n") for span, msg in e.refs
        )
    return text


def read_source(path: str | None) -> tuple[str, str]:
    """(text, display name) of the input file, or stdin when path is None or '-'."""
    if path is None or path == "-":
        return sys.stdin.read(), "<stdin>"
    try:
        return Path(path).read_text(), path
    except FileNotFoundError as e:
        raise UserError(f"{path}: error: no such file") from e
    except IsADirectoryError as e:
        raise UserError(f"{path}: error: is a directory") from e
    except (OSError, UnicodeDecodeError) as e:
        raise UserError(f"{path}: error: cannot read: {e}") from e


def check_writable(path: str) -> None:
    """Before anything runs, that an output file can be written (a long run must not end in
    "cannot write"): its folder exists and is writable, and it is not itself a folder."""
    if os.path.isdir(path):
        raise UserError(f"cannot write '{path}': it is a directory", 2)
    parent = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(parent):
        raise UserError(f"cannot write '{path}': No such file or directory: '{parent}'", 2)
    exists = os.path.exists(path)
    if not os.access(parent, os.W_OK) or (exists and not os.access(path, os.W_OK)):
        raise UserError(f"cannot write '{path}': Permission denied", 2)


def fail(tool: str, message: str, code: int) -> NoReturn:
    print(message if ": error" in message else f"{tool}: error: {message}", file=sys.stderr)
    sys.exit(code)


@contextmanager
def user_errors(tool: str) -> Iterator[None]:
    """Turn every failure into one message and an exit status; no tracebacks.

    AMLS_DEBUG=1 re-raises internal errors with their traceback, for developers.
    """
    try:
        yield
    except UserError as e:
        fail(tool, str(e), e.code)
    except PassOptionError as e:  # a pass built from an option the user gave
        fail(tool, str(e), 2)
    except KeyboardInterrupt:
        fail(tool, "interrupted", 130)
    except BrokenPipeError:
        sys.exit(0)
    except SystemExit:
        raise
    except Exception as e:
        if os.environ.get("AMLS_DEBUG"):
            raise
        fail(
            tool,
            f"internal error: {type(e).__name__}: {e}\n"
            f"(this is a bug in amls; rerun with AMLS_DEBUG=1 for a traceback)",
            70,
        )

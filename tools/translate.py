"""amls-translate: source languages to the matrix dialect (mlir-translate's convention)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any

from amls.tools.common import UserError, read_source, user_errors, verify_located


class _ArgParser(argparse.ArgumentParser):
    def error(self, message: str) -> Any:
        self.print_usage(sys.stderr)
        raise UserError(f"amls-translate: error: {message}", 2)


def split_dml_args(argv: list[str]) -> tuple[list[str], list[str], dict[str, str]]:
    """Take SystemDS's `-args A B ...` / `-nvargs k=v ...` (also with two dashes) out of argv.

    Each list runs to the next option (a word starting with '-' that is not a number)."""
    rest: list[str] = []
    args: list[str] = []
    nvargs: dict[str, str] = {}
    mode = None
    for a in argv:
        if a in ("-args", "--args"):
            mode = "args"
            continue
        if a in ("-nvargs", "--nvargs"):
            mode = "nvargs"
            continue
        if mode and not (a.startswith("-") and not _is_number(a)):
            if mode == "args":
                args.append(a)
            else:
                k, sep, v = a.partition("=")
                if not sep or not k:
                    raise UserError(f"-nvargs expects NAME=VALUE, got '{a}'", 2)
                nvargs[k] = v
            continue
        mode = None
        rest.append(a)
    return rest, args, nvargs


def _is_number(s: str) -> bool:
    try:
        float(s)
        return True
    except ValueError:
        return False


def import_dml_file(
    path: str | None,
    args: Sequence[str] = (),
    nvargs: dict[str, str] | None = None,
    consulted: list[str] | None = None,
    text: str | None = None,
) -> Any:
    """Read (unless its `text` is given) and translate a DML script; its errors become
    one-line UserErrors. `consulted` gets the files the translation read or looked for."""
    from amls.frontends.dml import DMLError, import_dml

    if text is None:
        text, name = read_source(path)
    else:
        name = path or "<stdin>"
    try:
        module = import_dml(text, name, args, nvargs, consulted)
    except DMLError as e:
        raise UserError(str(e)) from e
    except RecursionError as e:
        raise UserError(f"{name}: error: the script nests too deeply") from e
    verify_located(module)
    return module


def main(argv: Sequence[str] | None = None) -> None:
    with user_errors("amls-translate"):
        raw = list(sys.argv[1:] if argv is None else argv)
        rest, args, nvargs = split_dml_args(raw)
        p = _ArgParser(prog="amls-translate", description="Translate a source file to MLIR.")
        p.add_argument("input_file", nargs="?", help="the source file (default: stdin)")
        p.add_argument("--import-dml", action="store_true", help="the input is a DML script")
        p.add_argument("-o", "--output", metavar="FILE", help="write the module here")
        p.add_argument("--print-debuginfo", action="store_true", help="print op locations")
        ns = p.parse_args(rest)
        if not ns.import_dml:
            raise UserError("amls-translate: error: choose a translation (--import-dml)", 2)
        module = import_dml_file(ns.input_file, args, nvargs)
        import io

        from xdsl.printer import Printer

        buf = io.StringIO()
        Printer(stream=buf, print_debuginfo=ns.print_debuginfo).print_op(module)
        buf.write("\n")
        if ns.output:
            try:
                with open(ns.output, "w") as f:
                    f.write(buf.getvalue())
            except OSError as e:
                raise UserError(f"cannot write '{ns.output}': {e.strerror}") from e
        else:
            sys.stdout.write(buf.getvalue())


if __name__ == "__main__":
    main()

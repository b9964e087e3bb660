"""Where an op came from: its `file:line:col`, and the name a frontend gave the construct.

A frontend that translates its own language (DML's `as.scalar`, `%*%`, right indexing)
wraps the op's FileLineColLoc in MLIR's named location, `loc("as.scalar"("f.dml":3:5))`,
so that errors name what the user wrote rather than the IR op standing for it. An op of a
library function the frontend brought in for a user's call (DML's `lm`) is at MLIR's
call-site location, `loc(callsite("%*%"("lib/lm.dml":9:5) at "lm"("x.dml":3:1)))`: its
own line, at the user's call. All print, parse and survive rewrites (a rewrite keeps its
root's location) like any location.
"""

from __future__ import annotations

from xdsl.dialects.builtin import CallSiteLoc, FileLineColLoc, NameLoc, StringAttr
from xdsl.ir import Attribute, Operation


def file_line_col(loc: Attribute | None) -> FileLineColLoc | None:
    """The file location of `loc`: itself, the one a named location wraps, or a call-site
    location's callee (the line of the library function)."""
    while isinstance(loc, NameLoc | CallSiteLoc):
        loc = loc.location if isinstance(loc, NameLoc) else loc.callee
    return loc if isinstance(loc, FileLineColLoc) else None


def named_location(name: str | None, loc: FileLineColLoc) -> Attribute:
    """`loc("name"("file":line:col))`, or the bare file location when name is None."""
    return loc if name is None else NameLoc(StringAttr(name), loc)


def source_name(op: Operation) -> str | None:
    """The construct the op's frontend named (its own location only, not its parent's)."""
    loc = op.location
    if isinstance(loc, CallSiteLoc):
        loc = loc.callee
    return loc.desc.data if isinstance(loc, NameLoc) else None


def call_site(loc: Attribute | None) -> tuple[str | None, FileLineColLoc] | None:
    """For an op of a library function: (the function the user called, where), else None."""
    if not isinstance(loc, CallSiteLoc):
        return None
    caller = file_line_col(loc.caller)
    if caller is None:
        return None
    name = loc.caller.desc.data if isinstance(loc.caller, NameLoc) else None
    return name, caller


def format_location(loc: FileLineColLoc) -> str:
    return f"{loc.filename.data}:{loc.line.data}:{loc.column.data}"

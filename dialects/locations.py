"""Where an op came from: its `file:line:col`, and the name a frontend gave the construct.

A frontend that translates its own language (DML's `as.scalar`, `%*%`, right indexing)
wraps the op's FileLineColLoc in MLIR's named location, `loc("as.scalar"("f.dml":3:5))`,
so that errors name what the user wrote rather than the IR op standing for it. Both
print, parse and survive rewrites (a rewrite keeps its root's location) like any location.
"""

from __future__ import annotations

from xdsl.dialects.builtin import FileLineColLoc, NameLoc, StringAttr
from xdsl.ir import Attribute, Operation


def file_line_col(loc: Attribute | None) -> FileLineColLoc | None:
    """The file location of `loc`: itself, or the one a named location wraps."""
    while isinstance(loc, NameLoc):
        loc = loc.location
    return loc if isinstance(loc, FileLineColLoc) else None


def named_location(name: str | None, loc: FileLineColLoc) -> Attribute:
    """`loc("name"("file":line:col))`, or the bare file location when name is None."""
    return loc if name is None else NameLoc(StringAttr(name), loc)


def source_name(op: Operation) -> str | None:
    """The construct the op's frontend named (its own location only, not its parent's)."""
    loc = op.location
    return loc.desc.data if isinstance(loc, NameLoc) else None


def format_location(loc: FileLineColLoc) -> str:
    return f"{loc.filename.data}:{loc.line.data}:{loc.column.data}"

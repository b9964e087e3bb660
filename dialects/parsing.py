"""xDSL's parser with string literals read as the printer writes them.

xDSL 0.74 prints a StringAttr holding non-ASCII text ("é") with escaped UTF-8 bytes
("\\C3\\A9"); its lexer then reads that literal as a bytes literal, and the attribute
parser makes a BytesAttr of it (a print label of a DML script with an accent failed at
run time once its plan was read back). Here a literal whose bytes are valid UTF-8 is a
StringAttr again, as MLIR reads it; other bytes stay a BytesAttr.
"""

from __future__ import annotations

from xdsl.dialects.builtin import BytesAttr, StringAttr
from xdsl.ir import Attribute
from xdsl.parser import Parser


class Utf8Parser(Parser):
    def _parse_optional_builtin_attr(self) -> Attribute | None:
        attr = super()._parse_optional_builtin_attr()
        if isinstance(attr, BytesAttr):
            try:
                return StringAttr(attr.data.decode())
            except UnicodeDecodeError:
                return attr
        return attr

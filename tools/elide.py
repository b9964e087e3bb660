"""Printing IR with big dense constants elided, as mlir-opt's
--mlir-elide-elementsattrs-if-larger=N: a non-splat dense elements attribute of more than N
elements prints as `dense_resource<__elided__> : TYPE` (readable, not parseable back)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import IO

from xdsl.context import Context
from xdsl.dialects.builtin import DenseIntOrFPElementsAttr, ModuleOp
from xdsl.ir import Attribute
from xdsl.printer import Printer


@dataclass(eq=False, repr=False)
class ElidingPrinter(Printer):
    elide_larger: int | None = None
    """Elide dense elements attributes with more elements than this (None: never)."""

    def print_attribute(self, attribute: Attribute) -> None:
        if (
            self.elide_larger is not None
            and isinstance(attribute, DenseIntOrFPElementsAttr)
            and len(attribute) > self.elide_larger
            and not attribute.is_splat()
        ):
            self.print_string("dense_resource<__elided__> : ")
            self.print_attribute(attribute.get_type())
            return
        super().print_attribute(attribute)


def print_module(
    ctx: Context,
    module: ModuleOp,
    out: IO[str],
    elide_larger: int | None,
    *,
    generic: bool = False,
    properties_as_attributes: bool = False,
    debuginfo: bool = False,
    metadata: bool = True,
) -> None:
    """The module as xDSL's MLIR target prints it, with big constants elided."""
    printer = ElidingPrinter(
        stream=out,
        print_generic_format=generic,
        print_properties_as_attributes=properties_as_attributes,
        print_debuginfo=debuginfo,
        elide_larger=elide_larger,
    )
    printer.print_op(module)
    if metadata:
        printer.print_metadata(ctx.loaded_dialects)
        print("\n", file=out)

"""amls-opt: xdsl-opt with amls's dialects and passes, located diagnostics, no tracebacks."""

from __future__ import annotations

import gc

_GC_WAS_ENABLED = gc.isenabled()
gc.disable()  # imports keep what they allocate: collecting during them is wasted (~10%)

from amls.startup import install  # noqa: E402

install()  # cached dataclass code, formats parsed when used: ~0.1 s of start-up

import argparse  # noqa: E402
import dataclasses  # noqa: E402
import io  # noqa: E402
import re  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
from collections.abc import Sequence  # noqa: E402
from typing import IO  # noqa: E402

from xdsl.dialects.builtin import ModuleOp  # noqa: E402
from xdsl.passes import ModulePass, PassPipeline  # noqa: E402
from xdsl.utils.arg_spec import parse_pipeline  # noqa: E402
from xdsl.utils.exceptions import ArgSpecParseError  # noqa: E402
from xdsl.xdsl_opt_main import xDSLOptMain  # noqa: E402

from amls.dialects.value_facts import set_assume_finite  # noqa: E402
from amls.lowering.pipeline import amls_passes, level_passes, level_text  # noqa: E402
from amls.tools.arg_types import UsageError, apply_arg_types, parse_arg_type  # noqa: E402
from amls.tools.common import (  # noqa: E402
    UserError,
    all_passes,
    compile_gc,
    load_plugin,
    make_context,
    parse_module,
    prescan_plugins,
    read_source,
    user_errors,
    verify_located,
    verify_value_facts,
    without_gc,
)
from amls.tools.elide import print_module  # noqa: E402
from amls.tools.plan_flags import add_plan_arguments, check_plan_arguments, write_plans  # noqa: E402

if _GC_WAS_ENABLED:  # what the imports made lives to the end: no collection need walk it
    gc.freeze()
    gc.enable()


_QUOTED = re.compile(r'("(?:[^"\\]|\\.)*")')
_NUMBER_LED = re.compile(r"(?<=[=,])(-?\.?\d[^\s,{}=\"]*)")
_PLAIN_NUMBER = re.compile(r"-?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?")


def quote_number_led_values(spec: str) -> tuple[str, list[int]]:
    """The pipeline spec with each bare option value that starts like a number but is none
    (`memory-budget=1.5MB`) quoted, so xDSL's pipeline lexer takes it as the string the
    option parses (it lexes `1MB` as a name but stops inside `1.5MB`); and the positions in
    the result of the quotes added."""
    out: list[str] = []
    added: list[int] = []
    pos = 0
    for i, part in enumerate(_QUOTED.split(spec)):
        if i % 2 == 0:
            last = 0
            for m in _NUMBER_LED.finditer(part):
                if _PLAIN_NUMBER.fullmatch(m.group(1)):
                    continue
                out.append(part[last : m.start()])
                pos += m.start() - last
                added += [pos, pos + len(m.group(1)) + 1]
                out.append(f'"{m.group(1)}"')
                pos += len(m.group(1)) + 2
                last = m.end()
            part = part[last:]
        out.append(part)
        pos += len(part)
    return "".join(out), added


def _one_line(e: ArgSpecParseError, added: list[int]) -> str:
    """xDSL's multi-line pipeline syntax error (location, spec, caret, message) as one line
    with the column in the spec the user wrote."""
    lines = [x for x in str(e).splitlines() if x.strip()]
    m = re.fullmatch(r"pass-pipeline:\d+:(\d+)", lines[1].strip()) if len(lines) > 2 else None
    if m is None:
        return " ".join(x.strip() for x in lines)
    col = int(m.group(1))
    col -= sum(1 for a in added if a < col - 1)
    return f"{lines[-1].strip()} (column {col})"


_REVEALING = frozenset(
    {"size-inference", "ipa", "constant-fold", "rewrite-fixpoint", "annotate-value-facts"}
)
"""amls's passes that refine types from facts: IR failing to verify after them is the
input's own contradiction (a broadcast that cannot work), not the pass's doing."""


class AmlsOptMain(xDSLOptMain):
    running: str | None = None
    """The pass being applied (for a message when an upstream one fails)."""

    def __init__(self, args: Sequence[str] | None = None):
        for plugin in prescan_plugins(list(sys.argv[1:] if args is None else args)):
            load_plugin(plugin)
        super().__init__(description="amls modular optimizer driver", args=args)

    def register_all_dialects(self) -> None:
        self.ctx = make_context()

    def register_all_passes(self) -> None:
        for name, factory in all_passes().items():
            self.register_pass(name, factory)

    def register_all_targets(self) -> None:
        # Only MLIR text: xDSL's other targets (riscv-asm, csl, wgsl, ...) print dialects
        # amls does not produce. Also skips xDSL's scan of installed packages' entry points.
        from xdsl.targets import get_all_targets

        self.available_targets["mlir"] = get_all_targets()["mlir"]

    def register_all_arguments(self, arg_parser: argparse.ArgumentParser) -> None:
        super().register_all_arguments(arg_parser)
        arg_parser.add_argument(
            "--load-plugin",
            action="append",
            default=[],
            metavar="MODULE",
            help="import a module (name or .py path) that registers dialects, passes, kernels",
        )
        arg_parser.add_argument(
            "--explain",
            action="store_true",
            help="print a readable plan per function (sizes, bounds, estimates, memory) "
            "instead of the IR",
        )
        arg_parser.add_argument(
            "--rewrite-trace",
            action="store_true",
            help="print to stderr which rewrite rule fired where, with counts",
        )
        arg_parser.add_argument(
            "--arg-type",
            action="append",
            default=[],
            metavar="NAME=TYPE",
            help="plan the entry function for argument NAME of type TYPE "
            "(!matrix.mat<1000x50xf64> or 1000x50, optionally followed by facts such as "
            "{matrix.finite} or {matrix.absmax = 1.0}); repeatable",
        )
        arg_parser.add_argument(
            "--entry",
            metavar="NAME",
            help="the function --arg-type and the -O levels' ipa plan for "
            "(default: ipa's entry in -p, else main)",
        )
        arg_parser.add_argument(
            "--assume-finite",
            action="store_true",
            help="fast-math licence (LLVM's nnan/ninf): optimise as if no value were NaN or "
            "Inf (sets amls.assume_finite on the module)",
        )
        arg_parser.add_argument(
            "--estimator",
            choices=("metadata", "mnc"),
            default="mnc",
            help="sparsity estimator for --explain (default: mnc)",
        )
        add_plan_arguments(arg_parser, "the plan after the passes")
        arg_parser.add_argument(
            "--mlir-elide-elementsattrs-if-larger",
            type=_count_arg,
            metavar="N",
            help="as mlir-opt: print a dense constant of more than N elements (not a splat) "
            "as dense_resource<__elided__> (readable, not parseable back; default: print all)",
        )
        for level in ("O0", "O1", "O2"):
            arg_parser.add_argument(
                f"-{level}",
                dest="opt_level",
                action="store_const",
                const=level,
                help=f"run the {level} pipeline ({level_text(level) or 'nothing'})",
            )

    def setup_pipeline(self) -> None:
        spec = self.args.passes
        if self.args.opt_level and spec:
            raise UserError(f"-{self.args.opt_level} and -p cannot be combined", 2)
        known = set(self.available_passes)
        parsed, added = quote_number_led_values(spec) if spec else (spec, [])
        try:
            names = [] if self.args.opt_level else [p.name for p in parse_pipeline(parsed)]
        except (Exception, ArgSpecParseError):
            names = []  # malformed: PassPipeline.parse_spec below reports it
        for name in names:
            if name not in known:
                ours = ", ".join(sorted(amls_passes())) or "none yet"
                raise UserError(
                    f"unknown pass '{name}' (amls passes: {ours}; "
                    f"upstream xDSL passes such as dce and canonicalize are also "
                    f"available: see --help)",
                    2,
                )
        timer = [time.perf_counter()]

        def callback(prev: ModulePass | None, module: ModuleOp, nxt: ModulePass | None) -> None:
            if self.args.time_passes and prev is not None:
                print(f"Pass {prev.name} took {time.perf_counter() - timer[0]} seconds")
            if not self.args.disable_verify:
                try:
                    verify_located(module)
                except UserError as e:  # a pass that only rewrites broke the IR: name it
                    if prev is None or prev.name in _REVEALING:
                        raise
                    raise UserError(
                        f"{e}\n(the IR after pass '{prev.name}' does not verify)"
                    ) from e
            self.running = nxt.name if nxt is not None else None
            if prev and nxt and self.args.print_between_passes:
                print(f"IR after {prev.name}:")
                elide = self.args.mlir_elide_elementsattrs_if_larger
                print_module(self.ctx, module, sys.stdout, elide, metadata=False)
                print("\n\n\n")
            timer[0] = time.perf_counter()

        try:
            if self.args.opt_level:
                passes = level_passes(self.args.opt_level, self.args.entry or "main")
                self.pipeline = PassPipeline(passes, callback)
            else:
                self.pipeline = PassPipeline.parse_spec(self.available_passes, parsed, callback)
        except (Exception, ArgSpecParseError) as e:  # malformed spec, bad option value or name
            # xDSL names options by their Python fields; users write them with dashes.
            text = _one_line(e, added) if isinstance(e, ArgSpecParseError) else str(e)
            msg = re.sub(r'"(\w+)"', lambda m: f'"{m.group(1).replace("_", "-")}"', text)
            raise UserError(f"bad pass pipeline '{spec}': {msg}", 2) from e
        self.entry = self.args.entry or next(
            (p.entry for p in self.pipeline.passes if p.name == "ipa"), "main"
        )
        self.arg_types = [parse_arg_type(self.ctx, t) for t in self.args.arg_type]
        if self.args.explain:  # lower-to-phys records its decisions for the plan's printer
            self.pipeline = dataclasses.replace(
                self.pipeline,
                passes=tuple(
                    dataclasses.replace(p, explain=True) if p.name == "lower-to-phys" else p
                    for p in self.pipeline.passes
                ),
            )

    def run(self) -> None:
        check_plan_arguments(self.args, "amls-opt")
        text, name = read_source(self.args.input_file)
        plans: list[tuple[str, ModuleOp]] = []
        chunks = text.split("// -----") if self.args.split_input_file else [text]
        try:
            out: IO[str] = open(self.args.output_file, "w") if self.args.output_file else sys.stdout
        except OSError as e:
            raise UserError(f"cannot write '{self.args.output_file}': {e.strerror}") from e
        line_offset = 0
        try:
            for i, chunk in enumerate(chunks):
                if i > 0:
                    out.write("// -----\n")
                    out.flush()
                try:
                    if name.endswith(".dml"):  # the DML frontend
                        from amls.tools.translate import import_dml_file

                        module = import_dml_file(name, self.dml_args, self.dml_nvargs)
                    else:
                        module = parse_module(self.ctx, chunk, name, line_offset)
                    if not self.args.disable_verify:
                        verify_located(module)
                        verify_value_facts(module)
                    self.prepare(module)
                    self.apply_passes(module)
                    plans.append((f"{name}" + (f" (case {i + 1})" if i else ""), module))
                    if self.args.rewrite_trace:
                        _print_rewrite_trace(self.pipeline.passes)
                    if self.args.explain:
                        from amls.tools.explain import explain_module

                        out.write(explain_module(module, self.args.estimator))
                    else:
                        out.write(self.output_resulting_program(module))
                    out.flush()
                except UserError as e:
                    diagnostics = self.args.verify_diagnostics or self.args.parsing_diagnostics
                    if not diagnostics or isinstance(e, UsageError):
                        raise
                    # As xdsl-opt: print the diagnostic and go on (exit 0).
                    print(str(e), file=out)
                    out.flush()
                finally:
                    line_offset += chunk.count("\n")
        finally:
            if out is not sys.stdout:
                out.close()
        write_plans(self.args, plans)

    def output_resulting_program(self, prog: ModuleOp) -> str:
        limit = self.args.mlir_elide_elementsattrs_if_larger
        if limit is None or self.args.target != "mlir":
            return super().output_resulting_program(prog)
        out = io.StringIO()
        a = self.args
        flags = (a.print_op_generic, a.print_no_properties, a.print_debuginfo)
        print_module(
            self.ctx,
            prog,
            out,
            limit,
            generic=flags[0],
            properties_as_attributes=flags[1],
            debuginfo=flags[2],
        )
        return out.getvalue()

    def prepare(self, module: ModuleOp) -> None:
        """What the command line states before the pipeline: --assume-finite, --arg-type."""
        if self.args.assume_finite:
            set_assume_finite(module)
        if self.arg_types:
            apply_arg_types(module, self.entry, self.arg_types)
            if not self.args.disable_verify:
                verify_located(module)  # a type the program provably contradicts
        if self.args.entry is not None and not any(
            getattr(f, "sym_name", None) is not None and f.sym_name.data == self.args.entry
            for f in module.ops
        ):
            raise UserError(f"amls-opt: error: --entry: the module has no @{self.args.entry}", 2)

    def apply_passes(self, prog: ModuleOp) -> None:
        passes = self.pipeline.passes
        self.running = passes[0].name if passes else None
        try:
            with compile_gc():
                self.pipeline.apply(self.ctx, prog)
        except UserError:
            raise
        except Exception as e:
            from xdsl.utils.exceptions import DiagnosticException

            if isinstance(e, DiagnosticException):
                raise UserError(f"error: {e}".split("\n")[0]) from e
            if self.running is not None and self.running not in amls_passes():
                # an upstream xDSL pass rejecting what it was given (an option value)
                raise UserError(f"pass '{self.running}' failed: {e}") from e
            raise


def _count_arg(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        n = -1
    if n < 0:
        raise argparse.ArgumentTypeError(f"expected a number of elements >= 0, got '{text}'")
    return n


def _print_rewrite_trace(passes: Sequence[ModulePass]) -> None:
    """What the rewriting passes of the pipeline that just ran fired, in order."""
    from amls.passes.rewrite.trace import merged

    trace = merged(passes)
    if trace.fired or trace.bound_hit or trace.held:
        print(trace.report(), file=sys.stderr)


def main(argv: Sequence[str] | None = None) -> None:
    with user_errors("amls-opt"):
        from amls.tools.translate import split_dml_args

        rest, dml_args, dml_nvargs = split_dml_args(list(sys.argv[1:] if argv is None else argv))
        with without_gc():  # start-up: plugins, passes, the argument parser
            tool = AmlsOptMain(args=rest)
        tool.dml_args, tool.dml_nvargs = dml_args, dml_nvargs
        tool.run()


if __name__ == "__main__":
    main()

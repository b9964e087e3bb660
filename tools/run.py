"""amls-run: compile and execute a matrix program, print its results.

The command line (arguments, printing); what compiling means is amls.lowering.pipeline's."""

from __future__ import annotations

import gc
import time

_T_IMPORT = time.perf_counter()  # before the heavy imports, to report start-up honestly
_GC_WAS_ENABLED = gc.isenabled()
gc.disable()  # imports keep what they allocate: collecting during them is wasted (~10%)

from amls.tools.malloc_tuning import tune  # noqa: E402

tune()  # freed arrays are reused, not faulted in again (amls-run's process only)

from amls.startup import install  # noqa: E402

install()  # cached dataclass code, formats parsed when used: ~0.1 s of start-up

import argparse  # noqa: E402
import contextlib  # noqa: E402
import os  # noqa: E402
import sys  # noqa: E402
from collections.abc import Iterator, Sequence  # noqa: E402
from typing import Any  # noqa: E402

from amls.lowering.pipeline import compile_module, level_text, make_pass  # noqa: E402, F401
from amls.tools.common import (  # noqa: E402
    UserError,
    check_writable,
    load_plugin,
    location_of,
    make_context,
    parse_module,
    prescan_plugins,
    read_source,
    user_errors,
    verify_located,
    verify_value_facts,
    without_gc,
)

if _GC_WAS_ENABLED:  # what the imports made lives to the end: no collection need walk it
    gc.freeze()
    gc.enable()


def _parse_program(ctx: Any, text: str, name: str, entry: str) -> Any:
    """The .mlir program, parsed and verified (its stated value facts too); functions
    other than the entry that claim facts of their arguments check them on each call."""
    from amls.dialects.value_facts import mark_claims

    module = parse_module(ctx, text, name)
    verify_located(module)
    verify_value_facts(module)
    mark_claims(module, entry)
    return module


def _process_age() -> float:
    """Seconds since this process started (Linux); 0 where unknown."""
    try:
        with open("/proc/self/stat") as f:
            start_ticks = int(f.read().rsplit(")", 1)[1].split()[19])
        with open("/proc/uptime") as f:
            uptime = float(f.read().split()[0])
        return max(0.0, uptime - start_ticks / os.sysconf("SC_CLK_TCK"))
    except (OSError, ValueError, IndexError):
        return 0.0


class _ArgParser(argparse.ArgumentParser):
    def error(self, message: str) -> Any:  # usage errors: one line, exit 2
        self.print_usage(sys.stderr)
        raise UserError(f"amls-run: error: {message}", 2)


def build_arg_parser() -> argparse.ArgumentParser:
    p = _ArgParser(
        prog="amls-run",
        description="Compile and run a program: a matrix-dialect .mlir file or a DML script.",
        epilog="A .dml script takes its $-parameters as SystemDS does, after the other\n"
        "options: -args V1 V2 ... ($1, $2, ...) or -nvargs NAME=VALUE ... ($NAME).\n"
        "--arg binds the parameters of an .mlir program's entry function.\n\n"
        "examples:\n"
        "  amls-run examples/lm_cg.mlir --stats\n"
        "  amls-run prog.mlir --arg X=X.npy --arg lambda=0.1 --explain\n"
        "  amls-run lm.dml -nvargs X=X.csv y=y.csv B=B.csv",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("input_file", help="the program: .mlir, or .dml (DML, SystemDS's language)")
    p.add_argument("--entry", default="main", help="function to run (default: main)")
    p.add_argument(
        "--arg",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="bind parameter NAME to a .npy/.mtx/.csv file or a number",
    )
    p.add_argument("-o", "--output", metavar="FILE.npz", help="write results to an .npz")
    p.add_argument("--stats", action="store_true", help="print phase times and per-op stats")
    p.add_argument(
        "--explain",
        action="store_true",
        help="print the plan that runs (after specialising for the data, and each plan "
        "recompiled at run time) before the results",
    )
    p.add_argument(
        "--rewrite-trace",
        action="store_true",
        help="print to stderr which rewrite rule fired where, when compiling and recompiling",
    )
    p.add_argument(
        "--no-data-facts",
        action="store_true",
        help="compile from the declared types only, not for the loaded data's sizes, "
        "non-zeros, finiteness and max |x| (or scalar values)",
    )
    p.add_argument(
        "--assume-finite",
        action="store_true",
        help="fast-math licence (LLVM's nnan/ninf): optimise as if no value were NaN or "
        "Inf; on data holding them the result is undefined",
    )
    p.add_argument(
        "--check-sizes",
        action="store_true",
        help="check every matrix value against its static size facts and worst-case bounds",
    )
    level = p.add_mutually_exclusive_group()
    for lv in ("O0", "O1", "O2"):
        level.add_argument(
            f"-{lv}",
            dest="opt_level",
            action="store_const",
            const=lv,
            help=f"{lv}: {level_text(lv) or 'run the IR as written'}"
            + (" (default)" if lv == "O2" else ""),
        )
    p.add_argument(
        "--backend",
        choices=("local", "dask"),
        default="local",
        help="local: every op in this process; dask: ops over the memory budget run "
        "distributed on a Dask cluster (default: local)",
    )
    p.add_argument(
        "--workers", type=int, default=0, metavar="N", help="LocalCluster workers (default: cores)"
    )
    p.add_argument(
        "--scheduler", metavar="ADDRESS", help="use the Dask cluster at ADDRESS (no LocalCluster)"
    )
    p.add_argument(
        "--memory-budget",
        type=_bytes_arg,
        metavar="BYTES",
        help="local memory budget of operator selection (default: 70%% of this machine's memory;"
        " accepts 500MB, 1.5GiB, 2e9, ...)",
    )
    p.add_argument("--block-size", type=int, default=1000, metavar="N", help=argparse.SUPPRESS)
    p.add_argument("--force-method", default="", metavar="METHOD", help=argparse.SUPPRESS)
    p.add_argument(
        "--load-plugin",
        action="append",
        default=[],
        metavar="MODULE",
        help="import a module (name or .py path) that registers dialects, passes, kernels",
    )
    from amls.tools.plan_flags import add_plan_arguments
    from amls.tools.progress_flags import add_progress_arguments

    add_plan_arguments(p, "the plan that ran, with each op's measured time")
    add_progress_arguments(p)
    p.set_defaults(opt_level="O2")
    return p


def _bytes_arg(text: str) -> int:
    from amls.passes import parse_bytes  # the same units as the passes' byte options

    try:
        return parse_bytes(text)
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


def check_output(path: str) -> None:
    """-o before anything runs: a known extension in a directory that exists and is writable
    (a long run must not end in "cannot write")."""
    if not path.endswith(".npz"):
        raise UserError(f"-o {path}: results are written as a NumPy .npz (name it FILE.npz)", 2)
    check_writable(path)


def lowering_options(args: argparse.Namespace) -> dict[str, object]:
    """lower-to-phys's options for the chosen backend."""
    if args.backend == "local":
        return {"dist": False, "explain": args.explain}
    opts: dict[str, object] = {"block_size": args.block_size, "explain": args.explain}
    if args.memory_budget is not None:
        opts["memory_budget"] = args.memory_budget
    if args.workers:
        opts["workers"] = args.workers
    if args.force_method:
        opts["force_method"] = args.force_method
    return opts


def lowering_pass(args: argparse.Namespace) -> Any:
    """lower-to-phys with the options of the chosen backend."""
    return make_pass("lower-to-phys", **lowering_options(args))


def bind_arguments(fn: Any, raw: list[str]) -> list[Any]:
    """Match --arg NAME=VALUE against the entry's parameters, load and check each value
    against its declared type and the value facts its argument states."""
    from amls.dialects.value_facts import arg_facts
    from amls.interpreter.reads import read_index
    from amls.interpreter.values import (
        ArgTextError,
        ValueError_,
        check_against_type,
        check_claim,
        parse_arg_value,
    )

    reads = read_index(fn)  # parameters the program's own reads became (bound by reading)
    every = list(fn.body.blocks.first.args) if fn.body.blocks else []
    params = [a for a, r in zip(every, reads, strict=True) if r is None]
    names = [a.name_hint or f"arg{i}" for i, a in enumerate(params)]
    given: dict[str, str] = {}
    for item in raw:
        name, sep, value = item.partition("=")
        if not sep or not name or not value:
            raise UserError(f"malformed --arg '{item}': expected NAME=VALUE", 2)
        if name not in names:
            raise UserError(
                f"--arg {name}: @{fn.sym_name.data} has no parameter '{name}' "
                f"(parameters: {', '.join(names) or 'none'})",
                2,
            )
        if name in given:
            raise UserError(f"--arg {name} given twice ('{given[name]}' and '{value}')", 2)
        given[name] = value
    missing = [n for n in names if n not in given]
    if missing:
        raise UserError(
            f"@{fn.sym_name.data} needs " + ", ".join(f"--arg {n}=..." for n in missing), 2
        )
    values: list[Any] = []
    for name, param in zip(names, params, strict=True):
        while reads[len(values)] is not None:
            values.append(_read_argument(reads[len(values)], every[len(values)].type))
        try:
            v = parse_arg_value(given[name], param.type)
        except ValueError_ as e:  # the text given: a usage error (2); its data: 1
            raise UserError(f"--arg {name}: {e}", 2 if isinstance(e, ArgTextError) else 1) from e
        why = check_against_type(v, param.type)
        if why is not None:
            raise UserError(f"--arg {name}: {why}")
        why = check_claim(v, arg_facts(fn, param.index))
        if why is not None:  # a false claim: an error, never a wrong answer
            where = location_of(fn)
            raise UserError(
                f"{where + ': ' if where else ''}error: argument %{name} {why} ({given[name]})"
            )
        values.append(v)
    while len(values) < len(every):
        values.append(_read_argument(reads[len(values)], every[len(values)].type))
    return values


def _read_argument(spec: Any, t: Any) -> Any:
    """A parameter that stands for one of the program's reads, read (its errors are the
    read's, at its line)."""
    from amls.interpreter.engine import OpFailure
    from amls.interpreter.kernels import KernelError
    from amls.interpreter.reads import read_op, read_value

    try:
        return read_value(spec, t)
    except KernelError as e:
        raise UserError(OpFailure.of(read_op(spec, t), e).located()) from e


def print_stats(phases: dict[str, float], stats: Any, plan: str = "") -> None:
    print("\n== phases ==")
    width = max(22, *(len(name) for name in phases))
    for name, t in phases.items():
        print(f"  {name:<{width}} {t:9.4f} s")
    if plan:
        print(f"  {'plan':<{width}} {plan}")
    print("\n== ops ==")
    total = sum(stats.times.values()) or 1.0
    print(f"  {'op':<30} {'count':>8} {'time (s)':>10} {'share':>7}")
    for name in sorted(stats.counts, key=lambda n: (-stats.times.get(n, 0.0), n)):
        t = stats.times.get(name)
        shown = f"{t:10.4f} {100 * t / total:6.1f}%" if t is not None else f"{'(body)':>10} {'':>7}"
        print(f"  {name:<30} {stats.counts[name]:>8} {shown}")


def _plan_note(compiled: Any, plans: Any) -> str:
    """Where the plan came from, for --stats."""
    if compiled.cached:
        return f"from the plan cache ({plans.last_path})"
    if plans is not None and plans.last_path is not None:
        return f"compiled, kept in the plan cache ({plans.last_path})"
    return "compiled" if compiled.signature or compiled.seconds else ""


def run(argv: Sequence[str] | None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    plugins = prescan_plugins(argv)
    for plugin in plugins:
        load_plugin(plugin)
    from amls.tools.translate import split_dml_args

    argv, dml_args, dml_nvargs = split_dml_args(argv)
    args = build_arg_parser().parse_args(argv)
    from amls.tools.plan_flags import OpTimer, check_plan_arguments, requested, write_plans
    from amls.tools.progress_flags import check_progress_arguments, progress_line

    check_plan_arguments(args, "amls-run")
    check_progress_arguments(args)

    with without_gc():  # imports and the parsed IR: objects that stay
        from amls.dialects.value_facts import set_assume_finite
        from amls.interpreter.engine import (
            OpFailure,
            OpStats,
            find_entry,
            kernel_functions,
            make_interpreter,
        )
        from amls.interpreter.entry import EntryCompiler
        from amls.interpreter.kernels import lazy, load_builtin_kernels
        from amls.interpreter.kernels.matrix import describe
        from amls.tools.results import result_names, save_results

        age = _process_age()  # interpreter start, imports, plugins, argument parsing
        phases: dict[str, float] = {
            "start-up and imports": age if age else time.perf_counter() - _T_IMPORT,
        }
        t0 = time.perf_counter()
        ctx = make_context()
        from amls.interpreter.plan_cache import default_cache, stderr_watch

        dynamic = args.backend == "dask" and args.opt_level == "O2"
        plans = None if plugins or args.rewrite_trace or dynamic else default_cache()
        lower_opts = lowering_options(args) if args.opt_level == "O2" else None
        source_key = ""  # the program's identity for the plan cache ("": not cached)
        deps: list[str] = []  # files the DML translation read
        text, name = read_source(args.input_file)
        program = f"{name}\0{text}\0assume-finite={args.assume_finite}"
        is_dml = args.input_file.endswith(".dml")
        if is_dml:  # -args, -nvargs and the directory relative paths are read from
            dml_key = f"dml\0{os.getcwd()}\0{dml_args!r}\0{sorted(dml_nvargs.items())!r}"
            program = f"{dml_key}\0{program}"
        hoist = args.opt_level != "O0" and not args.no_data_facts

        def load_program() -> tuple[Any, str]:
            """The program as IR (parsed, or translated from DML) and its plan-cache
            identity ("": not cached); its leading reads become parameters."""
            from amls.interpreter.engine import find_entry
            from amls.interpreter.reads import hoist_reads

            if is_dml:
                from amls.tools.translate import import_dml_file

                with stderr_watch() as stderr:  # a translation warning must print again
                    module = import_dml_file(name, dml_args, dml_nvargs, deps, text)
                verify_value_facts(module)
                key = "" if stderr.written else program
            else:
                module, key = _parse_program(ctx, text, name, args.entry), program
            if hoist:
                with contextlib.suppress(LookupError):
                    hoist_reads(module, find_entry(module, args.entry))
            return module, key

        card = None  # the entry card the arguments were bound through (PlanCache.load_entry)
        card_key = ""
        cached = None
        if plans is not None and args.opt_level != "O0":
            card_key = plans.key(("entry card", program, args.entry, f"hoist={hoist}"))
        if plans is not None and card_key and (card := plans.load_entry(card_key, ctx)):
            module = card.parent_op()  # the program is parsed only if no plan fits the data
        else:
            module, source_key = load_program()
        phases["parse and verify"] = time.perf_counter() - t0

    if args.force_method and args.backend != "dask":
        raise UserError("amls-run: error: --force-method needs --backend dask", 2)
    if args.output:
        check_output(args.output)
    for flag, given in (("--workers", args.workers), ("--scheduler", args.scheduler)):
        if given and args.backend == "local":  # as NumPy/Dask would: say it, then go on
            print(
                f"amls-run: warning: {flag} has no effect on the local backend "
                "(the default); add --backend dask",
                file=sys.stderr,
            )
    try:
        fn = find_entry(module, args.entry)
    except LookupError:
        raise UserError(f"{name}: error: no function @{args.entry} to run") from None
    if not fn.body.blocks:
        raise UserError(
            f"{location_of(fn) or name}: error: @{args.entry} is a declaration without a "
            "body: nothing to run"
        )

    declared = tuple(fn.function_type.outputs.data)  # results are shown as the user typed them
    names = result_names(fn)
    if plans is not None and card_key and card is None and source_key:
        plans.store_entry(card_key, fn, deps)  # before compiling changes the entry
    t0 = time.perf_counter()
    values = bind_arguments(fn, args.arg)
    phases["load and fact scan"] = time.perf_counter() - t0

    t0 = time.perf_counter()
    if plans is not None and card is not None:
        from amls.interpreter.entry import cached_plan

        with_facts = not args.no_data_facts
        cached = cached_plan(
            plans, ctx, program, args.opt_level, args.entry, lower_opts, with_facts, card, values
        )
        if cached is None:  # no plan for these data: the program after all
            t1 = time.perf_counter()
            module, source_key = load_program()
            phases["parse and verify"] += time.perf_counter() - t1
            t0 += time.perf_counter() - t1
    if cached is not None:  # a plan found before the program was parsed (or translated)
        compiled, lowering = cached, None
    else:
        if args.assume_finite:
            set_assume_finite(module)
        compiler = EntryCompiler(
            module,
            ctx,
            args.opt_level,
            args.entry,
            keep_logical=dynamic,
            consume=True,
            plans=plans if source_key else None,
            source_key=source_key,
            deps=deps,
            lowering_options=lower_opts,
        )
        compiled = compiler.compile(None if args.no_data_facts else values)
        lowering = compiler.lowering
    module = compiled.module
    fn = find_entry(module, args.entry)
    recompiler = None
    if compiled.logical is not None:
        from xdsl.passes import PassPipeline

        from amls.interpreter.recompile import Recompiler
        from amls.lowering.pipeline import recompile_passes

        pipeline = PassPipeline(recompile_passes(lowering))
        recompiler = Recompiler(compiled.logical, ctx, pipeline, with_facts=not args.no_data_facts)
    # The interpreter's dispatch table for the kernels (built once per process, ~2 ms) is
    # part of preparing the plan, not of running it.
    kernel_functions(load_builtin_kernels())
    phases["compile"] = time.perf_counter() - t0
    if args.rewrite_trace:
        notes = [] if args.no_data_facts else nonfinite_arguments(fn, values)
        print_trace(f"@{args.entry} compiled{_for(compiled.signature)}", compiled.trace, notes)
    if args.explain:
        print_plan(f"@{args.entry} compiled{_for(compiled.signature)}", module)

    stats = OpStats()
    listeners: list[Any] = [stats] if args.stats else []
    if args.check_sizes:
        from amls.interpreter.checks import SizeChecker

        listeners.append(SizeChecker(module))
    timer = OpTimer() if requested(args) else None
    if timer is not None:
        listeners.append(timer)
    # The parsed and compiled IR (~100k objects) lives until exit: a full cyclic GC pass
    # over it costs ~50 ms whenever one triggers during execution. Freezing moves it out
    # of the collector's generations (compile-time cyclic garbage stays; it is small).
    gc.freeze()
    with backend_session(args, phases, module) as session:
        imported, before = lazy.import_seconds(), lazy.imported()
        try:
            with progress_line(args.entry, listeners, session):
                # The plan's blocks become the interpreter's steps before the clock starts:
                # compiling, as Python compiles a script to bytecode before it runs.
                t_prep = time.perf_counter()
                interp = make_interpreter(module, listeners, recompiler, session)
                interp.prepare()
                phases["compile"] += time.perf_counter() - t_prep
                t0 = time.perf_counter()
                results = tuple(interp.call_op(args.entry, tuple(values)))
        except OpFailure as e:
            raise UserError(e.located()) from e
        # A first sparse value imports scipy.sparse (~0.1 s, once per process), a first
        # rand numpy.random: imports, reported as such, as a NumPy script's imports are not
        # part of its compute time.
        late = lazy.import_seconds() - imported
        phases["execute"] = time.perf_counter() - t0 - late
        if late:
            loaded = [m for m in lazy.imported() if m not in before]
            phases["import " + ", ".join(loaded)] = late

    for ev in recompiler.events if recompiler is not None else ():
        label = f"@{ev.function} recompiled at run time for {ev.sizes}"
        if args.rewrite_trace:
            print_trace(label, ev.trace)
        if args.explain:
            print_plan(label, ev.module)
    if timer is not None:
        plans = [(f"@{args.entry} compiled{_for(compiled.signature)}", module)]
        for ev in recompiler.events if recompiler is not None else ():
            plans.append((f"@{ev.function} recompiled at run time for {ev.sizes}", ev.module))
        write_plans(args, plans, timer.times)
    for rname, value, t in zip(names, results, declared, strict=True):
        print(f"{rname} : {t} = {describe(value)}")
    if args.output:
        save_results(args.output, names, results)
    if args.stats:
        print_stats(phases, stats, _plan_note(compiled, plans))
        if compiled.signature:
            print(f"\n== compiled for the data ==\n  @{args.entry} {compiled.signature}")
        if session is not None:
            print_dist_stats(session)
        elif args.backend == "dask":
            print("\n== distributed ops ==\n  (none: the plan has no dist op; no cluster started)")
        if recompiler is not None:
            print_recompilations(recompiler)
    return 0


@contextlib.contextmanager
def backend_session(
    args: argparse.Namespace, phases: dict[str, float], module: Any
) -> Iterator[Any]:
    """The Dask session dist ops run in (None for the local backend, and for a plan
    without dist ops: recompiling never adds them, so no cluster is started)."""
    from amls.interpreter.phys.dist import has_dist_ops

    if args.backend == "local" or not has_dist_ops(module):
        if args.backend == "dask" and args.dashboard:
            print(
                "amls-run: no Dask dashboard: the plan has no dist op, so no cluster was started",
                file=sys.stderr,
            )
        yield None
        return
    from amls.interpreter.phys.session import DistSession
    from amls.tools.plan_flags import requested
    from amls.tools.progress_flags import announce_dashboard

    t0 = time.perf_counter()
    with _client(args) as client:
        phases["cluster start-up"] = time.perf_counter() - t0
        announce_dashboard(args, client)
        # Measured (each dist op waited for) also for plan pictures: their times mean it.
        yield DistSession(client, measure=args.stats or bool(requested(args)))


@contextlib.contextmanager
def _client(args: argparse.Namespace) -> Iterator[Any]:
    import logging

    logging.getLogger("distributed").setLevel(logging.ERROR)
    if args.scheduler:
        from dask.distributed import Client

        from amls.interpreter.dist import prepare_client

        try:
            client = Client(args.scheduler, timeout=5)
        except OSError as e:
            raise UserError(f"cannot connect to scheduler {args.scheduler}: {e}") from e
        try:
            yield prepare_client(client)
        finally:
            client.close()
        return
    from amls.interpreter.dist import local_cluster

    workers = args.workers or (os.cpu_count() or 1)
    with local_cluster(n_workers=workers, dashboard=args.dashboard) as client:
        yield client


def _for(signature: str) -> str:
    return f" for {signature}" if signature else " for the declared types"


def print_plan(label: str, module: Any) -> None:
    """The plan of `module` as amls-opt --explain prints it, under a label (stdout)."""
    from amls.tools.explain import explain_module

    print(f"# plan: {label}")
    sys.stdout.write(explain_module(module))
    print()
    sys.stdout.flush()


def print_trace(label: str, trace: Any, notes: Sequence[str] = ()) -> None:
    """What the rewrites fired, and held back, while compiling a plan, as amls-opt
    --rewrite-trace (stderr); `notes` follow the label."""
    print(f"rewrite-trace: {label}", file=sys.stderr)
    for note in notes:
        print(f"rewrite-trace: {note}", file=sys.stderr)
    if report := trace.report():
        print(report, file=sys.stderr)


def nonfinite_arguments(fn: Any, values: list[Any]) -> list[str]:
    """`%X: the data hold NaN` for each argument whose scanned data is not finite: why a
    rule that needs finite operands is held back there (the signature states nothing)."""
    from amls.interpreter.kernels.scan import recall

    notes = []
    for arg, v in zip(fn.args, values, strict=False):
        facts = recall(v) if hasattr(v, "shape") else None
        if facts is not None and not facts.finite:
            name = f"%{arg.name_hint}" if arg.name_hint else f"argument {arg.index}"
            notes.append(f"{name}: {facts.describe_absmax()}")
    return notes


def print_recompilations(recompiler: Any) -> None:
    print("\n== dynamic recompilation ==")
    if not recompiler.events:
        print("  (none: every size was known at compile time)")
    for ev in recompiler.events:
        print(f"  @{ev.function} recompiled for {ev.sizes} in {ev.seconds:.3f} s")
    for why in recompiler.failures:
        print(f"  not recompiled (the compile-time plan ran): {why}")


def print_dist_stats(session: Any) -> None:
    from amls.passes.sizes.memory import human

    print("\n== distributed ops (bytes sent by workers, Dask counters: measured / predicted) ==")
    print(
        "  (time: the dist kernel, its blocks waited for and the counters read; == ops == "
        "times the same op plus the interpreter's dispatch around it, microseconds more)"
    )
    print(f"  {'op':<34} {'count':>6} {'time (s)':>9} {'measured':>11} {'predicted':>11}")
    for name, st in sorted(session.stats.items(), key=lambda kv: -kv[1].seconds):
        print(
            f"  {name:<34} {st.count:>6} {st.seconds:9.4f} {human(st.measured_bytes):>11}"
            f" {human(st.predicted_bytes):>11}"
        )


def main(argv: Sequence[str] | None = None) -> None:
    with user_errors("amls-run"):
        sys.exit(run(argv))


if __name__ == "__main__":
    main()

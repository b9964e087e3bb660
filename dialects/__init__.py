"""IR definitions. `DIALECTS` is the registry the tools load into their context."""

from collections.abc import Callable

from xdsl.ir import Dialect

DialectFactory = Callable[[], Dialect]


def _upstream(name: str) -> DialectFactory:
    def load() -> Dialect:
        import importlib

        module = importlib.import_module(f"xdsl.dialects.{name}")
        return getattr(
            module,
            {"builtin": "Builtin", "func": "Func", "scf": "Scf", "arith": "Arith", "math": "Math"}[
                name
            ],
        )

    return load


def _matrix() -> Dialect:
    from amls.dialects.matrix import Matrix

    return Matrix


def _phys() -> Dialect:
    from amls.dialects.phys import Phys

    return Phys


DIALECTS: dict[str, DialectFactory] = {
    "builtin": _upstream("builtin"),
    "func": _upstream("func"),
    "scf": _upstream("scf"),
    "arith": _upstream("arith"),
    "math": _upstream("math"),
    "matrix": _matrix,
    "phys": _phys,
}


def register_dialect(dialect: Dialect | DialectFactory) -> None:
    """Make a dialect (or a factory of one) known to amls-opt and amls-run.

    Plugins call this at import time; see examples/plugin/.
    """
    if isinstance(dialect, Dialect):
        d = dialect
        DIALECTS[d.name] = lambda: d
    else:
        DIALECTS[dialect().name] = dialect

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


_OWN = frozenset(DIALECTS)
_REGISTERED: dict[str, list[str]] = {}  # plugin dialect name -> its op names


def register_dialect(dialect: Dialect | DialectFactory) -> None:
    """Make a dialect (or a factory of one) known to amls-opt and amls-run.

    Plugins call this at import time; see examples/plugin/.
    """
    d = dialect if isinstance(dialect, Dialect) else dialect()
    if d.name in _OWN:
        raise ValueError(f"dialect '{d.name}' is amls's own; a plugin's needs another name")
    ops = sorted(op.name for op in d.operations)
    if _REGISTERED.get(d.name, ops) != ops:
        raise ValueError(f"dialect '{d.name}' is already registered with other ops")
    _REGISTERED[d.name] = ops
    DIALECTS[d.name] = (lambda: d) if isinstance(dialect, Dialect) else dialect

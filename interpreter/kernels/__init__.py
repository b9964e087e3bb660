"""Op kernels: NumPy/SciPy implementations keyed by op class.

A leaf module (imports only amls.dialects and NumPy/SciPy): the interpreter
runs these, and constant folding calls the same functions, so folded and run
values agree bit for bit.

A kernel is `fn(op, args) -> value` for one-result ops and `fn(op, args) -> None`
for ops without results. `args` are the runtime operand values: matrices are
2-D float64 `numpy.ndarray` or `scipy.sparse.csr_array`; f64 scalars are
`float`, i64 are `int`, i1 are `int` (0/1 or bool).

Register with the decorator, one kernel per op class (plugins do the same):

    @kernel(MyOp)
    def my_op(op: MyOp, args: tuple[Any, ...]) -> Any: ...
"""

from collections.abc import Callable
from typing import Any

from xdsl.ir import Operation

from amls.dialects.lazy import upstream_op

Kernel = Callable[[Any, tuple[Any, ...]], Any]

KERNELS: dict[type[Operation], Kernel] = {}


class KernelError(Exception):
    """A failure inside a kernel that the user caused (bad data, singular matrix...)."""


class StopError(KernelError):
    """The program stopped itself (DML's stop(), a frontend's run-time check): the message
    is the whole diagnostic, reported without the op that raised it."""


def kernel(*op_types: type[Operation] | str) -> Callable[[Kernel], Kernel]:
    """Register `fn` as the kernel of each op class in `op_types` (an upstream op may be
    named, "math.ExpOp": registered when its dialect is imported, amls.dialects.lazy).

    Outside amls (a plugin), an op amls already runs is an error: amls's kernels load
    when first needed and would replace the plugin's, and constant folding would still
    use amls's, so the two would disagree."""

    def register(fn: Kernel) -> Kernel:
        if not fn.__module__.startswith("amls."):
            builtin = load_builtin_kernels()
            for t in op_types:
                if not isinstance(t, str) and t in builtin:
                    raise ValueError(
                        f"op '{getattr(t, 'name', t)}' has amls's own kernel; a plugin "
                        f"cannot replace it ({fn.__module__})"
                    )
        for t in op_types:
            if isinstance(t, str):
                upstream_op(t, lambda cls: KERNELS.__setitem__(cls, fn))
            else:
                KERNELS[t] = fn
        return fn

    return register


DONATES = "donates"
"""A kernel with this attribute set takes a third argument, `donated`: the indices of the
operands no one else holds (their last use, no other reference: the engine checks), whose
buffers it may write its result into instead of allocating one. As hand-written NumPy
updates in place, a loop's temporaries then stop costing a fresh allocation (and, for
large ones, fresh page faults) each. Called without it (constant folding, plugins), it
must allocate as usual."""

TWIN_OF = "twin_of"
"""On a phys op's local twin kernel: the matrix op class whose kernel it runs."""

IEEE_BODY = "ieee_body"
"""The attribute under which a kernel wrapped in `ieee` keeps its unwrapped body."""


def ieee(fn: Kernel) -> Kernel:
    """`fn` with IEEE semantics: inf/nan results, no floating-point warnings.

    The wrapper keeps `fn` as its `ieee_body`: the engine runs each call under one
    np.errstate and calls the body directly (entering errstate costs ~1 us per op).
    """
    import numpy as np

    def run(op: Any, args: tuple[Any, ...], *donated: Any) -> Any:
        with np.errstate(all="ignore"):
            return fn(op, args, *donated)

    run.__name__, run.__doc__, run.__qualname__ = fn.__name__, fn.__doc__, fn.__qualname__
    setattr(run, IEEE_BODY, fn)
    if getattr(fn, DONATES, False):
        setattr(run, DONATES, True)
    return run


def load_builtin_kernels() -> dict[type[Operation], Kernel]:
    """Import the kernel modules of the matrix dialect and of scalars and return the registry
    (the interpreter adds the phys kernels: amls.interpreter.phys.local)."""
    from amls.interpreter.kernels import matrix, scalar  # noqa: F401  (register on import)

    return KERNELS

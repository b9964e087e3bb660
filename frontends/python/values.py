"""What a Python name holds while a function is translated, and the errors of the frontend.

A `Val` is a matrix (an SSA value of `!matrix.mat<?x?xf64>`, with the NumPy-side facts
the IR does not carry: 1-D or 2-D, a 1-D vector's orientation in the IR, whether NumPy
would hold it as scipy.sparse), a scalar (f64 / i64 / i1, SSA or a Python constant known
now), or a Python object used at translation time only (a module, a function, a tuple,
a random generator, None).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from amls.lowering.diagnostics import UserError


class JitError(UserError):
    """A user error of @amls.jit: one line `file:line:col: error: ...`."""

    def __init__(self, message: str, where: str | None = None):
        super().__init__(f"{where}: error: {message}" if where else f"error: {message}")
        self.where = where
        self.message = message

    @classmethod
    def of(cls, text: str) -> JitError:
        """A JitError carrying an already formatted message (a located UserError's)."""
        e = cls.__new__(cls)
        UserError.__init__(e, text)
        e.where, e.message = None, text
        return e


class _Ident:
    """Identity of an array object (which names alias it, for in-place updates)."""

    __slots__ = ("argument",)

    def __init__(self, argument: str | None = None):
        self.argument = argument


@dataclass
class Val:
    kind: str
    """mat, f64, i64, i1, or py (translation-time Python object in `const`)."""
    ssa: Any = None
    const: Any = None
    ndim: int = 2
    row: bool = False
    """A 1-D vector held as 1 x n (True) or n x 1 (False)."""
    sparse: bool = False
    """NumPy would hold it as scipy.sparse (results come back so)."""
    ident: _Ident = field(default_factory=_Ident)
    cols1: bool = False
    rows1: bool = False
    """A 2-D array known (from how it was made, not from its data) to have one column /
    one row: NumPy broadcasts (n, 1) against (1, m) to (n, m), matrix.outer here."""
    mask: bool = False
    """A boolean array (NumPy dtype bool, held as 0/1): a comparison's, a logical op's, a
    bool argument. `&`, `|`, `^` and `~` are bitwise in NumPy: on masks they are the
    logical ops; on other arrays they are not supported (floats: NumPy raises; ints: amls
    holds them as float64)."""

    @property
    def scalar(self) -> bool:
        return self.kind in ("f64", "i64", "i1")

    @property
    def is_mat(self) -> bool:
        return self.kind == "mat"

    def describe(self) -> str:
        if self.kind == "mat":
            return f"a {self.ndim}-D array"
        if self.scalar:
            return {"f64": "a float", "i64": "an int", "i1": "a bool"}[self.kind]
        return f"a Python {type(self.const).__name__}"


def py(obj: Any) -> Val:
    return Val("py", None, obj)


def const(value: Any) -> Val:
    """A Python number known at translation time."""
    if isinstance(value, bool):
        return Val("i1", None, value)
    if isinstance(value, int):
        return Val("i64", None, value)
    return Val("f64", None, float(value))


@dataclass
class Generator:
    """np.random.default_rng(seed): amls's matrix.rand draws it once (see numpy_ops)."""

    seed: int
    drawn_at: int | None = None
    loop_depth: int = 0

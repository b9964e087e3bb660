"""Size facts: the lattice that size inference, IPA and --explain share.

`MatFacts` holds, per matrix value, the exact facts (what a type can state:
rows, cols, nnz, each an int or None for unknown) and safe worst-case upper
bounds (rows_ub, cols_ub, nnz_ub; None = unbounded). `ScalarFacts` holds a
scalar's constant value when known. Estimates (average-case nnz) and memory
live beside them (estimators/, memory.py): they never decide a fact.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache

from xdsl.ir import Attribute

from amls.dialects.matrix import Dim, MatrixLikeType, MatrixType


def _mul(a: float | None, b: float | None) -> float | None:
    return None if a is None or b is None else a * b


def _min(a: float | None, b: float | None) -> float | None:
    """The smaller known bound (None = unbounded). Hot: called per fact built."""
    if a is None:
        return b
    if b is None:
        return a
    return a if a <= b else b


@lru_cache(maxsize=65536)
def _matrix_type(rows: Dim, cols: Dim, nnz: Dim) -> MatrixType:
    return MatrixType(
        rows, cols, nnz
    )  # types are immutable: building one (and verifying) once is enough


@dataclass(frozen=True)
class MatFacts:
    rows: Dim = None
    cols: Dim = None
    nnz: Dim = None
    rows_ub: float | None = None
    cols_ub: float | None = None
    nnz_ub: float | None = None
    finite: bool = False
    """Known to hold no NaN or Inf. Product rules need it: 0 * Inf is NaN, not 0."""

    @staticmethod
    def make(
        rows: Dim,
        cols: Dim,
        nnz: Dim = None,
        nnz_ub: float | None = None,
        rows_ub: float | None = None,
        cols_ub: float | None = None,
        finite: bool = False,
    ) -> MatFacts:
        """Normalise: exact facts imply their bounds; nnz <= cells always.

        A negative size (2 - 5 rows) is no fact: the op fails at run time if it
        runs at all, so it stays unknown rather than making an invalid type.
        """
        rows = None if rows is not None and rows < 0 else rows
        cols = None if cols is not None and cols < 0 else cols
        nnz = None if nnz is not None and nnz < 0 else nnz
        rows_ub = float(rows) if rows is not None else rows_ub
        cols_ub = float(cols) if cols is not None else cols_ub
        cells_ub = _mul(rows_ub, cols_ub)
        if nnz is not None:
            nnz_ub = float(nnz)
        nnz_ub = _min(nnz_ub, cells_ub)
        if nnz is None and nnz_ub == 0:
            nnz = 0
        if nnz is None and rows is not None and cols is not None and rows * cols == 0:
            nnz = 0
            nnz_ub = 0.0
        if rows == 0 or cols == 0:
            finite = True  # no cells: no Inf/NaN
        return MatFacts(rows, cols, nnz, rows_ub, cols_ub, nnz_ub, finite)

    @staticmethod
    def of_type(t: MatrixType) -> MatFacts:
        return _facts_of_matrix_type(t)

    @property
    def shape(self) -> tuple[Dim, Dim]:
        return (self.rows, self.cols)

    @property
    def cells(self) -> Dim:
        return None if self.rows is None or self.cols is None else self.rows * self.cols

    @property
    def cells_ub(self) -> float | None:
        return _mul(self.rows_ub, self.cols_ub)

    @property
    def dims_known(self) -> bool:
        return self.rows is not None and self.cols is not None

    @property
    def is_empty(self) -> bool:
        """Known to hold no non-zero."""
        return self.nnz == 0

    def to_type(self) -> MatrixType:
        return _matrix_type(self.rows, self.cols, self.nnz)

    def with_finite(self, finite: bool) -> MatFacts:
        return replace(self, finite=finite)

    def meet(self, other: MatFacts) -> MatFacts:
        """Both hold: combine facts (e.g. a rule's result with a declared type)."""
        if other is _NO_FACTS or other == self:
            return self  # (hot: a value's own facts met with its `?x?` type)
        return MatFacts.make(
            self.rows if self.rows is not None else other.rows,
            self.cols if self.cols is not None else other.cols,
            self.nnz if self.nnz is not None else other.nnz,
            _min(self.nnz_ub, other.nnz_ub),
            _min(self.rows_ub, other.rows_ub),
            _min(self.cols_ub, other.cols_ub),
            self.finite or other.finite,
        )

    def join(self, other: MatFacts) -> MatFacts:
        """Either may hold (branches, loop iterations): keep what both agree on."""

        def same(a: Dim, b: Dim) -> Dim:
            return a if a == b else None

        def most(a: float | None, b: float | None) -> float | None:
            return None if a is None or b is None else max(a, b)

        return MatFacts.make(
            same(self.rows, other.rows),
            same(self.cols, other.cols),
            same(self.nnz, other.nnz),
            most(self.nnz_ub, other.nnz_ub),
            most(self.rows_ub, other.rows_ub),
            most(self.cols_ub, other.cols_ub),
            self.finite and other.finite,
        )

    def widen(self, newer: MatFacts) -> MatFacts:
        """Loop widening: a bound that grew is dropped, so fixpoints are reached fast."""

        def keep(old: float | None, new: float | None) -> float | None:
            return new if old is not None and new is not None and new <= old else None

        joined = self.join(newer)
        rows_ub = keep(self.rows_ub, joined.rows_ub)
        cols_ub = keep(self.cols_ub, joined.cols_ub)
        nnz_ub = keep(self.nnz_ub, joined.nnz_ub)
        return MatFacts.make(
            joined.rows, joined.cols, joined.nnz, nnz_ub, rows_ub, cols_ub, joined.finite
        )


_NO_FACTS = MatFacts()


@lru_cache(maxsize=65536)
def _facts_of_matrix_type(t: MatrixType) -> MatFacts:
    f = MatFacts.make(t.rows, t.cols, t.nnz)
    return _NO_FACTS if f == _NO_FACTS else f  # facts are immutable: share them


@dataclass(frozen=True)
class ScalarFacts:
    value: int | float | None = None

    def join(self, other: ScalarFacts) -> ScalarFacts:
        return self if _same_value(self.value, other.value) else ScalarFacts(None)

    def widen(self, newer: ScalarFacts) -> ScalarFacts:
        return self.join(newer)

    def meet(self, other: ScalarFacts) -> ScalarFacts:
        return self if self.value is not None else other


def _same_value(a: int | float | None, b: int | float | None) -> bool:
    if a is None or b is None:
        return False
    return type(a) is type(b) and (a == b or (a != a and b != b))


Facts = MatFacts | ScalarFacts

UNKNOWN_SCALAR = ScalarFacts(None)


def facts_of_type(t: Attribute) -> Facts:
    return MatFacts.of_type(t) if isinstance(t, MatrixLikeType) else UNKNOWN_SCALAR

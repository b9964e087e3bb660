"""Property tests of the fused physical operators: lower-to-phys never changes a result.

For every row of FUSED_RULES (lowering/fusion.py) -- tsmm left/right, mmchain xtxv /
xtwxv / xtxvy, tmm, wtsmm, wsloss, tak+ (sum(X*Y*Z), sum(X*Y), colSums(X*Y),
rowSums(X*Y)), tak+ dot and axpy add/sub -- and for sum(X^2) -> `phys.reduce local
sumsq` (simplify-dynamic's sum-squared, then lowered), a case builds `@f` holding the
pattern, typed exactly from the drawn inputs, with the helpers of rewrite_cases.py. Per
drawn example:

- @f is run as written (matrix ops, no pass: the original results);
- a copy goes through `lower-to-phys{dist=false}` (sumsq: simplify-dynamic first); it
  verifies, prints and parses back, and holds the fused op (op, exec, kind/side/axis and
  operand count, as --stats names it) -- so the test fails when a rule stops firing;
- the lowered @f is run: same result shapes, same numbers -- NaN where the original has
  NaN, bit for bit where the fused kernel does the same arithmetic (axpy), else within
  rtol 1e-9 and an absolute floor of 1e-12 times the data's magnitude (cancellation).

Inputs: 1x1, row and column vectors, tall, wide, square and empty shapes (where the rule
admits them); dense, integer-valued, half-zero, all-zero, dense with NaN/Inf/-0.0, CSR at
~10% and ~50% density, and CSR storing NaN/Inf (sparse kernels must keep 0 * Inf = NaN too).

Forms a rule must decline (a former bug its matcher now guards) are cases with
`declines`: the fused op must not appear and the numbers must still agree.

    AMLS_REWRITE_EXAMPLES_SCALE=5 pytest tests/unit/test_fused_properties.py
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import scipy.sparse as sp
from hypothesis import assume, given, note
from hypothesis import strategies as st
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import PassPipeline

from amls.dialects import phys
from amls.interpreter.engine import run_function
from amls.interpreter.phys import local as pk
from amls.interpreter.phys.stats import op_label
from amls.lowering.fusion import FUSED_RULES
from amls.passes.sizes.memory import matrix_bytes
from amls.tools.common import all_passes, verify_located

sys.path.insert(0, str(Path(__file__).resolve().parent))
import rewrite_cases as rc  # noqa: E402
import test_rewrite_properties as rp  # noqa: E402

LOWER = "lower-to-phys{dist=false}"
SUMSQ = f"{rc.DYNAMIC},{LOWER}"

Drawn = tuple[rc.Instance, str]
"""An instance and the signature of the fused op it must lower to (see `signatures`)."""

# ---------------------------------------------------------------------------
# Inputs.

# rewrite_cases' kinds, plus half-zero CSR (its ~10% CSR is mostly empty at these sizes)
# and CSR that stores NaN/Inf: the sparse paths of the fused kernels (and the unfused ones
# they are compared with) must still give 0 * Inf = NaN. CSR and non-finite kinds are
# listed twice: the bugs live where they meet (a CSR operand against an Inf).
KINDS = (*rc.ALL_KINDS, "csr", "csr-special", "special", "csr", "csr-special")
NONFINITE = np.array([np.nan, np.inf, -np.inf])
HUGE = 1e160
"""Finite, but its square (or a product of two) overflows to Inf."""


def make_values(kind: str, seed: int, shape: rc.Shape) -> Any:
    """rewrite_cases' values; "special" and "csr-special" hold at least one NaN/Inf."""
    if kind not in ("special", "csr", "csr-special"):
        return rc.make_values(kind, seed, shape, nonempty=False)
    rng = np.random.default_rng(seed + 1)
    a = rc.make_values("zeros" if kind == "csr" else "special", seed, shape, nonempty=False)
    if kind == "csr-special":
        a[rng.random(shape) < 0.5] = 0.0
    if kind != "csr" and a.size and np.isfinite(a).all():
        a[rng.integers(shape[0]), rng.integers(shape[1])] = rng.choice(NONFINITE)
    if kind == "special":
        return a
    m = sp.csr_array(a)  # NaN != 0: stored
    m.eliminate_zeros()
    m.sort_indices()
    return m


@st.composite
def matrices(draw: rc.Draw, shape: rc.Shape, kinds: tuple[str, ...] = KINDS) -> Any:
    kind = draw(st.sampled_from(kinds))
    return make_values(kind, draw(st.integers(0, 2**20)), shape)


def _either(draw: rc.Draw, a: rc.V, b: rc.V) -> tuple[rc.V, rc.V]:
    """(a, b) or (b, a): matchers try both operand orders of a commutative op."""
    return draw(st.sampled_from([(a, b), (b, a)]))


# ---------------------------------------------------------------------------
# Cases.


@dataclass
class FusedCase:
    id: str
    rule: str  # FUSED_RULES name (or the rewrite rule, for sumsq)
    strategy: st.SearchStrategy[Drawn]
    spec: str = LOWER
    examples: int = 40
    declines: str | None = None
    """Why the rule must NOT fire on this form: the fused op must be absent."""


CASES: list[FusedCase] = []


def case(
    id_: str, rule: str, spec: str = LOWER, examples: int = 40, **kw: Any
) -> Callable[[Callable[..., Drawn]], Callable[..., Drawn]]:
    """Register a composite strategy fn(draw, **kw) -> (Instance, signature)."""

    def register(fn: Callable[..., Drawn]) -> Callable[..., Drawn]:
        CASES.append(FusedCase(id_, rule, st.composite(fn)(**kw), spec, examples))
        return fn

    return register


def _tsmm(draw: rc.Draw, side: str) -> Drawn:
    f = rc.F()
    x = f.arg(draw(matrices(draw(rc.shapes()))))
    out = f.mm(f.t(x), x) if side == "left" else f.mm(x, f.t(x))
    return rc.done(f, out, exact=False), f"phys.tsmm local {side}/1"


case("tsmm-left", "tsmm", side="left")(_tsmm)
case("tsmm-right", "tsmm", side="right")(_tsmm)


def _mmchain(draw: rc.Draw, kind: str) -> Drawn:
    f = rc.F()
    n, m = draw(rc.shapes())  # empty X: X%*%v or t(X)%*%q has no inner dim, still fused
    x = f.arg(draw(matrices((n, m))))
    v = f.arg(draw(matrices((m, 1))))
    xt, q = f.t(x), f.mm(x, v)
    if kind == "xtwxv":
        inner = f.bin("mul", *_either(draw, f.arg(draw(matrices((n, 1)))), q))
    elif kind == "xtxvy":
        inner = f.bin("sub", q, f.arg(draw(matrices((n, 1)))))
    else:
        inner = q
    arity = 2 if kind == "xtxv" else 3
    deg = 4 if kind == "xtwxv" else 3
    return rc.done(f, f.mm(xt, inner), exact=False, deg=deg), f"phys.mmchain local {kind}/{arity}"


for _kind in ("xtxv", "xtwxv", "xtxvy"):
    case(f"mmchain-{_kind}", "mmchain", kind=_kind)(_mmchain)


@case("tmm", "tmm")
def _tmm(draw: rc.Draw) -> Drawn:
    # No empty X: its 0 bytes are never more than Y's, so tmm declines (nothing to save).
    # Y with no columns (k = 0) is the empty case here.
    n, m = draw(rc.shapes(["1x1", "row", "col", "tall", "wide", "square"]))
    k = draw(st.integers(0, m - 1))
    xv, yv = draw(matrices((n, m))), draw(matrices((n, k)))
    # tmm's condition: Y takes fewer bytes than X (a very sparse X may not)
    assume(matrix_bytes(n, k, rc.nnz_of(yv))[0] < matrix_bytes(n, m, rc.nnz_of(xv))[0])
    f = rc.F()
    x, y = f.arg(xv), f.arg(yv)
    return rc.done(f, f.mm(f.t(x), y), exact=False), "phys.tmm local/2"


@case("wtsmm", "wtsmm")
def _wtsmm(draw: rc.Draw) -> Drawn:
    n, m = draw(rc.shapes())
    xv, wv = draw(matrices((n, m))), draw(matrices((n, 1)))
    # wtsmm's condition: X is not held as CSR (the type gives its non-zeros)
    assume(matrix_bytes(n, m, rc.nnz_of(xv))[1] == "dense")
    f = rc.F()
    x, w = f.arg(xv), f.arg(wv)
    inner = f.bin("mul", *_either(draw, w, x))
    return rc.done(f, f.mm(f.t(x), inner), exact=False, deg=3), "phys.wtsmm local/2"


@case("wtsmm-matrix-weights", "wtsmm")
def _wtsmm_declines(draw: rc.Draw) -> Drawn:
    # W a matrix, not a column: t(X) %*% (W * X) is not a weighted tsmm
    n, m = draw(rc.shapes(["tall", "wide", "square"]))
    f = rc.F()
    x, w = f.arg(draw(matrices((n, m)))), f.arg(draw(matrices((n, m))))
    return rc.done(f, f.mm(f.t(x), f.bin("mul", w, x)), exact=False, deg=3), "phys.wtsmm local/2"


CASES[-1].declines = "the weights are a matrix, not a column"


def _wsloss_f(draw: rc.Draw, w: Any, x: Any, u: Any, v: Any, deg: int = 5) -> Drawn:
    """sum(W * (X - U%*%t(V))^2), W on either side of the product."""
    f = rc.F()
    wa, xa, ua, va = (f.arg(a) for a in (w, x, u, v))
    r = f.bin("sub", xa, f.mm(ua, f.t(va)))
    r2 = f.bin("pow", r, f.fconst(2.0))
    out = f.reduce("sum", "all", f.bin("mul", *_either(draw, wa, r2)))
    return rc.done(f, out, exact=False, deg=deg), "phys.wsloss local/4"


@case("wsloss", "wsloss")
def _wsloss(draw: rc.Draw) -> Drawn:
    n, m = draw(rc.shapes())
    k = draw(st.integers(0, 3))  # k = 0: U%*%t(V) is all zeros
    return _wsloss_f(
        draw,
        draw(matrices((n, m))),
        draw(matrices((n, m))),
        draw(matrices((n, k))),
        draw(matrices((m, k))),
    )


@case("wsloss/overflow", "wsloss")
def _wsloss_overflow(draw: rc.Draw) -> Drawn:
    """Finite X, U, V whose residual squares to Inf where a CSR W is zero: 0 * Inf is NaN
    unfused, so the post-weighting shortcut (which skips W's zeros) must not run."""
    n, m = draw(rc.shapes(["1x1", "row", "col", "tall", "wide", "square"]))
    k = draw(st.integers(1, 3))
    seed = draw(st.integers(0, 2**20))
    rng = np.random.default_rng(seed)
    w = make_values("csr", seed, (n, m))
    x, u, v = (draw(matrices(s, ("dense", "int", "zeros"))) for s in ((n, m), (n, k), (m, k)))
    which = draw(st.sampled_from(["x", "uv"]))
    if which == "x":  # (X - UV)^2 overflows at a huge X cell
        x[rng.integers(n), rng.integers(m)] = HUGE * rng.choice([-1.0, 1.0])
    else:  # U%*%t(V) itself overflows: huge * huge
        j = rng.integers(k)
        u[rng.integers(n), j], v[rng.integers(m), j] = HUGE, -HUGE
    # deg 1: the results are non-finite or dominated by HUGE (HUGE**5 overflows)
    return _wsloss_f(draw, w, x, u, v, deg=1)


@st.composite
def _wsloss_broadcast(draw: rc.Draw) -> Drawn:
    """X - U%*%t(V) broadcasting (X, or U%*%t(V), a row, a column or 1x1 against the
    other): W has X's shape but not the operands' common one."""
    n, m = draw(st.integers(2, 4)), draw(st.integers(2, 4))
    k = draw(st.integers(1, 2))
    small = draw(st.sampled_from([(1, m), (n, 1), (1, 1)]))
    if draw(st.booleans()):  # X small, U%*%t(V) full
        xs, us, vs = small, (n, k), (m, k)
    else:  # X full, U%*%t(V) small (W then broadcasts against the residual)
        xs, us, vs = (n, m), (small[0], k), (small[1], k)
    return _wsloss_f(
        draw,
        draw(matrices(xs)),
        draw(matrices(xs)),
        draw(matrices(us)),
        draw(matrices(vs)),
    )


CASES.append(
    FusedCase(
        "wsloss/broadcast",
        "wsloss",
        _wsloss_broadcast(),
        examples=15,
        declines="wsloss needs X and U%*%t(V) of one shape: fused, a broadcasting X - "
        "U%*%t(V) gave a phys.wsloss its verifier rejects (and its kernel refuses)",
    )
)


@case("tak-xyz", "tak+")
def _tak_xyz(draw: rc.Draw) -> Drawn:
    f = rc.F()
    shape = draw(rc.shapes())
    x, y, z = (f.arg(draw(matrices(shape))) for _ in range(3))
    if draw(st.booleans()):
        out, arity = f.bin("mul", f.bin("mul", x, y), z), 3
    else:  # Z*(X*Y): the matcher looks for the inner product on the left only
        out, arity = f.bin("mul", z, f.bin("mul", x, y)), 2
    return rc.done(f, f.reduce("sum", "all", out), exact=False, deg=3), (
        f"phys.tak local all/{arity}"
    )


def _tak2(draw: rc.Draw, axis: str) -> Drawn:
    f = rc.F()
    shape = draw(rc.shapes())
    x = f.arg(draw(matrices(shape)))
    y = x if draw(st.integers(0, 4)) == 0 else f.arg(draw(matrices(shape)))  # X*X too
    out = f.reduce("sum", axis, f.bin("mul", x, y))
    return rc.done(f, out, exact=False), f"phys.tak local {axis}/2"


case("tak-xy", "tak+", axis="all")(_tak2)
case("tak-colsums", "tak+", axis="col")(_tak2)
case("tak-rowsums", "tak+", axis="row")(_tak2)


@case("tak-diag", "tak+")
def _tak_diag(draw: rc.Draw) -> Drawn:
    """rowSums(X * t(Y)), diag-of-mm's output for diag(X%*%Y): t(Y) is a transposed view
    the row-wise kernel reads strided."""
    f = rc.F()
    n, k = draw(st.integers(0, 6)), draw(st.integers(0, 6))
    x = f.arg(draw(matrices((n, k))))
    y = f.arg(draw(matrices((k, n))))
    out = f.reduce("sum", "row", f.bin("mul", x, f.t(y)))
    return rc.done(f, out, exact=False), "phys.tak local row/2"


@case("tak-dot", "tak+ dot")
def _tak_dot(draw: rc.Draw) -> Drawn:
    """to_scalar(t(x)%*%y), dot-product-sum's output; y may be x (its sum(x^2) form)."""
    f = rc.F()
    n = draw(st.integers(0, 6))
    x = f.arg(draw(matrices((n, 1))))
    y = x if draw(st.integers(0, 3)) == 0 else f.arg(draw(matrices((n, 1))))
    out = f.to_scalar(f.mm(f.t(x), y))
    return rc.done(f, out, exact=False), "phys.tak local all/2"


@case("tak/csr-vs-nonfinite", "tak+")
def _tak_csr_nonfinite(draw: rc.Draw) -> Drawn:
    """A CSR operand against a dense one holding NaN/Inf at the CSR's implicit zeros: tak's
    own sparse path must keep the product's 0 * Inf = NaN (the mixing is rare in the other
    cases' independent draws)."""
    form = draw(st.sampled_from(["all", "col", "row", "xyz", "dot"]))
    if form == "dot":
        shape = (draw(st.integers(1, 6)), 1)
    else:
        shape = draw(rc.shapes(["1x1", "row", "col", "tall", "wide", "square"]))
    seed = draw(st.integers(0, 2**20))
    s = make_values("csr", seed, shape)
    d = rc.make_values("dense", seed + 1, shape, nonempty=False)
    zeros = np.argwhere(s.toarray() == 0)
    if len(zeros):  # a 1x1 CSR may have no implicit zero: then only the numbers count
        rng = np.random.default_rng(seed)
        i, j = zeros[rng.integers(len(zeros))]
        d[i, j] = rng.choice(NONFINITE)
    f = rc.F()
    a, b = _either(draw, f.arg(s), f.arg(d))
    if form == "dot":
        return rc.done(f, f.to_scalar(f.mm(f.t(a), b)), exact=False), "phys.tak local all/2"
    p = f.bin("mul", a, b)
    if form == "xyz":
        p = f.bin("mul", p, f.arg(draw(matrices(shape))))
    arity = 3 if form == "xyz" else 2
    axis = form if form in ("col", "row") else "all"
    out = f.reduce("sum", axis, p)
    return rc.done(f, out, exact=False, deg=3), f"phys.tak local {axis}/{arity}"


def _axpy(draw: rc.Draw, sign: str) -> Drawn:
    f = rc.F()
    shape = draw(rc.shapes())
    x = f.arg(draw(matrices(shape)))
    y = x if draw(st.integers(0, 4)) == 0 else f.arg(draw(matrices(shape)))
    s = f.num(draw(rc.any_scalars))  # NaN, Inf and -0.0 included
    sy = f.bin("mul", *_either(draw, s, y))
    out = f.bin("add", *_either(draw, x, sy)) if sign == "add" else f.bin("sub", x, sy)
    # s*Y then X +/- that, as unfused: the same arithmetic, so bit for bit
    return rc.done(f, out, exact=True), f"phys.axpy local {sign}/3"


case("axpy-add", "axpy", sign="add")(_axpy)
case("axpy-sub", "axpy", sign="sub")(_axpy)


_SUM_SQUARED = next(c for c in rc.CASES if c.id == "sum-squared")


CASES.append(
    FusedCase(
        "sumsq",
        "sum-squared",
        _SUM_SQUARED.strategy.map(lambda inst: (inst, "phys.reduce local sumsq")),
        SUMSQ,
    )
)


# ---------------------------------------------------------------------------
# Lowering.

PIPELINES = {spec: PassPipeline.parse_spec(all_passes(), spec) for spec in (LOWER, SUMSQ)}


def signatures(module: ModuleOp) -> list[str]:
    """`phys.tak local all/3`: each phys op as --stats names it, and its operand count."""
    return [
        f"{op_label(op)}/{len(op.operands)}" for op in module.walk() if isinstance(op, phys.PhysOp)
    ]


@functools.lru_cache(maxsize=1024)
def lowered(text: str, spec: str) -> tuple[ModuleOp, ModuleOp, tuple[str, ...], str]:
    """(original, lowered, phys op signatures, lowered text) of an @f."""
    original = rp.parse(text)
    low = rp.parse(text)
    PIPELINES[spec].apply(rp.CTX, low)
    verify_located(low)
    printed = str(low)
    rp.parse(printed)  # the physical plan prints and parses back
    return original, low, tuple(signatures(low)), printed


# ---------------------------------------------------------------------------
# Tests.


@pytest.mark.parametrize("case", [pytest.param(c, id=c.id) for c in CASES])
def test_fused_rule_preserves_results(case: FusedCase) -> None:
    @rp._settings(case.examples)
    @given(case.strategy)
    def check(drawn: Drawn) -> None:
        inst, expect = drawn
        note(inst.text)
        for i, a in enumerate(inst.args):
            note(f"%a{i} = {rp._show(a)}")
        original_m, lowered_m, sigs, printed = lowered(inst.text, case.spec)
        note(f"after {case.spec}:\n{printed}")
        if case.declines is not None:
            fused = expect.split("/")[0]
            assert not any(s.startswith(fused) for s in sigs), (
                f"{fused} fused where it must not: {case.declines}"
            )
        else:
            assert any(s.startswith(expect) for s in sigs), f"no {expect} in {list(sigs)}"
        with np.errstate(all="ignore"):
            original = run_function(original_m, "f", inst.args)
            rewritten = run_function(lowered_m, "f", inst.args)
        note(f"original: {[rp._show(v) for v in original]}")
        note(f"lowered: {[rp._show(v) for v in rewritten]}")
        rp.assert_same_results(original, rewritten, inst)

    check()


def test_every_fused_rule_has_a_case() -> None:
    rules = {r.name for r in FUSED_RULES}
    covered = {c.rule for c in CASES}
    missing = rules - covered
    assert not missing, f"fused rules without a property case: {sorted(missing)}"
    assert covered - rules == {"sum-squared"}, sorted(covered - rules)


def _run_blocked(case: FusedCase, monkeypatch: pytest.MonkeyPatch, kernel: str) -> None:
    """Run `case` with the row-blocked kernel `pk.<kernel>` forced on small X (2-row
    blocks and a ragged last one); it must have run and returned a result."""
    monkeypatch.setattr(pk, "MMCHAIN_MIN_BYTES", 0)
    monkeypatch.setattr(pk, "MMCHAIN_BLOCK_BYTES", 1)
    monkeypatch.setattr(pk, "MMCHAIN_THREADED_BLOCK_BYTES", 1)
    monkeypatch.setattr(pk, "MMCHAIN_MIN_ROWS", 2)
    used: list[bool] = []
    blocked = getattr(pk, kernel)

    def spy(*a: Any) -> Any:
        out = blocked(*a)
        used.append(out is not None)
        return out

    monkeypatch.setattr(pk, kernel, spy)
    test_fused_rule_preserves_results(case)
    assert any(used), "the blocked path never ran"


@pytest.mark.parametrize("case", [pytest.param(c, id=c.id) for c in CASES if c.rule == "mmchain"])
def test_mmchain_row_blocked_path(case: FusedCase, monkeypatch: pytest.MonkeyPatch) -> None:
    """The one-pass kernel (row blocks of X, for X over 8 MB) on the same cases."""
    _run_blocked(case, monkeypatch, "_mmchain_blocked")


@pytest.mark.parametrize("threads", [1, 2, 3])
@pytest.mark.parametrize("case", [pytest.param(c, id=c.id) for c in CASES if c.id == "wtsmm"])
def test_wtsmm_row_blocked_path(
    case: FusedCase, threads: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The row-blocked weighted tsmm (dense X over 8 MB) on the same cases, its row range
    split across as many threads as BLAS would use."""
    from amls.interpreter.phys import blas_threads as bt

    monkeypatch.setattr(bt, "blas_threads", lambda: threads)
    _run_blocked(case, monkeypatch, "_wtsmm_blocked")


@pytest.mark.parametrize("threads", [2, 3])
@pytest.mark.parametrize("case", [pytest.param(c, id=c.id) for c in CASES if c.rule == "mmchain"])
def test_mmchain_threaded_row_blocks(
    case: FusedCase, threads: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The one-pass kernel as it runs under more than one BLAS thread (its own block
    size, threaded BLAS on each block): same numbers as the unfused ops."""
    from amls.interpreter.phys import blas_threads as bt

    monkeypatch.setattr(bt, "blas_threads", lambda: threads)
    test_mmchain_row_blocked_path(case, monkeypatch)


def test_mmchain_block_size_follows_the_blas_threads(monkeypatch: pytest.MonkeyPatch) -> None:
    """One BLAS thread: row blocks of one L2 (X_b is re-read from it); more: blocks of
    MMCHAIN_THREADED_BLOCK_BYTES, which BLAS threads. A wide X takes the blocked path
    at any thread count, with the unfused ops' numbers."""
    from amls.interpreter.phys import blas_threads as bt

    monkeypatch.setattr(pk, "MMCHAIN_BLOCK_BYTES", 8 * 5 * 4)
    monkeypatch.setattr(pk, "MMCHAIN_THREADED_BLOCK_BYTES", 8 * 5 * 16)
    monkeypatch.setattr(pk, "MMCHAIN_MIN_ROWS", 1)
    assert pk._mmchain_rows(5, 1) == 4
    assert pk._mmchain_rows(5, 2) == pk._mmchain_rows(5, 4) == 16
    monkeypatch.setattr(pk, "MMCHAIN_MIN_BYTES", 0)
    rng = np.random.default_rng(3)
    x = rng.uniform(-1.0, 1.0, (40, 600))
    v = rng.uniform(-1.0, 1.0, (600, 1))
    for threads in (1, 2):
        monkeypatch.setattr(bt, "blas_threads", lambda t=threads: t)
        got = pk._mmchain_blocked(x, v, "xtxv", None)
        assert got is not None
        np.testing.assert_allclose(got, x.T @ (x @ v), rtol=1e-12)


@pytest.mark.parametrize(
    ("n", "parts", "align"), [(0, 2, 4), (1, 2, 4), (7, 2, 2), (10, 3, 4), (100, 2, 64), (5, 8, 1)]
)
def test_split_rows_covers_in_aligned_parts(n: int, parts: int, align: int) -> None:
    from amls.interpreter.phys.blas_threads import split_rows

    ranges = split_rows(n, parts, align)
    assert len(ranges) <= parts
    covered = [i for lo, hi in ranges for i in range(lo, hi)]
    assert covered == list(range(n))
    assert all(lo % align == 0 for lo, _ in ranges)


def test_run_parallel_keeps_order_and_limits_blas() -> None:
    from amls.interpreter.phys.blas_threads import blas_threads, run_parallel

    seen: list[int] = []

    def part(lo: int, hi: int) -> tuple[int, int]:
        seen.append(blas_threads())
        return lo, hi

    assert run_parallel(part, [(0, 3), (3, 5), (5, 9)]) == [(0, 3), (3, 5), (5, 9)]
    assert seen == [1, 1, 1]  # each part runs single-threaded BLAS


@pytest.mark.parametrize("limit", [1, 2])
def test_blas_threads_agrees_with_threadpoolctl(
    limit: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The direct OpenBLAS query sees what threadpoolctl set (as the bench and
    single_threaded_blas set it), and the fallback without OpenBLAS sees it too."""
    import threadpoolctl

    from amls.interpreter.phys import blas_threads as bt

    with threadpoolctl.threadpool_limits(limits=limit, user_api="blas"):
        pools = [p for p in threadpoolctl.threadpool_info() if p["user_api"] == "blas"]
        expected = min(p["num_threads"] for p in pools)
        assert bt.blas_threads() == expected
        if any(p["internal_api"] == "openblas" for p in pools):
            assert bt._openblas_getters()  # the cheap path is the one taken here
        monkeypatch.setattr(bt, "_openblas_getters", lambda: ())
        assert bt.blas_threads() == expected


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("case", [pytest.param(c, id=c.id) for c in CASES if c.id == "tmm"])
def test_tmm_thread_aware_forms(
    case: FusedCase, threads: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Dense tmm over a large X picks its form by the BLAS thread count (t(Y) %*% X
    transposed at one thread, X's transposed view at more): both keep the numbers."""
    from amls.interpreter.phys import blas_threads as bt

    monkeypatch.setattr(pk, "MMCHAIN_MIN_BYTES", 0)
    monkeypatch.setattr(bt, "blas_threads", lambda: threads)
    test_fused_rule_preserves_results(case)

"""Property tests of the rewrite rules: a rewrite never changes a program's results.

For every rule of simplify-static and simplify-dynamic, and for mmchain,
product chains and constant folding, tests/unit/rewrite_cases.py gives a small
`@f` holding the rule's pattern and a strategy of admissible inputs. Per drawn
example:

- @f is run on the inputs (the original results);
- the rule's pass alone is applied, the IR verifies (and prints and re-parses),
  and the rewrite trace shows the rule fired -- so no example passes vacuously;
- @f is run again: same result shapes, and the same numbers -- bit for bit
  (NaN-aware) where the rule changes no arithmetic, else within rtol 1e-9
  (atol 1e-12 times the magnitude of the data).

A second test applies each pass twice to its rule's template: the second run
must fire nothing and leave the IR unchanged (a rule's output is a fixpoint).

Forms a rule must decline (former bugs its condition now guards) are cases of their
own (`declines`): the rule must not fire there and the numbers must still agree.

    AMLS_REWRITE_EXAMPLES_SCALE=5 pytest tests/unit/test_rewrite_properties.py
"""

from __future__ import annotations

import functools
import math
import os
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import scipy.sparse as sp
from hypothesis import HealthCheck, assume, given, note, settings
from xdsl.dialects import arith, func
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import PassPipeline

from amls.dialects import matrix as mx
from amls.interpreter.engine import find_entry, run_function
from amls.passes.rewrite.rules_dynamic import DYNAMIC_RULES
from amls.passes.rewrite.rules_static import STATIC_RULES
from amls.passes.rewrite.trace import RewriteTrace, merged
from amls.tools.common import all_passes, make_context, parse_module, verify_located

sys.path.insert(0, str(Path(__file__).resolve().parent))
import rewrite_cases as rc  # noqa: E402

SCALE = float(os.environ.get("AMLS_REWRITE_EXAMPLES_SCALE", "1"))
RTOL = 1e-9
ATOL = 1e-12  # times the magnitude of the data

MAX_REWRITES = 200
"""More rewrites than this on a template means the pass does not terminate."""

CTX = make_context()
PIPELINES = {
    name: PassPipeline.parse_spec(all_passes(), spec)
    for name, spec in (
        (rc.STATIC, f"{rc.STATIC}{{max-rewrites={MAX_REWRITES}}}"),
        (rc.DYNAMIC, f"{rc.DYNAMIC}{{max-rewrites={MAX_REWRITES}}}"),
        (rc.MMCHAIN, rc.MMCHAIN),
        (rc.FOLD, rc.FOLD),
    )
}


def _settings(examples: int) -> settings:
    return settings(
        max_examples=max(1, int(examples * SCALE)),
        deadline=None,
        derandomize=True,  # the same examples on every run: a green suite stays green
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )


def _params(cases: list[rc.Case]) -> list[Any]:
    return [pytest.param(c, id=c.id) for c in cases]


# ---------------------------------------------------------------------------
# Compiling and running.


def parse(text: str) -> ModuleOp:
    module = parse_module(CTX, text, "case.mlir")
    verify_located(module)
    return module


def _bounded_record(self: RewriteTrace, rule: str, op: Any) -> None:
    """RewriteTrace.record raising instead of looping forever (mmchain's walker has no
    bound)."""
    self.fired.append((rule, ""))
    if len(self.fired) > MAX_REWRITES:
        self.bound_hit = True
        raise RuntimeError(f"{rule} fired over {MAX_REWRITES} times: no fixpoint")


def apply_pass(module: ModuleOp, pass_: str) -> list[str]:
    """Apply one pass; the names of the rules that fired, in order."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(RewriteTrace, "record", _bounded_record)
        PIPELINES[pass_].apply(CTX, module)
    trace = merged(PIPELINES[pass_].passes)
    assert not trace.bound_hit, f"{pass_} hit its bound of {MAX_REWRITES} rewrites: no fixpoint"
    return [name for name, _ in trace.fired]


def _from_constant(v: Any) -> bool:
    op = v.owner
    while isinstance(op, mx.CastOp):
        op = op.input.owner
    return isinstance(op, arith.ConstantOp | mx.ConstantOp)


def folded(module: ModuleOp) -> list[str]:
    """constant-fold keeps no trace: it fired if every result of @f is now a constant."""
    ret = find_entry(module, "f").body.block.last_op
    assert isinstance(ret, func.ReturnOp)
    return ["constant-fold"] if all(_from_constant(v) for v in ret.operands) else []


@functools.lru_cache(maxsize=1024)
def compiled(text: str, pass_: str) -> tuple[ModuleOp, ModuleOp, tuple[str, ...], str]:
    """(original, rewritten, rules fired, rewritten text) for an @f and a pass."""
    original = parse(text)
    rewritten = parse(text)
    fired = apply_pass(rewritten, pass_)
    if pass_ == rc.FOLD:
        fired = folded(rewritten)
    verify_located(rewritten)
    printed = str(rewritten)
    parse(printed)  # the rewritten IR prints and parses back
    return original, rewritten, tuple(fired), printed


def _finite_max(values: list[Any]) -> float:
    m = 0.0
    for v in values:
        if isinstance(v, float | int):
            arr = np.array([float(v)])
        else:
            arr = rc.dense(v)
        arr = arr[np.isfinite(arr)]
        if arr.size:
            m = max(m, float(np.abs(arr).max()))
    return m


def _all_finite(v: Any) -> bool:
    return bool(np.isfinite(np.asarray([v]) if isinstance(v, float | int) else rc.dense(v)).all())


def assert_same_results(
    original: tuple[Any, ...], rewritten: tuple[Any, ...], inst: rc.Instance
) -> None:
    assert len(original) == len(rewritten)
    scale = max(1.0, _finite_max(list(original)), _finite_max(inst.args) ** inst.deg)
    for i, (want, got) in enumerate(zip(original, rewritten, strict=True)):
        what = f"result {i}"
        if isinstance(want, int) and not isinstance(want, bool):
            assert isinstance(got, int) and got == want, f"{what}: {got!r} != {want!r}"
            continue
        if isinstance(want, float):
            assert isinstance(got, float), f"{what}: {got!r} is not an f64"
            want_a, got_a = np.array([want]), np.array([got])
        else:
            assert got.shape == want.shape, f"{what}: shape {got.shape} != {want.shape}"
            want_a, got_a = rc.dense(want), rc.dense(got)
        if inst.exact:
            np.testing.assert_array_equal(got_a, want_a, err_msg=f"{what} (exact)")
        else:
            np.testing.assert_allclose(
                got_a, want_a, rtol=RTOL, atol=ATOL * scale, equal_nan=True, err_msg=what
            )


def _show(value: Any) -> str:
    if sp.issparse(value):
        return f"csr{value.shape} nnz={value.nnz}\n{value.toarray()!r}"
    return repr(value)


# ---------------------------------------------------------------------------
# Tests.


@pytest.mark.parametrize("case", _params(rc.CASES))
def test_rule_preserves_results(case: rc.Case) -> None:
    @_settings(case.examples)
    @given(case.strategy)
    def check(inst: rc.Instance) -> None:
        note(inst.text)
        for i, a in enumerate(inst.args):
            note(f"%a{i} = {_show(a)}")
        original_m, rewritten_m, fired, printed = compiled(inst.text, case.pass_)
        note(f"after {case.pass_} (fired {list(fired)}):\n{printed}")
        with np.errstate(all="ignore"):
            original = run_function(original_m, "f", inst.args)
            rewritten = run_function(rewritten_m, "f", inst.args)
        if case.may_decline:  # a cost model's choice: only the examples where it fired count
            assume(case.rule in fired)
        if case.declines is not None:
            assert case.rule not in fired, f"{case.rule} fired where it must not: {case.declines}"
        elif case.pass_ == rc.FOLD and not all(_all_finite(v) for v in original):
            assert not fired, "constant-fold folded a non-finite value"
        else:
            assert case.rule in fired, f"{case.rule} did not fire (fired: {list(fired)})"
        note(f"original: {[_show(v) for v in original]}")
        note(f"rewritten: {[_show(v) for v in rewritten]}")
        assert_same_results(original, rewritten, inst)

    check()


@pytest.mark.parametrize("case", _params(rc.CASES))
def test_rule_output_is_a_fixpoint(case: rc.Case) -> None:
    """A second run of the pass on its own output fires nothing and changes nothing."""

    @_settings(max(3, case.examples // 5))
    @given(case.strategy)
    def check(inst: rc.Instance) -> None:
        module = parse(inst.text)
        first = apply_pass(module, case.pass_)
        once = str(module)
        note(f"after one {case.pass_} (fired {first}):\n{once}")
        second = apply_pass(module, case.pass_)
        assert second == [], f"the second {case.pass_} fired {second}"
        assert str(module) == once, f"the second {case.pass_} changed the IR:\n{module}"

    check()


def test_every_rule_has_a_case() -> None:
    static, dynamic = {r.name for r in STATIC_RULES}, {r.name for r in DYNAMIC_RULES}
    covered = {c.rule for c in rc.CASES}
    missing = (static | dynamic) - covered
    assert not missing, f"rules without a property case: {sorted(missing)}"
    extra = covered - static - dynamic - {"mmchain", "product-chain", "constant-fold"}
    assert not extra, f"cases of unknown rules: {sorted(extra)}"
    for c in rc.CASES:
        if c.rule in static | dynamic:
            assert c.pass_ == (rc.STATIC if c.rule in static else rc.DYNAMIC), c.id


def test_float_literals_read_back() -> None:
    for x in (0.1, -2.5e-300, 1e300, 3.0, -0.0, 7.123456789012345):
        assert float(rc.flit(x)) == x and math.copysign(1, float(rc.flit(x))) == math.copysign(1, x)

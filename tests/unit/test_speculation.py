"""passes/speculation.py: which ops can fail at run time (what licm may move out of a
loop that might not run).

Each case is a function whose op `%r` is classified; the table states the expected
answer. For every op classified as unable to fail, the function then runs at -O0 on
random arguments of random sizes wherever a type says `?` (and random i64 values): the
op must never raise, whatever values its operands' types allow.
"""

from __future__ import annotations

import random

import numpy as np
import pytest
import scipy.sparse as sp
from xdsl.dialects import func
from xdsl.dialects.builtin import Float64Type, IntegerType
from xdsl.ir import Operation

from amls.dialects.matrix import MatrixType
from amls.interpreter.engine import OpFailure, run_function
from amls.passes.speculation import can_fail
from amls.tools.common import make_context, parse_module

M = "!matrix.mat<?x?xf64>"
V = "!matrix.mat<?x1xf64>"

# (name, arguments, body ending in %r, can fail)
CASES: list[tuple[str, str, str, bool]] = [
    ("matmul_square_unknown", f"%X: {M}", f"%r = matrix.matmul %X, %X : {M}", True),
    ("matmul_tX_X", f"%X: {M}",
     f"%t = matrix.transpose %X : {M}\n%r = matrix.matmul %t, %X : {M}", False),
    ("matmul_X_tX", f"%X: {M}",
     f"%t = matrix.transpose %X : {M}\n%r = matrix.matmul %X, %t : {M}", False),
    ("matmul_known", "%A: !matrix.mat<3x4xf64>, %B: !matrix.mat<4x2xf64>",
     "%r = matrix.matmul %A, %B : (!matrix.mat<3x4xf64>, !matrix.mat<4x2xf64>)"
     " -> !matrix.mat<3x2xf64>",
     False),
    ("matmul_through_product", f"%X: {M}, %v: {V}",
     f"%t = matrix.transpose %X : {M}\n%g = matrix.matmul %t, %X : {M}\n"
     f"%r = matrix.matmul %g, %t : {M}", False),
    ("add_unknown", f"%X: {M}, %Y: {M}", f"%r = matrix.add %X, %Y : {M}", True),
    ("add_scalar", f"%X: {M}, %s: f64", f"%r = matrix.add %X, %s : ({M}, f64) -> {M}", False),
    ("sub_same_shape", f"%X: {M}",
     f"%e = matrix.exp %X : {M}\n%r = matrix.sub %e, %X : {M}", False),
    ("mul_row_vector", "%X: !matrix.mat<?x4xf64>, %w: !matrix.mat<1x4xf64>",
     "%r = matrix.mul %X, %w : (!matrix.mat<?x4xf64>, !matrix.mat<1x4xf64>)"
     " -> !matrix.mat<?x4xf64>",
     False),
    ("mul_col_unknown", f"%X: {M}, %v: {V}", f"%r = matrix.mul %X, %v : ({M}, {V}) -> {M}", True),
    ("to_scalar_unknown", f"%X: {M}", f"%r = matrix.to_scalar %X : ({M}) -> f64", True),
    ("to_scalar_1x1", "%E: !matrix.mat<1x1xf64>",
     "%r = matrix.to_scalar %E : (!matrix.mat<1x1xf64>) -> f64", False),
    ("solve", "%A: !matrix.mat<3x3xf64>, %b: !matrix.mat<3x1xf64>",
     "%r = matrix.solve %A, %b : (!matrix.mat<3x3xf64>, !matrix.mat<3x1xf64>)"
     " -> !matrix.mat<3x1xf64>",
     True),
    ("inv", "%A: !matrix.mat<3x3xf64>", "%r = matrix.inv %A : !matrix.mat<3x3xf64>", True),
    ("slice_whole", f"%X: {M}",
     "%c0 = arith.constant 0 : i64\n"
     f"%n = matrix.nrow %X : ({M}) -> i64\n%m = matrix.ncol %X : ({M}) -> i64\n"
     f"%r = matrix.slice %X, %c0, %n, %c0, %m : ({M}, i64, i64, i64, i64) -> {M}", False),
    ("slice_known", "%X: !matrix.mat<3x3xf64>",
     "%c0 = arith.constant 0 : i64\n%c2 = arith.constant 2 : i64\n"
     "%r = matrix.slice %X, %c0, %c2, %c0, %c2 : (!matrix.mat<3x3xf64>, i64, i64, i64, i64)"
     " -> !matrix.mat<2x2xf64>", False),
    ("slice_unknown", f"%X: {M}",
     "%c0 = arith.constant 0 : i64\n%c2 = arith.constant 2 : i64\n"
     f"%r = matrix.slice %X, %c0, %c2, %c0, %c2 : ({M}, i64, i64, i64, i64) -> {M}", True),
    ("update_whole", f"%X: {M}",
     "%c0 = arith.constant 0 : i64\n%e = matrix.exp %X : " + M + "\n"
     f"%r = matrix.update %X, %e, %c0, %c0 : ({M}, {M}, i64, i64) -> {M}", False),
    ("update_unknown", f"%X: {M}, %Y: {M}",
     "%c0 = arith.constant 0 : i64\n"
     f"%r = matrix.update %X, %Y, %c0, %c0 : ({M}, {M}, i64, i64) -> {M}", True),
    ("fill_nrow", f"%X: {M}, %s: f64",
     "%c1 = arith.constant 1 : i64\n"
     f"%n = matrix.nrow %X : ({M}) -> i64\n"
     f"%r = matrix.fill %s, %n, %c1 : (f64, i64, i64) -> {V}", False),
    ("fill_huge", "%s: f64",
     "%c = arith.constant 2000000 : i64\n"
     "%r = matrix.fill %s, %c, %c : (f64, i64, i64) -> !matrix.mat<2000000x2000000xf64>",
     True),  # 29 TiB: MemoryError
    ("fill_known_small", "%s: f64",
     "%c = arith.constant 3 : i64\n"
     "%r = matrix.fill %s, %c, %c : (f64, i64, i64) -> !matrix.mat<3x3xf64>", False),
    ("cast_unknown_dims", f"%X: {M}",
     f"%r = matrix.cast %X : ({M}) -> !matrix.mat<?x4xf64>", True),
    ("cast_known_dims", "%X: !matrix.mat<?x4xf64>",
     "%r = matrix.cast %X : (!matrix.mat<?x4xf64>) -> !matrix.mat<?x4xf64, nnz=?>", False),
    ("cast_to_unknown", "%X: !matrix.mat<3x4xf64>",
     f"%r = matrix.cast %X : (!matrix.mat<3x4xf64>) -> {M}", False),
    ("fill_arg", "%k: i64, %s: f64",
     "%c1 = arith.constant 1 : i64\n"
     f"%r = matrix.fill %s, %k, %c1 : (f64, i64, i64) -> {V}", True),
    ("rand_seeded_const", "",
     "%c3 = arith.constant 3 : i64\n"
     "%r = matrix.rand %c3, %c3 {seed = 1} : (i64, i64) -> !matrix.mat<3x3xf64>", False),
    ("reshape_known", "%A: !matrix.mat<2x6xf64>",
     "%c3 = arith.constant 3 : i64\n%c4 = arith.constant 4 : i64\n"
     "%r = matrix.reshape %A, %c3, %c4 : (!matrix.mat<2x6xf64>, i64, i64) -> !matrix.mat<3x4xf64>",
     False),
    ("reshape_unknown", f"%X: {M}",
     "%c3 = arith.constant 3 : i64\n%c4 = arith.constant 4 : i64\n"
     f"%r = matrix.reshape %X, %c3, %c4 : ({M}, i64, i64) -> !matrix.mat<3x4xf64>", True),
    ("diag_unknown", f"%X: {M}", f"%r = matrix.diag %X : {M}", True),
    ("diag_gram", f"%X: {M}",
     f"%t = matrix.transpose %X : {M}\n%g = matrix.matmul %t, %X : {M}\n"
     f"%r = matrix.diag %g : ({M}) -> {V}", False),
    ("diag_vector", f"%v: {V}", f"%r = matrix.diag %v : ({V}) -> {M}", False),
    ("trace_unknown", f"%X: {M}", f"%r = matrix.trace %X : ({M}) -> f64", True),
    ("trace_gram", f"%X: {M}",
     f"%t = matrix.transpose %X : {M}\n%g = matrix.matmul %X, %t : {M}\n"
     f"%r = matrix.trace %g : ({M}) -> f64", False),
    ("argmax_unknown", f"%X: {M}", f"%r = matrix.reduce argmax row %X : ({M}) -> {V}", True),
    ("argmax_known", "%X: !matrix.mat<?x4xf64>",
     f"%r = matrix.reduce argmax row %X : (!matrix.mat<?x4xf64>) -> {V}", False),
    ("sum_row", f"%X: {M}", f"%r = matrix.reduce sum row %X : ({M}) -> {V}", False),
    ("cbind_same_rows", f"%X: {M}",
     f"%e = matrix.exp %X : {M}\n%r = matrix.cbind %X, %e : ({M}, {M}) -> {M}", False),
    ("cbind_unknown", f"%X: {M}, %Y: {M}", f"%r = matrix.cbind %X, %Y : ({M}, {M}) -> {M}", True),
    ("seq_const", "",
     "%a = arith.constant 1.0 : f64\n%b = arith.constant 10.0 : f64\n"
     f"%r = matrix.seq %a, %b, %a : (f64, f64, f64) -> {V}", False),
    ("seq_arg", "%s: f64",
     "%a = arith.constant 1.0 : f64\n"
     f"%r = matrix.seq %a, %s, %a : (f64, f64, f64) -> {V}", True),
    ("divsi_by_const", "%k: i64", "%c2 = arith.constant 2 : i64\n%r = arith.divsi %k, %c2 : i64",
     False),
    ("divsi_by_arg", "%k: i64", "%c2 = arith.constant 2 : i64\n%r = arith.divsi %c2, %k : i64",
     True),
    ("remsi_by_zero", "%k: i64", "%c0 = arith.constant 0 : i64\n%r = arith.remsi %k, %c0 : i64",
     True),
    ("divf", "%x: f64, %y: f64", "%r = arith.divf %x, %y : f64", False),
    ("fptosi", "%x: f64", "%r = arith.fptosi %x : f64 to i64", True),
    ("fptosi_const", "", "%x = arith.constant -2.5e18 : f64\n%r = arith.fptosi %x : f64 to i64",
     False),
    ("fptosi_const_out_of_range", "",
     "%x = arith.constant 9.3e18 : f64\n%r = arith.fptosi %x : f64 to i64", True),
    ("muli_wraps", "%k: i64", "%r = arith.muli %k, %k : i64", False),
    ("muli_nsw", "%k: i64", "%r = arith.muli %k, %k overflow<nsw> : i64", True),
    ("addi_nsw_consts", "", "%a = arith.constant 4611686018427387903 : i64\n"
     "%r = arith.addi %a, %a overflow<nsw> : i64", False),
    ("addi_nsw_consts_overflow", "", "%a = arith.constant 4611686018427387904 : i64\n"
     "%r = arith.addi %a, %a overflow<nsw> : i64", True),
    ("subi_nsw_nrow", f"%X: {M}", f"%n = matrix.nrow %X : ({M}) -> i64\n"
     "%r = arith.subi %n, %n overflow<nsw> : i64", True),
    ("log", "%x: f64", "%r = math.log %x : f64", False),
    ("transpose", f"%X: {M}", f"%r = matrix.transpose %X : {M}", False),
]  # fmt: skip


def _module(args: str, body: str) -> tuple[object, Operation]:
    text = f"func.func @f({args}) {{\n{body}\nfunc.return\n}}"
    module = parse_module(make_context(), text, "case.mlir")
    (r,) = [op for op in module.walk() if op.results and op.results[0].name_hint == "r"]
    return module, r


def _value(t: object, rng: random.Random) -> object:
    if isinstance(t, MatrixType):
        r, c = (d if d is not None else rng.randint(0, 4) for d in t.shape)
        a = np.random.default_rng(rng.randint(0, 2**32)).standard_normal((r, c))
        return sp.csr_array(a) if rng.random() < 0.3 else a
    if isinstance(t, Float64Type):
        return rng.choice([0.0, -1.5, 2.0, float("inf"), float("nan")])
    assert isinstance(t, IntegerType)
    return rng.randint(-3, 5)


@pytest.mark.parametrize(
    ("args", "body", "expected"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_can_fail(args: str, body: str, expected: bool) -> None:
    module, op = _module(args, body)
    assert can_fail(op) is expected
    if expected:
        return
    fn = next(o for o in module.walk() if isinstance(o, func.FuncOp))
    rng = random.Random(0)
    ran = 0
    for _ in range(40):
        values = [_value(a.type, rng) for a in fn.body.block.args]
        try:
            with np.errstate(all="ignore"):
                run_function(module, "f", values)  # type: ignore[arg-type]
            ran += 1
        except OpFailure as e:
            if e.op is op:
                raise AssertionError(f"classified as unable to fail, but: {e}") from e
    assert ran >= 20, "the ops before %r failed too often to test it"

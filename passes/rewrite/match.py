"""Matching a pattern against the IR: every way it matches, as bindings."""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence

from xdsl.dialects.builtin import StringAttr, f64
from xdsl.ir import Operation, SSAValue

from amls.dialects import matrix as mx
from amls.dialects.traits import constant_value, is_commutative
from amls.passes.rewrite.conditions import Bindings
from amls.passes.rewrite.pattern import Lit, Op, Pat, PropVar, Rest, Var


def matches(p: Pat, v: SSAValue, b: Bindings) -> Iterator[Bindings]:
    """Every way pattern p matches value v, each an extension of bindings b.

    Commutative ops are tried in both operand orders, so a condition that tells
    the operands apart (colSums(X * v) with v the vector) sees both bindings.
    """
    if isinstance(p, Var):
        if p.kind == "mat" and not isinstance(v.type, mx.MatrixType):
            return
        if p.kind == "num" and v.type != f64:
            return
        if p.name in b:
            if b[p.name] is v:
                yield b
            return
        yield {**b, p.name: v}
    elif isinstance(p, Lit):
        c = constant_value(v)
        if c is not None and v.type == f64 and float(c) == p.value:
            if math.copysign(1.0, c) == math.copysign(1.0, p.value):
                yield b
    elif isinstance(p, Op):
        op = v.owner
        if isinstance(op, p.cls) and len(op.results) == 1:
            yield from matches_op(p, op, b)


def matches_op(p: Op, op: Operation, b: Bindings) -> Iterator[Bindings]:
    """Every way p matches at op (whose class the caller has checked)."""
    b = dict(b)
    for name, want in p.props.items():
        have = op.properties.get(name)
        have_s = have.data if isinstance(have, StringAttr) else None
        if isinstance(want, PropVar):
            if want.name in b and b[want.name] != have_s:
                return
            b[want.name] = have_s
        elif have_s != want:
            return
    operands = list(op.operands)
    bound = {p.bind: op.results[0]} if p.bind is not None else {}
    if len(p.args) == 1 and isinstance(p.args[0], Rest):
        yield {**b, p.args[0].name: operands, **bound}
        return
    if len(operands) != len(p.args):
        return
    orders = [operands]
    if p.commute and is_commutative(op) and len(operands) == 2 and operands[0] is not operands[1]:
        orders.append(operands[::-1])
    for ordered in orders:
        for found in _match_all(p.args, ordered, b):
            yield {**found, **bound}


def _match_all(pats: Sequence[Pat], vals: Sequence[SSAValue], b: Bindings) -> Iterator[Bindings]:
    if not pats:
        yield b
        return
    for b2 in matches(pats[0], vals[0], b):
        yield from _match_all(pats[1:], vals[1:], b2)

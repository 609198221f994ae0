"""Small regions the rules build: a binary scalar body (add, maximum, ...), a comparison, and the
zero-or-copy helpers the indexed ops' transposes share."""

from __future__ import annotations

from ...ast.literals import value_literal
from ...ast.types import TensorType


def binary_region(e, method: str, dtype):
    """A region of two rank-0 `dtype` arguments returning `method` of them (`"add"`, `"maximum"`)."""
    body = e.b.region()
    scalar = TensorType((), dtype)
    a, b = body.arg(e.name("r"), scalar), body.arg(e.name("r"), scalar)
    return body.ret(getattr(body, method)(e.name("r"), a, b))


def compare_region(e, direction: str, dtype):
    """A region of two rank-0 `dtype` arguments returning their comparison (select_and_scatter's select)."""
    body = e.b.region()
    scalar = TensorType((), dtype)
    a, b = body.arg(e.name("r"), scalar), body.arg(e.name("r"), scalar)
    return body.ret(body.compare(e.name("r"), a, b, direction))


def scalar_constant(e, value, dtype):
    return e.b.constant(e.name("c"), value_literal(value, dtype), (), dtype)


def zero_tangent(e, primal, tangent):
    """The tangent, or a zero tensor where it is a symbolic zero (an op needing both operands)."""
    return tangent if tangent is not None else e.zeros_like(primal)


def linear_in_floats_jvp(e, op, primals, tangents):
    """The JVP of an op linear in its float operands and reading integer ones (indices): the op
    of the tangents, its integer operands kept (tables.linear_jvp would make them zeros)."""
    from ..context import is_active_type

    if all(t is None for t in tangents):
        return (None,) * len(op.results)
    operands = [p if not is_active_type(p.type) else zero_tangent(e, p, t) for p, t in zip(primals, tangents)]
    return e.apply(op, operands)

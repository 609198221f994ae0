"""optimization_barrier and the tuple ops here; while, if and case in control_flow.py.

A tuple's tangent is a tuple of its elements' tangents: a zero tensor for a float element without
one, the element itself for an integer or boolean one (a stand-in of the right type that no rule
reads: its own tangent is a symbolic zero)."""

from __future__ import annotations

from ...ast import ops as O
from ...ast.types import TensorType, TupleType
from ..context import is_active_type
from ..tables import defjvp, deftranspose, refuse


def _barrier(e, values):
    """A barrier over the values that are not None, in their places."""
    present = [v for v in values if v is not None]
    out = e.b.optimization_barrier([e.name() for _ in present], present)
    out = iter(out if isinstance(out, tuple) else (out,))
    return tuple(next(out) if v is not None else None for v in values)


@defjvp(O.OptimizationBarrier)
def optimization_barrier_jvp(e, op, primals, tangents):
    """The tangents pass a barrier of their own (the primals' is the copied op)."""
    return _barrier(e, tangents)


@deftranspose(O.OptimizationBarrier)
def optimization_barrier_transpose(e, op, cotangents, linear):
    return _barrier(e, cotangents)


@defjvp(O.Tuple)
def tuple_jvp(e, op, primals, tangents):
    parts = []
    for p, t in zip(primals, tangents):
        if t is None:
            t = e.zeros_like(p) if is_active_type(p.type) else p
        parts.append(t)
    return (e.b.tuple(e.name(), parts),)


@deftranspose(O.Tuple)
def tuple_transpose(e, op, cotangents, linear):
    (ct,) = cotangents
    return tuple(e.b.get_tuple_element(e.name(), ct, i) if lin else None for i, lin in enumerate(linear))


@defjvp(O.GetTupleElement)
def get_tuple_element_jvp(e, op, primals, tangents):
    (t,) = tangents
    return (e.b.get_tuple_element(e.name(), t, op.index),)


@deftranspose(O.GetTupleElement)
def get_tuple_element_transpose(e, op, cotangents, linear):
    """The cotangent in its place, zeros in the others' (an integer element's zeros too)."""
    (ct,), types = cotangents, op.operand.type.types
    parts = []
    for i, t in enumerate(types):
        if i == op.index:
            parts.append(ct)
        elif isinstance(t, TensorType) or isinstance(t, TupleType):
            parts.append(e.zeros_like(t))
        else:
            raise refuse(op, f"reads a tuple holding {t}: its cotangent needs a value of that type")
    return (e.b.tuple(e.name(), parts),)
